//! Where everything goes on the screen, as pure functions of the terminal size, so the
//! renderer (`ui`) and the state machine (`app`: clicks, the too-small check) agree on
//! where each cell is without depending on each other.

use ratatui::layout::Rect;

use crate::game::Cell;

/// Inside of one cell: about twice as wide as tall, which looks square in a terminal.
pub const CELL_W: u16 = 7;
pub const CELL_H: u16 = 3;
/// Room left of the grid for the row numbers.
const LABEL_W: u16 = 3;
/// The grid with its labels: letters above, numbers left.
pub const GRID_W: u16 = LABEL_W + 4 * (CELL_W + 1) + 1;
pub const GRID_H: u16 = 1 + 4 * (CELL_H + 1) + 1;
const GAP: u16 = 2;
const PANEL_MIN_W: u16 = 32;
/// Wider than this, the picture stays this wide, centred.
const MAX_WIDTH: u16 = 96;

/// The smallest terminal the screen fits in.
pub const MIN_WIDTH: u16 = GRID_W + GAP + PANEL_MIN_W;
/// Title, blank, grid, status, footer.
pub const MIN_HEIGHT: u16 = 2 + GRID_H + 2;

/// Whether a terminal of `width` x `height` is big enough for the screen.
pub fn fits(width: u16, height: u16) -> bool {
    width >= MIN_WIDTH && height >= MIN_HEIGHT
}

/// The parts of the screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Areas {
    /// Everything, centred in the terminal.
    pub content: Rect,
    pub title: Rect,
    /// The grid with its letters and numbers.
    pub grid: Rect,
    /// Beside the grid: tallies, turn, moves.
    pub panel: Rect,
    pub status: Rect,
    pub footer: Rect,
}

/// The layout for a terminal area, or `None` when the terminal is too small for it.
pub fn areas(area: Rect) -> Option<Areas> {
    if !fits(area.width, area.height) {
        return None;
    }
    let width = area.width.min(MAX_WIDTH);
    let x = area.x + (area.width - width) / 2;
    let y = area.y + (area.height - MIN_HEIGHT) / 2;
    let content = Rect::new(x, y, width, MIN_HEIGHT);
    let grid = Rect::new(x, y + 2, GRID_W, GRID_H);
    let panel_x = x + GRID_W + GAP;
    Some(Areas {
        content,
        title: Rect::new(x, y, width, 1),
        grid,
        panel: Rect::new(panel_x, grid.y, x + width - panel_x, GRID_H),
        status: Rect::new(x, grid.bottom(), width, 1),
        footer: Rect::new(x, grid.bottom() + 1, width, 1),
    })
}

/// The top-left corner of the grid's box lines.
fn grid_origin(grid: Rect) -> (u16, u16) {
    (grid.x + LABEL_W, grid.y + 1)
}

/// The inside of a cell (without its box lines).
pub fn cell_rect(grid: Rect, cell: Cell) -> Rect {
    let (gx, gy) = grid_origin(grid);
    Rect::new(
        gx + 1 + u16::from(cell.col()) * (CELL_W + 1),
        gy + 1 + u16::from(cell.row()) * (CELL_H + 1),
        CELL_W,
        CELL_H,
    )
}

/// The cell under a screen position of a terminal `width` x `height`, if any (box lines
/// count as no cell, so a click between two cells is not guessed).
pub fn cell_at(width: u16, height: u16, x: u16, y: u16) -> Option<Cell> {
    let grid = areas(Rect::new(0, 0, width, height))?.grid;
    Cell::all().find(|&cell| cell_rect(grid, cell).contains((x, y).into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_minimum_is_what_the_layout_needs() {
        assert!(areas(Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT)).is_some());
        assert!(areas(Rect::new(0, 0, MIN_WIDTH - 1, MIN_HEIGHT)).is_none());
        assert!(areas(Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT - 1)).is_none());
    }

    #[test]
    fn clicks_map_to_cells_and_back() {
        let (w, h) = (100, 30);
        let grid = areas(Rect::new(0, 0, w, h)).unwrap().grid;
        for cell in Cell::all() {
            let r = cell_rect(grid, cell);
            assert_eq!(cell_at(w, h, r.x, r.y), Some(cell));
            assert_eq!(cell_at(w, h, r.right() - 1, r.bottom() - 1), Some(cell));
            // The box line just left of the cell belongs to none.
            assert_eq!(cell_at(w, h, r.x - 1, r.y), None);
        }
        assert_eq!(cell_at(w, h, 0, 0), None);
        assert_eq!(cell_at(20, 10, 5, 5), None);
    }
}

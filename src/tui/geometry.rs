//! Where everything goes on the screen, as pure functions of the game's layout and the
//! terminal's size, so drawing, clicks and the too-small check agree; the roomiest look wins.

use ratatui::layout::Rect;

use crate::core::{CellId, Game, Grid, Layout, Place};

/// How one cell is drawn: its inside, and whether box lines separate cells.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Look {
    pub cell_w: u16,
    pub cell_h: u16,
    pub lines: bool,
}

/// The looks to try, roomiest first.
#[rustfmt::skip]
const LOOKS: [Look; 5] = [
    Look { cell_w: 7, cell_h: 3, lines: true },
    Look { cell_w: 5, cell_h: 1, lines: true },
    Look { cell_w: 3, cell_h: 1, lines: true },
    Look { cell_w: 3, cell_h: 1, lines: false },
    Look { cell_w: 2, cell_h: 1, lines: false },
];

/// Room left of the board for row numbers.
const LABEL_W: u16 = 3;
/// Between the board and the panel.
const GAP: u16 = 2;
/// Between blocks that stand apart (Qubic's layers).
const BLOCK_GAP: u16 = 2;
/// How far right of the one above a layer stands in the view in depth.
const DEPTH_STEP: u16 = 4;
const PANEL_MIN_W: u16 = 32;
/// The panel's rows when it stands below the board: tallies, turn and a few facts.
const PANEL_BELOW_H: u16 = 6;
/// The rows of the panel beside the board at least (tallies, facts, a few moves).
const PANEL_BESIDE_H: u16 = 12;
/// The rows the panel beside a short board (Qubic's layers) may take, for a long move list.
const MAX_PANEL_BESIDE_H: u16 = 36;
/// At most this many when the terminal has rows to spare: the facts and a dozen moves.
const MAX_PANEL_BELOW_H: u16 = 20;
/// Wider than this, the picture stays this wide, centred.
const MAX_WIDTH: u16 = 96;
/// Title and blank line above the board; status and footer below.
const CHROME_H: u16 = 4;
/// The same without the blank line, for boards of many blocks on small terminals.
const COMPACT_CHROME_H: u16 = 3;

/// How a game's blocks stand: one board, apart in a row (or stacked), or joined in a grid.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arrangement {
    Single,
    /// Blocks apart, in a row or a column (Qubic's layers).
    Apart(Grid),
    /// Blocks sharing heavy borders (extreme tic-tac-toe's small boards).
    Joined(Grid),
}

/// The board's drawing: the look, how the blocks stand, and where it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardView {
    pub layout: Layout,
    pub look: Look,
    pub arrangement: Arrangement,
    /// Joined blocks with their own row numbers in a column inside each and their column
    /// letters in its top border, so `B3c1` is found without counting cells.
    pub labelled: bool,
    /// The top-left corner of the whole board, labels included.
    pub x: u16,
    pub y: u16,
}

impl BoardView {
    pub fn block_grid(&self) -> Grid {
        match self.arrangement {
            Arrangement::Single => Grid::new(1, 1),
            Arrangement::Apart(grid) | Arrangement::Joined(grid) => grid,
        }
    }

    /// A block's inside: its cells and the lines between them.
    fn inner_size(&self) -> (u16, u16) {
        let (cells, look) = (self.layout.cells, self.look);
        let sep = u16::from(look.lines);
        let (cols, rows) = (u16::from(cells.cols), u16::from(cells.rows));
        let width = u16::from(self.labelled) + cols * look.cell_w + (cols - 1) * sep;
        (width, rows * look.cell_h + (rows - 1) * sep)
    }

    /// From one block's frame to the next: blocks apart have a gap, joined ones a border.
    fn pitch(&self) -> (u16, u16) {
        let (w, h) = self.inner_size();
        match self.arrangement {
            Arrangement::Joined(_) => (w + 1, h + 1),
            _ => (w + 2 + BLOCK_GAP, h + 2 + self.block_title_h()),
        }
    }

    /// Blocks apart one under the other (Qubic's layers on a tall terminal).
    pub fn stacked(&self) -> bool {
        matches!(self.arrangement, Arrangement::Apart(grid) if grid.cols == 1)
            && self.layout.blocks.cols > 1
    }

    /// Stacked with boxed cells, each block stands a step right of the one above, so that
    /// the stack reads as a cube seen in depth.
    fn depth_step(&self) -> u16 {
        DEPTH_STEP * u16::from(self.stacked() && self.look.lines)
    }

    /// Blocks apart carry a title line above their frame (Qubic's "Layer 2").
    fn block_title_h(&self) -> u16 {
        u16::from(matches!(self.arrangement, Arrangement::Apart(_)))
    }

    /// Rows above the blocks: one board's column letters (blocks apart carry theirs in their
    /// frames; joined blocks, their block letters in the top border).
    fn top_labels_h(&self) -> u16 {
        u16::from(self.arrangement == Arrangement::Single)
    }

    /// The whole board with its labels.
    pub fn size(&self) -> (u16, u16) {
        let (w, h) = self.inner_size();
        let grid = self.block_grid();
        let (pw, ph) = self.pitch();
        let (bc, br) = (u16::from(grid.cols), u16::from(grid.rows));
        let width = match self.arrangement {
            Arrangement::Joined(_) => bc * pw + 1,
            _ if self.stacked() => w + 2 + (br - 1) * self.depth_step(),
            _ => (bc - 1) * pw + w + 2,
        };
        let height = match self.arrangement {
            Arrangement::Joined(_) => br * ph + 1,
            _ => (br - 1) * ph + h + 2 + self.block_title_h(),
        };
        (LABEL_W + width, self.top_labels_h() + height)
    }

    /// The outer frame of block `block` (as the game numbers blocks), box lines included.
    pub fn block_rect(&self, block: u8) -> Rect {
        // The game numbers blocks row-major in its own arrangement; drawn stacked, the
        // same order runs down the column.
        let index = u16::from(block);
        let grid = self.block_grid();
        let (row, col) = if self.stacked() {
            (index, 0)
        } else {
            (index / u16::from(grid.cols), index % u16::from(grid.cols))
        };
        let (w, h) = self.inner_size();
        let (pw, ph) = self.pitch();
        let left = self.x + LABEL_W + col * pw + row * self.depth_step();
        let top = self.y + self.top_labels_h() + row * ph + self.block_title_h();
        Rect::new(left, top, w + 2, h + 2)
    }

    /// The inside of a cell (without any box lines).
    pub fn cell_rect(&self, place: Place) -> Rect {
        let (frame, look) = (self.block_rect(place.block), self.look);
        let sep = u16::from(look.lines);
        let x = frame.x + 1 + u16::from(self.labelled) + u16::from(place.col) * (look.cell_w + sep);
        let y = frame.y + 1 + u16::from(place.row) * (look.cell_h + sep);
        Rect::new(x, y, look.cell_w, look.cell_h)
    }

    /// The place under a screen position; a box line is no cell, so a click on one is not guessed.
    pub fn place_at(&self, x: u16, y: u16) -> Option<Place> {
        let blocks = self.layout.blocks.count() as u8;
        let cells = self.layout.cells;
        (0..blocks).find_map(|block| {
            if !self.block_rect(block).contains((x, y).into()) {
                return None;
            }
            (0..cells.rows).find_map(|row| {
                (0..cells.cols).find_map(|col| {
                    let place = Place { block, row, col };
                    self.cell_rect(place)
                        .contains((x, y).into())
                        .then_some(place)
                })
            })
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Areas {
    /// Everything, centred in the terminal.
    pub content: Rect,
    pub title: Rect,
    /// The board with its labels.
    pub grid: Rect,
    pub board: BoardView,
    /// Beside (or below) the board: tallies, turn, moves.
    pub panel: Rect,
    pub status: Rect,
    pub footer: Rect,
}

/// The start screen's smallest terminal, as big as the game screen of a small board.
pub const START_MIN: (u16, u16) = (70, 22);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StartAreas {
    pub content: Rect,
    pub status: Rect,
    pub footer: Rect,
}

pub fn start_areas(area: Rect) -> Option<StartAreas> {
    let (min_w, min_h) = START_MIN;
    if area.width < min_w || area.height < min_h {
        return None;
    }
    let width = area.width.min(MAX_WIDTH);
    let x = area.x + (area.width - width) / 2;
    let y = area.y + (area.height - min_h) / 2;
    Some(StartAreas {
        content: Rect::new(x, y, width, min_h),
        status: Rect::new(x, y + min_h - 2, width, 1),
        footer: Rect::new(x, y + min_h - 1, width, 1),
    })
}

/// The arrangements of a layout's blocks to try, preferred first.
fn arrangements(layout: Layout) -> Vec<Arrangement> {
    let blocks = layout.blocks;
    if blocks.count() <= 1 {
        vec![Arrangement::Single]
    } else if layout.may_stack {
        let column = Grid::new(blocks.count() as u8, 1);
        vec![Arrangement::Apart(blocks), Arrangement::Apart(column)]
    } else {
        vec![Arrangement::Joined(blocks)]
    }
}

/// Every board drawing for this layout, preferred first. Blocks joined are labelled where
/// that fits, before roomier cells: a cell found at a glance beats a wider one.
fn boards(layout: Layout) -> impl Iterator<Item = BoardView> {
    let joined = layout.blocks.count() > 1 && !layout.may_stack;
    let labelled = joined.then(|| {
        unlabelled(layout).map(|b| BoardView {
            labelled: true,
            ..b
        })
    });
    labelled.into_iter().flatten().chain(unlabelled(layout))
}

/// Every board drawing without blocks' own labels, roomiest first. A board of at most 4x4
/// keeps the roomy look (a hint and its mark in every cell) and asks for a bigger terminal
/// rather than shrink; bigger boards shrink their cells.
fn unlabelled(layout: Layout) -> impl Iterator<Item = BoardView> {
    let many = layout.blocks.count() > 1;
    let small = !many && layout.cells.rows <= 4 && layout.cells.cols <= 4;
    let mut all: Vec<BoardView> = LOOKS
        .into_iter()
        .take(if small { 1 } else { LOOKS.len() })
        .flat_map(move |look| {
            arrangements(layout)
                .into_iter()
                .map(move |arrangement| BoardView {
                    layout,
                    look,
                    arrangement,
                    labelled: false,
                    x: 0,
                    y: 0,
                })
        })
        // Joined blocks draw plain cells in their frames: a box around every cell of 256
        // would not fit any terminal.
        .filter(|board| !(board.look.lines && matches!(board.arrangement, Arrangement::Joined(_))))
        .collect();
    // Layers stacked in depth show the cube best, wherever their cells keep their boxes.
    all.sort_by_key(|board| board.depth_step() == 0);
    all.into_iter()
}

/// The ways to place a board and its panel, preferred first: (panel below, compact); only
/// boards of several blocks, which are big, may give up the panel beside or the blank line.
fn placements(layout: Layout) -> Vec<(bool, bool)> {
    if layout.blocks.count() > 1 {
        vec![(false, false), (false, true), (true, false), (true, true)]
    } else {
        vec![(false, false)]
    }
}

/// Every smallest terminal for the game, narrowest first: no terminal fits that is not at
/// least as big as one of them (many blocks fit wide or tall).
pub fn minimums(layout: Layout) -> Vec<(u16, u16)> {
    let all: Vec<(u16, u16)> = candidates(layout).collect();
    let covered = |(w, h): (u16, u16)| {
        all.iter()
            .any(|&(ow, oh)| (ow, oh) != (w, h) && ow <= w && oh <= h)
    };
    let mut smallest: Vec<(u16, u16)> = all.iter().copied().filter(|&s| !covered(s)).collect();
    smallest.sort_unstable();
    smallest.dedup();
    smallest
}

/// The smallest terminal for the game that asks the least of a `width` x `height` one.
pub fn nearest_fit(layout: Layout, width: u16, height: u16) -> (u16, u16) {
    let more = |(w, h): (u16, u16)| w.saturating_sub(width) + h.saturating_sub(height);
    candidates(layout)
        .min_by_key(|&(w, h)| (more((w, h)), u32::from(w) * u32::from(h)))
        .unwrap_or((80, 24))
}

/// The terminal each look and placement of the panel needs.
fn candidates(layout: Layout) -> impl Iterator<Item = (u16, u16)> {
    boards(layout).flat_map(move |board| {
        placements(layout)
            .into_iter()
            .map(move |placement| needed(board, placement))
    })
}

fn chrome(compact: bool) -> u16 {
    if compact { COMPACT_CHROME_H } else { CHROME_H }
}

/// The terminal this board needs with the panel beside it, or below it.
fn needed(board: BoardView, (panel_below, compact): (bool, bool)) -> (u16, u16) {
    let ((w, h), chrome_h) = (board.size(), chrome(compact));
    if panel_below {
        (w.max(PANEL_MIN_W), h + 1 + PANEL_BELOW_H + chrome_h)
    } else {
        (w + GAP + PANEL_MIN_W, h.max(PANEL_BESIDE_H) + chrome_h)
    }
}

pub fn fits(layout: Layout, width: u16, height: u16) -> bool {
    areas(layout, Rect::new(0, 0, width, height)).is_some()
}

pub fn areas(layout: Layout, area: Rect) -> Option<Areas> {
    // Layers as large as leave the panel its facts: below them, the rows it has beside.
    let roomy = |board: &BoardView| {
        placements(layout).into_iter().any(|(below, compact)| {
            let short = u16::from(below) * (PANEL_BESIDE_H - PANEL_BELOW_H);
            let less = Rect {
                height: area.height.saturating_sub(short),
                ..area
            };
            place(*board, (below, compact), less).is_some()
        })
    };
    let largest = layout
        .may_stack
        .then(|| boards(layout).find(roomy))
        .flatten();
    let placed = |board| {
        placements(layout)
            .into_iter()
            .find_map(|p| place(board, p, area))
    };
    // Otherwise the panel's place first, as for every board.
    largest.and_then(placed).or_else(|| {
        placements(layout)
            .into_iter()
            .find_map(|p| boards(layout).find_map(|board| place(board, p, area)))
    })
}

/// The board with the panel to its right, or below it, if it fits. Rows to spare go to the
/// panel (hints, the bot's note, the moves), not to margins.
fn place(mut board: BoardView, (below, compact): (bool, bool), area: Rect) -> Option<Areas> {
    let (need_w, need_h) = needed(board, (below, compact));
    if area.width < need_w || area.height < need_h {
        return None;
    }
    let (bw, bh) = board.size();
    let (least, most) = match below {
        true => (PANEL_BELOW_H, MAX_PANEL_BELOW_H),
        false if bh < PANEL_BESIDE_H => (PANEL_BESIDE_H, MAX_PANEL_BESIDE_H),
        false => (0, 0),
    };
    let height = need_h + (area.height - need_h).min(most - least);
    let width = area.width.min(MAX_WIDTH.max(need_w));
    let x = area.x + (area.width - width) / 2;
    let y = area.y + (area.height - height) / 2;
    let top = y + chrome(compact) - 2;
    board.x = if below { x + (width - bw) / 2 } else { x };
    board.y = top;
    let grid = Rect::new(board.x, top, bw, bh);
    let panel = if below {
        Rect::new(x, grid.bottom() + 1, width, height - need_h + PANEL_BELOW_H)
    } else {
        let beside = bw + GAP;
        Rect::new(x + beside, top, width - beside, height - chrome(compact))
    };
    Some(Areas {
        content: Rect::new(x, y, width, height),
        title: Rect::new(x, y, width, 1),
        grid,
        board,
        panel,
        status: Rect::new(x, panel.bottom(), width, 1),
        footer: Rect::new(x, panel.bottom() + 1, width, 1),
    })
}

/// A cell's row and column on the board as a whole, its blocks in the grid `blocks` (as
/// drawn: Qubic's layers left to right, or one under another), so the cursor walks from
/// one into the next as the picture shows.
pub fn virtual_of(game: &dyn Game, blocks: Grid, cell: CellId) -> (u8, u8) {
    let cells = game.layout().cells;
    let place = game.place(cell);
    let (block_row, block_col) = (place.block / blocks.cols, place.block % blocks.cols);
    (
        block_row * cells.rows + place.row,
        block_col * cells.cols + place.col,
    )
}

/// The cell at a row and column of the board as a whole, its blocks in the grid `blocks`.
pub fn cell_at_virtual(game: &dyn Game, blocks: Grid, row: u8, col: u8) -> CellId {
    let cells = game.layout().cells;
    let place = Place {
        block: (row / cells.rows) * blocks.cols + col / cells.cols,
        row: row % cells.rows,
        col: col % cells.cols,
    };
    game.cell_at(place).unwrap_or(CellId::new(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest terminal in which the game fits at all.
    pub fn minimum(layout: Layout) -> (u16, u16) {
        candidates(layout)
            .min_by_key(|&(w, h)| (u32::from(w) * u32::from(h), w))
            .unwrap_or((80, 24))
    }

    fn every_place(layout: Layout) -> Vec<Place> {
        let mut all = Vec::new();
        for block in 0..layout.blocks.count() as u8 {
            for row in 0..layout.cells.rows {
                for col in 0..layout.cells.cols {
                    all.push(Place { block, row, col });
                }
            }
        }
        all
    }

    const LATIN: Layout = Layout::board(4, 4);
    const QUBIC: Layout = Layout {
        blocks: Grid::new(1, 4),
        cells: Grid::new(4, 4),
        may_stack: true,
    };
    const EXTREME: Layout = Layout {
        blocks: Grid::new(4, 4),
        cells: Grid::new(4, 4),
        may_stack: false,
    };

    #[test]
    fn tic_tac_latin_keeps_its_roomy_look_and_its_minimum() {
        let areas = areas(LATIN, Rect::new(0, 0, 80, 24)).unwrap();
        assert_eq!(areas.board.look, LOOKS[0]);
        assert_eq!(minimum(LATIN), (70, 22));
        assert!(fits(LATIN, 70, 22));
        assert!(!fits(LATIN, 69, 30));
        assert!(!fits(LATIN, 120, 21));
    }

    #[test]
    fn every_game_size_fits_80_by_24() {
        for size in 3..=7 {
            let layout = Layout::board(size, size);
            assert!(fits(layout, 80, 24), "{size}x{size}");
        }
        assert!(fits(QUBIC, 80, 24), "qubic");
        assert!(fits(EXTREME, 80, 24), "extreme");
    }

    #[test]
    fn a_too_small_terminal_is_asked_for_what_it_lacks_and_that_fits() {
        // One row short: one row more, not the tall shape with the panel below.
        let (w, h) = nearest_fit(EXTREME, 80, 23);
        assert_eq!(h, 24);
        assert!(w <= 80);
        assert!(fits(EXTREME, w, h) && !fits(EXTREME, w, h - 1));
        for (width, height) in [(70, 22), (30, 50), (60, 20), (200, 10)] {
            for layout in [LATIN, QUBIC, EXTREME, Layout::board(7, 7)] {
                let (w, h) = nearest_fit(layout, width, height);
                assert!(
                    fits(layout, w, h),
                    "{layout:?} from {width}x{height}: {w}x{h}"
                );
            }
        }
    }

    #[test]
    fn cells_never_overlap_and_clicks_find_them() {
        for layout in [LATIN, Layout::board(7, 7), QUBIC, EXTREME] {
            for (w, h) in [(80, 24), (100, 30), (200, 60)] {
                let Some(areas) = areas(layout, Rect::new(0, 0, w, h)) else {
                    continue;
                };
                let board = areas.board;
                let places = every_place(layout);
                for (i, &a) in places.iter().enumerate() {
                    let r = board.cell_rect(a);
                    assert!(areas.grid.contains((r.x, r.y).into()), "{a:?} in {w}x{h}");
                    assert_eq!(board.place_at(r.x, r.y), Some(a));
                    assert_eq!(board.place_at(r.right() - 1, r.bottom() - 1), Some(a));
                    for &b in &places[i + 1..] {
                        assert!(!r.intersects(board.cell_rect(b)), "{a:?} and {b:?}");
                    }
                }
                assert!(!areas.grid.intersects(areas.panel), "{layout:?} {w}x{h}");
            }
        }
    }

    #[test]
    fn qubic_stacks_its_layers_when_narrow() {
        let wide = areas(QUBIC, Rect::new(0, 0, 120, 30)).unwrap();
        assert_eq!(wide.board.arrangement, Arrangement::Apart(Grid::new(1, 4)));
        let narrow = areas(QUBIC, Rect::new(0, 0, 40, 60)).unwrap();
        assert_eq!(
            narrow.board.arrangement,
            Arrangement::Apart(Grid::new(4, 1))
        );
    }

    #[test]
    fn a_game_fits_exactly_the_terminals_as_big_as_one_of_its_minimums() {
        for layout in [
            LATIN,
            QUBIC,
            EXTREME,
            Layout::board(3, 3),
            Layout::board(7, 7),
        ] {
            let smallest = minimums(layout);
            assert!(smallest.contains(&minimum(layout)), "{layout:?}");
            for width in 20..=120 {
                for height in 10..=60 {
                    let big_enough = smallest.iter().any(|&(w, h)| w <= width && h <= height);
                    assert_eq!(
                        fits(layout, width, height),
                        big_enough,
                        "{layout:?} {width}x{height}: {smallest:?}"
                    );
                }
            }
        }
    }

    /// Labels take a column in each small board: from 78 x 24, not at the smallest sizes.
    #[test]
    fn extremes_small_boards_are_labelled_where_that_fits() {
        for (w, h, labelled) in [
            (80, 24, true),
            (100, 30, true),
            (74, 24, false),
            (40, 31, false),
        ] {
            let board = areas(EXTREME, Rect::new(0, 0, w, h)).unwrap().board;
            assert_eq!(board.labelled, labelled, "{w}x{h}");
        }
        assert_eq!(minimums(EXTREME), [(40, 31), (74, 24)]);
    }

    #[test]
    fn too_small_is_none() {
        assert!(areas(LATIN, Rect::new(0, 0, 20, 10)).is_none());
        assert!(areas(EXTREME, Rect::new(0, 0, 40, 20)).is_none());
    }
}

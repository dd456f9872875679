//! A cell of any game's board, and how a game's cells are laid out for drawing.

/// An index in a game's own numbering, `0..cells`; positions refuse moves off the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct CellId(u16);

impl CellId {
    pub const fn new(index: usize) -> CellId {
        CellId(index as u16)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    pub rows: u8,
    pub cols: u8,
}

impl Grid {
    pub const fn new(rows: u8, cols: u8) -> Grid {
        Grid { rows, cols }
    }

    pub const fn count(self) -> usize {
        self.rows as usize * self.cols as usize
    }
}

/// A grid of blocks (1x1 for a plain board, 1x4 for Qubic's layers, 4x4 for extreme's
/// small boards), each a grid of cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Layout {
    pub blocks: Grid,
    pub cells: Grid,
    /// The row of blocks may be drawn as a column on a narrow screen (Qubic's layers).
    pub may_stack: bool,
}

impl Layout {
    pub const fn board(rows: u8, cols: u8) -> Layout {
        Layout {
            blocks: Grid::new(1, 1),
            cells: Grid::new(rows, cols),
            may_stack: false,
        }
    }

    pub const fn cell_count(self) -> usize {
        self.blocks.count() * self.cells.count()
    }
}

/// Where a cell is drawn: its block (row-major) and where inside it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Place {
    pub block: u8,
    pub row: u8,
    pub col: u8,
}

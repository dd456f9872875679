//! A move of any game, as the game numbers it.

use super::cell::CellId;

/// In a game's own numbering: the cell a stone goes on, a column for a game that drops
/// them, a pass. Only the game reads and names it ([`Game::move_name`](super::Game::move_name)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    pub const fn new(index: usize) -> Move {
        Move(index as u16)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The move of every game that places stones, numbered as its cells are.
    pub const fn place(cell: CellId) -> Move {
        Move::new(cell.index())
    }

    /// The inverse of [`Move::place`].
    pub const fn placed(self) -> CellId {
        CellId::new(self.index())
    }
}

impl From<CellId> for Move {
    fn from(cell: CellId) -> Move {
        Move::place(cell)
    }
}

//! A move of any game, as the game numbers it.

use super::cell::CellId;

/// A move of some game, in that game's own numbering: the cell a stone goes on for the
/// games that place stones, a column for a game that drops them, a pass. Only the game
/// knows what an index means: it reads and names moves against a position
/// ([`Game::parse_move`](super::Game::parse_move), [`Game::move_name`](super::Game::move_name)),
/// and positions refuse moves they do not have.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Move(u16);

impl Move {
    pub const fn new(index: usize) -> Move {
        Move(index as u16)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Placing a stone on `cell`: the move of every game that places stones, numbered as
    /// its cells are.
    pub const fn place(cell: CellId) -> Move {
        Move::new(cell.index())
    }

    /// The cell a placing move puts its stone on (see [`Move::place`]).
    pub const fn placed(self) -> CellId {
        CellId::new(self.index())
    }
}

impl From<CellId> for Move {
    fn from(cell: CellId) -> Move {
        Move::place(cell)
    }
}

//! A move of any game, as the game numbers it.

use super::cell::CellId;
use super::game::Game;
use super::position::{CellError, Position};

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

/// The names of `moves` made one after another from `from`, each named against the position
/// before it (a move that cannot be made is named where it was refused, as are those after it).
pub fn move_names(game: &dyn Game, from: &dyn Position, moves: &[Move]) -> Vec<String> {
    let mut position = from.clone_box();
    moves
        .iter()
        .map(|&mv| {
            let name = game.move_name(position.as_ref(), mv);
            if let Ok(next) = position.play(mv) {
                position = next;
            }
            name
        })
        .collect()
}

/// Reads the names of moves made one after another from `from`, each against the position
/// before it, as [`move_names`] wrote them; the first name that is no move is the error.
pub fn read_moves(
    game: &dyn Game,
    from: &dyn Position,
    names: &[String],
) -> Result<Vec<Move>, CellError> {
    let mut position = from.clone_box();
    names
        .iter()
        .map(|name| {
            let mv = game.parse_move(position.as_ref(), name)?;
            if let Ok(next) = position.play(mv) {
                position = next;
            }
            Ok(mv)
        })
        .collect()
}

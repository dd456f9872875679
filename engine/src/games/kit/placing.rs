//! What every game whose move puts a stone on an empty cell answers alike.

use crate::core::{CellId, Move, MoveError, Status};

/// None once the game is over.
pub fn placements(status: Status, empty: impl Iterator<Item = CellId>) -> Vec<Move> {
    if status.is_over() {
        return Vec::new();
    }
    empty.map(Move::place).collect()
}

pub fn off_board(cell: CellId, size: usize) -> MoveError {
    let index = cell.index();
    MoveError::NotAllowed(format!("cell {index} is not on the {size}x{size} board"))
}

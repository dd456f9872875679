//! What a game where every move puts a stone on an empty cell answers the same way as any
//! other such game: its moves, and the refusal of a cell off its board.

use crate::core::{CellId, Move, MoveError, Status};

/// The moves of a placing game: one on each `empty` cell, none once the game is over.
pub fn placements(status: Status, empty: impl Iterator<Item = CellId>) -> Vec<Move> {
    if status.is_over() {
        return Vec::new();
    }
    empty.map(Move::place).collect()
}

/// The refusal of a cell off a square board of `size` cells a side.
pub fn off_board(cell: CellId, size: usize) -> MoveError {
    let index = cell.index();
    MoveError::NotAllowed(format!("cell {index} is not on the {size}x{size} board"))
}

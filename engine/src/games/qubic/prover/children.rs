//! The moves of a position up to symmetry: one move for each class of positions it leads
//! to, the lowest cell first, with the canonical position after it.

use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::cell::bits;
use crate::games::qubic::geometry::{Geometry, Qubic};

/// Each move that leads to a new class of positions, with that class's canonical form; only
/// `block` when the side to move must block a three.
pub fn children(board: QubicBoard, block: Option<usize>) -> Vec<(usize, QubicBoard)> {
    let moves = block.map_or(!board.occupied(), |cell| 1 << cell);
    let mut out: Vec<(usize, QubicBoard)> = Vec::with_capacity(moves.count_ones() as usize);
    for cell in bits(moves) {
        let child = Qubic.canonical(board.with_move(cell)).0;
        if !out.iter().any(|&(_, seen)| seen == child) {
            out.push((cell, child));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_moves_are_two_classes_and_o_has_twelve_replies_to_a_corner() {
        let first = children(QubicBoard::EMPTY, None);
        assert_eq!(first.iter().map(|c| c.0).collect::<Vec<_>>(), [0, 1]);
        // X on a corner: O's 63 replies fall into the corner's 12-fold symmetry classes.
        let replies = children(QubicBoard::EMPTY.with_move(0), None);
        assert_eq!(replies.len(), 12, "as in Patashnik's dictionary");
        assert_eq!(children(QubicBoard::EMPTY.with_move(0), Some(5)).len(), 1);
    }
}

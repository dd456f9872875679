//! The static evaluation: open lines weighted by how full they are, and forks (cells where
//! a stone makes two threes, the double threats Qubic is won by).

use crate::games::qubic::board::{QubicBoard, Side};
use crate::games::qubic::cell::bits;
use crate::games::qubic::lines::{LINES, through_slice};

/// An open line holding 0..3 of one side's stones.
const LINE: [i32; 4] = [0, 2, 12, 90];

const FORK: i32 = 60;

pub fn evaluate(board: QubicBoard, side: Side) -> i32 {
    let (mine, theirs) = (board.mask(side), board.mask(side.other()));
    let mut score = 0;
    let (mut my_twos, mut their_twos) = (0u64, 0u64);
    let (mut my_forks, mut their_forks) = (0u64, 0u64);
    for &line in &LINES {
        let (a, d) = ((line & mine).count_ones(), (line & theirs).count_ones());
        match (a, d) {
            (_, 0) => {
                score += LINE[a.min(3) as usize];
                if a == 2 {
                    // A cell on two such lines makes two threes.
                    my_forks |= my_twos & line & !mine;
                    my_twos |= line & !mine;
                }
            }
            (0, _) => {
                score -= LINE[d.min(3) as usize];
                if d == 2 {
                    their_forks |= their_twos & line & !theirs;
                    their_twos |= line & !theirs;
                }
            }
            _ => {}
        }
    }
    score + FORK * (my_forks.count_ones() as i32 - their_forks.count_ones() as i32)
}

/// For ordering: the open lines through the cell for either side (taking a line from the
/// opponent is worth nearly as much as extending one's own).
pub fn move_score(board: QubicBoard, side: Side, cell: usize) -> i32 {
    let (mine, theirs) = (board.mask(side), board.mask(side.other()));
    through_slice(cell)
        .iter()
        .map(|&line| {
            let (a, d) = ((line & mine).count_ones(), (line & theirs).count_ones());
            match (a, d) {
                (_, 0) => 1 + LINE[a.min(3) as usize],
                (0, _) => LINE[d.min(3) as usize],
                _ => 0,
            }
        })
        .sum()
}

/// Cells where `side` makes two threes with one stone (the other side having no three).
pub fn fork_cells(board: QubicBoard, side: Side) -> u64 {
    let (mine, theirs) = (board.mask(side), board.mask(side.other()));
    let empty = !board.occupied();
    let (mut twos, mut forks) = (0u64, 0u64);
    for &line in &LINES {
        if line & theirs == 0 && (line & mine).count_ones() == 2 {
            forks |= twos & line & empty;
            twos |= line & empty;
        }
    }
    forks
}

pub fn ordered_moves(board: QubicBoard, side: Side, cells: u64) -> Vec<usize> {
    let mut moves: Vec<(i32, usize)> = bits(cells)
        .map(|c| (move_score(board, side, c), c))
        .collect();
    moves.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    moves.into_iter().map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_evaluation_is_antisymmetric_and_likes_forks() {
        let b = QubicBoard::EMPTY.with_move(0).with_move(5).with_move(1);
        assert_eq!(evaluate(b, Side::First), -evaluate(b, Side::Second));
        assert!(evaluate(b, Side::First) > 0);
        // X on 1, 2 and 4, 8: cell 0 makes two threes.
        let fork = QubicBoard::from_masks(1 << 1 | 1 << 2 | 1 << 4 | 1 << 8, 1 << 40 | 1 << 45);
        assert_eq!(fork_cells(fork, Side::First) & 1, 1);
        assert_eq!(fork_cells(fork, Side::Second), 0);
    }
}

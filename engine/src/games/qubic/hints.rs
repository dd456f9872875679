//! Hints for the side to move: for each legal move, what the threat search proves quickly
//! (a forced win for the mover, or a forced win the move hands the opponent), else the
//! evaluation's guess. Never a claim the code has not shown.

use std::time::{Duration, Instant};

use crate::core::{Claim, Hint};
use crate::games::qubic::board::Board;
use crate::games::qubic::cell::bits;
use crate::games::qubic::geometry::{Geometry, Qubic};
use crate::games::qubic::search::eval::evaluate;
use crate::games::qubic::threats::{ThreatSearch, winning_cells};

/// Default time for a whole set of hints.
pub const HINT_TIME: Duration = Duration::from_millis(300);

/// Positions one move's threat search may examine.
const PER_MOVE_BUDGET: u64 = 20_000;

/// A hint per legal move, lowest cell first, within about `time`: moves not reached by
/// then get only the guess.
pub fn hints(board: Board, time: Duration) -> Vec<(usize, Hint)> {
    if board.status().is_over() {
        return Vec::new();
    }
    let deadline = Instant::now() + time;
    let side = board.to_move();
    let wins = winning_cells(&Qubic, board, side);
    bits(Qubic.empty_cells(board))
        .map(|cell| {
            let after = board.with_move(cell);
            let guess = Hint::Guess(evaluate(after, side));
            let hint = if wins & 1 << cell != 0 {
                Hint::Proven(Claim::WinWithin(1))
            } else if winning_cells(&Qubic, after, side.other()) != 0 {
                // The opponent completes a line next move.
                Hint::Proven(Claim::LossWithin(2))
            } else if Instant::now() >= deadline {
                guess
            } else {
                proven(board, cell, deadline).unwrap_or(guess)
            };
            (cell, hint)
        })
        .collect()
}

/// A forced win starting with `cell`, or one the opponent has after it.
fn proven(board: Board, cell: usize, deadline: Instant) -> Option<Hint> {
    let search = || ThreatSearch::new(&Qubic, PER_MOVE_BUDGET).until(deadline);
    if let Some(win) = search().run(board, Some(cell)).found() {
        return Some(Hint::Proven(Claim::WinWithin(win.plies)));
    }
    let loss = search().run(board.with_move(cell), None).found()?;
    Some(Hint::Proven(Claim::LossWithin(loss.plies + 1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_prove_wins_and_losses() {
        // X to move with a double-threat cell at 0 (X on 1 2 4 8) and O out of the way.
        let b = Board::from_masks(
            1 << 1 | 1 << 2 | 1 << 4 | 1 << 8,
            1 << 40 | 1 << 45 | 1 << 51 | 1 << 60,
        );
        let hints = hints(b, HINT_TIME);
        assert_eq!(hints.len(), 56);
        let at = |c: usize| hints.iter().find(|h| h.0 == c).unwrap().1;
        assert_eq!(at(0), Hint::Proven(Claim::WinWithin(3)));
        // O to move facing X's three on 0 1 2: every move but the block loses at once.
        let o = Board::from_masks(0b111, 1 << 40 | 1 << 45);
        let hints = super::hints(o, HINT_TIME);
        for (cell, hint) in hints {
            if cell == 3 {
                assert!(!matches!(hint, Hint::Proven(Claim::LossWithin(2))));
            } else {
                assert_eq!(hint, Hint::Proven(Claim::LossWithin(2)), "{cell}");
            }
        }
    }
}

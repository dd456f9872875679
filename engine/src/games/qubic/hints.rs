//! Hints for the side to move: for each legal move, what the threat search proves quickly
//! (a forced win for the mover, or a forced win the move hands the opponent), else the
//! evaluation's guess; and, over any hints, what the prover settles within a small budget
//! ([`settle`]). Never a claim the code has not shown.

use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::core::{Analysis, Claim, Hint, Move, Side};
use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::cell::bits;
use crate::games::qubic::geometry::{Geometry, Qubic};
use crate::games::qubic::prover::win_within;
use crate::games::qubic::search::eval::evaluate;
use crate::games::qubic::threats::{ThreatSearch, winning_cells};

/// Default time for a whole set of hints.
pub const HINT_TIME: Duration = Duration::from_millis(300);

/// Positions one move's threat search may examine.
const PER_MOVE_BUDGET: u64 = 20_000;

/// A hint per legal move, lowest cell first, within about `time`: moves not reached by
/// then get only the guess.
pub fn hints(board: QubicBoard, time: Duration) -> Vec<(usize, Hint)> {
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
fn proven(board: QubicBoard, cell: usize, deadline: Instant) -> Option<Hint> {
    let search = || ThreatSearch::new(&Qubic, PER_MOVE_BUDGET).until(deadline);
    if let Some(win) = search().run(board, Some(cell)).found() {
        return Some(Hint::Proven(Claim::WinWithin(win.plies)));
    }
    let loss = search().run(board.with_move(cell), None).found()?;
    Some(Hint::Proven(Claim::LossWithin(loss.plies + 1)))
}

/// Positions the prover may judge for one move's hint: milliseconds.
pub const PROOF_POSITIONS: u64 = 500;

/// Where a hint proves nothing, the prover's word: a move after which the prover shows,
/// within [`PROOF_POSITIONS`], that X wins is a win for X and a loss for O, within the
/// plies the proof takes at most. The same on every look (a budget of positions, no clock).
pub fn settle(board: QubicBoard, hints: &mut [(Move, Hint)]) {
    let side = board.to_move();
    hints
        .par_iter_mut()
        .filter(|(_, hint)| !matches!(hint, Hint::Proven(_)))
        .for_each(|(mv, hint)| {
            let after = board.with_move(mv.placed().index());
            if let Some(plies) = win_within(after, PROOF_POSITIONS) {
                *hint = Hint::Proven(match side {
                    Side::First => Claim::WinWithin(plies + 1),
                    Side::Second => Claim::LossWithin(plies + 1),
                });
            }
        });
}

/// [`settle`] on an analysis's figures; a proven win then comes first: the quickest one
/// becomes the best move (with its line), unless the best was a proven win already.
pub fn settle_analysis(board: QubicBoard, analysis: &mut Analysis) {
    settle(board, &mut analysis.moves);
    let within = |hint: Hint| match hint {
        Hint::Proven(Claim::WinWithin(plies)) => Some(plies),
        _ => None,
    };
    if analysis.figure(analysis.best).and_then(within).is_some() {
        return;
    }
    let quickest = (analysis.moves.iter().enumerate())
        .filter_map(|(at, &(mv, hint))| Some((within(hint)?, at, mv)))
        .min();
    if let Some((_, at, mv)) = quickest {
        analysis.best = mv;
        analysis.pv = analysis.lines.get(at).cloned().unwrap_or_else(|| vec![mv]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_prove_wins_and_losses() {
        // X to move with a double-threat cell at 0 (X on 1 2 4 8) and O out of the way.
        let b = QubicBoard::from_masks(
            1 << 1 | 1 << 2 | 1 << 4 | 1 << 8,
            1 << 40 | 1 << 45 | 1 << 51 | 1 << 60,
        );
        let hints = hints(b, HINT_TIME);
        assert_eq!(hints.len(), 56);
        let at = |c: usize| hints.iter().find(|h| h.0 == c).unwrap().1;
        assert_eq!(at(0), Hint::Proven(Claim::WinWithin(3)));
        // O to move facing X's three on 0 1 2: every move but the block loses at once.
        let o = QubicBoard::from_masks(0b111, 1 << 40 | 1 << 45);
        let hints = super::hints(o, HINT_TIME);
        for (cell, hint) in hints {
            if cell == 3 {
                assert!(!matches!(hint, Hint::Proven(Claim::LossWithin(2))));
            } else {
                assert_eq!(hint, Hint::Proven(Claim::LossWithin(2)), "{cell}");
            }
        }
    }

    #[test]
    fn the_prover_settles_what_the_threat_search_does_not() {
        use crate::games::qubic::dictionary::{Canonical, runlength};
        // Patashnik's line 927: his move 12 starts no forced win, but the prover shows
        // within its budget that X wins after it.
        let line = "xo1o3x3o3o6x2xx1o8x3xo9o 12";
        let (board, play) = runlength::parse_line(&Qubic, line, Canonical::Required).unwrap();
        let guess = |_| Hint::Guess(0);
        let mut moves: Vec<(Move, Hint)> = bits(Qubic.empty_cells(board))
            .map(|c| (Move::new(c), guess(c)))
            .collect();
        settle(board, &mut moves);
        let at =
            |moves: &[(Move, Hint)], c: usize| moves.iter().find(|m| m.0.index() == c).unwrap().1;
        let Hint::Proven(Claim::WinWithin(plies)) = at(&moves, play) else {
            panic!("{:?}", at(&moves, play));
        };
        assert!(plies > 3, "{plies}");
        // O to move after it: every reply is a proven loss, none quicker than X's win.
        let after = board.with_move(play);
        let mut replies: Vec<(Move, Hint)> = bits(Qubic.empty_cells(after))
            .map(|c| (Move::new(c), guess(c)))
            .collect();
        settle(after, &mut replies);
        for (mv, hint) in replies {
            assert!(
                matches!(hint, Hint::Proven(Claim::LossWithin(n)) if n < plies),
                "{mv:?} {hint:?}"
            );
        }
    }
}

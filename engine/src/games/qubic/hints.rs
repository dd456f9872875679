//! What the prover adds to the analysis's hints within a small budget.

use rayon::prelude::*;

use crate::core::{Analysis, Claim, Hint, Move, Side};
use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::prover::win_within;

/// Per move's hint: milliseconds.
pub const PROOF_POSITIONS: u64 = 500;

/// Where a hint proves nothing, a move after which the prover shows X wins is a win for X
/// and a loss for O; the same on every look (a budget of positions, no clock).
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

/// The quickest proven win then becomes the best move, unless the best was one already.
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
        use crate::core::Engine;
        use crate::games::qubic::adapter::QubicEngine;
        use crate::games::qubic::position::QubicPosition;
        let hints = |board| QubicEngine.hints(&QubicPosition(board));
        // X to move with a double-threat cell at 0 (X on 1 2 4 8) and O out of the way.
        let b = QubicBoard::from_masks(
            1 << 1 | 1 << 2 | 1 << 4 | 1 << 8,
            1 << 40 | 1 << 45 | 1 << 51 | 1 << 60,
        );
        let moves = hints(b);
        assert_eq!(moves.len(), 56);
        let at = |c: usize| moves.iter().find(|h| h.0.index() == c).unwrap().1;
        assert_eq!(at(0), Hint::Proven(Claim::WinWithin(3)));
        // O to move facing X's three on 0 1 2: every move but the block loses at once.
        let o = QubicBoard::from_masks(0b111, 1 << 40 | 1 << 45);
        for (mv, hint) in hints(o) {
            if mv.index() == 3 {
                assert!(!matches!(hint, Hint::Proven(Claim::LossWithin(2))));
            } else {
                assert_eq!(hint, Hint::Proven(Claim::LossWithin(2)), "{mv:?}");
            }
        }
    }

    #[test]
    fn the_prover_settles_what_the_threat_search_does_not() {
        use crate::games::qubic::cell::bits;
        use crate::games::qubic::dictionary::{Canonical, runlength};
        use crate::games::qubic::geometry::{Geometry, Qubic};
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

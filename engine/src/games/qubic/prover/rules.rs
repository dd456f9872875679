//! What a position is worth to the prover before it is searched: the rules of the
//! dictionary's header for X (win at once, block O's three, a forced win), and their mirror
//! for O's turn. Every verdict but [`ProverVerdict::Open`] is proven, and by exactly the tests the
//! verifier makes, so that a proof the prover finds is one the verifier accepts: where the
//! prover saw a forced win, the verifier's forced-win search (the same search, on the same
//! canonical board, with a larger budget) finds one too.

use crate::games::qubic::board::{QubicBoard, Side};
use crate::games::qubic::lines::LINES;
use crate::games::qubic::search::eval::evaluate;
use crate::games::qubic::strategy::SEARCH_BUDGET;
use crate::games::qubic::threats::{ThreatSearch, both_threats};

use super::numbers::{Numbers, open_numbers};

/// What the rules say of a canonical position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ProverVerdict {
    /// X wins: at once, by a forced win, or O faces two threes.
    Won,
    /// X does not win: O wins at once, O has a forced win, X faces two threes, or the board
    /// is full.
    Lost,
    /// Not settled: to be searched.
    Open(Open),
}

/// An open position: the one move the side to move must make (to block a three), if any,
/// and the first proof and disproof numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Open {
    pub block: Option<usize>,
    pub numbers: Numbers,
}

/// Positions each threat search may examine. Both are at most the verifier's budget, so
/// that a forced win found here is found there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budgets {
    /// X's forced win, X to move.
    pub attack: u64,
    /// O's forced win, O to move (refutes X's last move).
    pub defence: u64,
}

impl Default for Budgets {
    fn default() -> Self {
        Budgets {
            attack: 100_000,
            defence: 5_000,
        }
    }
}

/// The verdict on a canonical position (game on), and the threat-search positions spent.
pub fn judge(board: QubicBoard, budgets: Budgets) -> (ProverVerdict, u64) {
    let empty = !board.occupied();
    if empty == 0 {
        return (ProverVerdict::Lost, 0);
    }
    let mover = board.to_move();
    let (own, other) = (board.mask(mover), board.mask(mover.other()));
    let (mine, theirs) = both_threats(&LINES, own, other);
    let (wins, threats) = (mine.wins & empty, theirs & empty);
    let won_for = |side: Side| match side {
        Side::First => ProverVerdict::Won,
        Side::Second => ProverVerdict::Lost,
    };
    if wins != 0 {
        return (won_for(mover), 0);
    }
    if threats.count_ones() >= 2 {
        return (won_for(mover.other()), 0);
    }
    let budget = match mover {
        Side::First => budgets.attack.min(SEARCH_BUDGET),
        Side::Second => budgets.defence,
    };
    let mut search = ThreatSearch::new(&crate::games::qubic::geometry::Qubic, budget);
    let outcome = search.run(board);
    let spent = search.nodes();
    if let Ok(Some(_)) = outcome {
        return (won_for(mover), spent);
    }
    let block = (threats != 0).then(|| threats.trailing_zeros() as usize);
    let numbers = open_numbers(evaluate(board, Side::First), block.is_some());
    (ProverVerdict::Open(Open { block, numbers }), spent)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(x: &[usize], o: &[usize]) -> QubicBoard {
        let mask = |cells: &[usize]| cells.iter().fold(0u64, |m, &c| m | 1 << c);
        QubicBoard::from_masks(mask(x), mask(o))
    }

    #[test]
    fn the_headers_rules_settle_what_they_can() {
        let budgets = Budgets::default();
        let judged = |b: QubicBoard| judge(b, budgets).0;
        // X to move with three on row 1: wins at once.
        assert_eq!(judged(board(&[0, 1, 2], &[16, 17, 40])), ProverVerdict::Won);
        // X to move facing O's two threes (0 1 2 and 0 4 8): lost.
        assert_eq!(
            judged(board(&[40, 45, 51, 60, 63], &[1, 2, 4, 8, 0])),
            ProverVerdict::Lost
        );
        // O to move facing X's two threes: won for X.
        assert_eq!(
            judged(board(&[1, 2, 4, 8, 0], &[40, 45, 51, 60])),
            ProverVerdict::Won
        );
        // X to move facing one three of O's: the block is the only move.
        let ProverVerdict::Open(open) = judged(board(&[0, 5, 42], &[16, 17, 18])) else {
            panic!("open");
        };
        assert_eq!(open.block, Some(19));
        assert_eq!(
            judged(QubicBoard::EMPTY),
            ProverVerdict::Open(open_at_start())
        );
    }

    fn open_at_start() -> Open {
        Open {
            block: None,
            numbers: open_numbers(0, false),
        }
    }
}

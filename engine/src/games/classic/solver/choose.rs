//! The perfect player's choice: never lower the value; among equal values (same outcome and
//! plies) leave the opponent the largest share of replies that go wrong for them (losing
//! replies when we win or draw, replies that fail to win when we lose); then the lowest
//! cell, so a position always gets the same move.

use std::cmp::Ordering;

use super::table::ClassicEntry;
use super::{ClassicScore, ClassicSolver};
use crate::core::{Outcome, Value};
use crate::games::classic::board::ClassicBoard;
use crate::games::classic::cell::ClassicCell;

/// A chosen move and its value for the side playing it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClassicChoice {
    pub cell: ClassicCell,
    pub value: Value,
}

/// How many of the opponent's replies after a move go wrong for them, out of how many.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Traps {
    pub wrong: u32,
    pub replies: u32,
}

impl Traps {
    /// The traps after a move of score `score` that leads to `after` (`None`: the game
    /// ended) with `replies` legal replies.
    pub fn after(score: ClassicScore, after: Option<ClassicEntry>, replies: u32) -> Traps {
        let Some(entry) = after else {
            return Traps {
                wrong: 0,
                replies: 0,
            };
        };
        let wrong = match score.outcome() {
            Outcome::Loss => replies - entry.winning as u32,
            Outcome::Draw | Outcome::Win => entry.losing as u32,
        };
        Traps { wrong, replies }
    }

    /// Compares shares wrong / replies without dividing; no replies counts as 0 / 1.
    fn cmp_share(self, other: Traps) -> Ordering {
        (self.wrong as u64 * other.replies.max(1) as u64)
            .cmp(&(other.wrong as u64 * self.replies.max(1) as u64))
    }

    pub fn share(self) -> f64 {
        self.wrong as f64 / self.replies.max(1) as f64
    }
}

pub fn best_move(solver: &ClassicSolver, board: ClassicBoard) -> Option<ClassicChoice> {
    let empty = board.empty_cells().count_ones();
    let mut best: Option<(ClassicScore, Traps, ClassicCell)> = None;
    for cell in ClassicCell::in_mask(board.empty_cells()) {
        let (score, after) = solver.move_result(board, cell)?;
        let traps = Traps::after(score, after, empty - 1);
        // Cells come lowest first, so only a strictly better move replaces the one kept.
        let better = best.is_none_or(|(s, t, _)| {
            score.cmp(&s).then_with(|| traps.cmp_share(t)) == Ordering::Greater
        });
        if better {
            best = Some((score, traps, cell));
        }
    }
    best.map(|(score, _, cell)| ClassicChoice {
        cell,
        value: score.value(empty),
    })
}

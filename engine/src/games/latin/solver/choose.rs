//! The perfect player's choice among moves of equal value.
//!
//! Never lower the value. Among equal values (equal outcome and plies): when winning or
//! drawing, leave the opponent the largest share of replies that lose for them; when
//! losing, the largest share of replies that fail to win. Then the lowest cell index, so
//! the same position always gets the same move.

use std::cmp::Ordering;

use super::{Entry, Solver};
use crate::core::{Outcome, Value};
use crate::games::latin::game::{Board, Cell};

/// A chosen move and its value for the side playing it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    pub cell: Cell,
    pub value: Value,
}

/// How many of the opponent's replies after a move go wrong for them, out of how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Traps {
    pub wrong: u32,
    pub replies: u32,
}

impl Traps {
    /// The share of replies that go wrong, 0 when the move ended the game.
    pub fn share(self) -> f64 {
        if self.replies == 0 {
            0.0
        } else {
            self.wrong as f64 / self.replies as f64
        }
    }

    fn compare(self, other: Traps) -> Ordering {
        // wrong / replies compared without division; a position with no replies (the game
        // ended) counts as 0 / 1.
        (self.wrong as u64 * other.replies.max(1) as u64)
            .cmp(&(other.wrong as u64 * self.replies.max(1) as u64))
    }
}

/// The opponent's ways to go wrong after a move of outcome `outcome`, given the entry of
/// the position it leads to (`None` when the move ended the game) and their reply count.
pub fn traps(after: Option<Entry>, replies: u32, outcome: Outcome) -> Traps {
    let Some(entry) = after else {
        return Traps {
            wrong: 0,
            replies: 0,
        };
    };
    let wrong = match outcome {
        // We lose: the opponent goes wrong with any reply that does not win.
        Outcome::Loss => replies - entry.winning_moves(),
        // We win or draw: their losing replies are their mistakes.
        _ => entry.losing_moves(),
    };
    Traps { wrong, replies }
}

pub fn best_move(solver: &Solver, board: Board) -> Option<Choice> {
    let mut best: Option<(Choice, Traps)> = None;
    let empty = board.empty_count();
    for cell in Cell::in_mask(board.empty_cells()) {
        // One lookup of the position after the move gives both its value and its traps.
        let (score, after) = solver.move_result(board, cell)?;
        let value = score.value(empty);
        let order = best.map_or(Ordering::Greater, |(current, _)| value.cmp(&current.value));
        if order == Ordering::Less {
            continue;
        }
        let t = traps(after, empty - 1, value.outcome);
        // Ties keep the earlier (lower) cell: only a strictly better share replaces it.
        if order == Ordering::Greater || best.is_some_and(|(_, bt)| t.compare(bt).is_gt()) {
            best = Some((Choice { cell, value }, t));
        }
    }
    best.map(|(choice, _)| choice)
}

//! Exhaustive negamax over the game DAG, memoised on canonical positions; no pruning, as
//! the table holds every reachable position's value and its winning and losing moves.

use super::{Entry, Table};
use crate::core::Outcome;
use crate::games::kit::exact::Score;
use crate::games::latin::game::{Board, Cell, Symmetries};

/// The value, for the side to move in `board`, of playing `cell`, when that move ends the
/// game; `None` when play goes on. `board` must be in play.
#[inline]
pub fn immediate_score(board: Board, cell: Cell) -> (Board, Option<Score>) {
    let child = board.with_move(cell);
    // Points were equal before the move (the game was on), so only what this move made
    // can separate them.
    let (mover, other) = child.points_made_by(cell);
    let score = if mover > other {
        Some(Score::win_in(1))
    } else if other > mover {
        Some(Score::loss_in(1))
    } else if child.empty_count() == 0 {
        Some(Score::DRAW)
    } else {
        None
    };
    (child, score)
}

/// Solves `board` (in play) and everything below it into `table`; returns its entry.
pub fn solve(syms: &Symmetries, table: &mut Table, board: Board) -> Entry {
    let key = syms.canonical_key(board);
    if let Some(entry) = table.get(key) {
        return entry;
    }
    let entry = solve_children(board, |child| solve(syms, table, child).score);
    table.insert_new(key, entry);
    entry
}

/// The entry of `board` (in play) given a way to score the in-play children.
#[inline]
pub fn solve_children(board: Board, mut child_score: impl FnMut(Board) -> Score) -> Entry {
    let mut best: Option<Score> = None;
    let (mut losing, mut winning) = (0, 0);
    for cell in Cell::in_mask(board.empty_cells()) {
        let score = match immediate_score(board, cell) {
            (_, Some(score)) => score,
            (child, None) => child_score(child).before_move(),
        };
        match score.outcome() {
            Outcome::Win => winning += 1,
            Outcome::Loss => losing += 1,
            Outcome::Draw => {}
        }
        best = best.max(Some(score));
    }
    Entry {
        score: best.expect("a position in play has an empty cell"),
        losing,
        winning,
    }
}

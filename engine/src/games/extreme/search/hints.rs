//! A score for every legal move (for the screen's hints), not just the best one: each
//! move searched with the full window, deepening while the time lasts.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use crate::core::Hint;

use super::super::cell::ExtremeCell;
use super::super::rules::State;
use super::position::Node;
use super::score::{INFINITY, proven};
use super::time::Deadline;
use super::tree::Worker;
use super::tt::Table;

/// Every legal move with its score from the deepest iteration finished within `time`:
/// a proven win or loss (by pattern, or on points), else the search's guess.
pub fn score_moves(state: &State, time: Duration, table: &Arc<Table>) -> Vec<(ExtremeCell, Hint)> {
    let root = Node::new(*state);
    let cells: Vec<ExtremeCell> = state.moves().cells().collect();
    let stop = AtomicBool::new(false);
    let nodes = AtomicU64::new(0);
    table.new_search();
    let mut worker = Worker::new(
        table,
        &stop,
        Some(Deadline::new(Instant::now(), time)),
        &nodes,
    );
    let mut scores: Vec<i32> = vec![0; cells.len()];
    for depth in 1..=(256 - state.stones() as i32) {
        let mut this = Vec::with_capacity(cells.len());
        for &cell in &cells {
            let child = root.play(cell);
            let same = child.state.to_move() == state.to_move() && !child.state.status().is_over();
            this.push(worker.child_score(&child, same, depth - 1, (-INFINITY, INFINITY), 0));
            if stop.load(Relaxed) {
                break;
            }
        }
        if stop.load(Relaxed) {
            break;
        }
        scores = this;
    }
    let plies_left = state.plies_left();
    cells
        .into_iter()
        .zip(scores)
        .map(|(cell, score)| {
            let hint = proven(score, plies_left).map_or(Hint::Guess(score), Hint::Proven);
            (cell, hint)
        })
        .collect()
}

//! Iterative deepening at the root, on one thread or several (lazy SMP: every thread
//! searches the same root and they share the table; the main thread keeps the time and
//! its result is the one played).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use crate::core::threads;

use super::super::cell::ExtremeCell;
use super::super::rules::State;
use super::ordering::{Hints, MoveList};
use super::position::Node;
use super::score::{INFINITY, is_mate, mate_plies};
use super::time::Deadline;
use super::tree::{MAX_PLY, Worker};
use super::tt::Table;

/// How long and how deep to search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// The budget for the whole reply; `None` for no clock (then set `depth`).
    pub movetime: Option<Duration>,
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Search threads, 1 or more.
    pub threads: usize,
}

impl Limits {
    pub fn time(movetime: Duration, threads: usize) -> Limits {
        Limits {
            movetime: Some(movetime),
            depth: None,
            threads,
        }
    }

    pub fn depth(depth: u32) -> Limits {
        Limits {
            movetime: None,
            depth: Some(depth),
            threads: 1,
        }
    }
}

/// What a search found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Report {
    pub best: ExtremeCell,
    /// For the side to move (see `score`).
    pub score: i32,
    /// The deepest iteration the main thread finished (0: none; the move is the
    /// ordering's first choice).
    pub depth: u32,
    /// Nodes of all threads (a helper's last few hundred may be missing).
    pub nodes: u64,
    pub elapsed: Duration,
    /// Threads that searched: fewer than asked when the system refused more.
    pub threads: usize,
}

/// A root move with its score in the last iteration that reached it.
#[derive(Clone, Copy, Debug)]
struct RootMove {
    cell: ExtremeCell,
    score: i32,
}

/// The best move found by one thread.
#[derive(Clone, Copy, Debug)]
struct Found {
    best: ExtremeCell,
    score: i32,
    depth: u32,
}

/// Searches `state` (in play) within `limits`, sharing `table`.
///
/// Helper threads are not joined: the main thread raises the stop flag and returns at
/// once, and the helpers finish their current node and end on their own. Waiting for them
/// could cost a scheduler time slice on a busy machine, past the budget.
pub fn search(state: &State, limits: &Limits, table: &Arc<Table>) -> Option<Report> {
    let start = Instant::now();
    let root = Node::new(*state);
    let first = MoveList::new(state, &no_hints(&[[0; 256]; 2])).next()?.0;
    table.new_search();
    let deadline = match limits.movetime {
        Some(budget) => Deadline::new(start, budget),
        None => Deadline::none(start),
    };
    let stop = Arc::new(AtomicBool::new(false));
    let nodes = Arc::new(AtomicU64::new(0));
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32 / 2)
        .min(MAX_PLY as u32 / 2);
    let mut threads = 1;
    for id in 1..limits.threads.max(1) {
        let (table, stop, nodes) = (Arc::clone(table), Arc::clone(&stop), Arc::clone(&nodes));
        let helper = threads::spawn("search", "a search thread", move || {
            let mut worker = Worker::new(&table, &stop, None, &nodes);
            iterate(&mut worker, &root, max_depth, id);
        });
        // Refused (a limit on threads): the search needs none of its helpers, so it goes on
        // with those it has; the next would be refused too.
        if let Err(error) = helper {
            threads::note_fewer(&error, "the search ran on fewer threads");
            break;
        }
        threads += 1;
    }
    let mut worker = Worker::new(table, &stop, Some(deadline), &nodes);
    let found = iterate(&mut worker, &root, max_depth, 0);
    stop.store(true, Relaxed);
    worker.flush_nodes();
    let found = found.unwrap_or(Found {
        best: first,
        score: 0,
        depth: 0,
    });
    Some(Report {
        best: found.best,
        score: found.score,
        depth: found.depth,
        nodes: nodes.load(Relaxed),
        elapsed: start.elapsed(),
        threads,
    })
}

fn no_hints(history: &[[i32; 256]; 2]) -> Hints<'_> {
    Hints {
        table_move: None,
        killers: [None; 2],
        history,
    }
}

/// Deepens until stopped, `max_depth`, or a proven result; helpers (`id` > 0) start
/// deeper on odd ids so the threads spread over two depths.
fn iterate(worker: &mut Worker, root: &Node, max_depth: u32, id: usize) -> Option<Found> {
    let mut moves: Vec<RootMove> = MoveList::new(&root.state, &no_hints(&[[0; 256]; 2]))
        .map(|(cell, _)| RootMove {
            cell,
            score: -INFINITY,
        })
        .collect();
    let mut found = None;
    for depth in (1 + (id % 2) as u32)..=max_depth {
        let result = root_search(worker, root, &mut moves, depth as i32);
        if let Some((best, score)) = result {
            let complete = !worker.stop.load(Relaxed);
            // A cut-off iteration still proved its best move better than the previous
            // best (searched first), so it is kept, but its depth is not claimed.
            found = Some(Found {
                best,
                score,
                depth: if complete { depth } else { depth - 1 },
            });
            if complete && is_mate(score) && mate_plies(score) <= depth {
                break;
            }
        }
        if worker.stop.load(Relaxed) {
            break;
        }
    }
    found
}

/// One iteration over the root moves, best first; the moves are re-sorted by their scores
/// for the next one. Returns the best move and score of the moves searched in full (none
/// if the first was cut off).
fn root_search(
    worker: &mut Worker,
    root: &Node,
    moves: &mut [RootMove],
    depth: i32,
) -> Option<(ExtremeCell, i32)> {
    let mover = root.state.to_move();
    let (mut alpha, beta) = (-INFINITY, INFINITY);
    let mut best = None;
    for (index, root_move) in moves.iter_mut().enumerate() {
        let child = root.play(root_move.cell);
        let same = child.state.to_move() == mover && !child.state.status().is_over();
        let mut score = if index == 0 {
            worker.child_score(&child, same, depth - 1, (alpha, beta), 0)
        } else {
            worker.child_score(&child, same, depth - 1, (alpha, alpha + 1), 0)
        };
        if index > 0 && score > alpha && !worker.stop.load(Relaxed) {
            score = worker.child_score(&child, same, depth - 1, (alpha, beta), 0);
        }
        if worker.stop.load(Relaxed) {
            break;
        }
        root_move.score = score;
        if score > alpha {
            alpha = score;
            best = Some((root_move.cell, score));
        }
    }
    // Stable: among equal scores the earlier (better ordered) move stays ahead.
    if let Some((cell, _)) = best
        && let Some(pos) = moves.iter().position(|m| m.cell == cell)
    {
        moves[..=pos].rotate_right(1);
    }
    moves[1..].sort_by_key(|m| -m.score);
    best
}

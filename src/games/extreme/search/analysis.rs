//! The analysis at a budget: every legal move searched with the full window, iteration by
//! iteration, on one thread from an empty table; the `max` player plays its best move. At
//! a depth or a node budget it is a function of the position and the budget alone.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use super::super::cell::Cell;
use super::super::rules::State;
use super::ordering::{Hints, MoveList};
use super::position::Node;
use super::score::{INFINITY, is_mate, mate_plies, proven};
use super::time::Deadline;
use super::tree::{MAX_PLY, Worker};
use super::tt::Table;
use crate::core::{Analysis, Budget, Figure, Move};

/// The table of every analysis: its size is part of what the result depends on.
pub const ANALYSIS_MEGABYTES: usize = 32;

/// One move's score in the last finished iteration, for the side playing it (see
/// `score`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Scored {
    pub cell: Cell,
    pub score: i32,
}

/// An analysis of a position in play.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analyzed {
    /// Every legal move, in the cells' order.
    pub moves: Vec<Scored>,
    /// The highest score, the earlier searched of equals.
    pub best: Cell,
    /// The best line from `best`, each move legal in turn.
    pub pv: Vec<Cell>,
    /// The deepest iteration finished.
    pub depth: u32,
    /// Nodes of every iteration, the unfinished one's included.
    pub nodes: u64,
}

impl Analyzed {
    /// As every game's analysis reads: a proof where the score is one (see
    /// [`proven`]), else the score; `plies_left` as the position before the move has them.
    pub fn into_analysis(self, plies_left: u32) -> Analysis {
        let id = |cell: Cell| Move::new(cell.index());
        Analysis {
            moves: self
                .moves
                .iter()
                .map(|m| {
                    let figure =
                        proven(m.score, plies_left).map_or(Figure::Score(m.score), Figure::Proven);
                    (id(m.cell), figure)
                })
                .collect(),
            best: id(self.best),
            pv: self.pv.iter().map(|&c| id(c)).collect(),
            depth: self.depth,
            nodes: self.nodes,
        }
    }

    /// The best move's score.
    pub fn score(&self) -> i32 {
        self.moves
            .iter()
            .find(|m| m.cell == self.best)
            .map_or(0, |m| m.score)
    }
}

/// The analysis of `state` within `budget`; `None` once the game is over. Iterations
/// deepen one ply at a time over every legal move in the order the last one ranked them;
/// one cut short by the budget is dropped (the first always finishes).
pub fn analyze(state: &State, budget: Budget) -> Option<Analyzed> {
    analyze_in(state, budget, &Table::new(ANALYSIS_MEGABYTES))
}

/// [`analyze`] on `table` (of [`ANALYSIS_MEGABYTES`]), emptied first: a player keeps one
/// rather than allocating and freeing one a move, inside its clock.
pub fn analyze_in(state: &State, budget: Budget, table: &Table) -> Option<Analyzed> {
    let start = Instant::now();
    let root = Node::new(*state);
    let history = [[0; 256]; 2];
    let hints = Hints {
        table_move: None,
        killers: [None; 2],
        history: &history,
    };
    let mut order: Vec<Cell> = MoveList::new(state, &hints).map(|(cell, _)| cell).collect();
    if order.is_empty() {
        return None;
    }
    table.clear();
    let stop = AtomicBool::new(false);
    let nodes = AtomicU64::new(0);
    let mut worker = Worker::new(table, &stop, None, &nodes);
    let (max_depth, node_limit, movetime) = budget.limits();
    let left = 256 - state.stones();
    let max_depth = max_depth.min(left).min(MAX_PLY as u32 / 2);
    let mover = state.to_move();
    let mut done: Option<(Vec<Scored>, u32)> = None;
    for depth in 1..=max_depth {
        if depth > 1 {
            worker.node_limit = node_limit;
            worker.deadline = movetime.map(|t| Deadline::new(start, t));
        }
        let mut scored = Vec::with_capacity(order.len());
        for &cell in &order {
            let child = root.play(cell);
            let same = child.state.to_move() == mover && !child.state.status().is_over();
            let score =
                worker.child_score(&child, same, depth as i32 - 1, (-INFINITY, INFINITY), 0);
            if stop.load(Relaxed) {
                break;
            }
            scored.push(Scored { cell, score });
        }
        if stop.load(Relaxed) {
            break;
        }
        // Best first for the next iteration; equals keep their order.
        scored.sort_by_key(|m| std::cmp::Reverse(m.score));
        order = scored.iter().map(|m| m.cell).collect();
        let top = scored[0].score;
        let proven = is_mate(top) && mate_plies(top) <= depth;
        done = Some((scored, depth));
        let late = movetime.is_some_and(|t| start.elapsed() * 2 > t);
        if proven || late {
            break;
        }
    }
    let searched = worker.searched;
    drop(worker);
    let (mut moves, depth) = done?;
    let best = moves.first()?.cell;
    let pv = principal_variation(table, state, best, depth);
    moves.sort_by_key(|m| m.cell.index());
    Some(Analyzed {
        moves,
        best,
        pv,
        depth,
        nodes: searched,
    })
}

/// The line from `first`: the table's best move at each position after it, while it is
/// legal and the line not longer than `depth`.
fn principal_variation(table: &Table, state: &State, first: Cell, depth: u32) -> Vec<Cell> {
    let Ok(mut now) = state.play(first) else {
        return Vec::new();
    };
    let mut line = vec![first];
    while (line.len() as u32) < depth && !now.status().is_over() {
        let Some(cell) = table.probe(Node::new(now).key()).and_then(|e| e.best) else {
            break;
        };
        let Ok(next) = now.play(cell) else {
            break;
        };
        line.push(cell);
        now = next;
    }
    line
}

//! The analysis at a budget: every legal move searched with the full window, iteration by
//! iteration, from an empty table; the bot plays its best move. At a depth or a node
//! budget it is a function of the board and the budget alone.

use std::time::Instant;

use super::negamax::MATE_BOUND;
use super::tt::Table;
use super::{NO_LIMIT, Searcher, claim, deadline, score_move};
use crate::core::{Analysis, Budget, Claim, Figure, Move};
use crate::games::classic::board::Board;
use crate::games::classic::cell::Cell;
use crate::games::classic::search::ordering::Ordering;

/// The table of every analysis, whatever the searcher's own: 2^19 slots of 24 bytes,
/// 12 MiB. Its size is part of what the result depends on.
pub const ANALYSIS_TABLE_BITS: u32 = 19;

/// One move's score in the last finished iteration.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Scored {
    pub cell: Cell,
    /// For the side playing it: `MATE - p` for a win with the `p`-th ply (the move is the
    /// first), `p - MATE` for a loss, else the search's guess.
    pub score: i32,
    /// No guess went into the score.
    pub proven: bool,
}

/// An analysis of a board in play.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analyzed {
    /// Every empty cell, in the board's order.
    pub moves: Vec<Scored>,
    /// The best move: the highest score, the earlier searched of equals.
    pub best: Cell,
    /// The best line from `best`, each move legal in turn.
    pub pv: Vec<Cell>,
    /// The deepest iteration finished.
    pub depth: u32,
    /// Nodes of every iteration, the unfinished one's included.
    pub nodes: u64,
    /// Empty cells before the move.
    pub empty: u32,
}

impl Analyzed {
    /// As every game's analysis reads: a proof where the score is one, else the score.
    pub fn into_analysis(self) -> Analysis {
        let id = |cell: Cell| Move::new(cell.index());
        Analysis {
            moves: self
                .moves
                .iter()
                .map(|m| {
                    let figure = claim(m.score, m.proven, self.empty)
                        .map_or(Figure::Score(m.score), Figure::Proven);
                    (id(m.cell), figure)
                })
                .collect(),
            best: id(self.best),
            pv: self.pv.iter().map(|&c| id(c)).collect(),
            depth: self.depth,
            nodes: self.nodes,
        }
    }

    /// What the best move's score proves for the side playing it.
    pub fn claim(&self) -> Option<Claim> {
        let best = self.moves.iter().find(|m| m.cell == self.best)?;
        claim(best.score, best.proven, self.empty)
    }
}

impl Searcher {
    /// The analysis of `board` within `budget`; `None` when the game is over or the board
    /// is another variant's. Iterations deepen one ply at a time over every empty cell in
    /// the order the last one ranked them; one cut short by the budget is dropped.
    pub fn analyze(&mut self, board: Board, budget: Budget) -> Option<Analyzed> {
        if board.variant() != self.variant || board.status().is_over() {
            return None;
        }
        let start = Instant::now();
        // Nothing of earlier searches may change this one.
        self.table = Table::new(ANALYSIS_TABLE_BITS);
        self.ordering = Ordering::new();
        let empty = board.empty_cells().count_ones();
        let (max_depth, node_limit, movetime) = budget.limits();
        let node = self.node(board);
        let mut order: Vec<Cell> = Cell::in_mask(board.empty_cells()).collect();
        let mut search = self.start_search(start + NO_LIMIT);
        let mut done: Option<(Vec<Scored>, u32)> = None;
        for depth in 1..=max_depth.min(empty) {
            // The first iteration always finishes (a move comes out); later ones stop at
            // the budget.
            if depth > 1 {
                search.node_limit = node_limit;
                if let Some(t) = movetime {
                    search.deadline = deadline(start, t);
                }
            }
            let mut scored = Vec::with_capacity(order.len());
            for &cell in &order {
                let (score, proven) = score_move(&mut search, board, node, cell, depth);
                if search.stopped {
                    break;
                }
                scored.push(Scored {
                    cell,
                    score,
                    proven,
                });
            }
            if search.stopped {
                break;
            }
            // Best first for the next iteration; equals keep their order.
            scored.sort_by_key(|m| std::cmp::Reverse(m.score));
            order = scored.iter().map(|m| m.cell).collect();
            let settled = scored.iter().all(|m| m.proven)
                || scored
                    .first()
                    .is_some_and(|m| m.proven && m.score >= MATE_BOUND);
            done = Some((scored, depth));
            // An iteration takes several times the one before: another would not finish.
            let late = movetime.is_some_and(|t| start.elapsed() * 2 > t);
            if settled || late {
                break;
            }
        }
        let nodes = search.nodes;
        drop(search);
        let (mut moves, depth) = done?;
        let best = moves.first()?.cell;
        let pv = self.principal_variation(board, best, depth);
        moves.sort_by_key(|m| m.cell.index());
        Some(Analyzed {
            moves,
            best,
            pv,
            depth,
            nodes,
            empty,
        })
    }

    /// The line from `first`: the table's best move at each position after it, while it
    /// is legal and the line not longer than `depth`.
    fn principal_variation(&self, board: Board, first: Cell, depth: u32) -> Vec<Cell> {
        let mut line = vec![first];
        let Ok(mut board) = board.play(first) else {
            return Vec::new();
        };
        while (line.len() as u32) < depth && !board.status().is_over() {
            let node = self.node(board);
            let Some(slot) = self.table.get(node.hash) else {
                break;
            };
            let Some(cell) = Cell::new(self.variant, usize::from(slot.best)) else {
                break;
            };
            let Ok(next) = board.play(cell) else {
                break;
            };
            line.push(cell);
            board = next;
        }
        line
    }
}

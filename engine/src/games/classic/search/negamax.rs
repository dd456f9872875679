//! Principal variation search with threats settled first and a transposition table. A win
//! at the `p`-th ply is `MATE - p`, a loss `p - MATE`; a *proven* score had no guess at a
//! cut-off position go into it, so it is the true value of the tree (within the window).

use super::Searcher;
use super::eval::evaluate;
use super::node::Node;
use super::ordering::{MAX_PLY, Ordering};
use super::tt::{Bound, Slot, Table};
use super::zobrist::Zobrist;
use crate::core::root::Halt;
use crate::games::classic::lines::{Lines, winning_cells};

pub const MATE: i32 = crate::core::WIN_SCORE;
/// Scores at least this far from zero are wins or losses.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// The score, for the side to move at `ply`, of winning with its own move there.
pub fn win_at(ply: usize) -> i32 {
    MATE - ply as i32 - 1
}

/// A score as stored: mates counted from the node rather than the root.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= MATE_BOUND => s + ply as i32,
        s if s <= -MATE_BOUND => s - ply as i32,
        s => s,
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= MATE_BOUND => s - ply as i32,
        s if s <= -MATE_BOUND => s + ply as i32,
        s => s,
    }
}

pub(crate) struct Search<'a> {
    pub lines: &'a Lines,
    pub k: u32,
    pub full: u64,
    pub weights: &'a [i32],
    pub zobrist: &'a Zobrist,
    pub table: &'a mut Table,
    pub ordering: &'a mut Ordering,
    pub nodes: u64,
    /// Stop once `nodes` passes this (a node budget).
    pub node_limit: u64,
    pub stopped: bool,
    /// Stop when it says so (an analysis: its clock, its watch, its node budget).
    pub halt: Option<&'a Halt>,
    pub through: &'a [Vec<u64>],
    move_lists: Vec<Vec<(i32, u8)>>,
}

/// How often the clock is read: every 1024 nodes, well under a millisecond.
const CLOCK_MASK: u64 = 1023;

impl<'a> Search<'a> {
    pub fn new(
        searcher: &'a Searcher,
        table: &'a mut Table,
        ordering: &'a mut Ordering,
    ) -> Search<'a> {
        let v = searcher.variant;
        Search {
            lines: searcher.lines,
            k: v.k() as u32,
            full: v.full_mask(),
            weights: &searcher.weights,
            zobrist: &searcher.zobrist,
            table,
            ordering,
            nodes: 0,
            node_limit: u64::MAX,
            stopped: false,
            halt: None,
            through: &searcher.lines.through,
            move_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(49)).collect(),
        }
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes > self.node_limit
            || (self.nodes & CLOCK_MASK == 0 && self.halt.is_some_and(Halt::halted))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The moves worth searching and, when threats settle the node, its score: a win at
    /// once, or a loss to two threats that cannot both be blocked.
    pub fn threats(&self, node: Node, ply: usize) -> Result<u64, i32> {
        let all = self.lines.all();
        if winning_cells(all, node.mover, node.other, self.k) != 0 {
            return Err(win_at(ply));
        }
        let theirs = winning_cells(all, node.other, node.mover, self.k);
        match theirs.count_ones() {
            0 => Ok(node.empty(self.full)),
            1 => Ok(theirs),
            _ => Err(-win_at(ply + 1)),
        }
    }

    /// The score of `node` for its side to move, searched `depth` plies deep, and whether
    /// it is proven. `node` is in play (no line, an empty cell).
    pub fn negamax(
        &mut self,
        node: Node,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> (i32, bool) {
        self.nodes += 1;
        if self.out_of_time() {
            return (0, false);
        }
        let moves = match self.threats(node, ply) {
            Ok(moves) => moves,
            Err(settled) => return (settled, true),
        };
        if depth == 0 || ply >= MAX_PLY {
            let guess = evaluate(self.lines.all(), node.mover, node.other, self.weights);
            return (guess, false);
        }
        let tt_move = match self.probe(node.hash, depth, (alpha, beta), ply) {
            Ok(tt_move) => tt_move,
            Err(settled) => return settled,
        };
        let mut list = std::mem::take(&mut self.move_lists[ply]);
        self.ordering.sorted(
            moves,
            tt_move,
            ply,
            self.through,
            node.mover,
            node.other,
            self.weights,
            &mut list,
        );
        let (mut best, mut best_move, mut proven) = (-MATE, u8::MAX, true);
        let original_alpha = alpha;
        for (i, &(_, cell)) in list.iter().enumerate() {
            let (score, sure) = self.search_move(
                node.play(cell as usize, self.zobrist),
                i,
                depth,
                (alpha, beta),
                ply,
            );
            if self.stopped {
                self.move_lists[ply] = list;
                return (0, false);
            }
            proven &= sure;
            if score > best {
                best = score;
                best_move = cell;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.ordering.cut(cell, ply, depth);
                break;
            }
        }
        self.move_lists[ply] = list;
        let bound = Bound::of(best, original_alpha, beta);
        let score = to_table(best, ply);
        let slot = Slot {
            hash: node.hash,
            score,
            depth: depth as u8,
            bound,
            best: best_move,
            proven,
        };
        self.table.put(slot);
        (best, proven)
    }

    /// The table's best move for the position (`u8::MAX`: none), or its score and whether
    /// it is proven where the table settles the node at this depth and window.
    fn probe(
        &self,
        hash: u64,
        depth: u32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> Result<u8, (i32, bool)> {
        let Some(slot) = self.table.get(hash) else {
            return Ok(u8::MAX);
        };
        if slot.proven || slot.depth as u32 >= depth {
            let score = from_table(slot.score, ply);
            if slot.bound.settles(score, alpha, beta) {
                return Err((score, slot.proven));
            }
        }
        Ok(slot.best)
    }

    /// The score of the `i`-th move, leading to `child`, and whether it is proven: the
    /// first with the full window, the others with a null window first.
    fn search_move(
        &mut self,
        child: Node,
        i: usize,
        depth: u32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> (i32, bool) {
        if child.mover | child.other == self.full {
            (0, true) // the board is full and the move did not win: a draw
        } else if i == 0 {
            self.child(child, depth, -beta, -alpha, ply)
        } else {
            let (s, sure) = self.child(child, depth, -alpha - 1, -alpha, ply);
            if s > alpha && s < beta {
                self.child(child, depth, -beta, -alpha, ply)
            } else {
                (s, sure)
            }
        }
    }

    fn child(&mut self, child: Node, depth: u32, alpha: i32, beta: i32, ply: usize) -> (i32, bool) {
        let (s, sure) = self.negamax(child, depth - 1, alpha, beta, ply + 1);
        (-s, sure)
    }
}

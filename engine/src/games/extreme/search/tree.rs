//! Principal variation search with a transposition table, late move reductions and a
//! quiescence search over small-board wins. A bonus move breaks alternation: when the same
//! side moves again, the child's score is taken as it is, with the same window. A table
//! entry is replaced unless the old one is deeper and for another position.

use super::super::cell::ExtremeCell;
use super::ordering::{Hints, MoveList};
use super::position::Node;
use super::score::{INFINITY, MATE, points_end, rebase};
use crate::core::root::{Halt, Limits};
use crate::games::kit::table::{self, Bound};

/// Plies from the root, quiescence included.
pub(crate) const MAX_PLY: usize = 128;
/// Small-board wins in a row.
const QUIESCENCE_DEPTH: u32 = 6;

pub(crate) type Table = table::Table<Entry>;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    pub best: Option<ExtremeCell>,
}

impl table::Entry for Entry {
    type Key = u64;

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    fn spread(key: u64) -> usize {
        key as usize
    }

    #[inline]
    fn stays_over(&self, new: &Entry) -> bool {
        self.key != new.key && self.depth > new.depth
    }

    /// Keeps the old best move when the new result has none (an upper bound).
    #[inline]
    fn inherit(&mut self, old: &Entry) {
        if self.key == old.key {
            self.best = self.best.or(old.best);
        }
    }
}

pub(crate) struct Worker<'a> {
    table: &'a mut Table,
    /// Every score from then on is meaningless.
    pub stopped: bool,
    pub searched: u64,
    node_limit: u64,
    halt: Option<&'a Halt>,
    killers: Box<[[Option<ExtremeCell>; 2]; MAX_PLY]>,
    history: Box<[[i32; 256]; 2]>,
}

impl<'a> Worker<'a> {
    pub fn new(table: &'a mut Table, limits: Limits<'a>) -> Worker<'a> {
        Worker {
            table,
            stopped: false,
            searched: 0,
            node_limit: limits.nodes,
            halt: limits.halt.map(|halt| &**halt),
            killers: Box::new([[None; 2]; MAX_PLY]),
            history: Box::new([[0; 256]; 2]),
        }
    }

    /// Every 256 nodes (well under a millisecond) it asks the halt, which reads the clock.
    fn count_node(&mut self) -> bool {
        self.searched += 1;
        if self.searched > self.node_limit
            || (self.searched.is_multiple_of(256) && self.halt.is_some_and(Halt::halted))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// For the side that moved to `child`.
    pub fn child_score(
        &mut self,
        child: &Node,
        same_side: bool,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> i32 {
        if same_side {
            self.search(child, depth, alpha, beta, ply + 1)
        } else {
            -self.search(child, depth, -beta, -alpha, ply + 1)
        }
    }

    /// Fail-soft; meaningless once stopped.
    pub fn search(
        &mut self,
        node: &Node,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if let Some(score) = terminal(node, ply) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY - QUIESCENCE_DEPTH as usize - 1 {
            return self.quiescence(node, alpha, beta, ply, QUIESCENCE_DEPTH);
        }
        if self.count_node() {
            return 0;
        }
        let key = node.key();
        let entry = self.table.get(key);
        if let Some(score) = entry.and_then(|e| table_cut(e, depth, (alpha, beta), ply)) {
            return score;
        }
        let moves = MoveList::new(
            &node.state,
            &Hints {
                table_move: entry.and_then(|e| e.best),
                killers: self.killers[ply],
                history: &self.history,
            },
        );
        let original_alpha = alpha;
        let mover = node.state.to_move();
        let mut best = -INFINITY;
        let mut best_move = None;
        for (index, (cell, order)) in moves.enumerate() {
            let child = node.play(cell);
            let same = child.state.to_move() == mover && !child.state.status().is_over();
            let score = self.search_move(&child, same, depth, (alpha, beta), ply, index, order);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(cell);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.reward(cell, mover.index(), depth, ply, order);
                break;
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        let entry = Entry {
            key,
            score: rebase(best, ply as i32),
            depth: depth.clamp(0, 255) as u8,
            bound,
            best: best_move,
        };
        self.table.put(entry);
        best
    }

    /// Later moves with a null window, reduced if late and quiet, searched again if they
    /// beat alpha.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        child: &Node,
        same: bool,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
        index: usize,
        order: i32,
    ) -> i32 {
        if index == 0 {
            return self.child_score(child, same, depth - 1, (alpha, beta), ply);
        }
        let reduction = if depth >= 3 && index >= 3 && !MoveList::is_tactical(order) {
            1 + i32::from(index >= 12 && depth >= 5)
        } else {
            0
        };
        let null = (alpha, alpha + 1);
        let mut score = self.child_score(child, same, depth - 1 - reduction, null, ply);
        if score > alpha && reduction > 0 {
            score = self.child_score(child, same, depth - 1, null, ply);
        }
        if score > alpha && score < beta {
            score = self.child_score(child, same, depth - 1, (alpha, beta), ply);
        }
        score
    }

    /// A quiet move that cut off.
    fn reward(&mut self, cell: ExtremeCell, side: usize, depth: i32, ply: usize, order: i32) {
        if MoveList::is_tactical(order) {
            return;
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(cell) {
            killers[1] = killers[0];
            killers[0] = Some(cell);
        }
        let slot = &mut self.history[side][cell.index()];
        *slot = (*slot + depth * depth).min(1 << 20);
    }

    /// The static value, unless winning a small board does better; follows chains of such
    /// wins and their bonus moves.
    fn quiescence(&mut self, node: &Node, mut alpha: i32, beta: i32, ply: usize, left: u32) -> i32 {
        if let Some(score) = terminal(node, ply) {
            return score;
        }
        if self.count_node() {
            return 0;
        }
        let stand = node.value();
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mover = node.state.to_move();
        for (cell, _) in MoveList::winning(&node.state) {
            let child = node.play(cell);
            let same = child.state.to_move() == mover && !child.state.status().is_over();
            let score = if same {
                self.quiescence(&child, alpha, beta, ply + 1, left - 1)
            } else {
                -self.quiescence(&child, -beta, -alpha, ply + 1, left - 1)
            };
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

fn table_cut(entry: Entry, depth: i32, (alpha, beta): (i32, i32), ply: usize) -> Option<i32> {
    if i32::from(entry.depth) < depth {
        return None;
    }
    let score = rebase(entry.score, -(ply as i32));
    entry.bound.settles(score, alpha, beta).then_some(score)
}

/// For the side to move: an end on points by its margin (below every win by pattern), a
/// win or loss by pattern by its distance.
pub(crate) fn terminal(node: &Node, ply: usize) -> Option<i32> {
    let state = &node.state;
    let status = state.status();
    if !status.is_over() {
        return None;
    }
    if let Some([first, second]) = state.decided_on_points() {
        let margin = first as i32 - second as i32;
        return Some(points_end(if state.to_move().index() == 0 {
            margin
        } else {
            -margin
        }));
    }
    let win = MATE - ply as i32;
    Some(match status.winner() {
        Some(side) if side == state.to_move() => win,
        Some(_) => -win,
        // Every end without a pattern is decided on points, above.
        None => 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deeper_entry_for_another_position_stays_and_a_best_move_is_kept() {
        let mut table = Table::new(4);
        let deep = Entry {
            key: 7,
            score: 5,
            depth: 9,
            bound: Bound::Exact,
            best: Some(ExtremeCell::new(255)),
        };
        table.put(deep);
        assert_eq!(table.get(7), Some(deep));
        let other = Entry {
            key: 7 + 16,
            depth: 2,
            ..deep
        };
        table.put(other);
        assert_eq!(table.get(7 + 16), None);
        let bound = Entry {
            depth: 2,
            bound: Bound::Upper,
            best: None,
            ..deep
        };
        table.put(bound);
        assert_eq!(
            table.get(7),
            Some(Entry {
                best: deep.best,
                ..bound
            })
        );
    }
}

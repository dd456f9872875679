//! Iterative-deepening alpha-beta (negamax) under a clock.
//!
//! Threats shape the tree: the side to move wins at once when it can; when the opponent
//! threatens one cell, blocking is the only move and costs no depth; two opponent threats
//! lose. At the horizon a move making two threes at once is a win in 3, else the static
//! evaluation. Scores near [`WIN`] are proven: they come only from those rules, never from
//! the evaluation.

use std::sync::Arc;
use std::time::Instant;

use super::eval::{evaluate, fork_cells, ordered_moves};
use super::table::{Bound, Slot, Table};
use crate::core::root::Halt;
use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::lines::LINES;
use crate::games::qubic::threats::threats;

/// The score of a win now; a win in `p` plies scores `WIN - p`.
pub const WIN: i32 = crate::core::analysis::WIN_SCORE;

/// Scores beyond this are proven wins or losses.
pub const PROVEN: i32 = WIN - 1000;

/// Nodes between looks at the clock.
const CLOCK_EVERY: u64 = 512;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Found {
    pub cell: usize,
    /// For the side to move.
    pub score: i32,
    /// The depth of the last completed iteration.
    pub depth: i32,
    pub nodes: u64,
}

impl Found {
    /// Plies to a proven win (positive) or loss (negative), if the score proves one.
    pub fn proven(&self) -> Option<i32> {
        if self.score >= PROVEN {
            Some(WIN - self.score)
        } else if self.score <= -PROVEN {
            Some(-(WIN + self.score))
        } else {
            None
        }
    }
}

/// A searcher with its table, kept between moves.
pub(crate) struct Searcher {
    pub(super) table: Table,
    pub(super) nodes: u64,
    pub(super) deadline: Option<Instant>,
    pub(super) stopped: bool,
    /// Stop once `nodes` passes this (a node budget).
    pub(super) node_limit: u64,
    /// Stop when it says so (an analysis: its clock, its watch, its node budget).
    pub(super) halt: Option<Arc<Halt>>,
}

pub(super) struct Stop;

impl Searcher {
    pub fn new() -> Searcher {
        Searcher::with_table_bits(18)
    }

    /// A searcher whose table has `2^bits` slots.
    pub fn with_table_bits(bits: u32) -> Searcher {
        Searcher {
            table: Table::new(bits),
            nodes: 0,
            deadline: None,
            stopped: false,
            node_limit: u64::MAX,
            halt: None,
        }
    }

    /// The best of `moves` (all legal moves when empty) for the side to move, deepening
    /// until `max_depth` or the deadline; `None` only when there is no move at all. The
    /// first iteration (depth 1) always completes, so there is always an answer.
    pub fn search(
        &mut self,
        board: QubicBoard,
        moves: &[usize],
        max_depth: i32,
        deadline: Option<Instant>,
    ) -> Option<Found> {
        let empty = !board.occupied();
        let mut root: Vec<usize> = if moves.is_empty() {
            ordered_moves(board, board.to_move(), empty)
        } else {
            moves.to_vec()
        };
        if root.is_empty() {
            return None;
        }
        // Inner nodes take a win on entry; the root must too.
        let side = board.to_move();
        let wins = threats(&LINES, board.mask(side), board.mask(side.other())).wins;
        if let Some(&cell) = root.iter().find(|&&c| wins & 1 << c != 0) {
            return Some(Found {
                cell,
                score: WIN - 1,
                depth: 1,
                nodes: 1,
            });
        }
        self.nodes = 0;
        self.stopped = false;
        let mut best: Option<Found> = None;
        for depth in 1..=max_depth.max(1) {
            // The first iteration must finish so that there is a move.
            self.deadline = if depth == 1 { None } else { deadline };
            let Ok((cell, score)) = self.root(board, &root, depth) else {
                break;
            };
            best = Some(Found {
                cell,
                score,
                depth,
                nodes: self.nodes,
            });
            // The best move first next time.
            if let Some(at) = root.iter().position(|&c| c == cell) {
                root[..=at].rotate_right(1);
            }
            if score.abs() >= PROVEN {
                break; // proven: deeper search cannot change it
            }
        }
        best
    }

    fn root(
        &mut self,
        board: QubicBoard,
        moves: &[usize],
        depth: i32,
    ) -> Result<(usize, i32), Stop> {
        let mut alpha = -WIN - 1;
        let mut best = moves[0];
        for &cell in moves {
            let score = -self.negamax(board.with_move(cell), depth - 1, 1, -WIN - 1, -alpha)?;
            if score > alpha {
                alpha = score;
                best = cell;
            }
        }
        Ok((best, alpha))
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(CLOCK_EVERY)
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.halt.as_ref().is_some_and(|h| h.halted()))
        {
            self.stopped = true;
        }
        if self.stopped { Err(Stop) } else { Ok(()) }
    }

    pub(super) fn negamax(
        &mut self,
        board: QubicBoard,
        depth: i32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Result<i32, Stop> {
        self.tick()?;
        let side = board.to_move();
        let (mine, theirs) = (board.mask(side), board.mask(side.other()));
        let empty = !board.occupied();
        if empty == 0 {
            return Ok(0);
        }
        if threats(&LINES, mine, theirs).wins & empty != 0 {
            return Ok(WIN - ply - 1);
        }
        let their_wins = threats(&LINES, theirs, mine).wins & empty;
        let (moves, next_depth) = match their_wins.count_ones() {
            0 if depth <= 0 => {
                if fork_cells(board, side) != 0 {
                    return Ok(WIN - ply - 3);
                }
                return Ok(evaluate(board, side));
            }
            0 => (None, depth - 1),
            1 => (Some(vec![their_wins.trailing_zeros() as usize]), depth),
            _ => return Ok(-(WIN - ply - 2)),
        };
        let alpha_in = alpha;
        let stored = self.table.get(board);
        if let Some(slot) = stored.filter(|s| i32::from(s.depth) >= depth) {
            let score = from_table(slot.score, ply);
            match slot.bound {
                Bound::Exact => return Ok(score),
                Bound::Lower if score >= beta => return Ok(score),
                Bound::Upper if score <= alpha => return Ok(score),
                _ => {}
            }
        }
        let mut moves = moves.unwrap_or_else(|| ordered_moves(board, side, empty));
        if let Some(slot) = stored
            && let Some(at) = moves.iter().position(|&c| c == slot.best as usize)
        {
            moves[..=at].rotate_right(1);
        }
        let mut best = (-WIN - 1, moves[0]);
        for cell in moves {
            let score = -self.negamax(board.with_move(cell), next_depth, ply + 1, -beta, -alpha)?;
            if score > best.0 {
                best = (score, cell);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best.0 <= alpha_in {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.put(Slot {
            board,
            depth: depth.clamp(0, 127) as i8,
            bound,
            score: to_table(best.0, ply),
            best: best.1 as u8,
        });
        Ok(best.0)
    }
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

/// Proven scores are stored relative to the node (plies from it), not the root.
fn to_table(score: i32, ply: i32) -> i32 {
    if score >= PROVEN {
        score + ply
    } else if score <= -PROVEN {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score >= PROVEN {
        score - ply
    } else if score <= -PROVEN {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_a_win_and_sees_a_double_threat() {
        let mut s = Searcher::new();
        // X on 0, 1, 2 and O elsewhere: X wins at 3.
        let b = QubicBoard::from_masks(0b111, 1 << 40 | 1 << 45 | 1 << 51);
        let found = s.search(b, &[], 4, None).unwrap();
        assert_eq!(found.cell, 3);
        assert_eq!(found.proven(), Some(1));
        // X on 1, 2, 4, 8: cell 0 makes two threes, a win in 3.
        let fork = QubicBoard::from_masks(
            1 << 1 | 1 << 2 | 1 << 4 | 1 << 8,
            1 << 40 | 1 << 45 | 1 << 51 | 1 << 60,
        );
        let found = s.search(fork, &[], 3, None).unwrap();
        assert_eq!(found.proven(), Some(3));
    }

    #[test]
    fn blocks_a_single_threat() {
        let mut s = Searcher::new();
        // O to move; X threatens 3 (0 1 2).
        let b = QubicBoard::from_masks(0b111, 1 << 40 | 1 << 45);
        let found = s.search(b, &[], 3, None).unwrap();
        assert_eq!(found.cell, 3);
    }
}

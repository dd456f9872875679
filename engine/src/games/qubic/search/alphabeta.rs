//! Negamax below one root move of the analysis. Threats shape the tree: the side to move
//! wins at once when it can; blocking the opponent's one threat is the only move and costs
//! no depth; two threats lose. At the horizon a fork is a win in 3, else the evaluation.
//! Scores near [`WIN`] come only from those rules, so they are proven. The table is keyed by
//! the whole board, so a hit is never another position; a result gives way to any other,
//! but not to a shallower one for the same board.

use std::sync::Arc;

use super::eval::{evaluate, fork_cells, ordered_moves};
use crate::core::root::Halt;
use crate::games::kit::table::{self, Bound, Entry};
use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::lines::LINES;
use crate::games::qubic::threats::threats;

/// A win in `p` plies scores `WIN - p`.
pub const WIN: i32 = crate::core::WIN_SCORE;

pub const PROVEN: i32 = WIN - 1000;

const CLOCK_EVERY: u64 = 512;

pub(crate) struct Searcher {
    pub(super) table: Table,
    pub(super) nodes: u64,
    pub(super) stopped: bool,
    pub(super) node_limit: u64,
    pub(super) halt: Option<Arc<Halt>>,
}

pub(super) struct Stop;

impl Searcher {
    pub fn with_table_bits(bits: u32) -> Searcher {
        Searcher {
            table: Table::new(bits),
            nodes: 0,
            stopped: false,
            node_limit: u64::MAX,
            halt: None,
        }
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        self.stopped |= self.nodes > self.node_limit
            || (self.nodes.is_multiple_of(CLOCK_EVERY)
                && self.halt.as_ref().is_some_and(|h| h.halted()));
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
            let score = rebase(slot.score, -ply);
            if slot.bound.settles(score, alpha, beta) {
                return Ok(score);
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
        let bound = Bound::of(best.0, alpha_in, beta);
        self.table.put(Slot {
            board,
            depth: depth.clamp(0, 127) as i8,
            bound,
            score: rebase(best.0, ply),
            best: best.1 as u8,
        });
        Ok(best.0)
    }
}

pub(crate) type Table = table::Table<Slot>;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    pub board: QubicBoard,
    pub depth: i8,
    pub bound: Bound,
    pub score: i32,
    pub best: u8,
}

impl Entry for Slot {
    type Key = QubicBoard;

    #[inline]
    fn key(&self) -> QubicBoard {
        self.board
    }

    #[inline]
    fn spread(board: QubicBoard) -> usize {
        let h = (board.x().wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ board.o().rotate_left(31))
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> 20) as usize
    }

    #[inline]
    fn stays_over(&self, new: &Slot) -> bool {
        self.board == new.board && self.depth > new.depth
    }
}

/// A proven score moved `plies` away from the root: the table holds it relative to the
/// node (`rebase(score, ply)`), the search relative to the root (`rebase(score, -ply)`).
fn rebase(score: i32, plies: i32) -> i32 {
    if score >= PROVEN {
        score + plies
    } else if score <= -PROVEN {
        score - plies
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use crate::core::root::SearchSettings;
    use crate::core::{Budget, Claim};
    use crate::games::qubic::board::QubicBoard;
    use crate::games::qubic::search::analysis::analyze;

    /// The best move at `depth` and what it proves.
    fn best(board: QubicBoard, depth: u32) -> (usize, Option<Claim>) {
        let settings = SearchSettings::new(Budget::Depth(depth), 1);
        let analysis = analyze(board, &settings).unwrap();
        (analysis.best.index(), analysis.claim())
    }

    #[test]
    fn takes_a_win_and_sees_a_double_threat() {
        // X on 0, 1, 2 and O elsewhere: X wins at 3.
        let b = QubicBoard::from_masks(0b111, 1 << 40 | 1 << 45 | 1 << 51);
        assert_eq!(best(b, 4), (3, Some(Claim::WinWithin(1))));
        // X on 1, 2, 4, 8: cell 0 makes two threes, a win in 3.
        let fork = QubicBoard::from_masks(
            1 << 1 | 1 << 2 | 1 << 4 | 1 << 8,
            1 << 40 | 1 << 45 | 1 << 51 | 1 << 60,
        );
        assert_eq!(best(fork, 3).1, Some(Claim::WinWithin(3)));
    }

    #[test]
    fn blocks_a_single_threat() {
        // O to move; X threatens 3 (0 1 2).
        let b = QubicBoard::from_masks(0b111, 1 << 40 | 1 << 45);
        assert_eq!(best(b, 3).0, 3);
    }
}

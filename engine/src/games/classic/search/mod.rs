//! The searching bot for boards too big to solve (5x5 to 7x7, any K): iterative deepening
//! over a principal variation search, with a transposition table, threat detection and move
//! ordering, each in its own file, stopping within a time budget.
//!
//! - `node.rs`, `zobrist.rs`: the position as the search copies it, and its hash;
//! - `threats.rs`: cells that win at once, forced blocks, double threats;
//! - `eval.rs`: the static guess where the search stops short;
//! - `tt.rs`: the transposition table; `ordering.rs`: which moves first;
//! - `negamax.rs`: the search itself; this file: deepening, the clock, and what the result
//!   proves.

mod analysis;
mod eval;
mod negamax;
mod node;
mod ordering;
mod threats;
mod tt;
mod zobrist;

use std::time::{Duration, Instant};

use super::board::ClassicBoard;
use super::cell::ClassicCell;
use super::lines::Lines;
use super::variant::Variant;
use crate::core::{Claim, Value};
use negamax::{MATE, MATE_BOUND, Search};
use node::Node;
use ordering::Ordering;
use tt::{Bound, Slot, Table};
use zobrist::Zobrist;

pub use analysis::ANALYSIS_TABLE_BITS;
pub use threats::winning_cells;

/// How long and how deep a search may go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchLimits {
    pub movetime: Duration,
    /// Plies at most; the search also stops at the end of the game.
    pub max_depth: u32,
}

impl SearchLimits {
    pub fn movetime(movetime: Duration) -> SearchLimits {
        SearchLimits {
            movetime,
            max_depth: u32::MAX,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Found {
    pub cell: ClassicCell,
    /// For the side to move: `MATE - p` for a win with the `p`-th ply, `p - MATE` for a
    /// loss, else a guess.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// No guess went into the score: the whole tree below was searched.
    pub proven: bool,
    pub nodes: u64,
    /// Settled without a search: a win at once or the one block.
    pub forced: Option<Forced>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Forced {
    Win,
    Block,
}

impl Found {
    /// What the score proves for the side to move playing `cell`, with `empty` empty cells
    /// before the move; nothing when it is a guess.
    pub fn claim(&self, empty: u32) -> Option<Claim> {
        claim(self.score, self.proven, empty)
    }
}

/// What a score proves: exact when proven, else a bound when it is a win or a loss.
pub fn claim(score: i32, proven: bool, empty: u32) -> Option<Claim> {
    let plies = (MATE - score.abs()) as u32;
    match (proven, score) {
        (true, s) if s >= MATE_BOUND => Some(Claim::Exact(Value::win_in(plies))),
        (true, s) if s <= -MATE_BOUND => Some(Claim::Exact(Value::loss_in(plies))),
        (true, 0) => Some(Claim::Exact(Value::draw_in(empty))),
        (false, s) if s >= MATE_BOUND => Some(Claim::WinWithin(plies)),
        (false, s) if s <= -MATE_BOUND => Some(Claim::LossWithin(plies)),
        _ => None,
    }
}

/// A search engine for one variant, kept across moves so its table carries over.
pub struct Searcher {
    variant: Variant,
    lines: &'static Lines,
    through: Vec<Vec<u64>>,
    weights: Vec<i32>,
    zobrist: Zobrist,
    table: Table,
    ordering: Ordering,
}

/// Stop this long before the budget ends, for the unwinding and the caller.
fn margin(movetime: Duration) -> Duration {
    (movetime / 50).min(Duration::from_millis(5))
}

/// Longer than any search takes: a budget beyond it is no limit.
const NO_LIMIT: Duration = Duration::from_secs(3600);

/// When a search started at `start` with `movetime` must stop.
fn deadline(start: Instant, movetime: Duration) -> Instant {
    start + movetime.min(NO_LIMIT).saturating_sub(margin(movetime))
}

impl Searcher {
    /// `table_bits`: the table has `2^table_bits` slots of 24 bytes.
    pub fn new(variant: Variant, table_bits: u32) -> Searcher {
        let lines = Lines::of(variant);
        Searcher {
            variant,
            lines,
            through: (0..variant.cells())
                .map(|c| lines.through(c).to_vec())
                .collect(),
            weights: eval::weights(variant.k() as u32),
            zobrist: Zobrist::new(),
            table: Table::new(table_bits),
            ordering: Ordering::new(),
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    fn node(&self, board: ClassicBoard) -> Node {
        let me = board.to_move();
        Node::new(board.stones(me), board.stones(me.other()), &self.zobrist)
    }

    /// The best move found within `limits`; `None` when the game is over or the board is
    /// another variant's.
    pub fn search(&mut self, board: ClassicBoard, limits: SearchLimits) -> Option<Found> {
        if board.variant() != self.variant || board.status().is_over() {
            return None;
        }
        let start = Instant::now();
        let node = self.node(board);
        let empty = board.empty_cells().count_ones();
        self.table.next_search();
        self.ordering.next_search();
        let (lines, variant) = (self.lines.all(), self.variant);
        let k = variant.k() as u32;
        let (mine, theirs) = (
            winning_cells(lines, node.mover, node.other, k),
            winning_cells(lines, node.other, node.mover, k),
        );
        if mine != 0 {
            return Some(settled(mine, negamax::win_at(0), Forced::Win));
        }
        // Facing threats, only blocks are worth a look (two or more: lost anyway).
        let moves = if theirs != 0 {
            theirs
        } else {
            board.empty_cells()
        };
        let mut search = self.start_search(start);
        let forced = (moves.count_ones() == 1).then_some(Forced::Block);
        let mut order: Vec<u8> = ClassicCell::in_mask(moves)
            .map(|c| c.index() as u8)
            .collect();
        let mut best: Option<Found> = None;
        for depth in 1..=limits.max_depth.min(empty) {
            // The first iteration always finishes (at most 49 nodes), so there is a move.
            if depth == 1 {
                search.deadline = start + NO_LIMIT;
            } else {
                search.deadline = deadline(start, limits.movetime);
            }
            let Some((cell, score, proven)) = root(&mut search, node, &mut order, depth) else {
                break;
            };
            let done = proven || score.abs() >= MATE_BOUND;
            best = Some(Found {
                cell: ClassicCell::new(variant, cell as usize)?,
                score,
                depth,
                proven,
                nodes: search.nodes,
                forced,
            });
            // An iteration takes several times the one before: another would not finish. A
            // forced move only looks for a proof, with a tenth of the time.
            let share = if forced.is_some() { 10 } else { 2 };
            if done || start.elapsed() * share > limits.movetime {
                break;
            }
        }
        best
    }

    fn start_search(&mut self, deadline: Instant) -> Search<'_> {
        Search::new(
            self.lines,
            &self.through,
            &self.weights,
            &self.zobrist,
            &mut self.table,
            &mut self.ordering,
            deadline,
        )
    }

    /// The score of each legal move for the side to move, searched up to `depth` plies
    /// deep (the move included) with a full window each: rounds of depth 1, 3, 5, ...
    /// over all the moves, keeping the last round that finished within `movetime`.
    /// Proven scores say so. Empty when the game is over.
    pub fn move_scores(
        &mut self,
        board: ClassicBoard,
        depth: u32,
        movetime: Duration,
    ) -> Vec<(ClassicCell, i32, bool)> {
        if board.variant() != self.variant || board.status().is_over() {
            return Vec::new();
        }
        let start = Instant::now();
        self.table.next_search();
        let mut done = Vec::new();
        let mut round = 1;
        while round <= depth.max(1) {
            // The first round (static guesses) always finishes: a move comes out.
            let deadline = if round == 1 {
                start + NO_LIMIT
            } else {
                deadline(start, movetime)
            };
            match self.score_round(board, round, deadline) {
                Some(scores) => done = scores,
                None => break,
            }
            round += 2;
        }
        done
    }

    fn score_round(
        &mut self,
        board: ClassicBoard,
        depth: u32,
        deadline: Instant,
    ) -> Option<Vec<(ClassicCell, i32, bool)>> {
        let node = self.node(board);
        let mut search = self.start_search(deadline);
        let mut out = Vec::new();
        for cell in ClassicCell::in_mask(board.empty_cells()) {
            let (score, proven) = score_move(&mut search, board, node, cell, depth);
            if search.stopped {
                return None;
            }
            out.push((cell, score, proven));
        }
        Some(out)
    }
}

/// The score of playing `cell` on `board` (whose node is `node`) for the side playing it,
/// searched `depth` plies with the move, and whether no guess went into it: a win or a full
/// board at once is proven without a search. Meaningless once `search` has stopped.
fn score_move(
    search: &mut Search<'_>,
    board: ClassicBoard,
    node: Node,
    cell: ClassicCell,
    depth: u32,
) -> (i32, bool) {
    let child = node.play(cell.index(), search.zobrist);
    if board.with_move(cell).winning_line().is_some() {
        (MATE - 1, true)
    } else if child.mover | child.other == board.variant().full_mask() {
        (0, true)
    } else {
        let (s, p) = search.negamax(child, depth - 1, -MATE - 1, MATE + 1, 1);
        (-s, p)
    }
}

fn settled(cells: u64, score: i32, forced: Forced) -> Found {
    let cell = ClassicCell::in_mask(cells)
        .next()
        .expect("a threat names a cell");
    Found {
        cell,
        score,
        depth: 1,
        proven: true,
        nodes: 1,
        forced: Some(forced),
    }
}

/// One iteration at the root: every move of `order` (the last best first), a full window
/// for the first and a null window to test the rest. `None` if the clock stopped it.
fn root(
    search: &mut Search<'_>,
    node: Node,
    order: &mut [u8],
    depth: u32,
) -> Option<(u8, i32, bool)> {
    let (mut alpha, beta) = (-MATE - 1, MATE + 1);
    let (mut best, mut best_index, mut proven) = (-MATE - 1, 0, true);
    for (i, &cell) in order.iter().enumerate() {
        let child = node.play(cell as usize, search.zobrist);
        let (score, sure) = if child.mover | child.other == search.full {
            (0, true)
        } else if i == 0 {
            let (s, p) = search.negamax(child, depth - 1, -beta, -alpha, 1);
            (-s, p)
        } else {
            let (s, p) = search.negamax(child, depth - 1, -alpha - 1, -alpha, 1);
            if -s > alpha {
                let (s, p) = search.negamax(child, depth - 1, -beta, -alpha, 1);
                (-s, p)
            } else {
                (-s, p)
            }
        };
        if search.stopped {
            return None;
        }
        proven &= sure;
        if score > best {
            best = score;
            best_index = i;
            alpha = alpha.max(score);
        }
    }
    // The best move goes first next time, the others keep their order.
    order[..=best_index].rotate_right(1);
    let cell = order[0];
    search.table.put(Slot::new(
        node.hash,
        best,
        depth as u8,
        Bound::Exact,
        cell,
        proven,
    ));
    Some((cell, best, proven))
}

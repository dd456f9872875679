//! Proofs of the value of classic positions on any board, 3x3 to 8x8, by search down to
//! positions a strategy of one side's closes (`hold`: a pairing, or the lines' potential),
//! or by that strategy alone from the empty board: a result is only given when proven, and
//! at a node limit (no time limit) the same on every run.

pub mod certificate;
mod hold;
mod rules;
mod search;
mod table;

use std::time::{Duration, Instant};

pub use search::ProofLimits;

use super::board::ClassicBoard;
use super::cell::ClassicCell;
use super::variant::Variant;
use crate::core::{Outcome, Status, Value};
use crate::games::kit::exact::Score;
use rules::{Rules, Sides};
use search::{OutOfBudget, Search};
use table::Table;

/// What the prover found, for the side to move, within its limits.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Proof {
    /// The proven outcome; `None`: not proven within the limits (or the game is over).
    pub outcome: Option<Outcome>,
    /// The proven plies to the end under perfect play, when proven too.
    pub plies: Option<u32>,
    /// Positions the search visited and the time it took, in all and up to the outcome.
    pub nodes: u64,
    pub elapsed: Duration,
    pub outcome_nodes: u64,
    pub outcome_elapsed: Duration,
    pub symmetries: usize,
}

impl Proof {
    /// The exact value, when both the outcome and the plies are proven.
    pub fn value(&self) -> Option<Value> {
        Some(Value {
            outcome: self.outcome?,
            plies: self.plies?,
        })
    }
}

/// What to prove: the outcome alone, or the plies too (a shortest win and a longest loss
/// cost more search).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Want {
    Outcome,
    Value,
}

pub fn prove(board: ClassicBoard, limits: ProofLimits, want: Want) -> Proof {
    Prover::new(board.variant()).prove(board, limits, want)
}

/// A prover for one variant: finding a board's symmetries takes a few tenths of a second
/// on 7x7, so whoever proves many positions (the hints: one proof a move) keeps one.
pub struct Prover {
    rules: Rules,
    /// What `holds` proved so far.
    table: Option<Table>,
}

impl Prover {
    pub fn new(variant: Variant) -> Prover {
        Prover {
            rules: Rules::new(variant),
            table: None,
        }
    }

    /// Proves the value of `board` (of this prover's variant) for the side to move within
    /// `limits`.
    pub fn prove(&self, board: ClassicBoard, limits: ProofLimits, want: Want) -> Proof {
        self.prove_in(&mut Search::new(&self.rules, limits), board, want)
    }

    /// `prove` with a search the caller keeps, and with it the table of what it proved.
    fn prove_in(&self, search: &mut Search, board: ClassicBoard, want: Want) -> Proof {
        let started = Instant::now();
        let mut proof = Proof {
            symmetries: self.rules.symmetries(),
            ..Proof::default()
        };
        if board.status().is_over() {
            return proof;
        }
        let empty = board.empty_cells().count_ones();
        let sides = Sides::of(board);
        if let Ok((outcome, short)) = outcome(search, sides, empty) {
            proof.outcome = Some(outcome);
            proof.outcome_nodes = search.nodes;
            proof.outcome_elapsed = started.elapsed();
            proof.plies = match outcome {
                Outcome::Draw => Some(empty),
                _ if short.is_some() || want == Want::Outcome => short,
                _ => plies(search, sides, outcome, empty).ok(),
            };
        }
        proof.nodes = search.nodes;
        proof.elapsed = started.elapsed();
        proof
    }

    /// The moves of the side to move, one of each class under the symmetries, in the order
    /// the search tries them when that side holds the other off.
    pub fn moves(&self, board: ClassicBoard) -> Vec<ClassicCell> {
        let (sides, mut seen) = (Sides::of(board), std::collections::HashSet::new());
        let moves = search::ordered_moves(&self.rules, sides, board.empty_cells(), None, true);
        let cell = |c: u32| ClassicCell::new(board.variant(), c as usize);
        (moves.into_iter())
            .filter(|&c| seen.insert(self.rules.canonical(sides.after(c)).key))
            .filter_map(cell)
            .collect()
    }

    /// Whether the side to move on `board` holds the other off every line (so at least
    /// draws), if proven within `limits`; and the positions searched.
    /// One table serves every call, so each starts from what the others proved.
    pub fn holds(&mut self, board: ClassicBoard, limits: ProofLimits) -> (Option<bool>, u64) {
        let mut search = match self.table.take() {
            Some(table) => Search::with_table(&self.rules, limits, table),
            None => Search::new(&self.rules, limits),
        };
        let score = search.score(Sides::of(board), Score::SOME_LOSS, Score::DRAW);
        let nodes = search.nodes;
        self.table = Some(search.into_table());
        (score.ok().map(|s| s >= Score::DRAW), nodes)
    }

    /// The exact value of playing `cell` on `board`, for the side playing it, if proven
    /// within `limits`; a move that ends the game has its value at once.
    pub fn move_value(
        &self,
        board: ClassicBoard,
        cell: ClassicCell,
        limits: ProofLimits,
    ) -> Option<Value> {
        let after = board.play(cell).ok()?;
        let status = after.status();
        if status.is_over() {
            let outcome = match status {
                Status::Won(side) if side == board.to_move() => Outcome::Win,
                Status::Won(_) => Outcome::Loss,
                _ => Outcome::Draw,
            };
            return Some(Value { outcome, plies: 1 });
        }
        let value = self.prove(after, limits, Want::Value).value()?;
        Some(value.before_move())
    }
}

/// Wins found first by the plies they take, up to this many: a short horizon cuts the tree
/// hard (no line can be finished in time), so quick wins come cheap; and the first found is
/// the shortest.
const SHORT_WINS: u32 = 15;

/// Win, draw or loss with null windows: "a win within 1 ply? 3? ... 15?", then "a win?",
/// then if not "at least a draw?"; with the plies when a short win settles it.
fn outcome(
    search: &mut Search,
    sides: Sides,
    empty: u32,
) -> Result<(Outcome, Option<u32>), OutOfBudget> {
    for plies in (1..=SHORT_WINS.min(empty)).step_by(2) {
        if win_within(search, sides, plies)? {
            return Ok((Outcome::Win, Some(plies)));
        }
    }
    if search.score(sides, Score::DRAW, Score::SOME_WIN)? >= Score::SOME_WIN {
        return Ok((Outcome::Win, None));
    }
    let outcome = if search.score(sides, Score::SOME_LOSS, Score::DRAW)? >= Score::DRAW {
        Outcome::Draw
    } else {
        Outcome::Loss
    };
    Ok((outcome, None))
}

/// Whether the side to move wins within `plies` plies.
fn win_within(search: &mut Search, sides: Sides, plies: u32) -> Result<bool, OutOfBudget> {
    let within = Score::win_in(plies);
    Ok(search.score(sides, Score::win_in(plies + 1), within)? >= within)
}

/// The plies of a proven win or loss, by null windows one move further each time: "a win
/// within 1 ply? 3? 5?", or "a loss in more than 2 plies? 4?", until the answer turns.
fn plies(
    search: &mut Search,
    sides: Sides,
    outcome: Outcome,
    empty: u32,
) -> Result<u32, OutOfBudget> {
    let first = if outcome == Outcome::Win { 1 } else { 2 };
    for plies in (first..=empty).step_by(2) {
        let settled = if outcome == Outcome::Win {
            win_within(search, sides, plies)?
        } else {
            let longer = Score::loss_in(plies + 1);
            search.score(sides, Score::loss_in(plies), longer)? < longer
        };
        if settled {
            return Ok(plies);
        }
    }
    // A proven win or loss ends within the empty cells; not reached.
    Err(OutOfBudget)
}

//! The levels below `perfect`, the same for X and O: win at once, else block, else the
//! analysis's best move with the level's threat searches (where every move loses, the
//! slowest loss); calibrated by games against `random` and `greedy` (the README's table).

use std::time::{Duration, Instant};

use rand::RngExt;

use super::decision;
use crate::core::root::SearchSettings;
use crate::core::{Budget, Claim, Decision, Difficulty, Player, Position, Status};
use crate::games::kit::rng::{PlayerRng, random_bit, rng_from_seed};
use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::geometry::{Geometry, Qubic};
use crate::games::qubic::search::analysis::{ThreatBudgets, analyze_with};
use crate::games::qubic::threats::winning_cells;

#[derive(Clone, Copy, PartialEq, Debug)]
pub struct StrongStyle {
    pub movetime: Duration,
    /// `None`: as deep as the clock allows.
    pub max_depth: Option<u32>,
    /// Chance of a random move instead.
    pub blunder: f64,
    pub threats: ThreatBudgets,
}

impl StrongStyle {
    /// The strongest searching O the tests and measurements play: no blunders, as deep as
    /// the clock allows, a defence budget ten times the analysis's.
    pub fn strongest(movetime: Duration) -> StrongStyle {
        StrongStyle {
            movetime,
            max_depth: None,
            blunder: 0.0,
            threats: ThreatBudgets {
                attack: 200_000,
                defend: 200_000,
            },
        }
    }
}

pub struct Strong {
    name: String,
    style: StrongStyle,
    rng: PlayerRng,
}

impl Strong {
    pub fn new(name: &str, style: StrongStyle, seed: u64) -> Strong {
        Strong {
            name: name.to_string(),
            style,
            rng: rng_from_seed(seed),
        }
    }

    pub fn choose(&mut self, board: QubicBoard) -> Option<Decision> {
        if board.status() != Status::InPlay {
            return None;
        }
        let deadline = Instant::now() + self.style.movetime;
        if self.style.blunder > 0.0 && self.rng.random_bool(self.style.blunder) {
            let cell = random_bit(Qubic.empty_cells(board), &mut self.rng)?;
            return Some(decision(cell, "random", None));
        }
        if let Some(tactic) = tactics(board) {
            return Some(tactic);
        }
        let budget = match self.style.max_depth {
            Some(depth) => Budget::Depth(depth),
            None => Budget::Time(deadline.saturating_duration_since(Instant::now())),
        };
        let settings = SearchSettings::new(budget, 1);
        let (analysis, proofs) = analyze_with(board, self.style.threats, &settings)?;
        let best = analysis.best.index();
        // A move the threat search settled: its own forced win, or the slowest loss.
        let how = match proofs.iter().find(|&&(cell, _)| cell == best) {
            Some(&(_, score)) if score > 0 => "forced win",
            Some(_) => "defend",
            None => "search",
        };
        Some(decision(best, how, analysis.claim()))
    }
}

impl Player for Strong {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        self.choose(QubicBoard::of(position))
    }
}

/// Two threats of the opponent's are a proven loss.
pub(crate) fn tactics(board: QubicBoard) -> Option<Decision> {
    let side = board.to_move();
    let wins = winning_cells(&Qubic, board, side);
    if wins != 0 {
        let cell = wins.trailing_zeros() as usize;
        return Some(decision(cell, "win", Some(Claim::WinWithin(1))));
    }
    let blocks = winning_cells(&Qubic, board, side.other());
    let cell = blocks.trailing_zeros() as usize;
    match blocks.count_ones() {
        0 => None,
        1 => Some(decision(cell, "block", None)),
        // One block cannot stop two: the opponent wins on its next move.
        _ => Some(decision(cell, "block", Some(Claim::LossWithin(2)))),
    }
}

/// `None` for the levels that do not search.
pub fn player(level: Difficulty, movetime: Duration, seed: u64) -> Option<Strong> {
    // The longest a move may take (ms), the depth (`None`: as deep as the clock allows), the
    // chance of a random move, and the threat searches' budgets.
    let (cap, max_depth, blunder, (attack, defend)) = match level {
        Difficulty::Easy => (50, Some(1), 0.25, (0, 0)),
        Difficulty::Medium => (100, Some(2), 0.05, (2_000, 0)),
        Difficulty::Hard => (300, None, 0.0, (50_000, 50_000)),
        Difficulty::Random | Difficulty::Perfect => return None,
    };
    let style = StrongStyle {
        movetime: movetime.min(Duration::from_millis(cap)),
        max_depth,
        blunder,
        threats: ThreatBudgets { attack, defend },
    };
    Some(Strong::new(level.name(), style, seed))
}

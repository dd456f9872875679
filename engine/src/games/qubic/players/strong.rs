//! The searching levels, in order: win at once; block the opponent's three (two of them:
//! lost, proven); play its own forced win when the threat search finds one; when the
//! opponent would have a forced win were it to move, keep only the moves after which the
//! threat search finds none (if every move is proven to lose, delay the loss longest); then
//! the analysis's best of the moves kept.

use std::time::{Duration, Instant};

use rand::RngExt;

use super::{PlayerRng, decision, rng_from_seed};
use crate::core::root::SearchSettings;
use crate::core::{Budget, Claim, Decision, Player, Position, Status};
use crate::games::kit::rng::random_bit;
use crate::games::qubic::board::{QubicBoard, Side};
use crate::games::qubic::geometry::{Geometry, Qubic};
use crate::games::qubic::position::QubicPosition;
use crate::games::qubic::search::analysis::analyze_moves;
use crate::games::qubic::search::eval::ordered_moves;
use crate::games::qubic::threats::{ThreatOutcome, ThreatSearch, winning_cells};

/// How a searching player plays.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct StrongStyle {
    pub movetime: Duration,
    /// Deepest alpha-beta iteration; `None`: as deep as the clock allows.
    pub max_depth: Option<u32>,
    /// Look for its own forced wins.
    pub attack: bool,
    /// Break the opponent's forced wins before they start.
    pub defend: bool,
    /// Chance of a random move instead (a human-looking slip).
    pub blunder: f64,
    /// Positions one threat search may examine.
    pub threat_budget: u64,
}

impl StrongStyle {
    /// The strongest: everything on, the whole clock.
    pub fn strongest(movetime: Duration) -> StrongStyle {
        StrongStyle {
            movetime,
            max_depth: None,
            attack: true,
            defend: true,
            blunder: 0.0,
            threat_budget: 200_000,
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
}

impl Player for Strong {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        self.choose(QubicPosition::board_of(position))
    }
}

impl Strong {
    /// The move on the concrete board (the search stays on it).
    pub fn choose(&mut self, board: QubicBoard) -> Option<Decision> {
        if board.status() != Status::InPlay {
            return None;
        }
        let deadline = Instant::now() + self.style.movetime;
        if self.style.blunder > 0.0 && self.rng.random_bool(self.style.blunder) {
            let cell = random_bit(Qubic.empty_cells(board), &mut self.rng)?;
            return Some(decision(cell, "random"));
        }
        if let Some(tactic) = tactics(board) {
            return Some(tactic);
        }
        let side = board.to_move();
        if self.style.attack
            && let Some(win) = ThreatSearch::new(&Qubic, self.style.threat_budget)
                .until(deadline)
                .run(board)
                .found()
        {
            return Some(claimed(
                win.first,
                "forced win",
                Claim::WinWithin(win.plies),
            ));
        }
        let mut moves = Vec::new();
        if self.style.defend {
            match defend(board, side, &self.style, deadline) {
                Defence::Free => {}
                Defence::Keep(kept) => moves = kept,
                Defence::Lost { cell, plies } => {
                    return Some(claimed(cell, "defend", Claim::LossWithin(plies)));
                }
            }
        }
        let budget = match self.style.max_depth {
            Some(depth) => Budget::Depth(depth),
            None => Budget::Time(deadline.saturating_duration_since(Instant::now())),
        };
        let analysis = analyze_moves(board, moves, &SearchSettings::new(budget, 1))?;
        Some(Decision {
            claim: analysis.claim(),
            ..decision(analysis.best.index(), "search")
        })
    }
}

/// Win at once, or block; two threats of the opponent's are a proven loss.
pub(crate) fn tactics(board: QubicBoard) -> Option<Decision> {
    let side = board.to_move();
    let wins = winning_cells(&Qubic, board, side);
    if wins != 0 {
        let cell = wins.trailing_zeros() as usize;
        return Some(claimed(cell, "win", Claim::WinWithin(1)));
    }
    let blocks = winning_cells(&Qubic, board, side.other());
    let cell = blocks.trailing_zeros() as usize;
    match blocks.count_ones() {
        0 => None,
        1 => Some(decision(cell, "block")),
        // One block cannot stop two: the opponent wins on its next move.
        _ => Some(claimed(cell, "block", Claim::LossWithin(2))),
    }
}

fn claimed(cell: usize, how: &str, claim: Claim) -> Decision {
    Decision {
        claim: Some(claim),
        ..decision(cell, how)
    }
}

/// What to do about the opponent's forced wins.
enum Defence {
    /// The opponent has none even with a free move: nothing to break.
    Free,
    /// Only these moves leave the opponent no forced win the search finds (or were not
    /// checked in time).
    Keep(Vec<usize>),
    /// Every move lets the opponent force a win; this one delays it longest.
    Lost { cell: usize, plies: u32 },
}

fn defend(board: QubicBoard, side: Side, style: &StrongStyle, deadline: Instant) -> Defence {
    let opponent = side.other();
    let search = || ThreatSearch::new(&Qubic, style.threat_budget).until(deadline);
    if search().run_for(board, opponent).found().is_none() {
        return Defence::Free;
    }
    // Leave half of the clock to the alpha-beta search.
    let checks_until = Instant::now() + (deadline - Instant::now()) / 2;
    let mut kept = Vec::new();
    let mut slowest: Option<(usize, u32)> = None;
    for cell in ordered_moves(board, side, Qubic.empty_cells(board)) {
        if Instant::now() >= checks_until {
            kept.push(cell); // not checked: kept, as it may be safe
            continue;
        }
        match search().until(checks_until).run(board.with_move(cell)) {
            ThreatOutcome::Found(win) => {
                // The loss counts our move too.
                if slowest.is_none_or(|(_, p)| win.plies + 1 > p) {
                    slowest = Some((cell, win.plies + 1));
                }
            }
            ThreatOutcome::NotFound | ThreatOutcome::OutOfBudget => kept.push(cell),
        }
    }
    match (kept.is_empty(), slowest) {
        (true, Some((cell, plies))) => Defence::Lost { cell, plies },
        _ => Defence::Keep(kept),
    }
}

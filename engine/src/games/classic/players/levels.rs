//! The difficulty levels on the exactly solved boards (up to 4x4): `easy`, `medium` and
//! `hard` make human-looking mistakes on top of the exact move values; `perfect` makes none.
//!
//! A level scores each legal move from its exact value (a win in `p` plies `1 + 1/p`, a
//! draw 0, a loss in `p` plies `-1 - 1/p`, so near results weigh more than far ones), plus
//! at `hard` a bonus for the share of the opponent's replies that go wrong (the traps a
//! strong player sets), then picks at random with probability proportional to
//! `exp(score / temperature)`. With its guard on (always at `medium` and `hard`, some of
//! the time at `easy`) it takes a win at once and blocks a win at once first.

use std::sync::Arc;

use super::{PlayerRng, board_in_play, random_cell, rng_from_seed};
use crate::core::{CellId, Decision, Player, Position};
use crate::games::classic::board::ClassicBoard;
use crate::games::classic::cell::ClassicCell;
use crate::games::classic::solver::{ClassicSolver, Traps};
use crate::games::kit::levels::Style;

/// How strong a bot plays.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub(crate) enum Level {
    Easy,
    Medium,
    Hard,
    Perfect,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Perfect];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Perfect => "perfect",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// How an exact level plays: `kit::levels`' blending, calibrated for classic.
pub(crate) type ExactStyle = Style;

/// Calibrated against `greedy` (see the README).
fn style_of(level: Level) -> ExactStyle {
    match level {
        Level::Easy => ExactStyle {
            temperature: 1.5,
            trap_weight: 0.0,
            guard: 0.5,
        },
        Level::Medium => ExactStyle {
            temperature: 0.6,
            trap_weight: 0.0,
            guard: 1.0,
        },
        Level::Hard => ExactStyle {
            temperature: 0.15,
            trap_weight: 0.5,
            guard: 1.0,
        },
        Level::Perfect => ExactStyle {
            temperature: 1e-9,
            trap_weight: 0.0,
            guard: 1.0,
        },
    }
}

pub(crate) struct ExactLevel {
    level: Level,
    style: ExactStyle,
    solver: Arc<ClassicSolver>,
    rng: PlayerRng,
}

impl ExactLevel {
    pub fn new(level: Level, solver: Arc<ClassicSolver>, seed: u64) -> ExactLevel {
        ExactLevel::with_style(level, style_of(level), solver, seed)
    }

    pub fn with_style(
        level: Level,
        style: ExactStyle,
        solver: Arc<ClassicSolver>,
        seed: u64,
    ) -> ExactLevel {
        ExactLevel {
            level,
            style,
            solver,
            rng: rng_from_seed(seed),
        }
    }

    /// The cells it may play: with the guard on, the wins at once if any, else the blocks
    /// if any, else all.
    fn allowed(&mut self, board: ClassicBoard) -> u64 {
        let me = board.to_move();
        if !self.style.guarded(&mut self.rng) {
            return board.empty_cells();
        }
        [
            board.winning_cells(me),
            board.winning_cells(me.other()),
            board.empty_cells(),
        ]
        .into_iter()
        .find(|&m| m != 0)
        .unwrap_or(0)
    }
}

impl Player for ExactLevel {
    fn name(&self) -> String {
        self.level.name().into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let board = board_in_play(position)?;
        let allowed = self.allowed(board);
        let empty = board.empty_cells().count_ones();
        let scored: Vec<(ClassicCell, f64)> = ClassicCell::in_mask(allowed)
            .filter_map(|cell| {
                let (score, after) = self.solver.move_result(board, cell)?;
                let traps =
                    (self.style.trap_weight > 0.0).then(|| Traps::after(score, after, empty - 1));
                let share = traps.map_or(0.0, Traps::share);
                Some((cell, self.style.score(score.value(empty), share)))
            })
            .collect();
        let chosen = self.style.pick(&scored, &mut self.rng);
        let cell = chosen.or_else(|| random_cell(board.empty_cells(), &mut self.rng))?;
        Some(Decision::new(CellId::new(cell.index())))
    }
}

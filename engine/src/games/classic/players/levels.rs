//! The levels on the exactly solved boards (up to 4x4): `kit::levels`' blending of the
//! exact move values, calibrated here; `hard` adds a bonus for the share of the opponent's
//! replies that go wrong (the traps a strong player sets), `perfect` makes no mistake.

use std::sync::Arc;

use super::{PlayerRng, board_in_play, obvious, random_cell, rng_from_seed};
use crate::core::{CellId, Decision, Difficulty, Player, Position};
use crate::games::classic::board::ClassicBoard;
use crate::games::classic::cell::ClassicCell;
use crate::games::classic::solver::{ClassicSolver, Traps};
use crate::games::kit::levels::Style;

/// Calibrated against `greedy` (see the README).
fn style_of(level: Difficulty) -> Style {
    match level {
        // `random` is the adapter's own player: never played this way.
        Difficulty::Random | Difficulty::Easy => Style {
            temperature: 1.5,
            trap_weight: 0.0,
            guard: 0.5,
        },
        Difficulty::Medium => Style {
            temperature: 0.6,
            trap_weight: 0.0,
            guard: 1.0,
        },
        Difficulty::Hard => Style {
            temperature: 0.15,
            trap_weight: 0.5,
            guard: 1.0,
        },
        Difficulty::Perfect => Style {
            temperature: 1e-9,
            trap_weight: 0.0,
            guard: 1.0,
        },
    }
}

pub(crate) struct ExactLevel {
    level: Difficulty,
    style: Style,
    solver: Arc<ClassicSolver>,
    rng: PlayerRng,
}

impl ExactLevel {
    pub fn new(level: Difficulty, solver: Arc<ClassicSolver>, seed: u64) -> ExactLevel {
        ExactLevel {
            level,
            style: style_of(level),
            solver,
            rng: rng_from_seed(seed),
        }
    }

    /// The cells it may play: with the guard on, the wins at once if any, else the blocks
    /// if any, else all.
    fn allowed(&mut self, board: ClassicBoard) -> u64 {
        let guarded = self.style.guarded(&mut self.rng);
        let obvious = guarded.then(|| obvious(board)).flatten();
        obvious.map_or(board.empty_cells(), |(cells, _)| cells)
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

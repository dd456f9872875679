//! The levels on the exactly solved boards (up to 4x4): `kit::levels`' blending of the
//! exact move values, calibrated here; `hard` adds a bonus for the share of the opponent's
//! replies that go wrong (the traps a strong player sets), `perfect` makes no mistake.

use super::{board_in_play, obvious};
use crate::core::{CellId, Position, Value};
use crate::games::classic::board::ClassicBoard;
use crate::games::classic::cell::ClassicCell;
use crate::games::classic::solver::ClassicSolver;
use crate::games::kit::exact::Traps;
use crate::games::kit::levels::{Solution, Style};

impl Solution for ClassicSolver {
    fn best(&self, position: &dyn Position) -> Option<(CellId, Value)> {
        let choice = self.best_move(*position.as_any().downcast_ref::<ClassicBoard>()?)?;
        Some((CellId::new(choice.cell.index()), choice.value))
    }

    fn cells(position: &dyn Position) -> Option<(u64, Option<u64>)> {
        let board = board_in_play(position)?;
        Some((board.empty_cells(), obvious(board).map(|(cells, _)| cells)))
    }

    fn graded(&self, position: &dyn Position, cell: usize, traps: bool) -> Option<(Value, f64)> {
        let board = board_in_play(position)?;
        let (score, after) = self.move_result(board, ClassicCell::new(board.variant(), cell)?)?;
        let empty = board.empty_cells().count_ones();
        let traps = traps.then(|| Traps::after(score, after, empty - 1));
        Some((score.value(empty), traps.map_or(0.0, Traps::share)))
    }
}

/// Easy, medium and hard, calibrated against `greedy` (see the README).
pub(crate) const EXACT_STYLES: [Style; 3] = [
    Style {
        temperature: 1.5,
        trap_weight: 0.0,
        guard: 0.5,
    },
    Style {
        temperature: 0.6,
        trap_weight: 0.0,
        guard: 1.0,
    },
    Style {
        temperature: 0.15,
        trap_weight: 0.5,
        guard: 1.0,
    },
];

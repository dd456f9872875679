//! The levels below `perfect`: the exact values blended as `kit::levels` does, with at `hard`
//! a bonus for the traps a strong human sets; the guard never plays a move that loses at once
//! (hands the opponent a point or a winning reply), and `easy` keeps it only some of the time.

use std::sync::Arc;

use super::Player;
use crate::core::{CellId, Difficulty, Position, Value};
use crate::games::kit::exact::Traps;
use crate::games::kit::levels::{Solution, Style, solved_player};
use crate::games::latin::game::Cell;
use crate::games::latin::game::tactics::{safe_cells, winning_cells};
use crate::games::latin::position::{board_of, cell_id};
use crate::games::latin::solver::Solver;

impl Solution for Solver {
    fn best(&self, position: &dyn Position) -> Option<(CellId, Value)> {
        let choice = self.best_move(board_of(position)?)?;
        Some((cell_id(choice.cell), choice.value))
    }

    fn cells(position: &dyn Position) -> Option<(u64, Option<u64>)> {
        let board = board_of(position).filter(|b| !b.status().is_over())?;
        let obvious = [winning_cells(board), safe_cells(board)]
            .into_iter()
            .find(|&cells| cells != 0);
        Some((board.empty_cells().into(), obvious.map(u64::from)))
    }

    fn graded(&self, position: &dyn Position, cell: usize, traps: bool) -> Option<(Value, f64)> {
        let (board, cell) = (board_of(position)?, Cell::new(cell as u8)?);
        let (score, after) = self.move_result(board, cell)?;
        let empty = board.empty_count();
        let traps = traps.then(|| Traps::after(score, after, empty - 1));
        Some((score.value(empty), traps.map_or(0.0, Traps::share)))
    }
}

/// Easy, medium and hard, calibrated against `greedy` (see the README's difficulty section).
const STYLES: [Style; 3] = [
    // Near random among all moves, and only 60 % of the time sure to take a win or dodge a
    // loss at once.
    Style {
        temperature: 3.0,
        trap_weight: 0.0,
        guard: 0.6,
    },
    // Never misses the obvious, but wanders among the rest.
    Style {
        temperature: 1.7,
        trap_weight: 0.0,
        guard: 1.0,
    },
    // Mostly the best move, and it likes setting traps.
    Style {
        temperature: 0.65,
        trap_weight: 0.5,
        guard: 1.0,
    },
];

/// A player of this level; `seed` drives the randomised levels.
pub fn level_player(level: Difficulty, solver: Arc<Solver>, seed: u64) -> Box<dyn Player> {
    solved_player(level, STYLES, solver, seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::games::latin::game::Board;
    use crate::games::latin::position::latin_cell;

    #[test]
    fn a_cold_level_plays_like_the_perfect_value() {
        // At a tiny temperature only the best-scored moves have any weight: from any
        // position the move keeps the exact value.
        let style = Style {
            temperature: 0.001,
            trap_weight: 0.0,
            guard: 1.0,
        };
        let solver = Arc::new(Solver::new());
        let mut cold = solved_player(Difficulty::Hard, [style; 3], Arc::clone(&solver), 1);
        let mut board: Board = "X---/-O--/--X-/----".parse().expect("position");
        while !board.status().is_over() {
            let best = solver.value(board).expect("in play");
            let mv = cold.decide(&board).expect("a move").mv;
            let cell = latin_cell(mv.placed()).expect("a cell");
            let got = solver.move_value(board, cell).expect("legal");
            assert_eq!(got.outcome, best.outcome, "in {board}");
            board = board.with_move(cell);
        }
    }
}

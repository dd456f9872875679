//! The levels below `perfect`: the exact values blended as `kit::levels` does, with at `hard`
//! a bonus for the traps a strong human sets; the guard never plays a move that loses at once
//! (hands the opponent a point or a winning reply), and `easy` keeps it only some of the time.

use std::sync::Arc;

use super::{Perfect, Player, PlayerRng, rng_from_seed};
use crate::core::Difficulty;
use crate::core::Value;
pub(crate) use crate::games::kit::levels::Style;
use crate::games::latin::game::tactics::{safe_cells, winning_cells};
use crate::games::latin::game::{Board, Cell};
use crate::games::latin::solver::Solver;
use crate::games::latin::solver::choose::Traps;

/// A randomised player built on the exact values.
pub(crate) struct Level {
    name: &'static str,
    style: Style,
    solver: Arc<Solver>,
    rng: PlayerRng,
}

impl Level {
    pub fn new(name: &'static str, style: Style, solver: Arc<Solver>, seed: u64) -> Level {
        Level {
            name,
            style,
            solver,
            rng: rng_from_seed(seed),
        }
    }

    /// The cells this move may come from: with the guard on, only the immediate wins if
    /// there are any, else only the moves that do not lose at once (if there are any).
    fn allowed(&mut self, board: Board) -> u16 {
        if !self.style.guarded(&mut self.rng) {
            return board.empty_cells();
        }
        [winning_cells(board), safe_cells(board), board.empty_cells()]
            .into_iter()
            .find(|&mask| mask != 0)
            .unwrap_or(0)
    }

    /// A move's score: its exact value, plus the trap bonus (the share of the opponent's
    /// replies that go wrong for them, as the perfect player counts them).
    fn score(&self, board: Board, cell: Cell, value: Value) -> f64 {
        let share = if self.style.trap_weight == 0.0 {
            0.0 // skip the lookup the score would not use
        } else {
            self.solver.traps(board, cell).map_or(0.0, Traps::share)
        };
        self.style.score(value, share)
    }

    pub fn name(&self) -> String {
        self.name.into()
    }

    pub fn choose(&mut self, board: Board) -> Option<Cell> {
        let allowed = self.allowed(board);
        let values = self.solver.move_values(board);
        let scored: Vec<(Cell, f64)> = Cell::in_mask(allowed)
            .filter_map(|c| values[c.index()].map(|v| (c, self.score(board, c, v))))
            .collect();
        self.style.pick(&scored, &mut self.rng)
    }
}

/// How a level plays; `None` for random (any move) and perfect (no mistakes), which have
/// players of their own. Calibrated against `greedy` (see the README's difficulty section).
pub fn style(level: Difficulty) -> Option<Style> {
    match level {
        // Near random among all moves, and only 60 % of the time sure to take a win
        // or dodge a loss at once.
        Difficulty::Easy => Some(Style {
            temperature: 3.0,
            trap_weight: 0.0,
            guard: 0.6,
        }),
        // Never misses the obvious, but wanders among the rest.
        Difficulty::Medium => Some(Style {
            temperature: 1.7,
            trap_weight: 0.0,
            guard: 1.0,
        }),
        // Mostly the best move, and it likes setting traps.
        Difficulty::Hard => Some(Style {
            temperature: 0.65,
            trap_weight: 0.5,
            guard: 1.0,
        }),
        Difficulty::Random | Difficulty::Perfect => None,
    }
}

/// A player of this level; `seed` drives the randomised levels.
pub fn level_player(level: Difficulty, solver: Arc<Solver>, seed: u64) -> Box<dyn Player> {
    match (level, style(level)) {
        (_, Some(style)) => Box::new(Level::new(level.name(), style, solver, seed)),
        (Difficulty::Random, None) => Box::new(super::RandomPlayer::new(seed)),
        (_, None) => Box::new(Perfect::new(solver)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Outcome;

    fn level(temperature: f64, guard: f64) -> Level {
        let style = Style {
            temperature,
            trap_weight: 0.0,
            guard,
        };
        Level::new("test", style, Arc::new(Solver::new()), 1)
    }

    #[test]
    fn near_results_weigh_more_than_far_ones() {
        let l = level(1.0, 1.0);
        let board = Board::EMPTY;
        let cell = Cell::new(0).expect("a1");
        let value = |outcome, plies| Value { outcome, plies };
        let score = |v| l.score(board, cell, v);
        assert!(score(value(Outcome::Win, 1)) > score(value(Outcome::Win, 7)));
        assert!(score(value(Outcome::Win, 7)) > score(value(Outcome::Draw, 16)));
        assert!(score(value(Outcome::Draw, 16)) > score(value(Outcome::Loss, 9)));
        assert!(score(value(Outcome::Loss, 9)) > score(value(Outcome::Loss, 2)));
    }

    #[test]
    fn a_cold_level_plays_like_the_perfect_value() {
        // At a tiny temperature only the best-scored moves have any weight: from any
        // position the move keeps the exact value.
        let mut cold = level(0.001, 1.0);
        let solver = Solver::new();
        let mut board: Board = "X---/-O--/--X-/----".parse().expect("position");
        while !board.status().is_over() {
            let best = solver.value(board).expect("in play");
            let cell = cold.choose(board).expect("a move");
            let got = solver.move_value(board, cell).expect("legal");
            assert_eq!(got.outcome, best.outcome, "in {}", board.to_text());
            board = board.with_move(cell);
        }
    }
}

//! The yardsticks: `random` and `greedy`, defined in the module above.

use super::{PlayerRng, board_in_play, random_cell, rng_from_seed};
use crate::core::{Decision, Player, Position};

/// A uniformly random legal move.
pub struct RandomPlayer {
    rng: PlayerRng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: rng_from_seed(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let board = board_in_play(position)?;
        let cell = random_cell(board.empty_cells(), &mut self.rng)?;
        Some(Decision::new(crate::core::CellId::new(cell.index())))
    }
}

/// Wins at once if it can, else blocks a cell where the opponent would win at once, else
/// plays at random; random among equals at each step.
pub struct Greedy {
    rng: PlayerRng,
}

impl Greedy {
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: rng_from_seed(seed),
        }
    }
}

impl Player for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let board = board_in_play(position)?;
        let me = board.to_move();
        let steps = [
            (board.winning_cells(me), Some("win")),
            (board.winning_cells(me.other()), Some("block")),
            (board.empty_cells(), None),
        ];
        let (mask, how) = steps.into_iter().find(|&(mask, _)| mask != 0)?;
        let cell = random_cell(mask, &mut self.rng)?;
        Some(Decision {
            how: how.map(String::from),
            ..Decision::new(crate::core::CellId::new(cell.index()))
        })
    }
}

//! The yardstick `greedy`, defined in the module above (`random` is `kit::baselines`').

use super::{PlayerRng, board_in_play, random_cell, rng_from_seed};
use crate::core::{Decision, Player, Position};

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

//! Yardsticks that know only the rules.

use super::{PlayerRng, decision, rng_from_seed};
use crate::core::{Decision, Player, Position, Status};
use crate::games::kit::rng::random_bit;
use crate::games::qubic::board::Board;
use crate::games::qubic::geometry::{Geometry, Qubic};
use crate::games::qubic::position::QubicPosition;
use crate::games::qubic::threats::winning_cells;

/// Wins at once if it can, else blocks the opponent's three, else plays at random.
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
        self.choose(QubicPosition::board_of(position))
    }
}

impl Greedy {
    /// The move on the concrete board (the search stays on it).
    pub fn choose(&mut self, board: Board) -> Option<Decision> {
        if board.status() != Status::InPlay {
            return None;
        }
        let side = board.to_move();
        let wins = winning_cells(&Qubic, board, side);
        if wins != 0 {
            return Some(decision(wins.trailing_zeros() as usize, "win"));
        }
        let blocks = winning_cells(&Qubic, board, side.other());
        if blocks != 0 {
            return Some(decision(blocks.trailing_zeros() as usize, "block"));
        }
        let cell = random_bit(Qubic.empty_cells(board), &mut self.rng)?;
        Some(decision(cell, "random"))
    }
}

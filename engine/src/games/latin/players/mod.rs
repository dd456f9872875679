//! Everything that picks a move in Tic-Tac-Latin, each a core [`Player`] that picks its cell on
//! the concrete [`Board`].

mod baselines;
mod book;
mod heuristic;
mod levels;
mod spec;

pub use crate::core::Difficulty;
pub use crate::games::kit::baselines::RandomPlayer;
pub(crate) use baselines::Lookahead;
pub use baselines::greedy;
pub use book::BookPlayer;
pub use heuristic::Heuristic;
pub use levels::level_player;
pub use spec::VALID_NAMES;
pub(crate) use spec::{SpecError, book_path, book_player, player};

pub(crate) use crate::games::kit::rng::PlayerRng;
use crate::games::kit::rng::random_bit;
pub use crate::games::kit::rng::rng_from_seed;

use crate::core::{Decision, Player, Position};
use crate::games::latin::game::Cell;
use crate::games::latin::position::{board_of, cell_id};

/// Seats players that pick a cell on the concrete board (`name` and `choose`, asked only
/// while the game is on) at the core interface, crossed once a move.
macro_rules! seated {
    ($($player:ty),*) => {$(
        impl Player for $player {
            fn name(&self) -> String {
                <$player>::name(self)
            }

            fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
                let board = board_of(position).filter(|b| !b.status().is_over())?;
                Some(Decision::new(cell_id(self.choose(board)?)))
            }
        }
    )*};
}

seated!(Lookahead, Heuristic, BookPlayer);

fn random_cell(mask: u16, rng: &mut PlayerRng) -> Option<Cell> {
    Cell::new(random_bit(mask.into(), rng)? as u8)
}

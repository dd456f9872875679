//! Everything that picks a move: the perfect player, weaker levels and baselines.
//!
//! - [`Perfect`] (`perfect.rs`): the exact bot; never loses.
//! - [`Difficulty`] and [`Level`] (`levels.rs`): `easy`, `medium`, `hard`, built on exact
//!   move values with human-looking mistakes.
//! - Baselines that know only the rules (`baselines.rs`, `heuristic.rs`): `random`,
//!   `greedy`, `lookahead-N`, `heuristic`.
//! - [`BookPlayer`] (`book.rs`): plays only from a strategy book (see `crate::games::latin::book`).
//! - [`PlayerSpec`] (`spec.rs`): a player named on the command line, built per game.

mod baselines;
mod book;
mod heuristic;
mod levels;
mod perfect;
mod pick;
mod spec;

pub use crate::core::Difficulty;
pub use baselines::{Greedy, Lookahead, RandomPlayer};
pub use book::BookPlayer;
pub use heuristic::Heuristic;
pub use levels::{Level, Style, level_player, style};
pub use perfect::Perfect;
pub use spec::{PlayerSpec, SpecError, VALID_NAMES};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use crate::games::latin::game::{Board, Cell};

/// Something that picks a move for the side to move.
pub trait Player: Send {
    /// A short name for tables and status lines, e.g. `perfect`.
    fn name(&self) -> String;

    /// The move to play; `None` only when the game is over.
    fn choose(&mut self, board: Board) -> Option<Cell>;
}

/// The random generator every randomised player uses. A fixed algorithm (not `StdRng`,
/// which may change between rand versions) so a seed replays the same games everywhere.
pub type PlayerRng = Xoshiro256PlusPlus;

/// A generator for `seed`.
pub fn rng_from_seed(seed: u64) -> PlayerRng {
    PlayerRng::seed_from_u64(seed)
}

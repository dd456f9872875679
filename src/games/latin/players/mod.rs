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
mod spec;

pub use crate::core::Difficulty;
pub use baselines::{Greedy, Lookahead, RandomPlayer};
pub use book::BookPlayer;
pub use heuristic::Heuristic;
pub use levels::{Level, Style, level_player, style};
pub use perfect::Perfect;
pub use spec::{PlayerSpec, SpecError, VALID_NAMES};

use crate::games::kit::rng::random_bit;
pub use crate::games::kit::rng::{PlayerRng, rng_from_seed};

use crate::games::latin::game::{Board, Cell};

/// Something that picks a move for the side to move.
pub trait Player: Send {
    /// A short name for tables and status lines, e.g. `perfect`.
    fn name(&self) -> String;

    /// The move to play; `None` only when the game is over.
    fn choose(&mut self, board: Board) -> Option<Cell>;
}

/// A cell drawn uniformly from a mask; `None` for an empty mask.
fn random_cell(mask: u16, rng: &mut PlayerRng) -> Option<Cell> {
    Cell::new(random_bit(mask.into(), rng)? as u8)
}

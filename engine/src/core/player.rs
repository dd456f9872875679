//! Anything that picks moves, in any game: bots, baselines, the published players (the ten-sided-die player, the five-rule player).

use std::time::Duration;

use super::hint::Claim;
use super::moves::Move;
use super::position::Position;

/// How a player reached its move, for the status line ("dictionary", "forced win").
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Decision {
    pub mv: Move,
    /// What the player has proven about this move for the side playing it, if anything:
    /// an exact value from a solved table, or a forced win or loss found by search.
    pub claim: Option<Claim>,
    /// A short word on how the move was found, e.g. `block`, `dictionary`; `None` when
    /// there is nothing worth saying.
    pub how: Option<String>,
}

impl Decision {
    /// The move `mv` (a cell, for the games that place stones), with nothing said of it.
    pub fn new(mv: impl Into<Move>) -> Decision {
        Decision {
            mv: mv.into(),
            claim: None,
            how: None,
        }
    }
}

/// Something that picks a move for the side to move.
pub trait Player: Send {
    /// A short name for tables and status lines, e.g. `perfect`.
    fn name(&self) -> String;

    /// The move to play; `None` only when the game is over.
    fn decide(&mut self, position: &dyn Position) -> Option<Decision>;

    /// Report each search's progress to `watch` and answer at once when it is stopped
    /// (players that search); players that answer at once ignore it. Whoever holds the
    /// watch resets it before asking for a move: a stop that comes first is not lost.
    fn set_watch(&mut self, _watch: std::sync::Arc<super::watch::Watch>) {}
}

/// What a player is built with: the seed of its randomness and, for players that search,
/// how long a move may take and on how many threads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PlayerOptions {
    pub seed: u64,
    pub movetime: Duration,
    pub threads: usize,
}

impl PlayerOptions {
    pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

    pub fn seeded(seed: u64) -> PlayerOptions {
        PlayerOptions {
            seed,
            movetime: PlayerOptions::DEFAULT_MOVETIME,
            threads: 1,
        }
    }
}

//! Anything that picks moves: bots, baselines, the published players.

use std::time::Duration;

use super::moves::Move;
use super::position::Position;
use super::value::Claim;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Decision {
    pub mv: Move,
    /// What the player has proven about this move for the side playing it.
    pub claim: Option<Claim>,
    /// How the move was found, for the status line: `block`, `dictionary`.
    pub how: Option<String>,
}

impl Decision {
    pub fn new(mv: impl Into<Move>) -> Decision {
        Decision {
            mv: mv.into(),
            claim: None,
            how: None,
        }
    }
}

pub trait Player: Send {
    /// For tables and status lines: `perfect`.
    fn name(&self) -> String;

    /// `None` only when the game is over.
    fn decide(&mut self, position: &dyn Position) -> Option<Decision>;

    /// Players that search report to `watch` and answer at once when it is stopped. Whoever
    /// holds the watch resets it before asking for a move: a stop that comes first is kept.
    fn set_watch(&mut self, _watch: std::sync::Arc<super::watch::Watch>) {}
}

/// `movetime` and `threads` are for players that search.
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

//! What only some games have (`game.extras()`); every other game gives the plain answer.

use std::time::Duration;

use super::level::Difficulty;
use super::position::{BlockState, Position};
use super::side::Side;

/// Each answers for the positions of its own game only.
pub trait Extras: Send + Sync {
    /// (First, second), for games that keep a score.
    fn points(&self, _position: &dyn Position) -> Option<[u32; 2]> {
        None
    }

    /// The final points, when they decided the game because no line did (extreme
    /// tic-tac-toe): only the words use it, `status` says who won.
    fn decided_on_points(&self, _position: &dyn Position) -> Option<[u32; 2]> {
        None
    }

    /// For games whose blocks are won and closed.
    fn blocks(&self, _position: &dyn Position) -> Vec<BlockState> {
        Vec::new()
    }

    /// The side to move moved last too.
    fn bonus_move(&self, _position: &dyn Position) -> bool {
        false
    }

    /// A block drawn apart from the others (Qubic's `Layer 2`).
    fn block_label(&self, block: u8) -> String {
        format!("{}", block + 1)
    }

    /// For names that are not a plain column and row (`2b3` is layer 2, column b, row 3).
    fn cell_name_help(&self) -> Option<String> {
        None
    }

    /// Where the general words would mislead (Qubic's top level as X plays a dictionary).
    fn level_text(&self, _level: Difficulty) -> Option<String> {
        None
    }

    /// At the end of a game won by the rules or a forfeit (extreme tic-tac-toe's 68 to
    /// the winner, or the small boards won).
    fn contest_points(&self, _end: &dyn Position, _winner: Option<Side>) -> Option<[u32; 2]> {
        None
    }

    /// For bots, in games played under a contest clock.
    fn contest_move_limit(&self) -> Option<Duration> {
        None
    }
}

pub(crate) struct NoExtras;

impl Extras for NoExtras {}

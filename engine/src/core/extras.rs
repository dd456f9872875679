//! What only some games have, behind one facet; everything above the games asks through the
//! accessors on `dyn Game`, which give every other game the plain answer.

use std::time::Duration;

use super::level::Difficulty;
use super::position::{BlockState, Position};
use super::side::Side;

/// The extras of one game; each answers for the positions of that game only, and has the
/// plain answer (none, nothing, the default name) unless the game says otherwise.
pub trait Extras: Send + Sync {
    /// Points (first, second), for games that keep a score.
    fn points(&self, _position: &dyn Position) -> Option<[u32; 2]> {
        None
    }

    /// The final points, when they decided the game because no line did (extreme
    /// tic-tac-toe with every small board decided): the side ahead has won on points
    /// (`status` is `Won`), equal points are a draw. `None` while in play, after a line
    /// won, and in games never decided so. Only the words use it: `status` says who won.
    fn decided_on_points(&self, _position: &dyn Position) -> Option<[u32; 2]> {
        None
    }

    /// The state of each block, for games whose blocks are won and closed.
    fn blocks(&self, _position: &dyn Position) -> Vec<BlockState> {
        Vec::new()
    }

    /// The side to move plays a bonus move (it moved last too).
    fn bonus_move(&self, _position: &dyn Position) -> bool {
        false
    }

    /// The title of a block drawn apart from the others (Qubic's `Layer 2`), where the
    /// game names its blocks.
    fn block_label(&self, _block: u8) -> Option<String> {
        None
    }

    /// How a cell's name reads, for games whose names are not a plain column and row
    /// (`2b3` is layer 2, column b, row 3).
    fn cell_name_help(&self) -> Option<String> {
        None
    }

    /// A level described in the game's own terms, where the general words would mislead
    /// (Qubic's top level as X plays a dictionary, not a search).
    fn level_text(&self, _level: Difficulty) -> Option<String> {
        None
    }

    /// The contest's points at the end of a game (`winner` won, by the rules or by the
    /// other side's forfeit), for games scored so (extreme tic-tac-toe's 68 to the winner,
    /// or the small boards won).
    fn contest_points(&self, _end: &dyn Position, _winner: Option<Side>) -> Option<[u32; 2]> {
        None
    }

    /// The contest's time per move for bots, for games played under one.
    fn contest_move_limit(&self) -> Option<Duration> {
        None
    }
}

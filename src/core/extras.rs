//! What only some games have, behind one facet: a score, blocks that are won and closed, a
//! bonus move, a contest's points and clock, names for blocks and levels. A game that has
//! any of these answers [`Game::extras`]; everything above the games asks through the
//! accessors on `dyn Game`, which give every other game the plain answer.

use std::time::Duration;

use super::game::Game;
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

/// The extras of any game, with the plain answer where it has none.
impl<'a> dyn Game + 'a {
    /// Points (first, second), for games that keep a score; `None` for the others.
    pub fn points(&self, position: &dyn Position) -> Option<[u32; 2]> {
        self.extras()?.points(position)
    }

    /// The final points, where they decided the game (see [`Extras::decided_on_points`]).
    pub fn decided_on_points(&self, position: &dyn Position) -> Option<[u32; 2]> {
        self.extras()?.decided_on_points(position)
    }

    /// The state of each block, for games whose blocks are won and closed; empty otherwise.
    pub fn blocks(&self, position: &dyn Position) -> Vec<BlockState> {
        self.extras()
            .map_or_else(Vec::new, |extras| extras.blocks(position))
    }

    /// The side to move plays a bonus move (it moved last too).
    pub fn bonus_move(&self, position: &dyn Position) -> bool {
        self.extras()
            .is_some_and(|extras| extras.bonus_move(position))
    }

    /// The title of a block drawn apart from the others: the game's own, or its number.
    pub fn block_label(&self, block: u8) -> String {
        self.extras()
            .and_then(|extras| extras.block_label(block))
            .unwrap_or_else(|| format!("{}", block + 1))
    }

    /// How a cell's name reads; `None` for the plain column-and-row names.
    pub fn cell_name_help(&self) -> Option<String> {
        self.extras()?.cell_name_help()
    }

    /// A level in the game's own terms; `None` where the general words serve.
    pub fn level_text(&self, level: Difficulty) -> Option<String> {
        self.extras()?.level_text(level)
    }

    /// The contest's points at the end of a game; `None` for games not scored so.
    pub fn contest_points(&self, end: &dyn Position, winner: Option<Side>) -> Option<[u32; 2]> {
        self.extras()?.contest_points(end, winner)
    }

    /// The contest's time per move for bots; `None` for games played without one.
    pub fn contest_move_limit(&self) -> Option<Duration> {
        self.extras()?.contest_move_limit()
    }
}

//! Everything that picks a move in extreme tic-tac-toe.

mod alphabeta;
pub mod levels;
pub mod searcher;
mod simple;

pub(crate) use alphabeta::AlphaBeta;
pub(crate) use levels::Level;
pub use simple::ExtremeGreedy;

use crate::core::Position;
pub(crate) use crate::games::kit::rng::PlayerRng as Rng;
pub use crate::games::kit::rng::rng_from_seed as rng;

use super::cell::ExtremeCell;
use super::rules::State;

/// Read from the position's text when it is not a `State` (`None` for another game's).
pub fn state_of(position: &dyn Position) -> Option<State> {
    match position.as_any().downcast_ref::<State>() {
        Some(state) => Some(*state),
        None => position.text().parse().ok(),
    }
}

/// The legal moves that win a small board.
pub fn winning_moves(state: &State) -> Vec<ExtremeCell> {
    let me = state.to_move();
    let board = state.board();
    state
        .moves()
        .cells()
        .filter(|c| {
            let b = c.board();
            super::patterns::completing(board.stones(me, b), board.stones(me.other(), b)) & c.bit()
                != 0
        })
        .collect()
}

/// Strongest first.
pub const NAMES: [&str; 7] = [
    "max",
    "hard",
    "medium",
    "easy",
    "alphabeta",
    "greedy",
    "random",
];

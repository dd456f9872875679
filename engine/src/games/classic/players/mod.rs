//! Everything that picks a classic move, each a [`crate::core::Player`].

mod baselines;
mod d10;
mod levels;
mod rule_list;
pub mod searcher;

pub use crate::games::kit::baselines::RandomPlayer;
pub use baselines::greedy;
pub use d10::D10;
pub(crate) use levels::EXACT_STYLES;
pub(crate) use rule_list::RuleList;
pub(crate) use searcher::SearchLevel;

use super::board::ClassicBoard;
use crate::core::Position;
pub(crate) use crate::games::kit::rng::PlayerRng;
pub use crate::games::kit::rng::rng_from_seed;

pub fn board_in_play(position: &dyn Position) -> Option<ClassicBoard> {
    let board = *position.as_any().downcast_ref::<ClassicBoard>()?;
    (!board.status().is_over()).then_some(board)
}

/// The cells a guarded level must play and their word: the wins at once, else the blocks.
fn obvious(board: ClassicBoard) -> Option<(u64, &'static str)> {
    let me = board.to_move();
    [
        (board.winning_cells(me), "win"),
        (board.winning_cells(me.other()), "block"),
    ]
    .into_iter()
    .find(|&(cells, _)| cells != 0)
}

//! Classic's obvious moves, for the shared `greedy` (`kit::baselines`): a move that wins at
//! once if there is one (chosen at random among them), else a move on a cell where the
//! opponent would win at once (at random among them), else a random move.

use super::board_in_play;
use crate::core::Position;
use crate::games::kit::baselines::{Greedy, Step};

pub fn greedy(seed: u64) -> Greedy {
    Greedy::new(seed, steps)
}

fn steps(position: &dyn Position) -> Option<[Step; 3]> {
    let board = board_in_play(position)?;
    let me = board.to_move();
    Some([
        Step::at_random(board.winning_cells(me)).saying("win"),
        Step::at_random(board.winning_cells(me.other())).saying("block"),
        Step::at_random(board.empty_cells()),
    ])
}

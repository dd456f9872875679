//! The search for boards too big to solve (5x5 to 7x7, any K), under the shared analysis
//! (`core::root`).

mod analysis;
mod eval;
mod negamax;
mod node;
mod ordering;
mod tt;
mod zobrist;

use super::board::ClassicBoard;
use super::lines::Lines;
use super::variant::Variant;
use crate::core::{Claim, Value};
use negamax::{MATE, MATE_BOUND};
use node::Node;
use zobrist::Zobrist;

/// What a score proves for the side to move, with `empty` empty cells before its move:
/// exact when proven, else a bound when it is a win or a loss.
pub fn claim(score: i32, proven: bool, empty: u32) -> Option<Claim> {
    let plies = (MATE - score.abs()) as u32;
    match (proven, score) {
        (true, s) if s >= MATE_BOUND => Some(Claim::Exact(Value::win_in(plies))),
        (true, s) if s <= -MATE_BOUND => Some(Claim::Exact(Value::loss_in(plies))),
        (true, 0) => Some(Claim::Exact(Value::draw_in(empty))),
        (false, s) if s >= MATE_BOUND => Some(Claim::WinWithin(plies)),
        (false, s) if s <= -MATE_BOUND => Some(Claim::LossWithin(plies)),
        _ => None,
    }
}

/// What every search of one variant reads; each analysis brings its own tables.
pub struct Searcher {
    variant: Variant,
    lines: &'static Lines,
    weights: Vec<i32>,
    zobrist: Zobrist,
}

impl Searcher {
    pub fn new(variant: Variant) -> Searcher {
        Searcher {
            variant,
            lines: Lines::of(variant),
            weights: eval::weights(variant.k() as u32),
            zobrist: Zobrist::new(),
        }
    }

    fn node(&self, board: ClassicBoard) -> Node {
        let me = board.to_move();
        Node::new(board.stones(me), board.stones(me.other()), &self.zobrist)
    }
}

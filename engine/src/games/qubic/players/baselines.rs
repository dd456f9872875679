//! Qubic's `greedy`: the lowest cell that wins at once, else the lowest that blocks, else a
//! random move.

use crate::core::{Position, Status};
use crate::games::kit::baselines::{Greedy, Step, Take};
use crate::games::qubic::geometry::{Geometry, Qubic};
use crate::games::qubic::position::QubicPosition;
use crate::games::qubic::threats::winning_cells;

pub fn greedy(seed: u64) -> Greedy {
    Greedy::new(seed, steps)
}

fn steps(position: &dyn Position) -> Option<[Step; 3]> {
    let board = QubicPosition::board_of(position);
    if board.status() != Status::InPlay {
        return None;
    }
    let side = board.to_move();
    let lowest = |cells, how| Step {
        cells,
        how: Some(how),
        take: Take::Lowest,
    };
    Some([
        lowest(winning_cells(&Qubic, board, side), "win"),
        lowest(winning_cells(&Qubic, board, side.other()), "block"),
        Step::at_random(Qubic.empty_cells(board)).saying("random"),
    ])
}

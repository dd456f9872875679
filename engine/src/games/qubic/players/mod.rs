//! Everything that picks a Qubic move, saying how it found it; `greedy` takes the lowest cell
//! that wins at once, else the lowest that blocks, else a random one.

pub mod levels;
mod perfect;

pub use crate::games::kit::baselines::RandomPlayer;
pub use levels::{Strong, StrongStyle};
pub use perfect::{Perfect, dictionary_move};

use crate::core::{Claim, Decision, Position, Status};
use crate::games::kit::baselines::{Greedy, Step, Take};
use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::geometry::{Geometry, Qubic};
use crate::games::qubic::threats::winning_cells;

pub(crate) fn decision(cell: usize, how: &str, claim: Option<Claim>) -> Decision {
    Decision {
        mv: crate::core::Move::new(cell),
        claim,
        how: Some(how.to_string()),
    }
}

pub fn greedy(seed: u64) -> Greedy {
    Greedy::new(seed, steps)
}

fn steps(position: &dyn Position) -> Option<[Step; 3]> {
    let board = QubicBoard::of(position);
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

#[cfg(test)]
mod tests {
    // That the perfect X beats random, greedy and searching O players is
    // tests/qubic_players.rs's `perfect_x_wins_against_random_blocking_and_threat_making_o`.
    use super::*;
    use crate::games::qubic::board::QubicBoard;
    use std::time::Duration;

    #[test]
    fn the_searcher_takes_wins_and_blocks() {
        let style = StrongStyle::strongest(Duration::from_millis(30));
        let mut o = Strong::new("t", style, 1);
        // O to move, X threatens 3.
        let b = QubicBoard::from_masks(0b111, 1 << 40 | 1 << 45);
        let d = o.choose(b).unwrap();
        assert_eq!((d.mv.index(), d.how.as_deref()), (3, Some("block")));
        // O threatens 19 (16 17 18) and X threatens 3: win first.
        let b = QubicBoard::from_masks(0b111 | 1 << 60, 1 << 16 | 1 << 17 | 1 << 18);
        let d = o.choose(b).unwrap();
        assert_eq!(
            (d.mv.index(), d.claim),
            (19, Some(crate::core::Claim::WinWithin(1)))
        );
    }
}

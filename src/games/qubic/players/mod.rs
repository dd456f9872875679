//! Everything that picks a Qubic move. Each player works on a [`Board`] and says how it
//! found its move in a core [`Decision`]; the adapter turns them into core players.
//!
//! - [`Perfect`] (`perfect.rs`): as X, the header's procedure on Patashnik's dictionary
//!   (never loses: the verifier proves it); as O, the strongest searcher.
//! - [`Strong`] (`strong.rs`): threats first (win, block, own forced win, breaking the
//!   opponent's forced wins), then alpha-beta under a clock; configured by [`Style`].
//! - [`Level`] (`levels.rs`): easy, medium, hard.
//! - Baselines (`baselines.rs`): `random`, `greedy` (win, else block, else random).

mod baselines;
mod levels;
mod perfect;
mod strong;

pub use baselines::{Greedy, RandomPlayer};
pub use levels::Level;
pub use perfect::Perfect;
pub use strong::{Strong, Style};

use super::board::Board;
use crate::core::Decision;
pub use crate::games::kit::rng::{PlayerRng, rng_from_seed};

/// A Qubic player.
pub trait Chooser: Send {
    /// A short name, e.g. `perfect`.
    fn name(&self) -> String;

    /// The move for the side to move; `None` only when the game is over.
    fn choose(&mut self, board: Board) -> Option<Decision>;
}

/// A decision with a word on how it was found.
pub(crate) fn decision(cell: usize, how: &str) -> Decision {
    Decision {
        cell: crate::core::CellId::new(cell),
        claim: None,
        how: Some(how.to_string()),
    }
}

/// One game from `start` between two players; the final board. A player that returns no
/// move or an illegal one forfeits nothing here: the game just stops (a bug the tests see).
pub fn play_game(start: Board, x: &mut dyn Chooser, o: &mut dyn Chooser) -> Board {
    let mut board = start;
    while board.status() == crate::core::Status::InPlay {
        let mover: &mut dyn Chooser = match board.to_move() {
            crate::core::Side::First => &mut *x,
            crate::core::Side::Second => &mut *o,
        };
        let Some(d) = mover.choose(board) else {
            break;
        };
        let cell = d.cell.index();
        if cell >= 64 || board.occupied() & 1 << cell != 0 {
            break;
        }
        board = board.with_move(cell);
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Side, Status};
    use crate::games::qubic::dictionary::{self, Canonical};
    use crate::games::qubic::geometry::Qubic;
    use std::sync::Arc;
    use std::time::Duration;

    fn index() -> Arc<dictionary::Index> {
        let d = dictionary::parse(&Qubic, dictionary::PATASHNIK, Canonical::Required).unwrap();
        Arc::new(d.index(&Qubic))
    }

    #[test]
    fn perfect_x_beats_random_greedy_and_a_searching_o() {
        let index = index();
        for seed in 0..4 {
            let mut x = Perfect::new(index.clone(), Duration::from_millis(20), seed);
            let opponents: Vec<Box<dyn Chooser>> = vec![
                Box::new(RandomPlayer::new(seed)),
                Box::new(Greedy::new(seed)),
                Box::new(Level::Medium.player(Duration::from_millis(20), seed)),
            ];
            for mut o in opponents {
                let end = play_game(Board::EMPTY, &mut x, o.as_mut());
                assert_eq!(end.status(), Status::Won(Side::First), "{} {end}", o.name());
            }
        }
    }

    #[test]
    fn the_searcher_takes_wins_and_blocks() {
        let mut o = Strong::new("t", Style::strongest(Duration::from_millis(30)), 1);
        // O to move, X threatens 3.
        let b = Board::from_masks(0b111, 1 << 40 | 1 << 45);
        let d = o.choose(b).unwrap();
        assert_eq!((d.cell.index(), d.how.as_deref()), (3, Some("block")));
        // O threatens 19 (16 17 18) and X threatens 3: win first.
        let b = Board::from_masks(0b111 | 1 << 60, 1 << 16 | 1 << 17 | 1 << 18);
        let d = o.choose(b).unwrap();
        assert_eq!(
            (d.cell.index(), d.claim),
            (19, Some(crate::core::Claim::WinWithin(1)))
        );
    }
}

//! Everything that picks a move in extreme tic-tac-toe, and the greedy baseline, which knows
//! only the rules.

pub mod searcher;

pub(crate) use searcher::Level;

use crate::core::{Decision, Player, Position};
pub(crate) use crate::games::kit::rng::PlayerRng as Rng;
use crate::games::kit::rng::pick;
pub use crate::games::kit::rng::rng_from_seed as rng;

use super::cell::{ExtremeCell, cell_id};
use super::rules::State;

/// `None` for another game's position.
pub fn state_of(position: &dyn Position) -> Option<State> {
    position.as_any().downcast_ref::<State>().copied()
}

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
pub const NAMES: [&str; 6] = ["max", "hard", "medium", "easy", "greedy", "random"];

/// Wins a small board when it can; else avoids sending the opponent to a board they can
/// win at once (or to a closed one, where an open move lets them win any such board);
/// else plays at random.
pub struct ExtremeGreedy {
    rng: Rng,
}

impl ExtremeGreedy {
    pub fn new(seed: u64) -> ExtremeGreedy {
        ExtremeGreedy { rng: rng(seed) }
    }
}

/// Moves after which the opponent cannot win a small board at once.
pub fn safe_moves(state: &State) -> Vec<ExtremeCell> {
    state
        .moves()
        .cells()
        .filter(|&c| {
            let child = state.play_unchecked(c);
            child.to_move() == state.to_move()
                || child.status().is_over()
                || winning_moves(&child).is_empty()
        })
        .collect()
}

pub fn greedy_move(state: &State, rng: &mut Rng) -> Option<ExtremeCell> {
    [
        winning_moves(state),
        safe_moves(state),
        state.moves().cells().collect(),
    ]
    .into_iter()
    .find(|cells| !cells.is_empty())
    .and_then(|cells| pick(&cells, rng))
}

impl Player for ExtremeGreedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let state = state_of(position)?;
        greedy_move(&state, &mut self.rng).map(|c| Decision::new(cell_id(c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Side;
    use crate::games::extreme::testing::{Setup, cell};

    /// X can win A1 with b2; every other move but c1 is safe; c1 sends O to C1 to win.
    fn choice() -> State {
        Setup::new()
            .board("A1", "-X--/----/-X--/-X--")
            .board("C1", "OOO-/----/----/----")
            .stones(Side::First, &["D4d4"])
            .stones(Side::Second, &["C3a1"])
            .state("C3a1", 'x')
    }

    #[test]
    fn greedy_wins_a_board_when_it_can() {
        for seed in 0..20 {
            assert_eq!(greedy_move(&choice(), &mut rng(seed)), Some(cell("A1b2")));
        }
    }

    #[test]
    fn greedy_does_not_send_the_opponent_to_a_board_they_can_win() {
        // Without the win (b2 taken by O), c1 is the one gift to avoid.
        let state = Setup::new()
            .board("A1", "-X--/-O--/-X--/-X--")
            .board("C1", "OOO-/----/----/----")
            .stones(Side::First, &["D4d4", "D3d4"])
            .stones(Side::Second, &["C3a1"])
            .state("C3a1", 'x');
        let safe = safe_moves(&state);
        assert_eq!(safe.len(), 11);
        assert!(!safe.contains(&cell("A1c1")));
        for seed in 0..50 {
            assert_ne!(greedy_move(&state, &mut rng(seed)), Some(cell("A1c1")));
        }
    }
}

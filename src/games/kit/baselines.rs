//! The baseline every game shares, over the core interface alone: a uniformly random legal
//! move. (Each game's `greedy` stays its own: what "a win at once" and "a block" are, and
//! which of them it takes, differ from game to game.)

use rand::RngExt;

use super::rng::{PlayerRng, rng_from_seed};
use crate::core::{Decision, Player, Position};

/// A uniformly random legal move, from the position's legal moves in their order (lowest
/// cell first), so a seed draws what the games' own random players drew.
pub struct RandomPlayer {
    rng: PlayerRng,
    /// The word said with each move, where the game's status line names it.
    how: Option<&'static str>,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: rng_from_seed(seed),
            how: None,
        }
    }

    /// One that says `how` with each move (Qubic's bot says "random").
    pub fn saying(seed: u64, how: &'static str) -> RandomPlayer {
        RandomPlayer {
            how: Some(how),
            ..RandomPlayer::new(seed)
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let cell = moves[self.rng.random_range(0..moves.len())];
        Some(Decision {
            how: self.how.map(String::from),
            ..Decision::new(cell)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::games::latin::adapter::Latin;

    #[test]
    fn plays_legal_moves_says_its_word_and_stops_at_the_end() {
        let mut position = Latin.start();
        let mut player = RandomPlayer::saying(4, "random");
        while let Some(decision) = player.decide(position.as_ref()) {
            assert_eq!(decision.how.as_deref(), Some("random"));
            position = position.play(decision.cell).expect("a legal move");
        }
        assert!(position.status().is_over());
        assert_eq!(RandomPlayer::new(4).decide(position.as_ref()), None);
    }
}

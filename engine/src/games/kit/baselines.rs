//! The baselines every game shares: `random`, and `greedy`, which takes the game's obvious
//! moves first (a win at once, a block: the game's to say).

use super::rng::{PlayerRng, pick, random_bit, rng_from_seed};
use crate::core::{CellId, Decision, Player, Position};

/// Draws from the legal moves in their order, so a seed draws what the games' own random
/// players drew.
pub struct RandomPlayer {
    rng: PlayerRng,
    how: Option<&'static str>,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: rng_from_seed(seed),
            how: None,
        }
    }

    /// Qubic's bot says "random".
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
        let mv = pick(&position.legal_moves(), &mut self.rng)?;
        Some(Decision {
            how: self.how.map(String::from),
            ..Decision::new(mv)
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Take {
    AtRandom,
    /// Drawing nothing.
    Lowest,
}

/// One kind of obvious move: its cells (bit `i` is cell `i`) and the word said with it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Step {
    pub cells: u64,
    pub how: Option<&'static str>,
    pub take: Take,
}

impl Step {
    pub fn at_random(cells: u64) -> Step {
        Step {
            cells,
            how: None,
            take: Take::AtRandom,
        }
    }

    pub fn saying(self, how: &'static str) -> Step {
        Step {
            how: Some(how),
            ..self
        }
    }
}

/// Best first; the last step holds every legal move. `None` when the game is over.
pub type Steps = fn(&dyn Position) -> Option<[Step; 3]>;

pub struct Greedy {
    rng: PlayerRng,
    steps: Steps,
}

impl Greedy {
    pub fn new(seed: u64, steps: Steps) -> Greedy {
        Greedy {
            rng: rng_from_seed(seed),
            steps,
        }
    }
}

impl Player for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let steps = (self.steps)(position)?;
        let step = steps.into_iter().find(|step| step.cells != 0)?;
        let cell = match step.take {
            Take::AtRandom => random_bit(step.cells, &mut self.rng)?,
            Take::Lowest => step.cells.trailing_zeros() as usize,
        };
        Some(Decision {
            how: step.how.map(String::from),
            ..Decision::new(CellId::new(cell))
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
            position = position.play(decision.mv).expect("a legal move");
        }
        assert!(position.status().is_over());
        assert_eq!(RandomPlayer::new(4).decide(position.as_ref()), None);
    }
}

//! The levels of games solved exactly: below perfect, every allowed move is scored from
//! its exact value plus a game's bonus for traps, then picked with probability
//! proportional to `exp(score / temperature)` (a softmax), so mistakes are likelier where
//! they cost little. With its guard on, a level first keeps only the obvious moves.

use std::sync::Arc;

use rand::RngExt;

use super::baselines::RandomPlayer;
use super::rng::{PlayerRng, random_bit, rng_from_seed};
use crate::core::{CellId, Claim, Decision, Difficulty, Outcome, Player, Position, Value};

#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Style {
    /// Lower is stronger.
    pub temperature: f64,
    /// Weight of the share of the opponent's replies that go wrong (0 to 1) in a score.
    pub trap_weight: f64,
    /// Probability of taking a win at once and avoiding a loss at once when there is one.
    pub guard: f64,
}

impl Style {
    /// Always at a guard of 1, drawing nothing then.
    pub fn guarded(&self, rng: &mut PlayerRng) -> bool {
        self.guard >= 1.0 || rng.random_bool(self.guard)
    }

    /// A win in `p` plies is worth `1 + 1/p`, a loss `-1 - 1/p`: near results weigh more
    /// than far ones, as they do for people.
    pub fn score(&self, value: Value, trap_share: f64) -> f64 {
        let nearness = 1.0 / value.plies.max(1) as f64;
        let base = match value.outcome {
            Outcome::Win => 1.0 + nearness,
            Outcome::Draw => 0.0,
            Outcome::Loss => -1.0 - nearness,
        };
        base + self.trap_weight * trap_share
    }

    /// `None` only when there is none.
    pub fn pick<T: Copy>(&self, scored: &[(T, f64)], rng: &mut PlayerRng) -> Option<T> {
        let top = scored.iter().map(|&(_, s)| s).fold(f64::MIN, f64::max);
        // Subtracting the top score keeps every exponent <= 0, so nothing overflows.
        let weights: Vec<f64> = scored
            .iter()
            .map(|&(_, s)| ((s - top) / self.temperature).exp())
            .collect();
        let total = weights.iter().sum::<f64>().max(f64::MIN_POSITIVE);
        let mut pick = rng.random_range(0.0..total);
        for (&(choice, _), w) in scored.iter().zip(&weights) {
            if pick < *w {
                return Some(choice);
            }
            pick -= w;
        }
        scored.last().map(|&(choice, _)| choice) // rounding left a sliver over
    }
}

/// A game's solved table, as its players ask it; cells are bit indexes of the game's masks.
pub trait Solution: Send + Sync + 'static {
    /// With its exact value for the side playing it; `None` when the game is over.
    fn best(&self, position: &dyn Position) -> Option<(CellId, Value)>;

    /// While `position`'s game is on: its empty cells, and the cells a guarded level plays
    /// from if any (the wins at once, else what the game calls not losing at once).
    fn cells(position: &dyn Position) -> Option<(u64, Option<u64>)>;

    /// With, when `traps` is asked, the share of the opponent's replies that go wrong.
    fn graded(&self, position: &dyn Position, cell: usize, traps: bool) -> Option<(Value, f64)>;
}

/// The top level: never lowers the value; as deterministic as its solver's choice.
pub(crate) struct Perfect<S: Solution> {
    solver: Arc<S>,
}

impl<S: Solution> Player for Perfect<S> {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let (cell, value) = self.solver.best(position)?;
        Some(Decision {
            claim: Some(Claim::Exact(value)),
            ..Decision::new(cell)
        })
    }
}

/// `styles`: easy, medium and hard.
pub fn solved_player<S: Solution>(
    level: Difficulty,
    styles: [Style; 3],
    solver: Arc<S>,
    seed: u64,
) -> Box<dyn Player> {
    let style = match level {
        Difficulty::Random => return Box::new(RandomPlayer::new(seed)),
        Difficulty::Easy => styles[0],
        Difficulty::Medium => styles[1],
        Difficulty::Hard => styles[2],
        Difficulty::Perfect => return Box::new(Perfect { solver }),
    };
    Box::new(ExactLevel {
        level,
        style,
        solver,
        rng: rng_from_seed(seed),
    })
}

struct ExactLevel<S: Solution> {
    level: Difficulty,
    style: Style,
    solver: Arc<S>,
    rng: PlayerRng,
}

impl<S: Solution> Player for ExactLevel<S> {
    fn name(&self) -> String {
        self.level.name().into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let (empty, obvious) = S::cells(position)?;
        let guarded = self.style.guarded(&mut self.rng);
        let allowed = obvious.filter(|_| guarded).unwrap_or(empty);
        let traps = self.style.trap_weight > 0.0; // else skip the lookups the score ignores
        let scored: Vec<(usize, f64)> = (0..64)
            .filter(|cell| allowed >> cell & 1 != 0)
            .filter_map(|cell| {
                let (value, share) = self.solver.graded(position, cell, traps)?;
                Some((cell, self.style.score(value, share)))
            })
            .collect();
        let picked = self.style.pick(&scored, &mut self.rng);
        // Nothing valued (a board the solver does not hold): any move rather than none.
        let cell = picked.or_else(|| random_bit(empty, &mut self.rng))?;
        Some(Decision::new(CellId::new(cell)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::rng::rng_from_seed;

    fn style(temperature: f64) -> Style {
        Style {
            temperature,
            trap_weight: 0.5,
            guard: 1.0,
        }
    }

    #[test]
    fn near_results_weigh_more_than_far_ones_and_traps_add() {
        let s = style(1.0);
        let score = |outcome, plies| s.score(Value { outcome, plies }, 0.0);
        assert!(score(Outcome::Win, 1) > score(Outcome::Win, 7));
        assert!(score(Outcome::Win, 7) > score(Outcome::Draw, 16));
        assert!(score(Outcome::Draw, 16) > score(Outcome::Loss, 9));
        assert!(score(Outcome::Loss, 9) > score(Outcome::Loss, 2));
        let draw = Value {
            outcome: Outcome::Draw,
            plies: 9,
        };
        assert_eq!(s.score(draw, 1.0), 0.5);
    }

    #[test]
    fn a_cold_pick_takes_the_best_and_a_warm_one_wanders() {
        let scored = [('a', 0.0), ('b', 1.0), ('c', -1.0)];
        let mut rng = rng_from_seed(1);
        assert!((0..50).all(|_| style(0.001).pick(&scored, &mut rng) == Some('b')));
        let warm: std::collections::HashSet<_> = (0..200)
            .filter_map(|_| style(3.0).pick(&scored, &mut rng))
            .collect();
        assert_eq!(warm.len(), 3);
        assert_eq!(style(1.0).pick::<char>(&[], &mut rng), None);
    }
}

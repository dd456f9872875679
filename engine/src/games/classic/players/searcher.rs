//! Players built on the search, for boards too big to solve.

use std::time::Duration;

use rand::RngExt;

use super::{PlayerRng, board_in_play, obvious, rng_from_seed};
use crate::core::root::SearchSettings;
use crate::core::{Budget, CellId, Claim, Decision, Difficulty, Hint, Outcome, Player, Position};
use crate::games::classic::board::ClassicBoard;
use crate::games::classic::search;
use crate::games::classic::variant::Variant;
use crate::games::kit::analyser::{Analyse, Analyser};
use crate::games::kit::levels::Style;
use crate::games::kit::rng::random_bit;

/// The full-strength search: the analysis's best move at `settings`.
pub fn perfect(variant: Variant, settings: SearchSettings) -> Analyser {
    let engine = search::Searcher::new(variant);
    let analyse: Analyse =
        Box::new(move |position, settings| engine.analyze(board_in_play(position)?, settings));
    Analyser::new("perfect", settings, analyse)
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct SearchStyle {
    /// Plies each move is searched at most (the move itself included); odd, so every
    /// level judges a move after a move of its own, never halfway through a reply.
    pub depth: u32,
    /// Softmax temperature over the moves' scores, in the evaluation's units (a line one
    /// stone short of a threat is worth about `4^(K-2)`).
    pub temperature: f64,
    /// Probability of taking a win at once and making a forced block when there is one.
    pub guard: f64,
    /// Probability of playing the analysis's best move at a quarter of the budget instead
    /// of the softmax over shallow scores.
    pub searched: f64,
}

impl SearchStyle {
    /// Calibrated against `random` and `greedy` on 5x5 and 7x7, and head to head on 7x7
    /// with five in a row (see the README).
    pub fn of(level: Difficulty, variant: Variant) -> SearchStyle {
        // Temperatures scale with a near-threat's weight, so one style fits every K.
        let unit = (1u64 << (2 * (variant.k() as u32 - 2))) as f64;
        match level {
            // `random` is the adapter's own player: never played this way.
            Difficulty::Random | Difficulty::Easy => SearchStyle {
                depth: 1,
                temperature: 2.0 * unit,
                guard: 0.6,
                searched: 0.0,
            },
            Difficulty::Medium => SearchStyle {
                depth: 3,
                temperature: 0.5 * unit,
                guard: 0.95,
                searched: 0.4,
            },
            Difficulty::Hard | Difficulty::Perfect => SearchStyle {
                depth: 3,
                temperature: 0.5 * unit,
                guard: 1.0,
                searched: 0.8,
            },
        }
    }
}

/// A searching level: a softmax over shallow scores (it errs most where errors cost least),
/// or, at `hard` mostly, a deeper search's move (shallow scores alone made a depth-5 `hard`
/// weaker than `medium` against `greedy`: it took every attack for parried).
pub(crate) struct SearchLevel {
    level: Difficulty,
    style: SearchStyle,
    engine: search::Searcher,
    movetime: Duration,
    rng: PlayerRng,
}

impl SearchLevel {
    pub fn new(level: Difficulty, variant: Variant, movetime: Duration, seed: u64) -> SearchLevel {
        SearchLevel {
            level,
            style: SearchStyle::of(level, variant),
            engine: search::Searcher::new(variant),
            movetime,
            rng: rng_from_seed(seed),
        }
    }

    fn guarded(&mut self, board: ClassicBoard) -> Option<(u64, &'static str)> {
        self.rng
            .random_bool(self.style.guard)
            .then(|| obvious(board))?
    }
}

/// A move's score for the softmax: wins and losses count as a little more than any guess,
/// so a proven loss is a very bad move rather than an impossible one.
fn bounded(hint: Hint, temperature: f64) -> f64 {
    let cap = 40.0 * temperature;
    match hint {
        Hint::Guess(s) | Hint::AtLeast(s) | Hint::AtMost(s) => (s as f64).clamp(-cap, cap),
        Hint::Proven(Claim::WinWithin(_)) => cap,
        Hint::Proven(Claim::LossWithin(_)) => -cap,
        Hint::Proven(Claim::Exact(value)) => match value.outcome {
            Outcome::Win => cap,
            Outcome::Draw => 0.0,
            Outcome::Loss => -cap,
        },
    }
}

impl Player for SearchLevel {
    fn name(&self) -> String {
        self.level.name().into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let board = board_in_play(position)?;
        if let Some((cells, how)) = self.guarded(board) {
            let cell = random_bit(cells, &mut self.rng)?;
            return Some(Decision {
                how: Some(how.into()),
                ..Decision::new(CellId::new(cell))
            });
        }
        let searched = self.rng.random_bool(self.style.searched);
        let settings = if searched {
            SearchSettings::new(Budget::Time(self.movetime / 4), 1)
        } else {
            // Every move scored exactly, for the softmax.
            SearchSettings {
                ranked: usize::MAX,
                ..SearchSettings::new(Budget::Depth(self.style.depth), 1)
            }
        };
        let analysis = self.engine.analyze(board, &settings)?;
        if searched {
            return Some(Decision::new(analysis.best.placed()));
        }
        let t = self.style.temperature;
        let scored: Vec<(CellId, f64)> = analysis
            .moves
            .iter()
            .map(|&(mv, hint)| (mv.placed(), bounded(hint, t)))
            .collect();
        let softmax = Style {
            temperature: t,
            trap_weight: 0.0,
            guard: self.style.guard,
        };
        Some(Decision::new(softmax.pick(&scored, &mut self.rng)?))
    }
}

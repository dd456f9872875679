//! Players built on the search, for boards too big to solve: [`ClassicSearchPlayer`] at full strength
//! (`perfect` there) and [`SearchLevel`] for `easy`, `medium` and `hard`.

use std::sync::Arc;
use std::time::Duration;

use rand::RngExt;

use super::levels::Level;
use super::{PlayerRng, board_in_play, rng_from_seed};
use crate::core::root::SearchSettings;
use crate::core::{Budget, CellId, Decision, Player, Position, Watch};
use crate::games::classic::board::ClassicBoard;
use crate::games::classic::search::{self, SearchLimits};
use crate::games::classic::variant::Variant;

/// The full-strength search: the analysis's best move at its budget (a time per move by
/// default), so it plays what `analyze` marks.
pub struct ClassicSearchPlayer {
    engine: search::Searcher,
    settings: SearchSettings,
}

impl ClassicSearchPlayer {
    pub fn new(variant: Variant, movetime: Duration, threads: usize) -> ClassicSearchPlayer {
        ClassicSearchPlayer::with_settings(
            variant,
            SearchSettings::new(Budget::Time(movetime), threads),
        )
    }

    pub fn with_budget(variant: Variant, budget: Budget) -> ClassicSearchPlayer {
        ClassicSearchPlayer::with_settings(variant, SearchSettings::new(budget, 1))
    }

    fn with_settings(variant: Variant, settings: SearchSettings) -> ClassicSearchPlayer {
        ClassicSearchPlayer {
            // Its own table is unused: each analysis has its own.
            engine: search::Searcher::new(variant, 1),
            settings,
        }
    }
}

impl Player for ClassicSearchPlayer {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let board = board_in_play(position)?;
        let analysis = self.engine.analyze(board, &self.settings)?;
        Some(Decision {
            mv: analysis.best,
            claim: analysis.claim(),
            how: Some(format!("depth {}", analysis.depth)),
        })
    }

    fn set_watch(&mut self, watch: Arc<Watch>) {
        self.settings.watch = Some(watch);
    }
}

/// How a weaker searching level plays.
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
    /// Probability of playing the full search's move (a quarter of the budget, at most
    /// `SEARCHED_PLIES` deep) instead of the softmax over shallow scores.
    pub searched: f64,
}

/// How deep the searched moves of a level look at most.
const SEARCHED_PLIES: u32 = 6;

impl SearchStyle {
    /// Calibrated against `random` and `greedy` on 5x5 and 7x7, and head to head on 7x7
    /// with five in a row (see the README).
    pub fn of(level: Level, variant: Variant) -> SearchStyle {
        // Temperatures scale with a near-threat's weight, so one style fits every K.
        let unit = (1u64 << (2 * (variant.k() as u32 - 2))) as f64;
        match level {
            Level::Easy => SearchStyle {
                depth: 1,
                temperature: 2.0 * unit,
                guard: 0.6,
                searched: 0.0,
            },
            Level::Medium => SearchStyle {
                depth: 3,
                temperature: 0.5 * unit,
                guard: 0.95,
                searched: 0.4,
            },
            Level::Hard | Level::Perfect => SearchStyle {
                depth: 3,
                temperature: 0.5 * unit,
                guard: 1.0,
                searched: 0.8,
            },
        }
    }
}

/// A searching level: scores every move by a shallow search, then picks at random with
/// probability proportional to `exp(score / temperature)`, so it errs most where errors
/// cost least; with its guard on it never misses a win in one or a forced block. `hard`
/// plays most of its moves from a deeper iterative search instead (the shallow scores
/// alone made a depth-5 `hard` weaker than `medium` against `greedy`: it took every
/// attack for parried).
pub(crate) struct SearchLevel {
    level: Level,
    style: SearchStyle,
    engine: search::Searcher,
    movetime: Duration,
    rng: PlayerRng,
}

impl SearchLevel {
    pub fn new(level: Level, variant: Variant, movetime: Duration, seed: u64) -> SearchLevel {
        SearchLevel {
            level,
            style: SearchStyle::of(level, variant),
            engine: search::Searcher::new(variant, 16),
            movetime,
            rng: rng_from_seed(seed),
        }
    }

    fn guarded(&mut self, board: ClassicBoard) -> Option<(u64, &'static str)> {
        let me = board.to_move();
        if !self.rng.random_bool(self.style.guard) {
            return None;
        }
        [
            (board.winning_cells(me), "win"),
            (board.winning_cells(me.other()), "block"),
        ]
        .into_iter()
        .find(|&(cells, _)| cells != 0)
    }
}

/// Wins and losses count as a little more than any guess, so the softmax treats a proven
/// loss as a very bad move rather than an impossible one.
fn bounded(score: i32, temperature: f64) -> f64 {
    (score as f64).clamp(-40.0 * temperature, 40.0 * temperature)
}

impl Player for SearchLevel {
    fn name(&self) -> String {
        self.level.name().into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let board = board_in_play(position)?;
        if let Some((cells, how)) = self.guarded(board) {
            let cell = super::random_cell(cells, &mut self.rng)?;
            return Some(Decision {
                how: Some(how.into()),
                ..Decision::new(CellId::new(cell.index()))
            });
        }
        if self.rng.random_bool(self.style.searched) {
            let limits = SearchLimits {
                movetime: self.movetime / 4,
                max_depth: SEARCHED_PLIES,
            };
            if let Some(found) = self.engine.search(board, limits) {
                return Some(Decision::new(CellId::new(found.cell.index())));
            }
        }
        let scored = self
            .engine
            .move_scores(board, self.style.depth, self.movetime);
        let t = self.style.temperature;
        let top = scored
            .iter()
            .map(|&(_, s, _)| bounded(s, t))
            .fold(f64::MIN, f64::max);
        // Subtracting the top keeps every exponent at most 0.
        let weights: Vec<f64> = scored
            .iter()
            .map(|&(_, s, _)| ((bounded(s, t) - top) / t).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut pick = self.rng.random_range(0.0..total.max(f64::MIN_POSITIVE));
        let mut chosen = scored.last().map(|&(c, _, _)| c);
        for (&(cell, _, _), w) in scored.iter().zip(&weights) {
            if pick < *w {
                chosen = Some(cell);
                break;
            }
            pick -= w;
        }
        // Out of time before any move was scored: any legal move.
        let cell = chosen.or_else(|| super::random_cell(board.empty_cells(), &mut self.rng))?;
        Some(Decision::new(CellId::new(cell.index())))
    }
}

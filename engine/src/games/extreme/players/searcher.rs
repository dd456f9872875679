//! The analysis's best move, for `max`, and `easy`, `medium` and `hard`: a shallow search
//! (or none) that now and then plays a rules-only move instead, so a person can win (the
//! README gives their measured strength).

use std::time::Duration;

use rand::RngExt;

use crate::core::root::SearchSettings;
use crate::core::{Budget, Decision, Difficulty, Player, PlayerOptions, Position};
use crate::games::kit::analyser::{Analyse, Analyser};
use crate::games::kit::rng::pick;

use super::super::cell::cell_id;
use super::super::search::analysis::analyze_within;
use super::{Rng, greedy_move, rng, state_of};

pub fn max(options: PlayerOptions) -> Analyser {
    let settings = SearchSettings::new(Budget::Time(options.movetime), options.threads.max(1));
    searching("max", settings, u32::MAX)
}

fn searching(name: &str, settings: SearchSettings, depth: u32) -> Analyser {
    let analyse: Analyse =
        Box::new(move |position, settings| analyze_within(&state_of(position)?, settings, depth));
    Analyser::new(name, settings, analyse)
}

pub(crate) struct Level {
    name: String,
    /// Chance of a rules-only move instead of the search's.
    slip: f64,
    /// Chance that the rules-only move is random rather than greedy's.
    wild: f64,
    search: Option<Analyser>,
    rng: Rng,
}

impl Level {
    /// `easy`, `medium` or `hard`; `None` for the other levels.
    pub fn new(level: Difficulty, options: PlayerOptions) -> Option<Level> {
        // Plies (0: no search, greedy's rules of thumb), the longest a move may take whatever
        // the depth (ms), and the two chances.
        let (depth, cap, slip, wild) = match level {
            Difficulty::Easy => (0, 0, 1.0, 0.5),
            Difficulty::Medium => (2, 150, 0.25, 0.2),
            Difficulty::Hard => (5, 300, 0.05, 0.0),
            Difficulty::Random | Difficulty::Perfect => return None,
        };
        // `depth` plies deep, unless the cap runs out first.
        let cap = Budget::Time(Duration::from_millis(cap).min(options.movetime));
        let search =
            (depth > 0).then(|| searching(level.name(), SearchSettings::new(cap, 1), depth));
        Some(Level {
            name: level.name().to_string(),
            slip,
            wild,
            search,
            rng: rng(options.seed),
        })
    }
}

impl Player for Level {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let state = state_of(position)?;
        if self.search.is_none() || self.rng.random_bool(self.slip) {
            let cell = if self.rng.random_bool(self.wild) {
                pick(&state.moves().cells().collect::<Vec<_>>(), &mut self.rng)
            } else {
                greedy_move(&state, &mut self.rng)
            };
            return cell.map(|c| Decision::new(cell_id(c)));
        }
        let decision = self.search.as_mut()?.decide(position)?;
        Some(Decision::new(decision.mv))
    }
}

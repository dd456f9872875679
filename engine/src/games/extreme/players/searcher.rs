//! The analysis's best move, for `max`, and `easy`, `medium` and `hard`: a shallow search
//! (or none) that now and then plays a rules-only move instead, so a person can win (the
//! README gives their measured strength).

use std::time::Duration;

use rand::RngExt;

use crate::core::root::SearchSettings;
use crate::core::{Budget, Decision, Player, PlayerOptions, Position};
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

#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Recipe {
    /// Plies; 0 for no search (greedy's rules of thumb).
    pub depth: u32,
    /// Longest time a move may take, whatever the depth.
    pub cap: Duration,
    /// Chance of a rules-only move instead of the search's.
    pub slip: f64,
    /// Chance that the rules-only move is random rather than greedy's.
    pub wild: f64,
}

pub const EASY: Recipe = Recipe {
    depth: 0,
    cap: Duration::ZERO,
    slip: 1.0,
    wild: 0.5,
};
pub const MEDIUM: Recipe = Recipe {
    depth: 2,
    cap: Duration::from_millis(150),
    slip: 0.25,
    wild: 0.2,
};
pub const HARD: Recipe = Recipe {
    depth: 5,
    cap: Duration::from_millis(300),
    slip: 0.05,
    wild: 0.0,
};

pub(crate) struct Level {
    name: String,
    recipe: Recipe,
    search: Option<Analyser>,
    rng: Rng,
}

impl Level {
    pub fn new(name: &str, recipe: Recipe, options: PlayerOptions) -> Level {
        // `depth` plies deep, unless the cap runs out first.
        let cap = Budget::Time(recipe.cap.min(options.movetime));
        let search =
            (recipe.depth > 0).then(|| searching(name, SearchSettings::new(cap, 1), recipe.depth));
        Level {
            name: name.to_string(),
            recipe,
            search,
            rng: rng(options.seed),
        }
    }
}

impl Player for Level {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let state = state_of(position)?;
        if self.search.is_none() || self.rng.random_bool(self.recipe.slip) {
            let cell = if self.rng.random_bool(self.recipe.wild) {
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

//! The analysis's best move, for `max` and the levels' shallow searches.

use std::time::Duration;

use crate::core::root::SearchSettings;
use crate::core::{Budget, PlayerOptions};
use crate::games::kit::analyser::{Analyse, Analyser};

use super::super::search::analysis::analyze_within;
use super::state_of;

pub fn max(options: PlayerOptions) -> Analyser {
    let settings = SearchSettings::new(Budget::Time(options.movetime), options.threads.max(1));
    searching("max", settings, u32::MAX)
}

/// `max` at `budget` on one thread.
pub fn analysing(budget: Budget) -> Analyser {
    searching("max", SearchSettings::new(budget, 1), u32::MAX)
}

/// `depth` plies deep, unless `cap` runs out first.
pub fn level(name: &str, depth: u32, cap: Duration) -> Analyser {
    searching(name, SearchSettings::new(Budget::Time(cap), 1), depth)
}

fn searching(name: &str, settings: SearchSettings, depth: u32) -> Analyser {
    let analyse: Analyse =
        Box::new(move |position, settings| analyze_within(&state_of(position)?, settings, depth));
    Analyser::new(name, settings, analyse)
}

//! The engine's player: the full search with its time budget and threads.

use std::sync::Arc;
use std::time::Duration;

use crate::core::root::SearchSettings;
use crate::core::{Budget, Claim, Decision, Player, PlayerOptions, Position, Watch};

use super::super::cell::cell_id;
use super::super::rules::State;
use super::super::search::analysis::analyze;
use super::super::search::score::proven;
use super::super::search::{Limits, Report, Table, search};
use super::state_of;

/// Size of each searching player's own transposition table.
pub const TABLE_MEGABYTES: usize = 64;

/// Plays the search's best move within its time (`max`), or to a fixed depth.
pub struct Searcher {
    name: String,
    limits: Limits,
    table: Arc<Table>,
    /// What the last search found, for tools that want its figures.
    pub last: Option<Report>,
    /// Plays the analysis's best move at these settings (the `max` player, so that it
    /// plays what `analyze` marks), rather than the lazy-SMP search's.
    analysis: Option<SearchSettings>,
}

impl Searcher {
    /// The `max` player: `options.movetime` a move on `options.threads` threads.
    pub fn max(options: PlayerOptions) -> Searcher {
        let mut searcher = Searcher::with_limits(
            "max",
            Limits::time(options.movetime, options.threads.max(1)),
        );
        searcher.analysis = Some(SearchSettings::new(
            Budget::Time(options.movetime),
            options.threads.max(1),
        ));
        searcher
    }

    /// The `max` player searching at `budget`.
    pub fn analysing(budget: Budget) -> Searcher {
        let mut searcher = Searcher::with_limits("max", Limits::depth(1));
        searcher.analysis = Some(SearchSettings::new(budget, 1));
        searcher
    }

    pub fn with_limits(name: &str, limits: Limits) -> Searcher {
        Searcher {
            name: name.to_string(),
            limits,
            table: Arc::new(Table::new(TABLE_MEGABYTES)),
            last: None,
            analysis: None,
        }
    }

    /// The search's report for `state`, `None` once the game is over.
    pub fn think(&mut self, state: &State) -> Option<Report> {
        let report = search(state, &self.limits, &self.table)?;
        self.last = Some(report.clone());
        Some(report)
    }

    pub fn movetime(&self) -> Option<Duration> {
        self.limits.movetime
    }
}

/// What a search of `state` proves about its move, if anything: a win or loss, by
/// pattern or on points (see [`proven`]); a lead that may still be lost is not claimed.
pub fn claim(state: &State, report: &Report) -> Option<Claim> {
    if report.depth == 0 {
        return None;
    }
    proven(report.score, state.plies_left())
}

impl Player for Searcher {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let state = state_of(position)?;
        if let Some(settings) = &self.analysis {
            let analysis = analyze(&state, settings)?;
            return Some(Decision {
                mv: analysis.best,
                claim: analysis.claim(),
                how: Some(format!("depth {}", analysis.depth)),
            });
        }
        let report = self.think(&state)?;
        Some(Decision {
            mv: cell_id(report.best).into(),
            claim: claim(&state, &report),
            how: Some(format!("depth {}", report.depth)),
        })
    }

    /// Only the analysis (the `max` player) reports to a watch.
    fn set_watch(&mut self, watch: Arc<Watch>) {
        if let Some(settings) = &mut self.analysis {
            settings.watch = Some(watch);
        }
    }
}

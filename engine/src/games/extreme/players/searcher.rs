//! The engine's player: the analysis's best move, within its time or a fixed budget.

use std::sync::Arc;
use std::time::Duration;

use crate::core::root::SearchSettings;
use crate::core::{Budget, Decision, Player, PlayerOptions, Position, Watch};

use super::super::search::analysis::analyze_within;
use super::state_of;

/// Plays the analysis's best move (the `max` player, so that it plays what `analyze`
/// marks), or a level's shallow search.
pub struct ExtremeSearchPlayer {
    name: String,
    settings: SearchSettings,
    /// The deepest iteration.
    depth: u32,
}

impl ExtremeSearchPlayer {
    /// The `max` player: `options.movetime` a move on `options.threads` threads.
    pub fn max(options: PlayerOptions) -> ExtremeSearchPlayer {
        ExtremeSearchPlayer {
            settings: SearchSettings::new(Budget::Time(options.movetime), options.threads.max(1)),
            ..ExtremeSearchPlayer::analysing(Budget::Time(options.movetime))
        }
    }

    /// The `max` player searching at `budget` on one thread.
    pub fn analysing(budget: Budget) -> ExtremeSearchPlayer {
        ExtremeSearchPlayer {
            name: "max".to_string(),
            settings: SearchSettings::new(budget, 1),
            depth: u32::MAX,
        }
    }

    /// A level's search: `depth` plies deep, unless `cap` runs out first.
    pub fn level(name: &str, depth: u32, cap: Duration) -> ExtremeSearchPlayer {
        ExtremeSearchPlayer {
            name: name.to_string(),
            settings: SearchSettings::new(Budget::Time(cap), 1),
            depth,
        }
    }
}

impl Player for ExtremeSearchPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let analysis = analyze_within(&state_of(position)?, &self.settings, self.depth)?;
        Some(Decision {
            mv: analysis.best,
            claim: analysis.claim(),
            how: Some(format!("depth {}", analysis.depth)),
        })
    }

    /// Reports to a watch, which may stop it.
    fn set_watch(&mut self, watch: Arc<Watch>) {
        self.settings.watch = Some(watch);
    }
}

//! The top player of the searched games: the analysis's best move, as `analyze` marks it.

use std::sync::Arc;

use crate::core::root::SearchSettings;
use crate::core::{Analysis, Decision, Player, Position, Watch};

/// `None` for a position it cannot analyse (over, or another game's).
pub type Analyse = Box<dyn FnMut(&dyn Position, &SearchSettings) -> Option<Analysis> + Send>;

pub struct Analyser {
    name: String,
    settings: SearchSettings,
    analyse: Analyse,
}

impl Analyser {
    pub fn new(name: &str, settings: SearchSettings, analyse: Analyse) -> Analyser {
        Analyser {
            name: name.to_string(),
            settings,
            analyse,
        }
    }
}

impl Player for Analyser {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        Some((self.analyse)(position, &self.settings)?.decision())
    }

    fn set_watch(&mut self, watch: Arc<Watch>) {
        self.settings.watch = Some(watch);
    }
}

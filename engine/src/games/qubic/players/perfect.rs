//! `perfect`: as X, the header's procedure on Patashnik's dictionary, which the verifier
//! proves wins against every reply; as O (or off the dictionary's tree), the strongest
//! search. `book:FILE` is the same player on another dictionary.

use std::sync::Arc;
use std::time::Duration;

use super::decision;
use crate::core::root::SearchSettings;
use crate::core::{Budget, Claim, Decision, Player, Position, Side, Status, Watch};
use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::dictionary::Index;
use crate::games::qubic::geometry::Qubic;
use crate::games::qubic::position::QubicPosition;
use crate::games::qubic::search::analysis;
use crate::games::qubic::strategy;

pub struct Perfect {
    name: String,
    index: Arc<Index>,
    settings: SearchSettings,
}

impl Perfect {
    pub fn new(index: Arc<Index>, movetime: Duration, _seed: u64) -> Perfect {
        Perfect::with_budget(index, Budget::Time(movetime))
    }

    pub fn with_budget(index: Arc<Index>, budget: Budget) -> Perfect {
        Perfect {
            name: "perfect".into(),
            index,
            settings: SearchSettings::new(budget, 1),
        }
    }

    #[must_use]
    pub fn named(mut self, name: impl Into<String>) -> Perfect {
        self.name = name.into();
        self
    }

    /// The moves stay the same.
    #[must_use]
    pub fn on_threads(mut self, threads: usize) -> Perfect {
        self.settings.threads = threads;
        self
    }

    pub fn choose(&mut self, board: QubicBoard) -> Option<Decision> {
        if board.status() != Status::InPlay {
            return None;
        }
        if let Some(decision) = dictionary_move(&self.index, board) {
            return Some(decision);
        }
        // O, or X where the procedure does not apply (a position set up by hand).
        let analysis = analysis::analyze(board, &self.settings)?;
        Some(Decision {
            claim: analysis.claim(),
            ..decision(analysis.best.index(), "search")
        })
    }
}

pub fn dictionary_move(index: &Index, board: QubicBoard) -> Option<Decision> {
    if board.to_move() != Side::First {
        return None;
    }
    let choice = strategy::choose(&Qubic, index, board).ok()?;
    Some(Decision {
        claim: choice.win_within.map(Claim::WinWithin),
        ..decision(choice.cell, choice.rule.word())
    })
}

impl Player for Perfect {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        self.choose(QubicPosition::board_of(position))
    }

    fn set_watch(&mut self, watch: Arc<Watch>) {
        self.settings.watch = Some(watch);
    }
}

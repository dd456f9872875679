//! `perfect`: as X, the header's procedure on Patashnik's dictionary, which the verifier
//! proves wins against every reply; as O (or off the dictionary's tree), the strongest
//! search. `book:FILE` is the same player on another dictionary.

use std::sync::Arc;

use super::decision;
use crate::core::root::SearchSettings;
use crate::core::{Claim, Decision, Player, Position, Side, Status, Watch};
use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::dictionary::Index;
use crate::games::qubic::geometry::Qubic;
use crate::games::qubic::search::analysis;
use crate::games::qubic::strategy;

pub struct Perfect {
    name: String,
    index: Arc<Index>,
    settings: SearchSettings,
}

impl Perfect {
    /// `settings` for the searches where the dictionary does not answer (its threads never
    /// change a move).
    pub fn new(name: &str, index: Arc<Index>, settings: SearchSettings) -> Perfect {
        Perfect {
            name: name.to_string(),
            index,
            settings,
        }
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
        Some(decision(analysis.best.index(), "search", analysis.claim()))
    }
}

pub fn dictionary_move(index: &Index, board: QubicBoard) -> Option<Decision> {
    if board.to_move() != Side::First {
        return None;
    }
    let choice = strategy::choose(&Qubic, index, board).ok()?;
    let claim = choice.win_within.map(Claim::WinWithin);
    Some(decision(choice.cell, choice.rule.word(), claim))
}

impl Player for Perfect {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        self.choose(QubicBoard::of(position))
    }

    fn set_watch(&mut self, watch: Arc<Watch>) {
        self.settings.watch = Some(watch);
    }
}

//! `perfect`: as X, the header's procedure on Patashnik's dictionary (win, block,
//! dictionary, forced win), which the verifier proves wins against every reply; as O (or
//! as X in a position off the dictionary's tree), the strongest searcher.

use std::sync::Arc;
use std::time::Duration;

use super::decision;
use super::strong::{Strong, Style};
use crate::core::{Claim, Decision, Player, Position, Side, Status};
use crate::games::qubic::board::Board;
use crate::games::qubic::dictionary::Index;
use crate::games::qubic::geometry::Qubic;
use crate::games::qubic::position::QubicPosition;
use crate::games::qubic::strategy;

pub struct Perfect {
    index: Arc<Index>,
    searcher: Strong,
}

impl Perfect {
    pub fn new(index: Arc<Index>, movetime: Duration, seed: u64) -> Perfect {
        Perfect {
            index,
            searcher: Strong::new("perfect", Style::strongest(movetime), seed),
        }
    }
}

impl Player for Perfect {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        self.choose(QubicPosition::board_of(position))
    }
}

impl Perfect {
    /// The move on the concrete board (the search stays on it).
    pub fn choose(&mut self, board: Board) -> Option<Decision> {
        if board.status() != Status::InPlay {
            return None;
        }
        if board.to_move() == Side::First
            && let Ok(choice) = strategy::choose(&Qubic, &self.index, board)
        {
            return Some(Decision {
                claim: choice.win_within.map(Claim::WinWithin),
                ..decision(choice.cell, choice.rule.word())
            });
        }
        // O, or X where the procedure does not apply (a position the dictionary's games
        // never reach, e.g. one set up by hand).
        self.searcher.choose(board)
    }
}

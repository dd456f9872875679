//! The prover: that X wins Qubic, found by search rather than checked, and written as a
//! dictionary in Patashnik's format that the verifier accepts.
//!
//! Proof-number search ([`search`]) over positions folded by the 192 symmetries
//! ([`graph`]), whose leaves are settled by the header's rules and the threat-space search
//! ([`rules`]): X wins at once, O must block, X has a forced win (threes O must block,
//! ending in a double threat), or, for O's turn, O wins at once or has a forced win. Each
//! X decision the forced-win search does not settle becomes a dictionary entry ([`proof`]).
//! The search is deterministic: a position budget, never the clock, decides what it finds.
//!
//! After Allis ("Searching for Solutions in Games and Artificial Intelligence", 1994, and
//! with Schoo, "Qubic solved again", 1992), who proved Qubic with these two searches.

pub mod children;
pub mod graph;
pub mod numbers;
pub mod proof;
pub mod rules;
pub mod search;
pub mod text;

use std::time::{Duration, Instant};

use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::dictionary::{Dictionary, DictionaryEntry, verify};
use crate::games::qubic::geometry::{Geometry, Qubic};

pub(crate) use proof::NotProven;
pub use rules::Budgets;
pub use search::Search;

/// How much a proof may search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ProverLimits {
    /// Positions judged (the same answer on every run).
    pub positions: u64,
    /// Positions kept in memory.
    pub nodes: usize,
    pub time: Option<Duration>,
}

impl Default for ProverLimits {
    fn default() -> Self {
        ProverLimits {
            positions: u64::MAX,
            nodes: 30_000_000,
            time: None,
        }
    }
}

/// Which limit stopped a search before it settled the root.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stop {
    Positions,
    Memory,
    Time,
}

pub struct QubicProof {
    /// The position searched, canonical.
    pub root: QubicBoard,
    pub search: Search,
    /// Why it stopped before settling the root, if it did.
    pub stopped: Option<Stop>,
    pub elapsed: Duration,
}

impl QubicProof {
    /// X wins, proven.
    pub fn x_wins(&self) -> bool {
        self.search.root().proof == 0
    }

    /// X does not win, proven.
    pub fn x_does_not_win(&self) -> bool {
        self.search.root().disproof == 0
    }

    /// The dictionary entries of a proof that X wins (see [`proof::entries`]).
    pub fn entries(&self) -> Result<Vec<(QubicBoard, usize)>, NotProven> {
        proof::entries(&self.search, self.root)
    }
}

/// Proves or disproves that X wins from `board` (game on), within `limits`.
pub fn prove(board: QubicBoard, budgets: Budgets, limits: ProverLimits) -> QubicProof {
    let started = Instant::now();
    let root = Qubic.canonical(board).0;
    let mut search = Search::new(root, budgets);
    let stopped = search.run(&limits, started);
    QubicProof {
        root,
        search,
        stopped,
        elapsed: started.elapsed(),
    }
}

/// The most plies X needs to win from `board` (game on, either side to move), if the prover
/// shows within `positions` positions that X wins: the longest game of the proof, X playing
/// by the header's procedure on the proof's dictionary against every reply, as the verifier
/// plays it out. A bound, proven; the shortest win may be shorter.
pub fn win_within(board: QubicBoard, positions: u64) -> Option<u32> {
    let limits = ProverLimits {
        positions,
        ..ProverLimits::default()
    };
    let proof = prove(board, Budgets::default(), limits);
    if !proof.x_wins() {
        return None;
    }
    let entries = proof.entries().ok()?.into_iter().enumerate();
    let dictionary = Dictionary {
        entries: entries
            .map(|(i, (board, play))| DictionaryEntry {
                line: i + 1,
                board,
                play,
            })
            .collect(),
    };
    let report = verify::verify_from(&Qubic, &dictionary, board, verify::VerifyOptions::default());
    Some(report.ok()?.deepest - board.stones())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_comes_with_the_plies_it_takes_at_most() {
        // X to move with a double threat at 0: 0, a block, the win.
        let fork = QubicBoard::from_masks(
            1 << 1 | 1 << 2 | 1 << 4 | 1 << 8,
            1 << 40 | 1 << 45 | 1 << 51 | 1 << 60,
        );
        assert_eq!(win_within(fork, 1000), Some(3));
        // After X's move at 0, O to move: a block, then X's win.
        assert_eq!(win_within(fork.with_move(0), 1000), Some(2));
        assert_eq!(
            win_within(QubicBoard::EMPTY, 1000),
            None,
            "too small a budget"
        );
    }
}

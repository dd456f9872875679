//! The proof a finished search holds, as a dictionary: X's move in every position of the
//! proof where X decides (not a win at once, not a block, not a forced win the verifier
//! finds by itself), one entry per class of positions.

use crate::games::qubic::board::{FastSet, QubicBoard, Side};

use super::children::children;
use super::rules::{ProverVerdict, judge};
use super::search::Search;

/// Why a search holds no proof to write: the position it was asked about is not proven.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("the search has not proven that X wins")]
pub struct NotProven;

/// The entries of the proof from the search's root, sorted by stones, then position: each
/// canonical position with X's move. Every position the verifier meets on its way is either
/// one of them or settled by the header's other rules.
pub fn entries(search: &Search, root: QubicBoard) -> Result<Vec<(QubicBoard, usize)>, NotProven> {
    let mut walk = Walk {
        search,
        seen: FastSet::default(),
        entries: Vec::new(),
    };
    let mut stack = vec![root];
    while let Some(board) = stack.pop() {
        if walk.seen.insert(board) {
            walk.visit(board, &mut stack)?;
        }
    }
    walk.entries
        .sort_by_key(|&(board, _)| (board.stones(), board));
    Ok(walk.entries)
}

struct Walk<'a> {
    search: &'a Search,
    seen: FastSet<QubicBoard>,
    entries: Vec<(QubicBoard, usize)>,
}

impl Walk<'_> {
    /// Is `board` proven, by the search or by the rules?
    fn proven(&self, board: QubicBoard) -> bool {
        match self.search.graph.find(board) {
            Some(id) => self.search.graph.node(id).numbers.proof == 0,
            None => judge(board, self.search.budgets).0 == ProverVerdict::Won,
        }
    }

    /// Pushes the positions `board` leads to in the proof; records X's decisions.
    fn visit(&mut self, board: QubicBoard, stack: &mut Vec<QubicBoard>) -> Result<(), NotProven> {
        let graph = &self.search.graph;
        let Some(node) = graph.find(board).map(|id| *graph.node(id)) else {
            // Settled by the rules when it was met.
            return match judge(board, self.search.budgets).0 {
                ProverVerdict::Won => Ok(()),
                _ => Err(NotProven),
            };
        };
        if node.numbers.proof != 0 {
            return Err(NotProven);
        }
        if !node.expanded {
            return Ok(()); // the root, settled by the rules
        }
        match (board.to_move(), node.block()) {
            (Side::First, None) => {
                let (cell, child) = children(board, None)
                    .into_iter()
                    .find(|&(_, child)| self.proven(child))
                    .ok_or(NotProven)?;
                self.entries.push((board, cell));
                stack.push(child);
            }
            // A block (rule 2 of the header), or every reply of O's.
            (_, block) => stack.extend(children(board, block).into_iter().map(|(_, c)| c)),
        }
        Ok(())
    }
}

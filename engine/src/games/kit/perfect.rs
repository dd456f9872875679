//! The perfect player of a game solved by a table: the solver's move, with its exact value.

use std::sync::Arc;

use crate::core::{CellId, Claim, Decision, Player, Position, Value};

/// A game's solved table, as the perfect player asks it.
pub trait Solution: Send + Sync {
    /// The perfect move in `position` and its exact value for the side playing it; `None`
    /// when the game is over (or the position is another game's).
    fn best(&self, position: &dyn Position) -> Option<(CellId, Value)>;
}

/// Never lowers the value; as deterministic as its solver's choice.
pub(crate) struct Perfect<S: Solution> {
    solver: Arc<S>,
}

impl<S: Solution> Perfect<S> {
    pub fn new(solver: Arc<S>) -> Perfect<S> {
        Perfect { solver }
    }
}

impl<S: Solution> Player for Perfect<S> {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let (cell, value) = self.solver.best(position)?;
        Some(Decision {
            claim: Some(Claim::Exact(value)),
            ..Decision::new(cell)
        })
    }
}

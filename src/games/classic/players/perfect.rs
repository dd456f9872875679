//! The exact player for boards of up to 16 cells: see `solver::choose` for its choice.

use std::sync::Arc;

use super::board_in_play;
use crate::core::{CellId, Claim, Decision, Player, Position};
use crate::games::classic::solver::Solver;

pub struct Perfect {
    solver: Arc<Solver>,
}

impl Perfect {
    pub fn new(solver: Arc<Solver>) -> Perfect {
        Perfect { solver }
    }
}

impl Player for Perfect {
    fn name(&self) -> String {
        "perfect".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let choice = self.solver.best_move(board_in_play(position)?)?;
        Some(Decision {
            cell: CellId::new(choice.cell.index()),
            claim: Some(Claim::Exact(choice.value)),
            how: None,
        })
    }
}

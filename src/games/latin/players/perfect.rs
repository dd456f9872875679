//! The exact bot.

use std::sync::Arc;

use super::Player;
use crate::games::latin::game::{Board, Cell};
use crate::games::latin::solver::Solver;

/// The exact bot: never lowers the value; deterministic (see `solver::choose`).
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

    fn choose(&mut self, board: Board) -> Option<Cell> {
        self.solver.best_move(board).map(|choice| choice.cell)
    }
}

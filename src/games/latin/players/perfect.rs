//! The exact bot.

use std::sync::Arc;

use crate::core::{Claim, Decision, Player, Position};
use crate::games::latin::game::{Board, Cell};
use crate::games::latin::position::{board_of, cell_id};
use crate::games::latin::solver::Solver;

/// The exact bot: never lowers the value; deterministic (see `solver::choose`). Says its
/// move's exact value.
pub struct Perfect {
    solver: Arc<Solver>,
}

impl Perfect {
    pub fn new(solver: Arc<Solver>) -> Perfect {
        Perfect { solver }
    }
}

impl Perfect {
    pub fn name(&self) -> String {
        "perfect".into()
    }

    /// The move on the concrete board; `None` only when the game is over.
    pub fn choose(&mut self, board: Board) -> Option<Cell> {
        self.solver.best_move(board).map(|choice| choice.cell)
    }
}

impl Player for Perfect {
    fn name(&self) -> String {
        Perfect::name(self)
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let board = board_of(position)?;
        let cell = self.choose(board)?;
        Some(Decision {
            claim: self.solver.move_value(board, cell).map(Claim::Exact),
            ..Decision::new(cell_id(cell))
        })
    }
}

//! Everything that picks a move: the perfect player, weaker levels and baselines.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::game::{Board, Cell};
use crate::solver::Solver;

/// Something that picks a move for the side to move.
pub trait Player: Send {
    /// A short name for tables and status lines, e.g. `perfect`.
    fn name(&self) -> String;

    /// The move to play; `None` only when the game is over.
    fn choose(&mut self, board: Board) -> Option<Cell>;
}

/// The exact bot: never lowers the value; deterministic.
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

/// How strong the bot plays in the terminal game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
    #[default]
    Perfect,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Perfect,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Perfect => "perfect",
        }
    }

    /// The next level up, wrapping from perfect to easy (the game's `d` key).
    pub fn next(self) -> Difficulty {
        let i = Difficulty::ALL.iter().position(|&d| d == self).unwrap_or(0);
        Difficulty::ALL[(i + 1) % Difficulty::ALL.len()]
    }

    /// A player of this level; `seed` drives the randomised levels.
    pub fn player(self, solver: Arc<Solver>, _seed: u64) -> Box<dyn Player> {
        // The weaker levels arrive with the difficulty work; until then every level is exact.
        Box::new(Perfect::new(solver))
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = String;

    fn from_str(s: &str) -> Result<Difficulty, String> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown difficulty '{s}': use easy, medium, hard or perfect"))
    }
}

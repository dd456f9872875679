//! What a move is worth as far as an engine has shown it: what the hints on the board, the
//! analysis and the engine's answers are made of.

use std::fmt;

use super::value::Value;

/// What one move is worth to the side to move, as far as the engine has shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hint {
    /// Proven: the value, or a bound, of playing here.
    Proven(Claim),
    /// Not proven: the engine's guess, higher is better for the mover; only an ordering.
    Guess(i32),
}

/// What is proven about a move or position for the side concerned. Never more than the code
/// has shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Claim {
    /// The exact game-theoretic value (solved games, or a search that finished).
    Exact(Value),
    /// The side can force a win within this many plies (perhaps sooner).
    WinWithin(u32),
    /// The opponent can force a win within this many plies (perhaps sooner).
    LossWithin(u32),
}

impl Claim {
    /// Short form for the grid: `W5`, `D`, `L3` for exact values, `W≤7`, `L≤4` for bounds.
    pub fn short(self) -> String {
        match self {
            Claim::Exact(value) => value.short(),
            Claim::WinWithin(plies) => format!("W≤{plies}"),
            Claim::LossWithin(plies) => format!("L≤{plies}"),
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Exact(value) => write!(f, "{value}"),
            Claim::WinWithin(plies) => write!(f, "win within {plies}"),
            Claim::LossWithin(plies) => write!(f, "loss within {plies}"),
        }
    }
}

//! What a move is worth as far as an engine has shown it: what the hints on the board, the
//! analysis and the engine's answers are made of.

use super::player::Claim;

/// What one move is worth to the side to move, as far as the engine has shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hint {
    /// Proven: the value, or a bound, of playing here.
    Proven(Claim),
    /// Not proven: the engine's guess, higher is better for the mover; only an ordering.
    Guess(i32),
}

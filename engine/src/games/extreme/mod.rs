//! Extreme tic-tac-toe: a 4x4 grid of 4x4 boards, with correspondence, abandoned boards,
//! open moves and bonus moves (the rules of the contest's simulator).

pub mod adapter;
pub mod board;
pub mod cell;
pub mod patterns;
pub mod players;
pub mod rules;
pub mod search;
pub mod text;

#[cfg(test)]
mod rules_tests;
/// Positions the screen's tests share with the rules' tests.
#[doc(hidden)]
pub mod testing;
#[cfg(test)]
mod text_tests;

pub use adapter::{Extreme, ExtremeEngine};
pub use board::ExtremeBoard;
pub use cell::ExtremeCell;
pub use rules::{Moves, State};
pub(crate) use text::ExtremePositionError;

//! The engine's search: iterative deepening principal variation search with a shared
//! transposition table, on any number of threads.
//!
//! - `position`: the state with a Zobrist key (stones, target board, side, bonus flag).
//! - `tt`: the lock-free transposition table.
//! - `ordering`: move ordering.
//! - `eval`: the static evaluation.
//! - `score`: the score bands (guesses, points ends, wins).
//! - `tree`: the search below the root, bonus moves included.
//! - `iterate`: iterative deepening and threads.
//! - `time`: when to stop.

pub mod analysis;
pub mod eval;
pub mod hints;
pub mod iterate;
pub mod ordering;
pub mod position;
pub mod score;
pub mod time;
pub mod tree;
pub mod tt;

#[cfg(test)]
mod tests;

pub use iterate::search;
pub use iterate::{Limits, Report};
pub use tt::Table;

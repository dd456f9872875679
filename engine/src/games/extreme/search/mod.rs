//! The engine's search: principal variation search with a transposition table, each root
//! move searched by the analysis that every game shares (`core::root`: iterative deepening,
//! threads, the budget).
//!
//! - `position`: the state with a Zobrist key (stones, target board, side, bonus flag).
//! - `tt`: the transposition table.
//! - `ordering`: move ordering.
//! - `eval`: the static evaluation.
//! - `score`: the score bands (guesses, points ends, wins).
//! - `tree`: the search below the root, bonus moves included.
//! - `analysis`: the root, for `core::root`.

pub mod analysis;
pub mod eval;
pub mod ordering;
pub mod position;
pub mod score;
pub mod tree;
pub(crate) mod tt;

#[cfg(test)]
mod tests;

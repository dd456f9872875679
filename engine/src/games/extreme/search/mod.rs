//! The engine's search: principal variation search with a transposition table, each root
//! move searched by the analysis that every game shares (`core::root`: iterative deepening,
//! threads, the budget).

pub mod analysis;
pub mod eval;
pub mod ordering;
pub mod position;
pub mod score;
pub mod tree;
pub(crate) mod tt;

#[cfg(test)]
mod tests;

//! The engine's search, each root move under the analysis every game shares (`core::root`).

pub mod analysis;
pub mod eval;
pub mod ordering;
pub mod position;
pub mod score;
pub mod tree;

#[cfg(test)]
mod tests;

//! The engine's search, each root move under the analysis every game shares (`core::root`).

pub mod analysis;
pub mod eval;
pub mod ordering;
pub mod position;
pub mod score;
pub mod tree;
pub(crate) mod tt;

#[cfg(test)]
mod tests;

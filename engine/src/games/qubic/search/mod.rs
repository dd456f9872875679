//! Search for the players without a dictionary (O, and X below `perfect`).

pub mod alphabeta;
pub mod analysis;
pub mod eval;

//! Search for the players that have no dictionary (O, and X below `perfect`): a static
//! evaluation by open lines and forks, a transposition table, and alpha-beta that respects
//! threats under the shared analysis.

pub mod alphabeta;
pub mod analysis;
pub mod eval;
pub mod table;

pub use alphabeta::{PROVEN, WIN};

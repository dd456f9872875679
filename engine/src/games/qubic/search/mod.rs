//! Search for the players that have no dictionary (O, and X below `perfect`): a static
//! evaluation by open lines and forks, a transposition table, and iterative-deepening
//! alpha-beta that respects threats.

pub mod alphabeta;
pub mod analysis;
pub mod eval;
pub mod table;

pub(crate) use alphabeta::Searcher;
pub use alphabeta::{PROVEN, WIN};

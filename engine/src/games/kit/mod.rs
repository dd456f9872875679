//! What every game would otherwise write for itself. Knows `crate::core` and no game.

pub mod analyser;
pub mod baselines;
pub mod exact;
pub mod levels;
pub mod lines;
pub mod placing;
pub mod position_text;
pub mod rng;
pub mod solved;
pub mod table;

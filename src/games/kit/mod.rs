//! What every game would otherwise write for itself, written once: the seeded generator of
//! its randomised players and the drawing of a random move. Knows `crate::core` and no
//! game; each game keeps only its rules, evaluation and move order.

pub mod baselines;
pub mod levels;
pub mod perfect;
pub mod placing;
pub mod rng;
pub mod solved;
pub mod table;

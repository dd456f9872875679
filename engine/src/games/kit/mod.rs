//! What every game would otherwise write for itself, written once: the transposition and
//! solved-position tables, the seeded generator, the random and greedy baselines, the
//! player of the analysis's best move (`analyser`), the levels' blending, the perfect
//! player over a solved table, lines on a board and the permutations keeping them. Knows `crate::core` and no game; each game keeps only its
//! rules, evaluation and move order.

pub mod analyser;
pub mod baselines;
pub mod levels;
pub mod lines;
pub mod perfect;
pub mod placing;
pub mod rng;
pub mod solved;
pub mod table;

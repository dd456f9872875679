//! Classic tic-tac-toe on an N x N board, N in 3..=7, K in a row to win (K in 3..=N, the
//! whole row by default). X moves first; the first to hold K in a row along a row, a column
//! or a diagonal wins at once; a full board without one is a draw.
//!
//! - The rules: [`variant`] (which game), [`lines`] (the winning lines as bit masks),
//!   [`cell`] (cells and their names), [`board`] (a position, always a reachable one),
//!   [`text`] (position text).
//! - Boards of at most 16 cells are solved exactly: [`symmetry`] finds the permutations
//!   that keep the lines, [`solver`] solves every reachable position once.
//! - Bigger boards are searched under a clock: [`search`].
//! - [`players`]: baselines, the perfect player, levels, the ten-sided-die player `d10`, the five-rule player's
//!   `rule-list` (`examples/seed003/` replays that experiment as its C# program ran
//!   it; the engine keeps only the published figures).
//! - [`adapter`]: the games interface of `crate::core` (games between two players are
//!   played by `crate::core::game_loop`).

pub mod adapter;
pub mod board;
pub mod cell;
pub mod lines;
pub mod players;
pub mod proof;
pub mod search;
pub mod solver;
pub mod symmetry;
pub mod text;
pub mod variant;

pub use adapter::game;
pub use board::ClassicBoard;
pub use cell::ClassicCell;
pub use variant::Variant;

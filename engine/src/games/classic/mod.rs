//! Classic tic-tac-toe on an N x N board, N in 3..=7, K in a row to win (K in 3..=N, the
//! whole row by default). X moves first; the first to hold K in a row along a row, a column
//! or a diagonal wins at once; a full board without one is a draw.

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

pub use board::ClassicBoard;
pub use cell::ClassicCell;
pub use variant::Variant;

//! Classic tic-tac-toe on an N x N board, N in 3..=7, K in a row to win (K in 3..=N).

pub mod adapter;
pub mod board;
pub mod cell;
pub mod lines;
pub mod matches;
pub mod players;
pub mod search;
pub mod seed003;
pub mod solver;
pub mod symmetry;
pub mod text;
pub mod variant;

pub use adapter::{ClassicEngine, ClassicGame, game};
pub use board::{Board, BoardError, MoveRefused};
pub use cell::{Cell, CellNameError};
pub use lines::Lines;
pub use text::TextError;
pub use variant::{Variant, VariantError};

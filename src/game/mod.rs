//! The rules of Tic-Tac-Latin and nothing else: cells, the board, scoring, symmetry.

pub mod board;
pub mod cell;
pub mod symmetry;
pub mod tactics;

pub use board::{Board, LINES, MoveError, PositionError, Side, Status};
pub use cell::Cell;
pub use symmetry::Symmetries;

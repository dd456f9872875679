//! Qubic: four in a row in a 4x4x4 cube, X first; a first-player win (Patashnik 1980).
//!
//! Credit: the dictionary is Oren Patashnik's ("Qubic: 4x4x4 Tic-Tac-Toe", Mathematics
//! Magazine 53(4), 1980), put in its form by Ken Thompson; see `assets/qubic/SOURCE.md`.

pub mod adapter;
pub mod board;
pub mod cell;
pub mod dictionary;
pub mod geometry;
pub mod lines;
pub mod players;
pub mod position;
pub mod prover;
pub mod search;
pub mod strategy;
pub mod symmetry;
pub mod threats;

pub use adapter::QubicGame;
pub use board::QubicBoard;
pub use cell::QubicCell;
pub use geometry::{Geometry, Qubic};

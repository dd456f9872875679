//! Qubic: four in a row in a 4x4x4 cube, X first; a first-player win (Patashnik 1980).
//!
//! - `cell`, `lines`, `board`: the rules on two 64-bit masks and the position text.
//! - `symmetry`, `geometry`: the 192 line-preserving maps and the canonical form; the
//!   small interface the dictionary tools and threat search are written against.

pub mod board;
pub mod cell;
pub mod geometry;
pub mod lines;
pub mod symmetry;

pub use board::{Board, BoardError};
pub use cell::{Cell, CellParseError};
pub use geometry::{Geometry, Qubic};
pub use symmetry::Symmetries;
pub mod dictionary;
pub mod hash;
pub mod players;
pub mod search;
pub mod strategy;
pub mod threats;

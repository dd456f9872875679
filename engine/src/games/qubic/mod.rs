//! Qubic: four in a row in a 4x4x4 cube, X first; a first-player win (Patashnik 1980).
//!
//! Layers, each using only those above it in this list:
//! - `cell`, `lines`, `board`: the rules on two 64-bit masks and the position text.
//! - `symmetry`, `geometry`: the 192 line-preserving maps and the canonical form; the small
//!   interface ([`Geometry`]) the dictionary tools and the threat search are written
//!   against, so they also run on the 4x4 three-in-a-row example.
//! - `threats`: threats and forced wins (threat-space search).
//! - `dictionary`: Patashnik's dictionary in both formats, the verifier, export and
//!   compression.
//! - `strategy`: X's procedure from the dictionary's header (win, block, dictionary,
//!   forced win).
//! - `search`, `players`, `hints`: alpha-beta under a clock and everything that picks a
//!   move or hints at one.
//! - `position`, `adapter`: the game through the core interface (`Position`; `Game`,
//!   `Engine`).
//!
//! Credit: the dictionary is Oren Patashnik's ("Qubic: 4x4x4 Tic-Tac-Toe", Mathematics
//! Magazine 53(4), 1980), put in its form by Ken Thompson; see `assets/qubic/SOURCE.md`.

pub mod adapter;
pub mod board;
pub mod cell;
pub mod dictionary;
pub mod geometry;
pub mod hash;
pub mod hints;
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
pub use position::QubicPosition;

//! Tic-Tac-Latin's strategy books: `export` writes the perfect player's, `verify` rolls out
//! every game against the solved table, `compress` merges lines with wildcards.

pub mod compress;
pub mod export;
pub mod verify;

pub use compress::{compress, expand};
pub use export::export;
pub use verify::{Unsound, Verified, verify};

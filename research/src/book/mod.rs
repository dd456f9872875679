//! Tic-Tac-Latin's strategy books.

pub mod compress;
pub mod export;
pub mod verify;

pub use compress::{compress, expand};
pub use export::export;
pub use verify::{Unsound, Verified, verify};

//! tictaclatin: terminal board games (Tic-Tac-Latin, classic tic-tac-toe, and more), each
//! with a bot as strong as the game allows: the program around the engine crate. The command
//! line sits on top and nothing below knows it.

pub mod config;
pub mod keys;
pub mod record;
pub mod serve;
pub mod store;
pub mod symbols;
pub mod tui;

// The engine crate's two layers, at the paths the program has always used.
pub use tictaclatin_engine::{core, games};

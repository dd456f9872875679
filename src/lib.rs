//! Tic-Tac-Latin: the rules, an exact solver, and the players built on it.
//!
//! Layers, each knowing only those before it: `game` (the rules, nothing else), `solver`
//! (exact values), `players` (everything that picks a move, including a `book` player),
//! `book` (the strategy dictionary), `tournament` (many games between players), `engine`
//! (the line protocol). `config` and `store` turn files into typed settings and records.
//! The terminal game and the command line sit on top and nothing below knows them.

pub mod config;
pub mod core;
pub mod games;
pub mod store;
pub mod tui;

// Paths of the time before games/ (moving to the games interface); to be removed.
pub use core::{protocol as engine, tournament};
pub use games::latin::{book, game, players, solver};

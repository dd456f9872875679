//! Tic-Tac-Latin: the rules, an exact solver, and the players built on it.
//!
//! Layers, each knowing only those before it: `game` (the rules, nothing else), `solver`
//! (exact values), `players` (everything that picks a move), `engine` (the line protocol).
//! The terminal game and the command line sit on top and nothing below knows them.

pub mod engine;
pub mod game;
pub mod players;
pub mod solver;
pub mod tui;

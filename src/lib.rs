//! tictaclatin: terminal board games (Tic-Tac-Latin, classic tic-tac-toe, and more), each
//! with a bot as strong as the game allows.
//!
//! Layers, each knowing only those before it: `core` (what every game shares: sides, cells,
//! positions, values, players, the session of a game, the tournament and the engine line
//! protocol, and the one interface to a game, `Game` and `Engine`), `games` (one folder per
//! game with its rules, solver or search and players, and the one list of them), `symbols`
//! (the characters the sides are drawn with, for the screen and the commands that print
//! boards), `config` and `store` (files turned into typed settings and records), and the
//! terminal game `tui` (its key bindings in `tui::keys`, read by the config too).
//! The command line sits on top and nothing below knows it.

pub mod config;
pub mod core;
pub mod games;
pub mod record;
pub mod store;
pub mod symbols;
pub mod tui;

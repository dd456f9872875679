//! The games of tictaclatin and what they share, with no screen, file format or command line:
//! `core` (sides, cells, positions, values, players, the session of a game, the tournament
//! and the engine line protocol, and the one interface to a game, `Game` and `Engine`) and
//! `games` (one folder per game with its rules, solver or search and players, and the one
//! list of them).

pub mod core;
pub mod games;

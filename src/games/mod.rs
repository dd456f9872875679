//! The games, each in its own folder with its rules, its solver or search and its players.

pub mod latin;
pub mod qubic;

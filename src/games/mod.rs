//! The games, each in its own folder with its rules, its solver or search and its players.

pub mod extreme;
pub mod latin;

//! Tic-Tac-Latin: 4x4, a line of three of yours and one of theirs scores; solved exactly.

pub mod adapter;
pub mod book;
pub mod game;
pub mod players;
pub mod position;
pub mod solver;

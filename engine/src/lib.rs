//! The games of tictaclatin and what they share, with no screen, file format or command line.

pub mod core;
pub mod games;

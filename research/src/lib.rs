//! The tools that made and check the strategy books the games ship, behind `tictaclatin
//! book`: no player needs them (the players read books through the engine).

pub mod book;
pub mod dictionary;
pub mod puzzles;

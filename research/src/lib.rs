//! The tools that made and check the strategy books the games ship, behind `tictaclatin
//! book`: no player needs them (the players read books through the engine). `book`:
//! Tic-Tac-Latin's books, exported from the solved table, verified against it, compressed
//! with wildcards. `dictionary`: the first player's winning dictionaries (Patashnik's for
//! Qubic, the classic 4x4 three-in-a-row example), exported after verification and
//! compressed up to symmetry.

pub mod book;
pub mod dictionary;

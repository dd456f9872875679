//! The rules of Tic-Tac-Latin and nothing else: cells, the board, scoring, symmetry.

pub mod board;
pub mod cell;
pub mod symmetry;
pub mod tactics;

pub use board::{Board, LINES, Side, Status};
pub use cell::Cell;
pub use symmetry::Symmetries;

/// Short ways to write positions and cells in tests: `board("XO--/----/----/----")`.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Board, Cell};

    pub fn board(text: &str) -> Board {
        text.parse().expect("a test position")
    }

    pub fn cell(name: &str) -> Cell {
        name.parse().expect("a test cell")
    }
}

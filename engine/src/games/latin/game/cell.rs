//! A cell of the 4x4 board and its spreadsheet-style name (`a1` .. `d4`).

use crate::core::words::quote;
use crate::games::kit::lines::bits;
use std::fmt;
use std::str::FromStr;

pub const CELLS: usize = 16;
pub const SIDE: u8 = 4;

/// One of the 16 cells, numbered row-major: `a1` = 0, `d1` = 3, `a2` = 4, `d4` = 15. The
/// index is private so a `Cell` always names a real cell.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    pub fn new(index: u8) -> Option<Cell> {
        ((index as usize) < CELLS).then_some(Cell(index))
    }

    /// The cell at `row`, `col` (from 0, top-left), if on the board.
    pub fn at(row: u8, col: u8) -> Option<Cell> {
        (row < SIDE && col < SIDE).then(|| Cell(row * SIDE + col))
    }

    pub fn all() -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + Clone {
        (0..CELLS as u8).map(Cell)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn row(self) -> u8 {
        self.0 / SIDE
    }

    pub const fn col(self) -> u8 {
        self.0 % SIDE
    }

    pub const fn bit(self) -> u16 {
        1 << self.0
    }

    /// The cells set in a mask, lowest index first.
    pub fn in_mask(mask: u16) -> impl Iterator<Item = Cell> {
        bits(mask.into()).map(|i| Cell(i as u8))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} is not a cell: use a column a-d and a row 1-4, like b3", quote(.0))]
pub struct CellParseError(String);

impl FromStr for Cell {
    type Err = CellParseError;

    fn from_str(s: &str) -> Result<Cell, CellParseError> {
        let err = || CellParseError(s.to_string());
        let bytes = s.trim().as_bytes();
        if bytes.len() != 2 {
            return Err(err());
        }
        let col = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        Cell::at(bytes[1].wrapping_sub(b'1'), col).ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_name_says_what_names_look_like() {
        assert_eq!(
            "e5".parse::<Cell>().unwrap_err().to_string(),
            "'e5' is not a cell: use a column a-d and a row 1-4, like b3"
        );
    }

    #[test]
    fn names_follow_the_rules() {
        assert_eq!(Cell::new(0).unwrap().to_string(), "a1");
        assert_eq!(Cell::new(3).unwrap().to_string(), "d1");
        assert_eq!(Cell::new(4).unwrap().to_string(), "a2");
        assert_eq!(Cell::new(15).unwrap().to_string(), "d4");
        assert_eq!(Cell::new(16), None);
    }

    #[test]
    fn every_name_round_trips() {
        for cell in Cell::all() {
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
        }
        assert_eq!("B3".parse::<Cell>(), Ok(Cell::at(2, 1).unwrap()));
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in ["", "a", "a0", "a5", "e1", "1a", "a10", "é1"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad} parsed");
        }
    }

    #[test]
    fn mask_iteration_lists_set_cells() {
        let cells: Vec<String> = Cell::in_mask(0b1000_0000_0000_0101)
            .map(|c| c.to_string())
            .collect();
        assert_eq!(cells, ["a1", "c1", "d4"]);
    }
}

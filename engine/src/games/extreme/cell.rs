//! A cell of the 256-cell board and its names: `B3c1` for people, `r,c` for the simulator.

use crate::core::CellId;
use crate::core::words::quote;
use std::fmt;
use std::str::FromStr;

pub const CELLS: usize = 256;

/// Numbered row-major over the whole board: `r * 16 + c`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ExtremeCell(u8);

impl ExtremeCell {
    pub const fn new(index: u8) -> ExtremeCell {
        ExtremeCell(index)
    }

    /// Both row-major.
    pub const fn in_board(board: usize, local: usize) -> ExtremeCell {
        let r = (board / 4) * 4 + local / 4;
        let c = (board % 4) * 4 + local % 4;
        ExtremeCell((r * 16 + c) as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn row(self) -> u8 {
        self.0 / 16
    }

    pub const fn col(self) -> u8 {
        self.0 % 16
    }

    pub const fn board(self) -> usize {
        (self.row() as usize / 4) * 4 + self.col() as usize / 4
    }

    /// By the correspondence rule, also the small board the next move goes to.
    pub const fn local(self) -> usize {
        (self.row() as usize % 4) * 4 + self.col() as usize % 4
    }

    pub const fn bit(self) -> u16 {
        1 << self.local()
    }

    pub fn all() -> impl Iterator<Item = ExtremeCell> {
        (0..=255u8).map(ExtremeCell)
    }
}

/// Column letter, row digit: `B3`.
pub fn board_name(board: usize) -> String {
    format!("{}{}", (b'A' + (board % 4) as u8) as char, board / 4 + 1)
}

impl fmt::Display for ExtremeCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let local = self.local();
        let col = (b'a' + (local % 4) as u8) as char;
        write!(f, "{}{}{}", board_name(self.board()), col, local / 4 + 1)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} is not a cell: name it like B3c1 (small board column A-D and row 1-4, then the cell's \
     column a-d and row 1-4) or give row and column 0-15 as r,c",
    quote(.0)
)]
pub struct ExtremeCellParseError(pub String);

impl FromStr for ExtremeCell {
    type Err = ExtremeCellParseError;

    /// `B3c1` (any case), `r,c` or `r c`.
    fn from_str(text: &str) -> Result<ExtremeCell, ExtremeCellParseError> {
        let text = text.trim();
        let err = || ExtremeCellParseError(text.to_string());
        if text.starts_with(|c: char| c.is_ascii_digit()) {
            parse_numbers(text).ok_or_else(err)
        } else {
            parse_name(text).ok_or_else(err)
        }
    }
}

fn parse_name(text: &str) -> Option<ExtremeCell> {
    let [bc, br, lc, lr] = <[u8; 4]>::try_from(text.as_bytes()).ok()?;
    let digit = |b: u8| (b'1'..=b'4').contains(&b).then(|| usize::from(b - b'1'));
    let letter = |b: u8| {
        let b = b.to_ascii_lowercase();
        (b'a'..=b'd').contains(&b).then(|| usize::from(b - b'a'))
    };
    let board = digit(br)? * 4 + letter(bc)?;
    let local = digit(lr)? * 4 + letter(lc)?;
    Some(ExtremeCell::in_board(board, local))
}

fn parse_numbers(text: &str) -> Option<ExtremeCell> {
    let mut parts = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|p| !p.is_empty());
    let (r, c) = (parts.next()?, parts.next()?);
    if parts.next().is_some() || text.matches(',').count() > 1 {
        return None;
    }
    let (r, c): (u8, u8) = (r.parse().ok()?, c.parse().ok()?);
    (r < 16 && c < 16).then(|| ExtremeCell(r * 16 + c))
}

pub fn cell_id(cell: ExtremeCell) -> CellId {
    CellId::new(cell.index())
}

pub fn cell_of(id: CellId) -> Option<ExtremeCell> {
    u8::try_from(id.index()).ok().map(ExtremeCell::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b3c1_is_board_column_b_row_3_local_column_c_row_1() {
        let cell: ExtremeCell = "B3c1".parse().unwrap();
        // Small board (row 2, column 1), local (row 0, column 2): global (8, 6).
        assert_eq!((cell.row(), cell.col()), (8, 6));
        assert_eq!(cell.board(), 2 * 4 + 1);
        assert_eq!(cell.local(), 2);
        assert_eq!(cell.to_string(), "B3c1");
        assert_eq!("8,6".parse::<ExtremeCell>(), Ok(cell));
    }

    #[test]
    fn corners_of_the_whole_board() {
        assert_eq!(ExtremeCell::new(0).to_string(), "A1a1");
        assert_eq!(ExtremeCell::new(255).to_string(), "D4d4");
        assert_eq!(ExtremeCell::new(15).to_string(), "D1d1");
        assert_eq!(ExtremeCell::new(240).to_string(), "A4a4");
    }

    #[test]
    fn every_name_and_number_round_trips() {
        for cell in ExtremeCell::all() {
            assert_eq!(cell.to_string().parse::<ExtremeCell>(), Ok(cell));
            let numbers = format!("{},{}", cell.row(), cell.col());
            assert_eq!(numbers.parse::<ExtremeCell>(), Ok(cell));
            assert_eq!(ExtremeCell::in_board(cell.board(), cell.local()), cell);
        }
    }

    #[test]
    fn numbers_accept_a_comma_or_spaces() {
        let want = Some(ExtremeCell::new(5 * 16 + 12));
        assert_eq!("5,12".parse().ok(), want);
        assert_eq!("5 12".parse().ok(), want);
        assert_eq!(" 5 , 12 ".parse().ok(), want);
        assert_eq!("b3C1".parse::<ExtremeCell>().ok(), "B3c1".parse().ok());
    }

    #[test]
    fn bad_names_are_refused() {
        for bad in [
            "", "B3c", "B3c10", "E1a1", "A5a1", "A1e1", "A1a0", "16,0", "0,16", "1,2,3", "1",
            "-1,2", "1,,2", "x",
        ] {
            assert!(bad.parse::<ExtremeCell>().is_err(), "{bad} parsed");
        }
    }
}

//! Qubic's 64 cells: number `16 * layer + 4 * row + column` (0-based, Patashnik's numbering)
//! and names for people, `2b3` = layer 2, column b, row 3 (1-based) = cell 25.

use crate::core::words::{excerpt, quote};
use std::fmt;
use std::str::FromStr;

pub const CELLS: usize = 64;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct QubicCell(u8);

impl QubicCell {
    pub fn new(index: usize) -> Option<QubicCell> {
        (index < CELLS).then_some(QubicCell(index as u8))
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn coords(self) -> [usize; 3] {
        let i = self.0 as usize;
        [i / 16, i / 4 % 4, i % 4]
    }
}

pub use crate::games::kit::lines::bits;

impl fmt::Display for QubicCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [layer, row, col] = self.coords();
        write!(f, "{}{}{}", layer + 1, (b'a' + col as u8) as char, row + 1)
    }
}

const FORM: &str = "name a cell by layer 1-4, column a-d and row 1-4 (2b3), or by its number 0..63";

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum QubicCellParseError {
    #[error("no cell given: {FORM}")]
    Empty,
    #[error("no cell {}: numbers run from 0 to 63", excerpt(.0))]
    OutOfRange(String),
    #[error("no cell {}: {part}; {FORM}", quote(.text))]
    OffBoard { text: String, part: &'static str },
    #[error("no cell {}: {FORM}", quote(.0))]
    Unreadable(String),
}

impl FromStr for QubicCell {
    type Err = QubicCellParseError;

    /// `2b3` (any case) or a number `0`..`63`.
    fn from_str(text: &str) -> Result<QubicCell, QubicCellParseError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(QubicCellParseError::Empty);
        }
        if text.bytes().all(|b| b.is_ascii_digit()) {
            return text
                .parse::<usize>()
                .ok()
                .and_then(QubicCell::new)
                .ok_or_else(|| QubicCellParseError::OutOfRange(text.to_string()));
        }
        parse_name(text)
    }
}

fn parse_name(text: &str) -> Result<QubicCell, QubicCellParseError> {
    let lower = text.to_ascii_lowercase();
    let &[layer, col, row] = lower.as_bytes() else {
        return Err(QubicCellParseError::Unreadable(text.to_string()));
    };
    let off = |part| QubicCellParseError::OffBoard {
        text: text.to_string(),
        part,
    };
    if !layer.is_ascii_digit() || !col.is_ascii_alphabetic() || !row.is_ascii_digit() {
        return Err(QubicCellParseError::Unreadable(text.to_string()));
    }
    if !(b'1'..=b'4').contains(&layer) {
        return Err(off("layers are 1 to 4"));
    }
    if !(b'a'..=b'd').contains(&col) {
        return Err(off("columns are a to d"));
    }
    if !(b'1'..=b'4').contains(&row) {
        return Err(off("rows are 1 to 4"));
    }
    let index = |b: u8, base: u8| (b - base) as usize;
    Ok(QubicCell(
        (16 * index(layer, b'1') + 4 * index(row, b'1') + index(col, b'a')) as u8,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_rules_example() {
        let cell: QubicCell = "2b3".parse().unwrap();
        assert_eq!(cell.index(), 25);
        assert_eq!(cell.to_string(), "2b3");
        assert_eq!("25".parse::<QubicCell>().unwrap(), cell);
        assert_eq!("1a1".parse::<QubicCell>().unwrap().index(), 0);
        assert_eq!("4D4".parse::<QubicCell>().unwrap().index(), 63);
    }

    #[test]
    fn every_cell_round_trips() {
        for i in 0..CELLS {
            let cell = QubicCell::new(i).unwrap();
            assert_eq!(cell.to_string().parse::<QubicCell>().unwrap(), cell);
            assert_eq!(i.to_string().parse::<QubicCell>().unwrap(), cell);
            let [l, r, c] = cell.coords();
            assert_eq!(16 * l + 4 * r + c, i);
        }
    }

    #[test]
    fn bad_names_say_why() {
        let err = |t: &str| t.parse::<QubicCell>().unwrap_err().to_string();
        assert!(err("5a1").contains("layers are 1 to 4"), "{}", err("5a1"));
        assert!(err("1e1").contains("columns are a to d"));
        assert!(err("1a5").contains("rows are 1 to 4"));
        assert!(err("64").contains("0 to 63"));
        assert!(err("zz").contains("'zz'"));
        assert!(err("").contains("no cell given"));
        assert!(err("99999999999999999999999").contains("0 to 63"));
        let form = "name a cell by layer 1-4, column a-d and row 1-4 (2b3), or by its number 0..63";
        assert_eq!(err(""), format!("no cell given: {form}"));
        assert_eq!(err("zz"), format!("no cell 'zz': {form}"));
        assert_eq!(err("64"), "no cell 64: numbers run from 0 to 63");
        assert_eq!(
            err("5a1"),
            format!("no cell '5a1': layers are 1 to 4; {form}")
        );
    }
}

//! Cells and their names: column letter then row number, rows counted from the top (`a1` is
//! the top-left corner, as in Tic-Tac-Latin); on 3x3 also the ten-sided-die game's numbers `1`..`9`, row by
//! row (1 = a1, 3 = c1, 5 = b2, 9 = c3).

use super::variant::Variant;
use crate::core::words::quote;
use crate::games::kit::lines::bits;

/// A cell of some variant's board: bit `row * size + col` of a side's mask.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ClassicCell(u8);

impl ClassicCell {
    pub fn new(variant: Variant, index: usize) -> Option<ClassicCell> {
        (index < variant.cells()).then_some(ClassicCell(index as u8))
    }

    /// The cell at `row`, `col` (from 0, top-left), if it is on the board.
    pub fn at(variant: Variant, row: i32, col: i32) -> Option<ClassicCell> {
        let n = variant.size() as i32;
        ((0..n).contains(&row) && (0..n).contains(&col)).then(|| ClassicCell((row * n + col) as u8))
    }

    /// The cells of `mask`, lowest index (row order) first.
    pub fn in_mask(mask: u64) -> impl Iterator<Item = ClassicCell> {
        bits(mask).map(|i| ClassicCell(i as u8))
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    pub fn row(self, variant: Variant) -> i32 {
        (self.0 / variant.size()) as i32
    }

    pub fn col(self, variant: Variant) -> i32 {
        (self.0 % variant.size()) as i32
    }

    pub fn name(self, variant: Variant) -> String {
        let col = (b'a' + self.col(variant) as u8) as char;
        format!("{col}{}", self.row(variant) + 1)
    }

    /// Reads `b3` (any case, spaces around ignored), or `1`..`9` on 3x3.
    pub fn parse(variant: Variant, text: &str) -> Result<ClassicCell, CellNameError> {
        let bad = || CellNameError {
            text: text.trim().to_string(),
            variant,
        };
        let t = text.trim().to_ascii_lowercase();
        if variant.size() == 3 && t.len() == 1 {
            let digit = t
                .chars()
                .next()
                .and_then(|c| c.to_digit(10))
                .ok_or_else(bad)?;
            return (digit as usize)
                .checked_sub(1)
                .and_then(|i| ClassicCell::new(variant, i))
                .ok_or_else(bad);
        }
        let mut chars = t.chars();
        let col = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or_else(bad)?;
        // Rows count from 1; an unsigned parse keeps `row - 1` from overflowing.
        let row: u8 = chars.as_str().parse().map_err(|_| bad())?;
        ClassicCell::at(variant, row as i32 - 1, col as i32 - 'a' as i32).ok_or_else(bad)
    }
}

/// A cell name that names no cell of the board; the message says what names look like.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "{} is not a cell of the {1}x{1} board: use {2}",
    quote(.text),
    .variant.size(),
    names(*.variant)
)]
pub struct CellNameError {
    pub text: String,
    pub variant: Variant,
}

/// The cell names of `variant`: `a1..c3`, and on 3x3 the numbers `1..9` as well.
fn names(variant: Variant) -> String {
    let last = ClassicCell((variant.cells() - 1) as u8).name(variant);
    let numbers = if variant.size() == 3 { " or 1..9" } else { "" };
    format!("a1..{last}{numbers}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(n: u8) -> Variant {
        Variant::new(n, None).unwrap()
    }

    #[test]
    fn names_go_column_then_row_from_the_top() {
        assert_eq!(ClassicCell::at(v(3), 0, 0).unwrap().name(v(3)), "a1");
        assert_eq!(ClassicCell::at(v(3), 0, 2).unwrap().name(v(3)), "c1");
        assert_eq!(ClassicCell::at(v(7), 6, 6).unwrap().name(v(7)), "g7");
        for variant in Variant::all() {
            for i in 0..variant.cells() {
                let cell = ClassicCell::new(variant, i).unwrap();
                assert_eq!(ClassicCell::parse(variant, &cell.name(variant)), Ok(cell));
            }
        }
    }

    #[test]
    fn seed_numbers_work_on_3x3_only() {
        let n = |t| ClassicCell::parse(v(3), t).map(ClassicCell::index);
        assert_eq!(n("1"), Ok(0));
        assert_eq!(n("3"), Ok(2));
        assert_eq!(n("5"), Ok(4));
        assert_eq!(n("9"), Ok(8));
        assert!(n("0").is_err());
        assert!(ClassicCell::parse(v(4), "1").is_err());
    }

    #[test]
    fn bad_names_say_what_is_valid() {
        let e = ClassicCell::parse(v(4), "e1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "'e1' is not a cell of the 4x4 board: use a1..d4"
        );
        let e = ClassicCell::parse(v(3), " z ").unwrap_err();
        assert_eq!(
            e.to_string(),
            "'z' is not a cell of the 3x3 board: use a1..c3 or 1..9"
        );
        for bad in [
            "",
            "a0",
            "a4",
            "d1",
            "aa",
            "1a",
            "a-1",
            "é1",
            "a-2147483648",
            "a999",
        ] {
            assert!(ClassicCell::parse(v(3), bad).is_err(), "{bad}");
        }
        assert_eq!(
            ClassicCell::parse(v(3), "B2").map(ClassicCell::index),
            Ok(4)
        );
    }

    #[test]
    fn masks_list_cells_in_row_order() {
        let cells: Vec<usize> = ClassicCell::in_mask(0b1010_0001)
            .map(ClassicCell::index)
            .collect();
        assert_eq!(cells, [0, 5, 7]);
    }
}

//! A position as two 64-bit masks, Qubic's rules on it, and the position text. The masks
//! know no geometry (the small example's board uses them too); the methods that speak of
//! winning (`status`, `winning_line`, the text parser) are Qubic's.

use std::cmp::Ordering;
use std::str::FromStr;

use super::cell::{CELLS, QubicCell};
use super::lines::LINES;
use crate::core::words::{cell_count, quote_char, turns_counts};
pub use crate::core::{Side, Status};
use crate::games::kit::position_text::{read_cells, write_cells};

/// Whose turn it is follows from the counts: X moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct QubicBoard {
    x: u64,
    o: u64,
}

/// SipHash, the standard hasher, guards against adversarial keys, which positions are not,
/// and the verifier hashes millions of them. A fixed seed keeps runs alike.
pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;
pub(crate) type FastSet<K> = std::collections::HashSet<K, foldhash::fast::FixedState>;

impl QubicBoard {
    pub const EMPTY: QubicBoard = QubicBoard { x: 0, o: 0 };

    /// Nothing is checked: the text parser is for positions from outside.
    pub const fn from_masks(x: u64, o: u64) -> QubicBoard {
        QubicBoard { x, o }
    }

    pub const fn x(self) -> u64 {
        self.x
    }

    pub const fn o(self) -> u64 {
        self.o
    }

    pub const fn mask(self, side: Side) -> u64 {
        match side {
            Side::First => self.x,
            Side::Second => self.o,
        }
    }

    pub const fn occupied(self) -> u64 {
        self.x | self.o
    }

    pub const fn stones(self) -> u32 {
        self.occupied().count_ones()
    }

    pub const fn to_move(self) -> Side {
        if self.x.count_ones() == self.o.count_ones() {
            Side::First
        } else {
            Side::Second
        }
    }

    pub fn at(self, cell: usize) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&side| self.mask(side) & 1 << cell != 0)
    }

    /// `cell` must be empty.
    #[inline]
    pub const fn with_stone(self, cell: usize, side: Side) -> QubicBoard {
        debug_assert!(self.occupied() & 1 << cell == 0);
        match side {
            Side::First => QubicBoard::from_masks(self.x | 1 << cell, self.o),
            Side::Second => QubicBoard::from_masks(self.x, self.o | 1 << cell),
        }
    }

    #[inline]
    pub const fn with_move(self, cell: usize) -> QubicBoard {
        self.with_stone(cell, self.to_move())
    }

    pub const fn without(self, cell: usize) -> QubicBoard {
        QubicBoard::from_masks(self.x & !(1 << cell), self.o & !(1 << cell))
    }

    pub fn full_lines<'a>(self, side: Side, lines: &'a [u64]) -> impl Iterator<Item = u64> + 'a {
        let mask = self.mask(side);
        lines.iter().copied().filter(move |&l| mask & l == l)
    }

    /// Qubic's: the first in [`LINES`] order.
    pub fn winning_line(self) -> Option<(Side, u64)> {
        Side::ALL
            .into_iter()
            .find_map(|side| Some((side, self.full_lines(side, &LINES).next()?)))
    }

    pub fn status(self) -> Status {
        match self.winning_line() {
            Some((side, _)) => Status::Won(side),
            None if self.occupied() == u64::MAX => Status::Draw,
            None => Status::InPlay,
        }
    }

    /// Layers separated by `//`, rows by `/`.
    pub fn text(self) -> String {
        write_cells(CELLS, &[4, 16], |cell| self.at(cell))
    }

    /// Refuses what no game of Qubic reaches.
    pub fn check(self) -> Result<(), QubicBoardError> {
        let (x, o) = (self.x.count_ones(), self.o.count_ones());
        if x != o && x != o + 1 {
            return Err(QubicBoardError::Counts { x, o });
        }
        let won = |side| self.full_lines(side, &LINES).next().is_some();
        let winner = match (won(Side::First), won(Side::Second)) {
            (true, true) => return Err(QubicBoardError::BothWon),
            (true, false) => Side::First,
            (false, true) => Side::Second,
            (false, false) => return Ok(()),
        };
        if self.to_move() == winner {
            return Err(QubicBoardError::WinnerDidNotMoveLast { winner });
        }
        let common = self
            .full_lines(winner, &LINES)
            .fold(u64::MAX, |acc, l| acc & l);
        if common == 0 {
            return Err(QubicBoardError::TwoSeparateLines { winner });
        }
        Ok(())
    }
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum QubicBoardError {
    #[error(
        "bad character {} at {cell}: use X, O, - or . (/ and spaces are ignored)",
        quote_char(*.ch)
    )]
    BadCharacter { ch: char, cell: QubicCell },
    #[error("{}", cell_count(None, CELLS, "more"))]
    TooMany,
    #[error("{}", cell_count(None, CELLS, .found))]
    TooFew { found: usize },
    #[error("{}", turns_counts(*.x, *.o))]
    Counts { x: u32, o: u32 },
    #[error("both sides have four in a line")]
    BothWon,
    #[error("{} has four in a line but did not move last", .winner.letter())]
    WinnerDidNotMoveLast { winner: Side },
    #[error(
        "{} has two lines with no cell in common: the game ended at the first",
        .winner.letter()
    )]
    TwoSeparateLines { winner: Side },
}

impl FromStr for QubicBoard {
    type Err = QubicBoardError;

    fn from_str(text: &str) -> Result<QubicBoard, QubicBoardError> {
        let cells = read_cells(text).map_err(|(found, ch)| match QubicCell::new(found) {
            Some(cell) => QubicBoardError::BadCharacter { ch, cell },
            None => QubicBoardError::TooMany,
        })?;
        match cells.count.cmp(&CELLS) {
            Ordering::Less => return Err(QubicBoardError::TooFew { found: cells.count }),
            Ordering::Greater => return Err(QubicBoardError::TooMany),
            Ordering::Equal => {}
        }
        let [x, o] = cells.stones;
        let board = QubicBoard { x, o };
        board.check()?;
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::qubic::geometry::{Geometry, Qubic};

    fn board(cells: &[(usize, Side)]) -> QubicBoard {
        cells
            .iter()
            .fold(QubicBoard::EMPTY, |b, &(c, s)| b.with_stone(c, s))
    }

    #[test]
    fn text_round_trips() {
        let b = board(&[(0, Side::First), (25, Side::Second), (63, Side::First)]);
        assert_eq!(b.text().parse::<QubicBoard>().unwrap(), b);
        assert_eq!(b.to_move(), Side::Second);
        let spaced = format!("  {}  ", b.text().replace('/', " ").replace('-', "."));
        assert_eq!(spaced.parse::<QubicBoard>().unwrap(), b);
    }

    #[test]
    fn errors_name_the_cell_and_the_counts() {
        let mut text = "-".repeat(64);
        text.replace_range(41..42, "Z");
        let err = text.parse::<QubicBoard>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad character 'Z' at 3b3: use X, O, - or . (/ and spaces are ignored)"
        );
        assert_eq!(
            "-".repeat(63).parse::<QubicBoard>().unwrap_err(),
            QubicBoardError::TooFew { found: 63 }
        );
        assert_eq!(
            "-".repeat(65).parse::<QubicBoard>().unwrap_err(),
            QubicBoardError::TooMany
        );
        let two_x = format!("XX{}", "-".repeat(62));
        assert_eq!(
            two_x.parse::<QubicBoard>().unwrap_err().to_string(),
            "X has 2 stones and O has 0: X moves first, so X must have as many as O or one more"
        );
    }

    #[test]
    fn refusals_read_as_sentences() {
        let said = |e: QubicBoardError| e.to_string();
        assert_eq!(
            said(QubicBoardError::TooMany),
            "a position has 64 cells, this one has more"
        );
        assert_eq!(
            said(QubicBoardError::TooFew { found: 1 }),
            "a position has 64 cells, this one has 1"
        );
        assert_eq!(
            said(QubicBoardError::BothWon),
            "both sides have four in a line"
        );
        assert_eq!(
            said(QubicBoardError::WinnerDidNotMoveLast {
                winner: Side::Second
            }),
            "O has four in a line but did not move last"
        );
        assert_eq!(
            said(QubicBoardError::TwoSeparateLines {
                winner: Side::First
            }),
            "X has two lines with no cell in common: the game ended at the first"
        );
    }

    #[test]
    fn impossible_wins_are_refused() {
        // X on row 1 of layer 1, O on row 2: both won.
        let both = format!("XXXXOOOO{}", "-".repeat(56));
        assert_eq!(
            both.parse::<QubicBoard>().unwrap_err(),
            QubicBoardError::BothWon
        );
        // X won with 4 against 4: O moved last.
        let late = format!("XXXXOOO-O{}", "-".repeat(55));
        assert_eq!(
            late.parse::<QubicBoard>().unwrap_err(),
            QubicBoardError::WinnerDidNotMoveLast {
                winner: Side::First
            }
        );
        // X has rows 1 and 3 of layer 1: two lines with nothing in common.
        let two = format!("XXXXOOO-XXXXOOO-O{}", "-".repeat(47));
        assert_eq!(
            two.parse::<QubicBoard>().unwrap_err(),
            QubicBoardError::TwoSeparateLines {
                winner: Side::First
            }
        );
        let won: QubicBoard = format!("XXXXOOO-{}", "-".repeat(56)).parse().unwrap();
        assert_eq!(won.status(), Status::Won(Side::First));
        assert!(Qubic.completes_line(won, 3));
        assert!(!Qubic.completes_line(won, 4));
    }

    #[test]
    fn a_full_board_without_a_line_is_a_draw() {
        // 32 X and 32 O with no line of one colour (found by a local search).
        let full = "OOOXOXXOXOOOOOOXXXOXXOXXOXOXOOXOXOXOOOXOOXXOXXOXXOXOXXOXXXOOOXXX";
        let b: QubicBoard = full.parse().unwrap();
        assert_eq!(b.status(), Status::Draw);
        let mut one_short = b.without(0); // O moved last
        assert_eq!(one_short.status(), Status::InPlay);
        one_short = one_short.with_move(0);
        assert_eq!(one_short, b);
    }
}

//! The board as two 16-bit masks, the scoring rule and the position text format.

use std::fmt;
use std::str::FromStr;

use super::cell::{CELLS, Cell, SIDE};
use crate::core::MoveError;
use crate::core::words::{at_cell, cell_count, quote_char, turns_counts};
pub use crate::core::{Side, Status};
use crate::games::kit::position_text::{read_cells, write_cells};

/// The 10 scoring lines: 4 rows, 4 columns, 2 diagonals.
pub const LINES: [u16; 10] = [
    0x000F, 0x00F0, 0x0F00, 0xF000, // rows 1..4
    0x1111, 0x2222, 0x4444, 0x8888, // columns a..d
    0x8421, // a1 b2 c3 d4
    0x1248, // d1 c2 b3 a4
];

/// The scoring rule for one line, given two sides' cells: `(1, 0)` when the line holds
/// three of `a` and one of `b`, `(0, 1)` for three of `b` and one of `a`, else `(0, 0)`.
#[inline]
pub const fn line_points(a: u16, b: u16, line: u16) -> (u32, u32) {
    match ((a & line).count_ones(), (b & line).count_ones()) {
        (3, 1) => (1, 0),
        (1, 3) => (0, 1),
        _ => (0, 0),
    }
}

/// The lines through `cell`: its row and column, and the diagonals it lies on.
pub fn lines_through(cell: Cell) -> impl Iterator<Item = u16> {
    let (row, col) = (cell.row(), cell.col());
    // LINES[0], [4], [8], [9] are row 1, column a and the diagonals (shifts beat `LINES[row]`).
    let on = [(row == col, LINES[8]), (row + col == SIDE - 1, LINES[9])]
        .into_iter()
        .filter_map(|(on, line)| on.then_some(line));
    [LINES[0] << (SIDE * row), LINES[4] << col]
        .into_iter()
        .chain(on)
}

/// A position: which cells each side holds. Whose turn it is follows from the counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    first: u16,
    second: u16,
}

impl Board {
    pub const EMPTY: Board = Board {
        first: 0,
        second: 0,
    };

    /// A board from two masks, if they are disjoint and their counts say whose turn it is.
    pub fn from_masks(first: u16, second: u16) -> Option<Board> {
        let (f, s) = (first.count_ones(), second.count_ones());
        (first & second == 0 && (f == s || f == s + 1)).then_some(Board { first, second })
    }

    pub const fn mask(self, side: Side) -> u16 {
        match side {
            Side::First => self.first,
            Side::Second => self.second,
        }
    }

    pub const fn occupied(self) -> u16 {
        self.first | self.second
    }

    pub const fn empty_cells(self) -> u16 {
        !self.occupied()
    }

    pub const fn empty_count(self) -> u32 {
        CELLS as u32 - self.occupied().count_ones()
    }

    pub const fn moves_made(self) -> u32 {
        self.occupied().count_ones()
    }

    pub fn at(self, cell: Cell) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&side| self.mask(side) & cell.bit() != 0)
    }

    /// The side whose turn it is (even when the game is over).
    pub const fn to_move(self) -> Side {
        if self.first.count_ones() == self.second.count_ones() {
            Side::First
        } else {
            Side::Second
        }
    }

    /// Points for (first, second): lines holding three of one side and one of the other.
    pub fn points(self) -> (u32, u32) {
        LINES.iter().fold((0, 0), |(f, s), &line| {
            let (pf, ps) = line_points(self.first, self.second, line);
            (f + pf, s + ps)
        })
    }

    pub fn scoring_lines(self) -> impl Iterator<Item = (u16, Side)> {
        LINES.into_iter().filter_map(
            move |line| match line_points(self.first, self.second, line) {
                (1, _) => Some((line, Side::First)),
                (_, 1) => Some((line, Side::Second)),
                _ => None,
            },
        )
    }

    pub fn status(self) -> Status {
        let (f, s) = self.points();
        if f > s {
            Status::Won(Side::First)
        } else if s > f {
            Status::Won(Side::Second)
        } else if self.empty_count() == 0 {
            Status::Draw
        } else {
            Status::InPlay
        }
    }

    /// The board after the side to move takes `cell`. No legality check: see [`Board::play`].
    #[inline]
    pub const fn with_move(self, cell: Cell) -> Board {
        if self.first.count_ones() == self.second.count_ones() {
            Board {
                first: self.first | cell.bit(),
                second: self.second,
            }
        } else {
            Board {
                first: self.first,
                second: self.second | cell.bit(),
            }
        }
    }

    pub fn play(self, cell: Cell) -> Result<Board, MoveError> {
        if self.status().is_over() {
            Err(MoveError::GameOver)
        } else if self.occupied() & cell.bit() != 0 {
            Err(MoveError::Taken(format!("{cell} is taken")))
        } else {
            Ok(self.with_move(cell))
        }
    }

    /// The points a move at `cell` just made change: (gained by the mover, gained by the other).
    /// Only lines through the cell can change, so the solver asks this, not all ten lines.
    #[inline]
    pub fn points_made_by(self, cell: Cell) -> (u32, u32) {
        let mover = self.mask(self.to_move().other()); // the side that just moved
        let other = self.mask(self.to_move());
        lines_through(cell).fold((0, 0), |(m, o), line| {
            let (pm, po) = line_points(mover, other, line);
            (m + pm, o + po)
        })
    }
}

/// The position text: 16 cells in rows separated by `/`, e.g. `-X-O/-X--/X-X-/O--O`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |i| {
            u8::try_from(i)
                .ok()
                .and_then(Cell::new)
                .and_then(|c| self.at(c))
        };
        f.write_str(&write_cells(CELLS, &[4], at))
    }
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LatinPositionError {
    /// At the cell it would have filled (`None` past the 16th cell).
    #[error(
        "bad character {} {}: cells are X, O, or - or . for empty",
        quote_char(*.found),
        at_cell(*.cell, "after the 16th cell")
    )]
    BadCharacter { found: char, cell: Option<Cell> },
    #[error("{}", cell_count(None, CELLS, .0))]
    WrongLength(usize),
    #[error("{}", turns_counts(*.first, *.second))]
    ImpossibleCounts { first: u32, second: u32 },
}

impl FromStr for Board {
    type Err = LatinPositionError;

    /// Reads the position text of RULES.md.
    fn from_str(text: &str) -> Result<Board, LatinPositionError> {
        let cells = read_cells(text).map_err(|(count, found)| {
            let cell = u8::try_from(count).ok().and_then(Cell::new);
            LatinPositionError::BadCharacter { found, cell }
        })?;
        if cells.count != CELLS {
            return Err(LatinPositionError::WrongLength(cells.count));
        }
        let [first, second] = cells.stones.map(|mask| mask as u16);
        Board::from_masks(first, second).ok_or(LatinPositionError::ImpossibleCounts {
            first: first.count_ones(),
            second: second.count_ones(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_read_as_sentences() {
        let a1 = Cell::new(0).unwrap();
        let bad = |cell| LatinPositionError::BadCharacter { found: '?', cell }.to_string();
        assert_eq!(
            bad(Some(a1)),
            "bad character '?' at a1: cells are X, O, or - or . for empty"
        );
        assert_eq!(
            bad(None),
            "bad character '?' after the 16th cell: cells are X, O, or - or . for empty"
        );
        assert_eq!(
            LatinPositionError::WrongLength(15).to_string(),
            "a position has 16 cells, this one has 15"
        );
        assert_eq!(
            LatinPositionError::ImpossibleCounts {
                first: 0,
                second: 2
            }
            .to_string(),
            "X has 0 stones and O has 2: X moves first, so X must have as many as O or one more"
        );
    }
    use crate::games::latin::game::testing::{board, cell};

    #[test]
    fn lines_are_the_rows_columns_and_diagonals() {
        let name = |line: u16| {
            Cell::in_mask(line)
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(name(LINES[0]), "a1 b1 c1 d1");
        assert_eq!(name(LINES[4]), "a1 a2 a3 a4");
        assert_eq!(name(LINES[8]), "a1 b2 c3 d4");
        assert_eq!(name(LINES[9]), "d1 c2 b3 a4");
    }

    #[test]
    fn the_examples_of_the_rules_score_as_stated() {
        // Row 1 holds each pattern; the rest of the board stays out of every other line.
        for (row, points) in [
            ("XXXO", (1, 0)),
            ("XOXX", (1, 0)),
            ("OXXX", (1, 0)),
            ("OOOX", (0, 1)),
            ("XXXX", (0, 0)),
            ("XXX-", (0, 0)),
            ("XX-O", (0, 0)),
            ("OOOO", (0, 0)),
        ] {
            let mut masks = (0u16, 0u16);
            for (i, ch) in row.chars().enumerate() {
                match ch {
                    'X' => masks.0 |= 1 << i,
                    'O' => masks.1 |= 1 << i,
                    _ => {}
                }
            }
            let b = Board {
                first: masks.0,
                second: masks.1,
            };
            assert_eq!(b.points(), points, "{row}");
        }
    }

    #[test]
    fn parse_accepts_the_documented_forms() {
        let a = board("-X-O/-X--/X-X-/O--O");
        assert_eq!(a, board("-x-o -x-- x-x- o--o"));
        assert_eq!(a, board(".X.O\n.X..\nX.X.\nO..O"));
        assert_eq!(a.to_string(), "-X-O/-X--/X-X-/O--O");
        assert_eq!(a.at(cell("b1")), Some(Side::First));
        assert_eq!(a.at(cell("d1")), Some(Side::Second));
        assert_eq!(a.at(cell("a1")), None);
        assert_eq!(a.to_move(), Side::Second);
    }

    #[test]
    fn parse_names_what_is_wrong() {
        assert_eq!(
            "-X-Q/-X--/X-X-/O--O".parse::<Board>(),
            Err(LatinPositionError::BadCharacter {
                found: 'Q',
                cell: Some(cell("d1"))
            })
        );
        assert_eq!(
            "-X-O/-X--/X-X-".parse::<Board>(),
            Err(LatinPositionError::WrongLength(12))
        );
        assert_eq!(
            "-X-O/-X--/X-X-/O--O-".parse::<Board>(),
            Err(LatinPositionError::WrongLength(17))
        );
        assert_eq!(
            "XX--/----/----/----".parse::<Board>(),
            Err(LatinPositionError::ImpossibleCounts {
                first: 2,
                second: 0
            })
        );
        assert_eq!(
            "O---/----/----/----".parse::<Board>(),
            Err(LatinPositionError::ImpossibleCounts {
                first: 0,
                second: 1
            })
        );
        assert!("".parse::<Board>().is_err());
    }

    #[test]
    fn a_move_can_score_for_the_opponent_or_for_both() {
        let cases = [
            // O holds three of row 1; X filling it completes OOOX, a point for O.
            (
                "OOO-/XX--/X---/----",
                "d1",
                (0, 1),
                Status::Won(Side::Second),
            ),
            // X at a1 completes XXXO in column a and OOOX in row 1: 1 : 1, play goes on.
            ("-OOO/X-X-/X--X/O---", "a1", (1, 1), Status::InPlay),
        ];
        for (text, at, points, status) in cases {
            let b = board(text);
            assert_eq!(b.to_move(), Side::First);
            let after = b.play(cell(at)).unwrap();
            assert_eq!(after.points(), points, "{text} {at}");
            assert_eq!(after.status(), status, "{text} {at}");
            assert_eq!(after.points_made_by(cell(at)), points, "{text} {at}");
        }
    }

    #[test]
    fn play_refuses_taken_cells_and_finished_games() {
        let b = board("X---/----/----/----");
        assert_eq!(
            b.play(cell("a1")),
            Err(MoveError::Taken("a1 is taken".into()))
        );
        let won = board("XXXO/O---/----/----");
        assert_eq!(won.status(), Status::Won(Side::First));
        assert_eq!(won.play(cell("d4")), Err(MoveError::GameOver));
    }

    #[test]
    fn a_full_board_with_equal_points_is_a_draw() {
        // Rows alternate XXOO / OOXX: no line has three of a kind.
        let b = board("XXOO/OOXX/XXOO/OOXX");
        assert_eq!(b.points(), (0, 0));
        assert_eq!(b.status(), Status::Draw);
    }
}

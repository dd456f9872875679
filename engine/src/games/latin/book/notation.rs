//! One line of a book, the small example's notation: 16 characters a1..d4, `.` empty, `x`/`o`
//! stones, one capital of the book's side for its move, and capitals of the opponent's letter
//! for wildcards (one position per wildcard, the opponent's stone on it, the others empty).

use std::fmt;

use crate::core::words::{plural, quote_char};
use crate::games::latin::game::cell::CELLS;
use crate::games::latin::game::{Board, Cell, Side, Status};

/// A parsed line: the stones, the opponent's alternative stones, and the move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BookLine {
    /// The side whose book this is: the side that plays `play`.
    pub side: Side,
    /// The lowercase stones. Without wildcards this is the position itself; with wildcards
    /// it lacks the opponent's one stone that a wildcard supplies.
    pub base: Board,
    /// Cells where the opponent's missing stone may be; empty for a plain line.
    pub wildcards: u16,
    pub play: Cell,
}

impl BookLine {
    /// A plain line: one position and its move.
    pub fn plain(position: Board, play: Cell) -> BookLine {
        BookLine {
            side: position.to_move(),
            base: position,
            wildcards: 0,
            play,
        }
    }

    /// The positions this line stands for, with the same move in each.
    pub fn positions(&self) -> Vec<Board> {
        if self.wildcards == 0 {
            return vec![self.base];
        }
        // The base has the opponent to move: its one missing stone comes from a wildcard.
        Cell::in_mask(self.wildcards)
            .map(|cell| self.base.with_move(cell))
            .collect()
    }

    /// Reads one line; the side is taken from the line itself (see [`infer_side`]).
    pub fn parse(text: &str) -> Result<BookLine, LineError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != CELLS {
            return Err(LineError::Length(chars.len()));
        }
        let mut masks = Masks::default();
        for (i, &ch) in chars.iter().enumerate() {
            let bit = 1u16 << i;
            match ch {
                '.' => {}
                'x' => masks.x |= bit,
                'o' => masks.o |= bit,
                'X' => masks.big_x |= bit,
                'O' => masks.big_o |= bit,
                other => {
                    return Err(LineError::Character {
                        found: other,
                        column: i + 1,
                    });
                }
            }
        }
        let side = masks.infer_side()?;
        let (play, wildcards) = match side {
            Side::First => (masks.big_x, masks.big_o),
            Side::Second => (masks.big_o, masks.big_x),
        };
        let play = Cell::new(play.trailing_zeros() as u8).expect("one move was counted");
        let base = Board::from_masks(masks.x, masks.o).expect("counts were checked");
        let line = BookLine {
            side,
            base,
            wildcards,
            play,
        };
        line.check_in_play()?;
        Ok(line)
    }

    /// A book holds positions where there is still a move to make.
    fn check_in_play(&self) -> Result<(), LineError> {
        for position in self.positions() {
            let (x, o) = position.points();
            match position.status() {
                Status::InPlay => {}
                Status::Won(side) => return Err(LineError::Over { winner: side, x, o }),
                Status::Draw => return Err(LineError::Full),
            }
        }
        Ok(())
    }
}

impl fmt::Display for BookLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (cell, stone) in Cell::all().zip(book_cells(self.base).chars()) {
            let ch = if cell == self.play {
                self.side.letter()
            } else if self.wildcards & cell.bit() != 0 {
                self.side.other().letter()
            } else {
                stone
            };
            write!(f, "{ch}")?;
        }
        Ok(())
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LineError {
    #[error(
        "expected {CELLS} cells (a1..d4), found {}",
        plural(*.0 as u64, "character", "characters")
    )]
    Length(usize),
    #[error("bad character {} in column {column}: use . x o X O", quote_char(*.found))]
    Character { found: char, column: usize },
    #[error(
        "no move: mark the book's move with a capital X (first player's book) or O \
         (second player's book)"
    )]
    NoMove,
    #[error(
        "the stones do not fit either side's book (x {x}, o {o}, X {big_x}, O {big_o}): \
         the first player's lines have one X, and as many x as o counting one o for \
         any O wildcards; the second player's have one O, and one x more than o \
         counting one x for any X wildcards"
    )]
    Counts {
        x: u32,
        o: u32,
        big_x: u32,
        big_o: u32,
    },
    /// The game is over in one of the line's positions.
    #[error(
        "the game is already over here ({} won {x} : {o}): a book only holds positions \
         with a move to make",
        .winner.letter()
    )]
    Over { winner: Side, x: u32, o: u32 },
    #[error("the board is already full")]
    Full,
}

/// A position in book notation without a move: `.`, `x`, `o`. Used to name positions in
/// messages so they can be found in a book by eye or with grep.
pub fn book_cells(board: Board) -> String {
    Cell::all()
        .map(|cell| match board.at(cell) {
            Some(side) => side.letter().to_ascii_lowercase(),
            None => '.',
        })
        .collect()
}

/// The cells of a line by character class.
#[derive(Default)]
struct Masks {
    x: u16,
    o: u16,
    big_x: u16,
    big_o: u16,
}

impl Masks {
    /// Whose book a line belongs to (see the counts in [`LineError::Counts`]); the two sides
    /// never both fit, as with one `X` and one `O` the counts differ by one.
    fn infer_side(&self) -> Result<Side, LineError> {
        let (x, o) = (self.x.count_ones(), self.o.count_ones());
        let (big_x, big_o) = (self.big_x.count_ones(), self.big_o.count_ones());
        let first_fits = big_x == 1 && x == o + u32::from(big_o > 0);
        let second_fits = big_o == 1 && x + u32::from(big_x > 0) == o + 1;
        match (first_fits, second_fits) {
            (true, _) => Ok(Side::First),
            (_, true) => Ok(Side::Second),
            _ if big_x == 0 && big_o == 0 => Err(LineError::NoMove),
            _ => Err(LineError::Counts { x, o, big_x, big_o }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::latin::game::testing::cell;

    #[test]
    fn plain_lines_round_trip() {
        for text in ["X...............", ".....xX..o......", "x..O............"] {
            let line = BookLine::parse(text).unwrap();
            assert_eq!(line.to_string(), text);
            assert_eq!(line.wildcards, 0);
            assert_eq!(line.positions().len(), 1);
        }
    }

    #[test]
    fn the_side_comes_from_the_counts() {
        assert_eq!(
            BookLine::parse("X...............").unwrap().side,
            Side::First
        );
        assert_eq!(
            BookLine::parse("x..O............").unwrap().side,
            Side::Second
        );
        // One X and one O: first player's with an O wildcard when x = o + 1 ...
        let first = BookLine::parse("x....X....O.....").unwrap();
        assert_eq!(first.side, Side::First);
        assert_eq!(first.play, cell("b2"));
        // ... second player's with an X wildcard when x = o.
        let second = BookLine::parse("xo...X....O.....").unwrap();
        assert_eq!(second.side, Side::Second);
        assert_eq!(second.play, cell("c3"));
    }

    #[test]
    fn wildcards_stand_for_one_position_each() {
        let line = BookLine::parse("OO...xX.........").unwrap();
        assert_eq!(line.side, Side::First);
        assert_eq!(line.play, cell("c2"));
        let texts: Vec<String> = line.positions().iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["O---/-X--/----/----", "-O--/-X--/----/----"]);
        assert_eq!(line.to_string(), "OO...xX.........");
    }

    #[test]
    fn each_refusal_reads_as_a_sentence() {
        let said = |e: LineError| e.to_string();
        assert_eq!(
            said(LineError::Length(1)),
            "expected 16 cells (a1..d4), found 1 character"
        );
        assert_eq!(
            said(LineError::Character {
                found: 'z',
                column: 8
            }),
            "bad character 'z' in column 8: use . x o X O"
        );
        assert_eq!(
            said(LineError::NoMove),
            "no move: mark the book's move with a capital X (first player's book) or O (second \
             player's book)"
        );
        assert_eq!(
            said(LineError::Counts {
                x: 1,
                o: 2,
                big_x: 3,
                big_o: 4
            }),
            "the stones do not fit either side's book (x 1, o 2, X 3, O 4): the first player's \
             lines have one X, and as many x as o counting one o for any O wildcards; the second \
             player's have one O, and one x more than o counting one x for any X wildcards"
        );
        assert_eq!(
            said(LineError::Over {
                winner: Side::Second,
                x: 0,
                o: 1
            }),
            "the game is already over here (O won 0 : 1): a book only holds positions with a \
             move to make"
        );
        assert_eq!(said(LineError::Full), "the board is already full");
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let err = |text: &str| BookLine::parse(text).unwrap_err().to_string();
        assert!(err("X..").contains("expected 16 cells"));
        assert!(err("X......z........").contains("'z' in column 8"));
        assert!(err("x...............").contains("no move"));
        assert!(err("XX..............").contains("do not fit"));
        assert!(err("xxxX............").contains("do not fit"));
        // x wins 1 : 0 on row 1 before the move.
        assert!(err("xxxo.oo.....X...").contains("already over"));
    }
}

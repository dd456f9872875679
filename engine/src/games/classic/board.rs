//! A position of classic tic-tac-toe: one bit mask per side, checked against the rules when
//! made from outside, so a `ClassicBoard` is always a position play can reach.

use super::cell::ClassicCell;
use super::lines::{Lines, winning_cells};
use super::variant::Variant;
use crate::core::words::turns_counts;
use crate::core::{MoveError, Side, Status};

/// The stones of both sides on a variant's board. X (the first side) moves when both have
/// as many stones, O when X has one more.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ClassicBoard {
    variant: Variant,
    x: u64,
    o: u64,
}

/// Why two masks are not a position play can reach.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ClassicBoardError {
    #[error("stones off the board or on top of each other")]
    BadMasks,
    /// X moves first and the sides alternate, so X has as many stones as O or one more.
    #[error("{}", turns_counts(*.x, *.o))]
    Counts { x: u32, o: u32 },
    #[error("both sides hold a line, but the game ends at the first")]
    BothWon,
    #[error("{} holds a line but {} moved after it", .0.letter(), .0.other().letter())]
    MovedAfterWin(Side),
    #[error("{} holds lines that no single last move completes", .0.letter())]
    TooManyLines(Side),
}

impl ClassicBoard {
    pub fn empty(variant: Variant) -> ClassicBoard {
        ClassicBoard {
            variant,
            x: 0,
            o: 0,
        }
    }

    /// The position with X's stones `x` and O's `o`, if play can reach it.
    pub fn new(variant: Variant, x: u64, o: u64) -> Result<ClassicBoard, ClassicBoardError> {
        if x & o != 0 || (x | o) & !variant.full_mask() != 0 {
            return Err(ClassicBoardError::BadMasks);
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(ClassicBoardError::Counts { x: nx, o: no });
        }
        let board = ClassicBoard { variant, x, o };
        match (
            board.lines_held(Side::First),
            board.lines_held(Side::Second),
        ) {
            (None, None) => Ok(board),
            (Some(_), Some(_)) => Err(ClassicBoardError::BothWon),
            (Some(common), None) => board.check_win(Side::First, common, nx == no + 1),
            (None, Some(common)) => board.check_win(Side::Second, common, nx == no),
        }
    }

    /// A win stands if the winner moved last and one cell lies on all its lines: the last
    /// move, which completed them all at once.
    fn check_win(
        self,
        winner: Side,
        common: u64,
        moved_last: bool,
    ) -> Result<ClassicBoard, ClassicBoardError> {
        if !moved_last {
            Err(ClassicBoardError::MovedAfterWin(winner))
        } else if common == 0 {
            Err(ClassicBoardError::TooManyLines(winner))
        } else {
            Ok(self)
        }
    }

    /// The cells common to all of `side`'s whole lines, or `None` when it holds none.
    fn lines_held(self, side: Side) -> Option<u64> {
        let stones = self.stones(side);
        Lines::of(self.variant)
            .all()
            .iter()
            .filter(|&&l| stones & l == l)
            .fold(None, |common, &l| Some(common.unwrap_or(u64::MAX) & l))
    }

    pub fn variant(self) -> Variant {
        self.variant
    }

    pub fn stones(self, side: Side) -> u64 {
        match side {
            Side::First => self.x,
            Side::Second => self.o,
        }
    }

    pub fn occupied(self) -> u64 {
        self.x | self.o
    }

    pub fn empty_cells(self) -> u64 {
        self.variant.full_mask() & !self.occupied()
    }

    pub fn stone_count(self) -> u32 {
        self.occupied().count_ones()
    }

    pub fn at(self, cell: ClassicCell) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&s| self.stones(s) & cell.bit() != 0)
    }

    pub fn to_move(self) -> Side {
        if self.x.count_ones() == self.o.count_ones() {
            Side::First
        } else {
            Side::Second
        }
    }

    pub fn winning_line(self) -> Option<(Side, u64)> {
        let lines = Lines::of(self.variant);
        Side::ALL
            .into_iter()
            .find_map(|side| lines.held(self.stones(side)).map(|line| (side, line)))
    }

    pub fn status(self) -> Status {
        match self.winning_line() {
            Some((side, _)) => Status::Won(side),
            None if self.empty_cells() == 0 => Status::Draw,
            None => Status::InPlay,
        }
    }

    pub fn play(self, cell: ClassicCell) -> Result<ClassicBoard, MoveError> {
        if self.status().is_over() {
            Err(MoveError::GameOver)
        } else if self.empty_cells() & cell.bit() == 0 {
            Err(MoveError::Taken(format!(
                "{} is taken",
                cell.name(self.variant)
            )))
        } else {
            Ok(self.with_move(cell))
        }
    }

    /// `play` without the checks, for callers that know the game is on and the cell empty.
    pub fn with_move(self, cell: ClassicCell) -> ClassicBoard {
        debug_assert!(self.empty_cells() & cell.bit() != 0);
        match self.to_move() {
            Side::First => ClassicBoard {
                x: self.x | cell.bit(),
                ..self
            },
            Side::Second => ClassicBoard {
                o: self.o | cell.bit(),
                ..self
            },
        }
    }

    /// The empty cells where `side` would complete a line at once.
    pub fn winning_cells(self, side: Side) -> u64 {
        let (own, theirs) = (self.stones(side), self.stones(side.other()));
        let k = u32::from(self.variant.k());
        winning_cells(Lines::of(self.variant).all(), own, theirs, k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::words::one_per_line;

    fn v3() -> Variant {
        Variant::CLASSIC
    }

    #[test]
    fn refusals_read_as_sentences() {
        let said = one_per_line([
            ClassicBoardError::BadMasks,
            ClassicBoardError::BothWon,
            ClassicBoardError::TooManyLines(Side::Second),
            ClassicBoardError::Counts { x: 1, o: 3 },
        ]);
        let expected = "\
stones off the board or on top of each other
both sides hold a line, but the game ends at the first
O holds lines that no single last move completes
X has 1 stone and O has 3: X moves first, so X must have as many as O or one more";
        assert_eq!(said, expected);
    }

    #[test]
    fn sides_alternate_from_x() {
        let b = ClassicBoard::empty(v3());
        assert_eq!(b.to_move(), Side::First);
        let b = b.with_move(ClassicCell::new(v3(), 4).unwrap());
        assert_eq!(b.to_move(), Side::Second);
        assert_eq!(b.at(ClassicCell::new(v3(), 4).unwrap()), Some(Side::First));
        assert_eq!(
            b.play(ClassicCell::new(v3(), 4).unwrap()),
            Err(MoveError::Taken("b2 is taken".into()))
        );
    }

    #[test]
    fn a_line_wins_and_a_full_board_draws() {
        // X: a1 b1 c1, O: a2 b2.
        let won = ClassicBoard::new(v3(), 0b000_000_111, 0b000_011_000).unwrap();
        assert_eq!(won.status(), Status::Won(Side::First));
        assert_eq!(
            won.play(ClassicCell::new(v3(), 8).unwrap()),
            Err(MoveError::GameOver)
        );
        // X O X / X O O / O X X
        let full = ClassicBoard::new(v3(), 0b110_001_101, 0b001_110_010).unwrap();
        assert_eq!(full.status(), Status::Draw);
    }

    #[test]
    fn impossible_positions_are_refused() {
        let v = v3();
        assert_eq!(
            ClassicBoard::new(v, 0b11, 0),
            Err(ClassicBoardError::Counts { x: 2, o: 0 })
        );
        assert_eq!(
            ClassicBoard::new(v, 0, 0b1),
            Err(ClassicBoardError::Counts { x: 0, o: 1 })
        );
        assert_eq!(ClassicBoard::new(v, 1, 1), Err(ClassicBoardError::BadMasks));
        assert_eq!(
            ClassicBoard::new(v, 1 << 9, 0),
            Err(ClassicBoardError::BadMasks)
        );
        // X holds the top row, O the middle row.
        assert_eq!(
            ClassicBoard::new(v, 0b000_000_111, 0b000_111_000),
            Err(ClassicBoardError::BothWon)
        );
        // X holds the top row but O has as many stones: O moved after the win.
        assert_eq!(
            ClassicBoard::new(v, 0b000_000_111, 0b011_001_000),
            Err(ClassicBoardError::MovedAfterWin(Side::First))
        );
        // O holds the left column and X has one more: X moved after.
        assert_eq!(
            ClassicBoard::new(v, 0b110_000_110, 0b001_001_001),
            Err(ClassicBoardError::MovedAfterWin(Side::Second))
        );
    }

    #[test]
    fn two_lines_through_the_last_move_stand() {
        // X: a1 b1 c1 a2 a3 (top row and left column share a1), O: four stones.
        let b = ClassicBoard::new(v3(), 0b001_001_111, 0b110_110_000).unwrap();
        assert_eq!(b.status(), Status::Won(Side::First));
        // X: top row and bottom row share nothing.
        let v = Variant::new(4, Some(3)).unwrap();
        let rows = 0b0111 | 0b0111 << 12;
        let o = 1 << 3 | 1 << 4 | 1 << 7 | 1 << 9 | 1 << 10;
        assert_eq!(
            ClassicBoard::new(v, rows, o),
            Err(ClassicBoardError::TooManyLines(Side::First))
        );
    }

    #[test]
    fn winning_cells_see_every_gap() {
        // X: a1 c1 (gap b1), O: b2.
        let b = ClassicBoard::new(v3(), 0b101, 0b10000).unwrap();
        assert_eq!(b.winning_cells(Side::First), 0b010);
        assert_eq!(b.winning_cells(Side::Second), 0);
    }
}

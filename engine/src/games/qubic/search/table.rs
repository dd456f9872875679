//! Keyed by the whole board, so a hit is never another position; a result gives way to any
//! other, but not to a shallower one for the same board.

use crate::games::kit::table::{self, Entry};
use crate::games::qubic::board::QubicBoard;

pub(crate) use crate::games::kit::table::Bound;

pub(crate) type Table = table::Table<Slot>;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    pub board: QubicBoard,
    pub depth: i8,
    pub bound: Bound,
    pub score: i32,
    pub best: u8,
}

impl Entry for Slot {
    type Key = QubicBoard;

    #[inline]
    fn key(&self) -> QubicBoard {
        self.board
    }

    #[inline]
    fn spread(board: QubicBoard) -> usize {
        let h = (board.x().wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ board.o().rotate_left(31))
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> 20) as usize
    }

    #[inline]
    fn stays_over(&self, new: &Slot) -> bool {
        self.board == new.board && self.depth > new.depth
    }
}

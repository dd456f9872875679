//! The transposition table: a fixed number of slots, each remembering one position's
//! searched depth, score bound and best move; a newer or deeper search replaces an entry.

use crate::games::qubic::board::Board;

/// What a stored score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Slot {
    pub board: Board,
    pub depth: i8,
    pub bound: Bound,
    pub score: i32,
    pub best: u8,
}

pub struct Table {
    slots: Vec<Option<Slot>>,
    mask: usize,
}

impl Table {
    /// A table of 2^`bits` slots.
    pub fn new(bits: u32) -> Table {
        Table {
            slots: vec![None; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    fn index(&self, board: Board) -> usize {
        let h = (board.x().wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ board.o().rotate_left(31))
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> 20) as usize & self.mask
    }

    pub fn get(&self, board: Board) -> Option<Slot> {
        self.slots[self.index(board)].filter(|s| s.board == board)
    }

    pub fn put(&mut self, slot: Slot) {
        let i = self.index(slot.board);
        let keep =
            self.slots[i].is_some_and(|old| old.board == slot.board && old.depth > slot.depth);
        if !keep {
            self.slots[i] = Some(slot);
        }
    }
}

//! Classic's transposition-table entry (the table is `kit::table`'s): keyed by the Zobrist
//! hash, replaced unless the old one is deeper and the new one not proven.

use crate::games::kit::table::{self, Entry};

pub(crate) use crate::games::kit::table::Bound;

pub(crate) type Table = table::Table<Slot>;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    pub hash: u64,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    /// The best or refuting move, `u8::MAX` for none.
    pub best: u8,
    /// No guess at a cut-off position went into the score: it holds at any depth.
    pub proven: bool,
}

impl Entry for Slot {
    type Key = u64;

    #[inline]
    fn key(&self) -> u64 {
        self.hash
    }

    /// The high half: the low bits of a Zobrist hash are no better mixed, and the high
    /// half leaves the low half free for the key check.
    #[inline]
    fn spread(hash: u64) -> usize {
        (hash >> 32) as usize
    }

    /// A deeper result for another position stays, unless the new one is proven (it holds
    /// at any depth).
    #[inline]
    fn stays_over(&self, new: &Slot) -> bool {
        self.hash != new.hash && self.depth > new.depth && !new.proven
    }
}

//! The searched position: the side to move's stones, the other side's and a Zobrist hash of
//! both, copied on each move (three words, cheaper than undoing).

use super::zobrist::Zobrist;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Node {
    pub mover: u64,
    pub other: u64,
    pub hash: u64,
}

impl Node {
    pub fn new(mover: u64, other: u64, zobrist: &Zobrist) -> Node {
        Node {
            mover,
            other,
            hash: zobrist.hash(mover, other),
        }
    }

    /// The position after the side to move plays `cell`: the sides swap roles.
    #[inline]
    pub fn play(self, cell: usize, zobrist: &Zobrist) -> Node {
        Node {
            mover: self.other,
            other: self.mover | 1 << cell,
            hash: self.hash
                ^ zobrist.stone(cell, self.mover.count_ones() == self.other.count_ones()),
        }
    }

    pub fn empty(self, full: u64) -> u64 {
        full & !(self.mover | self.other)
    }
}

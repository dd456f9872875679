//! What the solver keeps per class of positions, in the solved-position table of
//! `kit::solved`.

use crate::games::kit::exact::Score;
use crate::games::kit::solved::{Packed, SolvedTable};

/// What is stored per position class: two bytes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The value for the side to move.
    score: Score,
    /// How many of the side to move's moves lose (low nibble) and win (high nibble), each
    /// capped at 15. The perfect player uses them to leave its opponent the most ways to go
    /// wrong.
    counts: u8,
}

impl Entry {
    pub fn new(score: Score, losing_moves: u32, winning_moves: u32) -> Entry {
        let counts = (losing_moves.min(15) | winning_moves.min(15) << 4) as u8;
        Entry { score, counts }
    }

    pub fn score(self) -> Score {
        self.score
    }

    pub fn losing_moves(self) -> u32 {
        (self.counts & 0x0F) as u32
    }

    pub fn winning_moves(self) -> u32 {
        (self.counts >> 4) as u32
    }
}

pub(crate) type Table = SolvedTable<Entry>;

impl Packed for Entry {
    /// Half full at most: the ~170,000 classes fit 2^19 slots, probes stay short.
    const MAX_LOAD: (usize, usize) = (1, 2);

    fn pack(self) -> u32 {
        u32::from(self.score.to_byte()) | u32::from(self.counts) << 8
    }

    fn unpack(bits: u32) -> Entry {
        Entry {
            score: Score::from_byte(bits as u8),
            counts: (bits >> 8) as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_get_and_grow() {
        let mut t = Table::with_capacity(4);
        for k in 0..1000u32 {
            t.insert_new(k * 7, Entry::new(Score::win_in(1 + k % 16), k % 16, 3));
        }
        assert_eq!(t.len(), 1000);
        for k in 0..1000u32 {
            let e = t.get(k * 7).unwrap();
            assert_eq!(e.score(), Score::win_in(1 + k % 16));
            assert_eq!(e.losing_moves(), (k % 16).min(15));
            assert_eq!(e.winning_moves(), 3);
        }
        assert_eq!(t.get(1), None);
        // Negative scores survive the packing (the solver inserts each class once).
        t.insert_new(1, Entry::new(Score::loss_in(5), 0, 0));
        assert_eq!(t.len(), 1001);
        assert_eq!(t.get(1).unwrap().score(), Score::loss_in(5));
        assert_eq!(t.iter().count(), 1001);
    }

    #[test]
    fn counts_saturate_at_15() {
        let e = Entry::new(Score::DRAW, 16, 16);
        assert_eq!((e.losing_moves(), e.winning_moves()), (15, 15));
    }
}

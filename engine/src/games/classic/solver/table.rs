//! What the classic solver keeps per class, in the solved-position table of `kit::solved`.

use crate::games::kit::exact::Score;
use crate::games::kit::solved::{Packed, SolvedTable};

/// What the solver keeps per class: the value and, for the perfect player's tie-breaks, how
/// many of the side to move's moves lose and how many win.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClassicEntry {
    pub score: Score,
    pub losing: u8,
    pub winning: u8,
}

pub(crate) type Table = SolvedTable<ClassicEntry>;

impl Packed for ClassicEntry {
    /// Two thirds full at most: ~10^5 to 10^6 classes on 4x4 stay small.
    const MAX_LOAD: (usize, usize) = (2, 3);

    fn pack(self) -> u32 {
        u32::from(self.score.to_byte())
            | u32::from(self.losing) << 8
            | u32::from(self.winning) << 16
    }

    fn unpack(bits: u32) -> ClassicEntry {
        ClassicEntry {
            score: Score::from_byte(bits as u8),
            losing: (bits >> 8) as u8,
            winning: (bits >> 16) as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_come_back_after_growing() {
        let mut t = Table::with_capacity(2);
        let entry = |i: u32| ClassicEntry {
            score: Score::win_in(i % 16 + 1),
            losing: (i % 7) as u8,
            winning: 1,
        };
        for i in 0..5000u32 {
            t.insert_new(i * 13, entry(i));
        }
        assert_eq!(t.len(), 5000);
        for i in 0..5000u32 {
            assert_eq!(t.get(i * 13), Some(entry(i)));
        }
        assert_eq!(t.get(1), None);
        assert_eq!(t.iter().count(), 5000);
    }
}

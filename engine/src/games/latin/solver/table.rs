//! What the solver keeps per class of positions in `kit::solved`'s table.

use crate::games::kit::exact::Score;
use crate::games::kit::solved::{Packed, SolvedTable};

/// What is stored per position class: the value for the side to move and, for the perfect
/// player's tie-breaks, how many of its moves lose and how many win.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    pub score: Score,
    pub losing: u8,
    pub winning: u8,
}

pub(crate) type Table = SolvedTable<Entry>;

impl Packed for Entry {
    /// Half full at most: the ~170,000 classes fit 2^19 slots, probes stay short.
    const MAX_LOAD: (usize, usize) = (1, 2);

    fn pack(self) -> u32 {
        u32::from(self.score.to_byte())
            | u32::from(self.losing) << 8
            | u32::from(self.winning) << 16
    }

    fn unpack(bits: u32) -> Entry {
        Entry {
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
    fn insert_get_and_grow() {
        let mut t = Table::with_capacity(4);
        let entry = |k: u32| Entry {
            score: Score::win_in(1 + k % 16),
            losing: (k % 16) as u8,
            winning: 3,
        };
        for k in 0..1000u32 {
            t.insert_new(k * 7, entry(k));
        }
        assert_eq!(t.len(), 1000);
        for k in 0..1000u32 {
            assert_eq!(t.get(k * 7), Some(entry(k)));
        }
        assert_eq!(t.get(1), None);
        // Negative scores survive the packing (the solver inserts each class once).
        let lost = Entry {
            score: Score::loss_in(5),
            losing: 0,
            winning: 0,
        };
        t.insert_new(1, lost);
        assert_eq!(t.len(), 1001);
        assert_eq!(t.get(1), Some(lost));
        assert_eq!(t.iter().count(), 1001);
    }
}

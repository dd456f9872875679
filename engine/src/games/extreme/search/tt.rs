//! Keyed by the Zobrist key, replaced unless the old result is deeper and for another
//! position.

use super::super::cell::ExtremeCell;
use crate::games::kit::table;

pub(crate) use crate::games::kit::table::Bound;

pub(crate) type Table = table::Table<Entry>;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    pub best: Option<ExtremeCell>,
}

impl table::Entry for Entry {
    type Key = u64;

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    fn spread(key: u64) -> usize {
        key as usize
    }

    #[inline]
    fn stays_over(&self, new: &Entry) -> bool {
        self.key != new.key && self.depth > new.depth
    }

    /// Keeps the old best move when the new result has none (an upper bound).
    #[inline]
    fn inherit(&mut self, old: &Entry) {
        if self.key == old.key {
            self.best = self.best.or(old.best);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deeper_entry_for_another_position_stays_and_a_best_move_is_kept() {
        let mut table = Table::new(4);
        let deep = Entry {
            key: 7,
            score: 5,
            depth: 9,
            bound: Bound::Exact,
            best: Some(ExtremeCell::new(255)),
        };
        table.put(deep);
        assert_eq!(table.get(7), Some(deep));
        let other = Entry {
            key: 7 + 16,
            depth: 2,
            ..deep
        };
        table.put(other);
        assert_eq!(table.get(7 + 16), None);
        let bound = Entry {
            depth: 2,
            bound: Bound::Upper,
            best: None,
            ..deep
        };
        table.put(bound);
        assert_eq!(
            table.get(7),
            Some(Entry {
                best: deep.best,
                ..bound
            })
        );
    }
}

//! The transposition table of a single-threaded search, one entry a slot; the game says
//! how its key picks a slot and which of two entries stays.

/// What a stored score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// At least this (the search failed high: a cutoff).
    Lower,
    /// At most this (failed low: no move reached alpha).
    Upper,
}

impl Bound {
    /// Of the best score a search found in the window `(alpha, beta)` it was given.
    #[inline]
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `score` with this bound settles a search in `(alpha, beta)`.
    #[inline]
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

pub(crate) trait Entry: Copy {
    /// A hash, or the whole board.
    type Key: Copy + Eq;

    fn key(&self) -> Self::Key;

    /// Well-mixed bits of `key`; the table takes the low ones as the slot's index.
    fn spread(key: Self::Key) -> usize;

    /// Whether `self`, in the slot, stays when `new` would take the slot.
    fn stays_over(&self, new: &Self) -> bool;

    /// Takes what `self` lacks from `old`, the entry it replaces.
    fn inherit(&mut self, _old: &Self) {}
}

pub(crate) struct Table<E: Entry> {
    slots: Vec<Option<E>>,
    mask: usize,
}

impl<E: Entry> Table<E> {
    pub fn new(bits: u32) -> Table<E> {
        Table {
            slots: vec![None; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    #[inline]
    fn index(&self, key: E::Key) -> usize {
        E::spread(key) & self.mask
    }

    #[inline]
    pub fn get(&self, key: E::Key) -> Option<E> {
        self.slots[self.index(key)].filter(|e| e.key() == key)
    }

    /// Stores `entry` unless its slot's entry stays over it.
    #[inline]
    pub fn put(&mut self, mut entry: E) {
        let index = self.index(entry.key());
        let slot = &mut self.slots[index];
        if let Some(old) = slot {
            if old.stays_over(&entry) {
                return;
            }
            entry.inherit(old);
        }
        *slot = Some(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keeps the deeper of two results for one key.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    struct Test {
        key: u64,
        depth: u8,
    }

    impl Entry for Test {
        type Key = u64;
        fn key(&self) -> u64 {
            self.key
        }
        fn spread(key: u64) -> usize {
            key as usize
        }
        fn stays_over(&self, new: &Test) -> bool {
            self.depth > new.depth
        }
    }

    #[test]
    fn entries_come_back_and_give_way_as_their_game_says() {
        let mut table = Table::new(4);
        let entry = |key, depth| Test { key, depth };
        table.put(entry(3, 5));
        assert_eq!(table.get(3).map(|e| e.depth), Some(5));
        assert_eq!(table.get(3 + 16), None, "another key in the same slot");
        table.put(entry(3 + 16, 2));
        assert_eq!(table.get(3 + 16), None, "the deeper entry stays");
    }
}

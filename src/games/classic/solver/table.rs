//! An open-addressing hash table from canonical keys to entries: two flat arrays, linear
//! probing, grown at half full. Smaller and faster than a `HashMap` for the ~10^5 classes.

use super::score::Score;

/// What the solver keeps per class: the value and, for the perfect player's tie-breaks, how
/// many of the side to move's moves lose and how many win.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    pub score: Score,
    pub losing: u8,
    pub winning: u8,
}

/// No position has both sides' stones on one cell, so this key is never a position's.
const EMPTY_SLOT: u64 = u64::MAX;

/// Each slot is one `u64`, the key in the low half and the entry above it, so a probe
/// touches one cache line.
pub struct Table {
    slots: Vec<u64>,
    shift: u32,
    len: usize,
}

impl Entry {
    fn pack(self) -> u64 {
        (self.score.to_byte() as u64) << 32
            | (self.losing as u64) << 40
            | (self.winning as u64) << 48
    }

    fn unpack(slot: u64) -> Entry {
        Entry {
            score: Score::from_byte((slot >> 32) as u8),
            losing: (slot >> 40) as u8,
            winning: (slot >> 48) as u8,
        }
    }
}

impl Table {
    pub fn with_capacity(capacity: usize) -> Table {
        let slots = (capacity * 3 / 2).next_power_of_two().max(16);
        Table {
            slots: vec![EMPTY_SLOT; slots],
            shift: 32 - slots.trailing_zeros(),
            len: 0,
        }
    }

    /// The home slot: a multiplicative hash keeps only the well-mixed high bits.
    #[inline]
    fn home(&self, key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> self.shift) as usize
    }

    #[inline]
    pub fn get(&self, key: u32) -> Option<Entry> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match self.slots[i] {
                EMPTY_SLOT => return None,
                slot if slot as u32 == key => return Some(Entry::unpack(slot)),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Adds a key not yet in the table (the solver asks before it solves). Grows at two
    /// thirds full, so probes stay short.
    pub fn insert_new(&mut self, key: u32, entry: Entry) {
        if (self.len + 1) * 3 > self.slots.len() * 2 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        while self.slots[i] != EMPTY_SLOT {
            debug_assert_ne!(self.slots[i] as u32, key, "key inserted twice");
            i = (i + 1) & mask;
        }
        self.slots[i] = key as u64 | entry.pack();
        self.len += 1;
    }

    fn grow(&mut self) {
        let mut bigger = Table::with_capacity(self.slots.len());
        for (key, entry) in self.iter() {
            bigger.insert_new(key, entry);
        }
        *self = bigger;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn iter(&self) -> impl Iterator<Item = (u32, Entry)> + '_ {
        self.slots
            .iter()
            .filter(|&&s| s != EMPTY_SLOT)
            .map(|&s| (s as u32, Entry::unpack(s)))
    }

    pub fn memory_bytes(&self) -> usize {
        self.slots.len() * size_of::<u64>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_come_back_after_growing() {
        let mut t = Table::with_capacity(2);
        let entry = |i: u32| Entry {
            score: Score::win_in((i % 16) as u8 + 1),
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

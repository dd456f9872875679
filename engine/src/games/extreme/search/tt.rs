//! The transposition table, shared by every search thread without locks: each entry is
//! two atomic words, the data and the key xor the data, so a torn write (one word from
//! each of two stores) fails the key check instead of returning wrong data. The games
//! searched on one thread share `kit::table` instead (it says why this one stays apart);
//! all read `kit::table::Bound`.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

use super::super::cell::ExtremeCell;
pub(crate) use crate::games::kit::table::Bound;

/// One stored search result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Entry {
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    pub best: Option<ExtremeCell>,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

pub struct Table {
    slots: Box<[Slot]>,
    /// Bumped per search, so entries of old searches give way first.
    generation: AtomicU8,
}

const NO_MOVE: u64 = 256;

fn pack(entry: Entry, generation: u8) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let best = entry.best.map_or(NO_MOVE, |c| c.index() as u64);
    u64::from(entry.score as u32)
        | u64::from(entry.depth) << 32
        | bound << 40
        | best << 42
        | u64::from(generation & 0x3F) << 51
}

fn unpack(data: u64) -> Entry {
    let bound = match (data >> 40) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    let best = (data >> 42) & 0x1FF;
    Entry {
        score: data as u32 as i32,
        depth: (data >> 32) as u8,
        bound,
        best: (best < NO_MOVE).then(|| ExtremeCell::new(best as u8)),
    }
}

fn generation_of(data: u64) -> u8 {
    ((data >> 51) & 0x3F) as u8
}

impl Table {
    /// A table of about `megabytes` (rounded down to a power of two of entries).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        Table::with_bits(usize::BITS - 1 - wanted.leading_zeros())
    }

    /// A table of `2^bits` entries (16 bytes each).
    pub fn with_bits(bits: u32) -> Table {
        let count = 1usize << bits;
        let slots = (0..count)
            .map(|_| Slot {
                check: AtomicU64::new(0),
                data: AtomicU64::new(0),
            })
            .collect();
        Table {
            slots,
            generation: AtomicU8::new(0),
        }
    }

    /// Empties the table, as new (for a search that must not depend on earlier ones).
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Relaxed);
            slot.data.store(0, Relaxed);
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Relaxed);
        (slot.check.load(Relaxed) ^ data == key && data != 0).then(|| unpack(data))
    }

    /// Stores unless the slot holds a deeper result of this search for another position.
    pub(crate) fn store(&self, key: u64, entry: Entry) {
        let slot = self.slot(key);
        let generation = self.generation.load(Relaxed) & 0x3F;
        let old = slot.data.load(Relaxed);
        let same = slot.check.load(Relaxed) ^ old == key;
        let old_entry = unpack(old);
        let keep =
            !same && old != 0 && generation_of(old) == generation && old_entry.depth > entry.depth;
        if keep {
            return;
        }
        // Keep the old best move when the new result has none (an upper bound).
        let entry = Entry {
            best: entry.best.or(if same { old_entry.best } else { None }),
            ..entry
        };
        let data = pack(entry, generation);
        slot.data.store(data, Relaxed);
        slot.check.store(key ^ data, Relaxed);
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let table = Table::new(1);
        assert!(table.len().is_power_of_two());
        let entry = Entry {
            score: -999_993,
            depth: 12,
            bound: Bound::Upper,
            best: Some(ExtremeCell::new(255)),
        };
        table.store(0xDEAD_BEEF, entry);
        assert_eq!(table.probe(0xDEAD_BEEF), Some(entry));
        assert_eq!(table.probe(0xDEAD_BEEE), None);
    }

    #[test]
    fn a_deeper_entry_of_this_search_is_kept_until_the_next() {
        let table = Table::new(1);
        let n = table.len() as u64;
        let deep = Entry {
            score: 5,
            depth: 9,
            bound: Bound::Exact,
            best: None,
        };
        let shallow = Entry { depth: 2, ..deep };
        table.store(7, deep);
        table.store(7 + n, shallow);
        assert_eq!(table.probe(7), Some(deep));
        assert_eq!(table.probe(7 + n), None);
        table.new_search();
        table.store(7 + n, shallow);
        assert_eq!(table.probe(7 + n), Some(shallow));
    }
}

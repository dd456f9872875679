//! A compact open-addressing hash table from canonical position keys to what the solver
//! learnt about them.

use super::value::Score;

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

    /// The value for the side to move.
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

/// Keys are 32-bit canonical positions; `EMPTY_SLOT` can never be a position because a cell
/// cannot belong to both sides.
const EMPTY_SLOT: u32 = u32::MAX;

pub struct Table {
    keys: Vec<u32>,
    entries: Vec<Entry>,
    shift: u32,
    len: usize,
}

impl Table {
    /// A table with room for `capacity` keys at a load factor of at most one half.
    pub fn with_capacity(capacity: usize) -> Table {
        let slots = (capacity * 2).next_power_of_two().max(16);
        Table {
            keys: vec![EMPTY_SLOT; slots],
            entries: vec![Entry::new(Score::DRAW, 0, 0); slots],
            shift: 32 - slots.trailing_zeros(),
            len: 0,
        }
    }

    #[inline]
    fn home(&self, key: u32) -> usize {
        // Fibonacci hashing: the multiply spreads the board's low bits over the high bits.
        (key.wrapping_mul(0x9E37_79B1) >> self.shift) as usize
    }

    #[inline]
    pub fn get(&self, key: u32) -> Option<Entry> {
        let mask = self.keys.len() - 1;
        let mut slot = self.home(key);
        loop {
            match self.keys[slot] {
                k if k == key => return Some(self.entries[slot]),
                EMPTY_SLOT => return None,
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Inserts or replaces. Grows when half full, so probes stay short.
    pub fn insert(&mut self, key: u32, entry: Entry) {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut slot = self.home(key);
        loop {
            match self.keys[slot] {
                k if k == key => break,
                EMPTY_SLOT => {
                    self.len += 1;
                    break;
                }
                _ => slot = (slot + 1) & mask,
            }
        }
        self.keys[slot] = key;
        self.entries[slot] = entry;
    }

    fn grow(&mut self) {
        let mut bigger = Table::with_capacity(self.keys.len());
        for (key, entry) in self.iter() {
            bigger.insert(key, entry);
        }
        *self = bigger;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn iter(&self) -> impl Iterator<Item = (u32, Entry)> + '_ {
        self.keys
            .iter()
            .zip(&self.entries)
            .filter(|(k, _)| **k != EMPTY_SLOT)
            .map(|(k, e)| (*k, *e))
    }

    /// Bytes held by the table.
    pub fn memory_bytes(&self) -> usize {
        self.keys.len() * (std::mem::size_of::<u32>() + std::mem::size_of::<Entry>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_get_replace_and_grow() {
        let mut t = Table::with_capacity(4);
        for k in 0..1000u32 {
            t.insert(k * 7, Entry::new(Score::win_in(1 + k % 16), k % 16, 3));
        }
        assert_eq!(t.len(), 1000);
        for k in 0..1000u32 {
            let e = t.get(k * 7).unwrap();
            assert_eq!(e.score(), Score::win_in(1 + k % 16));
            assert_eq!(e.losing_moves(), (k % 16).min(15));
            assert_eq!(e.winning_moves(), 3);
        }
        assert_eq!(t.get(1), None);
        t.insert(7, Entry::new(Score::loss_in(5), 0, 0));
        assert_eq!(t.len(), 1000);
        assert_eq!(t.get(7).unwrap().score(), Score::loss_in(5));
        assert_eq!(t.iter().count(), 1000);
    }

    #[test]
    fn counts_saturate_at_15() {
        let e = Entry::new(Score::DRAW, 16, 16);
        assert_eq!((e.losing_moves(), e.winning_moves()), (15, 15));
    }
}

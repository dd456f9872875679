//! The transposition table: what earlier searches learnt about a position, by hash. One
//! slot per index, replaced when the new result is deeper or the old one is from an older
//! search.

/// What a stored score means relative to the window it was found in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Slot {
    pub hash: u64,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
    /// The best or refuting move, `u8::MAX` for none.
    pub best: u8,
    /// No guess at a cut-off position went into the score: it holds at any depth.
    pub proven: bool,
    age: u8,
}

pub struct Table {
    slots: Vec<Option<Slot>>,
    age: u8,
}

impl Table {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Table {
        Table {
            slots: vec![None; 1 << bits],
            age: 0,
        }
    }

    /// A new search: entries from before stay usable but are replaced first.
    pub fn next_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn index(&self, hash: u64) -> usize {
        (hash >> 32) as usize & (self.slots.len() - 1)
    }

    #[inline]
    pub fn get(&self, hash: u64) -> Option<Slot> {
        self.slots[self.index(hash)].filter(|s| s.hash == hash)
    }

    pub fn put(&mut self, hash: u64, score: i32, depth: u8, bound: Bound, best: u8, proven: bool) {
        let age = self.age;
        let i = self.index(hash);
        let keep = self.slots[i]
            .is_some_and(|old| old.age == age && old.hash != hash && old.depth > depth && !proven);
        if !keep {
            self.slots[i] = Some(Slot {
                hash,
                score,
                depth,
                bound,
                best,
                proven,
                age,
            });
        }
    }
}

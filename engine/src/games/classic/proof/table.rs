//! The prover's transposition table: bounds on the exact score of canonical positions, and
//! the move that proved the last bound, in buckets of two (one kept for the larger subtree,
//! one always replaced). Full keys are stored, so a hit is never another position's.

use super::rules::Sides;
use crate::games::kit::exact::Score;

/// What is known of a position: `lower <= score <= upper`, and the move that did best.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Bounds {
    pub lower: Score,
    pub upper: Score,
    /// The best move found, in the canonical frame.
    pub best: Option<u8>,
}

#[derive(Clone, Copy)]
struct Slot {
    key: Sides,
    bounds: Bounds,
    /// Empty cells of the position (0: the slot is free); more empties, a bigger subtree.
    empties: u8,
}

const FREE: Slot = Slot {
    key: Sides { me: 0, them: 0 },
    bounds: Bounds {
        lower: Score::LOWEST,
        upper: Score::HIGHEST,
        best: None,
    },
    empties: 0,
};

pub(crate) struct Table {
    slots: Vec<[Slot; 2]>,
    mask: usize,
}

impl Table {
    /// A table of about `positions` slots (a power of two, 2^10 to 2^22 buckets).
    pub fn with_capacity(positions: u64) -> Table {
        let buckets = (positions / 2).clamp(1 << 10, 1 << 22).next_power_of_two() as usize;
        Table {
            slots: vec![[FREE; 2]; buckets],
            mask: buckets - 1,
        }
    }

    #[inline]
    fn bucket(&self, key: Sides) -> usize {
        let h = key.me.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ key.them.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
        (h ^ h >> 32) as usize & self.mask
    }

    pub fn get(&self, key: Sides) -> Option<Bounds> {
        self.slots[self.bucket(key)]
            .iter()
            .find(|s| s.empties != 0 && s.key == key)
            .map(|s| s.bounds)
    }

    /// Narrows what is known of `key`.
    pub fn store(&mut self, key: Sides, empties: u32, bounds: Bounds) {
        let bucket = self.bucket(key);
        let slots = &mut self.slots[bucket];
        if let Some(slot) = slots.iter_mut().find(|s| s.empties != 0 && s.key == key) {
            slot.bounds = Bounds {
                lower: slot.bounds.lower.max(bounds.lower),
                upper: slot.bounds.upper.min(bounds.upper),
                best: bounds.best.or(slot.bounds.best),
            };
            return;
        }
        let new = Slot {
            key,
            bounds,
            empties: empties as u8,
        };
        // The first slot keeps the biggest subtree; the second takes the rest.
        if new.empties >= slots[0].empties {
            slots[1] = slots[0];
            slots[0] = new;
        } else {
            slots[1] = new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_narrow_and_keys_stay_apart() {
        let mut t = Table::with_capacity(0);
        let a = Sides { me: 1, them: 2 };
        let b = Sides { me: 2, them: 1 };
        let bounds = |lower, upper| Bounds {
            lower,
            upper,
            best: None,
        };
        t.store(a, 5, bounds(Score::DRAW, Score::HIGHEST));
        t.store(a, 5, bounds(Score::LOWEST, Score::win_in(3)));
        assert_eq!(t.get(a), Some(bounds(Score::DRAW, Score::win_in(3))));
        assert_eq!(t.get(b), None);
    }
}

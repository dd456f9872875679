//! Zobrist keys: one random word per cell and side, XORed over the stones, so a move
//! updates the hash with one XOR.

pub(crate) struct Zobrist {
    x: [u64; 49],
    o: [u64; 49],
}

impl Zobrist {
    /// Fixed keys from a splitmix64 stream: the same hashes in every run.
    pub fn new() -> Zobrist {
        let mut state = 0x5EED_C1A5_51C0_0000u64;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let x = std::array::from_fn(|_| next());
        let o = std::array::from_fn(|_| next());
        Zobrist { x, o }
    }

    /// The key of a stone on `cell`; `first` for the first side's (which the counts tell,
    /// so the hash of (mover, other) is that of the board).
    #[inline]
    pub fn stone(&self, cell: usize, first: bool) -> u64 {
        if first { self.x[cell] } else { self.o[cell] }
    }

    pub fn hash(&self, mover: u64, other: u64) -> u64 {
        let first_moves = mover.count_ones() == other.count_ones();
        let (x, o) = if first_moves {
            (mover, other)
        } else {
            (other, mover)
        };
        let sum = |mask: u64, keys: &[u64; 49]| {
            (0..49)
                .filter(|c| mask >> c & 1 == 1)
                .fold(0, |h, c| h ^ keys[c])
        };
        sum(x, &self.x) ^ sum(o, &self.o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::classic::search::node::Node;

    #[test]
    fn incremental_hashes_match_full_ones() {
        let z = Zobrist::new();
        let mut n = Node::new(0, 0, &z);
        for cell in [24, 0, 48, 7, 13] {
            n = n.play(cell, &z);
            assert_eq!(n.hash, z.hash(n.mover, n.other));
        }
        // Two move orders to one board give one hash.
        let a = Node::new(0, 0, &z).play(1, &z).play(2, &z).play(3, &z);
        let b = Node::new(0, 0, &z).play(3, &z).play(2, &z).play(1, &z);
        assert_eq!(a.hash, b.hash);
    }
}

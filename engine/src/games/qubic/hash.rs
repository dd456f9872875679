//! A fast hasher for boards in hash sets and maps. The standard SipHash guards against
//! adversarial keys, which positions are not; the verifier hashes millions of them.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The scheme of rustc's FxHasher.
#[derive(Default, Clone, Copy)]
pub struct BoardHasher(u64);

impl Hasher for BoardHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // Mix the high bits down: tables index by the low bits.
        self.0 ^ self.0 >> 29
    }
}

pub(crate) type BuildBoardHasher = BuildHasherDefault<BoardHasher>;
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildBoardHasher>;
pub(crate) type FastSet<K> = HashSet<K, BuildBoardHasher>;

//! The permutations of the cells that keep the lines (so every value), found by search: the
//! square's 8 on 3x3 and 4x4 with three in a row, 32 on 4x4 with four (Tic-Tac-Latin's
//! lines); and canonical forms of small positions under them.

use super::lines::Lines;
use super::variant::Variant;
use crate::games::kit::lines::{self, apply};

/// The cell permutations that keep the lines of a variant: `perm[c]` is where cell `c` goes.
pub fn line_automorphisms(variant: Variant) -> Vec<Vec<u8>> {
    lines::automorphisms(Lines::of(variant).all(), variant.cells())
}

/// Canonical keys of positions of at most 16 cells under a variant's automorphisms. A key
/// packs the side to move's stones in the low 16 bits and the other side's in the high 16.
pub(crate) struct Symmetries {
    /// Per permutation, the image of each byte of a 16-cell mask, by byte position: a
    /// mask's image is the OR of two lookups (32 KiB for 32 permutations: it stays in L1).
    tables: Vec<[[u16; 256]; 2]>,
    /// For every mask, its least image and the permutations (bit `p`) that give it: the
    /// other side's stones order the key first, so only those permutations break ties.
    least: Vec<(u16, u32)>,
}

impl Symmetries {
    /// `None` for a board of more than 16 cells.
    pub fn new(variant: Variant) -> Option<Symmetries> {
        if !variant.is_solvable() {
            return None;
        }
        let tables: Vec<_> = line_automorphisms(variant)
            .iter()
            .map(|perm| byte_tables(perm))
            .collect();
        let least = (0..1u32 << variant.cells())
            .map(|mask| least_image(&tables, mask as u16))
            .collect();
        Some(Symmetries { tables, least })
    }

    pub fn count(&self) -> usize {
        self.tables.len()
    }

    #[inline]
    fn image(table: &[[u16; 256]; 2], mask: u16) -> u16 {
        table[0][(mask & 0xFF) as usize] | table[1][(mask >> 8) as usize]
    }

    /// The least image of `key`: the same for every position of its class.
    #[inline]
    pub fn canonical(&self, key: u32) -> u32 {
        let (low, high) = (key as u16, (key >> 16) as u16);
        let (best_high, mut ties) = self.least[high as usize];
        let mut best_low = u16::MAX;
        while ties != 0 {
            let p = ties.trailing_zeros() as usize;
            ties &= ties - 1;
            best_low = best_low.min(Self::image(&self.tables[p], low));
        }
        best_low as u32 | (best_high as u32) << 16
    }

    /// How many distinct positions the class of `key` holds.
    pub fn orbit_size(&self, key: u32) -> usize {
        let (low, high) = (key as u16, (key >> 16) as u16);
        let mut images: Vec<(u16, u16)> = self
            .tables
            .iter()
            .map(|t| (Self::image(t, high), Self::image(t, low)))
            .collect();
        images.sort_unstable();
        images.dedup();
        images.len()
    }
}

/// The least image of `mask` and the permutations that give it.
fn least_image(tables: &[[[u16; 256]; 2]], mask: u16) -> (u16, u32) {
    let mut best = (u16::MAX, 0u32);
    for (p, table) in tables.iter().enumerate() {
        let image = Symmetries::image(table, mask);
        if image < best.0 {
            best = (image, 1 << p);
        } else if image == best.0 {
            best.1 |= 1 << p;
        }
    }
    best
}

/// Tables mapping each byte of a 16-cell mask to its image.
fn byte_tables(perm: &[u8]) -> [[u16; 256]; 2] {
    let mut tables = [[0u16; 256]; 2];
    for (position, table) in tables.iter_mut().enumerate() {
        for (byte, image) in table.iter_mut().enumerate() {
            *image = apply(perm, (byte as u64) << (position * 8)) as u16;
        }
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(size: u8, k: u8) -> usize {
        line_automorphisms(Variant::new(size, Some(k)).unwrap()).len()
    }

    #[test]
    fn the_square_boards_have_the_expected_groups() {
        assert_eq!(count(3, 3), 8);
        assert_eq!(count(4, 3), 8);
        assert_eq!(count(4, 4), 32);
    }

    /// The 32 of 4x4 are the 8 of the square, each after one of the 4 relabellings of
    /// rows and columns alike that keep both diagonals: 0123, 1032, 0213 and 2031 (as
    /// Tic-Tac-Latin describes them). Built here from that description, independently.
    #[test]
    fn four_in_a_row_has_the_square_times_the_diagonal_relabellings() {
        let relabel: [[usize; 4]; 4] = [[0, 1, 2, 3], [1, 0, 3, 2], [0, 2, 1, 3], [2, 0, 3, 1]];
        type Map = fn(usize, usize) -> (usize, usize);
        let square: [Map; 8] = [
            |r, c| (r, c),
            |r, c| (c, 3 - r),
            |r, c| (3 - r, 3 - c),
            |r, c| (3 - c, r),
            |r, c| (c, r),
            |r, c| (r, 3 - c),
            |r, c| (3 - c, 3 - r),
            |r, c| (3 - r, c),
        ];
        let mut expected: Vec<Vec<u8>> = Vec::new();
        for order in relabel {
            for map in square {
                let perm = (0..16)
                    .map(|cell| {
                        let (r, c) = map(order[cell / 4], order[cell % 4]);
                        (r * 4 + c) as u8
                    })
                    .collect();
                expected.push(perm);
            }
        }
        expected.sort();
        expected.dedup();
        let mut found = line_automorphisms(Variant::new(4, None).unwrap());
        found.sort();
        assert_eq!(found, expected);
    }

    #[test]
    fn canonical_keys_agree_across_a_class() {
        let syms = Symmetries::new(Variant::CLASSIC).unwrap();
        // X on a corner, each corner: one class of 4 positions.
        let corners = [0u32, 2, 6, 8].map(|c| syms.canonical(1 << (16 + c)));
        assert!(corners.iter().all(|&k| k == corners[0]));
        assert_eq!(syms.orbit_size(1 << 16), 4);
        assert_eq!(syms.orbit_size(1 << (16 + 4)), 1);
        assert_ne!(syms.canonical(1 << 16), syms.canonical(1 << 17));
        assert!(Symmetries::new(Variant::new(5, None).unwrap()).is_none());
    }
}

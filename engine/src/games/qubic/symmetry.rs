//! The 192 permutations of the cells that keep every line a line, and the canonical form
//! under them: the smallest image, cells 0..63 compared with x < o < empty (Patashnik's).
//!
//! A map relabels the coordinate values of all three axes at once (8 of the 24 relabellings
//! keep the lines), then applies one of the cube's 48 symmetries; the flip 3210 is both, so
//! the 384 compositions make 192 maps. The tests check by brute force that these and no
//! others keep the lines.

use std::cmp::Ordering;
use std::sync::OnceLock;

use super::board::QubicBoard;
use super::cell::CELLS;

pub const COUNT: usize = 192;

/// Position `v` holds the new value of `v`.
pub const RELABELLINGS: [[usize; 4]; 8] = [
    [0, 1, 2, 3],
    [3, 2, 1, 0],
    [0, 2, 1, 3],
    [1, 0, 3, 2],
    [1, 3, 0, 2],
    [2, 0, 3, 1],
    [2, 3, 0, 1],
    [3, 1, 2, 0],
];

/// A permutation of the cells: `perm[c]` is where cell `c` goes.
pub(crate) type Perm = [u8; CELLS];

/// The new coordinate `k` is the relabelled old coordinate `axes[k]`, flipped (`3 - v`)
/// where `flips` has bit `k`.
pub fn compose(relabel: [usize; 4], axes: [usize; 3], flips: u8) -> Perm {
    let mut perm = [0u8; CELLS];
    for (cell, image) in perm.iter_mut().enumerate() {
        let old = [cell / 16, cell / 4 % 4, cell % 4].map(|v| relabel[v]);
        let new: [usize; 3] = std::array::from_fn(|k| {
            let v = old[axes[k]];
            if flips & 1 << k != 0 { 3 - v } else { v }
        });
        *image = (16 * new[0] + 4 * new[1] + new[2]) as u8;
    }
    perm
}

pub const AXIS_ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The identity first.
pub fn all() -> Vec<Perm> {
    let mut maps: Vec<Perm> = Vec::with_capacity(COUNT);
    for relabel in RELABELLINGS {
        for axes in AXIS_ORDERS {
            for flips in 0..8 {
                let perm = compose(relabel, axes, flips);
                if !maps.contains(&perm) {
                    maps.push(perm);
                }
            }
        }
    }
    assert_eq!(
        maps.len(),
        COUNT,
        "8 relabellings x 48 cube maps give 192 maps"
    );
    maps
}

pub(crate) struct Symmetries {
    /// `forward[s][c]`: where symmetry `s` sends cell `c`.
    pub forward: Box<[Perm; COUNT]>,
    /// `backward[s][c]`: the cell that symmetry `s` sends to `c`.
    backward: Box<[Perm; COUNT]>,
    /// `inverse[s]`: the symmetry that undoes `s`.
    pub inverse: [u8; COUNT],
}

impl Symmetries {
    pub fn get() -> &'static Symmetries {
        static TABLES: OnceLock<Symmetries> = OnceLock::new();
        TABLES.get_or_init(Symmetries::build)
    }

    fn build() -> Symmetries {
        let maps = all();
        let mut forward = Box::new([[0u8; CELLS]; COUNT]);
        let mut backward = Box::new([[0u8; CELLS]; COUNT]);
        for (s, perm) in maps.iter().enumerate() {
            forward[s] = *perm;
            for (c, &to) in perm.iter().enumerate() {
                backward[s][to as usize] = c as u8;
            }
        }
        let inverse = std::array::from_fn(|s| {
            let at = maps.iter().position(|p| *p == backward[s]);
            at.expect("the maps form a group") as u8
        });
        Symmetries {
            forward,
            backward,
            inverse,
        }
    }

    /// The symmetry giving the smallest image, a mark (a move) counting as a value between o
    /// and empty. Rather than build 192 images, fills the image cell by cell, keeping only
    /// the symmetries that put the smallest value there: most positions are down to one after
    /// a few cells, and those still tied once every stone is placed give the same image.
    #[inline]
    pub fn smallest(&self, board: QubicBoard, mark: Option<usize>) -> u8 {
        let (x, o) = (board.x(), board.o());
        let mark_bit = mark.map_or(0, |m| 1u64 << m);
        let filled = board.stones() + u32::from(mark.is_some());
        // Value of a cell: x 0, o 1, mark 2, empty 3.
        let value = |c: u8| -> u8 {
            let bit = 1u64 << c;
            if x & bit != 0 {
                0
            } else if o & bit != 0 {
                1
            } else if mark_bit & bit != 0 {
                2
            } else {
                3
            }
        };
        let mut candidates: [u8; COUNT] = std::array::from_fn(|s| s as u8);
        let mut alive = COUNT;
        let mut placed = 0;
        let mut cell = 0;
        while alive > 1 && placed < filled && cell < CELLS {
            let mut best = u8::MAX;
            let mut kept = 0;
            for k in 0..alive {
                let s = candidates[k];
                let v = value(self.backward[s as usize][cell]);
                if v < best {
                    best = v;
                    kept = 0;
                }
                if v == best {
                    candidates[kept] = s;
                    kept += 1;
                }
            }
            alive = kept;
            placed += u32::from(best < 3);
            cell += 1;
        }
        candidates[0]
    }
}

/// Cells 0..63 in order, x < o < empty: the lowest differing cell decides.
pub fn lex_cmp(a: QubicBoard, b: QubicBoard) -> Ordering {
    let diff = (a.x() ^ b.x()) | (a.o() ^ b.o());
    if diff == 0 {
        return Ordering::Equal;
    }
    let bit = diff & diff.wrapping_neg();
    let value = |p: QubicBoard| {
        if p.x() & bit != 0 {
            0
        } else if p.o() & bit != 0 {
            1
        } else {
            2
        }
    };
    value(a).cmp(&value(b))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::qubic::cell::bits;
    use crate::games::qubic::geometry::{Geometry, Qubic};
    use crate::games::qubic::lines::LINES;
    use std::collections::HashSet;

    /// How many distinct images `board` has (192 over the size of its stabiliser).
    fn orbit_size(board: QubicBoard) -> usize {
        COUNT / Qubic.stabiliser(board).len()
    }

    fn keeps_lines(perm: &Perm) -> bool {
        let lines: HashSet<u64> = LINES.iter().copied().collect();
        LINES.iter().all(|&l| {
            let image = bits(l).fold(0u64, |m, c| m | 1 << perm[c]);
            lines.contains(&image)
        })
    }

    /// All 24 relabellings of 0..3 in lexicographic order.
    fn relabellings() -> Vec<[usize; 4]> {
        let mut out = Vec::new();
        for a in 0..4 {
            for b in 0..4 {
                for c in 0..4 {
                    for d in 0..4 {
                        let p = [a, b, c, d];
                        if (0..4).all(|v| p.contains(&v)) {
                            out.push(p);
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn exactly_eight_relabellings_keep_the_lines() {
        let keeping: Vec<[usize; 4]> = relabellings()
            .into_iter()
            .filter(|&r| keeps_lines(&compose(r, [0, 1, 2], 0)))
            .collect();
        let mut expected = RELABELLINGS.to_vec();
        expected.sort();
        assert_eq!(keeping, expected);
    }

    /// The whole family: every relabelling (24) with every cube map (48). Exactly 192
    /// distinct maps of it keep the lines, and they are ours.
    #[test]
    fn the_family_has_exactly_our_192_line_keeping_maps() {
        let mut keeping = HashSet::new();
        let mut all_maps = HashSet::new();
        for r in relabellings() {
            for axes in AXIS_ORDERS {
                for flips in 0..8 {
                    let perm = compose(r, axes, flips);
                    all_maps.insert(perm);
                    if keeps_lines(&perm) {
                        keeping.insert(perm);
                    }
                }
            }
        }
        assert_eq!(all_maps.len(), 24 * 48 / 2, "the flip is counted twice");
        let ours: HashSet<Perm> = all().into_iter().collect();
        assert_eq!(keeping, ours);
        assert_eq!(ours.len(), COUNT);
    }

    /// Independent of any construction: every permutation of the 64 cells that keeps the
    /// lines, by backtracking over cells 0..63. Pruned by what a line-keeping map must do:
    /// two cells on a common line go to two cells on a common line, and a line whose cells
    /// are all placed goes to a line.
    #[test]
    fn no_other_permutation_of_the_cells_keeps_the_lines() {
        let lines: HashSet<u64> = LINES.iter().copied().collect();
        let mut collinear = [0u64; CELLS];
        for &l in &LINES {
            for c in bits(l) {
                collinear[c] |= l & !(1 << c);
            }
        }
        struct Search<'a> {
            lines: &'a HashSet<u64>,
            collinear: [u64; CELLS],
            perm: Perm,
            found: Vec<Perm>,
        }
        impl Search<'_> {
            fn extend(&mut self, next: usize, used: u64) {
                if next == CELLS {
                    self.found.push(self.perm);
                    return;
                }
                let mut options = !used;
                let mut unrelated = !used;
                for c in 0..next {
                    let target = self.perm[c] as usize;
                    if self.collinear[next] & 1 << c != 0 {
                        options &= self.collinear[target];
                    } else {
                        unrelated &= !self.collinear[target];
                    }
                }
                // Collinearity both ways: a cell on no line with a placed cell must not land
                // on a line with its image either.
                for t in bits(options & unrelated) {
                    self.perm[next] = t as u8;
                    let placed = if next == 63 {
                        u64::MAX
                    } else {
                        (1u64 << (next + 1)) - 1
                    };
                    let whole = LINES.iter().all(|&l| {
                        l & !placed != 0 || l & 1 << next == 0 || {
                            let image = bits(l).fold(0u64, |m, c| m | 1 << self.perm[c]);
                            self.lines.contains(&image)
                        }
                    });
                    if whole {
                        self.extend(next + 1, used | 1 << t);
                    }
                }
            }
        }
        let mut search = Search {
            lines: &lines,
            collinear,
            perm: [0; CELLS],
            found: Vec::new(),
        };
        search.extend(0, 0);
        let found: HashSet<Perm> = search.found.into_iter().collect();
        let ours: HashSet<Perm> = all().into_iter().collect();
        assert_eq!(found, ours);
    }

    /// Brute force: the smallest of the 192 images by plain comparison of 64-character
    /// strings with x < o < empty.
    fn slow_canonical(board: QubicBoard) -> QubicBoard {
        let syms = Qubic;
        let key = |b: QubicBoard| -> Vec<u8> {
            (0..CELLS)
                .map(|c| match b.at(c) {
                    Some(crate::core::Side::First) => 0,
                    Some(crate::core::Side::Second) => 1,
                    None => 2,
                })
                .collect()
        };
        (0..COUNT as u8)
            .map(|s| syms.apply(s, board))
            .min_by_key(|&b| key(b))
            .unwrap()
    }

    pub(crate) fn random_board(seed: u64, stones: usize) -> QubicBoard {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut board = QubicBoard::EMPTY;
        while (board.stones() as usize) < stones {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let cell = (state % 64) as usize;
            if board.at(cell).is_none() {
                board = board.with_move(cell);
            }
        }
        board
    }

    #[test]
    fn canonical_form_is_the_smallest_image() {
        let syms = Qubic;
        for seed in 0..400u64 {
            let board = random_board(seed, (seed % 24) as usize);
            let (canon, s) = syms.canonical(board);
            assert_eq!(canon, slow_canonical(board), "{}", board.text());
            assert_eq!(syms.apply(s, board), canon);
            // Every image has the same canonical form.
            let image = syms.apply((seed % COUNT as u64) as u8, board);
            assert_eq!(syms.canonical(image).0, canon);
        }
        assert_eq!(syms.canonical(QubicBoard::EMPTY).0, QubicBoard::EMPTY);
    }

    #[test]
    fn marked_canonical_form_is_shared_by_all_images() {
        let syms = Qubic;
        for seed in 0..200u64 {
            let board = random_board(seed, (seed % 16) as usize);
            let mark = (0..CELLS).find(|&c| board.at(c).is_none()).unwrap();
            let (canon, canon_mark, s) = syms.canonical_marked(board, mark);
            assert_eq!(syms.apply(s, board), canon);
            assert_eq!(syms.map_cell(s, mark), canon_mark);
            let t = (seed * 7 % COUNT as u64) as u8;
            let image = syms.canonical_marked(syms.apply(t, board), syms.map_cell(t, mark));
            assert_eq!(
                (image.0, image.1),
                (canon, canon_mark),
                "{} {mark}",
                board.text()
            );
        }
    }

    #[test]
    fn inverses_undo_and_the_identity_is_first() {
        let syms = Qubic;
        for s in 0..COUNT as u8 {
            let back = syms.inverse(s);
            for c in 0..CELLS {
                assert_eq!(syms.map_cell(back, syms.map_cell(s, c)), c);
            }
        }
        assert!((0..CELLS).all(|c| syms.map_cell(0, c) == c));
    }

    #[test]
    fn lex_order_puts_x_before_o_before_empty() {
        let x0 = QubicBoard::EMPTY.with_move(0);
        let o0 = QubicBoard::from_masks(2, 1);
        let e0 = QubicBoard::from_masks(2, 4);
        assert_eq!(lex_cmp(x0, o0), Ordering::Less);
        assert_eq!(lex_cmp(o0, e0), Ordering::Less);
        assert_eq!(lex_cmp(e0, e0), Ordering::Equal);
    }

    #[test]
    fn corners_and_core_are_one_orbit() {
        assert_eq!(orbit_size(QubicBoard::EMPTY.with_move(0)), 16);
        assert_eq!(orbit_size(QubicBoard::EMPTY.with_move(1)), 48);
    }
}

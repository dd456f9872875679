//! The 32 permutations of the cells that keep the 10 lines, and canonical forms under them:
//! the square's 8, each after one of 4 relabellings of rows and columns alike (0123, 1032,
//! 0213, 2031), which keep both diagonals whole.

use super::board::Board;
use super::cell::{CELLS, Cell, SIDE};
use crate::games::kit::lines::apply;

pub const COUNT: usize = 32;

/// A map of (last index, row, col) to (row, col).
type SquareMap = fn(u8, u8, u8) -> (u8, u8);

/// All 32 symmetries as permutations (`map[c]`: where cell `c` goes); the identity first.
fn all() -> [[u8; CELLS]; COUNT] {
    // Identity, 0123->1032, 0123->0213, and the last two composed.
    const RELABEL: [[u8; 4]; 4] = [[0, 1, 2, 3], [1, 0, 3, 2], [0, 2, 1, 3], [2, 0, 3, 1]];
    let last = SIDE - 1;
    // The dihedral group of the square, as maps of (row, col).
    let square: [SquareMap; 8] = [
        |_, r, c| (r, c),
        |l, r, c| (c, l - r),
        |l, r, c| (l - r, l - c),
        |l, r, c| (l - c, r),
        |_, r, c| (c, r),
        |l, r, c| (r, l - c),
        |l, r, c| (l - c, l - r),
        |l, r, c| (l - r, c),
    ];
    let mut out = [[0; CELLS]; COUNT];
    for (k, order) in RELABEL.iter().enumerate() {
        let relabel = |i: u8| order[i as usize];
        for (d, turn) in square.iter().enumerate() {
            let map = &mut out[k * 8 + d];
            for cell in Cell::all() {
                let (r, c) = turn(last, relabel(cell.row()), relabel(cell.col()));
                map[cell.index()] = Cell::at(r, c).expect("on the board").index() as u8;
            }
        }
    }
    out
}

/// Precomputed byte tables so that a symmetry maps a 16-bit mask with two lookups.
pub struct Symmetries {
    /// `bytes[s][half][b]`: image under symmetry `s` of byte `b` placed in the low (0) or
    /// high (1) half of a mask.
    bytes: Box<[[[u16; 256]; 2]; COUNT]>,
}

impl Default for Symmetries {
    fn default() -> Symmetries {
        let mut bytes = Box::new([[[0u16; 256]; 2]; COUNT]);
        for (s, map) in all().iter().enumerate() {
            for b in 0..256u16 {
                bytes[s][0][b as usize] = apply(map, b.into()) as u16;
                bytes[s][1][b as usize] = apply(map, u64::from(b) << 8) as u16;
            }
        }
        Symmetries { bytes }
    }
}

impl Symmetries {
    /// Where symmetry `s` takes `cell`.
    pub fn cell(&self, s: usize, cell: Cell) -> Cell {
        let image = self.map(s, cell.bit()).trailing_zeros() as u8;
        Cell::new(image).expect("a symmetry maps cells to cells")
    }

    /// The cell that symmetry `s` takes to `cell`.
    pub fn cell_from(&self, s: usize, cell: Cell) -> Cell {
        let from = Cell::all().find(|&c| self.cell(s, c) == cell);
        from.expect("a symmetry is a permutation")
    }

    #[inline]
    fn map(&self, s: usize, mask: u16) -> u16 {
        let t = &self.bytes[s];
        t[0][(mask & 0xFF) as usize] | t[1][(mask >> 8) as usize]
    }

    #[inline]
    pub fn apply(&self, s: usize, board: Board) -> Board {
        use super::board::Side::{First, Second};
        Board::from_masks(
            self.map(s, board.mask(First)),
            self.map(s, board.mask(Second)),
        )
        .expect("a symmetry keeps counts")
    }

    /// A 32-bit key: first player's mask low, second's high.
    #[inline]
    pub fn key(board: Board) -> u32 {
        use super::board::Side::{First, Second};
        board.mask(First) as u32 | (board.mask(Second) as u32) << 16
    }

    /// The smallest key among the 32 images of `board`, and the symmetry that gives it.
    #[inline]
    pub fn canonical(&self, board: Board) -> (u32, usize) {
        use super::board::Side::{First, Second};
        let (f, s) = (board.mask(First), board.mask(Second));
        let mut best = (u32::MAX, 0);
        for (i, t) in self.bytes.iter().enumerate() {
            let key = (t[0][(f & 0xFF) as usize] | t[1][(f >> 8) as usize]) as u32
                | ((t[0][(s & 0xFF) as usize] | t[1][(s >> 8) as usize]) as u32) << 16;
            if key < best.0 {
                best = (key, i);
            }
        }
        best
    }

    #[inline]
    pub fn canonical_key(&self, board: Board) -> u32 {
        self.canonical(board).0
    }

    /// How many distinct positions are images of `board` (32 divided by its stabiliser).
    pub fn orbit_size(&self, board: Board) -> u32 {
        let key = Self::key(board);
        let fixed = (0..COUNT)
            .filter(|&s| Self::key(self.apply(s, board)) == key)
            .count();
        (COUNT / fixed) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::latin::game::board::LINES;

    fn preserves_lines(map: &[u8; CELLS]) -> bool {
        LINES.iter().all(|&line| {
            let image = Cell::in_mask(line).fold(0u16, |m, c| m | 1 << map[c.index()]);
            LINES.contains(&image)
        })
    }

    #[test]
    fn the_32_are_distinct_and_preserve_lines() {
        let syms = all();
        for (i, a) in syms.iter().enumerate() {
            assert!(preserves_lines(a), "symmetry {i} breaks a line");
            for b in &syms[..i] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(syms[0], std::array::from_fn(|i| i as u8));
    }

    /// Independent of the construction above: search every permutation of the cells,
    /// pruning as soon as a fully placed line does not land on a line.
    #[test]
    fn exactly_32_permutations_preserve_lines() {
        fn extend(map: &mut [u8; CELLS], used: u16, next: usize, found: &mut usize) {
            if next == CELLS {
                *found += 1;
                return;
            }
            for target in 0..CELLS as u8 {
                if used & 1 << target != 0 {
                    continue;
                }
                map[next] = target;
                let placed = (1u32 << (next + 1)) - 1;
                let consistent = LINES.iter().all(|&line| {
                    if line as u32 & !placed != 0 {
                        return true; // not every cell of this line is placed yet
                    }
                    let image = Cell::in_mask(line).fold(0u16, |m, c| m | 1 << map[c.index()]);
                    LINES.contains(&image)
                });
                if consistent {
                    extend(map, used | 1 << target, next + 1, found);
                }
            }
        }
        let mut found = 0;
        extend(&mut [0; CELLS], 0, 0, &mut found);
        assert_eq!(found, COUNT);
    }

    #[test]
    fn tables_agree_with_the_permutations_and_inverse_undoes() {
        let table = Symmetries::default();
        let b: Board = "XO--/-X--/--O-/---X".parse().unwrap();
        for s in 0..COUNT {
            let image = table.apply(s, b);
            for cell in Cell::all() {
                assert_eq!(image.at(table.cell(s, cell)), b.at(cell));
                assert_eq!(table.cell_from(s, table.cell(s, cell)), cell);
            }
        }
    }

    #[test]
    fn canonical_form_is_shared_by_all_images() {
        let table = Symmetries::default();
        for text in [
            "X---/----/----/----",
            "XO--/-X--/--O-/---X",
            "-X-O/-X--/X-X-/O--O",
        ] {
            let b: Board = text.parse().unwrap();
            let key = table.canonical_key(b);
            for s in 0..COUNT {
                assert_eq!(table.canonical_key(table.apply(s, b)), key, "{text} / {s}");
            }
        }
    }

    #[test]
    fn orbits_of_single_stones() {
        let table = Symmetries::default();
        // All four corners and all four centre cells are one class (the relabellings swap
        // them); the 8 edge cells are another.
        let corner: Board = "X---/----/----/----".parse().unwrap();
        let edge: Board = "-X--/----/----/----".parse().unwrap();
        assert_eq!(table.orbit_size(corner), 8);
        assert_eq!(table.orbit_size(edge), 8);
        assert_eq!(table.orbit_size(Board::EMPTY), 1);
    }
}

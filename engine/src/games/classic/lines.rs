//! The winning lines of a variant: every K consecutive cells along a row, a column or a
//! diagonal in either direction, as bit masks (bit `row * size + col`).

use std::sync::OnceLock;

use super::variant::Variant;

/// A variant's lines, and for each cell the lines through it. Built once per variant.
#[derive(Debug)]
pub(crate) struct Lines {
    all: Vec<u64>,
    pub(super) through: Vec<Vec<u64>>,
}

impl Lines {
    /// Built on first use and kept for the program's life.
    pub fn of(variant: Variant) -> &'static Lines {
        static TABLE: [OnceLock<Lines>; Variant::COUNT] =
            [const { OnceLock::new() }; Variant::COUNT];
        TABLE[variant.index()].get_or_init(|| Lines::build(variant))
    }

    fn build(variant: Variant) -> Lines {
        let all = crate::games::kit::lines::square(variant.size(), variant.k());
        let through = (0..variant.cells())
            .map(|cell| all.iter().copied().filter(|l| l >> cell & 1 == 1).collect())
            .collect();
        Lines { all, through }
    }

    /// Every line, rows first, then columns, then diagonals down-right, then down-left.
    pub fn all(&self) -> &[u64] {
        &self.all
    }

    /// The lines through cell index `cell` (empty for an index off the board).
    pub fn through(&self, cell: usize) -> &[u64] {
        self.through.get(cell).map_or(&[], Vec::as_slice)
    }

    pub fn held(&self, stones: u64) -> Option<u64> {
        self.all.iter().copied().find(|&l| stones & l == l)
    }
}

/// The empty cells where `own` completes one of `lines` (lines holding none of `theirs`):
/// a side with one wins on its move, a side facing two has lost.
#[inline]
pub fn winning_cells(lines: &[u64], own: u64, theirs: u64, k: u32) -> u64 {
    let mut cells = 0;
    for &l in lines {
        if l & theirs == 0 && (l & own).count_ones() == k - 1 {
            cells |= l & !own;
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(size: u8, k: u8) -> &'static Lines {
        Lines::of(Variant::new(size, Some(k)).unwrap())
    }

    #[test]
    fn whole_rows_give_2n_plus_2_lines() {
        for n in 3..=7 {
            assert_eq!(lines(n, n).all().len(), 2 * n as usize + 2, "{n}x{n}");
        }
    }

    #[test]
    fn shorter_rows_count_every_run() {
        // Rows and columns: 2 n (n - k + 1); each diagonal direction: (n - k + 1)^2.
        for n in 3..=7u8 {
            for k in 3..=n {
                let runs = (n - k + 1) as usize;
                let expected = 2 * n as usize * runs + 2 * runs * runs;
                assert_eq!(lines(n, k).all().len(), expected, "{n}x{n} k={k}");
            }
        }
        // The 4x4 three-in-a-row example: 4x4 with three in a row has 24 lines.
        assert_eq!(lines(4, 3).all().len(), 24);
    }

    // That the 3x3 lines are the eight of the ten-sided-die game is `players::d10`'s test, beside the
    // seed's own list.

    #[test]
    fn a_held_line_is_found_whole() {
        let l = lines(3, 3);
        let top_row = 0b111;
        assert_eq!(l.held(top_row | 1 << 4), Some(top_row));
        assert!(l.through(99).is_empty());
    }

    #[test]
    fn gaps_of_nearly_full_lines_are_threats() {
        let v = Variant::new(5, Some(4)).unwrap();
        let lines = Lines::of(v).all();
        // Own stones on a1 b1 c1: d1 completes a1-d1; e1 does not (b1-e1 lacks d1).
        let own = 0b111;
        assert_eq!(winning_cells(lines, own, 0, 4), 1 << 3);
        // A stone of theirs on d1 spoils it.
        assert_eq!(winning_cells(lines, own, 1 << 3, 4), 0);
        // b1 c1 d1: a1 and e1 both complete a line.
        assert_eq!(winning_cells(lines, 0b1110, 0, 4), 1 | 1 << 4);
    }
}

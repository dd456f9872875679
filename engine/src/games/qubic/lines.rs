//! The 76 winning lines (48 along an axis, 24 diagonals of the 12 axis-parallel planes, 4
//! space diagonals), each from its first cell in one of the 13 directions. The tests check
//! them against a brute-force search of all collinear quadruples.

pub const COUNT: usize = 76;

/// Each line as a mask of its four cells.
pub const LINES: [u64; COUNT] = build();

const fn build() -> [u64; COUNT] {
    let mut lines = [0u64; COUNT];
    let mut n = 0;
    // A direction is a step of -1, 0 or 1 per coordinate (layer, row, column), written in
    // base 3 as the step plus 1: those above 13 (no step) have a first nonzero step of +1, so
    // each line is met once, from its first cell.
    let mut direction: isize = 14;
    while direction < 27 {
        let step = [direction / 9 - 1, direction / 3 % 3 - 1, direction % 3 - 1];
        let stride = 16 * step[0] + 4 * step[1] + step[2];
        let mut start = 0;
        while start < 64 {
            let at = [start / 16, start / 4 % 4, start % 4];
            // Four cells fit when each rising coordinate starts at 0 and each falling one at 3.
            let mut fits = true;
            let mut k = 0;
            while k < 3 {
                fits &= step[k] == 0 || at[k] == if step[k] == 1 { 0 } else { 3 };
                k += 1;
            }
            if fits {
                let mut t = 0;
                while t < 4 {
                    lines[n] |= 1 << (start as isize + stride * t);
                    t += 1;
                }
                n += 1;
            }
            start += 1;
        }
        direction += 1;
    }
    assert!(n == COUNT);
    lines
}

/// For each cell, the masks of the lines through it (4 or 7), and how many there are.
const THROUGH: ([[u64; 7]; 64], [u8; 64]) = through();

const fn through() -> ([[u64; 7]; 64], [u8; 64]) {
    let mut masks = [[0u64; 7]; 64];
    let mut counts = [0u8; 64];
    let mut cell = 0;
    while cell < 64 {
        let mut i = 0;
        while i < COUNT {
            if LINES[i] & (1 << cell) != 0 {
                masks[cell][counts[cell] as usize] = LINES[i];
                counts[cell] += 1;
            }
            i += 1;
        }
        cell += 1;
    }
    (masks, counts)
}

#[inline]
pub fn through_slice(cell: usize) -> &'static [u64] {
    &THROUGH.0[cell][..THROUGH.1[cell] as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Every set of four cells that lie evenly spaced on a straight line in the cube, found
    /// by trying all C(64, 4) quadruples: the independent definition of a line.
    fn collinear_quadruples() -> BTreeSet<u64> {
        let coords = |i: usize| [(i / 16) as i32, (i / 4 % 4) as i32, (i % 4) as i32];
        let mut found = BTreeSet::new();
        for a in 0..64 {
            for b in a + 1..64 {
                let (pa, pb) = (coords(a), coords(b));
                let step: Vec<i32> = (0..3).map(|k| pb[k] - pa[k]).collect();
                // Four evenly spaced cells in a 4-wide cube are adjacent: a step of -1, 0, 1.
                if step.iter().any(|d| d.abs() > 1) {
                    continue;
                }
                for c in b + 1..64 {
                    for d in c + 1..64 {
                        let cells = [pa, pb, coords(c), coords(d)];
                        let even = (1..4)
                            .all(|t| (0..3).all(|k| cells[t][k] - cells[t - 1][k] == step[k]));
                        if even {
                            found.insert(1u64 << a | 1 << b | 1 << c | 1 << d);
                        }
                    }
                }
            }
        }
        found
    }

    #[test]
    fn the_76_lines_are_exactly_the_collinear_quadruples() {
        let built: BTreeSet<u64> = LINES.iter().copied().collect();
        assert_eq!(built.len(), COUNT, "no line twice");
        assert_eq!(built, collinear_quadruples());
    }

    #[test]
    fn corners_and_core_lie_on_seven_lines_the_rest_on_four() {
        let seven: Vec<usize> = (0..64).filter(|&c| through_slice(c).len() == 7).collect();
        assert_eq!(
            seven,
            [0, 3, 12, 15, 21, 22, 25, 26, 37, 38, 41, 42, 48, 51, 60, 63]
        );
        assert!((0..64).all(|c| matches!(through_slice(c).len(), 4 | 7)));
        assert!(
            (0..64).all(|c| through_slice(c).iter().all(|l| l & 1 << c != 0)),
            "each listed line holds its cell"
        );
    }
}

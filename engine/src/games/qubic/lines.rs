//! The 76 winning lines, built the way the rules count them: 48 straight lines along an
//! axis, 24 diagonals of the 12 axis-parallel planes, 4 space diagonals. The tests check
//! them against a brute-force search of all collinear quadruples.

pub const COUNT: usize = 76;

/// Each line as a mask of its four cells.
pub const LINES: [u64; COUNT] = build();

const fn cell(coords: [usize; 3]) -> u64 {
    1 << (16 * coords[0] + 4 * coords[1] + coords[2])
}

/// The line from `start` stepping `step` (each component -1, 0 or 1) four times.
const fn line(start: [usize; 3], step: [isize; 3]) -> u64 {
    let mut mask = 0;
    let mut t = 0;
    while t < 4 {
        let mut p = [0usize; 3];
        let mut axis = 0;
        while axis < 3 {
            p[axis] = (start[axis] as isize + step[axis] * t) as usize;
            axis += 1;
        }
        mask |= cell(p);
        t += 1;
    }
    mask
}

const fn build() -> [u64; COUNT] {
    let mut lines = [0u64; COUNT];
    let mut n = 0;
    // Along one axis: the other two coordinates fixed (16 per axis).
    let mut axis = 0;
    while axis < 3 {
        let mut a = 0;
        while a < 16 {
            let mut start = [0usize; 3];
            let mut step = [0isize; 3];
            step[axis] = 1;
            start[(axis + 1) % 3] = a / 4;
            start[(axis + 2) % 3] = a % 4;
            lines[n] = line(start, step);
            n += 1;
            a += 1;
        }
        axis += 1;
    }
    // Plane diagonals: one coordinate fixed (the plane), the other two both rising, or one
    // rising while the other falls.
    let mut fixed = 0;
    while fixed < 3 {
        let (u, v) = ((fixed + 1) % 3, (fixed + 2) % 3);
        let mut k = 0;
        while k < 4 {
            let mut start = [0usize; 3];
            start[fixed] = k;
            let mut step = [0isize; 3];
            step[u] = 1;
            step[v] = 1;
            lines[n] = line(start, step);
            start[v] = 3;
            step[v] = -1;
            lines[n + 1] = line(start, step);
            n += 2;
            k += 1;
        }
        fixed += 1;
    }
    // Space diagonals: from each corner of layer 0 to the opposite corner of layer 3.
    let mut corner = 0;
    while corner < 4 {
        let (r, c) = (corner / 2 * 3, corner % 2 * 3);
        let step = [1, if r == 0 { 1 } else { -1 }, if c == 0 { 1 } else { -1 }];
        lines[n] = line([0, r, c], step);
        n += 1;
        corner += 1;
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

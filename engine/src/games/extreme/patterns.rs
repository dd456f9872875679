//! The twelve winning patterns of a 4x4 board (rows, columns, diamonds; no diagonals), alike
//! for a small board's cells and the big board's small boards, and the small boards' points.

use std::sync::LazyLock;

/// Bit `row * 4 + col`.
pub const PATTERNS: [u16; 12] = [
    // Rows.
    0x000F,
    0x00F0,
    0x0F00,
    0xF000,
    // Columns.
    0x1111,
    0x2222,
    0x4444,
    0x8888,
    // Diamonds, one around each central cell.
    DIAMONDS[0],
    DIAMONDS[1],
    DIAMONDS[2],
    DIAMONDS[3],
];

/// From the rules' (row, col) lists, so a typo cannot hide in hex.
pub const DIAMONDS: [u16; 4] = [
    mask(&[(0, 1), (1, 0), (1, 2), (2, 1)]),
    mask(&[(0, 2), (1, 1), (1, 3), (2, 2)]),
    mask(&[(1, 1), (2, 0), (2, 2), (3, 1)]),
    mask(&[(1, 2), (2, 1), (2, 3), (3, 2)]),
];

/// Won small boards decide an end without a pattern: corners 6, edges 4, centre 3 (68).
pub const POINTS: [u32; 16] = [6, 4, 4, 6, 4, 3, 3, 4, 4, 3, 3, 4, 6, 4, 4, 6];

/// A win by pattern (or a forfeit) in the contest.
pub const WIN_POINTS: u32 = 68;

const fn mask(cells: &[(u8, u8)]) -> u16 {
    let mut m = 0u16;
    let mut i = 0;
    while i < cells.len() {
        m |= 1 << (cells[i].0 * 4 + cells[i].1);
        i += 1;
    }
    m
}

pub fn has_pattern(stones: u16) -> bool {
    PATTERNS.iter().any(|&p| p & !stones == 0)
}

pub fn points(won: u16) -> u32 {
    (0..16)
        .filter(|b| won & (1 << b) != 0)
        .map(|b| POINTS[b])
        .sum()
}

/// The empty fourth cell of every pattern with three of `own` and none of `opp`: by one
/// look-up, since an opposing stone in such a pattern can only be on that cell.
pub fn completing(own: u16, opp: u16) -> u16 {
    static FOURTHS: LazyLock<Box<[u16]>> = LazyLock::new(|| (0..=u16::MAX).map(fourths).collect());
    FOURTHS[usize::from(own)] & !opp
}

/// The missing cell of every pattern with three of `own`.
fn fourths(own: u16) -> u16 {
    let missing = PATTERNS.map(|p| p & !own);
    missing
        .iter()
        .filter(|m| m.count_ones() == 1)
        .fold(0, |cells, m| cells | m)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(mask: u16) -> Vec<(u8, u8)> {
        (0..16)
            .filter(|b| mask & (1 << b) != 0)
            .map(|b| (b / 4, b % 4))
            .collect()
    }

    #[test]
    fn there_are_twelve_distinct_patterns_of_four() {
        for p in PATTERNS {
            assert_eq!(p.count_ones(), 4);
        }
        let mut sorted = PATTERNS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 12);
    }

    #[test]
    fn diamonds_are_the_rules_lists() {
        assert_eq!(bits(DIAMONDS[0]), [(0, 1), (1, 0), (1, 2), (2, 1)]);
        assert_eq!(bits(DIAMONDS[3]), [(1, 2), (2, 1), (2, 3), (3, 2)]);
        assert_eq!(DIAMONDS, [0x0252, 0x04A4, 0x2520, 0x4A40]);
    }

    #[test]
    fn no_diagonal_wins() {
        let main = mask(&[(0, 0), (1, 1), (2, 2), (3, 3)]);
        let anti = mask(&[(0, 3), (1, 2), (2, 1), (3, 0)]);
        assert!(!has_pattern(main));
        assert!(!has_pattern(anti));
        assert!(has_pattern(mask(&[(2, 0), (2, 1), (2, 2), (2, 3)])));
        assert!(has_pattern(mask(&[(0, 3), (1, 3), (2, 3), (3, 3)])));
        assert!(has_pattern(mask(&[(1, 1), (2, 0), (2, 2), (3, 1), (0, 0)])));
        // The corners are in no diamond; three of a row are not a pattern.
        assert!(!has_pattern(0x8421 | 0x0007));
    }

    #[test]
    fn points_are_6_4_3_and_sum_to_68() {
        assert_eq!(points(0xFFFF), 68);
        assert_eq!(points(0b1001), 12);
        assert_eq!(points(1 << 5), 3);
        assert_eq!(points(1 << 4), 4);
        assert_eq!(points(0), 0);
    }

    #[test]
    fn the_look_up_is_the_pattern_by_pattern_count() {
        let mut seed = 0x2018u32;
        for _ in 0..10_000 {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let (cells, owner) = ((seed >> 16) as u16, seed as u16);
            let (own, opp) = (cells & owner, cells & !owner);
            let direct = PATTERNS
                .iter()
                .map(|&p| p & !own)
                .zip(PATTERNS)
                .filter(|&(missing, p)| p & opp == 0 && missing.count_ones() == 1)
                .fold(0, |all, (missing, _)| all | missing);
            assert_eq!(completing(own, opp), direct, "{own:016b} {opp:016b}");
        }
    }

    #[test]
    fn completing_cells_are_the_missing_fourths() {
        // Three of row 0 (a, b, c) and three of column 3 (rows 1..3): d1 completes both.
        let own = mask(&[(0, 0), (0, 1), (0, 2), (1, 3), (2, 3), (3, 3)]);
        assert_eq!(completing(own, 0), mask(&[(0, 3)]));
        // A stone of the opponent in the way kills both.
        assert_eq!(completing(own, mask(&[(0, 3)])), 0);
    }
}

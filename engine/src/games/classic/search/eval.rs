//! The static guess where the search stops short of the end: each line still open to only
//! one side counts for that side, more the fuller it is.

/// A line's weight by the stones of its only owner: 0..=6 stones (7 in a row at most).
pub fn weights(k: u32) -> Vec<i32> {
    // Each stone closer to a whole line counts about four times as much; a line one short
    // (a threat) a good deal more.
    (0..=k)
        .map(|s| match s {
            0 => 0,
            s if s + 1 == k => 1 << (2 * s + 2),
            s => 1 << (2 * s),
        })
        .collect()
}

/// Positive is good for `mover`. Never near the mate scores.
#[inline]
pub fn evaluate(lines: &[u64], mover: u64, other: u64, weights: &[i32]) -> i32 {
    let mut score = 0;
    for &l in lines {
        let (m, o) = (l & mover, l & other);
        if o == 0 {
            score += weights[m.count_ones() as usize];
        } else if m == 0 {
            score -= weights[o.count_ones() as usize];
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::classic::lines::Lines;
    use crate::games::classic::variant::Variant;

    #[test]
    fn a_centre_stone_is_worth_more_than_a_corner() {
        let v = Variant::new(5, None).unwrap();
        let lines = Lines::of(v).all();
        let w = weights(5);
        let centre = evaluate(lines, 1 << 12, 0, &w);
        let corner = evaluate(lines, 1, 0, &w);
        assert!(centre > corner && corner > 0);
        assert_eq!(evaluate(lines, 0, 1 << 12, &w), -centre);
    }
}

//! Threats: the cells where a side completes a line at once. The search never looks past
//! them: a side with such a cell wins on its move; a side facing one must block it; a side
//! facing two has lost.

/// The empty cells where `own` completes one of `lines` (lines holding none of `theirs`).
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

/// How many new threats (lines one stone short, free of `theirs`) playing `cell` gives
/// `own`, and how many of `theirs`'s lines through it it spoils.
#[inline]
pub fn cell_potential(through: &[u64], own: u64, theirs: u64, weights: &[i32]) -> i32 {
    through
        .iter()
        .map(|&l| {
            let (mine, their) = ((l & own).count_ones(), (l & theirs).count_ones());
            match (mine, their) {
                (m, 0) => weights[m as usize + 1],
                (0, t) => weights[t as usize],
                _ => 0,
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::classic::lines::Lines;
    use crate::games::classic::variant::Variant;

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

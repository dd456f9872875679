//! The pairing strategy (Hales and Jewett): if every line can be given two cells of its own,
//! no cell given twice, the second player answers each move on a paired cell with its twin
//! and so holds a cell of every line: the first player never completes one. With the
//! strategy-stealing argument (an extra stone never hurts, so the second player cannot
//! force a win), the empty board is then a draw.

use crate::games::classic::lines::Lines;
use crate::games::classic::variant::Variant;

/// Two cells of each line, distinct across lines, if there are such: `pairs[i]` belongs to
/// line `i` of `Lines::of(variant).all()`.
pub fn pairing(variant: Variant) -> Option<Vec<[u32; 2]>> {
    let lines = Lines::of(variant).all();
    if 2 * lines.len() > variant.cells() {
        return None;
    }
    // A bipartite matching of line slots (two per line) to cells, by augmenting paths.
    let slots = 2 * lines.len();
    let mut owner: Vec<Option<usize>> = vec![None; variant.cells()];
    for slot in 0..slots {
        let mut seen = vec![false; variant.cells()];
        if !augment(lines, slot, &mut owner, &mut seen) {
            return None;
        }
    }
    let mut pairs = vec![Vec::with_capacity(2); lines.len()];
    for (cell, slot) in owner.iter().enumerate() {
        if let Some(slot) = slot {
            pairs[slot / 2].push(cell as u32);
        }
    }
    Some(pairs.into_iter().map(|p| [p[0], p[1]]).collect())
}

/// Finds a cell for `slot`, moving other slots to other cells of their lines if need be.
fn augment(lines: &[u64], slot: usize, owner: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    let line = lines[slot / 2];
    for cell in 0..owner.len() {
        if line >> cell & 1 == 0 || seen[cell] {
            continue;
        }
        seen[cell] = true;
        let free = match owner[cell] {
            None => true,
            Some(other) => augment(lines, other, owner, seen),
        };
        if free {
            owner[cell] = Some(slot);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counting alone: the pairs must be cells of their own line, each cell used once.
    #[test]
    fn pairs_are_cells_of_their_line_used_once() {
        for n in 5..=7 {
            let v = Variant::new(n, None).unwrap();
            let pairs = pairing(v).expect("n in a row on n x n, n >= 5, pairs");
            let lines = Lines::of(v).all();
            let mut used = 0u64;
            for (pair, &line) in pairs.iter().zip(lines) {
                for &c in pair {
                    assert!(line >> c & 1 == 1);
                    assert!(used >> c & 1 == 0);
                    used |= 1 << c;
                }
            }
        }
        // 3x3: 8 lines need 16 cells of 9.
        assert!(pairing(Variant::CLASSIC).is_none());
        assert!(pairing(Variant::new(4, None).unwrap()).is_none());
        assert!(pairing(Variant::new(7, Some(5)).unwrap()).is_none());
    }
}

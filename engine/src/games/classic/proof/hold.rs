//! Two strategies by which a side keeps the other from every line, proven without search;
//! the prover closes a position with them, and a certificate's reader checks them.
//!
//! - A pairing (Hales and Jewett): every line the maker can still complete gets two empty
//!   cells of its own, no cell given twice; the breaker answers a move on a paired cell with
//!   its twin, so holds a cell of every line.
//! - The potential (Erdős and Selfridge): a line with `e` empty cells counts `2^-e`; the
//!   breaker takes the cell whose lines count most, which outweighs the maker's next move,
//!   so the sum never grows and never reaches the 1 a completed line counts. It holds when
//!   the sum is below 1 with the breaker to move, or below 1 after the maker's best move.
//!
//! Either way the maker never wins; the breaker may, which does not matter to the proof.

/// How the breaker holds a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Hold {
    /// Two cells of each line the maker can still complete, distinct across lines.
    Pairing(Vec<[u32; 2]>),
    Potential,
}

/// A potential in units of 2^-8: a line of at most 7 cells counts exactly.
const ONE: u32 = 1 << 8;

/// The lines the maker can still complete: none of the breaker's stones.
fn open(lines: &[u64], breaker: u64) -> impl Iterator<Item = u64> + '_ {
    lines.iter().copied().filter(move |l| l & breaker == 0)
}

/// Whether the potential of the maker's open lines holds them off (see the module doc).
pub fn potential_holds(lines: &[u64], maker: u64, breaker: u64, maker_to_move: bool) -> bool {
    let empty = !(maker | breaker);
    let mut sum = 0;
    let mut weight = [0u32; 64];
    for line in open(lines, breaker) {
        let term = ONE >> (line & empty).count_ones();
        sum += term;
        for cell in crate::games::kit::lines::bits(line & empty) {
            weight[cell] += term;
        }
    }
    let gain = if maker_to_move {
        weight.iter().max().copied().unwrap_or(0)
    } else {
        0
    };
    sum + gain < ONE
}

/// A pairing of the maker's open lines on the empty cells of `full`, if there is one.
pub fn pairing(lines: &[u64], maker: u64, breaker: u64, full: u64) -> Option<Vec<[u32; 2]>> {
    let open: Vec<u64> = open(lines, breaker).collect();
    let empty = full & !(maker | breaker);
    let cells = open.iter().fold(0, |all, l| all | l) & empty;
    if 2 * open.len() > cells.count_ones() as usize {
        return None;
    }
    // A bipartite matching of line slots (two per line) to cells, by augmenting paths.
    let mut owner = [usize::MAX; 64];
    for slot in 0..2 * open.len() {
        if !augment(&open, empty, slot, &mut owner, &mut 0) {
            return None;
        }
    }
    let mut pairs = vec![[u32::MAX; 2]; open.len()];
    for (cell, &slot) in owner.iter().enumerate().filter(|(_, s)| **s != usize::MAX) {
        pairs[slot / 2][slot % 2] = cell as u32;
    }
    Some(pairs)
}

/// Finds a cell for `slot`, moving other slots to other cells of their lines if need be.
fn augment(
    lines: &[u64],
    empty: u64,
    slot: usize,
    owner: &mut [usize; 64],
    seen: &mut u64,
) -> bool {
    for cell in crate::games::kit::lines::bits(lines[slot / 2] & empty & !*seen) {
        if *seen >> cell & 1 == 1 {
            continue; // taken by a deeper path since the loop began
        }
        *seen |= 1 << cell;
        let other = owner[cell];
        if other == usize::MAX || augment(lines, empty, other, owner, seen) {
            owner[cell] = slot;
            return true;
        }
    }
    false
}

/// How the breaker holds the maker off here, if one of the two strategies does: the
/// potential first, the cheaper.
pub fn hold(
    lines: &[u64],
    maker: u64,
    breaker: u64,
    maker_to_move: bool,
    full: u64,
) -> Option<Hold> {
    if potential_holds(lines, maker, breaker, maker_to_move) {
        return Some(Hold::Potential);
    }
    pairing(lines, maker, breaker, full).map(Hold::Pairing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::classic::lines::Lines;
    use crate::games::classic::variant::Variant;

    /// Counting alone: the pairs must be cells of their own line, each cell used once.
    #[test]
    fn pairs_are_cells_of_their_line_used_once() {
        for n in 5..=7 {
            let v = Variant::new(n, None).unwrap();
            let lines = Lines::of(v).all();
            let pairs = pairing(lines, 0, 0, v.full_mask()).expect("n in a row, n >= 5, pairs");
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
        for (n, k) in [(3, 3), (4, 4), (7, 5)] {
            let v = Variant::new(n, Some(k)).unwrap();
            assert!(pairing(Lines::of(v).all(), 0, 0, v.full_mask()).is_none());
        }
    }

    /// 7x7 with six in a row, by hand: 36 lines of 6 empty cells count 36/64; the centre
    /// lies on the most lines, 8, so X's best first move adds 8/64: 44/64 < 1. With five in
    /// a row the empty board's 60 lines count 60/32, more than 1.
    #[test]
    fn the_potential_holds_seven_by_seven_six_from_the_start() {
        let six = Variant::new(7, Some(6)).unwrap();
        assert!(potential_holds(Lines::of(six).all(), 0, 0, true));
        let five = Variant::new(7, Some(5)).unwrap();
        assert!(!potential_holds(Lines::of(five).all(), 0, 0, false));
    }
}

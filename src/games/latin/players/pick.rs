//! Drawing a move at random, as the randomised players do.

use rand::RngExt;

use super::PlayerRng;
use crate::games::latin::game::Cell;

/// A cell drawn uniformly from a mask; `None` for an empty mask.
pub fn random_cell(mask: u16, rng: &mut PlayerRng) -> Option<Cell> {
    let count = mask.count_ones();
    if count == 0 {
        return None;
    }
    let pick = rng.random_range(0..count) as usize;
    Cell::in_mask(mask).nth(pick)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::latin::game::testing::cell;

    #[test]
    fn random_cell_stays_in_the_mask() {
        let mut rng = super::super::rng_from_seed(7);
        let mask = cell("b2").bit() | cell("d4").bit();
        for _ in 0..50 {
            let c = random_cell(mask, &mut rng).expect("mask is not empty");
            assert_ne!(mask & c.bit(), 0);
        }
        assert_eq!(random_cell(0, &mut rng), None);
    }
}

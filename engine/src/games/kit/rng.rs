//! The one generator behind every randomised player and opening.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// A fixed algorithm (not `StdRng`, which may change between rand versions), so a seed
/// replays the same games on every machine and rand version.
pub(crate) type PlayerRng = Xoshiro256PlusPlus;

pub fn rng_from_seed(seed: u64) -> PlayerRng {
    PlayerRng::seed_from_u64(seed)
}

pub fn pick<T: Copy>(items: &[T], rng: &mut PlayerRng) -> Option<T> {
    (!items.is_empty()).then(|| items[rng.random_range(0..items.len())])
}

/// A set bit of `mask` drawn uniformly: every game's "random legal move", so a seed draws
/// the same move in each.
pub fn random_bit(mask: u64, rng: &mut PlayerRng) -> Option<usize> {
    let count = mask.count_ones();
    if count == 0 {
        return None;
    }
    let mut rest = mask;
    for _ in 0..rng.random_range(0..count) {
        rest &= rest - 1;
    }
    Some(rest.trailing_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_bit_stays_in_the_mask_and_reaches_every_bit() {
        let mut rng = rng_from_seed(7);
        let mask = 1 << 5 | 1 << 17 | 1 << 63;
        let mut seen = 0u64;
        for _ in 0..100 {
            let bit = random_bit(mask, &mut rng).expect("mask is not empty");
            seen |= 1 << bit;
        }
        assert_eq!(seen, mask);
        assert_eq!(random_bit(0, &mut rng), None);
    }

    #[test]
    fn a_seed_replays_its_draws() {
        let draws = |seed| {
            let mut rng = rng_from_seed(seed);
            (0..20)
                .map(|_| random_bit(u64::MAX >> 3, &mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(draws(3), draws(3));
        assert_ne!(draws(3), draws(4));
    }
}

//! Classic boards for the tests that check the classic engines against each other.

use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;
use tictaclatin::games::classic::{ClassicBoard, ClassicCell, Variant};

/// The `size` x `size` board with `k` in a row.
pub fn variant(size: u8, k: u8) -> Variant {
    Variant::new(size, Some(k)).unwrap()
}

/// A position after `stones` random moves, or `None` where the game ended on the way.
pub fn random_position(
    v: Variant,
    stones: u32,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<ClassicBoard> {
    let mut b = ClassicBoard::empty(v);
    for _ in 0..stones {
        let empty: Vec<ClassicCell> = ClassicCell::in_mask(b.empty_cells()).collect();
        b = b.with_move(empty[rng.random_range(0..empty.len())]);
        if b.status().is_over() {
            return None;
        }
    }
    Some(b)
}

//! Which classic game is played: the board's size and how many in a row win.

use std::fmt;

use crate::core::words::from_to;
use crate::games::{GameError, Part};

/// The smallest and largest board sizes one plays; proofs go to 8x8, whose 64 cells still
/// fit one `u64` a side.
pub const MIN_SIZE: u8 = 3;
pub const MAX_SIZE: u8 = 7;
pub const PROOF_MAX_SIZE: u8 = 8;
/// The shortest winning row; `k` is also at most the size.
pub const MIN_IN_A_ROW: u8 = 3;

/// An N x N board where K in a row wins, N in 3..=7 and K in 3..=N. Only [`Variant::new`]
/// makes one, so every `Variant` in the program is valid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Variant {
    size: u8,
    k: u8,
}

/// A size or a row length outside what the game allows; the message names what is valid.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum VariantError {
    #[error("size {size} is not in {MIN_SIZE}..{largest}")]
    Size { size: u8, largest: u8 },
    #[error(
        "{k} in a row: on a {size}x{size} board the line length must be {}",
        from_to(&(MIN_IN_A_ROW..=*.size))
    )]
    InARow { k: u8, size: u8 },
}

/// The list of games is told which part is wrong, and what it may be.
impl From<VariantError> for GameError {
    fn from(e: VariantError) -> GameError {
        let (part, valid) = match e {
            VariantError::Size { largest, .. } => (Part::Size, MIN_SIZE..=largest),
            VariantError::InARow { size, .. } => (Part::InARow, MIN_IN_A_ROW..=size),
        };
        let why = e.to_string();
        GameError {
            part,
            valid: Some(valid),
            why,
        }
    }
}

impl Variant {
    pub const CLASSIC: Variant = Variant { size: 3, k: 3 };

    /// `size` x `size`, `in_a_row` to win (the whole row, `size`, when `None`).
    pub fn new(size: u8, in_a_row: Option<u8>) -> Result<Variant, VariantError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            let largest = MAX_SIZE;
            return Err(VariantError::Size { size, largest });
        }
        Variant::for_proof(size, in_a_row)
    }

    /// As `new`, up to 8x8: a board to prove, not to play.
    pub fn for_proof(size: u8, in_a_row: Option<u8>) -> Result<Variant, VariantError> {
        if !(MIN_SIZE..=PROOF_MAX_SIZE).contains(&size) {
            let largest = PROOF_MAX_SIZE;
            return Err(VariantError::Size { size, largest });
        }
        let k = in_a_row.unwrap_or(size);
        if !(MIN_IN_A_ROW..=size).contains(&k) {
            return Err(VariantError::InARow { k, size });
        }
        Ok(Variant { size, k })
    }

    pub fn all() -> impl Iterator<Item = Variant> {
        (MIN_SIZE..=MAX_SIZE)
            .flat_map(|size| (MIN_IN_A_ROW..=size).map(move |k| Variant { size, k }))
    }

    pub const fn size(self) -> u8 {
        self.size
    }

    /// How many in a row win.
    pub const fn k(self) -> u8 {
        self.k
    }

    pub const fn cells(self) -> usize {
        self.size as usize * self.size as usize
    }

    pub const fn full_mask(self) -> u64 {
        u64::MAX >> (64 - self.cells())
    }

    /// Small enough for the exact solver: at most 16 cells.
    pub const fn is_solvable(self) -> bool {
        self.cells() <= 16
    }

    /// A dense index over all variants, for per-variant tables.
    pub(crate) const fn index(self) -> usize {
        let n = (self.size - MIN_SIZE) as usize;
        // Variants of smaller sizes come first: 1 + 2 + ... + n of them.
        n * (n + 1) / 2 + (self.k - MIN_IN_A_ROW) as usize
    }

    pub(crate) const COUNT: usize = Variant {
        size: PROOF_MAX_SIZE,
        k: PROOF_MAX_SIZE,
    }
    .index()
        + 1;
}

impl fmt::Display for Variant {
    /// `3x3`, `4x4, 3 in a row`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.size)?;
        if self.k != self.size {
            write!(f, ", {} in a row", self.k)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_rows_are_checked() {
        assert_eq!(Variant::new(3, None), Ok(Variant::CLASSIC));
        assert_eq!(
            Variant::new(8, None),
            Err(VariantError::Size {
                size: 8,
                largest: 7
            })
        );
        assert_eq!(
            Variant::new(2, Some(2)),
            Err(VariantError::Size {
                size: 2,
                largest: 7
            })
        );
        assert_eq!(
            Variant::new(4, Some(5)),
            Err(VariantError::InARow { k: 5, size: 4 })
        );
        assert_eq!(
            Variant::new(5, Some(2)).unwrap_err().to_string(),
            "2 in a row: on a 5x5 board the line length must be from 3 to 5"
        );
        assert_eq!(
            Variant::new(3, Some(2)).unwrap_err().to_string(),
            "2 in a row: on a 3x3 board the line length must be 3"
        );
        let nine = Variant::for_proof(9, None).unwrap_err();
        assert_eq!(nine.to_string(), "size 9 is not in 3..8");
        assert_eq!(
            Variant::new(4, Some(3)).unwrap().to_string(),
            "4x4, 3 in a row"
        );
    }

    /// The list of games learns which part is wrong and what it may be, so a config file's
    /// error points at that part's line.
    #[test]
    fn a_refusal_names_the_wrong_part_and_its_values() {
        let size: GameError = Variant::new(9, None).unwrap_err().into();
        assert_eq!((size.part, size.valid), (Part::Size, Some(3..=7)));
        let row: GameError = VariantError::InARow { k: 5, size: 4 }.into();
        assert_eq!((row.part, row.valid), (Part::InARow, Some(3..=4)));
        assert_eq!(
            row.why,
            "5 in a row: on a 4x4 board the line length must be from 3 to 4"
        );
    }

    #[test]
    fn indices_are_dense_and_distinct() {
        let indices: Vec<usize> = Variant::all().map(Variant::index).collect();
        assert_eq!(indices, (0..15).collect::<Vec<_>>());
        let eights = (3..=8).map(|k| Variant::for_proof(8, Some(k)).unwrap().index());
        assert_eq!(
            eights.collect::<Vec<_>>(),
            (15..Variant::COUNT).collect::<Vec<_>>()
        );
    }
}

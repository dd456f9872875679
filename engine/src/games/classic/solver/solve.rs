//! The exhaustive solve: negamax over every position reachable from the empty board,
//! memoised on canonical keys. No pruning, since every position's exact value and move
//! counts go in the table.

use super::{ClassicEntry, Table};
use crate::games::classic::lines::Lines;
use crate::games::classic::symmetry::Symmetries;
use crate::games::classic::variant::Variant;
use crate::games::kit::exact::Score;

/// What the search needs of a variant of at most 16 cells, as 16-bit masks.
pub(crate) struct Rules {
    full: u16,
    through: Vec<Vec<u16>>,
}

impl Rules {
    pub fn new(variant: Variant) -> Rules {
        let lines = Lines::of(variant);
        Rules {
            full: variant.full_mask() as u16,
            through: (0..variant.cells())
                .map(|c| lines.through(c).iter().map(|&l| l as u16).collect())
                .collect(),
        }
    }

    /// The score of moving at `cell` when that ends the game, `None` otherwise.
    #[inline]
    pub fn immediate(&self, mover: u16, other: u16, cell: usize) -> Option<Score> {
        let after = mover | 1 << cell;
        if self.through[cell].iter().any(|&l| l & !after == 0) {
            Some(Score::win_in(1))
        } else if after | other == self.full {
            Some(Score::DRAW)
        } else {
            None
        }
    }
}

/// Packs a position as the table keys it: the side to move's stones low, the other's high.
#[inline]
pub fn key(mover: u16, other: u16) -> u32 {
    mover as u32 | (other as u32) << 16
}

pub struct Solve<'a> {
    pub rules: &'a Rules,
    pub syms: &'a Symmetries,
    pub table: &'a mut Table,
}

impl Solve<'_> {
    /// The entry of an in-play position, solving it and all below it if needed.
    pub fn entry(&mut self, mover: u16, other: u16) -> ClassicEntry {
        let key = self.syms.canonical(key(mover, other));
        if let Some(entry) = self.table.get(key) {
            return entry;
        }
        let entry = children(self.rules, mover, other, |m, o| self.entry(m, o).score);
        self.table.insert_new(key, entry);
        entry
    }
}

/// The entry of an in-play position given the scores of its in-play children
/// (`child(mover, other)` scores the child for its own side to move).
#[inline]
pub fn children(
    rules: &Rules,
    mover: u16,
    other: u16,
    mut child: impl FnMut(u16, u16) -> Score,
) -> ClassicEntry {
    let mut entry = ClassicEntry {
        score: Score::LOWEST,
        losing: 0,
        winning: 0,
    };
    let mut empty = rules.full & !(mover | other);
    while empty != 0 {
        let cell = empty.trailing_zeros() as usize;
        empty &= empty - 1;
        let score = rules
            .immediate(mover, other, cell)
            .unwrap_or_else(|| child(other, mover | 1 << cell).before_move());
        entry.losing += (score < Score::DRAW) as u8;
        entry.winning += (score > Score::DRAW) as u8;
        entry.score = entry.score.max(score);
    }
    entry
}

//! What the exactly solved games (Tic-Tac-Latin, classic up to 4x4) share: a value in one
//! byte, and the perfect player's choice among moves of equal value.

use std::cmp::Ordering;

use crate::core::{Outcome, Value};
use crate::games::kit::solved::{Packed, SolvedTable};

/// Win in `p` plies is `HORIZON - p`, a draw 0, a loss in `p` plies `p - HORIZON`: a fast
/// win beats a slow one and a slow loss beats a fast one. A draw's plies are not stored:
/// a draw fills the board, so they are the empty cells.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub struct Score(i8);

/// Above the longest game (49 plies on 7x7), so every win and loss is non-zero, and every
/// score and window bound (up to one past either end) fits in a byte.
const HORIZON: i8 = 64;

impl Score {
    pub const DRAW: Score = Score(0);
    /// Below every score: the bound a search starts from.
    pub const LOWEST: Score = Score(-HORIZON);
    pub const HIGHEST: Score = Score(HORIZON);
    /// The least score of a win and the greatest of a loss, for windows that ask only
    /// "a win?" or "at least a draw?".
    pub const SOME_WIN: Score = Score(1);
    pub const SOME_LOSS: Score = Score(-1);

    pub const fn win_in(plies: u32) -> Score {
        Score(HORIZON - plies as i8)
    }

    pub const fn loss_in(plies: u32) -> Score {
        Score(plies as i8 - HORIZON)
    }

    const fn to_byte(self) -> u8 {
        self.0 as u8
    }

    const fn from_byte(byte: u8) -> Score {
        Score(byte as i8)
    }

    pub const fn outcome(self) -> Outcome {
        match self.0 {
            0 => Outcome::Draw,
            s if s > 0 => Outcome::Win,
            _ => Outcome::Loss,
        }
    }

    /// The score, for the side that moved, of the move that led to a position of this
    /// score: the opposite outcome, one ply further.
    #[inline]
    pub const fn before_move(self) -> Score {
        Score(-(self.0 - self.0.signum()))
    }

    /// The next score up: `(s, s.above())` is the null window that asks "at most s?".
    pub const fn above(self) -> Score {
        Score(self.0 + 1)
    }

    /// The inverse of `before_move`, for window bounds. Decreasing, so a window `(a, b)` of
    /// a position is the window `(b.after_move(), a.after_move())` of its child.
    pub const fn after_move(self) -> Score {
        match self.0 {
            s if s > 0 => Score(-s - 1),
            0 => Score(0),
            s => Score(1 - s),
        }
    }

    /// The value, given the empty cells of the position it belongs to.
    pub fn value(self, empty: u32) -> Value {
        match self.outcome() {
            Outcome::Win => Value::win_in((HORIZON - self.0) as u32),
            Outcome::Draw => Value::draw_in(empty),
            Outcome::Loss => Value::loss_in((self.0 + HORIZON) as u32),
        }
    }
}

/// What a solver keeps per class: the value for the side to move and, for the perfect
/// player's tie-breaks, how many of its moves lose and how many win. The table grows before
/// it is more than `TAKEN / OF` full (each game's trade of memory for probes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry<const TAKEN: usize, const OF: usize> {
    pub score: Score,
    pub losing: u8,
    pub winning: u8,
}

pub(crate) type Table<const TAKEN: usize, const OF: usize> = SolvedTable<Entry<TAKEN, OF>>;

impl<const TAKEN: usize, const OF: usize> Packed for Entry<TAKEN, OF> {
    const MAX_LOAD: (usize, usize) = (TAKEN, OF);

    fn pack(self) -> u32 {
        u32::from(self.score.to_byte())
            | u32::from(self.losing) << 8
            | u32::from(self.winning) << 16
    }

    fn unpack(bits: u32) -> Self {
        Entry {
            score: Score::from_byte(bits as u8),
            losing: (bits >> 8) as u8,
            winning: (bits >> 16) as u8,
        }
    }
}

/// A chosen move and its value for the side playing it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice<C> {
    pub cell: C,
    pub value: Value,
}

/// How many of the opponent's replies after a move go wrong for them, out of how many.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Traps {
    pub wrong: u32,
    pub replies: u32,
}

impl Traps {
    /// The traps after a move of `score` into a position whose side to move has `replies`
    /// moves, `(losing, winning)` of them (`None`: the move ended the game). When we lose,
    /// any reply that fails to win is their mistake; else their losing replies are.
    pub fn after(score: Score, after: Option<(u32, u32)>, replies: u32) -> Traps {
        let Some((losing, winning)) = after else {
            return Traps::default();
        };
        let wrong = match score.outcome() {
            Outcome::Loss => replies - winning,
            Outcome::Draw | Outcome::Win => losing,
        };
        Traps { wrong, replies }
    }

    /// Compares shares wrong / replies without dividing; no replies counts as 0 / 1.
    fn cmp_share(self, other: Traps) -> Ordering {
        (self.wrong as u64 * other.replies.max(1) as u64)
            .cmp(&(other.wrong as u64 * self.replies.max(1) as u64))
    }

    pub fn share(self) -> f64 {
        self.wrong as f64 / self.replies.max(1) as f64
    }
}

/// The perfect player's choice among `moves` (lowest cell first) of a position with `empty`
/// empty cells, `result` giving a move's score and the counts after it as for
/// [`Traps::after`]: never lower the value; among equal values leave the opponent the
/// largest share of replies that go wrong for them; then the lowest cell, so a position
/// always gets the same move. `None` when a move is not legal.
pub fn best_move<C: Copy>(
    moves: impl Iterator<Item = C>,
    empty: u32,
    result: impl Fn(C) -> Option<(Score, Option<(u32, u32)>)>,
) -> Option<Choice<C>> {
    let mut best: Option<(Score, Traps, C)> = None;
    for cell in moves {
        let (score, after) = result(cell)?;
        let traps = Traps::after(score, after, empty - 1);
        // Only a strictly better move replaces the one kept.
        let better = best.is_none_or(|(s, t, _)| {
            score.cmp(&s).then_with(|| traps.cmp_share(t)) == Ordering::Greater
        });
        if better {
            best = Some((score, traps, cell));
        }
    }
    best.map(|(score, _, cell)| Choice {
        cell,
        value: score.value(empty),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_order_like_values_and_flip_across_a_move() {
        assert!(Score::win_in(1) > Score::win_in(3));
        assert!(Score::win_in(15) > Score::DRAW);
        assert!(Score::DRAW > Score::loss_in(16));
        assert!(Score::loss_in(16) > Score::loss_in(2));
        assert_eq!(Score::win_in(3).before_move(), Score::loss_in(4));
        assert_eq!(Score::loss_in(2).before_move(), Score::win_in(3));
        assert_eq!(Score::DRAW.before_move(), Score::DRAW);
        assert_eq!(Score::win_in(5).value(7), Value::win_in(5));
        assert_eq!(Score::loss_in(4).value(7), Value::loss_in(4));
        assert_eq!(Score::DRAW.value(7), Value::draw_in(7));
        for s in [
            Score::win_in(1),
            Score::win_in(49),
            Score::DRAW,
            Score::loss_in(2),
        ] {
            assert_eq!(s.after_move().before_move(), s);
        }
        for bound in [
            Score::LOWEST,
            Score::HIGHEST,
            Score::SOME_WIN,
            Score::SOME_LOSS,
        ] {
            assert_eq!(bound.after_move().before_move(), bound);
        }
        assert!(Score::loss_in(49) < Score::SOME_LOSS && Score::SOME_WIN < Score::win_in(49));
    }

    #[test]
    fn entries_come_back_from_the_table_after_growing() {
        let mut t: Table<1, 2> = Table::with_capacity(4);
        let entry = |k: u32| Entry {
            score: Score::win_in(1 + k % 16),
            losing: (k % 16) as u8,
            winning: 3,
        };
        for k in 0..1000u32 {
            t.insert_new(k * 7, entry(k));
        }
        assert_eq!(t.len(), 1000);
        for k in 0..1000u32 {
            assert_eq!(t.get(k * 7), Some(entry(k)));
        }
        assert_eq!(t.get(1), None);
        // Negative scores survive the packing (the solver inserts each class once).
        let lost = Entry {
            score: Score::loss_in(5),
            losing: 0,
            winning: 0,
        };
        t.insert_new(1, lost);
        assert_eq!(t.get(1), Some(lost));
        assert_eq!(t.iter().count(), 1001);
    }
}

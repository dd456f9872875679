//! A position's exact value in one byte, ordered so that the better score for the side to
//! move is the greater number: the solver's table holds it, and the prover's search
//! (`classic::proof`) scores every board up to 7x7 with it.

use crate::core::{Outcome, Value};

/// Win in `p` plies is `HORIZON - p`, a draw 0, a loss in `p` plies `p - HORIZON`: a fast win beats a
/// slow one and a slow loss beats a fast one. A draw's plies are not stored: in classic a
/// draw fills the board, so they are the empty cells.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub struct ClassicScore(i8);

/// Above the longest game (49 plies on 7x7), so every win and loss is non-zero, and every
/// score and window bound (up to one past either end) fits in a byte.
const HORIZON: i8 = 64;

impl ClassicScore {
    pub const DRAW: ClassicScore = ClassicScore(0);
    /// Below every score: the bound a search starts from.
    pub const LOWEST: ClassicScore = ClassicScore(-HORIZON);
    /// Above every score.
    pub const HIGHEST: ClassicScore = ClassicScore(HORIZON);
    /// The least score of a win and the greatest of a loss, for windows that ask only
    /// "a win?" or "at least a draw?".
    pub const SOME_WIN: ClassicScore = ClassicScore(1);
    pub const SOME_LOSS: ClassicScore = ClassicScore(-1);

    pub const fn win_in(plies: u8) -> ClassicScore {
        ClassicScore(HORIZON - plies as i8)
    }

    pub const fn loss_in(plies: u8) -> ClassicScore {
        ClassicScore(plies as i8 - HORIZON)
    }

    pub(super) const fn to_byte(self) -> u8 {
        self.0 as u8
    }

    pub(super) const fn from_byte(byte: u8) -> ClassicScore {
        ClassicScore(byte as i8)
    }

    pub fn outcome(self) -> Outcome {
        match self.0 {
            s if s > 0 => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        }
    }

    /// The score, for the side that moved, of the move that led to a position of this
    /// score: the opposite outcome, one ply further.
    pub const fn before_move(self) -> ClassicScore {
        match self.0 {
            s if s > 0 => ClassicScore(1 - s),
            0 => ClassicScore(0),
            s => ClassicScore(-s - 1),
        }
    }

    /// The inverse of `before_move`, for window bounds: the child's score whose
    /// `before_move` is this one. Decreasing, so a window `(a, b)` of a position is the
    /// window `(b.after_move(), a.after_move())` of its child.
    pub const fn after_move(self) -> ClassicScore {
        match self.0 {
            s if s > 0 => ClassicScore(-s - 1),
            0 => ClassicScore(0),
            s => ClassicScore(1 - s),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_order_like_values_and_flip_across_a_move() {
        assert!(ClassicScore::win_in(1) > ClassicScore::win_in(3));
        assert!(ClassicScore::win_in(15) > ClassicScore::DRAW);
        assert!(ClassicScore::DRAW > ClassicScore::loss_in(16));
        assert!(ClassicScore::loss_in(16) > ClassicScore::loss_in(2));
        assert_eq!(
            ClassicScore::win_in(3).before_move(),
            ClassicScore::loss_in(4)
        );
        assert_eq!(
            ClassicScore::loss_in(2).before_move(),
            ClassicScore::win_in(3)
        );
        assert_eq!(ClassicScore::DRAW.before_move(), ClassicScore::DRAW);
        assert_eq!(ClassicScore::win_in(5).value(7), Value::win_in(5));
        assert_eq!(ClassicScore::loss_in(4).value(7), Value::loss_in(4));
        assert_eq!(ClassicScore::DRAW.value(7), Value::draw_in(7));
        for s in [
            ClassicScore::win_in(1),
            ClassicScore::win_in(49),
            ClassicScore::DRAW,
            ClassicScore::loss_in(2),
        ] {
            assert_eq!(s.after_move().before_move(), s);
        }
        for bound in [
            ClassicScore::LOWEST,
            ClassicScore::HIGHEST,
            ClassicScore::SOME_WIN,
            ClassicScore::SOME_LOSS,
        ] {
            assert_eq!(bound.after_move().before_move(), bound);
        }
        assert!(
            ClassicScore::loss_in(49) < ClassicScore::SOME_LOSS
                && ClassicScore::SOME_WIN < ClassicScore::win_in(49)
        );
    }
}

//! A proven value in two bytes, ordered so that the better score for the side to move is the
//! greater number, with the plies to the end of the game (up to 49 on 7x7).

use crate::core::{Outcome, Value};

/// Win in `p` plies is `HORIZON - p`, a draw 0, a loss in `p` plies `p - HORIZON`. A draw's
/// plies are not kept: in classic a draw fills the board, so they are the empty cells.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub struct Score(i16);

/// Above the longest game (49 plies), so every win and loss is non-zero.
const HORIZON: i16 = 64;

impl Score {
    pub const DRAW: Score = Score(0);
    /// Below every score: the bound a search starts from.
    pub const LOWEST: Score = Score(-HORIZON);
    /// Above every score.
    pub const HIGHEST: Score = Score(HORIZON);
    /// The least score of a win and the greatest of a loss, for windows that ask only
    /// "win?" or "loss?".
    pub const SOME_WIN: Score = Score(1);
    pub const SOME_LOSS: Score = Score(-1);

    pub const fn win_in(plies: u8) -> Score {
        Score(HORIZON - plies as i16)
    }

    pub const fn loss_in(plies: u8) -> Score {
        Score(plies as i16 - HORIZON)
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
    pub const fn before_move(self) -> Score {
        match self.0 {
            s if s > 0 => Score(1 - s),
            0 => Score(0),
            s => Score(-s - 1),
        }
    }

    /// The inverse of `before_move`, for window bounds: the child's score whose
    /// `before_move` is this one. Decreasing, so a window `(a, b)` of a position is the
    /// window `(b.after_move(), a.after_move())` of its child.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_flip_across_a_move_and_back() {
        assert_eq!(Score::win_in(3).before_move(), Score::loss_in(4));
        assert_eq!(Score::loss_in(2).before_move(), Score::win_in(3));
        for s in [
            Score::win_in(1),
            Score::win_in(49),
            Score::DRAW,
            Score::loss_in(2),
        ] {
            assert_eq!(s.after_move().before_move(), s);
        }
        assert!(Score::SOME_WIN.after_move() < Score::DRAW.after_move());
        assert!(Score::loss_in(49) < Score::SOME_LOSS && Score::SOME_WIN < Score::win_in(49));
        assert_eq!(Score::win_in(5).value(7), Value::win_in(5));
        assert_eq!(Score::DRAW.value(7), Value::draw_in(7));
    }
}

//! The value of a position as the solved table stores it.

use crate::core::{Outcome, Value};

/// A value packed in one byte, ordered so that better for the side to move is larger:
/// a win in `p` plies is `BASE - p`, a loss in `p` plies is `-(BASE - p)`, a draw is 0.
/// Faster wins and slower losses compare higher. A draw always fills the board, so its
/// plies are the empty cells and need no storing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Score(i8);

const BASE: i8 = 64;

impl Score {
    pub const DRAW: Score = Score(0);

    /// The score as one byte, for the solved table's slots.
    pub(super) const fn to_byte(self) -> u8 {
        self.0 as u8
    }

    pub(super) const fn from_byte(byte: u8) -> Score {
        Score(byte as i8)
    }

    pub const fn win_in(plies: u32) -> Score {
        Score(BASE - plies as i8)
    }

    pub const fn loss_in(plies: u32) -> Score {
        Score(-(BASE - plies as i8))
    }

    /// The value, for the side that moved into this position, of the move that led here:
    /// the opposite outcome, one ply further away.
    #[inline]
    pub const fn before_move(self) -> Score {
        Score(-(self.0 - self.0.signum()))
    }

    pub const fn outcome(self) -> Outcome {
        match self.0 {
            0 => Outcome::Draw,
            s if s > 0 => Outcome::Win,
            _ => Outcome::Loss,
        }
    }

    /// The full value, given how many cells are empty in the position it belongs to.
    pub fn value(self, empty_cells: u32) -> Value {
        let plies = match self.outcome() {
            Outcome::Draw => empty_cells,
            _ => (BASE - self.0.abs()) as u32,
        };
        Value {
            outcome: self.outcome(),
            plies,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_prefers_fast_wins_and_slow_losses() {
        let mut scores = [
            Score::loss_in(2),
            Score::win_in(5),
            Score::DRAW,
            Score::win_in(1),
            Score::loss_in(9),
        ];
        scores.sort();
        assert_eq!(
            scores,
            [
                Score::loss_in(2),
                Score::loss_in(9),
                Score::DRAW,
                Score::win_in(5),
                Score::win_in(1)
            ]
        );
    }

    #[test]
    fn before_move_flips_and_adds_a_ply() {
        assert_eq!(Score::win_in(3).before_move(), Score::loss_in(4));
        assert_eq!(Score::loss_in(1).before_move(), Score::win_in(2));
        assert_eq!(Score::DRAW.before_move(), Score::DRAW);
    }

    #[test]
    fn values_round_trip() {
        let v = Score::win_in(5).value(10);
        assert_eq!(v, Value::win_in(5));
        assert_eq!(Score::DRAW.value(7), Value::draw_in(7));
        assert_eq!(Score::loss_in(3).value(9), Value::loss_in(3));
        assert!(Score::win_in(9).value(12) > Score::DRAW.value(12));
    }
}

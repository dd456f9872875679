//! The game-theoretic value of a position: win, draw or loss, and in how many plies.

use std::cmp::Ordering;
use std::fmt;

/// Win, draw or loss for the side to move; ordered loss < draw < win.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Outcome {
    Loss,
    Draw,
    Win,
}

impl Outcome {
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        }
    }

    pub fn letter(self) -> char {
        match self {
            Outcome::Win => 'W',
            Outcome::Draw => 'D',
            Outcome::Loss => 'L',
        }
    }
}

/// A value packed in one byte, ordered so that better for the side to move is larger:
/// a win in `p` plies is `BASE - p`, a loss in `p` plies is `-(BASE - p)`, a draw is 0.
/// Faster wins and slower losses compare higher. A draw always fills the board, so its
/// plies are the empty cells and need no storing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Score(i8);

const BASE: i8 = 64;

impl Score {
    pub const DRAW: Score = Score(0);

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

/// A value as people and scripts see it: the outcome for the side to move and the plies
/// to the end of the game under perfect play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value {
    pub outcome: Outcome,
    pub plies: u32,
}

impl Value {
    /// The packed, ordered form of this value.
    pub fn score(self) -> Score {
        match self.outcome {
            Outcome::Win => Score::win_in(self.plies),
            Outcome::Draw => Score::DRAW,
            Outcome::Loss => Score::loss_in(self.plies),
        }
    }

    /// Short form for grids: `W5`, `D`, `L3`.
    pub fn short(self) -> String {
        match self.outcome {
            Outcome::Draw => "D".to_string(),
            o => format!("{}{}", o.letter(), self.plies),
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Better for the side to move is greater. Two draws compare by their plies only so that
/// the order agrees with `==` (draws from one position always have the same plies).
impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        self.score()
            .cmp(&other.score())
            .then(self.plies.cmp(&other.plies))
    }
}

impl fmt::Display for Value {
    /// `win in 5`, `draw`, `loss in 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome {
            Outcome::Draw => write!(f, "draw"),
            o => write!(f, "{} in {}", o.word(), self.plies),
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
    fn order_agrees_with_equality() {
        let a = Score::DRAW.value(5);
        let b = Score::DRAW.value(7);
        assert_ne!(a, b);
        assert_ne!(a.cmp(&b), Ordering::Equal);
        assert!(Outcome::Loss < Outcome::Draw && Outcome::Draw < Outcome::Win);
        assert!(Score::win_in(9).value(12) > Score::DRAW.value(12));
    }

    #[test]
    fn values_round_trip_and_print() {
        let v = Score::win_in(5).value(10);
        assert_eq!(v.to_string(), "win in 5");
        assert_eq!(v.short(), "W5");
        assert_eq!(v.score(), Score::win_in(5));
        assert_eq!(Score::DRAW.value(7).plies, 7);
        assert_eq!(Score::loss_in(3).value(9).short(), "L3");
    }
}

//! The game-theoretic value of a position or a move: win, draw or loss, and in how many plies.

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

/// The outcome for the side to move and the plies to the end under perfect play; a draw's
/// plies are the game's to say (a drawn game need not fill the board).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value {
    pub outcome: Outcome,
    pub plies: u32,
}

impl Value {
    pub const fn win_in(plies: u32) -> Value {
        Value {
            outcome: Outcome::Win,
            plies,
        }
    }

    pub const fn loss_in(plies: u32) -> Value {
        Value {
            outcome: Outcome::Loss,
            plies,
        }
    }

    pub const fn draw_in(plies: u32) -> Value {
        Value {
            outcome: Outcome::Draw,
            plies,
        }
    }

    /// `W5`, `D`, `L3`.
    pub fn short(self) -> String {
        match self.outcome {
            Outcome::Draw => "D".to_string(),
            o => format!("{}{}", o.letter(), self.plies),
        }
    }

    /// How far the end is in the moves of the side that decides it, as chess counts "mate
    /// in 3": a win at the fifth ply is the mover's third move, a loss at the fourth the
    /// other side's second.
    pub fn moves(self) -> u32 {
        self.plies.div_ceil(2)
    }

    /// The value, for the side that moved into this position, of the move that led here:
    /// the opposite outcome, one ply further away.
    pub fn before_move(self) -> Value {
        let outcome = match self.outcome {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        };
        let plies = self.plies + 1;
        Value { outcome, plies }
    }

    /// A fast win before a slow one, a slow loss before a fast one.
    fn rank(self) -> (Outcome, i64) {
        match self.outcome {
            Outcome::Win => (Outcome::Win, -i64::from(self.plies)),
            Outcome::Draw => (Outcome::Draw, 0),
            Outcome::Loss => (Outcome::Loss, i64::from(self.plies)),
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Better for the side to move is greater. Two draws compare by their plies only so that
/// the order agrees with `==`.
impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank()
            .cmp(&other.rank())
            .then(self.plies.cmp(&other.plies))
    }
}

impl fmt::Display for Value {
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
        let mut values = [
            Value::loss_in(2),
            Value::win_in(5),
            Value::draw_in(3),
            Value::win_in(1),
            Value::loss_in(9),
            Value::win_in(300),
        ];
        values.sort();
        assert_eq!(
            values,
            [
                Value::loss_in(2),
                Value::loss_in(9),
                Value::draw_in(3),
                Value::win_in(300),
                Value::win_in(5),
                Value::win_in(1)
            ]
        );
    }

    #[test]
    fn order_agrees_with_equality() {
        let (a, b) = (Value::draw_in(5), Value::draw_in(7));
        assert_ne!(a, b);
        assert_ne!(a.cmp(&b), Ordering::Equal);
        assert!(Outcome::Loss < Outcome::Draw && Outcome::Draw < Outcome::Win);
    }

    #[test]
    fn before_move_flips_and_adds_a_ply() {
        assert_eq!(Value::win_in(3).before_move(), Value::loss_in(4));
        assert_eq!(Value::loss_in(1).before_move(), Value::win_in(2));
        assert_eq!(Value::draw_in(4).before_move(), Value::draw_in(5));
    }

    #[test]
    fn values_print() {
        assert_eq!(Value::win_in(5).to_string(), "win in 5");
        assert_eq!(Value::win_in(5).short(), "W5");
        assert_eq!(Value::loss_in(3).short(), "L3");
        assert_eq!(Value::draw_in(7).to_string(), "draw");
    }
}

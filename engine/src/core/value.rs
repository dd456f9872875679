//! What a position or a move is worth: its game-theoretic value (win, draw or loss, and in
//! how many plies), and as far as an engine has shown it (hints, analyses, its answers).

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

/// A win `n` plies away scores `WIN_SCORE - n`, a loss `n - WIN_SCORE`; guesses stay far
/// below.
pub const WIN_SCORE: i32 = 1_000_000;

/// What one move is worth to the side to move, as far as the engine has shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hint {
    Proven(Claim),
    /// The engine's guess, higher is better for the mover.
    Guess(i32),
    /// A bound on the guess (the search stopped at a bound).
    AtLeast(i32),
    /// A move that could not beat the best.
    AtMost(i32),
}

impl Hint {
    /// A move that could not beat a best move winning in `n` plies: `n`.
    pub fn no_win_faster_than(self) -> Option<u32> {
        match self {
            Hint::AtMost(s) if s > WIN_SCORE - 1_000 => u32::try_from(WIN_SCORE - s).ok(),
            _ => None,
        }
    }

    /// A lower bound at a loss's scale: the plies the loss comes no sooner than.
    pub fn no_loss_faster_than(self) -> Option<u32> {
        match self {
            Hint::AtLeast(s) if s < 1_000 - WIN_SCORE => u32::try_from(s + WIN_SCORE).ok(),
            _ => None,
        }
    }

    /// As `analyze` prints it in a cell: `W≤7`, `D`, `?12`, `≥12`, `≤-4`, `≤W11` (at best a
    /// win in 11), `≥L6` (at worst a loss in 6).
    pub fn short(self) -> String {
        match self {
            Hint::Proven(claim) => claim.short(),
            Hint::Guess(s) => format!("?{s}"),
            Hint::AtLeast(s) => self
                .no_loss_faster_than()
                .map_or_else(|| format!("≥{s}"), |n| format!("≥L{n}")),
            Hint::AtMost(s) => self
                .no_win_faster_than()
                .map_or_else(|| format!("≤{s}"), |n| format!("≤W{n}")),
        }
    }
}

impl fmt::Display for Hint {
    /// In words, for a sentence: `win within 7`, `draw`, `a guess of +4`, `at least +12`,
    /// `at best a win in 11`, `at worst a loss in 6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Hint::Proven(claim) => write!(f, "{claim}"),
            Hint::Guess(s) => write!(f, "a guess of {s:+}"),
            Hint::AtLeast(_) if let Some(n) = self.no_loss_faster_than() => {
                write!(f, "at worst a loss in {n}")
            }
            Hint::AtLeast(s) => write!(f, "at least {s:+}"),
            Hint::AtMost(_) if let Some(n) = self.no_win_faster_than() => {
                write!(f, "at best a win in {n}")
            }
            Hint::AtMost(s) => write!(f, "at most {s:+}"),
        }
    }
}

/// What is proven about a move or position for the side concerned: never more than the
/// code has shown. A win or loss within plies may come sooner.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Claim {
    Exact(Value),
    WinWithin(u32),
    LossWithin(u32),
}

impl Claim {
    /// `W5`, `D`, `L3`, `W≤7`, `L≤4`.
    pub fn short(self) -> String {
        match self {
            Claim::Exact(value) => value.short(),
            Claim::WinWithin(plies) => format!("W≤{plies}"),
            Claim::LossWithin(plies) => format!("L≤{plies}"),
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Exact(value) => write!(f, "{value}"),
            Claim::WinWithin(plies) => write!(f, "win within {plies}"),
            Claim::LossWithin(plies) => write!(f, "loss within {plies}"),
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

    #[test]
    fn hints_in_words() {
        let words = |hint: Hint| hint.to_string();
        assert_eq!(words(Hint::Proven(Claim::WinWithin(7))), "win within 7");
        assert_eq!(
            words(Hint::Proven(Claim::Exact(Value::win_in(5)))),
            "win in 5"
        );
        assert_eq!(words(Hint::Guess(4)), "a guess of +4");
        assert_eq!(words(Hint::Guess(-12_451)), "a guess of -12451");
        assert_eq!(words(Hint::AtLeast(12)), "at least +12");
        assert_eq!(words(Hint::AtMost(WIN_SCORE - 11)), "at best a win in 11");
        assert_eq!(words(Hint::AtLeast(6 - WIN_SCORE)), "at worst a loss in 6");
    }

    #[test]
    fn hints_read_as_the_legends_say() {
        assert_eq!(Hint::Proven(Claim::Exact(Value::win_in(5))).short(), "W5");
        assert_eq!(Hint::Proven(Claim::WinWithin(7)).short(), "W≤7");
        assert_eq!(Hint::Guess(-3).short(), "?-3");
        assert_eq!(Hint::AtMost(-3).short(), "≤-3");
        assert_eq!(Hint::AtLeast(12).short(), "≥12");
        assert_eq!(Hint::AtMost(WIN_SCORE - 11).short(), "≤W11");
        assert_eq!(Hint::AtLeast(6 - WIN_SCORE).short(), "≥L6");
        assert_eq!(Hint::AtLeast(WIN_SCORE - 11).short(), "≥999989");
    }

    #[test]
    fn only_a_bound_at_a_win_s_scale_counts_plies() {
        assert_eq!(Hint::AtMost(WIN_SCORE - 11).no_win_faster_than(), Some(11));
        // A guess, a bound below the win scale, a proven loss bound and a lower bound: no.
        assert_eq!(Hint::Guess(WIN_SCORE - 11).no_win_faster_than(), None);
        assert_eq!(Hint::AtMost(568_000).no_win_faster_than(), None);
        assert_eq!(Hint::AtMost(11 - WIN_SCORE).no_win_faster_than(), None);
        assert_eq!(Hint::AtLeast(WIN_SCORE - 11).no_win_faster_than(), None);
    }
}

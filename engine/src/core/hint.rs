//! What a move is worth as far as an engine has shown it: hints, analyses, the engine's
//! answers.

use std::fmt;

use super::value::Value;

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

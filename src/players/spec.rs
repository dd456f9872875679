//! A player named on the command line (`perfect`, `easy`, `lookahead-2`, `random`, ...),
//! parsed once and built afresh for each game with that game's seed.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::baselines::MAX_LOOKAHEAD;
use super::{Difficulty, Greedy, Heuristic, Lookahead, Player, RandomPlayer};
use crate::solver::Solver;

/// Which player to build.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayerSpec {
    /// `perfect`, `easy`, `medium`, `hard`.
    Level(Difficulty),
    Random,
    Greedy,
    /// `lookahead-N`, N from 1 to `MAX_LOOKAHEAD`.
    Lookahead(u32),
    Heuristic,
}

/// Why a player name was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SpecError {
    Unknown(String),
    BadDepth(String),
    BookUnavailable(String),
}

/// The names `--help` and error messages list.
pub const VALID_NAMES: &str = "perfect, hard, medium, easy, heuristic, greedy, random, lookahead-N";

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Unknown(name) => {
                write!(
                    f,
                    "unknown player '{name}': valid players are {VALID_NAMES} (N = 1 to {MAX_LOOKAHEAD})"
                )
            }
            SpecError::BadDepth(name) => write!(
                f,
                "bad player '{name}': lookahead depth must be a number from 1 to {MAX_LOOKAHEAD}"
            ),
            SpecError::BookUnavailable(name) => write!(
                f,
                "cannot use player '{name}': book players are not available yet"
            ),
        }
    }
}

impl std::error::Error for SpecError {}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let name = text.trim();
        let lower = name.to_ascii_lowercase();
        // The one place where book players (`book:FILE`) will be recognised; the book is to
        // be loaded here, once, and shared by every game (a variant holding an `Arc`).
        if lower.starts_with("book:") {
            return Err(SpecError::BookUnavailable(name.into()));
        }
        if let Some(depth) = lower.strip_prefix("lookahead-") {
            return match depth.parse::<u32>() {
                Ok(d) if (1..=MAX_LOOKAHEAD).contains(&d) => Ok(PlayerSpec::Lookahead(d)),
                _ => Err(SpecError::BadDepth(name.into())),
            };
        }
        match lower.as_str() {
            "random" => Ok(PlayerSpec::Random),
            "greedy" => Ok(PlayerSpec::Greedy),
            "heuristic" => Ok(PlayerSpec::Heuristic),
            _ => lower
                .parse::<Difficulty>()
                .map(PlayerSpec::Level)
                .map_err(|_| SpecError::Unknown(name.into())),
        }
    }
}

impl fmt::Display for PlayerSpec {
    /// The canonical name, which parses back to the same spec.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Level(d) => f.write_str(d.name()),
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::Lookahead(n) => write!(f, "lookahead-{n}"),
            PlayerSpec::Heuristic => f.write_str("heuristic"),
        }
    }
}

impl PlayerSpec {
    /// A fresh player for one game; randomised players draw from `seed`.
    pub fn build(&self, solver: &Arc<Solver>, seed: u64) -> Box<dyn Player> {
        match self {
            PlayerSpec::Level(d) => d.player(Arc::clone(solver), seed),
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Greedy => Box::new(Greedy::new(seed)),
            PlayerSpec::Lookahead(n) => Box::new(Lookahead::new(*n, seed)),
            PlayerSpec::Heuristic => Box::new(Heuristic::new(seed)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in [
            "perfect",
            "hard",
            "medium",
            "easy",
            "random",
            "greedy",
            "heuristic",
            "lookahead-1",
            "lookahead-6",
        ] {
            let spec: PlayerSpec = name.parse().expect(name);
            assert_eq!(spec.to_string(), name);
        }
        assert_eq!(" Greedy ".parse(), Ok(PlayerSpec::Greedy));
    }

    #[test]
    fn bad_names_say_what_is_valid() {
        let err = "grandmaster".parse::<PlayerSpec>().unwrap_err();
        assert!(err.to_string().contains("valid players are"), "{err}");
        for bad in ["lookahead-0", "lookahead-7", "lookahead-x", "lookahead-"] {
            assert_eq!(
                bad.parse::<PlayerSpec>(),
                Err(SpecError::BadDepth(bad.into()))
            );
        }
    }

    #[test]
    fn book_players_are_recognised_but_not_ready() {
        let err = "book:assets/first.txt".parse::<PlayerSpec>().unwrap_err();
        assert!(err.to_string().contains("not available yet"), "{err}");
    }
}

//! The bot's strength, named the same in every game; each game decides how its levels play.

use super::words::{by_name, quote};
use std::fmt;
use std::str::FromStr;

/// The top level is `perfect` where the game is solved and `max` where the bot searches;
/// both names are accepted everywhere.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Any legal move, uniformly at random: the contest simulator's random player.
    Random,
    Easy,
    Medium,
    Hard,
    #[default]
    Perfect,
}

impl Difficulty {
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Random,
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Perfect,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Random => "random",
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Perfect => "perfect",
        }
    }

    /// The next level up, wrapping from the top to random (the game's `d` key).
    pub fn next(self) -> Difficulty {
        let i = Difficulty::ALL.iter().position(|&d| d == self).unwrap_or(0);
        Difficulty::ALL[(i + 1) % Difficulty::ALL.len()]
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "unknown difficulty {}: use random, easy, medium, hard or perfect (also called max)",
    quote(.0)
)]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;

    fn from_str(s: &str) -> Result<Difficulty, UnknownDifficulty> {
        let name = s.trim();
        if name.eq_ignore_ascii_case("max") {
            return Ok(Difficulty::Perfect);
        }
        by_name(&Difficulty::ALL, Difficulty::name, name)
            .ok_or_else(|| UnknownDifficulty(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_max_is_the_top() {
        for d in Difficulty::ALL {
            assert_eq!(d.name().parse(), Ok(d));
        }
        assert_eq!("MAX".parse(), Ok(Difficulty::Perfect));
        assert!("grandmaster".parse::<Difficulty>().is_err());
        assert_eq!(Difficulty::Perfect.next(), Difficulty::Random);
    }
}

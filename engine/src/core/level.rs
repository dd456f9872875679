//! The bot's strength, named the same in every game; each game decides how its levels play.

use super::words::named_values;

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

named_values!(
    Difficulty,
    "difficulty",
    [
        (Random, "random"),
        (Easy, "easy"),
        (Medium, "medium"),
        (Hard, "hard"),
        (Perfect, "perfect"),
    ],
    alias("max", Perfect)
);

impl Difficulty {
    /// The next level up, wrapping from the top to random (the game's `d` key).
    pub fn next(self) -> Difficulty {
        let i = Difficulty::ALL.iter().position(|&d| d == self).unwrap_or(0);
        Difficulty::ALL[(i + 1) % Difficulty::ALL.len()]
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
        let err = "maxx".parse::<Difficulty>().unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown difficulty \"maxx\": use \"random\", \"easy\", \"medium\", \"hard\" or \
             \"perfect\" (also called \"max\")"
        );
        assert_eq!(Difficulty::Perfect.next(), Difficulty::Random);
    }
}

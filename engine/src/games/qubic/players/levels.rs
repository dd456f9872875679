//! The levels below `perfect`, the same for X and O: `easy` looks one move ahead and slips
//! often, `medium` looks a little further and finds its own forced wins, `hard` has the
//! whole threat handling and a short clock. Calibrated by games against `random` and
//! `greedy` (see the README's strength table).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::strong::{Strong, StrongStyle};
use crate::core::words::by_name;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// How the level plays, given the clock the player was built with.
    pub fn style(self, movetime: Duration) -> StrongStyle {
        match self {
            Level::Easy => StrongStyle {
                movetime: movetime.min(Duration::from_millis(50)),
                max_depth: 1,
                attack: false,
                defend: false,
                blunder: 0.25,
                threat_budget: 0,
            },
            Level::Medium => StrongStyle {
                movetime: movetime.min(Duration::from_millis(100)),
                max_depth: 2,
                attack: true,
                defend: false,
                blunder: 0.05,
                threat_budget: 2_000,
            },
            Level::Hard => StrongStyle {
                movetime: movetime.min(Duration::from_millis(300)),
                threat_budget: 50_000,
                ..StrongStyle::strongest(movetime)
            },
        }
    }

    pub fn player(self, movetime: Duration, seed: u64) -> Strong {
        Strong::new(self.name(), self.style(movetime), seed)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        by_name(&Level::ALL, Level::name, text).ok_or_else(|| UnknownLevel(text.to_string()))
    }
}

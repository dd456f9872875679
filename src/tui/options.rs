//! Every presentational choice of the terminal game in one place, with defaults.
//!
//! The config file (a separate piece of work) fills this struct; the game only reads it.

use std::time::Duration;

use ratatui::style::Color;

use super::keys::KeyBindings;
use crate::game::Side;
use crate::players::Difficulty;

/// Who plays whom.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Mode {
    /// A person against the bot.
    #[default]
    VsBot,
    /// Two people taking turns at one keyboard.
    TwoHumans,
    /// The bot against itself, for watching.
    Demo,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::VsBot, Mode::TwoHumans, Mode::Demo];

    pub fn label(self) -> &'static str {
        match self {
            Mode::VsBot => "You vs bot",
            Mode::TwoHumans => "Two players",
            Mode::Demo => "Bot vs bot",
        }
    }
}

/// Who moves first in a game against the bot.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Starter {
    /// The person moves first.
    #[default]
    You,
    /// The bot moves first.
    Bot,
    /// The bot picks the side the solved value favours.
    BotChooses,
}

impl Starter {
    pub const ALL: [Starter; 3] = [Starter::You, Starter::Bot, Starter::BotChooses];

    pub fn label(self) -> &'static str {
        match self {
            Starter::You => "You first",
            Starter::Bot => "Bot first",
            Starter::BotChooses => "Bot chooses",
        }
    }
}

/// The colours of the screen; unused when colour is off.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Colors {
    /// Symbols, tallies and scored lines of each side: `[first, second]`.
    pub sides: [Color; 2],
    /// The move cursor's background.
    pub cursor: Color,
    /// Hint text for a cell that wins, draws or loses.
    pub hint_win: Color,
    pub hint_draw: Color,
    pub hint_loss: Color,
    /// Titles, the best-move mark and other accents.
    pub highlight: Color,
}

impl Default for Colors {
    fn default() -> Colors {
        // Blue and yellow stay apart for the common kinds of colour blindness.
        Colors {
            sides: [Color::LightCyan, Color::Yellow],
            cursor: Color::DarkGray,
            hint_win: Color::Green,
            hint_draw: Color::Gray,
            hint_loss: Color::Red,
            highlight: Color::LightMagenta,
        }
    }
}

/// Names shown in tallies, banners and the move list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Names {
    pub you: String,
    pub bot: String,
    /// The two people of a two-player game, first side then second.
    pub players: [String; 2],
}

impl Default for Names {
    fn default() -> Names {
        Names {
            you: "You".into(),
            bot: "Bot".into(),
            players: ["Player 1".into(), "Player 2".into()],
        }
    }
}

/// Everything the game lets a person choose about how it looks and starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Options {
    /// The symbol of each side, `[first, second]`; any visible text, double-width included.
    pub symbols: [String; 2],
    pub names: Names,
    pub colors: Colors,
    /// `false` draws without colour (styles such as bold and reverse remain).
    pub color: bool,
    pub mode: Mode,
    pub starter: Starter,
    pub difficulty: Difficulty,
    /// Hints on at the start of a game; `None` picks by mode (on for two players only).
    pub hints: Option<bool>,
    /// How long a bot move waits before it is shown, so a person sees what happened.
    pub bot_delay: Duration,
    pub keys: KeyBindings,
    /// Seed for the randomised bot levels.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            symbols: [Side::First.letter().into(), Side::Second.letter().into()],
            names: Names::default(),
            colors: Colors::default(),
            color: true,
            mode: Mode::default(),
            starter: Starter::default(),
            difficulty: Difficulty::default(),
            hints: None,
            bot_delay: Duration::from_millis(400),
            keys: KeyBindings::default(),
            seed: 0,
        }
    }
}

impl Options {
    /// The defaults, with colour off when the `NO_COLOR` convention asks for it
    /// (set and not empty, see no-color.org).
    pub fn from_env() -> Options {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Options {
            color: !no_color,
            ..Options::default()
        }
    }

    pub fn symbol(&self, side: Side) -> &str {
        &self.symbols[side_index(side)]
    }

    pub fn side_color(&self, side: Side) -> Color {
        self.colors.sides[side_index(side)]
    }

    /// Whether hints start on in a game of this mode.
    pub fn hints_for(&self, mode: Mode) -> bool {
        self.hints.unwrap_or(mode == Mode::TwoHumans)
    }
}

/// 0 for the first side, 1 for the second: the index into per-side arrays.
pub fn side_index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_default_on_only_for_two_players() {
        let options = Options::default();
        assert!(options.hints_for(Mode::TwoHumans));
        assert!(!options.hints_for(Mode::VsBot));
        assert!(!options.hints_for(Mode::Demo));
        let forced = Options {
            hints: Some(true),
            ..Options::default()
        };
        assert!(forced.hints_for(Mode::VsBot));
    }

    #[test]
    fn symbols_follow_the_sides() {
        let options = Options::default();
        assert_eq!(options.symbol(Side::First), "X");
        assert_eq!(options.symbol(Side::Second), "O");
    }
}

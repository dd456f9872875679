//! The player's settings: the built-in defaults, then the config file, the environment and
//! the command line, each a [`Layer`] over the one before, every mistake reported with where
//! it is and how to fix it. Nothing outside this module sees TOML: the game gets [`Settings`].

// A `ConfigError` carries the whole diagnosis (file, position, key, problem, fix) and is
// made at most once per run, on the way to exiting; boxing it would only make matching on
// its fields clumsier.
#![allow(clippy::result_large_err)]

mod env;
pub mod error;
mod file;
mod layer;
mod values;

use std::io::ErrorKind::{NotADirectory, NotFound};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub use ratatui::style::Color;
use serde::Deserialize;

use crate::core::bounded::{self, Kind};
pub use crate::core::session::{First, Mode};
pub use crate::core::words::quoted_choices;
use crate::core::{Difficulty, Side};
use crate::games::GameChoice;
use crate::keys::KeyBindings;
use crate::symbols::Symbols;

pub use env::{Env, without_env};
pub use error::{ConfigError, ErrorKind, Origin};
pub use file::parse;
pub use layer::{
    BadValue, GameChoiceArgs, GameSettings, Layer, SymbolsTable, parse_delay, parse_in_a_row,
    parse_movetime, parse_size,
};

/// The commented default config file: what `config init` writes, and the documentation of
/// every key. A test checks that it parses to exactly [`Settings::default`].
pub const DEFAULT_FILE: &str = include_str!("../../config.toml.example");

pub const CONFIG_VAR: &str = "TICTACLATIN_CONFIG";

pub const MAX_BOT_DELAY_MS: u64 = 10_000;
pub const MIN_MOVETIME_MS: u64 = 10;
pub const MAX_MOVETIME_MS: u64 = 60_000;
/// The longest name, in terminal columns, so the tallies fit beside the grid.
pub const MAX_NAME_WIDTH: usize = 16;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Hints {
    /// Off, as the start screen offers them: chosen there for a game (hints give the game
    /// away, so nobody gets them unasked).
    #[default]
    Auto,
    On,
    Off,
}

impl Hints {
    pub fn on(self) -> bool {
        self == Hints::On
    }
}

/// The names shown beside the symbols: two people's, or against the bot yours and the bot's.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Names {
    #[serde(deserialize_with = "values::name")]
    pub first: String,
    #[serde(deserialize_with = "values::name")]
    pub second: String,
    #[serde(deserialize_with = "values::name")]
    pub you: String,
    #[serde(deserialize_with = "values::name")]
    pub bot: String,
}

impl Default for Names {
    fn default() -> Names {
        let [first, second, you, bot] = ["Player 1", "Player 2", "You", "Bot"].map(String::from);
        Names {
            first,
            second,
            you,
            bot,
        }
    }
}

impl Names {
    /// `human` is the side the person plays against the bot; `swapped` says two people have
    /// swapped sides. The demo's bots are told apart by number.
    pub fn for_side(&self, mode: Mode, side: Side, human: Option<Side>, swapped: bool) -> String {
        match mode {
            Mode::VsBot if human == Some(side) => self.you.clone(),
            Mode::VsBot => self.bot.clone(),
            Mode::Demo => format!("{} {}", self.bot, usize::from(side == Side::Second) + 1),
            Mode::TwoHumans if (side == Side::Second) != swapped => self.second.clone(),
            Mode::TwoHumans => self.first.clone(),
        }
    }
}

/// The colours of the screen (used only when colour is on).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Colors {
    #[serde(deserialize_with = "values::color")]
    pub first: Color,
    #[serde(deserialize_with = "values::color")]
    pub second: Color,
    /// The cursor's frame, the best-move mark, titles and keys in the footer.
    #[serde(deserialize_with = "values::color")]
    pub highlight: Color,
    #[serde(deserialize_with = "values::color")]
    pub hint_win: Color,
    #[serde(deserialize_with = "values::color")]
    pub hint_draw: Color,
    #[serde(deserialize_with = "values::color")]
    pub hint_loss: Color,
}

impl Default for Colors {
    fn default() -> Colors {
        Colors {
            first: Color::LightRed,
            second: Color::LightBlue,
            highlight: Color::Yellow,
            hint_win: Color::Green,
            hint_draw: Color::Gray,
            hint_loss: Color::Red,
        }
    }
}

impl Colors {
    /// The colour of a side's symbol and of the lines it scores.
    pub fn side(&self, side: Side) -> Color {
        [self.first, self.second][side.index()]
    }
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown colour \"{}\"", crate::core::words::excerpt(.0))]
pub struct UnknownColor(pub String);

/// The colours' names, as ratatui reads them.
const COLOR_NAMES: &str = "black red green yellow blue magenta cyan gray darkgray lightred \
                           lightgreen lightyellow lightblue lightmagenta lightcyan white reset";

impl UnknownColor {
    pub fn fix(&self) -> String {
        let hint = error::did_you_mean(&self.0, COLOR_NAMES.split_whitespace())
            .map(|name| format!("did you mean \"{name}\"? "))
            .unwrap_or_default();
        format!(
            "{hint}use a colour name ({}), a hex colour like \"#ff8800\", or a terminal colour \
             number 0-255",
            COLOR_NAMES.replace(' ', ", ")
        )
    }
}

/// A colour as the config file writes it: a name in any case, with or without separators
/// (`lightred`, `Light-Red`, `dark gray`, `grey`, `bright red`), `#rrggbb`, or a terminal
/// colour number 0-255.
pub fn parse_color(text: &str) -> Result<Color, UnknownColor> {
    text.trim().parse().map_err(|_| UnknownColor(text.into()))
}

/// A colour as the config file writes it: `lightred`, `#ff8800` or `12`.
pub fn color_name(color: Color) -> String {
    color.to_string().to_lowercase()
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Settings {
    /// The game the start screen offers first.
    pub game: GameChoice,
    pub symbols: Symbols,
    pub names: Names,
    pub colors: Colors,
    pub mode: Mode,
    pub first: First,
    pub difficulty: Difficulty,
    pub hints: Hints,
    /// How long the bot's move waits before it is shown, so a person sees what happened.
    pub bot_delay: Duration,
    /// How long a searching bot may think per move (games that are not solved by a table).
    pub movetime: Duration,
    /// The contest clock for people (`--clock`): over it a move loses the game.
    pub move_limit: Option<Duration>,
    pub keys: KeyBindings,
    /// False for `color = false`, `NO_COLOR` or `--no-color`.
    pub color: bool,
    pub keep_records: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            game: GameChoice::default(),
            symbols: Symbols::default(),
            names: Names::default(),
            colors: Colors::default(),
            mode: Mode::default(),
            first: First::default(),
            difficulty: Difficulty::default(),
            hints: Hints::default(),
            bot_delay: Duration::from_millis(500),
            movetime: Duration::from_secs(1),
            move_limit: None,
            keys: KeyBindings::default(),
            color: true,
            keep_records: true,
        }
    }
}

impl Settings {
    pub fn symbol(&self, side: Side) -> &str {
        self.symbols.get(side).as_str()
    }

    /// `text` from the engine, which writes the sides X and O (x and o in drawings), with
    /// the player's symbols: a word that is only the letter, so `4x4` and `Oren` stay.
    pub fn in_symbols(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            out.push_str(match word.as_str() {
                "X" | "x" => self.symbol(Side::First),
                "O" | "o" => self.symbol(Side::Second),
                other => other,
            });
            word.clear();
        };
        for c in text.chars() {
            if c.is_alphanumeric() {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        out
    }
}

/// `~/.config/tictaclatin/config.toml` on Linux; `None` without a home directory.
pub fn default_path() -> Option<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "tictaclatin")?;
    Some(dirs.config_dir().join("config.toml"))
}

/// Which config file is read, and whether it was named explicitly (then it must exist).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Location {
    pub path: PathBuf,
    pub explicit: bool,
}

/// The config file to read: `--config`, else `TICTACLATIN_CONFIG`, else `default`.
pub fn locate(flag: Option<&Path>, env: &Env, default: Option<PathBuf>) -> Option<Location> {
    let named = flag
        .map(Path::to_path_buf)
        .or(env.get(CONFIG_VAR).map(PathBuf::from));
    let explicit = named.is_some();
    Some(Location {
        path: named.or(default)?,
        explicit,
    })
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LoadedConfig {
    pub settings: Settings,
    pub location: Option<Location>,
    pub file_read: bool,
}

/// defaults < the config file < `env` < each of `flags` (the last winning). `default` is the
/// config file when nothing names one.
pub fn load(
    flags: &[Layer],
    env: &Env,
    default: Option<PathBuf>,
) -> Result<LoadedConfig, ConfigError> {
    let flag = flags.iter().rev().find_map(|layer| layer.config.as_deref());
    let location = locate(flag, env, default);
    let file = location.as_ref().map(|l| read_file(&l.path, l.explicit));
    let file = file.transpose()?.flatten();
    let file_read = file.is_some();
    let mut settings = file.unwrap_or_default();
    env.apply(&mut settings)?;
    // A game named on the command line (its layers together, as one command line) other
    // than the one below starts from its own size and line length.
    let kind = flags.iter().rev().find_map(|layer| layer.game.kind);
    if let Some(kind) = kind.filter(|&kind| kind != settings.game.kind) {
        settings.game = GameChoice::of(kind);
    }
    flags.iter().for_each(|layer| settings.apply(layer));
    Ok(LoadedConfig {
        settings,
        location,
        file_read,
    })
}

/// A config file: the example with every setting and its comments takes 5 KB.
const KIND: Kind = Kind {
    name: "a config file",
    largest: "one with every setting and its comments takes 5 KB",
    file_cap: 256 * 1024,
    line_cap: 64 * 1024,
};

/// A missing file is `Ok(None)` unless it was named explicitly.
pub fn read_file(path: &Path, explicit: bool) -> Result<Option<Settings>, ConfigError> {
    let origin = Origin::File(path.to_path_buf());
    let read = bounded::read_file(path, &KIND).map(String::from_utf8);
    let (kind, problem, fix, position) = match read {
        Ok(Ok(text)) => return parse(&text, origin).map(Some),
        Ok(Err(e)) => {
            let lossy = String::from_utf8_lossy(e.as_bytes());
            let position = error::line_col(&lossy, e.utf8_error().valid_up_to());
            let fix = "save it as UTF-8 (TOML files are always UTF-8)";
            let problem = "the file is not UTF-8 text".to_string();
            (ErrorKind::Unreadable, problem, fix, Some(position))
        }
        // A file where the default file's folder would be (`~/.config/tictaclatin` a file)
        // means there is no config file there, as when the folder is missing.
        Err(e) if !explicit && matches!(e.kind(), NotFound | NotADirectory) => return Ok(None),
        Err(e) if e.kind() == NotADirectory => {
            let fix = "check the path given by --config or TICTACLATIN_CONFIG";
            let problem = "a folder on its path is a file".to_string();
            (ErrorKind::Missing, problem, fix, None)
        }
        Err(e) if e.kind() == NotFound => {
            let fix = "check the path given by --config or TICTACLATIN_CONFIG, or create the file \
                       with `tictaclatin config init`";
            let problem = "the config file does not exist".to_string();
            (ErrorKind::Missing, problem, fix, None)
        }
        Err(e) => {
            let fix = match bounded::refusal(&e) {
                Some(_) => "point --config or TICTACLATIN_CONFIG at a config file",
                None => {
                    "make it a readable file (check its permissions), or point --config elsewhere"
                }
            };
            let problem = format!("cannot read the config file: {e}");
            (ErrorKind::Unreadable, problem, fix, None)
        }
    };
    let error = ConfigError::new(origin, kind, problem, fix.into());
    Err(ConfigError { position, ..error })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    #[test]
    fn hints_start_off_unless_asked_for() {
        assert!(!Hints::Auto.on());
        assert!(Hints::On.on());
        assert!(!Hints::Off.on());
    }

    #[test]
    fn names_follow_the_mode_and_the_side_you_play() {
        let names = Names::default();
        let of = |mode, side, human| names.for_side(mode, side, human, false);
        assert_eq!(of(Mode::VsBot, Side::Second, Some(Side::Second)), "You");
        assert_eq!(of(Mode::VsBot, Side::First, Some(Side::Second)), "Bot");
        assert_eq!(of(Mode::TwoHumans, Side::Second, None), "Player 2");
        assert_eq!(of(Mode::Demo, Side::First, None), "Bot 1");
        assert_eq!(of(Mode::Demo, Side::Second, None), "Bot 2");
        let swapped = names.for_side(Mode::TwoHumans, Side::First, None, true);
        assert_eq!(
            swapped, "Player 2",
            "after a swap the second player plays X"
        );
        assert_eq!(Colors::default().side(Side::Second), Color::LightBlue);
    }

    /// A layer of flags that sets only these of the `[game]` table's settings.
    fn flags(game: GameSettings) -> Layer {
        Layer {
            game,
            ..Layer::default()
        }
    }

    /// A layer of flags that sets only the bot delay.
    fn bot_delay(delay: Duration) -> Layer {
        flags(GameSettings {
            bot_delay: Some(delay),
            ..GameSettings::default()
        })
    }

    #[test]
    fn the_bot_delay_comes_from_the_environment_then_the_flag() {
        let env = Env::from_vars([("TICTACLATIN_BOT_DELAY_MS", "0")]);
        let loaded = load(&[], &env, None).unwrap();
        assert_eq!(loaded.settings.bot_delay, Duration::ZERO);
        let loaded = load(&[bot_delay(Duration::from_millis(70))], &env, None).unwrap();
        assert_eq!(loaded.settings.bot_delay, Duration::from_millis(70));
        let bad = Env::from_vars([("TICTACLATIN_BOT_DELAY_MS", "soon")]);
        let err = load(&[], &bad, None).unwrap_err();
        assert!(
            err.to_string().contains("TICTACLATIN_BOT_DELAY_MS"),
            "{err}"
        );
    }

    #[test]
    fn the_bot_delay_is_at_most_ten_seconds_whatever_sets_it() {
        assert_eq!(parse_delay("10000"), Ok(Duration::from_millis(10_000)));
        for bad in ["10001", "18446744073709551615", "-1", "1.5", ""] {
            let err = parse_delay(bad).unwrap_err().to_string();
            assert!(err.contains("from 0 to 10000"), "{err}");
        }
        let loaded = load(&[bot_delay(Duration::MAX)], &Env::default(), None).unwrap();
        assert_eq!(loaded.settings.bot_delay, Duration::from_millis(10_000));
    }

    /// A layer of flags naming a game, and a size if given.
    fn game(kind: GameKind, size: Option<u8>) -> Layer {
        flags(GameSettings {
            kind: Some(kind),
            size,
            ..GameSettings::default()
        })
    }

    #[test]
    fn the_command_lines_layers_choose_the_game_as_one_command_line() {
        // `--game classic --size 6 play --game qubic`: the size stays, to be refused with
        // the game rather than dropped.
        let flags = [
            game(GameKind::Classic, Some(6)),
            game(GameKind::Qubic, None),
        ];
        let settings = load(&flags, &Env::default(), None).unwrap().settings;
        assert_eq!(
            (settings.game.kind, settings.game.size),
            (GameKind::Qubic, Some(6))
        );
        // Another game than the environment's starts from its own size.
        let env = Env::from_vars([("TICTACLATIN_GAME", "classic"), ("TICTACLATIN_SIZE", "5")]);
        let settings = load(&[game(GameKind::Latin, None)], &env, None)
            .unwrap()
            .settings;
        assert_eq!(settings.game, GameChoice::of(GameKind::Latin));
    }

    #[test]
    fn the_environment_names_a_game_with_the_size_below_it() {
        let game = GameChoice {
            size: Some(5),
            ..GameChoice::of(GameKind::Classic)
        };
        let mut settings = Settings {
            game,
            ..Settings::default()
        };
        let env = Env::from_vars([("TICTACLATIN_GAME", "latin")]);
        let err = env.apply(&mut settings).unwrap_err();
        assert_eq!(err.origin, Origin::Env("TICTACLATIN_GAME".into()));
        assert!(err.fix.contains("name a game together"), "{err}");
    }

    /// The variable of the part that is wrong is named, with a fix for it, whichever
    /// variable comes first.
    #[test]
    fn the_environment_names_the_variable_that_is_wrong() {
        let env = Env::from_vars([
            ("TICTACLATIN_GAME", "classic"),
            ("TICTACLATIN_IN_A_ROW", "5"),
            ("TICTACLATIN_SIZE", "4"),
        ]);
        let err = env.apply(&mut Settings::default()).unwrap_err();
        assert_eq!(err.origin, Origin::Env("TICTACLATIN_IN_A_ROW".into()));
        assert_eq!(err.fix, "set it to a line length from 3 to 4, or unset it");
        let env = Env::from_vars([("TICTACLATIN_GAME", "classic"), ("TICTACLATIN_SIZE", "9")]);
        let err = env.apply(&mut Settings::default()).unwrap_err();
        assert_eq!(err.origin, Origin::Env("TICTACLATIN_SIZE".into()));
        assert_eq!(err.fix, "set it to a size from 3 to 7");
        let env = Env::from_vars([("TICTACLATIN_SIZE", "5")]);
        let err = env.apply(&mut Settings::default()).unwrap_err();
        assert_eq!(err.origin, Origin::Env("TICTACLATIN_SIZE".into()));
        assert_eq!(
            err.fix,
            "unset it, or set TICTACLATIN_GAME to a game that takes one: classic"
        );
    }

    #[test]
    fn colours_print_as_the_file_writes_them() {
        for text in ["lightred", "darkgray", "reset", "#ff8800", "12"] {
            let color = parse_color(text).unwrap();
            assert_eq!(color_name(color), text);
        }
        assert_eq!(color_name(Color::Rgb(0xAB, 0, 0xFF)), "#ab00ff");
    }

    #[test]
    fn colours_read_leniently() {
        for (text, color) in [
            ("lightred", Color::LightRed),
            ("Light-Green", Color::LightGreen),
            ("dark gray", Color::DarkGray),
            ("grey", Color::Gray),
            ("Bright Red", Color::LightRed),
            ("light-grey", Color::White),
            ("#FF8800", Color::Rgb(0xff, 0x88, 0x00)),
            ("12", Color::Indexed(12)),
            (" 12 ", Color::Indexed(12)),
        ] {
            assert_eq!(parse_color(text), Ok(color), "{text}");
        }
        for bad in ["yelow", "#ff88", "#gg0000", "256", ""] {
            assert!(parse_color(bad).is_err(), "{bad}");
        }
        let typo = parse_color("yelow").unwrap_err();
        assert_eq!(typo.to_string(), "unknown colour \"yelow\"");
        assert!(
            typo.fix().starts_with("did you mean \"yellow\"? "),
            "{}",
            typo.fix()
        );
    }

    #[test]
    fn empty_env_values_count_as_unset() {
        let env = Env::from_vars([("NO_COLOR", ""), ("TICTACLATIN_MODE", "demo")]);
        assert_eq!(env.get("NO_COLOR"), None);
        assert_eq!(env.get("TICTACLATIN_MODE"), Some("demo"));
        let mut settings = Settings::default();
        env.apply(&mut settings).unwrap();
        assert!(settings.color);
        assert_eq!(settings.mode, Mode::Demo);
    }

    #[test]
    fn the_flag_names_the_file_before_the_environment() {
        let env = Env::from_vars([(CONFIG_VAR, "/env.toml")]);
        let default = Some(PathBuf::from("/default.toml"));
        let flag = Path::new("/flag.toml");
        assert_eq!(
            locate(Some(flag), &env, default.clone()).unwrap().path,
            flag
        );
        let from_env = locate(None, &env, default.clone()).unwrap();
        assert_eq!(
            (from_env.path.as_path(), from_env.explicit),
            (Path::new("/env.toml"), true)
        );
        let fallback = locate(None, &Env::default(), default).unwrap();
        assert!(!fallback.explicit);
    }
}

//! The player's settings: built-in defaults, layered with the config file, the environment
//! and command-line flags (in that order, each overriding the one before), and checked so
//! that every mistake is reported with where it is and how to fix it.
//!
//! Nothing outside this module sees TOML: the game gets a typed [`Settings`].
//!
//! Reading a file is two steps. serde reads its shape (`raw.rs`: a derived struct per
//! table, `deny_unknown_fields`, each value kept as written with its span), so the tables
//! and keys are declared once instead of walked by hand. Then a thin layer (`file.rs`)
//! checks each value and turns it into its setting; it knows the key it is reading, so
//! every error says where it is (file:line:column, the dotted key), what was expected and
//! how to fix it, and a key serde refused is found in the document by its span for a
//! did-you-mean. Every error is a typed value: [`ConfigError`] for the settings, and small
//! error types (symbols, key names, colours, delays) that say what is wrong with one value.

// A `ConfigError` carries the whole diagnosis (file, position, key, problem, fix) and is
// made at most once per run, on the way to exiting; boxing it would only make matching on
// its fields clumsier.
#![allow(clippy::result_large_err)]

pub mod color;
pub mod error;
mod file;
pub mod keys;
mod raw;
pub mod symbol;

use std::path::{Path, PathBuf};
use std::time::Duration;
use std::{fs, io};

pub use crate::core::session::{First, Mode, quoted_choices};
use crate::core::{Difficulty, Side};
use crate::games::{self, GameChoice, GameKind};

pub use color::{Color, UnknownColor};
pub use error::{ConfigError, ErrorKind, Origin};
pub use keys::{Action, Key, KeyBindings, KeyNameError, UnknownAction};
pub use symbol::{Symbol, SymbolError, Symbols, SymbolsError};

/// The commented default config file: what `config init` writes, and the documentation of
/// every key. A test checks that it parses to exactly [`Settings::default`].
pub const DEFAULT_FILE: &str = include_str!("../../config.toml.example");

/// The environment variable naming the config file.
pub const CONFIG_VAR: &str = "TICTACLATIN_CONFIG";

/// Whether hints show at the start of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Hints {
    /// On for two people, off against the bot.
    #[default]
    Auto,
    On,
    Off,
}

impl Hints {
    /// Whether hints start on in a game of this mode.
    pub fn on_for(self, mode: Mode) -> bool {
        match self {
            Hints::Auto => mode == Mode::TwoHumans,
            Hints::On => true,
            Hints::Off => false,
        }
    }
}

/// The names shown beside the symbols.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Names {
    /// Two people: the first side's player.
    pub first: String,
    /// Two people: the second side's player.
    pub second: String,
    /// Against the bot: the person.
    pub you: String,
    /// Against the bot: the bot.
    pub bot: String,
}

impl Default for Names {
    fn default() -> Names {
        Names {
            first: "Player 1".into(),
            second: "Player 2".into(),
            you: "You".into(),
            bot: "Bot".into(),
        }
    }
}

impl Names {
    /// The name shown for `side` in a game of `mode`. `human` is the side the person plays
    /// against the bot; `swapped` says two people have swapped sides (so the first name
    /// now plays the second side). The demo's bots are told apart by number.
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

/// The longest name, in terminal columns, so the tallies fit beside the grid.
pub const MAX_NAME_WIDTH: usize = 16;

/// The colours of the screen (used only when colour is on).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Colors {
    pub first: Color,
    pub second: Color,
    /// The cursor's frame, the best-move mark, titles and keys in the footer.
    pub highlight: Color,
    pub hint_win: Color,
    pub hint_draw: Color,
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
        match side {
            Side::First => self.first,
            Side::Second => self.second,
        }
    }
}

/// A colour as the config file writes it: a lowercase name (`lightred`), a lowercase hex
/// colour (`#ff8800`) or a terminal colour number (`12`). Reading it back gives `color`.
pub fn color_name(color: Color) -> String {
    color.to_string()
}

/// Everything the player can choose, typed and checked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Settings {
    /// The game the start screen offers first, with its size and line length.
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
    /// The contest clock for people: the time a person has for each move, over which they
    /// lose (`--move-time`); off unless asked for.
    pub move_limit: Option<Duration>,
    pub keys: KeyBindings,
    /// False for `color = false`, `NO_COLOR` or `--no-color`.
    pub color: bool,
}

/// The longest bot delay the file accepts.
pub const MAX_BOT_DELAY_MS: i64 = 10_000;
/// The bot's thinking time per move the file accepts, in milliseconds.
pub const MIN_MOVETIME_MS: i64 = 10;
pub const MAX_MOVETIME_MS: i64 = 60_000;

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
        }
    }
}

impl Settings {
    /// The symbol of a side, as shown on screen.
    pub fn symbol(&self, side: Side) -> &str {
        self.symbols.get(side).as_str()
    }

    /// The built-in defaults with a config file's text on top. `origin` names the file in
    /// error messages.
    pub fn from_toml(text: &str, origin: Origin) -> Result<Settings, ConfigError> {
        file::parse(text, origin)
    }
}

/// The environment variables the settings read, captured once so that loading is a pure
/// function of its inputs (and tests never touch the process environment).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Env {
    /// `TICTACLATIN_CONFIG`: the config file to read.
    pub config: Option<PathBuf>,
    /// `NO_COLOR` set to anything but the empty string (no-color.org).
    pub no_color: bool,
    /// `TICTACLATIN_MODE`.
    pub mode: Option<String>,
    /// `TICTACLATIN_DIFFICULTY`.
    pub difficulty: Option<String>,
    /// `TICTACLATIN_SYMBOLS`, as `X,O`.
    pub symbols: Option<String>,
    /// `TICTACLATIN_BOT_DELAY_MS`: milliseconds before the bot's move is shown.
    pub bot_delay_ms: Option<String>,
    /// `TICTACLATIN_GAME`, `TICTACLATIN_SIZE`, `TICTACLATIN_IN_A_ROW`: the game.
    pub game: Option<String>,
    pub size: Option<String>,
    pub in_a_row: Option<String>,
}

impl Env {
    /// Reads the variables from a list of (name, value) pairs; empty values count as unset.
    pub fn from_vars<K: AsRef<str>, V: AsRef<str>>(vars: impl IntoIterator<Item = (K, V)>) -> Env {
        let mut env = Env::default();
        for (name, value) in vars {
            let value = value.as_ref();
            if value.is_empty() {
                continue;
            }
            match name.as_ref() {
                CONFIG_VAR => env.config = Some(PathBuf::from(value)),
                "NO_COLOR" => env.no_color = true,
                "TICTACLATIN_MODE" => env.mode = Some(value.to_string()),
                "TICTACLATIN_DIFFICULTY" => env.difficulty = Some(value.to_string()),
                "TICTACLATIN_SYMBOLS" => env.symbols = Some(value.to_string()),
                "TICTACLATIN_BOT_DELAY_MS" => env.bot_delay_ms = Some(value.to_string()),
                "TICTACLATIN_GAME" => env.game = Some(value.to_string()),
                "TICTACLATIN_SIZE" => env.size = Some(value.to_string()),
                "TICTACLATIN_IN_A_ROW" => env.in_a_row = Some(value.to_string()),
                _ => {}
            }
        }
        env
    }

    /// The process environment (variables that are not valid UTF-8 are ignored).
    pub fn from_process() -> Env {
        Env::from_vars(std::env::vars_os().filter_map(|(name, value)| {
            Some((name.into_string().ok()?, value.into_string().ok()?))
        }))
    }
}

/// Settings given on the command line; `None` leaves the layer below alone.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Overrides {
    /// `--config PATH`.
    pub config: Option<PathBuf>,
    pub mode: Option<Mode>,
    pub first: Option<First>,
    pub difficulty: Option<Difficulty>,
    pub symbols: Option<Symbols>,
    /// `--no-color`.
    pub no_color: bool,
    /// `--bot-delay MS`.
    pub bot_delay: Option<Duration>,
    /// `--game`, `--size`, `--in-a-row` (checked together by the caller).
    pub game: Option<GameKind>,
    pub size: Option<u8>,
    pub in_a_row: Option<u8>,
    /// `--movetime MS`.
    pub movetime: Option<Duration>,
    /// `--move-time SECONDS`: the contest clock for people.
    pub move_limit: Option<Duration>,
}

/// The default config file: `config.toml` in the platform config directory
/// (`~/.config/tictaclatin/config.toml` on Linux). `None` without a home directory.
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "tictaclatin")
        .map(|dirs| dirs.config_dir().join("config.toml"))
}

/// Which config file is read, and whether it was named explicitly (then it must exist).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Location {
    pub path: PathBuf,
    pub explicit: bool,
}

/// The config file to read: `--config`, else `TICTACLATIN_CONFIG`, else `default`.
pub fn locate(flag: Option<&Path>, env: &Env, default: Option<PathBuf>) -> Option<Location> {
    let named = flag.map(Path::to_path_buf).or_else(|| env.config.clone());
    let explicit = named.is_some();
    let path = named.or(default)?;
    Some(Location { path, explicit })
}

/// The settings in effect and where they came from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Loaded {
    pub settings: Settings,
    /// The config file looked for, if any.
    pub location: Option<Location>,
    /// Whether that file existed and was read.
    pub file_read: bool,
}

/// Loads the settings for a run: defaults < the config file < `env` < `flags`.
/// `default` is where the config file is when nothing names one ([`default_path`]).
pub fn load(flags: &Overrides, env: &Env, default: Option<PathBuf>) -> Result<Loaded, ConfigError> {
    let location = locate(flags.config.as_deref(), env, default);
    let file = location.as_ref().map(|l| read_file(&l.path, l.explicit));
    let file = file.transpose()?.flatten();
    let file_read = file.is_some();
    let mut settings = file.unwrap_or_default();
    settings.apply_env(env)?;
    settings.apply_flags(flags);
    Ok(Loaded {
        settings,
        location,
        file_read,
    })
}

/// Reads and checks one config file. A missing file is `Ok(None)` unless it was named
/// explicitly, then it is an error: the user asked for that file.
pub fn read_file(path: &Path, explicit: bool) -> Result<Option<Settings>, ConfigError> {
    let origin = Origin::File(path.to_path_buf());
    let (kind, problem, fix, position) = match fs::read(path).map(String::from_utf8) {
        Ok(Ok(text)) => return Settings::from_toml(&text, origin).map(Some),
        Ok(Err(e)) => {
            let lossy = String::from_utf8_lossy(e.as_bytes());
            let position = error::line_col(&lossy, e.utf8_error().valid_up_to());
            let fix = "save it as UTF-8 (TOML files are always UTF-8)";
            let problem = "the file is not UTF-8 text".to_string();
            (ErrorKind::Unreadable, problem, fix, Some(position))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound && !explicit => return Ok(None),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let fix = "check the path given by --config or TICTACLATIN_CONFIG, or create the file \
                       with `tictaclatin config init`";
            let problem = "the config file does not exist".to_string();
            (ErrorKind::Missing, problem, fix, None)
        }
        Err(e) => {
            let fix =
                "make it a readable file (check its permissions), or point --config elsewhere";
            let problem = format!("cannot read the config file: {e}");
            (ErrorKind::Unreadable, problem, fix, None)
        }
    };
    let fix = fix.into();
    Err(ConfigError {
        origin,
        position,
        key: None,
        kind,
        problem,
        fix,
    })
}

impl Settings {
    /// The environment layer: `NO_COLOR`, `TICTACLATIN_MODE`, `TICTACLATIN_DIFFICULTY`,
    /// `TICTACLATIN_SYMBOLS`, the game's variables, `TICTACLATIN_BOT_DELAY_MS`.
    pub fn apply_env(&mut self, env: &Env) -> Result<(), ConfigError> {
        self.color &= !env.no_color;
        let fix = "set it to bot, humans or demo";
        let mode = from_env("TICTACLATIN_MODE", &env.mode, str::parse, fix)?;
        self.mode = mode.unwrap_or(self.mode);
        let fix = "set it to random, easy, medium, hard or perfect";
        let level = from_env("TICTACLATIN_DIFFICULTY", &env.difficulty, str::parse, fix)?;
        self.difficulty = level.unwrap_or(self.difficulty);
        let fix = "set it to two different symbols separated by a comma, e.g. X,O";
        if let Some(pair) = from_env("TICTACLATIN_SYMBOLS", &env.symbols, str::parse, fix)? {
            self.symbols = pair;
        }
        self.apply_game_env(env)?;
        let fix = "set it to 0 to 10000 milliseconds, e.g. 500";
        let ms = &env.bot_delay_ms;
        let delay = from_env("TICTACLATIN_BOT_DELAY_MS", ms, parse_delay, fix)?;
        self.bot_delay = delay.unwrap_or(self.bot_delay);
        Ok(())
    }

    /// `TICTACLATIN_GAME`, `TICTACLATIN_SIZE` and `TICTACLATIN_IN_A_ROW`, checked together
    /// with what the file chose.
    fn apply_game_env(&mut self, env: &Env) -> Result<(), ConfigError> {
        let game = &mut self.game;
        let fix = "set it to one of the games";
        let kind = from_env("TICTACLATIN_GAME", &env.game, str::parse, fix)?;
        game.kind = kind.unwrap_or(game.kind);
        let fix = "set it to a small whole number, e.g. 5";
        let size = from_env("TICTACLATIN_SIZE", &env.size, parse_whole, fix)?;
        game.size = size.or(game.size);
        let k = from_env("TICTACLATIN_IN_A_ROW", &env.in_a_row, parse_whole, fix)?;
        game.in_a_row = k.or(game.in_a_row);
        let given = [
            ("TICTACLATIN_GAME", &env.game),
            ("TICTACLATIN_SIZE", &env.size),
            ("TICTACLATIN_IN_A_ROW", &env.in_a_row),
        ];
        let Some((name, _)) = given.into_iter().find(|(_, value)| value.is_some()) else {
            return Ok(());
        };
        games::build(self.game).map(drop).map_err(|problem| {
            let fix = "set the game, its size and its line length so they name a game together";
            env_error(name, problem.to_string(), fix)
        })
    }

    /// The command-line layer. Flags are already typed and checked (by clap with the same
    /// parsers as the file and environment), so nothing fails.
    pub fn apply_flags(&mut self, flags: &Overrides) {
        self.color &= !flags.no_color;
        self.mode = flags.mode.unwrap_or(self.mode);
        self.first = flags.first.unwrap_or(self.first);
        self.difficulty = flags.difficulty.unwrap_or(self.difficulty);
        if let Some(symbols) = &flags.symbols {
            self.symbols = symbols.clone();
        }
        if let Some(kind) = flags.game
            && kind != self.game.kind
        {
            // Another game than the file's starts from its own size and line length.
            self.game = GameChoice::of(kind);
        }
        self.game.size = flags.size.or(self.game.size);
        self.game.in_a_row = flags.in_a_row.or(self.game.in_a_row);
        self.move_limit = flags.move_limit.or(self.move_limit);
        self.movetime = flags.movetime.unwrap_or(self.movetime);
        // The flag's parser already refuses more; this keeps any other caller in range too.
        let max_delay = Duration::from_millis(MAX_BOT_DELAY_MS as u64);
        self.bot_delay = flags.bot_delay.map_or(self.bot_delay, |d| d.min(max_delay));
    }
}

/// A bot delay the settings do not take, as written.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected a whole number of milliseconds from 0 to {MAX_BOT_DELAY_MS}, found \"{0}\"")]
pub struct DelayError(pub String);

/// A bot delay in milliseconds, within the range the config file allows. `--bot-delay` and
/// `TICTACLATIN_BOT_DELAY_MS` both read it here, so they accept and refuse the same values.
pub fn parse_delay(text: &str) -> Result<Duration, DelayError> {
    match text.trim().parse::<i64>() {
        Ok(ms) if (0..=MAX_BOT_DELAY_MS).contains(&ms) => Ok(Duration::from_millis(ms as u64)),
        _ => Err(DelayError(text.to_string())),
    }
}

/// A size or line length that is not a small whole number, as written.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected a whole number, found \"{0}\"")]
pub struct WholeNumberError(pub String);

fn parse_whole(text: &str) -> Result<u8, WholeNumberError> {
    let n = text.trim().parse();
    n.map_err(|_| WholeNumberError(text.to_string()))
}

/// An environment variable's value read with `parse`; a mistake names the variable.
fn from_env<T, E: std::fmt::Display>(
    name: &str,
    value: &Option<String>,
    parse: impl FnOnce(&str) -> Result<T, E>,
    fix: &str,
) -> Result<Option<T>, ConfigError> {
    let parsed = value.as_deref().map(parse).transpose();
    parsed.map_err(|e| env_error(name, e.to_string(), fix))
}

fn env_error(name: &str, problem: String, fix: &str) -> ConfigError {
    ConfigError {
        origin: Origin::Env(name.into()),
        position: None,
        key: None,
        kind: ErrorKind::BadValue,
        problem,
        fix: fix.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_is_exactly_the_defaults() {
        let settings =
            Settings::from_toml(DEFAULT_FILE, Origin::File("config.toml.example".into())).unwrap();
        assert_eq!(settings, Settings::default());
    }

    #[test]
    fn the_example_file_sets_every_key_in_its_table() {
        for (table, key) in file::all_keys() {
            // The text of the table: from its header to the next one (top level: before any).
            let section = if table.is_empty() {
                DEFAULT_FILE.split("\n[").next().unwrap()
            } else {
                let header = format!("\n[{table}]\n");
                let start = DEFAULT_FILE
                    .find(&header)
                    .expect("every table is in the example");
                DEFAULT_FILE[start + header.len()..]
                    .split("\n[")
                    .next()
                    .unwrap()
            };
            // A key with no default value (a size, for games that have sizes) is shown
            // commented out.
            assert!(
                section.contains(&format!("\n{key} = "))
                    || section.contains(&format!("\n# {key} = ")),
                "config.toml.example does not document `{key}` in [{table}]"
            );
        }
    }

    #[test]
    fn hints_auto_are_on_only_for_two_people() {
        assert!(Hints::Auto.on_for(Mode::TwoHumans));
        assert!(!Hints::Auto.on_for(Mode::VsBot));
        assert!(Hints::On.on_for(Mode::VsBot));
        assert!(!Hints::Off.on_for(Mode::TwoHumans));
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

    #[test]
    fn the_bot_delay_comes_from_the_environment_then_the_flag() {
        let env = Env::from_vars([("TICTACLATIN_BOT_DELAY_MS", "0")]);
        let loaded = load(&Overrides::default(), &env, None).unwrap();
        assert_eq!(loaded.settings.bot_delay, Duration::ZERO);
        let flags = Overrides {
            bot_delay: Some(Duration::from_millis(70)),
            ..Overrides::default()
        };
        let loaded = load(&flags, &env, None).unwrap();
        assert_eq!(loaded.settings.bot_delay, Duration::from_millis(70));
        let bad = Env::from_vars([("TICTACLATIN_BOT_DELAY_MS", "soon")]);
        let err = load(&Overrides::default(), &bad, None).unwrap_err();
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
        let huge = Overrides {
            bot_delay: Some(Duration::MAX),
            ..Overrides::default()
        };
        let loaded = load(&huge, &Env::default(), None).unwrap();
        assert_eq!(loaded.settings.bot_delay, Duration::from_millis(10_000));
    }

    #[test]
    fn colours_print_as_the_file_writes_them() {
        for text in ["lightred", "darkgray", "reset", "#ff8800", "12"] {
            let color: Color = text.parse().unwrap();
            assert_eq!(color_name(color), text);
        }
        assert_eq!(color_name(Color::Rgb(0xAB, 0, 0xFF)), "#ab00ff");
    }

    #[test]
    fn empty_env_values_count_as_unset() {
        let env = Env::from_vars([("NO_COLOR", ""), ("TICTACLATIN_MODE", "demo")]);
        assert!(!env.no_color);
        assert_eq!(env.mode.as_deref(), Some("demo"));
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

//! [`Layer`]: every setting, declared once as an optional field that serde reads from the
//! config file, clap from its flag, and whose flag's `env` names its environment variable.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use clap::Args;
use serde::Deserialize;

use super::{
    CONFIG_VAR, Colors, Hints, MAX_BOT_DELAY_MS, MAX_MOVETIME_MS, MIN_MOVETIME_MS, Names, Settings,
    values,
};
use crate::core::session::{First, Mode};
use crate::core::words::quote;
use crate::core::{Difficulty, PlayerOptions, Side};
use crate::games::{GameChoice, GameKind};
use crate::keys::KeyBindings;
use crate::symbols::{Symbol, Symbols, SymbolsError};

/// Settings from one place (the config file, the environment or the command line); what it
/// leaves out (`None`) keeps the value of the layers below.
#[derive(Args, Deserialize, Clone, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Layer {
    /// Read this config file instead of the default one (`tictaclatin config path`)
    #[arg(long, value_name = "PATH", env = CONFIG_VAR)]
    #[serde(skip)]
    pub config: Option<PathBuf>,
    /// Draw without colour (also NO_COLOR=1 or `color = false` in the config file)
    #[arg(long, env = "NO_COLOR")]
    #[serde(skip)]
    pub no_color: bool,
    #[arg(skip)]
    pub color: Option<bool>,
    /// Keep no record of the games finished in this run (`keep_records = false` in the
    /// config file for always)
    #[arg(long)]
    #[serde(skip)]
    pub no_records: bool,
    #[arg(skip)]
    pub keep_records: Option<bool>,
    /// The two sides' symbols, first side first: any single characters or emoji, e.g. 🦀,🐙
    #[arg(long, value_name = "X,O", env = "TICTACLATIN_SYMBOLS")]
    #[serde(deserialize_with = "values::table")]
    pub symbols: Option<SymbolsTable>,
    #[arg(skip)]
    #[serde(deserialize_with = "values::table")]
    pub names: Option<Names>,
    #[arg(skip)]
    #[serde(deserialize_with = "values::table")]
    pub colors: Option<Colors>,
    #[command(flatten)]
    #[serde(deserialize_with = "values::game_table")]
    pub game: GameSettings,
    #[arg(skip)]
    #[serde(deserialize_with = "values::keys")]
    pub keys: Option<KeyBindings>,
}

/// The `[symbols]` table, or both symbols from `--symbols X,O` (already checked as a pair).
#[derive(Deserialize, Clone, PartialEq, Eq, Debug, Default)]
#[serde(default, deny_unknown_fields)]
pub struct SymbolsTable {
    #[serde(deserialize_with = "values::symbol")]
    pub first: Option<Symbol>,
    #[serde(deserialize_with = "values::symbol")]
    pub second: Option<Symbol>,
}

impl SymbolsTable {
    /// `below` gives a side left out.
    pub fn over(&self, below: &Symbols) -> Result<Symbols, SymbolsError> {
        let side =
            |symbol: &Option<Symbol>, side| symbol.clone().unwrap_or(below.get(side).clone());
        Symbols::new(
            side(&self.first, Side::First),
            side(&self.second, Side::Second),
        )
    }
}

impl FromStr for SymbolsTable {
    type Err = SymbolsError;

    fn from_str(text: &str) -> Result<SymbolsTable, SymbolsError> {
        let pair: Symbols = text.parse()?;
        let [first, second] = [Side::First, Side::Second].map(|side| Some(pair.get(side).clone()));
        Ok(SymbolsTable { first, second })
    }
}

/// Declares a struct holding the game's choice (`--game`, `--size`, `--in-a-row`,
/// `--bot-time`; `kind`, `size`, `in_a_row` and `bot_time_ms` in `[game]`) around the fields
/// given. A macro, because the settings' `[game]` table holds them with the rest of the game's
/// settings while commands that read positions take them alone, and serde can share fields
/// between structs only by `flatten`, which loses where each value was written.
macro_rules! with_game_choice {
    ($(#[$meta:meta])* pub struct $name:ident { $($field:tt)* }) => {
        $(#[$meta])*
        pub struct $name {
            #[arg(long = "game", value_name = "GAME", env = "TICTACLATIN_GAME",
                  help = crate::games::flag_help())]
            #[serde(default, deserialize_with = "values::named")]
            pub kind: Option<GameKind>,
            #[arg(long, value_name = "N", env = "TICTACLATIN_SIZE", allow_negative_numbers = true,
                  value_parser = parse_size, help = crate::games::size_help())]
            #[serde(deserialize_with = "values::count")]
            pub size: Option<u8>,
            /// How many in a row win, for games that vary it (default: the size)
            #[arg(long, value_name = "K", env = "TICTACLATIN_IN_A_ROW",
                  allow_negative_numbers = true, value_parser = parse_in_a_row)]
            #[serde(deserialize_with = "values::count")]
            pub in_a_row: Option<u8>,
            $($field)*
            /// How long a searching bot thinks per move, in milliseconds (default 1000);
            /// solved games answer at once
            #[arg(long = "bot-time", alias = "movetime", value_name = "MS",
                  allow_negative_numbers = true,
                  value_parser = parse_movetime)]
            #[serde(rename = "bot_time_ms",
                    deserialize_with = "values::millis::<MIN_MOVETIME_MS, MAX_MOVETIME_MS, _>")]
            pub movetime: Option<Duration>,
        }
    };
}

with_game_choice! {
    /// The flags that choose a game, for the commands that take only these.
    #[derive(Args, Deserialize, Clone, Debug, Default)]
    pub struct GameChoiceArgs {}
}

impl GameChoiceArgs {
    /// The default game where none is named.
    pub fn choice(&self) -> GameChoice {
        GameChoice {
            kind: self.kind.unwrap_or_default(),
            size: self.size,
            in_a_row: self.in_a_row,
        }
    }

    pub fn movetime(&self) -> Duration {
        self.movetime.unwrap_or(PlayerOptions::DEFAULT_MOVETIME)
    }
}

with_game_choice! {
    /// The `[game]` table: the game, who plays it and how.
    #[derive(Args, Deserialize, Clone, Debug, Default)]
    #[serde(default, deny_unknown_fields)]
    pub struct GameSettings {
        /// Who plays: bot (you against the bot), humans (two people, one keyboard) or demo
        #[arg(long, value_name = "MODE", env = "TICTACLATIN_MODE")]
        #[serde(deserialize_with = "values::named")]
        pub mode: Option<Mode>,
        /// Who moves first against the bot: you, bot or bot-chooses
        #[arg(long, value_name = "WHO")]
        #[serde(deserialize_with = "values::named")]
        pub first: Option<First>,
        /// The bot's strength: random, easy, medium, hard or perfect (also called max)
        #[arg(long, value_name = "LEVEL", env = "TICTACLATIN_DIFFICULTY")]
        #[serde(deserialize_with = "values::named")]
        pub difficulty: Option<Difficulty>,
        #[arg(skip)]
        pub hints: Option<Hints>,
        /// Milliseconds to wait before showing the bot's move, 0 to 10000; without this flag,
        /// TICTACLATIN_BOT_DELAY_MS, else `bot_delay_ms` in the config file, else 500
        #[arg(long, value_name = "MS", env = "TICTACLATIN_BOT_DELAY_MS",
              value_parser = parse_delay)]
        #[serde(rename = "bot_delay_ms",
                deserialize_with = "values::millis::<0, MAX_BOT_DELAY_MS, _>")]
        pub bot_delay: Option<Duration>,
    }
}

impl Settings {
    /// A pair of symbols that does not go together is left out: the config file's reader
    /// refuses it before, and the flags' parser never makes one.
    pub fn apply(&mut self, layer: &Layer) {
        self.color = layer.color.unwrap_or(self.color) && !layer.no_color;
        self.keep_records = layer.keep_records.unwrap_or(self.keep_records) && !layer.no_records;
        if let Some(Ok(symbols)) = layer.symbols.as_ref().map(|s| s.over(&self.symbols)) {
            self.symbols = symbols;
        }
        self.names = layer.names.clone().unwrap_or(self.names.clone());
        self.colors = layer.colors.unwrap_or(self.colors);
        self.keys = layer.keys.clone().unwrap_or(self.keys.clone());
        let game = &layer.game;
        self.game.kind = game.kind.unwrap_or(self.game.kind);
        self.game.size = game.size.or(self.game.size);
        self.game.in_a_row = game.in_a_row.or(self.game.in_a_row);
        self.mode = game.mode.unwrap_or(self.mode);
        self.first = game.first.unwrap_or(self.first);
        self.difficulty = game.difficulty.unwrap_or(self.difficulty);
        self.hints = game.hints.unwrap_or(self.hints);
        // The parsers refuse more; this keeps a layer built in code in range too.
        let max_delay = Duration::from_millis(MAX_BOT_DELAY_MS);
        self.bot_delay = game.bot_delay.map_or(self.bot_delay, |d| d.min(max_delay));
        self.movetime = game.movetime.unwrap_or(self.movetime);
    }
}

/// Milliseconds in `range`, as a flag or an environment variable writes them.
fn millis(text: &str, range: std::ops::RangeInclusive<u64>) -> Option<Duration> {
    let ms = text.trim().parse().ok().filter(|ms| range.contains(ms));
    ms.map(Duration::from_millis)
}

/// A flag's value refused: what is wrong with it and what to give (clap prints it after
/// the flag), and how to fix the environment variable that held it, where one may.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{problem}")]
pub struct BadValue {
    pub problem: String,
    pub env_fix: Option<String>,
}

impl BadValue {
    pub fn new(problem: String) -> BadValue {
        let env_fix = None;
        BadValue { problem, env_fix }
    }
}

pub fn parse_delay(text: &str) -> Result<Duration, BadValue> {
    millis(text, 0..=MAX_BOT_DELAY_MS).ok_or_else(|| BadValue {
        problem: format!(
            "expected a whole number of milliseconds from 0 to {MAX_BOT_DELAY_MS}, found {}",
            quote(text)
        ),
        env_fix: Some(format!(
            "set it to 0 to {MAX_BOT_DELAY_MS} milliseconds, e.g. 500"
        )),
    })
}

/// Milliseconds in the range the config file allows too: under 10 ms no search is worth
/// its name (and `--bot-time 5` is more likely a mistaken `--clock 5`).
pub fn parse_movetime(text: &str) -> Result<Duration, BadValue> {
    millis(text, MIN_MOVETIME_MS..=MAX_MOVETIME_MS).ok_or_else(|| {
        BadValue::new(format!(
            "{} is not a bot's time per move: give milliseconds from {MIN_MOVETIME_MS} to \
             {MAX_MOVETIME_MS}, e.g. 1000 (a clock for people is --clock SECONDS)",
            quote(text)
        ))
    })
}

/// `--size`: any whole number from 0 to 255 here (the game checks its own range, and names
/// it); a negative number or a word is refused in one line.
/// A number, or a square board as people write it: `8x8`.
pub fn parse_size(text: &str) -> Result<u8, BadValue> {
    let side = match text.trim().split_once(['x', 'X']) {
        Some((rows, columns)) if rows.trim() == columns.trim() => rows,
        _ => text,
    };
    parse_count(side, "size {}")
}

pub fn parse_in_a_row(text: &str) -> Result<u8, BadValue> {
    parse_count(text, "{} in a row")
}

/// A count of cells, refused in the words of `pattern` ("size {}") where no board has it.
fn parse_count(text: &str, pattern: &str) -> Result<u8, BadValue> {
    text.trim().parse().map_err(|_| {
        let sizes = crate::games::any_size();
        // A whole number reads as the game's own range check does ("size 9 is not in
        // 3..7"); anything else is quoted.
        let value = match text.trim().parse::<i64>() {
            Ok(n) => n.to_string(),
            Err(_) => quote(text),
        };
        let named = pattern.replace("{}", &value);
        BadValue {
            problem: format!("{named} is not in {}..{}", sizes.start(), sizes.end()),
            env_fix: Some("set it to a small whole number, e.g. 5".into()),
        }
    })
}

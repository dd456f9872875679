//! Reading a config file's TOML into [`Settings`]: walks the parsed document with its spans,
//! so every error points at the line and column of the offending key or value.

use std::ops::Range;
use std::str::FromStr;
use std::time::Duration;

use super::color::{self, Color};
use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};
use unicode_width::UnicodeWidthStr;

use super::error::{did_you_mean, line_col};
use super::keys::{Action, KEY_NAME_HELP, Key, KeyBindings};
use super::symbol::{Symbol, Symbols, SymbolsError};
use super::{
    Colors, ConfigError, ErrorKind, First, Hints, MAX_BOT_DELAY_MS, MAX_MOVETIME_MS,
    MAX_NAME_WIDTH, MIN_MOVETIME_MS, Mode, Names, Origin, Settings, quoted_choices,
};
use crate::core::{Difficulty, Side};
use crate::games::{self, GameKind};

/// The tables of the file and their keys; `""` is the top level.
const TABLES: [&str; 6] = ["", "symbols", "names", "colors", "game", "keys"];

fn keys_of(table: &str) -> Vec<&'static str> {
    match table {
        "" => vec!["color", "symbols", "names", "colors", "game", "keys"],
        "symbols" => vec!["first", "second"],
        "names" => vec!["first", "second", "you", "bot"],
        "colors" => vec![
            "first",
            "second",
            "highlight",
            "hint_win",
            "hint_draw",
            "hint_loss",
        ],
        "game" => vec![
            "kind",
            "size",
            "in_a_row",
            "mode",
            "first",
            "difficulty",
            "hints",
            "bot_delay_ms",
            "movetime_ms",
        ],
        "keys" => Action::ALL.iter().map(|a| a.name()).collect(),
        _ => vec![],
    }
}

/// Every (table, key) pair the file may hold, for the test that the example documents all.
#[cfg(test)]
pub fn all_keys() -> Vec<(&'static str, &'static str)> {
    let mut all = vec![("", "color")];
    for table in &TABLES[1..] {
        all.extend(keys_of(table).into_iter().map(|key| (*table, key)));
    }
    all
}

type Entry<'a, 'i> = (&'a Spanned<DeString<'i>>, &'a Spanned<DeValue<'i>>);

/// The entries of a table in the order they appear in the file, so the first mistake
/// reported is the first one a person reading the file meets.
fn entries<'a, 'i>(table: &'a DeTable<'i>) -> Vec<Entry<'a, 'i>> {
    let mut list: Vec<Entry<'a, 'i>> = table.iter().collect();
    list.sort_by_key(|(key, _)| key.span().start);
    list
}

/// The last part of a dotted key: `size` for `game.size`.
fn leaf(key: &str) -> &str {
    key.rsplit('.').next().unwrap_or(key)
}

/// `symbols.first`, or `color` at the top level.
fn dotted(table: &str, key: &str) -> String {
    if table.is_empty() {
        key.to_string()
    } else {
        format!("{table}.{key}")
    }
}

/// Parses a config file's text on top of the defaults.
pub fn parse(text: &str, origin: Origin) -> Result<Settings, ConfigError> {
    let reader = Reader { text, origin };
    let root = DeTable::parse(text).map_err(|e| reader.syntax(&e))?;
    let mut settings = Settings::default();
    for (key, value) in entries(root.get_ref()) {
        let name: &str = key.get_ref();
        match name {
            "color" => settings.color = reader.boolean("color", value, "false")?,
            "symbols" => reader.symbols(reader.table(name, value)?, &mut settings.symbols)?,
            "names" => reader.names(reader.table(name, value)?, &mut settings.names)?,
            "colors" => reader.colors(reader.table(name, value)?, &mut settings.colors)?,
            "game" => reader.game(reader.table(name, value)?, &mut settings)?,
            "keys" => reader.keys(reader.table(name, value)?, &mut settings.keys)?,
            _ => return Err(reader.unknown("", key)),
        }
    }
    Ok(settings)
}

/// The file being read, for locating errors.
struct Reader<'t> {
    text: &'t str,
    origin: Origin,
}

impl Reader<'_> {
    fn error(
        &self,
        span: Range<usize>,
        key: Option<String>,
        kind: ErrorKind,
        problem: impl Into<String>,
        fix: impl Into<String>,
    ) -> ConfigError {
        ConfigError {
            origin: self.origin.clone(),
            position: Some(line_col(self.text, span.start)),
            key,
            kind,
            problem: problem.into(),
            fix: fix.into(),
        }
    }

    fn syntax(&self, e: &toml::de::Error) -> ConfigError {
        let message = e.message().trim().replace('\n', "; ");
        ConfigError {
            origin: self.origin.clone(),
            position: e.span().map(|span| line_col(self.text, span.start)),
            key: None,
            kind: ErrorKind::Syntax,
            problem: format!("this is not valid TOML: {message}"),
            fix: if message.contains("duplicate") {
                "each key and each [table] may appear only once: merge or remove the repeat"
            } else {
                "write `key = value` lines under `[table]` headers, with text in double quotes \
                 (first = \"X\"); `tictaclatin config init` writes a correct file to start from"
            }
            .into(),
        }
    }

    /// A key this table does not have, with the closest known key if it looks like a typo,
    /// or the table it belongs in if it is a known key in the wrong place.
    fn unknown(&self, table: &str, key: &Spanned<DeString<'_>>) -> ConfigError {
        let name: &str = key.get_ref();
        let known = keys_of(table);
        let here = if table.is_empty() {
            "at the top level".to_string()
        } else {
            format!("in [{table}]")
        };
        let elsewhere = TABLES
            .iter()
            .find(|other| **other != table && keys_of(other).contains(&name));
        let fix = if let Some(suggestion) = did_you_mean(name, known.iter().copied()) {
            format!("did you mean `{suggestion}`?")
        } else if let Some(other) = elsewhere.filter(|other| !other.is_empty()) {
            format!("`{name}` belongs in the [{other}] table: move it below a `[{other}]` line")
        } else {
            format!("remove it; the keys {here} are: {}", known.join(", "))
        };
        self.error(
            key.span(),
            Some(dotted(table, name)),
            ErrorKind::UnknownKey,
            format!("unknown key `{name}` {here}"),
            fix,
        )
    }

    fn wrong_type(
        &self,
        key: &str,
        value: &Spanned<DeValue<'_>>,
        expected: &str,
        example: &str,
    ) -> ConfigError {
        let found = value.get_ref().type_str();
        let leaf = key.rsplit('.').next().unwrap_or(key);
        self.error(
            value.span(),
            Some(key.to_string()),
            ErrorKind::WrongType,
            format!("expected {expected}, found {} {found}", article(found)),
            format!("write it like `{leaf} = {example}`"),
        )
    }

    fn table<'a, 'i>(
        &self,
        name: &str,
        value: &'a Spanned<DeValue<'i>>,
    ) -> Result<&'a DeTable<'i>, ConfigError> {
        value.get_ref().as_table().ok_or_else(|| {
            self.wrong_type(
                name,
                value,
                "a table",
                &format!("... under a [{name}] line"),
            )
        })
    }

    fn string<'a>(
        &self,
        key: &str,
        value: &'a Spanned<DeValue<'_>>,
        example: &str,
    ) -> Result<&'a str, ConfigError> {
        value
            .get_ref()
            .as_str()
            .ok_or_else(|| self.wrong_type(key, value, "a string in double quotes", example))
    }

    fn boolean(
        &self,
        key: &str,
        value: &Spanned<DeValue<'_>>,
        example: &str,
    ) -> Result<bool, ConfigError> {
        value
            .get_ref()
            .as_bool()
            .ok_or_else(|| self.wrong_type(key, value, "true or false", example))
    }

    fn bad_value(
        &self,
        key: &str,
        value: &Spanned<DeValue<'_>>,
        problem: String,
        fix: String,
    ) -> ConfigError {
        self.error(
            value.span(),
            Some(key.to_string()),
            ErrorKind::BadValue,
            problem,
            fix,
        )
    }

    /// A value named by one of an enum's names (`mode = "bot"`).
    fn named<T: FromStr<Err: std::fmt::Display>>(
        &self,
        key: &str,
        value: &Spanned<DeValue<'_>>,
        example: &str,
    ) -> Result<T, ConfigError> {
        let text = self.string(key, value, example)?;
        text.parse().map_err(|problem: T::Err| {
            let problem = problem.to_string();
            let leaf = key.rsplit('.').next().unwrap_or(key);
            self.bad_value(
                key,
                value,
                problem,
                format!("write it like `{leaf} = {example}`"),
            )
        })
    }

    fn symbols(&self, table: &DeTable<'_>, symbols: &mut Symbols) -> Result<(), ConfigError> {
        let mut pair = [
            symbols.get(Side::First).clone(),
            symbols.get(Side::Second).clone(),
        ];
        // Where each side's symbol was written, to point an error at the right line.
        let mut written: [Option<_>; 2] = [None, None];
        let mut last = None;
        for (key, value) in entries(table) {
            let side = match key.get_ref().as_ref() {
                "first" => Side::First,
                "second" => Side::Second,
                _ => return Err(self.unknown("symbols", key)),
            };
            let dotted = dotted("symbols", key.get_ref());
            let text = self.string(&dotted, value, "\"🦀\"")?;
            let symbol = Symbol::new(text).map_err(|e| {
                let fix = e.fix();
                self.error(
                    value.span(),
                    Some(dotted.clone()),
                    ErrorKind::Symbol(e.clone()),
                    format!("{text:?} cannot be a symbol: {e}"),
                    fix,
                )
            })?;
            pair[side as usize] = symbol;
            written[side as usize] = Some((value, dotted.clone()));
            last = Some((value, dotted));
        }
        let [first, second] = pair;
        match Symbols::new(first, second) {
            Ok(both) => *symbols = both,
            Err(e) => {
                // A letter on the wrong side is that side's fault; a clash is the last one set.
                let culprit = match &e {
                    SymbolsError::OtherSidesLetter { side, .. } => written[*side as usize].clone(),
                    _ => None,
                };
                let (value, dotted) = culprit
                    .or(last)
                    .expect("the defaults differ, so the file set one");
                return Err(self.error(
                    value.span(),
                    Some(dotted),
                    ErrorKind::SameSymbol,
                    e.to_string(),
                    e.fix(),
                ));
            }
        }
        Ok(())
    }

    fn names(&self, table: &DeTable<'_>, names: &mut Names) -> Result<(), ConfigError> {
        for (key, value) in entries(table) {
            let slot = match key.get_ref().as_ref() {
                "first" => &mut names.first,
                "second" => &mut names.second,
                "you" => &mut names.you,
                "bot" => &mut names.bot,
                _ => return Err(self.unknown("names", key)),
            };
            let dotted = dotted("names", key.get_ref());
            let name = self.string(&dotted, value, "\"Ada\"")?;
            let problem = if name.trim().is_empty() {
                Some("a name cannot be empty".to_string())
            } else if name.chars().any(char::is_control) {
                Some("a name cannot hold control characters (tabs, newlines...)".to_string())
            } else if name.width() > MAX_NAME_WIDTH {
                Some(format!(
                    "\"{name}\" is {} columns wide; names are at most {MAX_NAME_WIDTH}",
                    name.width()
                ))
            } else {
                None
            };
            if let Some(problem) = problem {
                let fix = format!("use a short name, e.g. `{} = \"Ada\"`", key.get_ref());
                return Err(self.bad_value(&dotted, value, problem, fix));
            }
            *slot = name.to_string();
        }
        Ok(())
    }

    fn colors(&self, table: &DeTable<'_>, colors: &mut Colors) -> Result<(), ConfigError> {
        for (key, value) in entries(table) {
            let slot = match key.get_ref().as_ref() {
                "first" => &mut colors.first,
                "second" => &mut colors.second,
                "highlight" => &mut colors.highlight,
                "hint_win" => &mut colors.hint_win,
                "hint_draw" => &mut colors.hint_draw,
                "hint_loss" => &mut colors.hint_loss,
                _ => return Err(self.unknown("colors", key)),
            };
            let dotted = dotted("colors", key.get_ref());
            let name = self.string(&dotted, value, "\"lightred\"")?;
            *slot = Color::from_str(name).map_err(|_| {
                let hint = did_you_mean(name, COLOR_NAMES)
                    .map(|s| format!("did you mean \"{s}\"? "))
                    .unwrap_or_default();
                self.error(
                    value.span(),
                    Some(dotted.clone()),
                    ErrorKind::UnknownColor,
                    format!("unknown colour \"{name}\""),
                    format!(
                        "{hint}use a colour name ({}), a hex colour like \"#ff8800\", or a \
                         terminal colour number 0-255",
                        COLOR_NAMES.join(", ")
                    ),
                )
            })?;
        }
        Ok(())
    }

    fn game(&self, table: &DeTable<'_>, settings: &mut Settings) -> Result<(), ConfigError> {
        for (key, value) in entries(table) {
            let name: &str = key.get_ref();
            let dotted = dotted("game", name);
            match name {
                "mode" => {
                    settings.mode = self.named::<Mode>(&dotted, value, "\"bot\"")?;
                }
                "first" => {
                    settings.first = self.named::<First>(&dotted, value, "\"you\"")?;
                }
                "difficulty" => {
                    settings.difficulty =
                        self.named::<Difficulty>(&dotted, value, "\"perfect\"")?;
                }
                "hints" => settings.hints = self.hints(&dotted, value)?,
                "bot_delay_ms" => settings.bot_delay = self.delay(&dotted, value)?,
                "kind" => {
                    settings.game.kind = self.named::<GameKind>(&dotted, value, "\"classic\"")?;
                }
                "size" => settings.game.size = Some(self.small_number(&dotted, value, "5")?),
                "in_a_row" => {
                    settings.game.in_a_row = Some(self.small_number(&dotted, value, "4")?);
                }
                "movetime_ms" => settings.movetime = self.movetime(&dotted, value)?,
                _ => return Err(self.unknown("game", key)),
            }
        }
        // The game, its size and its line length must make a game together.
        if let Err(problem) = games::build(settings.game) {
            let span = entries(table)
                .into_iter()
                .find(|(key, _)| ["size", "in_a_row", "kind"].contains(&key.get_ref().as_ref()))
                .map_or(0..0, |(_, value)| value.span());
            return Err(self.error(
                span,
                Some("game".into()),
                ErrorKind::BadValue,
                problem.to_string(),
                "change `kind`, `size` or `in_a_row` in [game] so they name a game, e.g. \
                 `kind = \"classic\"` with `size = 5`",
            ));
        }
        Ok(())
    }

    /// A whole number from 1 to 255 (a board size, a line length).
    fn small_number(
        &self,
        key: &str,
        value: &Spanned<DeValue<'_>>,
        example: &str,
    ) -> Result<u8, ConfigError> {
        let number = value
            .get_ref()
            .as_integer()
            .ok_or_else(|| self.wrong_type(key, value, "a whole number", example))?;
        let n = i64::from_str_radix(number.as_str(), number.radix()).unwrap_or(i64::MAX);
        u8::try_from(n).ok().filter(|&n| n > 0).ok_or_else(|| {
            self.bad_value(
                key,
                value,
                format!("{} is out of range", number.as_str()),
                format!(
                    "write a small whole number, e.g. `{} = {example}`",
                    leaf(key)
                ),
            )
        })
    }

    /// How long a searching bot may think per move, in milliseconds.
    fn movetime(&self, key: &str, value: &Spanned<DeValue<'_>>) -> Result<Duration, ConfigError> {
        let number = value
            .get_ref()
            .as_integer()
            .ok_or_else(|| self.wrong_type(key, value, "a whole number of milliseconds", "1000"))?;
        let ms = i64::from_str_radix(number.as_str(), number.radix()).unwrap_or(i64::MAX);
        if !(MIN_MOVETIME_MS..=MAX_MOVETIME_MS).contains(&ms) {
            return Err(self.bad_value(
                key,
                value,
                format!("{} ms is out of range", number.as_str()),
                format!(
                    "use {MIN_MOVETIME_MS} to {MAX_MOVETIME_MS} milliseconds, e.g. \
                     `movetime_ms = 1000`"
                ),
            ));
        }
        Ok(Duration::from_millis(ms as u64))
    }

    /// `hints = "auto"`, `true` or `false`.
    fn hints(&self, key: &str, value: &Spanned<DeValue<'_>>) -> Result<Hints, ConfigError> {
        match value.get_ref() {
            DeValue::Boolean(true) => Ok(Hints::On),
            DeValue::Boolean(false) => Ok(Hints::Off),
            DeValue::String(text) if text.as_ref() == "auto" => Ok(Hints::Auto),
            // "auto" is a string too, so "found a string" would not say what is wrong.
            DeValue::String(text) => Err(self.error(
                value.span(),
                Some(key.to_string()),
                ErrorKind::BadValue,
                format!(
                    "expected true, false or \"auto\", found {:?}",
                    text.as_ref()
                ),
                "write `hints = true`, `hints = false` or `hints = \"auto\"` (true and false \
                 without quotes)",
            )),
            _ => Err(self.wrong_type(key, value, "true, false or \"auto\"", "\"auto\"")),
        }
    }

    fn delay(&self, key: &str, value: &Spanned<DeValue<'_>>) -> Result<Duration, ConfigError> {
        let number = value
            .get_ref()
            .as_integer()
            .ok_or_else(|| self.wrong_type(key, value, "a whole number of milliseconds", "500"))?;
        let ms = i64::from_str_radix(number.as_str(), number.radix()).unwrap_or(i64::MAX);
        if !(0..=MAX_BOT_DELAY_MS).contains(&ms) {
            return Err(self.bad_value(
                key,
                value,
                format!("{} ms is out of range", number.as_str()),
                format!("use 0 to {MAX_BOT_DELAY_MS} milliseconds, e.g. `bot_delay_ms = 500`"),
            ));
        }
        Ok(Duration::from_millis(ms as u64))
    }

    fn keys(&self, table: &DeTable<'_>, bindings: &mut KeyBindings) -> Result<(), ConfigError> {
        // Where each key written in the file is, to point at it if it clashes.
        let mut written: Vec<(Key, Action, Range<usize>)> = Vec::new();
        for (key, value) in entries(table) {
            let Ok(action) = key.get_ref().parse::<Action>() else {
                return Err(self.unknown("keys", key));
            };
            let dotted = dotted("keys", action.name());
            let items: Vec<&Spanned<DeValue<'_>>> = match value.get_ref() {
                DeValue::String(_) => vec![value],
                DeValue::Array(array) => array.iter().collect(),
                _ => {
                    return Err(self.wrong_type(
                        &dotted,
                        value,
                        "a key name or a list of key names",
                        "[\"u\", \"ctrl-z\"]",
                    ));
                }
            };
            let mut keys = Vec::new();
            for item in items {
                let name = self.string(&dotted, item, "[\"u\", \"ctrl-z\"]")?;
                let key = name.parse::<Key>().map_err(|e| {
                    self.error(
                        item.span(),
                        Some(dotted.clone()),
                        ErrorKind::KeyName(e.clone()),
                        e.to_string(),
                        format!("use {KEY_NAME_HELP}"),
                    )
                })?;
                written.push((key, action, item.span()));
                keys.push(key);
            }
            if keys.is_empty() {
                // An action without a key could never be done, e.g. no way to quit.
                return Err(self.error(
                    value.span(),
                    Some(dotted),
                    ErrorKind::NoKey,
                    format!("`{action}` has no key: every action needs at least one key"),
                    format!(
                        "give it a key, e.g. `{action} = [{}]` (its default), or delete the line \
                         to keep the default",
                        action
                            .default_keys()
                            .iter()
                            .map(|k| format!("\"{k}\""))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
            bindings.set(action, keys);
        }
        self.check_conflicts(bindings, &written)
    }

    /// A key on two actions is an error at its last place in the file (at least one of the
    /// two actions was set there, because the defaults do not clash).
    fn check_conflicts(
        &self,
        bindings: &KeyBindings,
        written: &[(Key, Action, Range<usize>)],
    ) -> Result<(), ConfigError> {
        let Some((key, a, b)) = bindings.conflict() else {
            return Ok(());
        };
        let (_, action, span) = written
            .iter()
            .rev()
            .find(|(k, action, _)| *k == key && (*action == a || *action == b))
            .cloned()
            .expect("a clash involves a key written in the file");
        let other = if action == a { b } else { a };
        let other_written = written.iter().any(|(_, act, _)| *act == other);
        let note = if other_written {
            String::new()
        } else {
            let defaults = quoted_choices(other.default_keys().iter().copied());
            format!(" (`{other}` keeps its default keys {defaults} unless [keys] sets it)")
        };
        Err(self.error(
            span,
            Some(dotted("keys", action.name())),
            ErrorKind::KeyBoundTwice,
            format!("\"{key}\" is bound to both `{action}` and `{other}`{note}"),
            format!("bind \"{key}\" to one action only: remove it from `{action}`, or set `{other}` to other keys"),
        ))
    }
}

/// The colour names the config file accepts (besides hex and numbers), for messages.
const COLOR_NAMES: [&str; 17] = {
    let mut names = [""; 17];
    let mut i = 0;
    while i < names.len() {
        names[i] = color::NAMED[i].0;
        i += 1;
    }
    names
};

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_text(text: &str) -> Result<Settings, ConfigError> {
        parse(text, Origin::File("test.toml".into()))
    }

    #[test]
    fn an_empty_file_is_the_defaults() {
        assert_eq!(parse_text("").unwrap(), Settings::default());
    }

    #[test]
    fn every_key_is_read() {
        let text = r##"
            color = false
            [symbols]
            first = "🦀"
            second = "🐙"
            [names]
            first = "Ada"
            second = "Bob"
            you = "Me"
            bot = "HAL"
            [colors]
            first = "#ff8800"
            second = "light-green"
            highlight = "magenta"
            hint_win = "12"
            hint_draw = "white"
            hint_loss = "dark gray"
            [game]
            mode = "humans"
            first = "bot-chooses"
            difficulty = "easy"
            hints = true
            bot_delay_ms = 0
            [keys]
            undo = ["z", "ctrl-z"]
            quit = "x"
        "##;
        let s = parse_text(text).unwrap();
        assert!(!s.color);
        assert_eq!(s.symbols.get(Side::Second).as_str(), "🐙");
        assert_eq!(s.names.bot, "HAL");
        assert_eq!(s.colors.first, Color::Rgb(0xff, 0x88, 0x00));
        assert_eq!(s.colors.second, Color::LightGreen);
        assert_eq!(s.colors.hint_win, Color::Indexed(12));
        assert_eq!(s.colors.hint_loss, Color::DarkGray);
        assert_eq!(s.mode, Mode::TwoHumans);
        assert_eq!(s.first, First::BotChooses);
        assert_eq!(s.difficulty, Difficulty::Easy);
        assert_eq!(s.hints, Hints::On);
        assert_eq!(s.bot_delay, Duration::ZERO);
        let key = |name: &str| name.parse::<Key>().unwrap();
        assert_eq!(s.keys.action_for(key("ctrl-z")), Some(Action::Undo));
        assert_eq!(s.keys.action_for(key("u")), None);
        assert_eq!(s.keys.action_for(key("x")), Some(Action::Quit));
    }

    #[test]
    fn a_key_in_the_wrong_table_says_where_it_belongs() {
        let err = parse_text("difficulty = \"easy\"\n").unwrap_err();
        assert_eq!(err.kind, ErrorKind::UnknownKey);
        assert!(err.fix.contains("[game]"), "{err}");
    }

    #[test]
    fn a_delay_out_of_range_is_refused() {
        let err = parse_text("[game]\nbot_delay_ms = -5\n").unwrap_err();
        assert_eq!(err.kind, ErrorKind::BadValue);
        assert_eq!(err.position, Some((2, 16)));
    }

    #[test]
    fn the_first_mistake_in_the_file_is_reported() {
        // `zeta` sorts after `alpha` but comes first in the file.
        let err = parse_text("[game]\nzeta = 1\nalpha = 2\n").unwrap_err();
        assert_eq!(err.key.as_deref(), Some("game.zeta"));
    }
}

//! From a config file's text to [`Settings`]: serde reads the file's shape (`raw.rs`), and
//! this layer checks each value and says, for every mistake, where it is (line, column,
//! dotted key), what was expected and how to fix it.
//!
//! Each value is checked on its own first, and of the mistakes found the one nearest the
//! top of the file is reported: the first one a person reading the file meets. Then what
//! only values together can get wrong: the two symbols, a key bound twice, a game that does
//! not exist. (A key the file does not have stops serde, so it is reported before any value.)

use std::fmt::Display;
use std::ops::{Range, RangeInclusive};
use std::str::FromStr;
use std::time::Duration;

use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, Deserializer};
use unicode_width::UnicodeWidthStr;

use super::error::{did_you_mean, line_col};
use super::keys::{Action, KEY_NAME_HELP, Key, KeyBindings};
use super::raw::{self, Leaf, Value};
use super::symbol::{Symbol, Symbols, SymbolsError};
use super::{
    Color, ConfigError, ErrorKind, First, Hints, MAX_BOT_DELAY_MS, MAX_MOVETIME_MS, MAX_NAME_WIDTH,
    MIN_MOVETIME_MS, Mode, Origin, Settings, UnknownColor, quoted_choices,
};
use crate::core::words::excerpt;
use crate::core::{Difficulty, Side};
use crate::games::{self, GameChoice, GameKind};

/// Parses a config file's text on top of the defaults.
pub fn parse(text: &str, origin: Origin) -> Result<Settings, ConfigError> {
    let mut reader = Reader {
        text,
        origin,
        mistake: None,
    };
    let document = DeTable::parse(text).map_err(|e| reader.syntax(&e))?;
    let file = raw::File::deserialize(Deserializer::from(document.clone()))
        .map_err(|e| reader.refused(&e, document.get_ref()))?;
    reader.settings(&file)
}

#[cfg(test)]
pub use tests::all_keys;

/// An example of each key's value, for the fixes ("write it like `size = 5`").
fn example(key: &str) -> &'static str {
    match key {
        "color" => "false",
        "game.kind" => "\"classic\"",
        "game.size" => "5",
        "game.in_a_row" => "4",
        "game.mode" => "\"bot\"",
        "game.first" => "\"you\"",
        "game.difficulty" => "\"perfect\"",
        "game.hints" => "\"auto\"",
        "game.bot_delay_ms" => "500",
        "game.movetime_ms" => "1000",
        _ if key.starts_with("symbols.") => "\"🦀\"",
        _ if key.starts_with("names.") => "\"Ada\"",
        _ if key.starts_with("colors.") => "\"lightred\"",
        _ => "[\"u\", \"ctrl-z\"]",
    }
}

/// [`Reader::set`] for a key of a table, or for keys of one table that fill fields of the
/// same names with one check: the dotted key in messages is the table's name and the
/// field's (`colors.hint_win`), written once.
macro_rules! set {
    ($reader:ident, $file:ident.$table:ident => $out:expr, $check:expr, [$($field:ident),+]) => {
        $(set!($reader, $file.$table.$field => $out.$field, $check);)+
    };
    ($reader:ident, $file:ident.$table:ident.$field:ident => $slot:expr, $check:expr) => {
        let key = concat!(stringify!($table), ".", stringify!($field));
        $reader.set(&mut $slot, key, &$file.$table.$field, $check);
    };
}

type Checked<T> = Result<T, ConfigError>;

/// How [`Reader::set`] checks a value and makes it a setting.
type Check<'t, T> = fn(&Reader<'t>, &str, &Leaf) -> Checked<T>;

/// A key as [keys] binds it: with its action, and where it was written.
type Bound = (Key, Action, Range<usize>);

/// The file being read, for locating errors.
struct Reader<'t> {
    text: &'t str,
    origin: Origin,
    /// Of the values found bad so far, the one nearest the top of the file.
    mistake: Option<ConfigError>,
}

impl<'t> Reader<'t> {
    /// Checks a value the file may have written, and puts it in its setting if it is good;
    /// if it is bad, keeps the error if it is the first in the file so far.
    fn set<T>(&mut self, slot: &mut T, key: &str, leaf: &Option<Leaf>, check: Check<'t, T>) {
        if let Some(leaf) = leaf {
            check(self, key, leaf).map_or_else(|error| self.note(error), |value| *slot = value);
        }
    }

    fn note(&mut self, error: ConfigError) {
        let first = self.mistake.as_ref();
        if first.is_none_or(|first| error.position < first.position) {
            self.mistake = Some(error);
        }
    }

    fn settings(&mut self, file: &raw::File) -> Checked<Settings> {
        let mut s = Settings::default();
        self.set(&mut s.color, "color", &file.color, Self::boolean);
        // The symbols are checked one by one here, then as a pair once each is good.
        let mut pair = [Side::First, Side::Second].map(|side| s.symbols.get(side).clone());
        set!(self, file.symbols.first => pair[0], Self::symbol);
        set!(self, file.symbols.second => pair[1], Self::symbol);
        set!(self, file.names => s.names, Self::name, [first, second, you, bot]);
        set!(self, file.colors => s.colors, Self::color, [first, second, highlight]);
        set!(self, file.colors => s.colors, Self::color, [hint_win, hint_draw, hint_loss]);
        set!(self, file.game => s.game, Self::named::<GameKind>, [kind]);
        set!(self, file.game => s.game, Self::whole, [size, in_a_row]);
        set!(self, file.game.mode => s.mode, Self::named::<Mode>);
        set!(self, file.game.first => s.first, Self::named::<First>);
        set!(self, file.game.difficulty => s.difficulty, Self::named::<Difficulty>);
        set!(self, file.game.hints => s.hints, Self::hints);
        set!(self, file.game.bot_delay_ms => s.bot_delay, |r, key, leaf| {
            r.millis(key, leaf, 0..=MAX_BOT_DELAY_MS)
        });
        set!(self, file.game.movetime_ms => s.movetime, |r, key, leaf| {
            r.millis(key, leaf, MIN_MOVETIME_MS..=MAX_MOVETIME_MS)
        });
        let written = self.keys(&file.keys, &mut s.keys);
        if let Some(mistake) = self.mistake.take() {
            return Err(mistake);
        }
        s.symbols = self.pair(&file.symbols, pair)?;
        self.game_exists(&file.game, s.game)?;
        self.conflicts(&s.keys, &written)?;
        Ok(s)
    }

    /// Each action's keys, set in `bindings`; returns every key with its action and where
    /// it was written, to point at a key bound twice.
    fn keys(&mut self, table: &raw::Keys, bindings: &mut KeyBindings) -> Vec<Bound> {
        let mut written = Vec::new();
        for (name, leaf) in table {
            let Ok(action) = name.get_ref().parse::<Action>() else {
                self.note(self.unknown("keys", name.get_ref(), name.span()));
                continue;
            };
            match self.key_list(action, leaf) {
                Ok(keys) => {
                    bindings.set(action, keys.iter().map(|(key, _)| *key));
                    written.extend(keys.into_iter().map(|(key, span)| (key, action, span)));
                }
                Err(error) => self.note(error),
            }
        }
        written
    }

    // What serde refused, and the file's syntax.

    fn syntax(&self, e: &toml::de::Error) -> ConfigError {
        let message = e.message().trim().replace('\n', "; ");
        let fix = if message.contains("duplicate") {
            "each key and each [table] may appear only once: merge or remove the repeat"
        } else {
            "write `key = value` lines under `[table]` headers, with text in double quotes \
             (first = \"X\"); `tictaclatin config init` writes a correct file to start from"
        };
        let problem = format!("this is not valid TOML: {message}");
        ConfigError {
            position: e.span().map(|span| line_col(self.text, span.start)),
            key: None,
            ..self.error(0..0, "", ErrorKind::Syntax, problem, fix)
        }
    }

    /// serde refuses a key the file does not have, something other than a table where a
    /// table belongs, and (every value being taken as written) nothing else but a number too
    /// big for any integer. Which it was is found from where it was, in the document.
    fn refused(&self, e: &toml::de::Error, document: &DeTable<'_>) -> ConfigError {
        let span = e.span().unwrap_or(0..0);
        let fix = "compare it with the file `tictaclatin config init` writes";
        let Some(raw::Spot { path, value }) = raw::spot(document, &span) else {
            let error = self.error(span, "", ErrorKind::BadValue, e.message(), fix);
            return ConfigError { key: None, ..error };
        };
        let key = path.join(".");
        match (value, path.split_last()) {
            (None, Some((name, tables))) => self.unknown(&tables.join("."), name, span),
            (Some(found), _) if raw::TABLES[1..].contains(&key.as_str()) => {
                let problem = format!("expected a table, found {} {found}", article(found));
                let fix =
                    format!("put a `[{key}]` line on its own, and the keys of [{key}] below it");
                self.error(span, &key, ErrorKind::WrongType, problem, fix)
            }
            _ => {
                let problem = format!("{} is out of range", self.written(&span));
                self.error(span, &key, ErrorKind::BadValue, problem, fix)
            }
        }
    }

    /// A key this table does not have, with the closest known key if it looks like a typo,
    /// or the table it belongs in if it is a known key in the wrong place.
    fn unknown(&self, table: &str, name: &str, span: Range<usize>) -> ConfigError {
        let known = raw::keys_of(table);
        let (here, dotted) = match table {
            "" => ("at the top level".to_string(), name.to_string()),
            _ => (format!("in [{table}]"), format!("{table}.{name}")),
        };
        let mut others = raw::TABLES[1..].iter().filter(|other| **other != table);
        let elsewhere = others.find(|other| raw::keys_of(other).contains(&name));
        let fix = if let Some(suggestion) = did_you_mean(name, known.iter().copied()) {
            format!("did you mean `{suggestion}`?")
        } else if let Some(other) = elsewhere {
            format!("`{name}` belongs in the [{other}] table: move it below a `[{other}]` line")
        } else {
            format!("remove it; the keys {here} are: {}", known.join(", "))
        };
        let problem = format!("unknown key `{name}` {here}");
        self.error(span, &dotted, ErrorKind::UnknownKey, problem, fix)
    }

    // Values of each type.

    fn error(
        &self,
        span: Range<usize>,
        key: &str,
        kind: ErrorKind,
        problem: impl Into<String>,
        fix: impl Into<String>,
    ) -> ConfigError {
        ConfigError {
            origin: self.origin.clone(),
            position: Some(line_col(self.text, span.start)),
            key: Some(key.to_string()),
            kind,
            problem: problem.into(),
            fix: fix.into(),
        }
    }

    /// The text of the file at `span`, as written.
    fn written(&self, span: &Range<usize>) -> &str {
        self.text.get(span.clone()).unwrap_or_default()
    }

    /// A value not of the type expected: what was expected and found.
    fn wrong_type(&self, key: &str, leaf: &Leaf, expected: &str) -> ConfigError {
        let found = leaf.get_ref().type_name();
        let problem = format!("expected {expected}, found {} {found}", article(found));
        let fix = format!("write it like `{} = {}`", last_part(key), example(key));
        self.error(leaf.span(), key, ErrorKind::WrongType, problem, fix)
    }

    fn boolean(&self, key: &str, leaf: &Leaf) -> Checked<bool> {
        match leaf.get_ref() {
            Value::Bool(b) => Ok(*b),
            _ => Err(self.wrong_type(key, leaf, "true or false")),
        }
    }

    fn string<'a>(&self, key: &str, leaf: &'a Leaf) -> Checked<&'a str> {
        match leaf.get_ref() {
            Value::String(text) => Ok(text),
            _ => Err(self.wrong_type(key, leaf, "a string in double quotes")),
        }
    }

    /// A value named by one of an enum's names (`mode = "bot"`).
    fn named<T: FromStr<Err: Display>>(&self, key: &str, leaf: &Leaf) -> Checked<T> {
        let fix = format!("write it like `{} = {}`", last_part(key), example(key));
        let text = self.string(key, leaf)?;
        text.parse().map_err(|e: T::Err| {
            self.error(leaf.span(), key, ErrorKind::BadValue, e.to_string(), fix)
        })
    }

    /// A whole number in `range`, of milliseconds if `unit` says so.
    fn number(
        &self,
        key: &str,
        leaf: &Leaf,
        range: RangeInclusive<i64>,
        unit: &str,
    ) -> Checked<i64> {
        let expected = format!("a whole number{}", unit.replace(' ', " of "));
        let Value::Integer(n) = *leaf.get_ref() else {
            return Err(self.wrong_type(key, leaf, &expected));
        };
        let n = i64::try_from(n).ok().filter(|n| range.contains(n));
        n.ok_or_else(|| {
            let problem = format!("{} is out of range", self.written(&leaf.span()));
            let (start, end, part, example) =
                (range.start(), range.end(), last_part(key), example(key));
            let fix = format!("use {start} to {end}{unit}, e.g. `{part} = {example}`");
            self.error(leaf.span(), key, ErrorKind::BadValue, problem, fix)
        })
    }

    /// A size or a line length: 1 to 255.
    fn whole(&self, key: &str, leaf: &Leaf) -> Checked<Option<u8>> {
        self.number(key, leaf, 1..=255, "")
            .map(|n| u8::try_from(n).ok())
    }

    fn millis(&self, key: &str, leaf: &Leaf, range: RangeInclusive<i64>) -> Checked<Duration> {
        let ms = self.number(key, leaf, range, " milliseconds")?;
        Ok(Duration::from_millis(ms.unsigned_abs()))
    }

    /// `hints = "auto"`, `true` or `false`.
    fn hints(&self, key: &str, leaf: &Leaf) -> Checked<Hints> {
        match leaf.get_ref() {
            Value::Bool(true) => Ok(Hints::On),
            Value::Bool(false) => Ok(Hints::Off),
            Value::String(text) if text == "auto" => Ok(Hints::Auto),
            // "auto" is a string too, so "found a string" would not say what is wrong.
            Value::String(text) => {
                let problem = format!(
                    "expected true, false or \"auto\", found \"{}\"",
                    excerpt(text)
                );
                let fix = "write `hints = true`, `hints = false` or `hints = \"auto\"` (true and \
                           false without quotes)";
                Err(self.error(leaf.span(), key, ErrorKind::BadValue, problem, fix))
            }
            _ => Err(self.wrong_type(key, leaf, "true, false or \"auto\"")),
        }
    }

    // Values with a meaning.

    fn symbol(&self, key: &str, leaf: &Leaf) -> Checked<Symbol> {
        let text = self.string(key, leaf)?;
        Symbol::new(text).map_err(|e| {
            let (problem, fix) = (
                format!("\"{}\" cannot be a symbol: {e}", excerpt(text)),
                e.fix(),
            );
            self.error(leaf.span(), key, ErrorKind::Symbol(e), problem, fix)
        })
    }

    /// The two symbols together. A letter on the wrong side is that side's fault; a clash
    /// is the fault of the one written last (the defaults do not clash).
    fn pair(&self, t: &raw::Symbols, [first, second]: [Symbol; 2]) -> Checked<Symbols> {
        Symbols::new(first, second).map_err(|error| {
            let written = [("symbols.first", &t.first), ("symbols.second", &t.second)];
            let last = written
                .into_iter()
                .max_by_key(|(_, leaf)| leaf.as_ref().map(|leaf| leaf.span().start));
            let own = match &error {
                SymbolsError::OtherSidesLetter { side, .. } => Some(written[*side as usize]),
                _ => None,
            };
            let chosen = own.filter(|(_, leaf)| leaf.is_some()).or(last);
            let (key, leaf) = chosen.unwrap_or(written[0]);
            let span = leaf.as_ref().map_or(0..0, Spanned::span);
            let (problem, fix) = (error.to_string(), error.fix());
            self.error(span, key, ErrorKind::SameSymbol, problem, fix)
        })
    }

    fn name(&self, key: &str, leaf: &Leaf) -> Checked<String> {
        let name = self.string(key, leaf)?;
        let width = name.width();
        let problem = if name.trim().is_empty() {
            "a name cannot be empty".to_string()
        } else if name.chars().any(char::is_control) {
            "a name cannot hold control characters (tabs, newlines...)".to_string()
        } else if width > MAX_NAME_WIDTH {
            format!("\"{name}\" is {width} columns wide; names are at most {MAX_NAME_WIDTH}")
        } else {
            return Ok(name.to_string());
        };
        let fix = format!("use a short name, e.g. `{} = \"Ada\"`", last_part(key));
        Err(self.error(leaf.span(), key, ErrorKind::BadValue, problem, fix))
    }

    fn color(&self, key: &str, leaf: &Leaf) -> Checked<Color> {
        let text = self.string(key, leaf)?;
        text.parse().map_err(|e: UnknownColor| {
            let (problem, fix) = (e.to_string(), e.fix());
            self.error(leaf.span(), key, ErrorKind::UnknownColor, problem, fix)
        })
    }

    /// An action's keys: one key name or a list of them, at least one.
    fn key_list(&self, action: Action, leaf: &Leaf) -> Checked<Vec<(Key, Range<usize>)>> {
        let key = format!("keys.{action}");
        let items = match leaf.get_ref() {
            Value::String(_) => std::slice::from_ref(leaf),
            Value::Array(items) => items.as_slice(),
            _ => return Err(self.wrong_type(&key, leaf, "a key name or a list of key names")),
        };
        if items.is_empty() {
            // An action without a key could never be done, e.g. no way to quit.
            // Debug writes the list as TOML does: `["q", "esc"]`.
            let defaults = action.default_keys();
            let problem = format!("`{action}` has no key: every action needs at least one key");
            let fix = format!(
                "give it a key, e.g. `{action} = {defaults:?}` (its default), or delete the line \
                 to keep the default"
            );
            return Err(self.error(leaf.span(), &key, ErrorKind::NoKey, problem, fix));
        }
        let parse = |item: &Leaf| {
            let parsed = self.string(&key, item)?.parse::<Key>().map_err(|e| {
                let (problem, fix) = (e.to_string(), format!("use {KEY_NAME_HELP}"));
                self.error(item.span(), &key, ErrorKind::KeyName(e), problem, fix)
            })?;
            Ok((parsed, item.span()))
        };
        items.iter().map(parse).collect()
    }

    /// The game, its size and its line length must make a game together; if not, the
    /// first of them in the file is pointed at.
    fn game_exists(&self, t: &raw::Game, choice: GameChoice) -> Checked<()> {
        games::build(choice).map(drop).map_err(|problem| {
            let written = [&t.kind, &t.size, &t.in_a_row].into_iter().flatten();
            let span = written.map(Spanned::span).min_by_key(|span| span.start);
            let fix = "change `kind`, `size` or `in_a_row` in [game] so they name a game, e.g. \
                       `kind = \"classic\"` with `size = 5`";
            let (span, problem) = (span.unwrap_or(0..0), problem.to_string());
            self.error(span, "game", ErrorKind::BadValue, problem, fix)
        })
    }

    /// A key on two actions is an error at its last place in the file (at least one of the
    /// two actions was set there, because the defaults do not clash).
    fn conflicts(&self, bindings: &KeyBindings, written: &[Bound]) -> Checked<()> {
        let Some((key, a, b)) = bindings.conflict() else {
            return Ok(());
        };
        let places = written
            .iter()
            .filter(|(k, action, _)| *k == key && (*action == a || *action == b));
        let last = places.max_by_key(|(_, _, span)| span.start).cloned();
        let (_, action, span) = last.unwrap_or((key, a, 0..0));
        let other = if action == a { b } else { a };
        let note = if written.iter().any(|(_, act, _)| *act == other) {
            String::new()
        } else {
            let defaults = quoted_choices(other.default_keys().iter().copied());
            format!(" (`{other}` keeps its default keys {defaults} unless [keys] sets it)")
        };
        let problem = format!("\"{key}\" is bound to both `{action}` and `{other}`{note}");
        let fix = format!(
            "bind \"{key}\" to one action only: remove it from `{action}`, or set `{other}` to \
             other keys"
        );
        let key = format!("keys.{action}");
        Err(self.error(span, &key, ErrorKind::KeyBoundTwice, problem, fix))
    }
}

/// The last part of a dotted key: `size` for `game.size`.
fn last_part(key: &str) -> &str {
    key.rsplit('.').next().unwrap_or(key)
}

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

    /// Every (table, key) pair the file may hold, for the test that the example documents all.
    pub fn all_keys() -> Vec<(&'static str, &'static str)> {
        let mut all = vec![("", "color")];
        for table in &raw::TABLES[1..] {
            all.extend(raw::keys_of(table).into_iter().map(|key| (*table, key)));
        }
        all
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

    #[test]
    fn values_are_checked_in_the_order_the_file_writes_them() {
        let err = parse_text("[game]\nmode = \"x\"\n[colors]\nfirst = \"nope\"\n").unwrap_err();
        assert_eq!(err.key.as_deref(), Some("game.mode"), "{err}");
        let err = parse_text("[game]\ndifficulty = 1\nkind = \"chess\"\n").unwrap_err();
        assert_eq!(err.key.as_deref(), Some("game.difficulty"), "{err}");
        assert_eq!(err.kind, ErrorKind::WrongType);
        // An unknown action in [keys] is a mistake in its place like any other.
        let err = parse_text("[keys]\nzz = \"x\"\nundo = 5\n").unwrap_err();
        assert_eq!(err.key.as_deref(), Some("keys.zz"), "{err}");
        assert_eq!(err.kind, ErrorKind::UnknownKey);
    }

    #[test]
    fn only_a_table_is_a_table() {
        for (text, key, found) in [
            ("symbols = [\"X\", \"O\"]\n", "symbols", "an array"),
            ("[[names]]\nyou = \"A\"\n", "names", "an array"),
            ("game = 1979-05-27\n", "game", "a datetime"),
            ("keys = 5\n", "keys", "an integer"),
        ] {
            let err = parse_text(text).unwrap_err();
            assert_eq!(err.kind, ErrorKind::WrongType, "{err}");
            assert_eq!(err.key.as_deref(), Some(key), "{err}");
            let problem = format!("expected a table, found {found}");
            assert_eq!(err.problem, problem, "{err}");
        }
    }

    #[test]
    fn numbers_too_big_for_any_setting_are_out_of_range() {
        let huge = "99999999999999999999999999999999999999999999";
        for (text, key) in [
            (format!("[game]\nsize = {huge}\n"), "game.size"),
            (
                format!("[game]\nbot_delay_ms = {huge}\n"),
                "game.bot_delay_ms",
            ),
            (
                "[game]\nmovetime_ms = 99999999999999999999\n".into(),
                "game.movetime_ms",
            ),
            ("[game]\nin_a_row = 0\n".into(), "game.in_a_row"),
        ] {
            let err = parse_text(&text).unwrap_err();
            assert_eq!(err.kind, ErrorKind::BadValue, "{err}");
            assert_eq!(err.key.as_deref(), Some(key), "{err}");
            assert!(err.problem.contains("out of range"), "{err}");
            assert_eq!(err.position.unwrap().0, 2, "{err}");
        }
    }

    #[test]
    fn a_key_below_a_value_is_a_value_of_the_wrong_type() {
        let err = parse_text("[symbols.first]\nx = 1\n").unwrap_err();
        assert_eq!(err.kind, ErrorKind::WrongType);
        assert_eq!(err.key.as_deref(), Some("symbols.first"));
        assert_eq!(
            err.problem,
            "expected a string in double quotes, found a table"
        );
    }

    /// Random bytes and random near-TOML never panic, and every error points inside the file.
    #[test]
    fn no_input_panics() {
        use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};
        #[rustfmt::skip]
        const VALUES: [&str; 20] = [
            "\"🦀\"", "\"x\"", "\"O\"", "\"o\"", "\"h\"", "\"\"", "\"red\"", "\"easy\"",
            "[\"a\", \"ctrl-z\"]", "[]", "[\"h\"]", "[\"ctrl-m\"]", "-7", "5",
            "99999999999999999999999", "1.5", "true", "{ a = 1 }", "1979-05-27", "[1]",
        ];
        const JUNK: [&str; 7] = ["[", "]", "=", "\"", ".", "{", "\\"];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(10);
        let mut kinds = Vec::new();
        for round in 0..3000 {
            let mut text = String::new();
            // Tables in order, each once, with some of their keys: mostly good TOML.
            let mut current = "";
            for (table, key) in all_keys() {
                if table != current && rng.random_bool(0.6) {
                    text += &format!("[{table}]\n");
                    current = table;
                }
                if table == current && rng.random_bool(0.25) {
                    let value = VALUES[rng.random_range(0..VALUES.len())];
                    text += &format!("{key} = {value}\n");
                }
            }
            if round % 4 == 0 && !text.is_empty() {
                let at = text
                    .char_indices()
                    .nth(rng.random_range(0..text.chars().count()));
                text.insert_str(at.unwrap().0, JUNK[rng.random_range(0..JUNK.len())]);
            }
            if round % 10 == 0 {
                let bytes: Vec<u8> = (0..round % 40).map(|_| rng.random()).collect();
                text = String::from_utf8_lossy(&bytes).into_owned();
            }
            match parse_text(&text) {
                Ok(_) => kinds.push(None),
                Err(err) => {
                    let (line, column) = err.position.expect("every file error is located");
                    assert!(line >= 1 && column >= 1, "{text:?}: {err}");
                    assert!(line <= text.lines().count() + 1, "{text:?}: {err}");
                    kinds.push(Some(std::mem::discriminant(&err.kind)));
                }
            }
        }
        kinds.sort_by_key(|kind| format!("{kind:?}"));
        kinds.dedup();
        assert!(kinds.len() >= 8, "the files reach most checks: {kinds:?}");
    }
}

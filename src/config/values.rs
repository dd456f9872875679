//! How serde reads each kind of value in the config file. A setting's reader takes one TOML
//! type, named as messages name it (serde says "expected …" for a value of another type); a
//! value of that type it cannot take it refuses with a [`Mistake`]: the kind, the problem
//! and how to fix it.

use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::time::Duration;

use serde::Deserialize;
use serde::de::value::MapAccessDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use unicode_width::UnicodeWidthStr;

use super::keys::{Action, KEY_NAME_HELP, Key, KeyBindings};
use super::{Color, ErrorKind, GameSettings, Hints, MAX_NAME_WIDTH, Symbol, parse_color};
use crate::core::Difficulty;
use crate::core::session::{First, Mode};
use crate::games::GameKind;

/// Why a value of the right TOML type cannot be its setting.
#[derive(Debug)]
pub struct Mistake {
    pub kind: ErrorKind,
    pub problem: String,
    pub fix: Fix,
}

#[derive(Debug)]
pub enum Fix {
    Say(String),
    /// Words an example of the key completes: "write it like" `mode = "bot"`.
    Example(String),
}

thread_local! {
    /// The mistake behind the value serde stopped at. serde's errors carry only text, and a
    /// message needs more (the kind of mistake, how to fix it), so a reader leaves it here
    /// for [`read`], which takes it as soon as serde returns.
    static REFUSED: Cell<Option<Mistake>> = const { Cell::new(None) };
}

/// Runs `serde`, and with its error the mistake a reader refused a value with, if that is
/// what stopped it.
pub fn read<T>(
    serde: impl FnOnce() -> Result<T, toml::de::Error>,
) -> Result<T, (toml::de::Error, Option<Mistake>)> {
    REFUSED.take();
    serde().map_err(|error| {
        let mistake = REFUSED
            .take()
            .filter(|mistake| mistake.problem == error.message());
        (error, mistake)
    })
}

fn refuse<E: de::Error>(kind: ErrorKind, problem: String, fix: Fix) -> E {
    let error = E::custom(&problem);
    REFUSED.set(Some(Mistake { kind, problem, fix }));
    error
}

const STRING: &str = "a string in double quotes";

/// serde's visitor for a value of the one TOML type `T` stands for; `.0` is what messages
/// call it.
struct Takes<T>(&'static str, PhantomData<T>);

fn takes<'de, D: Deserializer<'de>, T>(d: D, expected: &'static str) -> Result<T, D::Error>
where
    Takes<T>: Visitor<'de, Value = T>,
{
    d.deserialize_any(Takes(expected, PhantomData))
}

macro_rules! visit {
    ($type:ty: $(fn $visit:ident($value:ty) $body:expr;)+) => {
        impl Visitor<'_> for Takes<$type> {
            type Value = $type;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.0)
            }

            $(fn $visit<E: de::Error>(self, v: $value) -> Result<$type, E> {
                #[allow(clippy::redundant_closure_call)]
                ($body)(v)
            })+
        }
    };
}

visit!(bool: fn visit_bool(bool) Ok;);
visit!(String: fn visit_str(&str) |text: &str| Ok(text.to_string()););
// Wider than any setting, so a number too big for one is "out of range".
visit!(i128:
    fn visit_i64(i64) |n| Ok(i128::from(n));
    fn visit_u64(u64) |n| Ok(i128::from(n));
    fn visit_i128(i128) Ok;
    fn visit_u128(u128) |n| Ok(i128::try_from(n).unwrap_or(i128::MAX));
);
visit!(Hints:
    fn visit_bool(bool) |on| Ok(if on { Hints::On } else { Hints::Off });
    fn visit_str(&str) |text: &str| match text {
        "auto" => Ok(Hints::Auto),
        // "auto" is a string too, so "found a string" would not say what is wrong.
        _ => Err(refuse(ErrorKind::BadValue, format!("expected true, false or \"auto\", found {text:?}"),
            Fix::Say("write `hints = true`, `hints = false` or `hints = \"auto\"` (true and false \
                      without quotes)".into()))),
    };
);

pub fn boolean<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    takes(d, "true or false").map(Some)
}

/// A name shown beside the symbols.
pub fn name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let name: String = takes(d, STRING)?;
    let width = name.width();
    let problem = if name.trim().is_empty() {
        "a name cannot be empty".to_string()
    } else if name.chars().any(char::is_control) {
        "a name cannot hold control characters (tabs, newlines...)".to_string()
    } else if width > MAX_NAME_WIDTH {
        format!("\"{name}\" is {width} columns wide; names are at most {MAX_NAME_WIDTH}")
    } else {
        return Ok(name);
    };
    let fix = Fix::Example("use a short name, e.g.".into());
    Err(refuse(ErrorKind::BadValue, problem, fix))
}

pub fn color<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
    let text: String = takes(d, STRING)?;
    parse_color(&text)
        .map_err(|e| refuse(ErrorKind::UnknownColor, e.to_string(), Fix::Say(e.fix())))
}

/// A size or a line length: 1 to 255.
pub fn count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    let n = whole(d, "a whole number", 1..=255, "")?;
    Ok(u8::try_from(n).ok())
}

pub fn millis<'de, const MIN: u64, const MAX: u64, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<Duration>, D::Error> {
    let ms = whole(
        d,
        "a whole number of milliseconds",
        MIN..=MAX,
        " milliseconds",
    )?;
    Ok(Some(Duration::from_millis(ms)))
}

fn whole<'de, D: Deserializer<'de>>(
    d: D,
    expected: &'static str,
    range: RangeInclusive<u64>,
    unit: &str,
) -> Result<u64, D::Error> {
    let n: i128 = takes(d, expected)?;
    let in_range = u64::try_from(n).ok().filter(|n| range.contains(n));
    in_range.ok_or_else(|| {
        let fix = format!("use {} to {}{unit}, e.g.", range.start(), range.end());
        refuse(ErrorKind::BadValue, OUT_OF_RANGE.into(), Fix::Example(fix))
    })
}

/// The problem with a number out of range; the file's reader puts the number in front, as
/// written (`1_000`, `0x10`).
pub const OUT_OF_RANGE: &str = "is out of range";

/// Reads a table, and only a table: a derived struct would also take an array of its values
/// in order (`symbols = ["X", "O"]`), which the file format does not have.
pub fn table<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    struct Table<T>(PhantomData<T>);

    impl<'de, T: Deserialize<'de>> Visitor<'de> for Table<T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a table")
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
            T::deserialize(MapAccessDeserializer::new(map))
        }
    }

    d.deserialize_map(Table(PhantomData)).map(Some)
}

pub fn game_table<'de, D: Deserializer<'de>>(d: D) -> Result<GameSettings, D::Error> {
    table(d).map(Option::unwrap_or_default)
}

/// Settings written as one of their names (`mode = "bot"`).
macro_rules! named {
    ($($type:ty),+) => {$(
        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$type, D::Error> {
                let text: String = takes(d, STRING)?;
                text.parse().map_err(|e: <$type as FromStr>::Err| {
                    refuse(ErrorKind::BadValue, e.to_string(), Fix::Example("write it like".into()))
                })
            }
        }
    )+};
}

named!(GameKind, Mode, First, Difficulty);

impl<'de> Deserialize<'de> for Symbol {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Symbol, D::Error> {
        let text: String = takes(d, STRING)?;
        Symbol::new(&text).map_err(|e| {
            let (problem, fix) = (format!("{text:?} cannot be a symbol: {e}"), e.fix());
            refuse(ErrorKind::Symbol(e), problem, Fix::Say(fix.into()))
        })
    }
}

impl<'de> Deserialize<'de> for Hints {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hints, D::Error> {
        takes(d, "true, false or \"auto\"")
    }
}

/// An action's name, as a key of `[keys]`.
impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let name: String = takes(d, STRING)?;
        name.parse()
            .map_err(|_| de::Error::unknown_field(&name, &Action::NAMES))
    }
}

// A list's items are located only by an error raised while its item is read.
visit!(Key: fn visit_str(&str) key;);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        takes(d, STRING)
    }
}

fn key<E: de::Error>(name: &str) -> Result<Key, E> {
    name.parse().map_err(|e: super::KeyNameError| {
        let (problem, fix) = (e.to_string(), Fix::Say(format!("use {KEY_NAME_HELP}")));
        refuse(ErrorKind::KeyName(e), problem, fix)
    })
}

/// `[keys]`: the actions it names get the keys given, the others keep their own.
impl<'de> Deserialize<'de> for KeyBindings {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<KeyBindings, D::Error> {
        d.deserialize_map(Bindings)
    }
}

struct Bindings;

impl<'de> Visitor<'de> for Bindings {
    type Value = KeyBindings;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a table")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<KeyBindings, A::Error> {
        let mut bindings = KeyBindings::default();
        while let Some(action) = map.next_key::<Action>()? {
            bindings.set(action, map.next_value_seed(KeysOf(action))?);
        }
        Ok(bindings)
    }
}

/// An action's keys: one key name or a list of them, at least one.
struct KeysOf(Action);

impl<'de> DeserializeSeed<'de> for KeysOf {
    type Value = Vec<Key>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Key>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for KeysOf {
    type Value = Vec<Key>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key name or a list of key names")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Vec<Key>, E> {
        key(name).map(|key| vec![key])
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Key>, A::Error> {
        let mut keys = Vec::new();
        while let Some(key) = seq.next_element()? {
            keys.push(key);
        }
        if !keys.is_empty() {
            return Ok(keys);
        }
        // An action without a key could never be done, e.g. no way to quit. Debug writes
        // the list as TOML does: `["q", "esc"]`.
        let (action, defaults) = (self.0, self.0.default_keys());
        let problem = format!("`{action}` has no key: every action needs at least one key");
        let fix = format!(
            "give it a key, e.g. `{action} = {defaults:?}` (its default), or delete the line to \
             keep the default"
        );
        Err(refuse(ErrorKind::NoKey, problem, Fix::Say(fix)))
    }
}

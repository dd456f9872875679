//! How serde reads the config file's values. Each setting takes one TOML type (serde says
//! what it expected of another), and refuses a value of that type which is not a setting
//! with a [`Mistake`]: its kind, the problem and how to fix it.

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

use super::{Color, ErrorKind, GameSettings, Hints, MAX_NAME_WIDTH, parse_color};
use crate::core::words::{escape, excerpt};
use crate::keys::{Action, KEY_NAME_HELP, Key, KeyBindings};
use crate::symbols::Symbol;

/// Why a value is not a setting. [`EXAMPLE`] in the fix stands for an example of the key.
#[derive(Debug)]
pub struct Mistake {
    pub kind: ErrorKind,
    pub problem: String,
    pub fix: String,
}

pub const EXAMPLE: &str = "{example}";
/// The problem of a number out of range: the file's reader writes the number before it, as
/// the file does (`1_000`).
pub const OUT_OF_RANGE: &str = "is out of range";

thread_local! {
    /// The mistake behind the value serde stopped at: serde's errors carry only text, so a
    /// reader leaves the mistake here, and [`read`] takes it as soon as serde returns.
    static REFUSED: Cell<Option<Mistake>> = const { Cell::new(None) };
}

/// Runs serde; with its error, the mistake a value was refused for, if that stopped it.
pub fn read<T>(
    serde: impl FnOnce() -> Result<T, toml::de::Error>,
) -> Result<T, (toml::de::Error, Option<Mistake>)> {
    REFUSED.take();
    serde().map_err(|e| {
        let mistake = REFUSED
            .take()
            .filter(|mistake| mistake.problem == e.message());
        (e, mistake)
    })
}

fn refuse<E: de::Error>(kind: ErrorKind, problem: String, fix: impl Into<String>) -> E {
    let error = E::custom(&problem);
    let fix = fix.into();
    REFUSED.set(Some(Mistake { kind, problem, fix }));
    error
}

pub fn name<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let name = String::deserialize(d)?;
    let width = name.width();
    let problem = if name.trim().is_empty() {
        "a name cannot be empty".to_string()
    } else if escape(&name) != name.as_str() {
        "a name cannot hold control characters (tabs, newlines...)".to_string()
    } else if width > MAX_NAME_WIDTH {
        format!(
            "\"{}\" is {width} columns wide; names are at most {MAX_NAME_WIDTH}",
            excerpt(&name)
        )
    } else {
        return Ok(name);
    };
    let fix = format!("use a short name, e.g. {EXAMPLE}");
    Err(refuse(ErrorKind::BadValue, problem, fix))
}

pub fn symbol<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Symbol>, D::Error> {
    let text = String::deserialize(d)?;
    Symbol::new(&text).map(Some).map_err(|e| {
        let problem = format!("\"{}\" cannot be a symbol: {e}", excerpt(&text));
        refuse(ErrorKind::Symbol(e.clone()), problem, e.fix())
    })
}

pub fn color<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
    let text = String::deserialize(d)?;
    parse_color(&text).map_err(|e| refuse(ErrorKind::UnknownColor, e.to_string(), e.fix()))
}

/// A size or a line length: 1 to 255.
pub fn count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    Ok(u8::try_from(whole(d, 1..=255, "")?).ok())
}

pub fn millis<'de, const MIN: u64, const MAX: u64, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<Duration>, D::Error> {
    let ms = whole(d, MIN..=MAX, " milliseconds")?;
    Ok(Some(Duration::from_millis(ms)))
}

/// A whole number in `range`. Read wider than any setting, so that a number too big for one
/// is out of range rather than of another type.
fn whole<'de, D: Deserializer<'de>>(
    d: D,
    range: RangeInclusive<u64>,
    unit: &str,
) -> Result<u64, D::Error> {
    let n = u64::try_from(i128::deserialize(d)?).ok();
    let (start, end) = (range.start(), range.end());
    n.filter(|n| range.contains(n)).ok_or_else(|| {
        let fix = format!("use {start} to {end}{unit}, e.g. {EXAMPLE}");
        refuse(ErrorKind::BadValue, OUT_OF_RANGE.into(), fix)
    })
}

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

/// A setting written as one of its names (`mode = "bot"`): the engine's own `FromStr`, so
/// the file and the flags take the same words.
pub fn named<'de, D: Deserializer<'de>, T: FromStr>(d: D) -> Result<Option<T>, D::Error>
where
    T::Err: fmt::Display,
{
    let fix = format!("write it like {EXAMPLE}");
    let parsed = String::deserialize(d)?.parse().map(Some);
    parsed.map_err(|e: T::Err| refuse(ErrorKind::BadValue, e.to_string(), fix))
}

/// `hints = true`, `false` or `"auto"`.
impl<'de> Deserialize<'de> for Hints {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hints, D::Error> {
        struct Auto;

        impl Visitor<'_> for Auto {
            type Value = Hints;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("true, false or \"auto\"")
            }

            fn visit_bool<E: de::Error>(self, on: bool) -> Result<Hints, E> {
                Ok(if on { Hints::On } else { Hints::Off })
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Hints, E> {
                if text == "auto" {
                    return Ok(Hints::Auto);
                }
                // "auto" is a string too, so "found a string" would not say what is wrong.
                let problem = format!(
                    "expected true, false or \"auto\", found \"{}\"",
                    excerpt(text)
                );
                let fix = "write `hints = true`, `hints = false` or `hints = \"auto\"` (true \
                           and false without quotes)";
                Err(refuse(ErrorKind::BadValue, problem, fix))
            }
        }

        d.deserialize_any(Auto)
    }
}

/// `[keys]`: the actions it names get the keys given, the others keep their own.
pub fn keys<'de, D: Deserializer<'de>>(d: D) -> Result<Option<KeyBindings>, D::Error> {
    struct Bindings;

    impl<'de> Visitor<'de> for Bindings {
        type Value = KeyBindings;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a table")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<KeyBindings, A::Error> {
            let mut bindings = KeyBindings::default();
            let mut set = Vec::new();
            while let Some(action) = map.next_key()? {
                let item = false;
                bindings.set(action, map.next_value_seed(KeysOf { action, item })?);
                set.push(action);
            }
            bindings.back_yields_to(&set);
            Ok(bindings)
        }
    }

    d.deserialize_map(Bindings).map(Some)
}

/// An action's keys: one key name or a list of at least one (an action without a key could
/// never be done); as an `item` of the list, one key name, read here so that a mistake is
/// located at the item.
#[derive(Clone, Copy)]
struct KeysOf {
    action: Action,
    item: bool,
}

impl<'de> DeserializeSeed<'de> for KeysOf {
    type Value = Vec<Key>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Key>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for KeysOf {
    type Value = Vec<Key>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.item {
            true => f.write_str("a string"),
            false => f.write_str("a key name or a list of key names"),
        }
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Vec<Key>, E> {
        let key = name.parse().map_err(|e: crate::keys::KeyNameError| {
            let fix = format!("use {KEY_NAME_HELP}");
            refuse(ErrorKind::KeyName(e.clone()), e.to_string(), fix)
        })?;
        Ok(vec![key])
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Key>, A::Error> {
        if self.item {
            return Err(de::Error::invalid_type(de::Unexpected::Seq, &self));
        }
        let mut keys = Vec::new();
        let item = KeysOf { item: true, ..self };
        while let Some(key) = seq.next_element_seed(item)? {
            keys.extend(key);
        }
        if !keys.is_empty() {
            return Ok(keys);
        }
        let action = self.action;
        let problem = format!("`{action}` has no key: every action needs at least one key");
        // Debug writes the list as TOML does: `["q", "esc"]`.
        let fix = format!(
            "give it a key, e.g. `{action} = {:?}` (its default), or delete the line to keep \
             the default",
            action.default_keys()
        );
        Err(refuse(ErrorKind::NoKey, problem, fix))
    }
}

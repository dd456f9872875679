//! The shape of the config file as serde reads it: which tables there are and which keys
//! each holds. Every value is kept as written, with its span, and checked by the layer in
//! `file.rs`, which knows the key and can say what it expected. So serde refuses only what
//! no setting could mean: a key the file does not have (`deny_unknown_fields`), or something
//! other than a table where a table belongs.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;
use std::ops::Range;

use serde::Deserialize;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
use toml::Spanned;
use toml::de::DeTable;

use super::keys::Action;

/// A value with where it was written.
pub type Leaf = Spanned<Value>;

/// Each action's keys, by the action's name (the layer knows the actions).
pub type Keys = BTreeMap<Spanned<String>, Leaf>;

/// Declares the file's shape: `color`, the tables of values (each a struct of its keys, all
/// optional) and `keys`; and lists the tables and their keys for messages ([`keys_of`]), so
/// each key is written once.
macro_rules! config_shape {
    ($($name:ident: $table:ident { $($key:ident),+ })+) => {
        /// The whole file; what it leaves out keeps its default.
        #[derive(Deserialize, Default, Debug)]
        #[serde(default, deny_unknown_fields)]
        pub struct File {
            pub color: Option<Leaf>,
            $(#[serde(deserialize_with = "table")] pub $name: $table,)+
            pub keys: Keys,
        }

        $(
            #[derive(Deserialize, Default, Debug)]
            #[serde(deny_unknown_fields)]
            pub struct $table {
                $(pub $key: Option<Leaf>,)+
            }
        )+

        /// The tables, top level first.
        pub const TABLES: [&str; 6] = ["", $(stringify!($name),)+ "keys"];

        const KEYS: &[(&str, &[&str])] = &[$((stringify!($name), &[$(stringify!($key)),+])),+];
    };
}

config_shape! {
    symbols: Symbols { first, second }
    names: Names { first, second, you, bot }
    colors: Colors { first, second, highlight, hint_win, hint_draw, hint_loss }
    game: Game {
        kind, size, in_a_row, mode, first, difficulty, hints, bot_delay_ms, movetime_ms
    }
}

/// The keys of each table (`""` is the top level), for messages: the key closest to a
/// typo, or the table a misplaced key belongs in. A test checks they are serde's.
pub fn keys_of(table: &str) -> Vec<&'static str> {
    match KEYS.iter().find(|(name, _)| *name == table) {
        Some((_, keys)) => keys.to_vec(),
        None if table.is_empty() => [&["color"][..], &TABLES[1..]].concat(),
        None if table == "keys" => Action::ALL.iter().map(|a| a.name()).collect(),
        None => vec![],
    }
}

/// A value as the file wrote it, of any TOML type.
#[derive(Clone, PartialEq, Debug)]
pub enum Value {
    String(String),
    Bool(bool),
    /// Wider than any setting, so a number too big for one is "out of range".
    Integer(i128),
    Array(Vec<Leaf>),
    /// A float, a date or a table, which no setting takes: its TOML type, for the message.
    Other(&'static str),
}

impl Value {
    /// The TOML type, as messages name it (`integer`, `string`...).
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::String(_) => "string",
            Value::Bool(_) => "boolean",
            Value::Integer(_) => "integer",
            Value::Array(_) => "array",
            Value::Other(name) => name,
        }
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a TOML value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::Integer(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::Integer(n.into()))
    }

    fn visit_i128<E>(self, n: i128) -> Result<Value, E> {
        Ok(Value::Integer(n))
    }

    fn visit_u128<E>(self, n: u128) -> Result<Value, E> {
        Ok(Value::Integer(i128::try_from(n).unwrap_or(i128::MAX)))
    }

    fn visit_f64<E>(self, _: f64) -> Result<Value, E> {
        Ok(Value::Other("float"))
    }

    fn visit_str<E>(self, text: &str) -> Result<Value, E> {
        Ok(Value::String(text.to_string()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Value, A::Error> {
        Vec::deserialize(SeqAccessDeserializer::new(seq)).map(Value::Array)
    }

    /// A table, or a date: toml hands dates over as a map with one private key.
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let first: Option<String> = map.next_key()?;
        let date = first.is_some_and(|key| key.contains("datetime"));
        Ok(Value::Other(if date { "datetime" } else { "table" }))
    }
}

/// Reads a table of the file, and only a table: a derived struct would also take an array
/// of its values in order (`symbols = ["X", "O"]`), which the file format does not have.
fn table<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<T, D::Error> {
    struct TableVisitor<T>(PhantomData<T>);

    impl<'de, T: Deserialize<'de>> Visitor<'de> for TableVisitor<T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a table")
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
            T::deserialize(MapAccessDeserializer::new(map))
        }
    }

    deserializer.deserialize_map(TableVisitor(PhantomData))
}

/// What serde refused, found in the document by its span: a key, or a value of some type.
#[derive(PartialEq, Debug)]
pub struct Spot {
    /// The keys from the top level to it: `["game", "zeta"]`.
    pub path: Vec<String>,
    /// The TOML type of the value there; `None` when the span is the key itself.
    pub value: Option<&'static str>,
}

/// The key or value of `document` at exactly `span`.
pub fn spot(document: &DeTable<'_>, span: &Range<usize>) -> Option<Spot> {
    document.iter().find_map(|(key, value)| {
        let name = key.get_ref().to_string();
        let (at_key, at_value) = (key.span() == *span, value.span() == *span);
        let mut found = if at_key || at_value {
            Spot {
                path: vec![],
                value: at_value.then(|| value.get_ref().type_str()),
            }
        } else {
            spot(value.get_ref().as_table()?, span)?
        };
        found.path.insert(0, name);
        Some(found)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<File, toml::de::Error> {
        toml::from_str(text)
    }

    /// serde's own list of a table's keys, from its message for a key it does not know.
    fn serde_keys(table: &str) -> Vec<String> {
        let text = if table.is_empty() {
            "\"?\" = 1".to_string()
        } else {
            format!("[{table}]\n\"?\" = 1")
        };
        let Err(err) = read(&text) else {
            panic!("[{table}] took an unknown key");
        };
        let expected = err.message().split_once("expected").unwrap().1;
        expected
            .split('`')
            .skip(1)
            .step_by(2)
            .map(String::from)
            .collect()
    }

    #[test]
    fn the_keys_offered_in_messages_are_the_keys_serde_reads() {
        for table in TABLES.into_iter().filter(|table| *table != "keys") {
            assert_eq!(serde_keys(table), keys_of(table), "[{table}]");
        }
    }

    #[test]
    fn values_of_every_type_are_kept_as_written() {
        let text = "color = 1.5\n[game]\nkind = 1979-05-27\nsize = 99999999999999999999\n\
                    mode = {a = 1}\nfirst = [\"x\", true]\n";
        let file = read(text).unwrap();
        let value = |leaf: &Option<Leaf>| leaf.as_ref().unwrap().get_ref().clone();
        assert_eq!(value(&file.color), Value::Other("float"));
        assert_eq!(value(&file.game.kind), Value::Other("datetime"));
        assert_eq!(value(&file.game.size), Value::Integer(99999999999999999999));
        assert_eq!(value(&file.game.mode), Value::Other("table"));
        let Value::Array(items) = value(&file.game.first) else {
            panic!("an array");
        };
        let at = text.find("true").unwrap();
        assert_eq!(items[1].get_ref(), &Value::Bool(true));
        assert_eq!(items[1].span(), at..at + 4);
    }

    #[test]
    fn only_a_table_is_a_table() {
        for text in ["symbols = [\"X\", \"O\"]", "game = 1", "[[names]]\n"] {
            let err = read(text).unwrap_err();
            let document = DeTable::parse(text).unwrap();
            let found = spot(document.get_ref(), &err.span().unwrap()).unwrap();
            assert_eq!(found.path.len(), 1, "{text}");
            assert!(found.value.is_some(), "{text}");
        }
    }

    #[test]
    fn a_refused_key_is_found_by_its_span() {
        let text = "[game]\nmode = \"bot\"\n[names]\nbot = \"B\"\nbta = \"x\"\n";
        let err = read(text).unwrap_err();
        let document = DeTable::parse(text).unwrap();
        let found = spot(document.get_ref(), &err.span().unwrap()).unwrap();
        assert_eq!(found.path, ["names", "bta"]);
        assert_eq!(found.value, None);
    }
}

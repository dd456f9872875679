//! What can be wrong with the settings, said so a person can fix it: where (file, line,
//! column, key), what was expected, and what to do.

use std::fmt;
use std::path::PathBuf;

use crate::core::words::shortened;

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Origin {
    File(PathBuf),
    Env(String),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::File(path) => write!(f, "{}", path.display()),
            Origin::Env(name) => write!(f, "environment variable {name}"),
        }
    }
}

/// The kind of mistake, so callers and tests can tell them apart without reading prose.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    Syntax,
    /// A value of the wrong TOML type, e.g. a number where a string belongs.
    WrongType,
    UnknownKey,
    /// A symbol that is not one visible character.
    Symbol(crate::symbols::SymbolError),
    /// Both sides with the same symbol, or a side with the other side's letter (O first).
    SameSymbol,
    UnknownColor,
    /// A key name that is unknown or reserved (ctrl-c, the digits 1-4).
    KeyName(crate::keys::KeyNameError),
    KeyBoundTwice,
    /// An action given an empty list of keys, so it could never be done.
    NoKey,
    /// A value of the right type but not one of the allowed ones (a mode, a delay...).
    BadValue,
    Unreadable,
    /// A file named explicitly (`--config`, `TICTACLATIN_CONFIG`) does not exist.
    Missing,
}

/// Display gives one line saying where and what, and a second saying how to fix it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConfigError {
    pub origin: Origin,
    /// 1-based line and column (in characters) within the file, when known.
    pub position: Option<(usize, usize)>,
    /// The dotted key, e.g. `symbols.first`, when the problem is with one key.
    pub key: Option<String>,
    pub kind: ErrorKind,
    /// Including what was expected.
    pub problem: String,
    pub fix: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.origin)?;
        if let Some((line, col)) = self.position {
            write!(f, ":{line}:{col} (line {line}, column {col})")?;
        }
        f.write_str(": ")?;
        if let Some(key) = &self.key {
            write!(f, "key `{}`: ", shortened(key))?;
        }
        write!(f, "{}\n  fix: {}", self.problem, self.fix)
    }
}

impl std::error::Error for ConfigError {}

impl ConfigError {
    /// A mistake not located in a file (yet) nor at a key: an environment variable's, or a
    /// whole file's.
    pub fn new(origin: Origin, kind: ErrorKind, problem: String, fix: String) -> ConfigError {
        let (position, key) = (None, None);
        ConfigError {
            origin,
            position,
            key,
            kind,
            problem,
            fix,
        }
    }
}

/// The 1-based line and column (counted in characters) of a byte offset in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..text.floor_char_boundary(offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// The known name closest to a typo, if it is close enough to be what was meant: at most
/// two edits (a transposition counts as one), and fewer edits than the word is long.
pub fn did_you_mean<'a>(typo: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typo = typo.to_lowercase();
    known
        .into_iter()
        .map(|name| (strsim::osa_distance(&typo, name), name))
        .filter(|&(distance, name)| distance <= 2 && distance < name.len().min(typo.len()).max(1))
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_map_to_lines_and_character_columns() {
        let text = "a = 1\n[symbols]\nfirst = \"🦀\" x\n";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 4), (1, 5));
        assert_eq!(line_col(text, 6), (2, 1));
        let x = text.find(" x").unwrap() + 1;
        // The crab is four bytes but one column of text.
        assert_eq!(line_col(text, x), (3, 13));
        assert_eq!(line_col(text, 10_000).0, 4);
    }

    #[test]
    fn typos_get_a_suggestion_and_nonsense_does_not() {
        let known = ["first", "second", "highlight"];
        assert_eq!(did_you_mean("frist", known), Some("first"));
        assert_eq!(did_you_mean("secnod", known), Some("second"));
        assert_eq!(did_you_mean("Higlight", known), Some("highlight"));
        assert_eq!(did_you_mean("banana", known), None);
        assert_eq!(did_you_mean("x", known), None);
    }
}

//! What the game remembers between sessions in the data directory: the record of results, an
//! unfinished game of each game and the kept records. A file that cannot be used (damaged, or
//! from a newer version) is moved aside to the first free `*.bak`, with a notice to show once.

mod files;
mod memory;
mod records;
mod saved;
mod stats;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::core::bounded::{self, Kind};
use crate::core::words::escape;

pub use files::{FileLock, backup_path, file_name, free_backup_path, write_atomic};
pub(crate) use memory::Ownership;
pub use memory::{Memory, menu_record_key, record_key};
pub use records::write_new_record;
pub use saved::{BadGame, SavedGame};
pub(crate) use stats::Standing;
pub use stats::{Counted, Puzzles, RecordKey, Stats};

/// The format version this program writes and the newest it reads. Version 2 names the
/// game of each record and saved game; files of version 1 hold Tic-Tac-Latin only.
pub const VERSION: u32 = 2;

/// The game of files written before games were named.
const FIRST_GAME: &str = "latin";

/// The environment variable that moves the data directory (for tests, or a portable setup).
pub const DATA_DIR_VAR: &str = "TICTACLATIN_DATA_DIR";

const STATS_FILE: &str = "stats.toml";
/// Tic-Tac-Latin's unfinished game (the name it always had); other games add their key:
/// `saved-game-classic-5.toml`.
const GAME_FILE: &str = "saved-game.toml";

pub fn game_file_name(game_key: &str) -> String {
    match game_key {
        FIRST_GAME => GAME_FILE.to_string(),
        _ => format!("saved-game-{game_key}.toml"),
    }
}

/// The data directory: `TICTACLATIN_DATA_DIR` if set, else the platform's. `None` without
/// a home directory.
pub fn data_dir() -> Option<PathBuf> {
    let named = std::env::var_os(DATA_DIR_VAR).filter(|v| !v.is_empty());
    named.map(PathBuf::from).or_else(|| {
        directories::ProjectDirs::from("", "", "tictaclatin").map(|d| d.data_dir().to_path_buf())
    })
}

/// A loaded value and, when its file could not be used, the notice to show the user once.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Loaded<T> {
    pub value: T,
    /// The full account: the file's path, why it could not be used, what was done with it.
    pub notice: Option<String>,
    /// The same in one line for a small screen, with the file's name only; `Some` exactly
    /// when `notice` is.
    pub brief: Option<String>,
}

impl<T> Loaded<T> {
    fn quiet(value: T) -> Loaded<T> {
        Loaded {
            value,
            notice: None,
            brief: None,
        }
    }

    /// A value standing in for a file that could not be used, with what to tell: escaped,
    /// for the screen too (a file's name, a damaged file's words, are anyone's).
    fn told(value: T, (notice, brief): (String, String)) -> Loaded<T> {
        Loaded {
            value,
            notice: Some(escape(&notice).into_owned()),
            brief: Some(escape(&brief).into_owned()),
        }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("could not save {what} to {}: {error}", escape(&.path.display().to_string()))]
pub struct StoreError {
    /// What was being kept, e.g. "your unfinished game".
    pub what: &'static str,
    pub path: PathBuf,
    pub error: io::Error,
}

impl StoreError {
    fn about<'a>(
        what: &'static str,
        path: &'a Path,
    ) -> impl Fn(io::Error) -> StoreError + Copy + 'a {
        move |error| StoreError {
            what,
            path: path.to_path_buf(),
            error,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Access {
    Save,
    /// The game with `--no-save`: nothing is written, renamed or removed.
    NoSave,
    /// A command that only looks (`tictaclatin stats`): nothing is written either, and an
    /// unusable file is left for the game to set aside.
    Inspect,
}

/// The saved files in one directory. With saving off (`--no-save`) or when only inspecting,
/// nothing is ever written, renamed or removed; loading still works.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Store {
    dir: PathBuf,
    access: Access,
}

impl Store {
    pub fn new(dir: PathBuf, save: bool) -> Store {
        let access = if save { Access::Save } else { Access::NoSave };
        Store { dir, access }
    }

    /// A store that only reads, for commands that report what is saved. Its notices say
    /// that an unusable file was left as it is, for the game to move aside.
    pub fn inspect(dir: PathBuf) -> Store {
        let access = Access::Inspect;
        Store { dir, access }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn saves(&self) -> bool {
        self.access == Access::Save
    }

    /// Why the data directory cannot hold files: it, or a folder above it, is a file. A
    /// plain "Not a directory" from reading `stats.toml` inside it would blame that file.
    pub fn dir_problem(&self) -> Option<String> {
        let existing = self.dir.ancestors().find(|p| p.exists())?;
        if existing.is_dir() {
            return None;
        }
        let dir = self.dir.display();
        let problem = match existing == self.dir {
            true => format!("the data directory {dir} is not a directory"),
            false => format!(
                "the data directory {dir} cannot be made: {} is not a directory",
                existing.display()
            ),
        };
        Some(format!(
            "{problem}; move that file away or set {DATA_DIR_VAR} to a directory"
        ))
    }

    fn usable_dir(&self) -> io::Result<()> {
        match self.dir_problem() {
            Some(problem) => Err(io::Error::new(io::ErrorKind::NotADirectory, problem)),
            None => Ok(()),
        }
    }

    pub fn stats_path(&self) -> PathBuf {
        self.dir.join(STATS_FILE)
    }

    pub fn game_path(&self, game_key: &str) -> PathBuf {
        self.dir.join(game_file_name(game_key))
    }

    /// `None` if the file does not exist; set aside with a notice if it cannot be used.
    fn load<T>(
        &self,
        path: &Path,
        (what, kind): (&str, &Kind),
        parse: impl Fn(&str) -> Result<T, Unusable>,
    ) -> Loaded<Option<T>> {
        let result = match bounded::read_text_file(path, kind) {
            Ok(text) => parse(&text),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Loaded::quiet(None),
            Err(e) => Err(Unusable::Unreadable(e.to_string())),
        };
        match result {
            Ok(value) => Loaded::quiet(Some(value)),
            // A newer version's unfinished game stays where that version will look for it;
            // this one does not play it, nor write over it (see `newer_file`).
            Err(why @ Unusable::Newer(_)) if what == GAME => {
                let notice = format!(
                    "Could not use {what} in {}: {why}. It was left as it is for that version, \
                     and games of it played here are not saved over it.",
                    path.display()
                );
                let brief = format!("{}; left as it is", why.brief(&file_name(path)));
                Loaded::told(None, (notice, brief))
            }
            Err(why) => Loaded::told(None, self.set_aside(path, what, &why)),
        }
    }

    /// Moves an unusable file to the first free backup name (earlier backups are kept) and
    /// says what happened: in full, and in one line (see [`Loaded::brief`]).
    fn set_aside(&self, path: &Path, what: &str, why: &Unusable) -> (String, String) {
        let problem = format!("Could not use {what} in {}: {why}", path.display());
        let brief = why.brief(&file_name(path));
        let backup = free_backup_path(path);
        // A record starts again from nothing; an unfinished game is simply not offered.
        let fresh = match what {
            RECORD => " and start a fresh one",
            _ => "",
        };
        match self.access {
            Access::NoSave => (
                format!("{problem}. Starting fresh; the file was left alone (saving is off)."),
                format!("{brief}; left as it is (saving is off)"),
            ),
            Access::Inspect => (
                format!(
                    "{problem}. The file was left as it is; the game will move it aside to \
                     {}{fresh} the next time it starts.",
                    backup.display()
                ),
                format!("{brief}; left as it is"),
            ),
            Access::Save => match fs::rename(path, &backup) {
                Ok(()) => (
                    format!("{problem}. It was moved to {}.", backup.display()),
                    format!("{brief}; kept as {}", file_name(&backup)),
                ),
                Err(e) => (
                    format!(
                        "{problem}. Starting fresh; it could not be moved aside ({e}) and will \
                         be replaced at the next save."
                    ),
                    format!("{brief}; it will be replaced"),
                ),
            },
        }
    }

    fn write(&self, path: &Path, what: &'static str, text: &str) -> Result<(), StoreError> {
        if !self.saves() {
            return Ok(());
        }
        let error = StoreError::about(what, path);
        self.usable_dir().map_err(error)?;
        write_atomic(path, text.as_bytes()).map_err(error)
    }
}

/// What the two files hold, for messages.
const RECORD: &str = "your record of results";
const GAME: &str = "your unfinished game";

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
enum Unusable {
    /// Not the file's format: not TOML, a field missing or of the wrong kind.
    #[error("it is damaged ({0})")]
    Corrupt(String),
    /// Not a file that can be read: a FIFO, a device, too large, no permission.
    #[error("it could not be read ({0})")]
    Unreadable(String),
    /// A saved game that reads but is no game in play: an illegal move, a game over.
    #[error("it cannot be resumed ({0})")]
    Unplayable(String),
    #[error("it was written by a newer tictaclatin (format {0}; this one reads up to {VERSION})")]
    Newer(u32),
}

impl Unusable {
    /// "saved-game.toml could not be resumed (move 3 (a1) is illegal: a1 is taken)".
    fn brief(&self, name: &str) -> String {
        match self {
            Unusable::Corrupt(why) => format!("{name} is damaged ({why})"),
            Unusable::Unreadable(why) => format!("{name} could not be read ({why})"),
            Unusable::Unplayable(why) => format!("{name} could not be resumed ({why})"),
            Unusable::Newer(_) => format!("{name} is from a newer tictaclatin"),
        }
    }
}

/// Every file starts with its version; read it first, so a newer format is recognised as
/// such rather than as damage.
fn check_version(text: &str) -> Result<(), Unusable> {
    #[derive(Deserialize)]
    struct Header {
        version: u32,
    }
    let header: Header = toml::from_str(text).map_err(|e| corrupt_in(text, &e))?;
    match header.version {
        0 => Err(Unusable::Corrupt("format version 0 does not exist".into())),
        v if v > VERSION => Err(Unusable::Newer(v)),
        _ => Ok(()),
    }
}

/// A field written as one of its names (`mode = "bot"`), read by the engine's own `FromStr`.
fn parsed<T: std::str::FromStr>(text: &str) -> Result<T, Unusable>
where
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e: T::Err| Unusable::Corrupt(e.to_string()))
}

fn corrupt(e: &toml::de::Error) -> Unusable {
    Unusable::Corrupt(e.message().trim().replace('\n', "; "))
}

/// The damage in `text` that `e` found, with its line ("line 5: invalid type: string
/// \"yes\", expected a boolean"), so a hand-edited file says where to look.
fn corrupt_in(text: &str, e: &toml::de::Error) -> Unusable {
    let message = e.message().trim().replace('\n', "; ");
    // A missing field's span is empty, or the whole file, at its start: no line to name.
    let whole = |span: &std::ops::Range<usize>| {
        span.start == 0 && (span.end == 0 || span.end >= text.trim_end().len())
    };
    match e.span().filter(|span| !whole(span)) {
        Some(span) => {
            let (line, _) = crate::config::error::line_col(text, span.start);
            Unusable::Corrupt(format!("line {line}: {message}"))
        }
        None => Unusable::Corrupt(message),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::config::Mode;
    use crate::core::session::Resumed;
    use crate::core::{Difficulty, Game, Move, Side};

    #[test]
    fn unusable_files_say_why() {
        assert_eq!(
            Unusable::Corrupt("bad toml".into()).to_string(),
            "it is damaged (bad toml)"
        );
        assert_eq!(
            Unusable::Newer(VERSION + 1).to_string(),
            format!(
                "it was written by a newer tictaclatin (format {}; this one reads up to {VERSION})",
                VERSION + 1
            )
        );
        let error = StoreError {
            what: "your statistics",
            path: PathBuf::from("stats.toml"),
            error: io::Error::other("disk full"),
        };
        assert_eq!(
            error.to_string(),
            "could not save your statistics to stats.toml: disk full"
        );
    }

    /// A Tic-Tac-Latin game against the bot at `hard`, the person first, with these moves
    /// (`"b2 c3"`), for tests here and in the game's memory.
    pub(crate) fn vs_hard(moves: &str) -> SavedGame {
        let game = crate::games::latin::adapter::Latin;
        let moves = moves
            .split(' ')
            .map(|n| Move::place(game.parse_cell(n).unwrap()));
        let session = Resumed::new(Mode::VsBot, Some(Side::First), Difficulty::Hard);
        SavedGame::new("latin", session, moves.collect())
    }

    #[test]
    fn a_data_directory_that_is_a_file_is_named_as_the_problem() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("data");
        fs::write(&file, "").unwrap();
        for data in [file.clone(), file.join("below")] {
            let store = Store::new(data.clone(), true);
            let problem = store.dir_problem().expect("a file is no directory");
            assert!(problem.contains(&file.display().to_string()), "{problem}");
            assert!(problem.contains("is not a directory"), "{problem}");
            let err = store.save_stats(&Stats::default()).unwrap_err().to_string();
            assert!(
                err.starts_with("could not save your record of results to "),
                "{err}"
            );
            assert!(err.contains("stats.toml"), "{err}");
            assert!(err.contains(&problem), "{err}");
        }
        assert_eq!(Store::new(dir.path().join("new"), true).dir_problem(), None);
    }
}

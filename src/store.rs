//! What the game remembers between sessions: the record of results (per game, mode and
//! level) and an unfinished game of each game.
//!
//! Each is a small TOML file with a `version` field in the platform data directory
//! (`~/.local/share/tictaclatin` on Linux, or `TICTACLATIN_DATA_DIR`). Writes are atomic: a
//! temporary file in the same directory is written, flushed and synced, then renamed over
//! the old one, so a crash leaves either the old file or the new one, never half of each. A
//! file that cannot be read (corrupt, or from a newer version) is moved aside to `*.bak`
//! (`*.1.bak`, `*.2.bak`... when earlier backups exist, which are kept) and the caller gets a
//! notice to show once; the game then starts fresh.

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::{Deserialize, Serialize};
use tempfile::NamedTempFile;

use crate::config::Mode;
use crate::core::session::{History, Resumed, UnknownName};
use crate::core::words::quote;
use crate::core::{Difficulty, Game, Move, Outcome, Position, Side, move_names, read_moves};
use crate::games::{self, GameChoice};
use crate::record::Record as GameRecord;

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
/// The folder of the kept game records.
const RECORDS_DIR: &str = "records";

/// The file holding the unfinished game of the game with this key.
pub fn game_file_name(game_key: &str) -> String {
    if game_key == FIRST_GAME {
        GAME_FILE.to_string()
    } else {
        format!("saved-game-{game_key}.toml")
    }
}

/// The data directory: `override_dir` (from `TICTACLATIN_DATA_DIR`) if given, else the
/// platform's. `None` without a home directory.
pub fn data_dir(override_dir: Option<PathBuf>) -> Option<PathBuf> {
    override_dir.or_else(|| {
        directories::ProjectDirs::from("", "", "tictaclatin").map(|d| d.data_dir().to_path_buf())
    })
}

/// Which record a game counts towards.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RecordKey {
    /// The game's key (`latin`, `classic-5`).
    pub game: String,
    pub mode: Mode,
    /// The bot's level; `None` when no bot plays against a person (two people).
    pub difficulty: Option<Difficulty>,
}

/// Results in one mode and difficulty, for the person (against the bot) or for the first
/// player (two people). A streak counts games in a row without a loss: against the perfect
/// bot a draw is the best anyone can do.
///
/// Counters saturate at [`Record::MOST`] rather than wrap: a record can stop growing, never
/// turn into zero.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Record {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub streak: u64,
    pub best_streak: u64,
}

impl Record {
    /// The largest count kept: the largest whole number a TOML file holds.
    pub const MOST: u64 = i64::MAX as u64;

    pub fn games(&self) -> u64 {
        (self.wins)
            .saturating_add(self.draws)
            .saturating_add(self.losses)
            .min(Record::MOST)
    }

    fn add(&mut self, outcome: Outcome) {
        let count = match outcome {
            Outcome::Win => &mut self.wins,
            Outcome::Draw => &mut self.draws,
            Outcome::Loss => &mut self.losses,
        };
        *count = one_more(*count);
        self.streak = if outcome == Outcome::Loss {
            0
        } else {
            one_more(self.streak)
        };
        self.best_streak = self.best_streak.max(self.streak);
    }
}

/// A count and one more, stopping at the largest kept.
fn one_more(count: u64) -> u64 {
    count.saturating_add(1).min(Record::MOST)
}

/// Every record, in the order first played.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Stats {
    records: Vec<Entry>,
    /// What a newer tictaclatin wrote that this one cannot read, written back as it was.
    foreign: Foreign,
}

/// One record and the fields of it this build does not know (from a newer version).
#[derive(Clone, PartialEq, Debug)]
struct Entry {
    key: RecordKey,
    record: Record,
    unknown: toml::Table,
}

/// The parts of a stats file from a newer version that this build does not understand:
/// its version, its other top-level keys and the records it cannot read. Kept so that
/// counting a result here loses nothing the newer version wrote.
#[derive(Clone, PartialEq, Debug, Default)]
struct Foreign {
    version: u32,
    keys: toml::Table,
    records: Vec<toml::Table>,
}

impl Stats {
    pub fn get(&self, key: &RecordKey) -> Record {
        self.records
            .iter()
            .find(|e| e.key == *key)
            .map_or_else(Record::default, |e| e.record)
    }

    /// Counts one finished game.
    pub fn record(&mut self, key: RecordKey, outcome: Outcome) {
        match self.records.iter_mut().find(|e| e.key == key) {
            Some(entry) => entry.record.add(outcome),
            None => {
                let mut record = Record::default();
                record.add(outcome);
                self.records.push(Entry {
                    key,
                    record,
                    unknown: toml::Table::new(),
                });
            }
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&RecordKey, &Record)> + '_ {
        self.records.iter().map(|e| (&e.key, &e.record))
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
}

/// A game in progress, saved so it can be resumed at the next start.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedGame {
    /// The game's key (`latin`, `classic-5`).
    pub game: String,
    /// Who plays what, the levels, what the result counts as: the session's state besides
    /// its moves.
    pub session: Resumed,
    /// Hints were on when it was saved; `None` in files written before this was kept.
    pub hints: Option<bool>,
    /// The moves played, from the empty board.
    pub moves: Vec<Move>,
    /// The moves taken back, in the order redo plays them again.
    pub redo: Vec<Move>,
}

/// Why a saved game cannot be resumed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BadGame {
    /// A game this build does not know.
    #[error("it is a game of {}, which this build does not know", quote(.0))]
    UnknownGame(String),
    /// A move could not be played, or the game is already over.
    #[error("{0}")]
    Moves(String),
}

impl SavedGame {
    /// A saved game of the game with key `game`, hints as the settings say, nothing to redo.
    pub fn new(game: impl Into<String>, session: Resumed, moves: Vec<Move>) -> SavedGame {
        SavedGame {
            game: game.into(),
            session,
            hints: None,
            moves,
            redo: Vec::new(),
        }
    }

    /// The game it is a game of.
    pub fn game(&self) -> Result<std::sync::Arc<dyn Game>, BadGame> {
        GameChoice::from_key(&self.game)
            .and_then(|choice| games::build(choice).ok())
            .ok_or_else(|| BadGame::UnknownGame(self.game.clone()))
    }

    /// The moves replayed, or why they are not a game still in play.
    pub fn history(&self) -> Result<History, BadGame> {
        let game = self.game()?;
        let history = History::replay(game.as_ref(), &self.moves)
            .map_err(|e| BadGame::Moves(e.to_string()))?;
        if history.position().status().is_over() {
            return Err(BadGame::Moves("the game is already over".into()));
        }
        Ok(history)
    }
}

/// A loaded value and, when its file could not be used, the notice to show the user once.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Loaded<T> {
    pub value: T,
    /// The full account: which file (its path), why it could not be used, what was done
    /// with it.
    pub notice: Option<String>,
    /// The same in one line for a small screen, with the file's name only: "saved-game.toml
    /// could not be resumed (move 3 (a1) is illegal: a1 is taken); kept as
    /// saved-game.toml.bak". `Some` exactly when `notice` is.
    pub brief: Option<String>,
}

impl<T> Loaded<T> {
    /// A value read without trouble (or no file at all).
    fn quiet(value: T) -> Loaded<T> {
        Loaded {
            value,
            notice: None,
            brief: None,
        }
    }

    /// A value standing in for a file that could not be used, with what to tell.
    fn told(value: T, (notice, brief): (String, String)) -> Loaded<T> {
        Loaded {
            value,
            notice: Some(notice),
            brief: Some(brief),
        }
    }
}

/// A file that could not be written or removed.
#[derive(Debug, thiserror::Error)]
#[error("could not save {what} to {}: {error}", .path.display())]
pub struct StoreError {
    /// What was being kept, e.g. "your unfinished game".
    pub what: &'static str,
    pub path: PathBuf,
    pub error: io::Error,
}

impl StoreError {
    /// Makes the error of an operation on `path`, which keeps `what`.
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

/// What a store may do with its files.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Access {
    /// The game, saving as usual.
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
    /// The game's store; `save` is false for `--no-save`.
    pub fn new(dir: PathBuf, save: bool) -> Store {
        let access = if save { Access::Save } else { Access::NoSave };
        Store { dir, access }
    }

    /// A store that only reads, for commands that report what is saved. Its notices say
    /// that an unusable file was left as it is, for the game to move aside.
    pub fn inspect(dir: PathBuf) -> Store {
        Store {
            dir,
            access: Access::Inspect,
        }
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
        let problem = if existing == self.dir {
            format!(
                "the data directory {} is not a directory",
                self.dir.display()
            )
        } else {
            format!(
                "the data directory {} cannot be made: {} is not a directory",
                self.dir.display(),
                existing.display()
            )
        };
        Some(format!(
            "{problem}; move that file away or set {DATA_DIR_VAR} to a directory"
        ))
    }

    /// The data directory's problem as an error, for writes that cannot happen there.
    fn usable_dir(&self) -> io::Result<()> {
        match self.dir_problem() {
            Some(problem) => Err(io::Error::new(io::ErrorKind::NotADirectory, problem)),
            None => Ok(()),
        }
    }

    pub fn stats_path(&self) -> PathBuf {
        self.dir.join(STATS_FILE)
    }

    /// Where the unfinished game of the game with this key is kept.
    pub fn game_path(&self, game_key: &str) -> PathBuf {
        self.dir.join(game_file_name(game_key))
    }

    /// The record; empty when there is none yet or the file had to be set aside. A data
    /// directory that is not a directory is reported here, once, as its notice.
    pub fn load_stats(&self) -> Loaded<Stats> {
        if let Some(problem) = self.dir_problem() {
            let notice = format!("{problem}. Nothing can be read or saved there.");
            let brief = "Nothing can be saved: the data directory is not a directory.";
            return Loaded::told(Stats::default(), (notice, brief.into()));
        }
        let loaded = self.load(&self.stats_path(), RECORD, stats_from_text);
        Loaded {
            value: loaded.value.unwrap_or_default(),
            notice: loaded.notice,
            brief: loaded.brief,
        }
    }

    /// Replaces the record with `stats`, under the file's lock.
    pub fn save_stats(&self, stats: &Stats) -> Result<(), StoreError> {
        if !self.saves() {
            return Ok(());
        }
        let _lock = self.lock(&self.stats_path(), RECORD, Wait::Block)?;
        self.write_stats(stats)
    }

    /// Writes the record; the caller holds its lock.
    fn write_stats(&self, stats: &Stats) -> Result<(), StoreError> {
        self.write(&self.stats_path(), RECORD, &stats_to_text(stats))
    }

    /// Counts one finished game in the saved record and returns the updated record. The
    /// file is read, changed and written under its lock, so games finishing at the same
    /// moment in two windows both count. A notice about an unreadable old record was
    /// already given by `load_stats`.
    pub fn record_result(&self, key: RecordKey, outcome: Outcome) -> Result<Stats, StoreError> {
        let lock = match self.saves() {
            true => self.lock(&self.stats_path(), RECORD, Wait::Block)?,
            false => None,
        };
        if lock.is_some() {
            self.clean_strays(&self.stats_path());
        }
        let mut stats = self.load_stats().value;
        stats.record(key, outcome);
        self.write_stats(&stats)?;
        Ok(stats)
    }

    /// The right to write the unfinished game of the game with this key, held as long as
    /// the lock is kept: one window at a time writes a game's file. `None` when another
    /// window holds it. Taking it clears what a killed save of that file left behind.
    pub fn lock_game(&self, game_key: &str) -> Result<Option<FileLock>, StoreError> {
        let path = self.game_path(game_key);
        let lock = self.lock(&path, GAME, Wait::Try)?;
        if lock.is_some() {
            self.clean_strays(&path);
        }
        Ok(lock)
    }

    /// Locks the lock file beside `path`, waiting for it or not.
    fn lock(
        &self,
        path: &Path,
        what: &'static str,
        wait: Wait,
    ) -> Result<Option<FileLock>, StoreError> {
        let error = StoreError::about(what, path);
        self.usable_dir().map_err(error)?;
        fs::create_dir_all(&self.dir).map_err(error)?;
        let file = fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(lock_path(path))
            .map_err(error)?;
        match wait {
            Wait::Block => file.lock().map_err(error)?,
            Wait::Try => match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => return Ok(None),
                Err(fs::TryLockError::Error(e)) => return Err(error(e)),
            },
        }
        Ok(Some(FileLock { _file: file }))
    }

    /// Removes the temporary files a save of `path` that never finished left behind (the
    /// process was killed between writing and renaming). Only called under the file's
    /// lock, when no save of it can be under way.
    fn clean_strays(&self, path: &Path) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        let prefix = temp_prefix(path);
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(&prefix) && name.ends_with(TEMP_SUFFIX) {
                // Best effort: a stray that cannot be removed harms nothing.
                let _ = fs::remove_file(entry.path());
            }
        }
    }

    /// The unfinished game of the game with this key, if one was saved and can still be
    /// played. A data directory that is not a directory gives no notice here:
    /// `load_stats` already said so.
    pub fn load_game(&self, game_key: &str) -> Loaded<Option<SavedGame>> {
        if self.dir_problem().is_some() {
            return Loaded::quiet(None);
        }
        self.load(&self.game_path(game_key), GAME, |text| {
            game_from_text(text, game_key)
        })
    }

    /// The unfinished games of every game this build knows. Files of games it does not
    /// know are not read, so they stay as they are for the build that wrote them.
    pub fn load_games(&self) -> Vec<(String, Loaded<Option<SavedGame>>)> {
        games::all_choices()
            .into_iter()
            .filter_map(|choice| games::build(choice).ok())
            .map(|game| {
                let key = game.key();
                let loaded = self.load_game(&key);
                (key, loaded)
            })
            .collect()
    }

    pub fn save_game(&self, game: &SavedGame) -> Result<(), StoreError> {
        self.write(&self.game_path(&game.game), GAME, &game_to_text(game)?)
    }

    /// Forgets the unfinished game of the game with this key (it ended, or a new game
    /// replaced it).
    pub fn clear_game(&self, game_key: &str) -> Result<(), StoreError> {
        if !self.saves() {
            return Ok(());
        }
        let path = self.game_path(game_key);
        match fs::remove_file(&path) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(StoreError {
                what: "the end of your unfinished game (removing it)",
                path,
                error,
            }),
            _ => Ok(()),
        }
    }

    /// Reads one file: `None` if it does not exist; set aside with a notice if it cannot be
    /// used.
    fn load<T>(
        &self,
        path: &Path,
        what: &str,
        parse: impl Fn(&str) -> Result<T, Unusable>,
    ) -> Loaded<Option<T>> {
        let result = match fs::read_to_string(path) {
            Ok(text) => parse(&text),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Loaded::quiet(None),
            Err(e) => Err(Unusable::Corrupt(e.to_string())),
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

    /// Whether the file at `path` was written by a newer version of this program.
    pub fn newer_file(path: &Path) -> bool {
        fs::read_to_string(path)
            .is_ok_and(|text| matches!(check_version(&text), Err(Unusable::Newer(_))))
    }

    /// Moves an unusable file to the first free backup name (earlier backups are kept) and
    /// says what happened: in full, and in one line (see [`Loaded::brief`]).
    fn set_aside(&self, path: &Path, what: &str, why: &Unusable) -> (String, String) {
        let problem = format!("Could not use {what} in {}: {why}", path.display());
        let brief = why.brief(&file_name(path));
        let backup = free_backup_path(path);
        // A record starts again from nothing; an unfinished game is simply not offered.
        let fresh = if what == RECORD {
            " and start a fresh one"
        } else {
            ""
        };
        match self.access {
            Access::Save => {}
            Access::NoSave => {
                return (
                    format!("{problem}. Starting fresh; the file was left alone (saving is off)."),
                    format!("{brief}; left as it is (saving is off)"),
                );
            }
            Access::Inspect => {
                return (
                    format!(
                        "{problem}. The file was left as it is; the game will move it aside to \
                         {}{fresh} the next time it starts.",
                        backup.display()
                    ),
                    format!("{brief}; left as it is"),
                );
            }
        }
        match fs::rename(path, &backup) {
            Ok(()) => (
                format!("{problem}. It was moved to {}.", backup.display()),
                format!("{brief}; kept as {}", file_name(&backup)),
            ),
            Err(e) => (
                format!(
                    "{problem}. Starting fresh; it could not be moved aside ({e}) and will be \
                     replaced at the next save."
                ),
                format!("{brief}; it will be replaced"),
            ),
        }
    }

    /// The directory of the kept game records.
    pub fn records_dir(&self) -> PathBuf {
        self.dir.join(RECORDS_DIR)
    }

    /// Keeps a finished game's record as a new file in the records directory, named by
    /// when it ended and its game (`20261124-194012-classic-5.txt`), never over another: a
    /// second window ending a game in the same second gets `-2`. The file appears whole or
    /// not at all. `None` when nothing is saved.
    pub fn keep_record(
        &self,
        record: &GameRecord,
        ended: SystemTime,
    ) -> Result<Option<PathBuf>, StoreError> {
        if !self.saves() {
            return Ok(None);
        }
        let dir = self.records_dir();
        let error = StoreError::about("the game's record", &dir);
        self.usable_dir().map_err(error)?;
        let mut staged = stage(&dir.join("record"), record.to_text().as_bytes()).map_err(error)?;
        let stamp = crate::record::file_stamp(ended);
        let key = record.game.key();
        let mut n = 1;
        loop {
            let suffix = if n == 1 {
                String::new()
            } else {
                format!("-{n}")
            };
            let path = dir.join(format!("{stamp}-{key}{suffix}.txt"));
            match staged.persist_noclobber(&path) {
                Ok(_) => return Ok(Some(path)),
                Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => staged = e.file,
                Err(e) => return Err(error(e.error)),
            }
            n += 1;
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

/// A lock on a data file, held while the value lives. It is the operating system's lock
/// (`File::lock`: `flock` on Unix, `LockFileEx` on Windows) on a lock file beside the data
/// file, so it goes when its holder ends, however it ends (kill -9 included): a lock is
/// never left stale.
#[derive(Debug)]
pub struct FileLock {
    _file: fs::File,
}

/// Whether taking a lock waits for its holder.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Wait {
    /// Wait: the holder will be done in a moment (counting a result).
    Block,
    /// Do not wait: the holder keeps it as long as its window is open (a saved game).
    Try,
}

/// The lock file of a data file: `.stats.toml.lock` beside `stats.toml`. It stays in place
/// (removing it could let two holders lock two different files).
fn lock_path(path: &Path) -> PathBuf {
    let mut name = std::ffi::OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(".lock");
    path.with_file_name(name)
}

/// What the two files hold, for messages.
const RECORD: &str = "your record of results";
const GAME: &str = "your unfinished game";

/// The `n`th backup of a file: `stats.toml.bak` for 0, then `stats.toml.1.bak`,
/// `stats.toml.2.bak`...
pub fn backup_path(path: &Path, n: u32) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    if n > 0 {
        name.push(format!(".{n}"));
    }
    name.push(".bak");
    path.with_file_name(name)
}

/// The first backup name not taken yet, so a second unusable file never overwrites the
/// backup of the first.
pub fn free_backup_path(path: &Path) -> PathBuf {
    (0..)
        .map(|n| backup_path(path, n))
        .find(|backup| !backup.exists())
        .expect("some backup number is free")
}

/// A file's name without its folder, for one-line messages (the whole path where it has
/// no name).
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Why a file's content cannot be used.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
enum Unusable {
    /// Not the file's format: not TOML, a field missing or of the wrong kind.
    #[error("it is damaged ({0})")]
    Corrupt(String),
    /// A saved game that reads but is no game in play: an illegal move, a game over.
    #[error("it cannot be resumed ({0})")]
    Unplayable(String),
    #[error("it was written by a newer tictaclatin (format {0}; this one reads up to {VERSION})")]
    Newer(u32),
}

impl Unusable {
    /// One line on the file called `name` and why: "saved-game.toml is damaged (line 3:
    /// ...)", "saved-game.toml could not be resumed (move 3 (a1) is illegal: a1 is taken)".
    fn brief(&self, name: &str) -> String {
        match self {
            Unusable::Corrupt(why) => format!("{name} is damaged ({why})"),
            Unusable::Unplayable(why) => format!("{name} could not be resumed ({why})"),
            Unusable::Newer(_) => format!("{name} is from a newer tictaclatin"),
        }
    }
}

/// Atomically replaces `path` with `bytes`: the data is complete and on disk before the
/// rename, and the rename either happens or not.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let staged = stage(path, bytes)?;
    commit(staged, path)
}

/// Writes `bytes` to a new temporary file beside `path`, flushed and synced to disk. Until
/// [`commit`], `path` is untouched; a crash here leaves at most a stray temporary file.
fn stage(path: &Path, bytes: &[u8]) -> io::Result<NamedTempFile> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let mut file = tempfile::Builder::new()
        .prefix(&temp_prefix(path))
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.flush()?;
    file.as_file().sync_all()?;
    Ok(file)
}

/// How the temporary files of a save of `path` start: `.stats.toml.` (then random letters
/// and [`TEMP_SUFFIX`]).
fn temp_prefix(path: &Path) -> String {
    format!(
        ".{}.",
        path.file_name().unwrap_or_default().to_string_lossy()
    )
}

const TEMP_SUFFIX: &str = ".tmp";

/// Renames the staged file over `path`, then syncs the directory so the rename itself
/// survives a power cut.
fn commit(staged: NamedTempFile, path: &Path) -> io::Result<()> {
    staged.persist(path).map_err(|e| e.error)?;
    #[cfg(unix)]
    if let Some(dir) = path.parent()
        && let Ok(dir) = fs::File::open(dir)
    {
        // Best effort: some filesystems refuse to sync a directory.
        let _ = dir.sync_all();
    }
    Ok(())
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
            let before = &text.as_bytes()[..span.start.min(text.len())];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            Unusable::Corrupt(format!("line {line}: {message}"))
        }
        None => Unusable::Corrupt(message),
    }
}

#[derive(Serialize, Deserialize)]
struct StatsFile {
    version: u32,
    #[serde(default)]
    records: Vec<toml::Table>,
    /// Keys a newer version added, kept as they are.
    #[serde(flatten)]
    other: toml::Table,
}

#[derive(Serialize, Deserialize)]
struct RecordRow {
    /// Missing in version 1, which held Tic-Tac-Latin only.
    #[serde(default)]
    game: Option<String>,
    mode: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    difficulty: Option<String>,
    // A counter missing (a hand edit) counts 0; one that is no count is damage.
    #[serde(default)]
    wins: u64,
    #[serde(default)]
    draws: u64,
    #[serde(default)]
    losses: u64,
    #[serde(default)]
    streak: u64,
    #[serde(default)]
    best_streak: u64,
    /// Fields a newer version added, kept as they are.
    #[serde(flatten)]
    other: toml::Table,
}

fn stats_to_text(stats: &Stats) -> String {
    let known = stats.records.iter().map(|entry| {
        let (key, r) = (&entry.key, &entry.record);
        let row = RecordRow {
            game: Some(key.game.clone()),
            mode: key.mode.name().into(),
            difficulty: key.difficulty.map(|d| d.name().into()),
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
            streak: r.streak,
            best_streak: r.best_streak,
            other: entry.unknown.clone(),
        };
        toml::Table::try_from(row).expect("a record is a table")
    });
    let file = StatsFile {
        // A newer file keeps its version: what it holds beyond ours was kept too.
        version: VERSION.max(stats.foreign.version),
        records: known.chain(stats.foreign.records.iter().cloned()).collect(),
        other: stats.foreign.keys.clone(),
    };
    toml::to_string(&file).expect("plain data serializes")
}

/// Reads the record of results. Files of every version load: older ones lack fields that
/// have defaults, and a newer one's additions (keys, fields, records this build cannot read)
/// are kept for writing back, so a result counted here loses nothing of them.
fn stats_from_text(text: &str) -> Result<Stats, Unusable> {
    let file: StatsFile = toml::from_str(text).map_err(|e| corrupt_in(text, &e))?;
    if file.version == 0 {
        return Err(Unusable::Corrupt("format version 0 does not exist".into()));
    }
    let newer = file.version > VERSION;
    let mut stats = Stats::default();
    if newer {
        stats.foreign.version = file.version;
        stats.foreign.keys = file.other;
    }
    for table in file.records {
        match entry_from_row(table.clone()) {
            Ok(entry) if stats.records.iter().any(|e| e.key == entry.key) => {
                return Err(Unusable::Corrupt("a record appears twice".into()));
            }
            Ok(entry) => stats.records.push(entry),
            Err(_) if newer => stats.foreign.records.push(table),
            Err(why) => return Err(why),
        }
    }
    Ok(stats)
}

fn entry_from_row(table: toml::Table) -> Result<Entry, Unusable> {
    let row: RecordRow = table.try_into().map_err(|e| corrupt(&e))?;
    let unknown = |e: &dyn fmt::Display| Unusable::Corrupt(e.to_string());
    let key = RecordKey {
        game: row.game.unwrap_or_else(|| FIRST_GAME.to_string()),
        mode: row.mode.parse().map_err(|e: UnknownName| unknown(&e))?,
        difficulty: row
            .difficulty
            .map(|d| d.parse())
            .transpose()
            .map_err(|e: crate::core::UnknownDifficulty| unknown(&e))?,
    };
    let record = Record {
        wins: row.wins,
        draws: row.draws,
        losses: row.losses,
        streak: row.streak,
        // The current streak is one of the best at least (`best_streak` may be missing).
        best_streak: row.best_streak.max(row.streak),
    };
    Ok(Entry {
        key,
        record,
        unknown: row.other,
    })
}

#[derive(Serialize, Deserialize)]
struct GameFile {
    version: u32,
    /// Missing in version 1, which held Tic-Tac-Latin only.
    #[serde(default)]
    game: Option<String>,
    mode: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    human: Option<String>,
    difficulty: String,
    /// Missing in files written before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    weakest: Option<String>,
    /// Missing (false) in files written before it was kept.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    swapped: bool,
    /// Missing in files written before it was kept. Any value but true or false (a hand
    /// edit) reads as missing: the settings decide, and the game is not lost over it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hints: Option<toml::Value>,
    /// Missing (false) in files written before it was kept.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    names_swapped: bool,
    moves: Vec<String>,
    /// Missing (nothing to redo) in files written before it was kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    redo: Vec<String>,
    /// Missing (false) in files written before it was kept.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    counted: bool,
}

fn game_to_text(game: &SavedGame) -> Result<String, StoreError> {
    let known = game.game().map_err(|e| StoreError {
        what: GAME,
        path: PathBuf::from(game_file_name(&game.game)),
        error: io::Error::new(io::ErrorKind::InvalidInput, e.to_string()),
    })?;
    let (start, end) = ends(known.as_ref(), &game.moves);
    let session = &game.session;
    let file = GameFile {
        version: VERSION,
        game: Some(game.game.clone()),
        mode: session.mode.name().into(),
        human: session.human.map(|side| side.name().into()),
        difficulty: session.difficulty.name().into(),
        weakest: session.weakest.map(|level| level.name().into()),
        swapped: session.swapped,
        hints: game.hints.map(toml::Value::Boolean),
        names_swapped: session.names_swapped,
        moves: move_names(known.as_ref(), start.as_ref(), &game.moves),
        redo: move_names(known.as_ref(), end.as_ref(), &game.redo),
        counted: session.counted,
    };
    Ok(toml::to_string(&file).expect("plain data serializes"))
}

/// The start of `game` and where `moves` lead from it (as far as they can be made): the
/// positions the moves and the moves taken back are named against.
fn ends(game: &dyn Game, moves: &[Move]) -> (Box<dyn Position>, Box<dyn Position>) {
    let start = game.start();
    let mut end = start.clone();
    for &mv in moves {
        match end.play(mv) {
            Ok(next) => end = next,
            Err(_) => break,
        }
    }
    (start, end)
}

/// Reads the unfinished game kept in the file of the game `expected`.
fn game_from_text(text: &str, expected: &str) -> Result<SavedGame, Unusable> {
    check_version(text)?;
    let corrupt_because = |e: &dyn fmt::Display| Unusable::Corrupt(e.to_string());
    let file: GameFile = toml::from_str(text).map_err(|e| corrupt_in(text, &e))?;
    let key = file.game.unwrap_or_else(|| FIRST_GAME.to_string());
    if key != expected {
        return Err(Unusable::Corrupt(format!(
            "it holds a game of {}, not of '{expected}'",
            quote(&key)
        )));
    }
    let human = file
        .human
        .map(|side| side.parse::<Side>())
        .transpose()
        .map_err(|e| corrupt_because(&e))?;
    let weakest = file
        .weakest
        .map(|level| level.parse::<Difficulty>())
        .transpose()
        .map_err(|e| corrupt_because(&e))?;
    let mut game = SavedGame {
        game: key,
        session: Resumed {
            mode: file
                .mode
                .parse()
                .map_err(|e: UnknownName| corrupt_because(&e))?,
            human,
            difficulty: file
                .difficulty
                .parse()
                .map_err(|e: crate::core::UnknownDifficulty| corrupt_because(&e))?,
            weakest,
            swapped: file.swapped,
            names_swapped: file.names_swapped,
            counted: file.counted,
        },
        hints: file.hints.and_then(|hints| hints.as_bool()),
        moves: Vec::new(),
        redo: Vec::new(),
    };
    let known = game.game().map_err(|e| corrupt_because(&e))?;
    let unplayable = |e: &dyn fmt::Display| Unusable::Unplayable(e.to_string());
    let start = known.start();
    game.moves =
        read_moves(known.as_ref(), start.as_ref(), &file.moves).map_err(|e| unplayable(&e))?;
    let (_, end) = ends(known.as_ref(), &game.moves);
    game.redo = read_moves(known.as_ref(), end.as_ref(), &file.redo).map_err(|e| unplayable(&e))?;
    game.history().map_err(|e| unplayable(&e))?;
    Ok(game)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

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

    fn key() -> RecordKey {
        RecordKey {
            game: "latin".into(),
            mode: Mode::VsBot,
            difficulty: Some(Difficulty::Perfect),
        }
    }

    #[test]
    fn streaks_count_games_without_a_loss() {
        let mut stats = Stats::default();
        for outcome in [Outcome::Draw, Outcome::Win, Outcome::Loss, Outcome::Draw] {
            stats.record(key(), outcome);
        }
        let record = stats.get(&key());
        assert_eq!((record.wins, record.draws, record.losses), (1, 2, 1));
        assert_eq!((record.streak, record.best_streak), (1, 2));
        assert_eq!(record.games(), 4);
    }

    /// Two windows finishing games at the same moment: each count is read, changed and
    /// written under the lock, so none is lost (without it, most were).
    #[test]
    fn results_counted_at_once_from_two_places_all_count() {
        let dir = tempfile::tempdir().unwrap();
        let count = |outcome| {
            let store = Store::new(dir.path().to_path_buf(), true);
            move || {
                for _ in 0..50 {
                    store.record_result(key(), outcome).unwrap();
                }
            }
        };
        std::thread::scope(|s| {
            s.spawn(count(Outcome::Win));
            s.spawn(count(Outcome::Loss));
        });
        let record = Store::new(dir.path().to_path_buf(), true)
            .load_stats()
            .value
            .get(&key());
        assert_eq!((record.wins, record.losses), (50, 50));
    }

    /// A counter at its largest stays there instead of wrapping round to zero.
    #[test]
    fn counters_saturate() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().to_path_buf(), true);
        fs::write(
            store.stats_path(),
            format!(
                "version = 2\n[[records]]\ngame = \"latin\"\nmode = \"bot\"\n\
                 difficulty = \"perfect\"\nwins = {big}\ndraws = 0\nlosses = 0\n\
                 streak = {big}\nbest_streak = {big}\n",
                big = i64::MAX
            ),
        )
        .unwrap();
        let stats = store.record_result(key(), Outcome::Win).unwrap();
        let record = stats.get(&key());
        assert_eq!((record.wins, record.streak), (Record::MOST, Record::MOST));
        assert_eq!(record.games(), Record::MOST);
        let text = fs::read_to_string(store.stats_path()).unwrap();
        assert!(text.contains(&format!("wins = {}", i64::MAX)), "{text}");
        let stats = store.record_result(key(), Outcome::Draw).unwrap();
        assert_eq!(stats.get(&key()).draws, 1);
        assert_eq!(stats.get(&key()).games(), Record::MOST, "the sum stops too");
    }

    /// A record written by a newer version loads, and counting a result keeps what this
    /// version does not understand: its version, its keys, its fields and its records.
    #[test]
    fn a_record_from_a_newer_version_loads_and_keeps_what_it_added() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().to_path_buf(), true);
        let newer = "version = 7\nfavourite = \"qubic\"\n\n\
            [[records]]\ngame = \"latin\"\nmode = \"bot\"\ndifficulty = \"perfect\"\n\
            wins = 3\ndraws = 1\nlosses = 0\nstreak = 4\nbest_streak = 4\nfastest_win = 9\n\n\
            [[records]]\ngame = \"chess\"\nmode = \"online\"\nwins = 1\n";
        fs::write(store.stats_path(), newer).unwrap();
        let loaded = store.load_stats();
        assert_eq!(loaded.notice, None);
        assert_eq!(loaded.value.get(&key()).wins, 3);
        store.record_result(key(), Outcome::Win).unwrap();
        let text = fs::read_to_string(store.stats_path()).unwrap();
        for kept in [
            "version = 7",
            "favourite = \"qubic\"",
            "fastest_win = 9",
            "mode = \"online\"",
            "wins = 4",
        ] {
            assert!(text.contains(kept), "{kept} in:\n{text}");
        }
        assert!(
            !dir.path().join("stats.toml.bak").exists(),
            "nothing set aside"
        );
    }

    /// A record of version 1 (Tic-Tac-Latin only, no game named) still loads.
    #[test]
    fn a_record_from_the_first_version_loads() {
        let old = "version = 1\n[[records]]\nmode = \"bot\"\ndifficulty = \"perfect\"\n\
                   wins = 0\ndraws = 5\nlosses = 1\nstreak = 2\nbest_streak = 5\n";
        let stats = stats_from_text(old).unwrap();
        assert_eq!(stats.get(&key()).draws, 5);
        assert_eq!(stats.get(&key()).best_streak, 5);
    }

    #[test]
    fn a_crash_before_the_rename_leaves_the_old_file_whole() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().to_path_buf(), true);
        let mut old = Stats::default();
        old.record(key(), Outcome::Draw);
        store.save_stats(&old).unwrap();
        let before = fs::read(store.stats_path()).unwrap();

        let mut new = old.clone();
        new.record(key(), Outcome::Win);
        let staged = stage(&store.stats_path(), stats_to_text(&new).as_bytes()).unwrap();
        // The process dies here: the temporary file stays behind, the rename never happens.
        let stray = staged.into_temp_path().keep().unwrap();

        assert!(stray.exists());
        assert_eq!(fs::read(store.stats_path()).unwrap(), before);
        let loaded = store.load_stats();
        assert_eq!((loaded.value, loaded.notice), (old, None));
    }

    fn cells(names: &[&str]) -> Vec<Move> {
        let game = crate::games::latin::adapter::Latin;
        names
            .iter()
            .map(|n| Move::place(game.parse_cell(n).unwrap()))
            .collect()
    }

    fn saved(moves: Vec<Move>) -> SavedGame {
        let mut game = vs_hard("a1");
        game.session.human = Some(Side::Second);
        game.session.difficulty = Difficulty::Perfect;
        game.session.weakest = Some(Difficulty::Easy);
        game.session.swapped = true;
        game.hints = Some(true);
        game.moves = moves;
        game
    }

    #[test]
    fn a_finished_or_illegal_game_is_not_resumable() {
        assert!(saved(cells(&["a1", "b1"])).history().is_ok());
        let illegal = saved(cells(&["a1", "a1"])).history().unwrap_err();
        assert_eq!(illegal.to_string(), "move 2 (a1) is illegal: a1 is taken");
        let over = saved(cells(&["a1", "a2", "b1", "b2", "c1", "d1"]));
        assert!(over.history().is_err());
        let unknown = SavedGame {
            game: "chess".into(),
            ..saved(Vec::new())
        };
        assert_eq!(
            unknown.history().unwrap_err(),
            BadGame::UnknownGame("chess".into())
        );
    }

    #[test]
    fn a_saved_game_reads_back_with_its_sides_and_levels() {
        let game = saved(cells(&["b2"]));
        let text = game_to_text(&game).unwrap();
        assert!(text.contains("human = \"second\""), "{text}");
        assert!(text.contains("game = \"latin\""), "{text}");
        assert_eq!(game_from_text(&text, "latin").unwrap(), game);
        // Files of version 1, before the game, the weakest level and the swap were kept,
        // still load as Tic-Tac-Latin.
        let old = text
            .replace("version = 2", "version = 1")
            .replace("game = \"latin\"\n", "")
            .replace("weakest = \"easy\"\n", "")
            .replace("swapped = true\n", "")
            .replace("hints = true\n", "");
        assert!(
            !old.contains("weakest") && !old.contains("swapped") && !old.contains("game"),
            "{old}"
        );
        let old = game_from_text(&old, "latin").unwrap();
        assert_eq!(
            (old.session.weakest, old.session.swapped, old.hints),
            (None, false, None)
        );
        assert_eq!(old.game, "latin");
        let bad = text.replace("\"second\"", "\"third\"");
        assert!(game_from_text(&bad, "latin").is_err());
        assert!(
            game_from_text(&text, "classic-3").is_err(),
            "not this game's"
        );
    }

    /// A saved game of classic 5x5 with these moves and this extra line.
    fn classic_5(moves: &str, extra: &str) -> String {
        format!(
            "version = 2\ngame = \"classic-5\"\nmode = \"humans\"\ndifficulty = \"hard\"\n\
             {extra}moves = [{moves}]\n"
        )
    }

    /// A saved game set aside says why, in full and in its one line: the bad move, or
    /// where the file is damaged.
    #[test]
    fn a_set_aside_game_says_why_in_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().to_path_buf(), true);
        let path = store.game_path("classic-5");
        fs::write(&path, classic_5("\"a1\", \"b2\", \"a1\"", "")).unwrap();
        let loaded = store.load_game("classic-5");
        assert_eq!(loaded.value, None);
        let why = "move 3 (a1) is illegal: a1 is taken";
        assert_eq!(
            loaded.brief.as_deref(),
            Some(
                format!(
                    "saved-game-classic-5.toml could not be resumed ({why}); kept as \
                     saved-game-classic-5.toml.bak"
                )
                .as_str()
            )
        );
        let notice = loaded.notice.unwrap();
        assert!(
            notice.contains(&format!("cannot be resumed ({why})")),
            "{notice}"
        );
        assert!(dir.path().join("saved-game-classic-5.toml.bak").exists());

        fs::write(
            &path,
            classic_5("\"a1\"", "hints = true\nswapped = \"no\"\n"),
        )
        .unwrap();
        let brief = store.load_game("classic-5").brief.unwrap();
        assert_eq!(
            brief,
            "saved-game-classic-5.toml is damaged (line 6: invalid type: string \"no\", \
             expected a boolean); kept as saved-game-classic-5.toml.1.bak"
        );

        // A field missing is the whole file's fault: no line is named.
        fs::write(&path, "version = 2\nmoves = []\n").unwrap();
        let brief = store.load_game("classic-5").brief.unwrap();
        assert!(
            brief.starts_with("saved-game-classic-5.toml is damaged (missing field `mode`)"),
            "{brief}"
        );

        // Without saving, the file stays where it is, and the line says so.
        fs::write(&path, classic_5("\"a1\", \"a1\"", "")).unwrap();
        let brief = Store::new(dir.path().to_path_buf(), false)
            .load_game("classic-5")
            .brief
            .unwrap();
        assert!(
            brief.ends_with("; left as it is (saving is off)"),
            "{brief}"
        );
        assert!(brief.contains("move 2 (a1) is illegal"), "{brief}");
        assert!(path.exists());
    }

    /// `hints` of the wrong kind (a hand edit) reads as not kept: the game is not lost.
    #[test]
    fn hints_that_are_no_yes_or_no_read_as_absent() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().to_path_buf(), true);
        for hints in ["\"yes\"", "1", "[true]"] {
            let text = classic_5("\"a1\", \"b2\"", &format!("hints = {hints}\n"));
            fs::write(store.game_path("classic-5"), text).unwrap();
            let loaded = store.load_game("classic-5");
            assert_eq!((loaded.notice, loaded.brief), (None, None), "{hints}");
            let game = loaded.value.expect("the game is kept");
            assert_eq!((game.hints, game.moves.len()), (None, 2));
        }
        assert!(!dir.path().join("saved-game-classic-5.toml.bak").exists());
    }

    /// A counter missing from a hand-edited record counts 0; a counter that is no count is
    /// still damage.
    #[test]
    fn a_missing_counter_counts_zero() {
        let row = "version = 2\n[[records]]\ngame = \"latin\"\nmode = \"bot\"\n\
                   difficulty = \"perfect\"\nwins = 2\nlosses = 1\nstreak = 3\n";
        let record = stats_from_text(row).unwrap().get(&key());
        assert_eq!(
            (record.wins, record.draws, record.losses, record.streak),
            (2, 0, 1, 3)
        );
        assert_eq!(
            record.best_streak, 3,
            "the current streak is one of the best"
        );
        let garbled = format!("{row}draws = \"many\"\n");
        match stats_from_text(&garbled) {
            Err(Unusable::Corrupt(why)) => assert!(why.contains("invalid type"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn each_game_keeps_its_own_file() {
        assert_eq!(game_file_name("latin"), "saved-game.toml");
        assert_eq!(game_file_name("classic-5"), "saved-game-classic-5.toml");
    }

    #[test]
    fn backups_sit_beside_the_file() {
        assert_eq!(
            backup_path(Path::new("/d/stats.toml"), 0),
            PathBuf::from("/d/stats.toml.bak")
        );
        assert_eq!(
            backup_path(Path::new("/d/stats.toml"), 2),
            PathBuf::from("/d/stats.toml.2.bak")
        );
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

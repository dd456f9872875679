//! The [`Store`]'s files as the game sees them while it runs. One window at a time writes a
//! game's unfinished game (it holds the store's lock on it); a second window playing the same
//! game plays without saving, so neither overwrites the other's game.

use std::collections::HashMap;
use std::path::PathBuf;

use super::files::{Stamp, stamp};
use super::{Counted, FileLock, RecordKey, SavedGame, Standing, Stats, Store, StoreError};
use crate::core::session::Finished;
use crate::core::words::capitalized;
use crate::core::{Difficulty, Mode};

/// The game's memory. Without a store (tests, or no data directory) it remembers only for
/// this run.
#[derive(Debug, Default)]
pub struct Memory {
    store: Option<Store>,
    stats: Stats,
    /// The unfinished games as the files hold them, one per game at most: read at the
    /// start (and again before a game is resumed), and kept up to date with every write.
    saved: Vec<SavedGame>,
    /// Files that had to be set aside, to tell the player once: one short line each, so
    /// they fit the start screen at its smallest.
    notices: Vec<String>,
    /// The store's full account of those files (path and reason), printed after the game.
    details: Vec<String>,
    owned: Option<Owned>,
    /// The last write that failed: what it was to leave in the file, and why it failed.
    /// Not tried again until the game changes, so a full disk is not hammered.
    failed: Option<(Option<SavedGame>, String)>,
    /// The files as they were when last read (see [`Memory::changed`]).
    stamps: HashMap<PathBuf, Option<Stamp>>,
    /// Results that could not be saved, and games that ended but whose file could not be
    /// removed: tried again as the game closes.
    uncounted: Vec<Counted>,
    uncleared: Vec<String>,
}

#[derive(Debug)]
struct Owned {
    game: String,
    /// `None` where nothing is written (no store, or saving off).
    _lock: Option<FileLock>,
}

/// Whether this window keeps a game's unfinished game as it is played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ownership {
    /// It does: the game is written after every move (unless saving is off).
    Owned,
    /// Another window has this game open and keeps it; this one must not write it.
    Elsewhere,
    /// Its file cannot be written; the message says why.
    Failed(String),
}

impl Memory {
    pub fn load(store: Store) -> Memory {
        let mut memory = Memory {
            store: Some(store),
            ..Memory::default()
        };
        memory.refresh_stats();
        super::saved::game_keys().for_each(|key| memory.reread(&key));
        memory
    }

    /// Whether what happens is written down: false with `--no-save`, and in tests.
    pub fn saves(&self) -> bool {
        self.store.as_ref().is_none_or(Store::saves)
    }

    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    pub fn record(&self, key: &RecordKey) -> Standing {
        self.stats.get(key)
    }

    pub fn saved_game(&self, game: &str) -> Option<&SavedGame> {
        self.saved.iter().find(|saved| saved.game == game)
    }

    /// The unfinished game saved last among those `wanted`: by its file's time (in the
    /// order the games are listed where there are no files, as in tests).
    pub fn latest_saved(&self, wanted: impl Fn(&SavedGame) -> bool) -> Option<&SavedGame> {
        let saved_at = |saved: &SavedGame| {
            let path = self.store.as_ref()?.game_path(&saved.game);
            std::fs::metadata(path).ok()?.modified().ok()
        };
        // Reversed, so that among equal times the first listed wins.
        let wanted = self.saved.iter().rev().filter(|saved| wanted(saved));
        wanted.max_by_key(|saved| saved_at(saved))
    }

    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// For after the screen has closed.
    pub fn details(&self) -> &[String] {
        &self.details
    }

    /// The notices have been seen (a game started): they are not shown again.
    pub fn dismiss_notices(&mut self) {
        self.notices.clear();
    }

    /// Counts a result ([`Store::count`]); the line to tell at once when the record had to
    /// be set aside. A count that cannot be saved is tried again as the game closes
    /// ([`Memory::settle`]).
    pub fn count(&mut self, counted: Counted) -> Result<Option<String>, StoreError> {
        let Some(store) = self.store.clone().filter(Store::saves) else {
            self.stats.count(&counted);
            return Ok(None);
        };
        match store.count(&counted) {
            Ok(loaded) => {
                self.stats = loaded.value;
                let brief = loaded.brief.clone();
                self.note(loaded.notice, loaded.brief);
                Ok(brief)
            }
            Err(why) => {
                self.stats.count(&counted);
                self.uncounted.push(counted);
                Err(why)
            }
        }
    }

    /// As the game closes, what could not be written is tried once more (the directory may
    /// be writable again); what still fails joins the [`Memory::details`].
    pub fn settle(&mut self) {
        let Some(store) = self.store.clone() else {
            return;
        };
        for counted in std::mem::take(&mut self.uncounted) {
            if let Err(why) = store.count(&counted) {
                let what = capitalized(&counted.words());
                self.details
                    .push(format!("{what} could not be counted: {why}."));
            }
        }
        for game in std::mem::take(&mut self.uncleared) {
            // Only the file this window left: another window may have saved a game since.
            let Ok(Some(_lock)) = store.lock_game(&game) else {
                continue;
            };
            if store.load_game(&game).value.as_ref() != self.saved_game(&game) {
                continue;
            }
            if let Err(why) = store.clear_game(&game) {
                self.details.push(format!(
                    "A finished game of {} is still offered for resuming: {why}.",
                    crate::games::title_of_key(&game)
                ));
            }
        }
    }

    pub fn keep_record(
        &self,
        record: &crate::record::Record,
        ended: std::time::SystemTime,
    ) -> Result<Option<std::path::PathBuf>, StoreError> {
        match &self.store {
            Some(store) => store.keep_record(record, ended),
            None => Ok(None),
        }
    }

    /// Makes this window the keeper of the game, letting go of any other. The file is read
    /// again: another window may have changed it.
    pub fn claim(&mut self, game: &str) -> Ownership {
        if self.owns(game) {
            return Ownership::Owned;
        }
        self.release();
        let lock = match &self.store {
            Some(store) if store.saves() && Store::newer_file(&store.game_path(game)) => {
                return Ownership::Failed(
                    "its file holds a game from a newer tictaclatin, left as it is".into(),
                );
            }
            Some(store) if store.saves() => match store.lock_game(game) {
                Ok(Some(lock)) => Some(lock),
                Ok(None) => return Ownership::Elsewhere,
                Err(why) => return Ownership::Failed(why.to_string()),
            },
            _ => None,
        };
        self.owned = Some(Owned {
            game: game.to_string(),
            _lock: lock,
        });
        self.reread(game);
        Ownership::Owned
    }

    /// Another window may take the game now; what was written stays.
    pub fn release(&mut self) {
        self.owned = None;
        self.failed = None;
    }

    pub fn owns(&self, game: &str) -> bool {
        self.owned.as_ref().is_some_and(|owned| owned.game == game)
    }

    pub fn open_elsewhere(&self, game: &str) -> bool {
        let Some(store) = self.store.as_ref().filter(|store| store.saves()) else {
            return false;
        };
        // Taken and let go at once: this only looks.
        !self.owns(game) && matches!(store.lock_game(game), Ok(None))
    }

    /// Reads the game's file again unless this window keeps it: another window may have
    /// played on, finished or discarded it.
    pub fn refresh(&mut self, game: &str) {
        if !self.owns(game) {
            self.reread(game);
        }
    }

    /// The store, when its file at `path` changed since it was last read: the files are
    /// looked at every second, and read only when they change.
    fn changed(&mut self, path: impl Fn(&Store) -> PathBuf) -> Option<Store> {
        let store = self.store.clone()?;
        let path = path(&store);
        let now = stamp(&path);
        (self.stamps.insert(path, now.clone()) != Some(now)).then_some(store)
    }

    /// Once: a file read again every second gives the same notice again.
    fn note(&mut self, notice: Option<String>, brief: Option<String>) {
        if let Some(notice) = notice
            && !self.details.contains(&notice)
        {
            self.notices.extend(brief);
            self.details.push(notice);
        }
    }

    /// Reads the record again: another window may have counted a game meanwhile.
    pub fn refresh_stats(&mut self) {
        let Some(store) = self.changed(Store::stats_path) else {
            return;
        };
        let loaded = store.load_stats();
        self.note(loaded.notice, loaded.brief);
        self.stats = loaded.value;
    }

    fn reread(&mut self, game: &str) {
        let Some(store) = self.changed(|store| store.game_path(game)) else {
            return;
        };
        let loaded = store.load_game(game);
        self.note(loaded.notice, loaded.brief);
        self.saved.retain(|saved| saved.game != game);
        self.saved.extend(loaded.value);
    }

    /// Writes down the game this window keeps (`None`: nothing to resume). Only what changed
    /// is written; a game this window does not keep is left alone.
    pub fn keep(&mut self, game: &str, unfinished: Option<SavedGame>) -> Result<(), StoreError> {
        if !self.owns(game) || self.saved_game(game) == unfinished.as_ref() {
            return Ok(());
        }
        if self.failed.as_ref().map(|(tried, _)| tried) == Some(&unfinished) {
            return Ok(()); // said when it failed; tried again when the game changes
        }
        let written = match (&self.store, &unfinished) {
            (Some(store), Some(saved)) => store.save_game(saved),
            (Some(store), None) => store.clear_game(game),
            (None, _) => Ok(()),
        };
        match written {
            Ok(()) => {
                self.failed = None;
                self.uncleared.retain(|g| g != game);
                self.saved.retain(|saved| saved.game != game);
                self.saved.extend(unfinished);
                Ok(())
            }
            Err(why) => {
                if unfinished.is_none() && !self.uncleared.iter().any(|g| g == game) {
                    self.uncleared.push(game.to_string());
                }
                self.failed = Some((unfinished, why.to_string()));
                Err(why)
            }
        }
    }

    pub fn save_failure(&self) -> Option<&str> {
        self.failed.as_ref().map(|(_, why)| why.as_str())
    }
}

/// `None` when the game counts for nobody.
pub fn record_key(game: &str, finished: &Finished) -> Option<RecordKey> {
    let (mode, difficulty) = finished.counts?;
    Some(RecordKey {
        game: game.to_string(),
        mode,
        difficulty,
    })
}

/// The record the start screen shows; `None` for the demo, where nobody plays.
pub fn menu_record_key(game: &str, mode: Mode, difficulty: Difficulty) -> Option<RecordKey> {
    let difficulty = match mode {
        Mode::VsBot => Some(difficulty),
        Mode::TwoHumans => None,
        Mode::Demo => return None,
    };
    Some(RecordKey {
        game: game.to_string(),
        mode,
        difficulty,
    })
}

#[cfg(test)]
impl Memory {
    /// An in-memory memory holding this record and unfinished games.
    pub fn with(stats: Stats, saved: Vec<SavedGame>) -> Memory {
        Memory {
            stats,
            saved,
            ..Memory::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Outcome;

    fn saved() -> SavedGame {
        SavedGame {
            hints: Some(true),
            ..crate::store::tests::vs_hard("b2 c3")
        }
    }

    /// The memory kept in `dir`, written to when `saves`.
    fn load(dir: &std::path::Path, saves: bool) -> Memory {
        Memory::load(Store::new(dir.to_path_buf(), saves))
    }

    /// A data directory holding these files (name, text), and the memory loaded from it.
    fn loaded_with(files: &[(&str, &str)], saves: bool) -> (tempfile::TempDir, Memory) {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let memory = load(dir.path(), saves);
        (dir, memory)
    }

    fn vs_hard() -> RecordKey {
        menu_record_key("latin", Mode::VsBot, Difficulty::Hard).unwrap()
    }

    #[test]
    fn a_saved_game_and_a_result_survive_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let mut memory = load(dir.path(), true);
        assert_eq!(memory.claim("latin"), Ownership::Owned);
        memory.keep("latin", Some(saved())).unwrap();
        memory
            .count(Counted::Game(vs_hard(), Outcome::Draw))
            .unwrap();

        let again = load(dir.path(), true);
        assert_eq!(again.saved_game("latin"), Some(&saved()));
        assert_eq!(again.saved_game("classic-3"), None);
        assert_eq!(again.record(&vs_hard()).draws, 1);
        assert!(again.notices().is_empty());
    }

    #[test]
    fn clearing_forgets_the_game_on_disk_too() {
        let dir = tempfile::tempdir().unwrap();
        let mut first = load(dir.path(), true);
        first.claim("latin");
        first.keep("latin", Some(saved())).unwrap();
        drop(first);
        let mut memory = load(dir.path(), true);
        assert!(memory.saved_game("latin").is_some());
        memory.claim("latin");
        memory.keep("latin", None).unwrap();
        assert!(memory.saved_game("latin").is_none());
        assert!(load(dir.path(), true).saved_game("latin").is_none());
    }

    #[test]
    fn without_saving_results_count_for_this_run_only() {
        let dir = tempfile::tempdir().unwrap();
        let mut memory = load(dir.path(), false);
        let key = menu_record_key("latin", Mode::TwoHumans, Difficulty::Perfect).unwrap();
        memory
            .count(Counted::Game(key.clone(), Outcome::Win))
            .unwrap();
        memory
            .count(Counted::Game(key.clone(), Outcome::Loss))
            .unwrap();
        assert_eq!(memory.record(&key).games(), 2);
        assert_eq!(memory.claim("latin"), Ownership::Owned);
        memory.keep("latin", Some(saved())).unwrap();
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "nothing written"
        );
    }

    /// One window keeps a game: a second one opening it is told, writes nothing, and does
    /// not clear it when its own copy ends. Once the first lets go, the second may claim it.
    #[test]
    fn a_game_open_in_one_window_is_not_written_by_another() {
        let dir = tempfile::tempdir().unwrap();
        let mut a = load(dir.path(), true);
        let mut b = load(dir.path(), true);
        assert_eq!(a.claim("latin"), Ownership::Owned);
        a.keep("latin", Some(saved())).unwrap();
        assert!(b.open_elsewhere("latin"));
        assert_eq!(b.claim("latin"), Ownership::Elsewhere);
        let mut other = saved();
        other.moves.pop();
        b.keep("latin", Some(other)).unwrap();
        b.keep("latin", None).unwrap();
        assert_eq!(load(dir.path(), true).saved_game("latin"), Some(&saved()));
        // Another game is free for the second window meanwhile.
        assert_eq!(b.claim("classic-3"), Ownership::Owned);
        a.release();
        assert!(!b.open_elsewhere("latin"));
        assert_eq!(b.claim("latin"), Ownership::Owned);
        assert_eq!(
            b.saved_game("latin"),
            Some(&saved()),
            "read again on claiming"
        );
    }

    /// A save killed between writing its temporary file and renaming it leaves the file
    /// behind; the next window to keep the game clears it.
    #[test]
    fn claiming_a_game_clears_what_a_killed_save_left() {
        let (stray, other) = (
            ".saved-game.toml.kQ3x9a.tmp",
            ".saved-game-qubic.toml.kQ3x9a.tmp",
        );
        let (dir, mut memory) =
            loaded_with(&[(stray, "version = 2\n"), (other, "version = 2\n")], true);
        let (stray, other) = (dir.path().join(stray), dir.path().join(other));
        assert!(
            stray.exists(),
            "loading alone leaves it: a save may be under way"
        );
        memory.claim("latin");
        assert!(!stray.exists());
        assert!(
            other.exists(),
            "another game's is that game's keeper's business"
        );
    }

    /// A data directory that is a file: one notice saying nothing can be saved (not that
    /// stats.toml "will be replaced"), and claiming a game says why it cannot be kept.
    #[test]
    fn a_data_directory_that_is_a_file_says_nothing_can_be_saved() {
        let file = tempfile::NamedTempFile::new().unwrap();
        let mut memory = load(file.path(), true);
        assert_eq!(
            memory.notices(),
            ["Nothing can be saved: the data directory is not a directory."]
        );
        match memory.claim("latin") {
            Ownership::Failed(why) => assert!(why.contains("is not a directory"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    /// An unfinished game from a newer version is left where that version looks for it,
    /// said so once, and never written over: a game of it here is not saved.
    #[test]
    fn a_newer_versions_game_is_left_alone_and_not_written_over() {
        let newer = "version = 99\nmoves = [\"b2\"]\n";
        let (dir, mut memory) = loaded_with(&[("saved-game.toml", newer)], true);
        let path = dir.path().join("saved-game.toml");
        assert_eq!(
            memory.notices(),
            ["saved-game.toml is from a newer tictaclatin; left as it is"]
        );
        memory.refresh("latin");
        assert_eq!(memory.notices().len(), 1, "told once");
        match memory.claim("latin") {
            Ownership::Failed(why) => assert!(why.contains("newer tictaclatin"), "{why}"),
            other => panic!("{other:?}"),
        }
        memory.keep("latin", Some(saved())).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), newer);
    }

    #[test]
    fn a_damaged_file_gives_one_notice() {
        let (dir, memory) = loaded_with(&[("stats.toml", "version = \"x\"")], true);
        assert_eq!(
            memory.notices(),
            [
                "stats.toml is damaged (line 1: invalid type: string \"x\", expected u32); kept as stats.toml.bak"
            ]
        );
        assert!(
            memory.details()[0].contains("stats.toml"),
            "{:?}",
            memory.details()
        );
        assert!(load(dir.path(), true).notices().is_empty());
    }

    #[test]
    fn without_saving_a_damaged_file_is_left_alone_and_says_so() {
        let (_dir, memory) = loaded_with(&[("saved-game.toml", "moves = 3")], false);
        assert_eq!(
            memory.notices(),
            ["saved-game.toml is damaged (missing field `version`); left as it is (saving is off)"]
        );
    }

    #[test]
    fn the_demo_counts_for_nobody() {
        assert_eq!(menu_record_key("latin", Mode::Demo, Difficulty::Easy), None);
        let two = menu_record_key("latin", Mode::TwoHumans, Difficulty::Easy).unwrap();
        assert_eq!(two.difficulty, None);
    }
}

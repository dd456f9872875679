//! What the game remembers between runs, as the game sees it: the record of results, the
//! unfinished game offered for resuming, and the store's one-time notices.
//!
//! The files themselves are the store's business ([`crate::store`]); this keeps the copy the
//! screen shows and turns write failures into messages for the status line.

use std::path::Path;

use crate::config::Mode;
use crate::solver::Outcome;
use crate::store::{Record, RecordKey, SavedGame, Stats, Store, latest_backup_path};

/// The game's memory. Without a store (tests, or no data directory) it remembers only for
/// this run.
#[derive(Debug, Default)]
pub struct Memory {
    store: Option<Store>,
    stats: Stats,
    /// The unfinished game from an earlier run, until it is resumed or replaced.
    saved: Option<SavedGame>,
    /// Files that had to be set aside, to tell the player once: one short line each, so
    /// they fit the start screen at its smallest.
    notices: Vec<String>,
    /// The store's full account of those files (path and reason), printed after the game.
    details: Vec<String>,
}

impl Memory {
    /// Nothing read, nothing written.
    pub fn none() -> Memory {
        Memory::default()
    }

    /// Reads the record and the unfinished game from `store`. An unreadable file is set
    /// aside by the store, which says so in a notice.
    pub fn load(store: Store) -> Memory {
        let stats = store.load_stats();
        let saved = store.load_game();
        let mut notices = Vec::new();
        let mut details = Vec::new();
        for (notice, path) in [
            (stats.notice, store.stats_path()),
            (saved.notice, store.game_path()),
        ] {
            if let Some(notice) = notice {
                notices.push(short_notice(&store, &path));
                details.push(notice);
            }
        }
        Memory {
            stats: stats.value,
            saved: saved.value,
            notices,
            details,
            store: Some(store),
        }
    }

    /// An in-memory memory holding this record and unfinished game (for tests).
    pub fn with(stats: Stats, saved: Option<SavedGame>) -> Memory {
        Memory {
            stats,
            saved,
            ..Memory::default()
        }
    }

    pub fn record(&self, key: RecordKey) -> Record {
        self.stats.get(key)
    }

    pub fn saved_game(&self) -> Option<&SavedGame> {
        self.saved.as_ref()
    }

    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// The full notices, with paths and reasons, for after the screen has closed.
    pub fn details(&self) -> &[String] {
        &self.details
    }

    /// The notices have been seen (a game started): they are not shown again.
    pub fn dismiss_notices(&mut self) {
        self.notices.clear();
    }

    /// Counts a finished game. The store re-reads the file first, so two games open at once
    /// do not undo each other's results.
    pub fn record_result(&mut self, key: RecordKey, outcome: Outcome) -> Result<(), String> {
        match &self.store {
            Some(store) if store.saves() => {
                self.stats = store
                    .record_result(key, outcome)
                    .map_err(|e| e.to_string())?;
            }
            _ => self.stats.record(key, outcome),
        }
        Ok(())
    }

    /// Keeps `game` for the next run.
    pub fn save_game(&mut self, game: &SavedGame) -> Result<(), String> {
        match &self.store {
            Some(store) => store.save_game(game).map_err(|e| e.to_string()),
            None => Ok(()),
        }
    }

    /// Forgets the unfinished game: it was resumed and ended, or a new game replaced it.
    pub fn clear_game(&mut self) -> Result<(), String> {
        self.saved = None;
        match &self.store {
            Some(store) => store.clear_game().map_err(|e| e.to_string()),
            None => Ok(()),
        }
    }

    /// Takes the unfinished game to resume it; the file stays until the game ends or is
    /// saved again on the way out.
    pub fn take_saved(&mut self) -> Option<SavedGame> {
        self.saved.take()
    }
}

/// One line on an unreadable file, short enough for the narrowest screen: "stats.toml was
/// unreadable; kept as stats.toml.bak". Where it went follows from the files on disk, as the
/// store left them.
fn short_notice(store: &Store, path: &Path) -> String {
    let file_name = |path: &Path| {
        path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    };
    let name = file_name(path);
    let backup = latest_backup_path(path);
    if !store.saves() {
        format!("{name} was unreadable; left as it is (saving is off)")
    } else if let Some(backup) = backup.filter(|_| !path.exists()) {
        format!("{name} was unreadable; kept as {}", file_name(&backup))
    } else {
        format!("{name} was unreadable and will be replaced")
    }
}

/// The record a game of `mode` at `difficulty` counts towards; `None` for the demo, where
/// nobody plays.
pub fn record_key(mode: Mode, difficulty: crate::players::Difficulty) -> Option<RecordKey> {
    match mode {
        Mode::VsBot => Some(RecordKey {
            mode,
            difficulty: Some(difficulty),
        }),
        Mode::TwoHumans => Some(RecordKey {
            mode,
            difficulty: None,
        }),
        Mode::Demo => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;
    use crate::players::Difficulty;

    fn saved() -> SavedGame {
        SavedGame {
            mode: Mode::VsBot,
            human: Some(Side::First),
            difficulty: Difficulty::Hard,
            weakest: None,
            swapped: false,
            moves: vec!["b2".parse().unwrap(), "c3".parse().unwrap()],
        }
    }

    #[test]
    fn a_saved_game_and_a_result_survive_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let store = || Store::new(dir.path().to_path_buf(), true);
        let mut memory = Memory::load(store());
        memory.save_game(&saved()).unwrap();
        let key = record_key(Mode::VsBot, Difficulty::Hard).unwrap();
        memory.record_result(key, Outcome::Draw).unwrap();

        let again = Memory::load(store());
        assert_eq!(again.saved_game(), Some(&saved()));
        assert_eq!(again.record(key).draws, 1);
        assert!(again.notices().is_empty());
    }

    #[test]
    fn clearing_forgets_the_game_on_disk_too() {
        let dir = tempfile::tempdir().unwrap();
        let store = || Store::new(dir.path().to_path_buf(), true);
        Memory::load(store()).save_game(&saved()).unwrap();
        let mut memory = Memory::load(store());
        assert!(memory.saved_game().is_some());
        memory.clear_game().unwrap();
        assert!(memory.saved_game().is_none());
        assert!(Memory::load(store()).saved_game().is_none());
    }

    #[test]
    fn without_saving_results_count_for_this_run_only() {
        let dir = tempfile::tempdir().unwrap();
        let mut memory = Memory::load(Store::new(dir.path().to_path_buf(), false));
        let key = record_key(Mode::TwoHumans, Difficulty::Perfect).unwrap();
        memory.record_result(key, Outcome::Win).unwrap();
        memory.record_result(key, Outcome::Loss).unwrap();
        assert_eq!(memory.record(key).games(), 2);
        memory.save_game(&saved()).unwrap();
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "nothing written"
        );
    }

    #[test]
    fn a_damaged_file_gives_one_notice() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("stats.toml"), "version = \"x\"").unwrap();
        let memory = Memory::load(Store::new(dir.path().to_path_buf(), true));
        assert_eq!(
            memory.notices(),
            ["stats.toml was unreadable; kept as stats.toml.bak"]
        );
        assert!(
            memory.details()[0].contains("stats.toml"),
            "{:?}",
            memory.details()
        );
        assert!(
            Memory::load(Store::new(dir.path().to_path_buf(), true))
                .notices()
                .is_empty()
        );
    }

    #[test]
    fn without_saving_a_damaged_file_is_left_alone_and_says_so() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("saved-game.toml"), "moves = 3").unwrap();
        let memory = Memory::load(Store::new(dir.path().to_path_buf(), false));
        assert_eq!(
            memory.notices(),
            ["saved-game.toml was unreadable; left as it is (saving is off)"]
        );
    }

    #[test]
    fn the_demo_counts_for_nobody() {
        assert_eq!(record_key(Mode::Demo, Difficulty::Easy), None);
        assert_eq!(
            record_key(Mode::TwoHumans, Difficulty::Easy)
                .unwrap()
                .difficulty,
            None
        );
    }
}

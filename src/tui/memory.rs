//! What the game remembers between runs, as the game sees it: the record of results, the
//! unfinished game of each game offered for resuming, and the store's one-time notices.
//!
//! The files themselves are the store's business ([`crate::store`]); this keeps the copy the
//! screen shows and turns write failures into messages for the status line.

use std::path::Path;

use crate::core::session::Finished;
use crate::core::{Mode, Outcome};
use crate::store::{Record, RecordKey, SavedGame, Stats, Store, StoreError, latest_backup_path};

/// The game's memory. Without a store (tests, or no data directory) it remembers only for
/// this run.
#[derive(Debug, Default)]
pub struct Memory {
    store: Option<Store>,
    stats: Stats,
    /// The unfinished games from earlier runs, one per game at most, until each is resumed
    /// or replaced.
    saved: Vec<SavedGame>,
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

    /// Reads the record and the unfinished games from `store`. An unreadable file is set
    /// aside by the store, which says so in a notice.
    pub fn load(store: Store) -> Memory {
        let stats = store.load_stats();
        let mut notices = Vec::new();
        let mut details = Vec::new();
        if let Some(notice) = stats.notice {
            notices.push(short_notice(&store, &store.stats_path()));
            details.push(notice);
        }
        let mut saved = Vec::new();
        for (key, loaded) in store.load_games() {
            if let Some(notice) = loaded.notice {
                notices.push(short_notice(&store, &store.game_path(&key)));
                details.push(notice);
            }
            saved.extend(loaded.value);
        }
        Memory {
            stats: stats.value,
            saved,
            notices,
            details,
            store: Some(store),
        }
    }

    /// An in-memory memory holding this record and unfinished games (for tests).
    pub fn with(stats: Stats, saved: Vec<SavedGame>) -> Memory {
        Memory {
            stats,
            saved,
            ..Memory::default()
        }
    }

    pub fn record(&self, key: &RecordKey) -> Record {
        self.stats.get(key)
    }

    /// The unfinished game of the game with this key, if there is one.
    pub fn saved_game(&self, game: &str) -> Option<&SavedGame> {
        self.saved.iter().find(|saved| saved.game == game)
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
    pub fn record_result(&mut self, key: RecordKey, outcome: Outcome) -> Result<(), StoreError> {
        match &self.store {
            Some(store) if store.saves() => {
                self.stats = store.record_result(key, outcome)?;
            }
            _ => self.stats.record(key, outcome),
        }
        Ok(())
    }

    /// Keeps `game` for the next run.
    pub fn save_game(&mut self, game: &SavedGame) -> Result<(), StoreError> {
        match &self.store {
            Some(store) => store.save_game(game),
            None => Ok(()),
        }
    }

    /// Forgets the unfinished game of this game: it was resumed and ended, or a new game
    /// replaced it.
    pub fn clear_game(&mut self, game: &str) -> Result<(), StoreError> {
        self.saved.retain(|saved| saved.game != game);
        match &self.store {
            Some(store) => store.clear_game(game),
            None => Ok(()),
        }
    }

    /// Takes the unfinished game of this game to resume it; the file stays until the game
    /// ends or is saved again on the way out.
    pub fn take_saved(&mut self, game: &str) -> Option<SavedGame> {
        let at = self.saved.iter().position(|saved| saved.game == game)?;
        Some(self.saved.remove(at))
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

/// The record a finished game of `game` counts towards, from what the session says it
/// counts as; `None` when it counts for nobody.
pub fn record_key(game: &str, finished: &Finished) -> Option<RecordKey> {
    let (mode, difficulty) = finished.counts?;
    Some(RecordKey {
        game: game.to_string(),
        mode,
        difficulty,
    })
}

/// The record the start screen shows for a choice of game, mode and level; `None` for the
/// demo, where nobody plays.
pub fn menu_record_key(
    game: &str,
    mode: Mode,
    difficulty: crate::core::Difficulty,
) -> Option<RecordKey> {
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
mod tests {
    use super::*;
    use crate::core::{Difficulty, Game, Side};
    use crate::games::latin::adapter::Latin;

    fn saved() -> SavedGame {
        SavedGame {
            game: "latin".into(),
            mode: Mode::VsBot,
            human: Some(Side::First),
            difficulty: Difficulty::Hard,
            weakest: None,
            swapped: false,
            moves: ["b2", "c3"]
                .iter()
                .map(|n| Latin.parse_cell(n).unwrap())
                .collect(),
        }
    }

    fn vs_hard() -> RecordKey {
        menu_record_key("latin", Mode::VsBot, Difficulty::Hard).unwrap()
    }

    #[test]
    fn a_saved_game_and_a_result_survive_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let store = || Store::new(dir.path().to_path_buf(), true);
        let mut memory = Memory::load(store());
        memory.save_game(&saved()).unwrap();
        memory.record_result(vs_hard(), Outcome::Draw).unwrap();

        let again = Memory::load(store());
        assert_eq!(again.saved_game("latin"), Some(&saved()));
        assert_eq!(again.saved_game("classic-3"), None);
        assert_eq!(again.record(&vs_hard()).draws, 1);
        assert!(again.notices().is_empty());
    }

    #[test]
    fn clearing_forgets_the_game_on_disk_too() {
        let dir = tempfile::tempdir().unwrap();
        let store = || Store::new(dir.path().to_path_buf(), true);
        Memory::load(store()).save_game(&saved()).unwrap();
        let mut memory = Memory::load(store());
        assert!(memory.saved_game("latin").is_some());
        memory.clear_game("latin").unwrap();
        assert!(memory.saved_game("latin").is_none());
        assert!(Memory::load(store()).saved_game("latin").is_none());
    }

    #[test]
    fn without_saving_results_count_for_this_run_only() {
        let dir = tempfile::tempdir().unwrap();
        let mut memory = Memory::load(Store::new(dir.path().to_path_buf(), false));
        let key = menu_record_key("latin", Mode::TwoHumans, Difficulty::Perfect).unwrap();
        memory.record_result(key.clone(), Outcome::Win).unwrap();
        memory.record_result(key.clone(), Outcome::Loss).unwrap();
        assert_eq!(memory.record(&key).games(), 2);
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
        assert_eq!(menu_record_key("latin", Mode::Demo, Difficulty::Easy), None);
        let two = menu_record_key("latin", Mode::TwoHumans, Difficulty::Easy).unwrap();
        assert_eq!(two.difficulty, None);
    }
}

//! The record of results: per game, mode and level, in `stats.toml`.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::files::Wait;
use super::{
    FIRST_GAME, Loaded, RECORD, Store, StoreError, Unusable, VERSION, corrupt, corrupt_in, parsed,
};
use crate::config::Mode;
use crate::core::bounded::Kind;
use crate::core::{Difficulty, Outcome};

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RecordKey {
    /// `latin`, `classic-5`.
    pub game: String,
    pub mode: Mode,
    /// The bot's level; `None` when no bot plays against a person (two people).
    pub difficulty: Option<Difficulty>,
}

/// Results for the person (against the bot) or the first player (two people). A streak counts
/// games in a row without a loss (against the perfect bot a draw is the best anyone can do).
/// Counters saturate at [`Standing::MOST`]: a record can stop growing, never turn into zero.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)] // A counter missing (a hand edit) counts 0; one that is no count is damage.
pub struct Standing {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub streak: u64,
    pub best_streak: u64,
}

impl Standing {
    /// The largest whole number a TOML file holds.
    pub const MOST: u64 = i64::MAX as u64;

    pub fn games(&self) -> u64 {
        (self.wins)
            .saturating_add(self.draws)
            .saturating_add(self.losses)
            .min(Standing::MOST)
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

fn one_more(count: u64) -> u64 {
    count.saturating_add(1).min(Standing::MOST)
}

/// Every record, in the order first played.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Stats {
    records: Vec<Entry>,
    /// What a newer tictaclatin wrote that this one cannot read, written back as it was.
    foreign: Foreign,
}

#[derive(Clone, PartialEq, Debug)]
struct Entry {
    key: RecordKey,
    record: Standing,
    unknown: toml::Table,
}

/// What a newer version wrote that this build does not read, kept so that counting a result
/// here loses nothing of it.
#[derive(Clone, PartialEq, Debug, Default)]
struct Foreign {
    version: u32,
    keys: toml::Table,
    records: Vec<toml::Table>,
}

impl Stats {
    pub fn get(&self, key: &RecordKey) -> Standing {
        self.records
            .iter()
            .find(|e| e.key == *key)
            .map_or_else(Standing::default, |e| e.record)
    }

    pub fn record(&mut self, key: RecordKey, outcome: Outcome) {
        match self.records.iter_mut().find(|e| e.key == key) {
            Some(entry) => entry.record.add(outcome),
            None => {
                let mut record = Standing::default();
                record.add(outcome);
                self.records.push(Entry {
                    key,
                    record,
                    unknown: toml::Table::new(),
                });
            }
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&RecordKey, &Standing)> + '_ {
        self.records.iter().map(|e| (&e.key, &e.record))
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
}

/// A record of results holds a few lines for each game, mode and level played: under 200
/// records, some 20 KB. The cap keeps a hostile file's cost (its parsed form takes some
/// 40 times its size) within a few MiB.
const KIND: Kind = Kind {
    name: "a record of results",
    largest: "a record of every game, mode and level takes some 20 KB",
    file_cap: 256 * 1024,
    line_cap: 64 * 1024,
};

impl Store {
    /// A data directory that is not a directory is reported here, once, as its notice.
    pub fn load_stats(&self) -> Loaded<Stats> {
        if let Some(problem) = self.dir_problem() {
            let notice = format!("{problem}. Nothing can be read or saved there.");
            let brief = "Nothing can be saved: the data directory is not a directory.";
            return Loaded::told(Stats::default(), (notice, brief.into()));
        }
        let loaded = self.load(&self.stats_path(), (RECORD, &KIND), stats_from_text);
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

    /// The caller holds the file's lock.
    fn write_stats(&self, stats: &Stats) -> Result<(), StoreError> {
        self.write(&self.stats_path(), RECORD, &stats_to_text(stats))
    }

    /// Counts one finished game in the saved record, read, changed and written under its
    /// lock so that games finishing at once in two windows both count.
    pub fn record_result(
        &self,
        key: RecordKey,
        outcome: Outcome,
    ) -> Result<Loaded<Stats>, StoreError> {
        let lock = match self.saves() {
            true => self.lock(&self.stats_path(), RECORD, Wait::Block)?,
            false => None,
        };
        if lock.is_some() {
            self.clean_strays(&self.stats_path());
        }
        let mut loaded = self.load_stats();
        loaded.value.record(key, outcome);
        self.write_stats(&loaded.value)?;
        Ok(loaded)
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
    #[serde(flatten)]
    counts: Standing,
    /// Fields a newer version added, kept as they are.
    #[serde(flatten)]
    other: toml::Table,
}

fn stats_to_text(stats: &Stats) -> String {
    let known = stats.records.iter().map(|entry| {
        let key = &entry.key;
        let row = RecordRow {
            game: Some(key.game.clone()),
            mode: key.mode.name().into(),
            difficulty: key.difficulty.map(|d| d.name().into()),
            counts: entry.record,
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

/// Files of every version load: older ones lack fields that have defaults, and a newer
/// one's additions are kept for writing back.
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
    let mut seen = HashSet::new();
    for table in file.records {
        match entry_from_row(table.clone()) {
            Ok(entry) if !seen.insert(entry.key.clone()) => {
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
    let key = RecordKey {
        game: row.game.unwrap_or_else(|| FIRST_GAME.to_string()),
        mode: parsed(&row.mode)?,
        difficulty: row.difficulty.as_deref().map(parsed).transpose()?,
    };
    let mut record = row.counts;
    // The current streak is one of the best at least (`best_streak` may be missing).
    record.best_streak = record.best_streak.max(record.streak);
    Ok(Entry {
        key,
        record,
        unknown: row.other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::files::stage;
    use std::fs;

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
        let stats = store.record_result(key(), Outcome::Win).unwrap().value;
        let record = stats.get(&key());
        assert_eq!(
            (record.wins, record.streak),
            (Standing::MOST, Standing::MOST)
        );
        assert_eq!(record.games(), Standing::MOST);
        let text = fs::read_to_string(store.stats_path()).unwrap();
        assert!(text.contains(&format!("wins = {}", i64::MAX)), "{text}");
        let stats = store.record_result(key(), Outcome::Draw).unwrap().value;
        assert_eq!(stats.get(&key()).draws, 1);
        assert_eq!(
            stats.get(&key()).games(),
            Standing::MOST,
            "the sum stops too"
        );
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
}

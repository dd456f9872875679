//! The record of results: per game, mode and level, and each game's puzzles, in
//! `stats.toml`.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::files::Wait;
use super::{
    FIRST_GAME, Loaded, RECORD, Store, StoreError, Unusable, VERSION, corrupt, corrupt_in, parsed,
};
use crate::config::Mode;
use crate::core::bounded::Kind;
use crate::core::{Difficulty, Outcome};
use crate::games::title_of_key;

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

/// A person's puzzles of one game: their Glicko-2 rating, and each puzzle tried (by its
/// number in the game's set) with its own rating, moved by every try as lichess moves them.
/// A puzzle keeps its rating alone, at [`PUZZLE_DEVIATION`]: some 25 bytes a puzzle, so a
/// record of every shipped puzzle tried stays well within the file's cap.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Puzzles {
    pub game: String,
    pub rating: Glicko2Rating,
    /// Solved at the first try, or not.
    pub solved: u64,
    pub failed: u64,
    /// Puzzles solved in a row.
    pub streak: u64,
    pub best_streak: u64,
    pub tried: BTreeMap<String, f64>,
}

/// A puzzle's deviation, held there: one person's tries alone would soon freeze its rating.
const PUZZLE_DEVIATION: f64 = 150.0;

/// One result to count: a finished game, or a puzzle solved at the first try or not (its
/// rating before anyone here tried it comes with it).
#[derive(Clone, PartialEq, Debug)]
pub enum Counted {
    Game(RecordKey, Outcome),
    Puzzle {
        game: String,
        number: usize,
        first: f64,
        solved: bool,
    },
}

impl Counted {
    /// "a win at Qubic", "a puzzle of Qubic".
    pub fn words(&self) -> String {
        match self {
            Counted::Game(key, outcome) => {
                format!("a {} at {}", outcome.word(), title_of_key(&key.game))
            }
            Counted::Puzzle { game, .. } => format!("a puzzle of {}", title_of_key(game)),
        }
    }
}

/// Every record, in the order first played.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Stats {
    records: Vec<Entry>,
    pub puzzles: Vec<Puzzles>,
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

    pub fn puzzles(&self, game: &str) -> Option<&Puzzles> {
        self.puzzles.iter().find(|p| p.game == game)
    }

    /// The person's puzzle rating in `game`: Glicko-2's first before any puzzle.
    pub fn puzzle_rating(&self, game: &str) -> f64 {
        self.puzzles(game)
            .map_or(Glicko2Rating::new(), |p| p.rating)
            .rating
    }

    pub fn count(&mut self, counted: &Counted) {
        let (game, number, first, solved) = match counted {
            Counted::Game(key, outcome) => return self.record(key.clone(), *outcome),
            Counted::Puzzle {
                game,
                number,
                first,
                solved,
            } => (game, number, *first, *solved),
        };
        if self.puzzles(game).is_none() {
            let game = game.clone();
            self.puzzles.push(Puzzles {
                game,
                ..Puzzles::default()
            });
        }
        let mine = self.puzzles.iter_mut().find(|p| p.game == *game);
        let mine = mine.expect("added if missing");
        let theirs = mine.tried.entry(number.to_string()).or_insert(first);
        let puzzle = Glicko2Rating {
            rating: *theirs,
            deviation: PUZZLE_DEVIATION,
            ..Glicko2Rating::new()
        };
        let (outcome, count, streak) = match solved {
            true => (Outcomes::WIN, &mut mine.solved, one_more(mine.streak)),
            false => (Outcomes::LOSS, &mut mine.failed, 0),
        };
        let after = glicko2(&mine.rating, &puzzle, &outcome, &Glicko2Config::new());
        (mine.rating, *theirs) = (after.0, after.1.rating);
        *count = one_more(*count);
        mine.streak = streak;
        mine.best_streak = mine.best_streak.max(streak);
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

    /// Counts one result in the saved record, read, changed and written under its lock so
    /// that games finishing at once in two windows both count.
    pub fn count(&self, counted: &Counted) -> Result<Loaded<Stats>, StoreError> {
        let lock = match self.saves() {
            true => self.lock(&self.stats_path(), RECORD, Wait::Block)?,
            false => None,
        };
        if lock.is_some() {
            self.clean_strays(&self.stats_path());
        }
        let mut loaded = self.load_stats();
        loaded.value.count(counted);
        self.write_stats(&loaded.value)?;
        Ok(loaded)
    }
}

#[derive(Serialize, Deserialize)]
struct StatsFile {
    version: u32,
    #[serde(default)]
    records: Vec<toml::Table>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    puzzles: Vec<Puzzles>,
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
        puzzles: stats.puzzles.clone(),
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
    let sane = |r: &Glicko2Rating| {
        r.rating.is_finite() && (1.0..=350.0).contains(&r.deviation) && r.volatility.is_finite()
    };
    let ratings = |p: &Puzzles| sane(&p.rating) && p.tried.values().all(|r| r.is_finite());
    if !file.puzzles.iter().all(ratings) {
        return Err(Unusable::Corrupt("a puzzle rating is out of range".into()));
    }
    stats.puzzles = file.puzzles;
    let mut seen = HashSet::new();
    if !stats.puzzles.iter().all(|p| seen.insert(p.game.clone())) {
        return Err(Unusable::Corrupt("a game's puzzles appear twice".into()));
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
                    store.count(&Counted::Game(key(), outcome)).unwrap();
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
        let stats = store
            .count(&Counted::Game(key(), Outcome::Win))
            .unwrap()
            .value;
        let record = stats.get(&key());
        assert_eq!(
            (record.wins, record.streak),
            (Standing::MOST, Standing::MOST)
        );
        assert_eq!(record.games(), Standing::MOST);
        let text = fs::read_to_string(store.stats_path()).unwrap();
        assert!(text.contains(&format!("wins = {}", i64::MAX)), "{text}");
        let stats = store
            .count(&Counted::Game(key(), Outcome::Draw))
            .unwrap()
            .value;
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
        store.count(&Counted::Game(key(), Outcome::Win)).unwrap();
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

    /// Puzzles move the person's rating and each puzzle's own the other way, are written
    /// and read back as they were, and a rating that is no number is damage.
    #[test]
    fn puzzle_ratings_move_both_ways_and_come_back_whole() {
        let mut stats = Stats::default();
        let puzzle = |number, solved| Counted::Puzzle {
            game: "qubic".into(),
            number,
            first: 1500.0,
            solved,
        };
        stats.count(&puzzle(3, true));
        stats.count(&puzzle(4, true));
        stats.count(&puzzle(5, false));
        let mine = stats.puzzles("qubic").unwrap();
        assert_eq!(
            (mine.solved, mine.failed, mine.streak, mine.best_streak),
            (2, 1, 0, 2)
        );
        assert!(mine.tried["3"] < 1500.0 && mine.tried["5"] > 1500.0);
        let text = stats_to_text(&stats);
        assert_eq!(stats_from_text(&text).unwrap(), stats);
        let broken = text.replacen("rating = ", "rating = nan #", 1);
        assert!(
            matches!(stats_from_text(&broken), Err(Unusable::Corrupt(_))),
            "{broken}"
        );
    }

    /// Every puzzle of eight sets of 500 tried still makes a file well within the cap.
    #[test]
    fn every_puzzle_tried_fits_the_file() {
        let mut stats = Stats::default();
        for (game, number) in (0..8).flat_map(|g| (0..500).map(move |n| (g, n))) {
            let (game, first) = (format!("game-{game}"), 600.0 + number as f64 * 3.6);
            let solved = number % 3 > 0;
            stats.count(&Counted::Puzzle {
                game,
                number,
                first,
                solved,
            });
        }
        let size = stats_to_text(&stats).len();
        assert!(size < KIND.file_cap as usize / 2, "{size} bytes");
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

//! The server's ledger: who is who (a person is their SSH key, known by one name), the games
//! they finished, their Glicko-2 rating in each game, and each room's unfinished game with
//! its seats' owners, in one SQLite database in the server's folder (or in memory with
//! `--no-save`).

use std::fs;
use std::io;
use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OpenFlags, OptionalExtension, Params, Row, TransactionBehavior};
use rusqlite::{Error as SqlError, params};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::table::{Person, PersonId};
use crate::core::Outcome;

/// Entry `i` brings the schema from version `i` to `i + 1` (`PRAGMA user_version`): a later
/// build appends an entry and never edits one, so every file it meets can be brought up.
/// `folded` is the name as compared; `winner` is a seat, none for a draw or a called-off game;
/// `rated` says whether the game moved the ratings; `ended` is in seconds since 1970.
const MIGRATIONS: &[&str] = &["
    CREATE TABLE people (key TEXT PRIMARY KEY, name TEXT NOT NULL, folded TEXT NOT NULL UNIQUE);
    CREATE TABLE results (id INTEGER PRIMARY KEY, game TEXT NOT NULL,
        first_name TEXT NOT NULL, first_key TEXT, second_name TEXT NOT NULL, second_key TEXT,
        winner TEXT CHECK (winner IN ('first', 'second')),
        ending TEXT NOT NULL CHECK (ending IN ('played', 'abandoned', 'called off')),
        rated INTEGER NOT NULL, record TEXT NOT NULL, ended INTEGER NOT NULL);
    CREATE INDEX results_first ON results (first_key, ended);
    CREATE INDEX results_second ON results (second_key, ended);
    CREATE TABLE ratings (key TEXT NOT NULL, game TEXT NOT NULL, rating REAL NOT NULL,
        deviation REAL NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL,
        PRIMARY KEY (key, game));
    CREATE INDEX ratings_best ON ratings (game, rating);
    CREATE TABLE rooms (name TEXT PRIMARY KEY, game TEXT NOT NULL, saved TEXT NOT NULL,
        first_name TEXT, first_id TEXT, second_name TEXT, second_id TEXT,
        hints INTEGER NOT NULL, touched INTEGER NOT NULL);
"];

/// How a row is read: a plain function, as no reading needs more.
type Read<T> = fn(&Row) -> rusqlite::Result<T>;

/// How long a write waits for another connection's (another server on the same file).
const BUSY: Duration = Duration::from_secs(5);

/// Why a name was not given to a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// Another key has this name (in some case).
    Taken,
    /// This key already has a name, and a person has one.
    KnownAs(String),
    /// The database failed; the words are for the log.
    Failed(String),
}

/// A room's unfinished game, kept across restarts: the game (a saved game's text), who owns
/// each seat, and the hints both players have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptRoom {
    pub game: String,
    pub saved: String,
    pub seats: [Option<Person>; 2],
    pub hints: bool,
}

/// Rooms whose games are kept at most: a stranger making rooms cannot fill the disk.
pub const MAX_ROOMS: usize = 256;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Played,
    /// One side left the game and the other won.
    Abandoned,
    /// Nobody won: no winner is kept and no rating moves.
    CalledOff,
}

impl Ending {
    fn word(self) -> &'static str {
        match self {
            Ending::Played => "played",
            Ending::Abandoned => "abandoned",
            Ending::CalledOff => "called off",
        }
    }
}

/// A finished game, as the host hands it over.
#[derive(Debug, Clone)]
pub struct GameResult {
    /// The game's key, such as `classic-3`.
    pub game: String,
    /// In seat order: the first moved first (a person without a key has no rating).
    pub seats: [Person; 2],
    /// For the first seat (ignored when called off).
    pub outcome: Outcome,
    pub ending: Ending,
    /// The host's say; ratings move only if, too, both seats have keys (not the same one) and
    /// the game was not called off.
    pub rated: bool,
    pub record: String,
    pub ended: SystemTime,
}

/// A person's Glicko-2 rating in one game, and the rated games it counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rated {
    pub rating: f64,
    pub deviation: f64,
    pub games: u32,
}

/// The database, one connection for all the server's threads.
pub struct Ledger {
    db: Mutex<Connection>,
}

impl Ledger {
    /// The ledger at `path`, made (for its owner alone) when there is none.
    pub fn open(path: &Path) -> Result<Ledger, String> {
        let shown = path.display();
        let not_a_file = "is not a regular file (a folder, a link or a device?): move it away \
                          to start a new one";
        let ready = match fs::symlink_metadata(path) {
            Ok(meta) if meta.is_file() => Ok(()),
            Ok(_) => Err(not_a_file.to_string()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                make_private(path).map_err(|e| format!("cannot be made: {e}"))
            }
            Err(e) => Err(format!("cannot be read: {e}")),
        };
        ready.map_err(|why| format!("the ledger {shown} {why}"))?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_NOFOLLOW;
        Connection::open_with_flags(path, flags)
            .map_err(|e| e.to_string())
            .and_then(|db| prepare(db, true))
            .map_err(|e| format!("the ledger {shown}: {e}"))
    }

    /// A ledger forgotten when the server stops (`--no-save`).
    pub fn in_memory() -> Ledger {
        // Only a lack of memory can fail here: the schema is the one every test makes.
        Connection::open_in_memory()
            .map_err(|e| e.to_string())
            .and_then(|db| prepare(db, false))
            .expect("an in-memory ledger opens")
    }

    /// Gives `name` to `key`; saying again the name a key has is no error.
    pub fn claim(&self, key: &str, name: &str) -> Result<(), Claim> {
        let failed = |e| Claim::Failed(said(e));
        let mut db = self.db();
        // Immediate: the check and the insert are one step, even beside another server.
        let tx = db
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(failed)?;
        let sql = "SELECT name FROM people WHERE key = ?1";
        let known: Option<String> = tx
            .query_row(sql, [key], |r| r.get(0))
            .optional()
            .map_err(failed)?;
        match known {
            Some(known) if fold(&known) == fold(name) => return Ok(()),
            Some(known) => return Err(Claim::KnownAs(known)),
            None => {}
        }
        let sql = "INSERT INTO people VALUES (?1, ?2, ?3) ON CONFLICT (folded) DO NOTHING";
        match tx.execute(sql, [key, name, &fold(name)]) {
            Ok(0) => Err(Claim::Taken),
            Ok(_) => tx.commit().map_err(failed),
            Err(e) => Err(failed(e)),
        }
    }

    /// The key that owns `name` (in any case), if a keyed person has it.
    pub fn key_of(&self, name: &str) -> Result<Option<String>, String> {
        let sql = "SELECT key FROM people WHERE folded = ?1";
        self.row(sql, [fold(name)], |r| r.get(0))
    }

    /// Keeps a finished game and moves the ratings it counts for, all or nothing.
    pub fn record(&self, result: &GameResult) -> Result<(), String> {
        write_result(&mut self.db(), result).map_err(said)
    }

    /// `key`'s rating in `game`, once a rated game has counted.
    pub fn rating(&self, key: &str, game: &str) -> Result<Option<Rated>, String> {
        let sql = "SELECT rating, deviation, games FROM ratings WHERE key = ?1 AND game = ?2";
        self.row(sql, [key, game], rated)
    }

    /// The `n` best-rated names in `game`, best first. A rating is only made by a rated
    /// game, so the unrated are not there.
    pub fn best(&self, game: &str, n: usize) -> Result<Vec<(String, Rated)>, String> {
        let sql = "SELECT r.rating, r.deviation, r.games, p.name FROM ratings r
                   JOIN people p ON p.key = r.key WHERE r.game = ?1
                   ORDER BY r.rating DESC, p.folded LIMIT ?2";
        self.rows(sql, params![game, limit(n)], |r| Ok((r.get(3)?, rated(r)?)))
    }

    /// Keeps `room`'s game (`None`: it has none to keep). Past [`MAX_ROOMS`] the games
    /// untouched the longest are let go: their rooms are returned, for the log.
    pub fn keep_room(&self, room: &str, kept: Option<&KeptRoom>) -> Result<Vec<String>, String> {
        let mut db = self.db();
        let tx = db
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(said)?;
        tx.execute("DELETE FROM rooms WHERE name = ?1", [room])
            .map_err(said)?;
        if let Some(kept) = kept {
            let [(first, first_id), (second, second_id)] = kept.seats.each_ref().map(|seat| {
                let seat = seat.as_ref();
                (seat.map(|p| p.name.clone()), seat.map(|p| id_text(&p.id)))
            });
            tx.execute(
                "INSERT INTO rooms VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    room,
                    kept.game,
                    kept.saved,
                    first,
                    first_id,
                    second,
                    second_id,
                    kept.hints,
                    seconds(SystemTime::now())
                ],
            )
            .map_err(said)?;
        }
        let sql = "SELECT name FROM rooms ORDER BY touched DESC, rowid DESC LIMIT -1 OFFSET ?1";
        let gone: Vec<String> = rows(&tx, sql, [limit(MAX_ROOMS)], |r| r.get(0))?;
        for name in &gone {
            tx.execute("DELETE FROM rooms WHERE name = ?1", [name])
                .map_err(said)?;
        }
        tx.commit().map_err(said)?;
        Ok(gone)
    }

    /// The rooms whose kept game has a seat of `id`'s.
    pub fn rooms_of(&self, id: &PersonId) -> Result<Vec<String>, String> {
        let sql = "SELECT name FROM rooms WHERE first_id = ?1 OR second_id = ?1 ORDER BY name";
        self.rows(sql, [id_text(id)], |r| r.get(0))
    }

    /// The game kept for `room`, if any.
    pub fn room(&self, room: &str) -> Result<Option<KeptRoom>, String> {
        let sql = "SELECT game, saved, first_name, first_id, second_name, second_id, hints
                   FROM rooms WHERE name = ?1";
        self.row(sql, [room], |r| {
            let seat = |name: usize| -> rusqlite::Result<Option<Person>> {
                let (name, id): (Option<String>, Option<String>) = (r.get(name)?, r.get(name + 1)?);
                let id = id.and_then(|id| id_of(&id));
                Ok(name.zip(id).map(|(name, id)| Person { name, id }))
            };
            Ok(KeptRoom {
                game: r.get(0)?,
                saved: r.get(1)?,
                seats: [seat(2)?, seat(4)?],
                hints: r.get(6)?,
            })
        })
    }

    fn row<T>(&self, sql: &str, params: impl Params, read: Read<T>) -> Result<Option<T>, String> {
        self.db()
            .query_row(sql, params, read)
            .optional()
            .map_err(said)
    }

    fn rows<T>(&self, sql: &str, params: impl Params, read: Read<T>) -> Result<Vec<T>, String> {
        rows(&self.db(), sql, params, read)
    }

    fn db(&self) -> MutexGuard<'_, Connection> {
        // A thread that panicked mid-call left nothing half-done (a dropped transaction rolls
        // back), so the connection is as good as before.
        self.db.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn rows<T>(db: &Connection, sql: &str, args: impl Params, read: Read<T>) -> Result<Vec<T>, String> {
    let mut query = db.prepare(sql).map_err(said)?;
    let rows = query.query_map(args, read).and_then(Iterator::collect);
    rows.map_err(said)
}

/// Brings the schema up to this build's, then has a file log ahead of its writes, so that
/// readers never wait for a writer.
fn prepare(mut db: Connection, file: bool) -> Result<Ledger, String> {
    db.busy_timeout(BUSY).map_err(said)?;
    let tx = db
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(said)?;
    let version: u32 = tx
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(said)?;
    // Refused before anything is written: the newer build's data stays whole.
    let steps = MIGRATIONS.get(version as usize..).ok_or_else(|| {
        format!(
            "written by a newer tictaclatin (schema {version}; this one knows up to {}): \
             left as it is, for that build",
            MIGRATIONS.len()
        )
    })?;
    for step in steps {
        tx.execute_batch(step).map_err(said)?;
    }
    tx.pragma_update(None, "user_version", MIGRATIONS.len() as u32)
        .map_err(said)?;
    tx.commit().map_err(said)?;
    if file {
        db.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get::<_, String>(0))
            .map_err(said)?;
    }
    Ok(Ledger { db: Mutex::new(db) })
}

/// A person's id as the rooms table keeps it: `key:SHA256:...` or `ticket:q2pd-8wrt`.
fn id_text(id: &PersonId) -> String {
    match id {
        PersonId::Key(key) => format!("key:{key}"),
        PersonId::Ticket(ticket) => format!("ticket:{ticket}"),
    }
}

fn id_of(text: &str) -> Option<PersonId> {
    match text.split_once(':')? {
        ("key", key) => Some(PersonId::Key(key.to_string())),
        ("ticket", ticket) => Some(PersonId::Ticket(ticket.to_string())),
        _ => None,
    }
}

/// The key of a person who has one.
fn key(person: &Person) -> Option<&String> {
    match &person.id {
        PersonId::Key(key) => Some(key),
        PersonId::Ticket(_) => None,
    }
}

fn write_result(db: &mut Connection, result: &GameResult) -> rusqlite::Result<()> {
    let [first, second] = &result.seats;
    let called_off = result.ending == Ending::CalledOff;
    let rated = match (key(first), key(second)) {
        // A game against oneself would be a free rating.
        (Some(one), Some(two)) if one != two && result.rated && !called_off => Some((one, two)),
        _ => None,
    };
    let winner = match result.outcome {
        _ if called_off => None,
        Outcome::Win => Some("first"),
        Outcome::Loss => Some("second"),
        Outcome::Draw => None,
    };
    let tx = db.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute(
        "INSERT INTO results (game, first_name, first_key, second_name, second_key, winner,
         ending, rated, record, ended) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            result.game,
            first.name,
            key(first),
            second.name,
            key(second),
            winner,
            result.ending.word(),
            rated.is_some(),
            result.record,
            seconds(result.ended),
        ],
    )?;
    if let Some((one, two)) = rated {
        let outcome = match result.outcome {
            Outcome::Win => Outcomes::WIN,
            Outcome::Draw => Outcomes::DRAW,
            Outcome::Loss => Outcomes::LOSS,
        };
        let before = [
            glicko(&tx, one, &result.game)?,
            glicko(&tx, two, &result.game)?,
        ];
        let after = glicko2(&before[0], &before[1], &outcome, &Glicko2Config::new());
        for (key, now) in [(one, after.0), (two, after.1)] {
            tx.execute(
                "INSERT INTO ratings VALUES (?1, ?2, ?3, ?4, ?5, 1) ON CONFLICT (key, game)
                 DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
                 volatility = excluded.volatility, games = games + 1",
                params![key, result.game, now.rating, now.deviation, now.volatility],
            )?;
        }
    }
    tx.commit()
}

/// A person's rating as Glicko-2 takes it: skillratings' first one before any game.
fn glicko(db: &Connection, key: &str, game: &str) -> rusqlite::Result<Glicko2Rating> {
    let sql = "SELECT rating, deviation, volatility FROM ratings WHERE key = ?1 AND game = ?2";
    let found = db.query_row(sql, [key, game], |r| {
        Ok(Glicko2Rating {
            rating: r.get(0)?,
            deviation: r.get(1)?,
            volatility: r.get(2)?,
        })
    });
    Ok(found.optional()?.unwrap_or_default())
}

fn rated(r: &Row) -> rusqlite::Result<Rated> {
    Ok(Rated {
        rating: r.get(0)?,
        deviation: r.get(1)?,
        games: r.get(2)?,
    })
}

fn said(error: SqlError) -> String {
    format!("the ledger: {error}")
}

fn limit(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn seconds(time: SystemTime) -> i64 {
    let since = time.duration_since(UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
}

/// Names are one person's in any case: `Alice` is `alice`, by Unicode's lower case (SQLite's
/// NOCASE folds ASCII only).
fn fold(name: &str) -> String {
    name.to_lowercase()
}

/// Made empty for its owner alone before SQLite fills it, since SQLite would make it
/// readable by all, and its journals take the file's permissions.
fn make_private(path: &Path) -> io::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path).map(drop)
}

/// What only the tests read back: the program never lists a person's name or games.
#[cfg(test)]
impl Ledger {
    /// The name `key` is known by, as first typed.
    pub fn name_of(&self, key: &str) -> Result<Option<String>, String> {
        let sql = "SELECT name FROM people WHERE key = ?1";
        self.row(sql, [key], |r| r.get(0))
    }

    /// The `n` newest games `key` played, newest first.
    pub fn games_of(&self, key: &str, n: usize) -> Result<Vec<Played>, String> {
        let sql = "SELECT game, first_name, second_name, first_key IS ?1, winner, ending, rated,
                   ended FROM results WHERE first_key = ?1 OR second_key = ?1
                   ORDER BY ended DESC, id DESC LIMIT ?2";
        self.rows(sql, params![key, limit(n)], played)
    }
}

/// A game a person played, as they would see it listed.
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub game: String,
    /// In seat order.
    pub names: [String; 2],
    /// For the person asked about; `None` when called off.
    pub outcome: Option<Outcome>,
    pub ending: Ending,
    /// Whether it moved their rating.
    pub rated: bool,
    pub ended: SystemTime,
}

#[cfg(test)]
fn played(r: &Row) -> rusqlite::Result<Played> {
    let (first, winner, word): (bool, Option<String>, String) = (r.get(3)?, r.get(4)?, r.get(5)?);
    let all = [Ending::Played, Ending::Abandoned, Ending::CalledOff];
    let ending = all.into_iter().find(|e| e.word() == word);
    let text = rusqlite::types::Type::Text;
    let ending = ending.ok_or(SqlError::InvalidColumnType(5, word, text))?;
    let outcome = match winner {
        _ if ending == Ending::CalledOff => None,
        None => Some(Outcome::Draw),
        Some(seat) if (seat == "first") == first => Some(Outcome::Win),
        Some(_) => Some(Outcome::Loss),
    };
    let ended = UNIX_EPOCH + Duration::from_secs(r.get::<_, i64>(7)?.try_into().unwrap_or(0));
    Ok(Played {
        game: r.get(0)?,
        names: [r.get(1)?, r.get(2)?],
        outcome,
        ending,
        rated: r.get(6)?,
        ended,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    const GAME: &str = "classic-3";

    fn seat(name: &str, key: Option<&str>) -> Person {
        let id = match key {
            Some(key) => PersonId::Key(key.to_string()),
            None => PersonId::Ticket("q2pd-8wrt".into()),
        };
        Person {
            name: name.to_string(),
            id,
        }
    }

    /// A rated game played to the end between two keyed people, `k-<name>`.
    fn game(first: &str, second: &str, outcome: Outcome) -> GameResult {
        GameResult {
            game: GAME.to_string(),
            seats: [
                seat(first, Some(&format!("k-{first}"))),
                seat(second, Some(&format!("k-{second}"))),
            ],
            outcome,
            ending: Ending::Played,
            rated: true,
            record: "1. a1 b2".to_string(),
            ended: SystemTime::now(),
        }
    }

    /// A ledger where each name is claimed by the key `k-<name>`.
    fn people(names: &[&str]) -> Ledger {
        let ledger = Ledger::in_memory();
        for name in names {
            ledger.claim(&format!("k-{name}"), name).unwrap();
        }
        ledger
    }

    fn rating(ledger: &Ledger, name: &str) -> Option<Rated> {
        ledger.rating(&format!("k-{name}"), GAME).unwrap()
    }

    #[test]
    fn a_name_is_one_key_s_in_any_case_and_a_key_has_one_name() {
        let ledger = Ledger::in_memory();
        assert_eq!(ledger.claim("k1", "Alice"), Ok(()));
        assert_eq!(ledger.claim("k2", "aLICE"), Err(Claim::Taken));
        assert_eq!(
            ledger.claim("k1", "Bob"),
            Err(Claim::KnownAs("Alice".to_string()))
        );
        assert_eq!(
            ledger.claim("k1", "ALICE"),
            Ok(()),
            "saying one's own name again"
        );
        assert_eq!(
            ledger.name_of("k1").unwrap().as_deref(),
            Some("Alice"),
            "as first typed"
        );
        assert_eq!(ledger.key_of("alice").unwrap().as_deref(), Some("k1"));
        assert_eq!(ledger.key_of("bob").unwrap(), None);
        assert_eq!(
            ledger.name_of("k2").unwrap(),
            None,
            "a refused claim registers nothing"
        );
        assert_eq!(ledger.claim("k2", "Bob"), Ok(()));
        // Beyond ASCII, where SQLite's NOCASE would see two names.
        assert_eq!(ledger.claim("k3", "Émile"), Ok(()));
        assert_eq!(ledger.claim("k4", "émile"), Err(Claim::Taken));
    }

    #[test]
    fn a_rated_win_moves_the_winner_up_and_the_loser_down() {
        let ledger = people(&["ann", "bea"]);
        ledger.record(&game("ann", "bea", Outcome::Loss)).unwrap();
        let (ann, bea) = (
            rating(&ledger, "ann").unwrap(),
            rating(&ledger, "bea").unwrap(),
        );
        assert!(
            bea.rating > 1600.0 && ann.rating < 1400.0,
            "{ann:?} {bea:?}"
        );
        assert_eq!((ann.games, bea.games), (1, 1));
        assert!(ann.deviation < 350.0 && bea.deviation < 350.0);
    }

    #[test]
    fn a_draw_between_newcomers_keeps_them_at_1500_and_surer() {
        let ledger = people(&["ann", "bea"]);
        ledger.record(&game("ann", "bea", Outcome::Draw)).unwrap();
        for name in ["ann", "bea"] {
            let rated = rating(&ledger, name).unwrap();
            assert!((rated.rating - 1500.0).abs() < 1e-6, "{rated:?}");
            assert!(rated.deviation < 300.0, "{rated:?}");
        }
    }

    #[test]
    fn unrated_keyless_self_and_called_off_games_are_kept_and_move_no_rating() {
        let ledger = people(&["ann", "bea"]);
        let unrated = GameResult {
            rated: false,
            ..game("ann", "bea", Outcome::Win)
        };
        let mut keyless = game("ann", "bea", Outcome::Win);
        keyless.seats[1] = seat("guest", None);
        let mut against_self = game("ann", "bea", Outcome::Win);
        against_self.seats[1].id = PersonId::Key("k-ann".to_string());
        let called_off = GameResult {
            ending: Ending::CalledOff,
            ..game("ann", "bea", Outcome::Win)
        };
        for result in [unrated, keyless, against_self, called_off] {
            ledger.record(&result).unwrap();
        }
        assert_eq!(rating(&ledger, "ann"), None);
        assert_eq!(rating(&ledger, "bea"), None);
        let games = ledger.games_of("k-ann", 10).unwrap();
        assert_eq!(games.len(), 4);
        assert!(games.iter().all(|g| !g.rated));
        assert_eq!(games[0].ending, Ending::CalledOff);
        assert_eq!(games[0].outcome, None, "a called-off game keeps no winner");
    }

    #[test]
    fn an_abandoned_game_counts_for_the_one_who_stayed() {
        let ledger = people(&["ann", "bea"]);
        let left = GameResult {
            ending: Ending::Abandoned,
            ..game("ann", "bea", Outcome::Win)
        };
        ledger.record(&left).unwrap();
        assert!(rating(&ledger, "ann").unwrap().rating > 1500.0);
        assert_eq!(
            ledger.games_of("k-bea", 1).unwrap()[0].ending,
            Ending::Abandoned
        );
    }

    #[test]
    fn the_best_are_the_rated_people_best_first() {
        let ledger = people(&["ann", "bea", "cid", "dot"]);
        ledger.record(&game("ann", "bea", Outcome::Win)).unwrap();
        ledger.record(&game("cid", "bea", Outcome::Draw)).unwrap();
        ledger
            .record(&GameResult {
                rated: false,
                ..game("dot", "ann", Outcome::Win)
            })
            .unwrap();
        let names = |n| -> Vec<String> {
            ledger
                .best(GAME, n)
                .unwrap()
                .into_iter()
                .map(|(name, _)| name)
                .collect()
        };
        assert_eq!(names(10), ["ann", "cid", "bea"], "dot has no rated game");
        assert_eq!(names(1), ["ann"]);
        assert!(
            ledger.best("qubic", 10).unwrap().is_empty(),
            "a rating is for one game"
        );
    }

    #[test]
    fn a_person_s_games_are_listed_newest_first_as_they_saw_them() {
        let ledger = people(&["ann", "bea"]);
        let early = UNIX_EPOCH + Duration::from_secs(1_000_000);
        let later = early + Duration::from_secs(60);
        ledger
            .record(&GameResult {
                ended: early,
                ..game("ann", "bea", Outcome::Win)
            })
            .unwrap();
        ledger
            .record(&GameResult {
                ended: later,
                ..game("bea", "ann", Outcome::Win)
            })
            .unwrap();
        let ann = ledger.games_of("k-ann", 10).unwrap();
        let seen: Vec<_> = ann
            .iter()
            .map(|g| (g.outcome, g.ended, g.names.clone()))
            .collect();
        let names = |a: &str, b: &str| [a.to_string(), b.to_string()];
        assert_eq!(
            seen,
            [
                (Some(Outcome::Loss), later, names("bea", "ann")),
                (Some(Outcome::Win), early, names("ann", "bea"))
            ]
        );
        let bea = ledger.games_of("k-bea", 1).unwrap();
        assert_eq!((bea.len(), bea[0].outcome), (1, Some(Outcome::Win)));
        assert!(bea[0].rated && bea[0].game == GAME);
    }

    #[test]
    fn results_written_at_once_by_two_threads_all_land() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite");
        // One ledger shared by two threads' worth of work, and a second connection to the
        // same file as another server would hold.
        let shared = Arc::new(Ledger::open(&path).unwrap());
        shared.claim("k-ann", "ann").unwrap();
        shared.claim("k-bea", "bea").unwrap();
        let other = Ledger::open(&path).unwrap();
        let writers = [Arc::clone(&shared), Arc::new(other)].map(|ledger| {
            std::thread::spawn(move || {
                for i in 0..50 {
                    let outcome = if i % 2 == 0 {
                        Outcome::Win
                    } else {
                        Outcome::Loss
                    };
                    // One time for all: the listing's order is then the order kept.
                    let result = GameResult {
                        ended: UNIX_EPOCH,
                        ..game("ann", "bea", outcome)
                    };
                    ledger.record(&result).unwrap();
                }
            })
        });
        for writer in writers {
            writer.join().unwrap();
        }
        let kept = shared.games_of("k-ann", 1000).unwrap();
        assert_eq!(kept.len(), 100);
        // The ratings are those of the same games played one after another, in the order kept.
        let replay = people(&["ann", "bea"]);
        for played in kept.iter().rev() {
            replay
                .record(&game("ann", "bea", played.outcome.unwrap()))
                .unwrap();
        }
        for name in ["ann", "bea"] {
            let (rated, replayed) = (rating(&shared, name).unwrap(), rating(&replay, name));
            assert_eq!((rated.games, Some(rated)), (100, replayed), "{name}");
        }
    }

    #[test]
    fn the_file_is_its_owner_s_and_is_kept_across_opens() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite");
        let ledger = Ledger::open(&path).unwrap();
        ledger.claim("k-ann", "ann").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&path), 0o600);
            let wal = dir.path().join("ledger.sqlite-wal");
            assert_eq!(
                mode(&wal),
                0o600,
                "the journal takes the file's permissions"
            );
        }
        drop(ledger);
        let again = Ledger::open(&path).unwrap();
        assert_eq!(again.key_of("Ann").unwrap().as_deref(), Some("k-ann"));
    }

    #[test]
    fn a_file_from_a_newer_build_is_refused_and_left_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite");
        let newer = Connection::open(&path).unwrap();
        newer
            .execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;")
            .unwrap();
        drop(newer);
        let error = Ledger::open(&path).err().unwrap();
        assert!(error.contains("newer") && error.contains("99"), "{error}");
        let kept = Connection::open(&path).unwrap();
        let version: u32 = kept
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        let tables: Vec<String> = kept
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!((version, tables), (99, vec!["future".to_string()]));
    }

    #[test]
    fn a_folder_or_a_file_that_is_no_database_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("ledger.sqlite");
        fs::create_dir(&folder).unwrap();
        let error = Ledger::open(&folder).err().unwrap();
        assert!(error.contains("not a regular file"), "{error}");
        let text = dir.path().join("notes.txt");
        fs::write(
            &text,
            "not a database, but a page of notes kept by hand ".repeat(20),
        )
        .unwrap();
        let error = Ledger::open(&text).err().unwrap();
        assert!(error.contains("notes.txt"), "{error}");
    }

    #[test]
    fn a_ledger_is_shared_between_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<Ledger>();
    }

    #[test]
    fn a_room_s_game_and_its_seats_are_kept_and_past_the_most_the_oldest_go() {
        let ledger = Ledger::in_memory();
        let kept = KeptRoom {
            game: GAME.into(),
            saved: "moves = [\"b2\"]".into(),
            seats: [Some(seat("ann", Some("k-ann"))), Some(seat("bea", None))],
            hints: true,
        };
        assert!(ledger.keep_room("den", Some(&kept)).unwrap().is_empty());
        assert_eq!(ledger.room("den").unwrap(), Some(kept.clone()));
        let bea = PersonId::Ticket("q2pd-8wrt".into());
        assert_eq!(ledger.rooms_of(&bea).unwrap(), ["den"]);
        ledger.keep_room("den", None).unwrap();
        assert_eq!(ledger.room("den").unwrap(), None);
        let mut gone = Vec::new();
        for n in 0..=MAX_ROOMS {
            gone.extend(
                ledger
                    .keep_room(&format!("room{n:03}"), Some(&kept))
                    .unwrap(),
            );
        }
        // Kept in the same second: the first kept goes, never the one just kept.
        assert_eq!(gone.len(), 1);
        assert_ne!(gone[0], format!("room{MAX_ROOMS:03}"));
    }
}

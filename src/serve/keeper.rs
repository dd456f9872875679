//! Writing the rooms' games to disk on a thread of its own, so no player ever waits for a
//! disk: each room's unfinished game (the latest only, when several changes come at once),
//! and each finished game's record and result.
//!
//! A room's game is kept in a folder of its own under the server's folder, as the game
//! keeps a saved game at home, for at most [`MAX_KEPT`] rooms (the longest untouched are
//! let go); finished games go into the data directory's records and stats like any other,
//! under the room's seat names. A write that fails is told to the room's players and
//! remembered, so nobody is told a game is kept when it is not.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};
use std::thread::JoinHandle;
use std::time::SystemTime;

use super::table::Table;
use crate::core::Outcome;
use crate::record::Record;
use crate::store::{RecordKey, SavedGame, Store};

/// Rooms whose games are kept at most: a stranger making rooms cannot fill the disk.
pub const MAX_KEPT: usize = 256;

/// What the keeper calls to tell a room's players their game could not be written.
type Tell = Box<dyn Fn(&str, String) + Send + Sync>;

/// The keeper's end for the rooms: hands it what to write.
#[derive(Clone)]
pub struct Keeper {
    shared: Arc<Shared>,
}

struct Shared {
    /// The data directory's store: records and stats.
    store: Store,
    /// Where each room's folder is.
    rooms: PathBuf,
    work: Mutex<Work>,
    changed: Condvar,
    tell: OnceLock<Tell>,
}

#[derive(Default)]
struct Work {
    /// Each room's game as it is to be written (`None`: nothing to resume), by room.
    rooms: HashMap<String, Option<SavedGame>>,
    finished: Vec<Finished>,
    /// What could not be written, with why: each room whose game's last write failed, and
    /// the records (under [`RECORDS`]).
    failed: BTreeMap<String, String>,
    /// Being written now.
    busy: bool,
    stopping: bool,
}

struct Finished {
    record: Record,
    result: Option<(RecordKey, Outcome)>,
    ended: SystemTime,
}

impl Keeper {
    /// Starts the keeper's thread, writing into `store` (nothing when it does not save).
    pub fn spawn(store: Store, rooms: PathBuf) -> std::io::Result<(Keeper, JoinHandle<()>)> {
        let shared = Arc::new(Shared {
            store,
            rooms,
            work: Mutex::default(),
            changed: Condvar::new(),
            tell: OnceLock::new(),
        });
        let worker = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("keeper".into())
            .spawn(move || worker.run())?;
        Ok((Keeper { shared }, thread))
    }

    /// The room's game as it now stands, to be written.
    pub fn keep(&self, room: &str, table: &Table) {
        self.shared
            .lock()
            .rooms
            .insert(room.to_string(), resumable(table));
        self.shared.changed.notify_all();
    }

    /// A finished game's record, and its result where it counts.
    pub fn finished(&self, record: Record, result: Option<(RecordKey, Outcome)>) {
        let ended = SystemTime::now();
        self.shared.lock().finished.push(Finished {
            record,
            result,
            ended,
        });
        self.shared.changed.notify_all();
    }

    /// The game kept for `room`: the one waiting to be written, else the one on disk.
    pub fn kept(&self, room: &str) -> Option<SavedGame> {
        if let Some(waiting) = self.shared.lock().rooms.get(room) {
            return waiting.clone();
        }
        let store = self.shared.room_store(room);
        store
            .load_games()
            .into_iter()
            .find_map(|(_, loaded)| loaded.value)
    }

    /// How a room's players are told that their game could not be written.
    pub fn on_failure(&self, tell: impl Fn(&str, String) + Send + Sync + 'static) {
        let _ = self.shared.tell.set(Box::new(tell));
    }

    /// Whether `room`'s game, as last handed over, is on disk (after [`Keeper::flush`]).
    pub fn keeps(&self, room: &str) -> bool {
        self.shared.store.saves() && !self.shared.lock().failed.contains_key(room)
    }

    /// What could not be written, in a line for the log; `None` when all was.
    pub fn failures(&self) -> Option<String> {
        let work = self.shared.lock();
        let lost: Vec<String> = work
            .failed
            .iter()
            .map(|(what, why)| match what.as_str() {
                RECORDS => format!("finished games' records ({why})"),
                room => format!("the game in {room} ({why})"),
            })
            .collect();
        (!lost.is_empty()).then(|| lost.join("; "))
    }

    /// Writes everything handed over so far, then lets the thread end.
    pub fn stop(&self) {
        self.shared.lock().stopping = true;
        self.flush();
    }

    /// Waits until everything handed over so far is written (or failed).
    pub fn flush(&self) {
        let mut work = self.shared.lock();
        self.shared.changed.notify_all();
        while work.busy || !work.rooms.is_empty() || !work.finished.is_empty() {
            work = self
                .shared
                .changed
                .wait(work)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// What of the table's game can be resumed: a game in progress from the empty board (the
/// game at home keeps no more).
fn resumable(table: &Table) -> Option<SavedGame> {
    let session = &table.session;
    let from_start = session.history.position_at(0).text() == session.game.start().text();
    let on = table.in_progress() && session.kept.mode != crate::config::Mode::Demo;
    (from_start && on).then(|| SavedGame {
        game: session.game.key(),
        session: session.to_resumed(),
        hints: Some(table.hints),
        moves: session.moves().to_vec(),
        redo: Vec::new(),
    })
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Work> {
        self.work.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn room_store(&self, room: &str) -> Store {
        Store::new(self.rooms.join(room), self.store.saves())
    }

    fn run(&self) {
        let mut work = self.lock();
        loop {
            if work.rooms.is_empty() && work.finished.is_empty() {
                if work.stopping {
                    return;
                }
                work = self
                    .changed
                    .wait(work)
                    .unwrap_or_else(PoisonError::into_inner);
                continue;
            }
            let rooms = std::mem::take(&mut work.rooms);
            let finished = std::mem::take(&mut work.finished);
            work.busy = true;
            drop(work);
            let mut written: Vec<(String, Result<(), String>)> = rooms
                .into_iter()
                .map(|(room, game)| {
                    let written = self.write_room(&room, game.as_ref());
                    (room, written)
                })
                .collect();
            for game in finished {
                written.push((RECORDS.into(), self.write_finished(game)));
            }
            work = self.lock();
            for (what, result) in written {
                match result {
                    Ok(()) => work.failed.remove(&what),
                    Err(why) => work.failed.insert(what, why),
                };
            }
            work.busy = false;
            self.changed.notify_all();
        }
    }

    /// The room's folder holds its one game: the game kept now, and no other (no folder
    /// when there is none). A failed write is told to the room and logged.
    fn write_room(&self, room: &str, game: Option<&SavedGame>) -> Result<(), String> {
        let store = self.room_store(room);
        let written = match game {
            Some(game) => {
                let cleared = (store.load_games().into_iter())
                    .filter(|(key, loaded)| loaded.value.is_some() && *key != game.game)
                    .try_for_each(|(key, _)| store.clear_game(&key));
                cleared.and_then(|()| store.save_game(game))
            }
            None => {
                if store.saves() {
                    let _ = std::fs::remove_dir_all(store.dir());
                }
                Ok(())
            }
        };
        match written {
            Ok(()) => {
                self.let_go_of_oldest(room);
                Ok(())
            }
            Err(error) => {
                let why = error.error.to_string();
                super::log::log(&format!("could not keep the game in {room}: {error}"));
                if let Some(tell) = self.tell.get() {
                    tell(
                        room,
                        format!(
                            "The server could not save this game ({why}): it goes on, but a \
                             restart would lose it."
                        ),
                    );
                }
                Err(why)
            }
        }
    }

    /// Past [`MAX_KEPT`] rooms, the games untouched the longest are let go (never `room`'s,
    /// just written).
    fn let_go_of_oldest(&self, room: &str) {
        let Ok(folders) = std::fs::read_dir(&self.rooms) else {
            return;
        };
        let mut kept: Vec<(SystemTime, PathBuf)> = folders
            .filter_map(Result::ok)
            .filter(|folder| folder.file_name() != room)
            .filter_map(|folder| Some((folder.metadata().ok()?.modified().ok()?, folder.path())))
            .collect();
        kept.sort();
        let over = (kept.len() + 1).saturating_sub(MAX_KEPT);
        for (_, folder) in kept.into_iter().take(over) {
            if std::fs::remove_dir_all(&folder).is_ok() {
                super::log::log(&format!(
                    "let go of the game kept in {}: untouched the longest of more than {MAX_KEPT} \
                     rooms",
                    crate::store::file_name(&folder)
                ));
            }
        }
    }

    fn write_finished(&self, game: Finished) -> Result<(), String> {
        let kept = self.store.keep_record(&game.record, game.ended).map(|_| ());
        let counted = match game.result {
            Some((key, outcome)) => self.store.record_result(key, outcome).map(|_| ()),
            None => Ok(()),
        };
        kept.and(counted).map_err(|error| {
            super::log::log(&format!("could not write: {error}"));
            error.error.to_string()
        })
    }
}

/// Where the records' failure is kept among the rooms' (no room has this name).
const RECORDS: &str = "/records";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{First, Mode};
    use crate::core::Difficulty;
    use crate::core::session::Session;

    fn table_of(session: &Session) -> Table {
        Table {
            session: session.clone(),
            seats: [None, None],
            hints: false,
            recorded: false,
            settled: None,
        }
    }

    #[test]
    fn a_room_s_unfinished_game_is_kept_and_its_end_clears_it() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().to_path_buf(), true);
        let (keeper, thread) = Keeper::spawn(store, dir.path().join("rooms")).unwrap();
        let game = crate::games::build(crate::games::GameChoice::default()).unwrap();
        let mut session = Session::new(game, Mode::TwoHumans, First::You, Difficulty::Perfect);
        let first = session.position().legal_moves()[0];
        session.history.play(first).unwrap();
        keeper.keep("den", &table_of(&session));
        keeper.stop();
        thread.join().unwrap();
        let (keeper, thread) = Keeper::spawn(
            Store::new(dir.path().to_path_buf(), true),
            dir.path().join("rooms"),
        )
        .unwrap();
        let kept = keeper.kept("den").expect("kept across a restart");
        assert_eq!(kept.moves, session.moves());
        assert!(keeper.kept("attic").is_none());
        session.history = crate::core::session::History::new(session.game.start());
        keeper.keep("den", &table_of(&session));
        keeper.stop();
        thread.join().unwrap();
        let (keeper, _thread) = Keeper::spawn(
            Store::new(dir.path().to_path_buf(), true),
            dir.path().join("rooms"),
        )
        .unwrap();
        assert!(keeper.kept("den").is_none(), "nothing left to resume");
    }

    #[test]
    fn a_room_without_moves_is_not_kept_and_past_the_cap_the_oldest_are_let_go() {
        let dir = tempfile::tempdir().unwrap();
        let rooms = dir.path().join("rooms");
        let store = Store::new(dir.path().to_path_buf(), true);
        let (keeper, thread) = Keeper::spawn(store, rooms.clone()).unwrap();
        let game = crate::games::build(crate::games::GameChoice::default()).unwrap();
        let mut session = Session::new(game, Mode::TwoHumans, First::You, Difficulty::Perfect);
        keeper.keep("empty", &table_of(&session));
        keeper.flush();
        assert!(!rooms.join("empty").exists(), "no moves, nothing kept");
        let first = session.position().legal_moves()[0];
        session.history.play(first).unwrap();
        for n in 0..=MAX_KEPT {
            keeper.keep(&format!("room{n:03}"), &table_of(&session));
            keeper.flush(); // one at a time, so each is older than the next
        }
        keeper.stop();
        thread.join().unwrap();
        let kept = std::fs::read_dir(&rooms).unwrap().count();
        assert_eq!(kept, MAX_KEPT);
        assert!(!rooms.join("room000").exists() && rooms.join("room256").exists());
        assert!(keeper.failures().is_none());
    }
}

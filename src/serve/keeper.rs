//! Writing the rooms' games to disk on a thread of its own, so no player ever waits for a
//! disk: each room's unfinished game (the latest only, when several changes come at once),
//! and each finished game's record and result.
//!
//! A room's game is kept in a folder of its own under the server's folder, as the game
//! keeps a saved game at home; finished games go into the data directory's records and
//! stats like any other, under the room's seat names.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::SystemTime;

use crate::core::Outcome;
use crate::core::session::Session;
use crate::record::Record;
use crate::store::{RecordKey, SavedGame, Store};

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
}

#[derive(Default)]
struct Work {
    /// Each room's game as it is to be written (`None`: nothing to resume), by room.
    rooms: HashMap<String, Option<SavedGame>>,
    finished: Vec<Finished>,
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
        });
        let worker = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("keeper".into())
            .spawn(move || worker.run())?;
        Ok((Keeper { shared }, thread))
    }

    /// The room's game as it now stands, to be written.
    pub fn keep(&self, room: &str, session: &Session) {
        self.shared
            .lock()
            .rooms
            .insert(room.to_string(), resumable(session));
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

    /// Writes everything handed over so far, then lets the thread end.
    pub fn stop(&self) {
        let mut work = self.shared.lock();
        work.stopping = true;
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

/// What of `session` can be resumed: a game with moves from the empty board, not over (the
/// game at home keeps no more).
fn resumable(session: &Session) -> Option<SavedGame> {
    let from_start = session.history.position_at(0).text() == session.game.start().text();
    let on = !session.moves().is_empty() && !session.status().is_over();
    (from_start && on && session.kept.mode != crate::config::Mode::Demo).then(|| SavedGame {
        game: session.game.key(),
        session: session.to_resumed(),
        hints: None,
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
            for (room, game) in rooms {
                self.write_room(&room, game.as_ref());
            }
            for game in finished {
                self.write_finished(game);
            }
            work = self.lock();
            work.busy = false;
            self.changed.notify_all();
        }
    }

    /// The room's folder holds its one game: the game kept now, and no other.
    fn write_room(&self, room: &str, game: Option<&SavedGame>) {
        let store = self.room_store(room);
        for (key, loaded) in store.load_games() {
            if loaded.value.is_some() && game.is_none_or(|g| g.game != key) {
                report(store.clear_game(&key));
            }
        }
        if let Some(game) = game {
            report(store.save_game(game));
        }
    }

    fn write_finished(&self, game: Finished) {
        report(self.store.keep_record(&game.record, game.ended).map(|_| ()));
        if let Some((key, outcome)) = game.result {
            report(self.store.record_result(key, outcome).map(|_| ()));
        }
    }
}

/// A write that failed is said on the server's terminal; the games go on.
fn report(written: Result<(), crate::store::StoreError>) {
    if let Err(error) = written {
        super::log::log(&format!("could not write: {error}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{First, Mode};
    use crate::core::Difficulty;

    #[test]
    fn a_room_s_unfinished_game_is_kept_and_its_end_clears_it() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().to_path_buf(), true);
        let (keeper, thread) = Keeper::spawn(store, dir.path().join("rooms")).unwrap();
        let game = crate::games::build(crate::games::GameChoice::default()).unwrap();
        let mut session = Session::new(game, Mode::TwoHumans, First::You, Difficulty::Perfect);
        let first = session.position().legal_moves()[0];
        session.history.play(first).unwrap();
        keeper.keep("den", &session);
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
        keeper.keep("den", &session);
        keeper.stop();
        thread.join().unwrap();
        let (keeper, _thread) = Keeper::spawn(
            Store::new(dir.path().to_path_buf(), true),
            dir.path().join("rooms"),
        )
        .unwrap();
        assert!(keeper.kept("den").is_none(), "nothing left to resume");
    }
}

//! Writing the rooms' games into the ledger on a thread of its own, so no player ever waits
//! for a disk: each room's unfinished game with its seats' owners (the latest only, when
//! several changes come at once), and each finished game's result. A write that fails is
//! told to the room's players and remembered, so nobody is told a game is kept when it is
//! not.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::thread::JoinHandle;

use super::ledger::{GameResult, KeptRoom, Ledger, MAX_ROOMS};
use super::table::Table;
use crate::store::SavedGame;

/// What the keeper calls to tell a room's players their game could not be written.
type Tell = Box<dyn Fn(&str, String) + Send + Sync>;

/// The keeper's end for the rooms: hands it what to write.
#[derive(Clone)]
pub struct Keeper {
    shared: Arc<Shared>,
}

struct Shared {
    ledger: Arc<Ledger>,
    /// Whether the ledger is a file (not with `--no-save`).
    saves: bool,
    work: Mutex<Work>,
    changed: Condvar,
    tell: OnceLock<Tell>,
}

#[derive(Default)]
struct Work {
    /// Each room's game as it is to be written (`None`: nothing to resume), by room.
    rooms: HashMap<String, Option<KeptRoom>>,
    finished: Vec<GameResult>,
    /// What could not be written, with why: each room whose game's last write failed, and
    /// the results (under [`RESULTS`]).
    failed: BTreeMap<String, String>,
    /// Being written now.
    busy: bool,
    stopping: bool,
}

/// Where the results' failure is kept among the rooms' (no room has this name).
const RESULTS: &str = "/results";

impl Keeper {
    /// Starts the keeper's thread, writing into `ledger`.
    pub fn spawn(ledger: Arc<Ledger>, saves: bool) -> std::io::Result<(Keeper, JoinHandle<()>)> {
        let shared = Arc::new(Shared {
            ledger,
            saves,
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

    pub fn ledger(&self) -> &Ledger {
        &self.shared.ledger
    }

    /// The room's game as it now stands, to be written.
    pub fn keep(&self, room: &str, table: &Table) {
        let kept = resumable(table);
        self.shared.lock().rooms.insert(room.to_string(), kept);
        self.shared.changed.notify_all();
    }

    /// A finished game's result, to be written.
    pub fn finished(&self, result: GameResult) {
        self.shared.lock().finished.push(result);
        self.shared.changed.notify_all();
    }

    /// The game kept for `room`: the one waiting to be written, else the ledger's.
    pub fn kept(&self, room: &str) -> Option<KeptRoom> {
        if let Some(waiting) = self.shared.lock().rooms.get(room) {
            return waiting.clone();
        }
        self.shared.ledger.room(room).unwrap_or_else(|error| {
            super::log::log(&format!("could not read the game kept in {room}: {error}"));
            None
        })
    }

    /// How a room's players are told that their game could not be written.
    pub fn on_failure(&self, tell: impl Fn(&str, String) + Send + Sync + 'static) {
        let _ = self.shared.tell.set(Box::new(tell));
    }

    /// Whether `room`'s game, as last handed over, is kept (after [`Keeper::flush`]).
    pub fn keeps(&self, room: &str) -> bool {
        self.shared.saves && !self.shared.lock().failed.contains_key(room)
    }

    /// What could not be written, in a line for the log; `None` when all was.
    pub fn failures(&self) -> Option<String> {
        let work = self.shared.lock();
        let lost: Vec<String> = work
            .failed
            .iter()
            .map(|(what, why)| match what.as_str() {
                RESULTS => format!("finished games' results ({why})"),
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
            work = self.shared.wait(work);
        }
    }
}

/// What of the table's game can be resumed: a game in progress from the empty board, with
/// its seats' owners (the game at home keeps no more).
fn resumable(table: &Table) -> Option<KeptRoom> {
    let session = &table.session;
    let from_start = session.history.position_at(0).text() == session.game.start().text();
    let on = table.in_progress() && session.kept.mode != crate::config::Mode::Demo;
    let saved = SavedGame {
        game: session.game.key(),
        session: session.to_resumed(),
        hints: Some(table.hints),
        moves: session.moves().to_vec(),
        redo: Vec::new(),
    };
    let saved = (from_start && on).then(|| saved.to_text().ok())??;
    Some(KeptRoom {
        game: session.game.key(),
        saved,
        seats: table.seats.clone().map(|seat| seat.map(|s| s.person)),
        hints: table.hints,
    })
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Work> {
        self.work.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, work: MutexGuard<'a, Work>) -> MutexGuard<'a, Work> {
        self.changed
            .wait(work)
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn run(&self) {
        let mut work = self.lock();
        loop {
            if work.rooms.is_empty() && work.finished.is_empty() {
                if work.stopping {
                    return;
                }
                work = self.wait(work);
                continue;
            }
            let rooms = std::mem::take(&mut work.rooms);
            let finished = std::mem::take(&mut work.finished);
            work.busy = true;
            drop(work);
            let mut written: Vec<(Result<(), String>, String)> = rooms
                .into_iter()
                .map(|(room, kept)| (self.write_room(&room, kept.as_ref()), room))
                .collect();
            for result in finished {
                let recorded = self.ledger.record(&result);
                if let Err(error) = &recorded {
                    super::log::log(&format!("could not keep a game's result: {error}"));
                }
                written.push((recorded, RESULTS.into()));
            }
            work = self.lock();
            for (result, what) in written {
                match result {
                    Ok(()) => work.failed.remove(&what),
                    Err(why) => work.failed.insert(what, why),
                };
            }
            work.busy = false;
            self.changed.notify_all();
        }
    }

    /// Writes the room's game (none: its kept game is cleared); a failed write is told to
    /// the room and logged, and the games let go to keep within the ledger's bound logged.
    fn write_room(&self, room: &str, kept: Option<&KeptRoom>) -> Result<(), String> {
        match self.ledger.keep_room(room, kept) {
            Ok(gone) => {
                for gone in gone {
                    super::log::log(&format!(
                        "let go of the game kept in {gone}: untouched the longest of more than \
                         {MAX_ROOMS} rooms"
                    ));
                }
                Ok(())
            }
            Err(why) => {
                super::log::log(&format!("could not keep the game in {room}: {why}"));
                let note = format!(
                    "The server could not save this game ({why}): it goes on, but a restart \
                     would lose it."
                );
                if let Some(tell) = self.tell.get() {
                    tell(room, note);
                }
                Err(why)
            }
        }
    }
}

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
            hints: true,
            recorded: false,
            settled: None,
        }
    }

    #[test]
    fn a_room_s_unfinished_game_is_kept_its_end_clears_it_and_no_moves_keep_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite");
        let ledger = Arc::new(Ledger::open(&path).unwrap());
        let (keeper, thread) = Keeper::spawn(ledger, true).unwrap();
        let game = crate::games::build(crate::games::GameChoice::default()).unwrap();
        let mut session = Session::new(game, Mode::TwoHumans, First::You, Difficulty::Perfect);
        keeper.keep("empty", &table_of(&session));
        let first = session.position().legal_moves()[0];
        session.history.play(first).unwrap();
        keeper.keep("den", &table_of(&session));
        keeper.stop();
        thread.join().unwrap();
        let ledger = Arc::new(Ledger::open(&path).unwrap());
        let (keeper, thread) = Keeper::spawn(Arc::clone(&ledger), true).unwrap();
        let kept = keeper.kept("den").expect("kept across a restart");
        let saved = SavedGame::from_text(&kept.saved, &kept.game).unwrap();
        assert_eq!(saved.moves, session.moves());
        assert!(kept.hints);
        assert!(keeper.kept("empty").is_none(), "no moves, nothing kept");
        session.history = crate::core::session::History::new(session.game.start());
        keeper.keep("den", &table_of(&session));
        keeper.stop();
        thread.join().unwrap();
        assert!(
            ledger.room("den").unwrap().is_none(),
            "nothing left to resume"
        );
        assert!(keeper.failures().is_none() && keeper.keeps("den"));
    }
}

//! The bot's thread: it builds the solver, then answers move requests over channels.
//!
//! The UI never waits for it. Each request carries a ticket; the reply carries it back, and
//! the app ignores replies whose ticket is no longer the one it waits for (after an undo, a
//! new game or a swap).

use std::collections::HashMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use super::event::Event;
use crate::game::Board;
use crate::players::{Difficulty, Player};
use crate::solver::Solver;

/// Please choose a move for the side to move on `board`, at this level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BotRequest {
    pub ticket: u64,
    pub board: Board,
    pub difficulty: Difficulty,
}

/// The UI's end of the bot thread.
pub struct Bot {
    requests: Sender<BotRequest>,
}

impl Bot {
    /// Starts the bot thread; it reports [`Event::SolverReady`] once the solver is built and
    /// then [`Event::BotMoved`] for each request. `seed` drives the randomised levels.
    pub fn spawn(events: Sender<Event>, seed: u64) -> Bot {
        Bot::spawn_with(events, move |level, solver| {
            crate::players::level_player(level, solver, seed)
        })
    }

    /// As [`Bot::spawn`], with the players made by `make_player` (tests use stand-ins).
    pub fn spawn_with(
        events: Sender<Event>,
        make_player: impl Fn(Difficulty, Arc<Solver>) -> Box<dyn Player> + Send + 'static,
    ) -> Bot {
        let (requests, inbox) = mpsc::channel();
        thread::Builder::new()
            .name("bot".into())
            .spawn(move || {
                // Even building the solver may fail; say so rather than leave the game
                // waiting for a bot that will never answer.
                let reporter = events.clone();
                let served =
                    panic::catch_unwind(AssertUnwindSafe(|| serve(inbox, events, make_player)));
                if let Err(payload) = served {
                    let _ = reporter.send(Event::BotFailed(panic_message(payload.as_ref())));
                }
            })
            .expect("spawn the bot thread");
        Bot { requests }
    }

    /// Queues a request; a bot thread that has stopped is not an error worth more than
    /// silence, since the app will simply keep waiting and can still be quit.
    pub fn ask(&self, request: BotRequest) {
        let _ = self.requests.send(request);
    }
}

fn serve(
    inbox: Receiver<BotRequest>,
    events: Sender<Event>,
    make_player: impl Fn(Difficulty, Arc<Solver>) -> Box<dyn Player>,
) {
    let solver = Arc::new(Solver::new());
    if events
        .send(Event::SolverReady(Arc::clone(&solver)))
        .is_err()
    {
        return;
    }
    let mut players: HashMap<Difficulty, Box<dyn Player>> = HashMap::new();
    while let Ok(mut request) = inbox.recv() {
        // Only the newest request matters: older ones were made stale by whatever came after.
        while let Ok(newer) = inbox.try_recv() {
            request = newer;
        }
        let player = players
            .entry(request.difficulty)
            .or_insert_with(|| make_player(request.difficulty, Arc::clone(&solver)));
        // A panic in a player must not take the game down with it: report it, drop that
        // player (it is rebuilt on the next request) and keep serving.
        let choice = panic::catch_unwind(AssertUnwindSafe(|| player.choose(request.board)));
        let reply = match choice {
            Ok(Some(cell)) => Event::BotMoved {
                ticket: request.ticket,
                cell,
            },
            Ok(None) => continue, // the game is over: nothing to play
            Err(payload) => {
                players.remove(&request.difficulty);
                Event::BotFailed(panic_message(payload.as_ref()))
            }
        };
        if events.send(reply).is_err() {
            return;
        }
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "it panicked".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    /// Long enough for the solver to build on a busy machine; a bot that hangs fails the
    /// test after it instead of hanging the test run.
    const PATIENCE: Duration = Duration::from_secs(60);

    fn next(rx: &Receiver<Event>) -> Event {
        rx.recv_timeout(PATIENCE).expect("the bot answers in time")
    }

    #[test]
    fn the_bot_reports_the_solver_then_answers_with_the_ticket() {
        let (tx, rx) = mpsc::channel();
        let bot = Bot::spawn(tx, 1);
        bot.ask(BotRequest {
            ticket: 7,
            board: Board::EMPTY,
            difficulty: Difficulty::Perfect,
        });
        assert!(matches!(next(&rx), Event::SolverReady(_)));
        match next(&rx) {
            Event::BotMoved { ticket, cell } => {
                assert_eq!(ticket, 7);
                assert!(Board::EMPTY.play(cell).is_ok());
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    /// A player that panics when asked, or plays a1.
    struct Flaky {
        fails: bool,
    }

    impl Player for Flaky {
        fn name(&self) -> String {
            "flaky".into()
        }

        fn choose(&mut self, _board: Board) -> Option<crate::game::Cell> {
            assert!(!self.fails, "flaky player fails");
            "a1".parse().ok()
        }
    }

    #[test]
    fn a_panicking_player_is_reported_and_the_bot_keeps_serving() {
        let (tx, rx) = mpsc::channel();
        // Only the first player built fails; the one rebuilt after the failure plays.
        let built = Arc::new(AtomicBool::new(false));
        let bot = Bot::spawn_with(tx, move |_, _| {
            let first = !built.swap(true, Ordering::SeqCst);
            Box::new(Flaky { fails: first })
        });
        let ask = |ticket| BotRequest {
            ticket,
            board: Board::EMPTY,
            difficulty: Difficulty::Easy,
        };
        bot.ask(ask(1));
        assert!(matches!(next(&rx), Event::SolverReady(_)));
        match next(&rx) {
            Event::BotFailed(why) => assert_eq!(why, "flaky player fails"),
            other => panic!("unexpected {other:?}"),
        }
        // The thread lives on and drops the failed player: the next request is answered.
        bot.ask(ask(2));
        match next(&rx) {
            Event::BotMoved { ticket, cell } => {
                assert_eq!(ticket, 2);
                assert_eq!(cell, "a1".parse().unwrap());
            }
            other => panic!("unexpected {other:?}"),
        }
    }
}

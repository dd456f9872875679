//! The bot's thread: it builds the solver, then answers move requests over channels.
//!
//! The UI never waits for it. Each request carries a ticket; the reply carries it back, and
//! the app ignores replies whose ticket is no longer the one it waits for (after an undo, a
//! new game or a swap).

use std::collections::HashMap;
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
        let (requests, inbox) = mpsc::channel();
        thread::Builder::new()
            .name("bot".into())
            .spawn(move || serve(inbox, events, seed))
            .expect("spawn the bot thread");
        Bot { requests }
    }

    /// Queues a request; a bot thread that has stopped is not an error worth more than
    /// silence, since the app will simply keep waiting and can still be quit.
    pub fn ask(&self, request: BotRequest) {
        let _ = self.requests.send(request);
    }
}

fn serve(inbox: Receiver<BotRequest>, events: Sender<Event>, seed: u64) {
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
            .or_insert_with(|| request.difficulty.player(Arc::clone(&solver), seed));
        if let Some(cell) = player.choose(request.board) {
            let reply = Event::BotMoved {
                ticket: request.ticket,
                cell,
            };
            if events.send(reply).is_err() {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bot_reports_the_solver_then_answers_with_the_ticket() {
        let (tx, rx) = mpsc::channel();
        let bot = Bot::spawn(tx, 1);
        bot.ask(BotRequest {
            ticket: 7,
            board: Board::EMPTY,
            difficulty: Difficulty::Perfect,
        });
        assert!(matches!(rx.recv().unwrap(), Event::SolverReady(_)));
        match rx.recv().unwrap() {
            Event::BotMoved { ticket, cell } => {
                assert_eq!(ticket, 7);
                assert!(Board::EMPTY.play(cell).is_ok());
            }
            other => panic!("unexpected {other:?}"),
        }
    }
}

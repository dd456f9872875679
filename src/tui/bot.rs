//! The bot's thread: it builds each game's engine, then answers move, hint and review
//! requests. The screen never waits for it: a reply carries its request's ticket back, and
//! one whose ticket is no longer awaited (after an undo, a new game, a swap) is ignored.

use std::collections::HashMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, LazyLock, Mutex, OnceLock, PoisonError};
use std::thread;
use std::time::Duration;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::core::review::{DEFAULT_BUDGET, review_game};
use crate::core::session::History;
use crate::core::threads::{self, SpawnError};
use crate::core::{
    Claim, Decision, Difficulty, Engine, Game, Hint, Move, Player, PlayerError, PlayerOptions,
    Position, Watch,
};
use crate::tui::event::{Event, GameMoves, Judged, SearchedHints};

pub enum BotRequest {
    /// Build (or find again) the engine of this game and report it.
    Load(Arc<dyn Game>),
    Move {
        ticket: u64,
        game: String,
        position: Box<dyn Position>,
        difficulty: Difficulty,
        /// Vary among moves worth exactly as much (see [`varied`]): the demo's perfect bot
        /// would otherwise play the same game every time.
        vary: bool,
    },
    /// Work out what every legal move is worth (for engines whose hints take a search).
    Hints {
        game: String,
        position: Box<dyn Position>,
    },
    /// Judge every move of a finished game (for engines whose review takes a search).
    Review {
        of: GameMoves,
        history: Box<History>,
    },
}

/// Builds the player of a level for an engine (tests use stand-ins).
pub(crate) type MakePlayer =
    dyn Fn(&dyn Engine, Difficulty) -> Result<Box<dyn Player>, PlayerError> + Send + 'static;

/// Where a server's bots take turns to search (`serve::bots`); at home there is none.
pub trait Gate: Send + Sync {
    /// Waits for a place, telling `ahead` how many searches go before this one whenever that
    /// changes; false, with no place taken, once `gone` says the search is not wanted.
    fn enter(&self, gone: &dyn Fn() -> bool, ahead: &mut dyn FnMut(usize)) -> bool;

    /// Gives back a place `enter` took.
    fn leave(&self);

    /// Runs a search that has a place, on a thread of the gate's.
    fn run(&self, search: &mut (dyn FnMut() + Send));
}

/// A place taken at a gate (none at home), given back however the search ends.
struct Place(Option<Arc<dyn Gate>>);

impl Place {
    /// Runs the search (on the gate's threads, on a server), turning a panic into its message.
    fn run<T: Send>(&self, work: impl FnOnce() -> T + Send) -> Result<T, String> {
        let Some(gate) = &self.0 else {
            return guarded(work);
        };
        let (mut work, mut done) = (Some(work), None);
        gate.run(&mut || done = work.take().map(guarded));
        done.unwrap_or_else(|| Err("the search did not run".into()))
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        if let Some(gate) = &self.0 {
            gate.leave();
        }
    }
}

/// The UI's end of the bot thread.
pub struct Bot {
    requests: Sender<BotRequest>,
    watch: Arc<Watch>,
    /// Set when the screen is gone: the thread's waits at the gate end.
    left: Arc<AtomicBool>,
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.left.store(true, Ordering::Relaxed);
        self.watch.cancel();
    }
}

impl Bot {
    /// `watch` shows the bot's searches to the screen and carries the screen's move-now.
    pub fn spawn(
        events: Sender<Event>,
        seed: u64,
        movetime: Duration,
        watch: Arc<Watch>,
    ) -> Result<Bot, SpawnError> {
        Bot::spawn_with(
            events,
            seed,
            watch,
            Box::new(move |engine: &dyn Engine, level: Difficulty| {
                let options = PlayerOptions {
                    seed,
                    movetime,
                    threads: thread::available_parallelism().map_or(1, std::num::NonZero::get),
                };
                engine.player(level.name(), options)
            }),
            None,
        )
    }

    /// As [`Bot::spawn`], with the players made by `make_player`, each search through
    /// `gate` when there is one.
    pub fn spawn_with(
        events: Sender<Event>,
        seed: u64,
        watch: Arc<Watch>,
        make_player: Box<MakePlayer>,
        gate: Option<Arc<dyn Gate>>,
    ) -> Result<Bot, SpawnError> {
        let (requests, inbox) = mpsc::channel();
        let left = Arc::new(AtomicBool::new(false));
        let worker = Worker {
            events,
            make_player,
            watch: Arc::clone(&watch),
            gate,
            left: Arc::clone(&left),
            engines: HashMap::new(),
            players: HashMap::new(),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        };
        threads::spawn("bot", "the bot thread", move || serve(&inbox, worker))?;
        Ok(Bot {
            requests,
            watch,
            left,
        })
    }

    /// Queues a request; a bot thread that has stopped is not an error worth more than
    /// silence, since the app will simply keep waiting and can still be quit.
    pub fn ask(&self, request: BotRequest) {
        let _ = self.requests.send(request);
    }
}

struct Worker {
    events: Sender<Event>,
    make_player: Box<MakePlayer>,
    /// Shared with the screen: each search's progress, the move-now and the cancel.
    watch: Arc<Watch>,
    gate: Option<Arc<dyn Gate>>,
    left: Arc<AtomicBool>,
    engines: HashMap<String, Arc<dyn Engine>>,
    players: HashMap<(String, Difficulty), Box<dyn Player>>,
    rng: Xoshiro256PlusPlus,
}

fn serve(inbox: &Receiver<BotRequest>, mut worker: Worker) {
    while let Ok(first) = inbox.recv() {
        // Loads are all served, in order; of the moves and hints only the newest matter:
        // older ones were made stale by whatever came after.
        let (mut loads, mut newest) = (Vec::new(), [None, None, None]);
        for request in std::iter::once(first).chain(inbox.try_iter()) {
            match request {
                BotRequest::Load(_) => loads.push(request),
                BotRequest::Move { .. } => newest[0] = Some(request),
                BotRequest::Hints { .. } => newest[1] = Some(request),
                BotRequest::Review { .. } => newest[2] = Some(request),
            }
        }
        let mut requests = loads.into_iter().chain(newest.into_iter().flatten());
        if !requests.all(|request| worker.answer(request)) {
            return; // the screen is gone
        }
    }
}

impl Worker {
    /// Builds the game's engine once and reports it; false when the screen is gone.
    fn load(&mut self, game: Arc<dyn Game>) -> bool {
        let key = game.key();
        if !self.engines.contains_key(&key) {
            // Building may fail (a panic in a solver); say so rather than leave the game
            // waiting for an engine that will never come.
            match guarded(|| built_engine(game.as_ref())) {
                Ok(engine) => {
                    self.engines.insert(key.clone(), engine);
                }
                Err(why) => {
                    let why = format!("{} could not start: {why}", game.title());
                    return self.events.send(Event::BotFailed(why)).is_ok();
                }
            }
        }
        let engine = Arc::clone(&self.engines[&key]);
        self.events
            .send(Event::EngineReady { game: key, engine })
            .is_ok()
    }

    /// Answers a move or hints request; false when the screen is gone.
    fn answer(&mut self, request: BotRequest) -> bool {
        let reply = match request {
            BotRequest::Move {
                ticket,
                game,
                position,
                difficulty,
                vary,
            } => self.decide(ticket, game, position.as_ref(), difficulty, vary),
            BotRequest::Hints { game, position } => self.hints(&game, position.as_ref()),
            BotRequest::Review { of, history } => self.review(of, &history),
            BotRequest::Load(game) => return self.load(game),
        };
        reply.is_none_or(|event| self.events.send(event).is_ok())
    }

    fn decide(
        &mut self,
        ticket: u64,
        game: String,
        position: &dyn Position,
        level: Difficulty,
        vary: bool,
    ) -> Option<Event> {
        let engine = Arc::clone(self.engines.get(&game)?);
        let key = (game, level);
        if !self.players.contains_key(&key) {
            match (self.make_player)(engine.as_ref(), level) {
                Ok(mut player) => {
                    player.set_watch(Arc::clone(&self.watch));
                    self.players.insert(key.clone(), player);
                }
                Err(why) => return Some(Event::BotFailed(why.to_string())),
            }
        }
        // A new search: the last one's report and a move-now meant for it are gone.
        self.watch.reset();
        let place = self.place(engine.as_ref(), Some(ticket))?;
        let player = self.players.get_mut(&key)?;
        // A player that panicked is dropped: it is rebuilt on the next request.
        match place.run(|| player.decide(position)) {
            Ok(Some(decision)) if vary => {
                let decision = varied(engine.as_ref(), position, decision, &mut self.rng);
                Some(Event::BotMoved { ticket, decision })
            }
            Ok(Some(decision)) => Some(Event::BotMoved { ticket, decision }),
            Ok(None) => None, // the game is over: nothing to play
            Err(why) => {
                self.players.remove(&key);
                Some(Event::BotFailed(why))
            }
        }
    }

    fn hints(&mut self, game: &str, position: &dyn Position) -> Option<Event> {
        let engine = self.engines.get(game)?;
        let place = self.place(engine.as_ref(), None)?;
        // One search gives the hints and the line behind each: they cannot disagree.
        let hints = place.run(|| match engine.hint_analysis(position) {
            Some(analysis) => (analysis.moves.clone(), Some(analysis)),
            None => (engine.hints(position), None),
        });
        Some(match hints {
            Ok((hints, analysis)) => Event::HintsReady(SearchedHints {
                position: position.text(),
                hints,
                analysis,
            }),
            Err(why) => Event::BotFailed(why),
        })
    }

    /// Every move judged at the review's default budget: the same on every run.
    fn review(&self, of: GameMoves, history: &History) -> Option<Event> {
        let engine = self.engines.get(&of.game)?;
        let place = self.place(engine.as_ref(), None)?;
        let judged = place.run(|| review_game(engine.as_ref(), history, DEFAULT_BUDGET, 1));
        Some(match judged {
            Ok(judgements) => Event::ReviewReady(Judged { of, judgements }),
            Err(why) => Event::BotFailed(why),
        })
    }

    /// A turn at the gate for a search of `engine` (a solved game's table is no search),
    /// telling the screen while the move `ticket` waits; `None` when nobody wants it now.
    fn place(&self, engine: &dyn Engine, ticket: Option<u64>) -> Option<Place> {
        let Some(gate) = self.gate.as_ref().filter(|_| !engine.instant_hints()) else {
            return Some(Place(None));
        };
        // Hints and reviews are not cancelled: they leave the line only with the person.
        let gone =
            || self.left.load(Ordering::Relaxed) || ticket.is_some() && self.watch.cancelled();
        let say = |ahead| {
            if let Some(ticket) = ticket {
                let _ = self.events.send(Event::BotWaiting { ticket, ahead });
            }
        };
        let mut waited = false;
        let entered = gate.enter(&gone, &mut |n| {
            waited = true;
            say(Some(n));
        });
        if entered && waited {
            say(None);
        }
        entered.then(|| Place(Some(Arc::clone(gate))))
    }
}

/// The engine of `game`, built once per process: each player of `tictaclatin serve` has a
/// bot thread, and one solved table serves them all.
fn built_engine(game: &dyn Game) -> Arc<dyn Engine> {
    type Slot = Arc<OnceLock<Arc<dyn Engine>>>;
    static BUILT: LazyLock<Mutex<HashMap<String, Slot>>> = LazyLock::new(Mutex::default);
    let mut built = BUILT.lock().unwrap_or_else(PoisonError::into_inner);
    let slot = Arc::clone(built.entry(game.key()).or_default());
    drop(built);
    // Built outside the list's lock, so one game's long build holds up no other game.
    Arc::clone(slot.get_or_init(|| game.engine()))
}

/// A move drawn among those worth exactly what `chosen` is worth, where the engine gives
/// exact values at once (a solved table); otherwise `chosen` itself: a search for every
/// move would slow the demo down for nothing.
fn varied(
    engine: &dyn Engine,
    position: &dyn Position,
    chosen: Decision,
    rng: &mut Xoshiro256PlusPlus,
) -> Decision {
    if !engine.instant_hints() {
        return chosen;
    }
    let hints = engine.hints(position);
    let exact = |hint: &Hint| match hint {
        Hint::Proven(Claim::Exact(value)) => Some(*value),
        _ => None,
    };
    let Some(value) = hints
        .iter()
        .find(|(mv, _)| *mv == chosen.mv)
        .and_then(|(_, hint)| exact(hint))
    else {
        return chosen;
    };
    let equal: Vec<Move> = hints
        .iter()
        .filter(|(_, hint)| exact(hint) == Some(value))
        .map(|&(mv, _)| mv)
        .collect();
    let mv = equal[rng.random_range(0..equal.len())];
    if mv == chosen.mv {
        return chosen;
    }
    Decision {
        mv,
        claim: Some(Claim::Exact(value)),
        how: None,
    }
}

/// Runs `work`, turning a panic into its message: an engine's must not take the game down.
fn guarded<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    panic::catch_unwind(AssertUnwindSafe(work)).map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(std::string::ToString::to_string)
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "it panicked".into())
    })
}

/// For tests' failure messages.
#[cfg(test)]
impl std::fmt::Debug for BotRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotRequest::Load(game) => write!(f, "Load({})", game.key()),
            BotRequest::Move {
                ticket, position, ..
            } => write!(f, "Move({ticket}, {})", position.text()),
            BotRequest::Hints { position, .. } => write!(f, "Hints({})", position.text()),
            BotRequest::Review { of, .. } => {
                write!(f, "Review({}, {} moves)", of.game, of.moves.len())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    use crate::games::latin::adapter::Latin;

    /// Long enough for the solver to build on a busy machine; a bot that hangs fails the
    /// test after it instead of hanging the test run.
    const PATIENCE: Duration = Duration::from_secs(60);

    fn next(rx: &Receiver<Event>) -> Event {
        rx.recv_timeout(PATIENCE).expect("the bot answers in time")
    }

    fn ask_move(ticket: u64, difficulty: Difficulty) -> BotRequest {
        ask(ticket, difficulty, false)
    }

    fn ask(ticket: u64, difficulty: Difficulty, vary: bool) -> BotRequest {
        BotRequest::Move {
            ticket,
            game: "latin".into(),
            position: Latin.start(),
            difficulty,
            vary,
        }
    }

    #[test]
    fn the_bot_reports_the_engine_then_answers_with_the_ticket() {
        let (tx, rx) = mpsc::channel();
        let bot = Bot::spawn(tx, 1, Duration::from_millis(100), Arc::default()).unwrap();
        bot.ask(BotRequest::Load(Arc::new(Latin)));
        bot.ask(ask_move(7, Difficulty::Perfect));
        assert!(matches!(next(&rx), Event::EngineReady { game, .. } if game == "latin"));
        match next(&rx) {
            Event::BotMoved { ticket, decision } => {
                assert_eq!(ticket, 7);
                assert!(Latin.start().play(decision.mv).is_ok());
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

        fn decide(&mut self, _position: &dyn Position) -> Option<Decision> {
            assert!(!self.fails, "flaky player fails");
            Some(Decision::new(Move::new(0)))
        }
    }

    #[test]
    fn a_panicking_player_is_reported_and_the_bot_keeps_serving() {
        let (tx, rx) = mpsc::channel();
        // Only the first player built fails; the one rebuilt after the failure plays.
        let built = Arc::new(AtomicBool::new(false));
        let bot = Bot::spawn_with(
            tx,
            1,
            Arc::default(),
            Box::new(move |_: &dyn Engine, _| {
                let first = !built.swap(true, Ordering::SeqCst);
                Ok(Box::new(Flaky { fails: first }) as Box<dyn Player>)
            }),
            None,
        )
        .unwrap();
        bot.ask(BotRequest::Load(Arc::new(Latin)));
        bot.ask(ask_move(1, Difficulty::Easy));
        assert!(matches!(next(&rx), Event::EngineReady { .. }));
        match next(&rx) {
            Event::BotFailed(why) => assert_eq!(why, "flaky player fails"),
            other => panic!("unexpected {other:?}"),
        }
        // The thread lives on and drops the failed player: the next request is answered.
        bot.ask(ask_move(2, Difficulty::Easy));
        match next(&rx) {
            Event::BotMoved { ticket, decision } => {
                assert_eq!(ticket, 2);
                assert_eq!(decision.mv, Move::new(0));
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    /// A player that plays a1 when its watch is fresh and b1 when it was told to move now,
    /// then stops the watch as a search cut short would find it.
    struct Watched {
        watch: Option<Arc<Watch>>,
    }

    impl Player for Watched {
        fn name(&self) -> String {
            "watched".into()
        }

        fn set_watch(&mut self, watch: Arc<Watch>) {
            self.watch = Some(watch);
        }

        fn decide(&mut self, _position: &dyn Position) -> Option<Decision> {
            let watch = self.watch.as_ref()?;
            let cell = usize::from(watch.stopped());
            watch.stop();
            Some(Decision::new(Move::new(cell)))
        }
    }

    /// The player searches with the watch the screen holds, and each move request starts
    /// it afresh: a move-now meant for the search before does not cut the next one short.
    #[test]
    fn each_move_request_finds_the_shared_watch_fresh() {
        let (tx, rx) = mpsc::channel();
        let watch = Arc::new(Watch::default());
        watch.stop();
        let bot = Bot::spawn_with(
            tx,
            1,
            Arc::clone(&watch),
            Box::new(|_: &dyn Engine, _| Ok(Box::new(Watched { watch: None }) as Box<dyn Player>)),
            None,
        )
        .unwrap();
        bot.ask(BotRequest::Load(Arc::new(Latin)));
        assert!(matches!(next(&rx), Event::EngineReady { .. }));
        for ticket in [1, 2] {
            bot.ask(ask_move(ticket, Difficulty::Easy));
            match next(&rx) {
                Event::BotMoved { decision, .. } => assert_eq!(decision.mv, Move::new(0)),
                other => panic!("unexpected {other:?}"),
            }
        }
        assert!(
            watch.stopped(),
            "the player's stop reaches the screen's watch"
        );
    }

    #[test]
    fn hints_come_back_for_the_position_asked() {
        let (tx, rx) = mpsc::channel();
        let bot = Bot::spawn(tx, 1, Duration::from_millis(100), Arc::default()).unwrap();
        bot.ask(BotRequest::Load(Arc::new(Latin)));
        bot.ask(BotRequest::Hints {
            game: "latin".into(),
            position: Latin.start(),
        });
        assert!(matches!(next(&rx), Event::EngineReady { .. }));
        match next(&rx) {
            Event::HintsReady(SearchedHints {
                position, hints, ..
            }) => {
                assert_eq!(position, "----/----/----/----");
                assert_eq!(hints.len(), 16);
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    /// The demo's perfect bot varies its moves among equally good ones: asked again and
    /// again for the empty board, it does not always open the same way, and every opening
    /// it plays is worth exactly what the best one is.
    #[test]
    fn the_demo_varies_among_moves_worth_the_same() {
        let (tx, rx) = mpsc::channel();
        let bot = Bot::spawn(tx, 7, Duration::from_millis(100), Arc::default()).unwrap();
        bot.ask(BotRequest::Load(Arc::new(Latin)));
        let Event::EngineReady { engine, .. } = next(&rx) else {
            panic!("the engine first");
        };
        let best = engine.value(Latin.start().as_ref()).unwrap();
        let mut openings = std::collections::HashSet::new();
        for ticket in 0..8 {
            bot.ask(ask(ticket, Difficulty::Perfect, true));
            let Event::BotMoved { decision, .. } = next(&rx) else {
                panic!("a move");
            };
            let after = Latin.start().play(decision.mv).unwrap();
            let value = engine.value(after.as_ref()).unwrap().before_move();
            assert_eq!(value, best, "{decision:?}");
            openings.insert(decision.mv);
        }
        assert!(openings.len() > 1, "{openings:?}");
        // Without asking for variety, the perfect bot's opening is always the same.
        let mut plain = std::collections::HashSet::new();
        for ticket in 10..14 {
            bot.ask(ask_move(ticket, Difficulty::Perfect));
            let Event::BotMoved { decision, .. } = next(&rx) else {
                panic!("a move");
            };
            plain.insert(decision.mv);
        }
        assert_eq!(plain.len(), 1, "{plain:?}");
    }
}

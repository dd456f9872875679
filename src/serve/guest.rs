//! One person's terminal game over SSH: the whole game as at home (its screens, keys,
//! hints and review), drawn at their terminal's size into their connection, on a thread of
//! its own with a bot thread of its own. After every event their board and the room's
//! table are brought together (see [`super::table`]).

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant, SystemTime};

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

use super::input::Resizes;
use super::outbox::{Outbox, Screen};
use super::room::{Role, Room};
use super::rooms::Rooms;
use super::table::MemberId;
use crate::config::Settings;
use crate::core::session::Session;
use crate::core::{Difficulty, Engine, Move, PlayerOptions};
use crate::tui::event::TICK;
use crate::tui::{App, Bot, BotRequest, Event, Memory};

/// How one person's game was set up when their shell opened.
pub(crate) struct Setup {
    pub settings: Settings,
    pub room: String,
    /// The terminal's columns and rows.
    pub size: (u16, u16),
    pub rooms: Arc<Rooms>,
    pub outbox: Arc<Outbox>,
    pub events: (Sender<Event>, Receiver<Event>),
    /// Keys and clicks sent and not yet applied (the connection stops sending past a bound).
    pub queued: Arc<AtomicUsize>,
    /// The terminal's latest size (a resize event says only that there is one).
    pub resizes: Arc<Resizes>,
    /// Without a key for this long, the connection is closed (the game waits in the room).
    pub idle: Duration,
    /// Drives the bot's randomised levels.
    pub seed: u64,
}

/// Why a person's game ended, for the last line they read.
enum Ending {
    /// They quit.
    Quit,
    /// The link dropped, or could not keep up: nobody to tell.
    Gone,
    /// No key for the idle time.
    Idle(Duration),
    /// The server stops.
    Stopping,
    /// The game stopped on an error (a bug of the server's).
    Broke,
}

/// The game on a board, as far as the room cares: which game, whose, from where, and the
/// moves.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Snapshot {
    game: String,
    mode: crate::config::Mode,
    start: String,
    moves: Vec<Move>,
    sides: (bool, Option<crate::core::Side>),
}

impl Snapshot {
    fn of(session: &Session) -> Snapshot {
        Snapshot {
            game: session.game.key(),
            mode: session.kept.mode,
            start: session.history.position_at(0).text(),
            moves: session.moves().to_vec(),
            sides: (session.kept.names_swapped, session.kept.human),
        }
    }
}

struct Guest {
    app: App,
    terminal: Terminal<CrosstermBackend<Screen>>,
    events: Receiver<Event>,
    bot: Bot,
    rooms: Arc<Rooms>,
    room: Arc<Room>,
    id: MemberId,
    /// The board as last agreed with the table.
    synced: Option<Snapshot>,
    /// The room's version the board last saw.
    seen: u64,
    role: Role,
    queued: Arc<AtomicUsize>,
    resizes: Arc<Resizes>,
    last_key: Instant,
    idle: Duration,
    keep_records: bool,
}

/// Starts the person's game on a thread of its own; it ends when they quit, their link
/// drops or the server stops, and then leaves the room and closes the outbox.
pub fn spawn(setup: Setup) -> io::Result<()> {
    let Setup {
        settings,
        room,
        size,
        rooms,
        outbox,
        events: (wake, events),
        queued,
        resizes,
        idle,
        seed,
    } = setup;
    let now = Instant::now();
    let keep_records = settings.keep_records;
    let movetime = settings.movetime;
    let mut app = App::new(settings, Memory::default(), now);
    // One thread for each bot's search: the server's cores are everyone's.
    let make_player = Box::new(move |engine: &dyn Engine, level: Difficulty| {
        let options = PlayerOptions {
            seed,
            movetime,
            threads: 1,
        };
        engine.player(level.name(), options)
    });
    let bot = Bot::spawn_with(
        wake.clone(),
        seed,
        Arc::clone(&app.shared.watch),
        make_player,
        Some(super::bots::Pool::shared()),
    )
    .map_err(|e| io::Error::other(e.to_string()))?;
    for request in app.initial_requests() {
        bot.ask(request);
    }
    let area = Rect::new(0, 0, size.0, size.1);
    let mut screen = Screen::new(Arc::clone(&outbox));
    execute!(
        screen,
        EnterAlternateScreen,
        EnableMouseCapture,
        Hide,
        Clear(ClearType::All)
    )?;
    let terminal = Terminal::with_options(
        CrosstermBackend::new(screen),
        TerminalOptions {
            viewport: Viewport::Fixed(area),
        },
    )?;
    resizes.offer(size);
    let _ = wake.send(Event::Resize(size.0, size.1));
    let (room, id) = rooms.enter(&room, wake);
    let guest = Guest {
        app,
        terminal,
        events,
        bot,
        rooms,
        room,
        id,
        synced: None,
        seen: 0,
        role: Role::Watching,
        queued,
        resizes,
        last_key: now,
        idle,
        keep_records,
    };
    std::thread::Builder::new()
        .name("guest".into())
        .spawn(move || guest.run(&outbox))?;
    Ok(())
}

impl Guest {
    fn run(mut self, outbox: &Outbox) {
        // Whatever happens in the game, the person leaves the room and their connection
        // closes: a panic is the server's bug, not a reason to hold a seat for ever.
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.play()));
        let ending = played.unwrap_or_else(|_| {
            super::log::log(&format!("a game in {} stopped on an error", self.room.name));
            Ending::Broke
        });
        self.rooms.leave(&self.room, self.id);
        super::log::log(&format!("a player left {}", self.room.name));
        let mut last = Vec::new();
        let _ = execute!(last, DisableMouseCapture, LeaveAlternateScreen, Show);
        if let Some(line) = self.farewell(&ending) {
            last.extend_from_slice(format!("{line}\r\n").as_bytes());
        }
        let _ = outbox.push(&last);
        outbox.close(!matches!(ending, Ending::Gone));
    }

    /// Draws, waits for events and applies them until the game ends.
    fn play(&mut self) -> Ending {
        self.sync();
        loop {
            let app = &self.app;
            if self
                .terminal
                .draw(|frame| frame.render_widget(app, frame.area()))
                .is_err()
            {
                return Ending::Gone; // the link cannot keep up
            }
            let first = match self.events.recv_timeout(TICK) {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) => Event::Tick(Instant::now()),
                Err(RecvTimeoutError::Disconnected) => return Ending::Gone,
            };
            // What is already waiting is applied before drawing again, so a burst of
            // input never queues behind redraws.
            let waiting: Vec<Event> = self.events.try_iter().collect();
            for event in std::iter::once(first).chain(waiting) {
                if let Some(ending) = self.apply(event) {
                    return ending;
                }
            }
            if self.last_key.elapsed() >= self.idle {
                return Ending::Idle(self.idle);
            }
        }
    }

    /// One event through the game, then the board and the table brought together.
    fn apply(&mut self, mut event: Event) -> Option<Ending> {
        match event {
            Event::Key(_) | Event::Mouse(_) => {
                self.queued.fetch_sub(1, Ordering::Relaxed);
                self.last_key = Instant::now();
            }
            Event::Resize(..) => {
                // None: an earlier wake took the latest size already.
                let (w, h) = self.resizes.take()?;
                let _ = self.terminal.resize(Rect::new(0, 0, w, h));
                event = Event::Resize(w, h);
            }
            Event::InputClosed(_) => return Some(Ending::Gone),
            Event::Terminate(_) => return Some(Ending::Stopping),
            _ => {}
        }
        let requests = self.app.update(event);
        // Ctrl-Z would stop the program at home; here there is no shell to go back to.
        self.app.take_suspend();
        self.sync();
        for request in requests {
            if self.may_ask(&request) {
                self.bot.ask(request);
            }
        }
        self.app.should_quit().then_some(Ending::Quit)
    }

    /// The bot moves only for the person whose game against it is on the table: a
    /// watcher's board waits for that person's bot.
    fn may_ask(&self, request: &BotRequest) -> bool {
        !matches!(request, BotRequest::Move { .. })
            || matches!(self.role, Role::Seated { bot: true, .. })
    }

    /// The board's change goes to the table (or is put back, with why); the table's
    /// changes come to the board.
    fn sync(&mut self) {
        let board = self.app.session().map(Snapshot::of);
        let mut refused = None;
        if board.is_some() && board != self.synced {
            let session = self.app.session().expect("a game is on the board").clone();
            match self.room.propose(self.id, &session) {
                Ok(accepted) => {
                    self.synced = board.clone();
                    self.seen = accepted.version;
                    if let Some(finished) = accepted.finished
                        && self.keep_records
                    {
                        let record = self
                            .app
                            .play
                            .game_record(SystemTime::now(), &self.app.shared.settings);
                        self.room.record(record, &finished);
                    }
                }
                Err(why) => {
                    self.seen = 0;
                    refused = Some(why);
                }
            }
        }
        if let Some(view) = self.room.look(self.id, self.seen) {
            self.seen = view.version;
            self.role = view.role;
            match &view.session {
                Some(table) if Some(Snapshot::of(table)) != board || refused.is_some() => {
                    self.app.follow(table);
                }
                Some(_) => {}
                None => self.app.clear_board(),
            }
            self.synced = self.app.session().map(Snapshot::of);
            if !view.notes.is_empty() {
                self.app.say(view.notes.join(" "));
            }
        }
        if let Some(why) = refused {
            self.app.say(why);
        }
    }

    /// The last line the person reads, after the game's screen is gone.
    fn farewell(&self, ending: &Ending) -> Option<String> {
        let room = &self.room.name;
        match ending {
            Ending::Gone => None,
            Ending::Broke => Some(format!(
                "The game stopped on an error, sorry. Join {room} again to play on."
            )),
            Ending::Quit => Some(format!(
                "Left {room}. Its game waits there while the server runs: join {room} again to \
                 play on."
            )),
            Ending::Idle(idle) => Some(format!(
                "Closed after {} without a key. The game waits in {room}: join it again to play \
                 on.",
                crate::core::words::plural(idle.as_secs() / 60, "minute", "minutes")
            )),
            Ending::Stopping => Some(match self.room.kept_game() {
                Some(true) => format!(
                    "The server is stopping. The game in {room} is kept: join {room} again once \
                     the server is back."
                ),
                Some(false) => format!("The server is stopping. The game in {room} is not kept."),
                None => "The server is stopping.".into(),
            }),
        }
    }
}

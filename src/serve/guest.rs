//! One person on the server: their screen, drawn at their terminal's size into their
//! connection, on a thread of its own with a bot thread of its own. They start in the
//! lobby (or in the room their command names); in a room they have the whole game as at
//! home (its screens, keys, hints and review) at the room's table ([`AtTable`]); leaving a
//! room brings them back to the lobby.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

use super::at_table::AtTable;
use super::input::Resizes;
use super::lobby::{Choice, Lobby};
use super::outbox::{Outbox, Screen};
use super::presence::{HereId, Place};
use super::rooms::{Rooms, room_name};
use super::table::Person;
use crate::config::Settings;
use crate::core::{Difficulty, Engine, PlayerOptions, Watch};
use crate::tui::event::TICK;
use crate::tui::{App, Bot, Event, Memory};

/// How one person's game was set up when their shell opened.
pub(crate) struct Setup {
    pub settings: Settings,
    /// The room their command named, if any: they go straight there.
    pub room: Option<String>,
    pub person: Person,
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

/// Why a person's time on the server ended, for the last line they read.
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

/// Where the person is.
enum At {
    Lobby(Lobby),
    Table(Box<AtTable>),
}

struct Guest {
    person: Person,
    settings: Settings,
    at: At,
    terminal: Terminal<CrosstermBackend<Screen>>,
    events: Receiver<Event>,
    wake: Sender<Event>,
    bot: Bot,
    /// The bot's search as it goes, shared with the board of the room the person is in.
    watch: Arc<Watch>,
    rooms: Arc<Rooms>,
    here: HereId,
    /// The presence the lobby last showed, and when: it redraws on a change, or each second.
    shown: (u64, Instant),
    size: (u16, u16),
    queued: Arc<AtomicUsize>,
    resizes: Arc<Resizes>,
    last_key: Instant,
    idle: Duration,
}

/// Starts the person's screen on a thread of its own; it ends when they quit, their link
/// drops or the server stops, and then leaves the room and closes the outbox.
pub fn spawn(setup: Setup) -> io::Result<()> {
    let (wake, events) = setup.events;
    let (seed, movetime, size) = (setup.seed, setup.settings.movetime, setup.size);
    // One thread for each bot's search: the server's cores are everyone's.
    let make_player = Box::new(move |engine: &dyn Engine, level: Difficulty| {
        let options = PlayerOptions {
            seed,
            movetime,
            threads: 1,
        };
        engine.player(level.name(), options)
    });
    let watch: Arc<Watch> = Arc::default();
    let pool: Arc<dyn crate::tui::bot::Gate> = super::bots::Pool::shared();
    let bot = Bot::spawn_with(
        wake.clone(),
        seed,
        Arc::clone(&watch),
        make_player,
        Some(pool),
    )
    .map_err(|e| io::Error::other(e.to_string()))?;
    let mut screen = Screen::new(Arc::clone(&setup.outbox));
    execute!(
        screen,
        EnterAlternateScreen,
        EnableMouseCapture,
        Hide,
        Clear(ClearType::All)
    )?;
    let viewport = Viewport::Fixed(Rect::new(0, 0, size.0, size.1));
    let terminal =
        Terminal::with_options(CrosstermBackend::new(screen), TerminalOptions { viewport })?;
    setup.resizes.offer(size);
    let _ = wake.send(Event::Resize(size.0, size.1));
    let here = setup.rooms.presence.arrive(&setup.person, wake.clone());
    let mut guest = Guest {
        at: At::Lobby(Lobby::new(&setup.person.name, &setup.settings)),
        person: setup.person,
        settings: setup.settings,
        terminal,
        events,
        wake,
        bot,
        watch,
        rooms: setup.rooms,
        here,
        shown: (u64::MAX, Instant::now()),
        size,
        queued: setup.queued,
        resizes: setup.resizes,
        last_key: Instant::now(),
        idle: setup.idle,
    };
    if let Some(room) = setup.room {
        guest.enter(&room, None);
    }
    std::thread::Builder::new()
        .name("guest".into())
        .spawn(move || guest.run(&setup.outbox))?;
    Ok(())
}

impl Guest {
    fn run(mut self, outbox: &Outbox) {
        // Whatever happens in the game, the person leaves the room and their connection
        // closes: a panic is the server's bug, not a reason to hold a seat for ever.
        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.play()));
        let ending = played.unwrap_or_else(|_| {
            let name = &self.person.name;
            super::log::log(&format!("the screen of {name} stopped on an error"));
            Ending::Broke
        });
        let farewell = self.farewell(&ending);
        self.leave_room();
        self.rooms.presence.depart(self.here);
        super::log::log(&format!("{} left", self.person.name));
        let mut last = Vec::new();
        let _ = execute!(last, DisableMouseCapture, LeaveAlternateScreen, Show);
        if let Some(line) = farewell {
            last.extend_from_slice(format!("{line}\r\n").as_bytes());
        }
        let _ = outbox.push(&last);
        outbox.close(!matches!(ending, Ending::Gone));
    }

    /// Draws, waits for events and applies them until the person's time here ends.
    fn play(&mut self) -> Ending {
        loop {
            let settings = &self.settings;
            let drawn = self.terminal.draw(|frame| match &self.at {
                At::Lobby(lobby) => lobby.render(settings, frame.area(), frame.buffer_mut()),
                At::Table(at) => frame.render_widget(&at.app, frame.area()),
            });
            if drawn.is_err() {
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

    /// One event, to the lobby or the table.
    fn apply(&mut self, mut event: Event) -> Option<Ending> {
        match event {
            Event::Key(_) | Event::Mouse(_) => {
                self.queued.fetch_sub(1, Ordering::Relaxed);
                self.last_key = Instant::now();
            }
            Event::Resize(..) => {
                // None: an earlier wake took the latest size already.
                self.size = self.resizes.take()?;
                let (w, h) = self.size;
                let _ = self.terminal.resize(Rect::new(0, 0, w, h));
                event = Event::Resize(w, h);
            }
            Event::InputClosed(_) => return Some(Ending::Gone),
            Event::Terminate(_) => return Some(Ending::Stopping),
            _ => {}
        }
        match &mut self.at {
            At::Lobby(_) => self.in_lobby(&event),
            At::Table(_) => self.at_table(event),
        }
    }

    fn in_lobby(&mut self, event: &Event) -> Option<Ending> {
        let At::Lobby(lobby) = &mut self.at else {
            return None;
        };
        let choice = match event {
            Event::Key(key) => {
                self.shown.0 = u64::MAX; // a key may change what the lobby shows: at once
                lobby.key(*key, &self.settings)
            }
            _ => None,
        };
        match choice {
            Some(Choice::Quit) => return Some(Ending::Quit),
            Some(Choice::Cancel) => {
                self.rooms.presence.stop_waiting(self.here);
                lobby.waiting = false;
                lobby.note = "You stopped waiting.".into();
            }
            Some(Choice::Enter(room)) => self.enter(&room, None),
            Some(Choice::OwnRoom(friend)) => self.own_room(friend),
            Some(Choice::PlayAnyone(choice)) => {
                let game = crate::tui::app::game_of(choice);
                match self.rooms.presence.play_anyone(self.here, &game.key()) {
                    Some(room) => self.enter(&room, Some(choice)),
                    None => {
                        lobby.waiting = true;
                        lobby.note = format!(
                            "Waiting for someone to play {}: you play the next to ask.",
                            game.title()
                        );
                    }
                }
            }
            None => self.refresh_lobby(),
        }
        None
    }

    /// A room named after the person; a friend named there is invited to it.
    fn own_room(&mut self, friend: Option<String>) {
        let Some(room) = room_name(&self.person.name) else {
            return;
        };
        if let Some(friend) = friend {
            self.rooms
                .presence
                .invite(&self.person.name, &friend, &room);
        }
        self.enter(&room, None);
    }

    /// Brings the lobby up to date when anything changed (or a second passed), and goes
    /// where the person was called (paired to play anyone) or says who invited them.
    fn refresh_lobby(&mut self) {
        let presence = &self.rooms.presence;
        if let Some(call) = presence.take_call(self.here) {
            match call.by {
                None => return self.enter(&call.room, None),
                Some(by) => {
                    if let At::Lobby(lobby) = &mut self.at {
                        lobby.note = format!(
                            "{by} invites you to play in their room {}: Enter joins it.",
                            call.room
                        );
                    }
                    self.shown.0 = u64::MAX; // show it now, then select it
                    self.refresh_lobby();
                    if let At::Lobby(lobby) = &mut self.at {
                        lobby.select_room(&call.room);
                    }
                    return;
                }
            }
        }
        let version = presence.version();
        if self.shown.0 == version && self.shown.1.elapsed() < Duration::from_secs(1) {
            return;
        }
        self.shown = (version, Instant::now());
        if let At::Lobby(lobby) = &mut self.at {
            lobby.show(self.rooms.lobby_view(&self.person, &lobby.game().key()));
        }
    }

    fn at_table(&mut self, event: Event) -> Option<Ending> {
        let At::Table(at) = &mut self.at else {
            return None;
        };
        match event {
            Event::Key(key) => {
                let letter = key.code.as_char().map(|c| c.to_ascii_uppercase());
                let letter = letter.filter(|c| matches!(c, 'W' | 'X'));
                if letter.is_some() && at.claim(letter) {
                    at.sync();
                    return None;
                }
            }
            Event::Tick(_) => {
                at.claim(None);
            }
            _ => {}
        }
        let requests = at.app.update(event);
        // Ctrl-Z would stop the program at home; here there is no shell to go back to.
        at.app.take_suspend();
        at.sync();
        for request in requests {
            if at.may_ask(&request) {
                self.bot.ask(request);
            }
        }
        if at.app.should_quit() {
            self.leave_room();
        }
        None
    }

    /// The person goes into `room` (a game chosen in the lobby offered first there).
    fn enter(&mut self, room: &str, game: Option<crate::games::GameChoice>) {
        self.leave_room();
        self.rooms
            .presence
            .moved(self.here, Place::Room(room.to_string()));
        let mut settings = self.settings.clone();
        if let Some(game) = game {
            settings.game = game;
        }
        let mut app = App::new(settings, Memory::default(), Instant::now());
        app.shared.watch = Arc::clone(&self.watch);
        let _ = app.update(Event::Resize(self.size.0, self.size.1));
        for request in app.initial_requests() {
            self.bot.ask(request);
        }
        let (room, id) = self
            .rooms
            .enter(room, self.person.clone(), self.wake.clone());
        super::log::log(&format!("{} joined {}", self.person.name, room.name));
        self.at = At::Table(Box::new(AtTable::new(app, room, id)));
    }

    /// Out of the room, if in one, and back to the lobby.
    fn leave_room(&mut self) {
        if let At::Table(at) = &self.at {
            self.watch.cancel(); // a search for the board left behind gives its turn back
            self.rooms.leave(&at.room, at.id);
            self.rooms.presence.moved(self.here, Place::Lobby);
            let mut lobby = Lobby::new(&self.person.name, &self.settings);
            lobby.note = format!(
                "You left {}. Its game waits there while the server runs.",
                at.room.name
            );
            self.shown.0 = u64::MAX;
            self.at = At::Lobby(lobby);
        }
    }

    /// The last line the person reads, after the screen is gone.
    fn farewell(&self, ending: &Ending) -> Option<String> {
        let room = match &self.at {
            At::Table(at) => Some(at.room.as_ref()),
            At::Lobby(_) => None,
        };
        Some(match ending {
            Ending::Gone => return None,
            Ending::Broke => "The game stopped on an error, sorry. Join again to play on.".into(),
            Ending::Quit => {
                "Bye. Games left unfinished wait in their rooms while the server runs.".into()
            }
            Ending::Idle(idle) => format!(
                "Closed after {} without a key. Games left unfinished wait in their rooms: join \
                 again to play on.",
                crate::core::words::plural(idle.as_secs() / 60, "minute", "minutes")
            ),
            Ending::Stopping => match room.and_then(|room| Some((&room.name, room.kept_game()?))) {
                Some((name, true)) => format!(
                    "The server is stopping. The game in {name} is kept: join {name} again once \
                     the server is back."
                ),
                Some((name, false)) => {
                    format!("The server is stopping. The game in {name} is not kept.")
                }
                None => "The server is stopping.".into(),
            },
        })
    }
}

//! The terminal game's state, changed only by [`App::update`]: each screen handles its keys
//! and draws itself; what a key asks beyond its screen comes back as a [`Command`].

use std::sync::Arc;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::config::Settings;
use crate::core::Engine;
use crate::keys::{Action, Key};
use crate::store::Memory;
use crate::tui::bot::BotRequest;
use crate::tui::command::{Command, Start};
use crate::tui::event::{Event, Signal};
use crate::tui::geometry;
use crate::tui::overlays::question::{self, Question, Then};
use crate::tui::overlays::{Overlay, help};
pub use crate::tui::screens::Screen;
use crate::tui::screens::play::recording::Opening;
use crate::tui::screens::play::view::PlayView;
use crate::tui::screens::play::{Online, PlayScreen, draw};
use crate::tui::screens::review::{ReviewScreen, keys_line};
use crate::tui::screens::start::draw::StartView;
pub use crate::tui::screens::start::menu::game_of;
use crate::tui::screens::start::{self, StartScreen};
use crate::tui::shared::{Shared, StatusLine};
use crate::tui::text::glued;

pub struct App {
    pub shared: Shared,
    pub screen: Screen,
    pub start: StartScreen,
    /// The game on the board; it outlives the start screen shown over it.
    pub play: PlayScreen,
    /// What shows over the screen and takes the next key, if anything does.
    pub(crate) overlay: Option<Overlay>,
    size: Option<(u16, u16)>,
    pub(crate) exit: Option<Exit>,
    /// The game whose engine was asked of the bot thread and has not come yet.
    engine_asked: Option<String>,
    /// Ctrl-Z was pressed: the loop is to suspend the program.
    suspend: bool,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Exit {
    Chosen,
    /// The terminal's input failed or closed: this says why.
    Failed(String),
    Signal(Signal),
}

impl App {
    pub fn new(settings: Settings, memory: Memory, now: Instant) -> App {
        App {
            screen: Screen::Start,
            start: StartScreen::new(&settings, &memory, now),
            play: PlayScreen::new(&settings),
            overlay: None,
            size: None,
            exit: None,
            engine_asked: None,
            suspend: false,
            shared: Shared::new(settings, memory, now),
        }
    }

    /// Before any event: the chosen game's engine, so it is ready when a game starts.
    pub fn initial_requests(&mut self) -> Vec<BotRequest> {
        self.engine_asked = Some(self.play.session.game.key());
        vec![BotRequest::Load(Arc::clone(&self.play.session.game))]
    }

    pub fn open(&mut self, opening: Opening) {
        match opening {
            Opening::Menu => {}
            Opening::Replay(record, name) => {
                self.screen = match self.play.open_record(&record, &name, &mut self.shared) {
                    true => Screen::Review(ReviewScreen::first()),
                    false => Screen::Play,
                };
            }
            Opening::Position(start) => {
                let settings = &self.shared.settings;
                let (mode, starter) = (settings.mode, settings.first);
                self.play.start_from(start, mode, starter, &mut self.shared);
                self.screen = Screen::Play;
            }
            Opening::Puzzle(number) => {
                let game = Arc::clone(&self.play.session.game);
                self.play.start_puzzle(game, number, &mut self.shared);
                self.screen = Screen::Play;
            }
        }
    }

    /// Returns the requests to send to the bot thread.
    pub fn update(&mut self, event: Event) -> Vec<BotRequest> {
        match event {
            Event::Key(key) => self.on_key(key),
            Event::Mouse(mouse) => self.on_mouse(mouse),
            Event::Resize(w, h) => self.size = Some((w, h)),
            Event::Tick(now) => {
                self.shared.now = now;
                if self.screen == Screen::Start {
                    self.start.refresh(&mut self.shared);
                }
                self.play.show_bot_move(&mut self.shared);
            }
            Event::EngineReady { game, engine } => self.on_engine(game, engine),
            Event::BotMoved { ticket, decision } => {
                self.play.on_bot_moved(ticket, decision, &mut self.shared);
            }
            Event::BotWaiting { ticket, ahead } => {
                self.play.on_bot_waiting(ticket, ahead, &mut self.shared);
            }
            Event::HintsReady(searched) => self.play.on_hints(searched, &mut self.shared),
            Event::ReviewReady(judged) => {
                if self.play.review_asked.as_ref() == Some(&judged.of) {
                    self.play.review_asked = None;
                }
                self.play.judged = Some(judged);
            }
            Event::InputClosed(why) => {
                self.exit = Some(Exit::Failed(format!("the terminal's input closed: {why}")));
            }
            Event::Terminate(signal) => self.exit = Some(Exit::Signal(signal)),
            Event::BotFailed(why) => {
                self.play.bot.cancel();
                self.shared.status = StatusLine::note(format!(
                    "The bot failed ({why}). {} undoes, {} starts a new game.",
                    self.shared.key(Action::Undo),
                    self.shared.key(Action::New)
                ));
                // Not asked again for this position: the request would fail the same way.
                return Vec::new();
            }
        }
        let shared = &mut self.shared;
        self.play.run_clock(self.screen != Screen::Start, shared);
        self.play.count_result(shared);
        self.play.keep_game(shared);
        let shown = (!self.too_small()).then_some(self.screen);
        let mut requests = self.request_engine();
        requests.extend(self.play.request_bot(shown, &mut self.shared));
        requests.extend(self.play.request_hints(shown, &self.shared));
        requests.extend(self.play.request_review(self.screen, &self.shared));
        // Before the requests go: a move no longer awaited gives its turn back at once.
        if self.play.bot.take_dropped() {
            self.shared.watch.cancel();
        }
        requests
    }

    /// On every way out the game is written down once more; why it is not kept, if not.
    pub fn save_on_exit(&mut self) -> Option<String> {
        self.play.keep_game(&mut self.shared);
        self.shared.memory.settle();
        self.play.not_kept(&self.shared)
    }

    fn on_engine(&mut self, game: String, engine: Arc<dyn Engine>) {
        if self.engine_asked.as_ref() == Some(&game) {
            self.engine_asked = None;
        }
        self.shared.engines.insert(game.clone(), engine);
        let play = &mut self.play;
        if game == play.session.game.key() && play.has_game && play.session.kept.human.is_none() {
            play.bot_chooses_side(&mut self.shared);
        }
    }

    /// Asks for the engine of the game on the board; on the start screen, of the chosen
    /// game where it is solved (its level text tells its exact value).
    fn request_engine(&mut self) -> Vec<BotRequest> {
        let game = if self.screen == Screen::Start && self.start.game().solved() {
            self.start.game()
        } else if self.play.has_game {
            Arc::clone(&self.play.session.game)
        } else {
            return Vec::new();
        };
        let key = game.key();
        if self.engine_asked.as_ref() == Some(&key) || self.shared.engines.contains_key(&key) {
            return Vec::new();
        }
        self.engine_asked = Some(key);
        vec![BotRequest::Load(game)]
    }

    fn on_key(&mut self, key: KeyEvent) {
        let ctrl =
            |c: char| key.code == KeyCode::Char(c) && key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl('c') {
            self.exit = Some(Exit::Chosen);
            return;
        }
        let keys = &self.shared.settings.keys;
        let action = keys.action_for(Key::new(key.code, key.modifiers));
        // Ctrl-Z suspends as it would outside raw mode, unless it was bound to an action.
        if ctrl('z') && action.is_none() {
            self.suspend = true;
            return;
        }
        if self.too_small() {
            // The screen is hidden: quitting is what a key can do, at once, since a question
            // asked could not be seen; or back to a game that fits where the start screen
            // does not (opened with `n`).
            match action {
                Some(Action::Quit) => self.exit = Some(Exit::Chosen),
                Some(Action::Back) if self.screen == Screen::Start => {
                    self.carry_out(Command::BackToGame);
                }
                _ => {}
            }
            return;
        }
        // Any key closes the help and does nothing else, so nothing happens by surprise.
        match self.overlay.take() {
            Some(Overlay::Rules) if action == Some(Action::Help) => {
                self.overlay = Some(Overlay::Help);
                return;
            }
            Some(Overlay::Question(question)) => {
                let on_play = self.screen == Screen::Play;
                let (play, start, shared) = (&mut self.play, &mut self.start, &mut self.shared);
                match question.answer(key, action, on_play, play, start, shared) {
                    Some(Then::Quit) => self.exit = Some(Exit::Chosen),
                    Some(Then::Begin(start)) => self.begin(start),
                    None => {}
                }
                return;
            }
            Some(_) => return,
            None => {}
        }
        if self.play.online == Some(Online::Watcher) && !self.watcher_may(action) {
            return;
        }
        self.play.stacked = self.size.is_some_and(|(width, height)| {
            let areas = geometry::areas(self.play.game().layout(), Rect::new(0, 0, width, height));
            areas.is_some_and(|areas| areas.board.stacked())
        });
        let command = match &mut self.screen {
            Screen::Start => self.start.handle_key(action, &mut self.shared),
            Screen::Play => self.play.handle_key(key, action, &mut self.shared),
            Screen::Review(review) => {
                review.handle_key(key.code, action, &mut self.play, &mut self.shared)
            }
        };
        if let Some(command) = command {
            self.carry_out(command);
        }
    }

    fn carry_out(&mut self, command: Command) {
        match command {
            Command::OpenStart => {
                self.start.open_from(&self.play, &mut self.shared);
                self.screen = Screen::Start;
            }
            Command::Begin(start) => match self.start.at_stake(start, &self.play, &self.shared) {
                // Any key but y keeps the game: a stray key never throws a game away.
                Some(question) => {
                    self.overlay = Some(Overlay::Question(Question::Discard(start)));
                    self.start.note = Some(question);
                }
                None => self.begin(start),
            },
            Command::Leave | Command::BackToGame if self.play.has_game => {
                self.screen = Screen::Play;
                self.shared.status = StatusLine::note("Back to the game.");
            }
            Command::Leave => self.exit = Some(Exit::Chosen),
            Command::BackToGame => {}
            Command::Help if self.screen == Screen::Start => self.overlay = Some(Overlay::Help),
            Command::Help => self.overlay = Some(Overlay::Rules),
            Command::Swap => {
                if self.play.swap(&mut self.shared) {
                    self.overlay = Some(Overlay::Question(Question::Swap));
                }
                self.screen = Screen::Play;
            }
            Command::Quit => match question::ask_quit(&self.play, &mut self.shared) {
                Some(asked) => self.overlay = Some(Overlay::Question(asked)),
                None => self.exit = Some(Exit::Chosen),
            },
            Command::Review => {
                self.screen = Screen::Review(ReviewScreen::first());
                self.shared.status = StatusLine::note(keys_line(&self.shared.settings.keys));
            }
            Command::CloseReview => {
                self.screen = Screen::Play;
                self.shared.status = StatusLine::note(self.play.result_text(&self.shared.settings));
            }
            Command::PlayOn(shown) => {
                if self.play.play_on(shown, &mut self.shared) {
                    self.screen = Screen::Play;
                }
            }
            Command::WriteRecord => self.play.write_record(&mut self.shared),
        }
    }

    /// Starts (or resumes) the game `start` says, with nothing left to ask.
    fn begin(&mut self, start: Start) {
        if self.start.begin(start, &mut self.play, &mut self.shared) {
            self.screen = Screen::Play;
        }
    }

    /// Whether a watcher's key does anything: help, review, the cursor, and leaving (at
    /// once: a watcher has no game to lose). Any other is told it changes nothing.
    fn watcher_may(&mut self, action: Option<Action>) -> bool {
        match action {
            Some(Action::Quit) => self.exit = Some(Exit::Chosen),
            Some(Action::Back) => {}
            Some(action) if action.is_movement() || self.view().offers(action) => return true,
            _ => {
                self.shared.status = StatusLine::note(format!(
                    "Watching: your keys change nothing here ({} helps, {} leaves).",
                    self.shared.key(Action::Help),
                    self.shared.key(Action::Quit)
                ));
            }
        }
        false
    }

    /// A left click: on the start screen it chooses, on the board it places.
    fn on_mouse(&mut self, mouse: MouseEvent) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left)
            || matches!(self.overlay, Some(Overlay::Help | Overlay::Rules))
            || self.too_small()
        {
            return;
        }
        let Some((w, h)) = self.size else { return };
        let screen = Rect::new(0, 0, w, h);
        let (x, y) = (mouse.column, mouse.row);
        match self.screen {
            Screen::Start => {
                if let Some(areas) = geometry::start_areas(screen) {
                    self.start.click(areas.content, x, y, &mut self.shared);
                }
            }
            Screen::Play => {
                if let Some(areas) = geometry::areas(self.play.game().layout(), screen) {
                    self.play.click(&areas.board, x, y, &mut self.shared);
                }
            }
            Screen::Review(_) => {}
        }
    }

    pub fn should_quit(&self) -> bool {
        self.exit.is_some()
    }

    /// Whether Ctrl-Z asked to suspend the program since the last call; the loop does it.
    pub fn take_suspend(&mut self) -> bool {
        std::mem::take(&mut self.suspend)
    }

    pub fn view(&self) -> PlayView<'_> {
        PlayView {
            play: &self.play,
            shared: &self.shared,
            screen: self.screen,
        }
    }

    /// The screen shows only a request to enlarge the terminal: then nothing may change
    /// unseen (keys other than quitting do nothing, the bot waits).
    pub fn too_small(&self) -> bool {
        self.size.is_some_and(|(w, h)| match self.screen {
            Screen::Start => geometry::start_areas(Rect::new(0, 0, w, h)).is_none(),
            _ => !geometry::fits(self.play.game().layout(), w, h),
        })
    }

    /// Instead of a broken picture: how big the terminal must be, nearest `area` first.
    fn draw_too_small(&self, area: Rect, buf: &mut Buffer) {
        let size = |(w, h): (u16, u16)| format!("{w} x {h}");
        let (nearest, others) = match self.screen {
            Screen::Start => (geometry::START_MIN, Vec::new()),
            _ => {
                let layout = self.play.game().layout();
                let nearest = geometry::nearest_fit(layout, area.width, area.height);
                let others = geometry::minimums(layout)
                    .into_iter()
                    .filter(|&s| s != nearest);
                (nearest, others.map(size).collect())
            }
        };
        let or = match others.is_empty() {
            true => String::new(),
            false => format!(" (or {})", others.join(", or ")),
        };
        let nearest = size(nearest);
        let (width, height) = (area.width, area.height);
        let text = vec![
            Line::from(glued(&format!("Terminal too small: {width} x {height}."))),
            Line::from(glued(&format!(
                "Enlarge the terminal to at least {nearest}{or}.",
            ))),
            Line::from(match self.screen == Screen::Start && self.play.has_game {
                true => format!(
                    "({} back to the game, {} quits)",
                    self.shared.key(Action::Back),
                    self.shared.key(Action::Quit)
                ),
                false => format!(
                    "({} or {} quits)",
                    self.shared.key(Action::Quit),
                    help::ctrl_c()
                ),
            }),
        ];
        let rows = (text.len() as u16).min(height);
        let y = area.y + (height - rows) / 2;
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .render(Rect::new(area.x, y, width, height - (y - area.y)), buf);
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let content = match self.screen {
            Screen::Start => geometry::start_areas(area).map(|areas| {
                let view = StartView {
                    screen: &self.start,
                    shared: &self.shared,
                    board: &self.play,
                };
                start::draw::render(&view, areas, buf);
                areas.content
            }),
            Screen::Play | Screen::Review(_) => geometry::areas(self.play.game().layout(), area)
                .map(|areas| {
                    draw::render(&self.view(), &areas, buf);
                    areas.content
                }),
        };
        let Some(content) = content else {
            self.draw_too_small(area, buf);
            return;
        };
        match self.overlay {
            Some(Overlay::Help) => help::render(&self.view(), &*self.start.game(), content, buf),
            Some(Overlay::Rules) => help::rules(&self.view(), content, buf),
            _ => {}
        }
    }
}

#[cfg(test)]
impl App {
    /// A game on the board that is in no list of games (a test's own), played with the
    /// settings' mode and side.
    pub(crate) fn with_game(
        settings: Settings,
        game: Arc<dyn crate::core::Game>,
        now: Instant,
    ) -> App {
        let mut app = App::new(settings, Memory::default(), now);
        let settings = &app.shared.settings;
        let (mode, first, level) = (settings.mode, settings.first, settings.difficulty);
        app.play.hints = settings.hints.on();
        let session = crate::core::session::Session::new(game, mode, first, level);
        app.play.begin(session, false, &mut app.shared);
        app.screen = Screen::Play;
        app
    }
}

#[cfg(test)]
#[path = "app_tests.rs"]
pub(crate) mod tests;

//! The game screen's state machine: a plain struct, no terminal, changed only by
//! [`App::update`].
//!
//! `update` takes one [`Event`] and returns the requests for the bot thread it implies; the
//! loop in `tui::run` sends them. Rendering reads the `App` (see `ui`).
//!
//! The parts that are plain data live beside it: the start screen's choices in `menu`, the
//! moves and redo stack in `history`, a half-typed cell name in `typing`, the bot's
//! requests, tickets and display delay in `bot_turn`, and the sentences about the position
//! in `messages`.

use std::sync::Arc;
use std::time::Instant;

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::bot::BotRequest;
use super::bot_turn::{self, BotTurn};
use super::event::{Event, Signal};
pub use super::game_state::Controller;
use super::game_state::GameState;
use super::geometry;
use super::history::join;
use super::memory::{self, Memory};
pub use super::menu::Menu;
use super::review::{self, MoveReview};
use super::status::{StatusKind, StatusLine};
use super::typing::{CELL_NAME_WAIT, Snapshot, Typed, is_plain, reversible};
use crate::config::{Action, First, Key, Mode, Settings};
use crate::game::{Board, Cell, Side};
use crate::players::Difficulty;
use crate::solver::{Solver, Value};
use crate::store::{Record, SavedGame};

/// Said when a finished game is left out of the record because the sides were swapped.
pub const NOT_RECORDED: &str = "Not recorded: sides were swapped.";

/// Which screen is showing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Screen {
    /// Choose mode, side and level.
    Start,
    /// A game, in play or over.
    Game,
    /// Stepping through a finished game; the number of moves shown (1..=all).
    Review(usize),
}

/// The state of the terminal game.
pub struct App {
    settings: Settings,
    memory: Memory,
    solver: Option<Arc<Solver>>,
    screen: Screen,
    menu: Menu,
    /// A game exists (the start screen can go back to it).
    has_game: bool,
    /// The game on the board (or, before the first, the settings' choices).
    game: GameState,
    cursor: Cell,
    hints: bool,
    help: bool,
    confirm_quit: bool,
    status: StatusLine,
    bot: BotTurn,
    typed: Option<Typed>,
    now: Instant,
    /// The terminal's size, columns and rows, once known.
    size: Option<(u16, u16)>,
    /// Set once the game is to end, with why.
    exit: Option<Exit>,
}

/// Why the game ends.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Exit {
    /// The player quit.
    Chosen,
    /// The terminal's input failed or closed: this says why.
    Failed(String),
    /// A signal asked the game to stop.
    Signal(Signal),
}

impl App {
    /// A game that remembers nothing between runs.
    pub fn new(settings: Settings, now: Instant) -> App {
        App::with_memory(settings, Memory::none(), now)
    }

    /// A game with the record and unfinished game of `memory`; the start screen offers to
    /// resume that game.
    pub fn with_memory(settings: Settings, memory: Memory, now: Instant) -> App {
        let menu = Menu::new(&settings, memory.saved_game().map(|game| game.moves.len()));
        App {
            memory,
            solver: None,
            screen: Screen::Start,
            menu,
            has_game: false,
            game: GameState::new(settings.mode, settings.first, settings.difficulty),
            cursor: Cell::at(1, 1).expect("b2"),
            hints: settings.hints.on_for(settings.mode),
            help: false,
            confirm_quit: false,
            status: StatusLine::default(),
            bot: BotTurn::new(settings.bot_delay),
            typed: None,
            now,
            size: None,
            exit: None,
            settings,
        }
    }

    // ---- reading the state (for rendering and tests) ----

    pub fn settings(&self) -> &Settings {
        &self.settings
    }
    /// The record of results for the start screen's choice of mode and level.
    pub fn menu_record(&self) -> Option<Record> {
        memory::record_key(self.menu.mode, self.menu.difficulty).map(|key| self.memory.record(key))
    }
    /// The unfinished game from an earlier run, until it is resumed or replaced.
    pub fn saved_game(&self) -> Option<&SavedGame> {
        self.memory.saved_game()
    }
    /// What the store had to set aside, to tell the player once.
    pub fn notices(&self) -> &[String] {
        self.memory.notices()
    }
    pub fn screen(&self) -> Screen {
        self.screen
    }
    pub fn menu(&self) -> &Menu {
        &self.menu
    }
    pub fn has_game(&self) -> bool {
        self.has_game
    }
    pub fn mode(&self) -> Mode {
        self.game.mode
    }
    pub fn starter(&self) -> First {
        self.game.starter
    }
    pub fn difficulty(&self) -> Difficulty {
        self.game.difficulty
    }
    pub fn moves(&self) -> &[Cell] {
        self.game.history.moves()
    }
    pub fn cursor(&self) -> Cell {
        self.cursor
    }
    pub fn hints(&self) -> bool {
        self.hints
    }
    pub fn help(&self) -> bool {
        self.help
    }
    pub fn status(&self) -> &str {
        &self.status.text
    }
    pub fn status_kind(&self) -> StatusKind {
        self.status.kind
    }
    pub fn should_quit(&self) -> bool {
        self.exit.is_some()
    }
    /// Why the game stopped, when it was not the player's choice.
    pub fn failure(&self) -> Option<&str> {
        match &self.exit {
            Some(Exit::Failed(why)) => Some(why),
            _ => None,
        }
    }
    pub fn solver(&self) -> Option<&Solver> {
        self.solver.as_deref()
    }
    /// The person swapped sides with the bot during this game (it will not be recorded).
    pub fn sides_swapped(&self) -> bool {
        self.game.swapped
    }
    pub fn human_side(&self) -> Option<Side> {
        self.game.human
    }
    pub fn bot_thinking(&self) -> bool {
        self.bot.busy()
    }

    /// The terminal is known to be too small for the screen, which shows only a request to
    /// enlarge it. Then nothing may change unseen: keys other than quitting do nothing and
    /// the bot waits.
    pub fn too_small(&self) -> bool {
        self.size.is_some_and(|(w, h)| !geometry::fits(w, h))
    }

    /// The position after all the moves played.
    pub fn board(&self) -> Board {
        self.game.history.board()
    }

    /// The position the screen shows: in review, the one after the move being looked at.
    pub fn shown_board(&self) -> Board {
        match self.screen {
            Screen::Review(shown) => self.game.history.board_at(shown),
            _ => self.board(),
        }
    }

    pub fn controller(&self, side: Side) -> Controller {
        self.game.controller(side)
    }

    /// The name of whoever plays `side`.
    pub fn name(&self, side: Side) -> String {
        self.game.name(&self.settings.names, side)
    }

    /// Whether a game-screen key does something in this mode and state, so the footer
    /// shows only those: no placing, undo or swap in the bot's demo, no level without a bot,
    /// no review before the end.
    pub fn offers(&self, action: Action) -> bool {
        match action {
            Action::Place | Action::Undo | Action::Redo | Action::Swap => {
                self.game.mode != Mode::Demo
            }
            Action::Difficulty => self.game.mode != Mode::TwoHumans,
            Action::Review => self.board().status().is_over(),
            _ => true,
        }
    }

    /// A person is to move in a game still going.
    pub fn human_to_move(&self) -> bool {
        let board = self.board();
        !board.status().is_over() && self.controller(board.to_move()) == Controller::Human
    }

    /// A game has moves on the board and is not over: quitting would lose it.
    pub fn game_in_progress(&self) -> bool {
        self.has_game
            && self.game.mode != Mode::Demo
            && !self.moves().is_empty()
            && !self.board().status().is_over()
    }

    /// The review of the move ending the shown position, in review mode.
    pub fn review(&self) -> Option<MoveReview> {
        match self.screen {
            Screen::Review(shown) => review::review_move(self.solver()?, self.moves(), shown),
            _ => None,
        }
    }

    /// The value of each cell for the side to move, when hints are on and known.
    pub fn hint_values(&self) -> Option<[Option<Value>; 16]> {
        let solver = self.solver()?;
        (self.hints && self.screen == Screen::Game).then(|| solver.move_values(self.board()))
    }

    /// The best move's cell, when hints are on.
    pub fn hint_best(&self) -> Option<Cell> {
        let solver = self.solver()?;
        (self.hints && self.screen == Screen::Game)
            .then(|| solver.best_move(self.board()).map(|c| c.cell))
            .flatten()
    }

    // ---- changing the state ----

    /// Applies one event; returns the requests to send to the bot thread.
    pub fn update(&mut self, event: Event) -> Vec<BotRequest> {
        match event {
            Event::Key(key) => self.on_key(key),
            Event::Mouse(mouse) => self.on_mouse(mouse),
            Event::Resize(w, h) => self.size = Some((w, h)),
            Event::Tick(now) => self.on_tick(now),
            Event::SolverReady(solver) => self.on_solver(solver),
            Event::BotMoved { ticket, cell } => self.on_bot_moved(ticket, cell),
            Event::InputClosed(why) => {
                let why = format!("the terminal's input closed: {why}");
                self.exit = Some(Exit::Failed(why));
            }
            Event::Terminate(signal) => {
                self.exit = Some(Exit::Signal(signal));
            }
            Event::BotFailed(why) => {
                self.bot.cancel();
                self.status = StatusLine::note(format!(
                    "The bot failed ({why}). {} undoes, {} starts a new game.",
                    self.key(Action::Undo),
                    self.key(Action::New)
                ));
                // Not asked again for this position: the request would fail the same way.
                return Vec::new();
            }
        }
        self.count_result();
        self.request_bot()
    }

    /// Once per game, when it ends: the result goes into the record, and the game is no
    /// longer one to resume.
    fn count_result(&mut self) {
        if !self.has_game {
            return;
        }
        let Some((key, outcome)) = self.game.take_result() else {
            return;
        };
        let mut saved = self.memory.clear_game();
        if let Some(key) = key {
            saved = saved.and(self.memory.record_result(key, outcome));
        } else if self.game.swapped {
            self.status = StatusLine::note(format!("{} {NOT_RECORDED}", self.status.text));
        }
        if let Err(why) = saved {
            self.status = StatusLine::note(format!("{} ({why})", self.status.text));
        }
    }

    /// The game to keep for the next run: one with moves, not over, and with a person in it.
    pub fn unfinished(&self) -> Option<SavedGame> {
        self.game_in_progress().then(|| self.game.to_saved())
    }

    /// On every way out: keeps an unfinished game for the next run, or forgets the one on
    /// disk when this run's game no longer needs it.
    pub fn save_on_exit(&mut self) -> Result<(), String> {
        match self.unfinished() {
            Some(game) => self.memory.save_game(&game),
            None if self.has_game => self.memory.clear_game(),
            None => Ok(()),
        }
    }

    /// The signal that stopped the game, if one did.
    pub fn stopped_by(&self) -> Option<Signal> {
        match self.exit {
            Some(Exit::Signal(signal)) => Some(signal),
            _ => None,
        }
    }

    fn on_tick(&mut self, now: Instant) {
        self.now = now;
        if let Some(typed) = self.typed
            && typed.deferred.is_some()
            && now.duration_since(typed.at) >= CELL_NAME_WAIT
        {
            self.finish_typed();
        }
        self.show_bot_move();
    }

    fn on_solver(&mut self, solver: Arc<Solver>) {
        self.solver = Some(solver);
        if self.has_game && self.game.human.is_none() {
            self.bot_chooses_side();
        }
    }

    /// The bot's answer: played now if it is the one waited for and its display delay
    /// has passed, later on a tick if it has not.
    fn on_bot_moved(&mut self, ticket: u64, cell: Cell) {
        if let Some(cell) = self.bot.accept(ticket, cell, self.now) {
            self.play(cell);
        }
    }

    /// Plays the bot's answer once its display delay has passed.
    fn show_bot_move(&mut self) {
        if let Some(cell) = self.bot.due(self.now) {
            self.play(cell);
        }
    }

    /// Asks the bot for a move when it is to move and has not been asked.
    fn request_bot(&mut self) -> Vec<BotRequest> {
        let board = self.board();
        let bots_turn = self.has_game
            && self.screen != Screen::Start
            && !self.too_small()
            && !board.status().is_over()
            && self.game.human.is_some()
            && self.controller(board.to_move()) == Controller::Bot;
        if !bots_turn {
            self.bot.cancel();
            return Vec::new();
        }
        let Some(ticket) = self.bot.request(self.now) else {
            return Vec::new();
        };
        if self.game.mode == Mode::VsBot {
            // Replace "Bot to move (O)." by the livelier note, but keep messages that say
            // something else (a swap, the bot's choice of side); the panel shows it anyway.
            let thinking = format!("{} is thinking…", self.settings.names.bot);
            if let Some(line) = self.status.with_turn(&thinking) {
                self.status = line;
            } else if self.status.text.is_empty() {
                self.status = StatusLine::note(thinking);
            }
        }
        vec![BotRequest {
            ticket,
            board,
            difficulty: self.game.bot_asked(),
        }]
    }

    fn on_key(&mut self, key: KeyEvent) {
        let ctrl_c =
            key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl_c {
            self.exit = Some(Exit::Chosen);
            return;
        }
        let action = self
            .settings
            .keys
            .action_for(Key::new(key.code, key.modifiers));
        if self.too_small() {
            // The game is hidden: quitting is the one thing a key can do, at once, since a
            // question asked could not be seen.
            if action == Some(Action::Quit) {
                self.exit = Some(Exit::Chosen);
            }
            return;
        }
        if self.help {
            // Any key closes the help; it does nothing else, so nothing happens by surprise.
            self.help = false;
            return;
        }
        if self.confirm_quit {
            self.confirm_quit = false;
            if action == Some(Action::Quit) {
                self.exit = Some(Exit::Chosen);
            } else {
                self.status = StatusLine::note("Carry on.");
            }
            return;
        }
        match self.screen {
            Screen::Start => self.on_start_key(action),
            Screen::Game => self.on_game_key(key, action),
            Screen::Review(_) => self.on_review_key(action),
        }
    }

    // ---- the start screen ----

    fn on_start_key(&mut self, action: Option<Action>) {
        let menu = &mut self.menu;
        match action {
            Some(Action::Up) => menu.up(),
            Some(Action::Down) => menu.down(),
            Some(Action::Left) => menu.change(false),
            Some(Action::Right) => menu.change(true),
            Some(Action::Difficulty) => menu.difficulty = menu.difficulty.next(),
            Some(Action::Place) if menu.row == Menu::RESUME => self.resume(),
            Some(Action::Place) => self.start_game(),
            Some(Action::Help) => self.help = true,
            Some(Action::Quit) if self.has_game => {
                self.screen = Screen::Game;
                self.status = StatusLine::note("Back to the game.");
            }
            Some(Action::Quit) => self.exit = Some(Exit::Chosen),
            _ => {}
        }
    }

    /// Starts a game with the start screen's choices. It replaces the unfinished game of
    /// an earlier run, if there was one.
    fn start_game(&mut self) {
        let kept = self.memory.saved_game().is_some() && !self.forget_saved_game();
        self.memory.dismiss_notices();
        let menu = self.menu;
        self.game = GameState::new(menu.mode, menu.starter, menu.difficulty);
        self.hints = self.settings.hints.on_for(menu.mode);
        self.show_new_game();
        if kept {
            self.status = StatusLine::note(format!(
                "{} (The old unfinished game could not be deleted.)",
                self.status.text
            ));
        }
    }

    /// Drops the unfinished game of an earlier run, from the menu and from disk; false when
    /// the file could not be deleted.
    fn forget_saved_game(&mut self) -> bool {
        self.menu.drop_resume();
        self.memory.dismiss_notices();
        self.memory.clear_game().is_ok()
    }

    /// Carries on with the unfinished game of an earlier run.
    fn resume(&mut self) {
        let Some(saved) = self.memory.take_saved() else {
            return;
        };
        self.menu.drop_resume();
        self.memory.dismiss_notices();
        self.hints = self.settings.hints.on_for(saved.mode);
        self.game = GameState::resumed(saved);
        self.show_new_game();
        let count = self.moves().len();
        let plural = if count == 1 { "move" } else { "moves" };
        let lead = format!("Resumed your game of {count} {plural}. ");
        self.status = StatusLine::turn(&lead, &self.turn_text());
    }

    /// Shows the game just set in `self.game` on the game screen.
    fn show_new_game(&mut self) {
        self.bot.cancel();
        self.has_game = true;
        self.screen = Screen::Game;
        self.typed = None;
        self.cursor = Cell::at(1, 1).expect("b2");
        self.status = StatusLine::default();
        if self.game.mode == Mode::VsBot && self.game.human.is_none() {
            if self.solver.is_some() {
                self.bot_chooses_side();
            } else {
                self.status =
                    StatusLine::note(format!("{} is choosing its side…", self.settings.names.bot));
            }
        } else {
            self.status = StatusLine::turn("", &self.turn_text());
        }
    }

    /// The bot takes the side the solved value of the empty board favours (see
    /// [`bot_turn::side_to_take`]) and says so.
    fn bot_chooses_side(&mut self) {
        let Some(solver) = self.solver() else { return };
        let value = solver.value(Board::EMPTY);
        let (bot_side, why) = bot_turn::side_to_take(value.map(|v| v.outcome));
        self.game.human = Some(bot_side.other());
        self.status = StatusLine::note(format!(
            "{} takes {} and moves {}: {why}.",
            self.settings.names.bot,
            self.settings.symbol(bot_side),
            if bot_side == Side::First {
                "first"
            } else {
                "second"
            },
        ));
    }

    // ---- the game screen ----

    fn on_game_key(&mut self, key: KeyEvent, action: Option<Action>) {
        let letter = match key.code {
            KeyCode::Char(c) if is_plain(&key) => Some(c.to_ascii_lowercase()),
            _ => None,
        };
        if let Some(typed) = self.typed.take() {
            if let Some(row @ '1'..='4') = letter {
                self.game.difficulty = typed.before.difficulty;
                self.hints = typed.before.hints;
                let row = row as u8 - b'1';
                let cell = Cell::at(row, typed.column).expect("a..d and 1..4 name a cell");
                self.cursor = cell;
                self.place(cell);
                return;
            }
            self.typed = Some(typed);
            self.finish_typed();
        }
        match letter {
            Some(column @ 'a'..='d') => self.start_typed(column as u8 - b'a', action),
            Some('1'..='4') if action.is_none() => {
                self.status = StatusLine::note("To name a cell, type its column first: b3");
            }
            _ => {
                if let Some(action) = action {
                    self.act(action);
                }
            }
        }
    }

    /// A letter `a`..`d`: maybe the start of a cell name.
    fn start_typed(&mut self, column: u8, action: Option<Action>) {
        let before = Snapshot {
            difficulty: self.game.difficulty,
            hints: self.hints,
        };
        let deferred = match action {
            Some(a) if reversible(a) => {
                self.act(a);
                None
            }
            other => other,
        };
        let letter = (b'a' + column) as char;
        let prefix = match action {
            Some(a) if deferred.is_none() && !a.is_movement() => format!("{} · ", self.status.text),
            _ => String::new(),
        };
        self.status = StatusLine::note(format!("{prefix}{letter}… then a row 1-4 places there"));
        self.typed = Some(Typed {
            column,
            at: self.now,
            deferred,
            before,
        });
    }

    /// The letter typed was not a cell name after all: run its deferred action, if any.
    fn finish_typed(&mut self) {
        if let Some(typed) = self.typed.take()
            && let Some(action) = typed.deferred
        {
            self.act(action);
        }
    }

    fn act(&mut self, action: Action) {
        match action {
            Action::Left => self.move_cursor(0, -1),
            Action::Right => self.move_cursor(0, 1),
            Action::Up => self.move_cursor(-1, 0),
            Action::Down => self.move_cursor(1, 0),
            Action::Place => self.place(self.cursor),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::New => self.open_start(),
            Action::Swap => self.swap(),
            Action::Hints => self.toggle_hints(),
            Action::Help => self.help = true,
            Action::Quit => self.ask_quit(),
            Action::Difficulty => self.change_difficulty(),
            Action::Review => self.start_review(),
        }
    }

    fn move_cursor(&mut self, rows: i8, cols: i8) {
        let wrap = |v: u8, d: i8| (v as i8 + d).rem_euclid(4) as u8;
        let (row, col) = (wrap(self.cursor.row(), rows), wrap(self.cursor.col(), cols));
        self.cursor = Cell::at(row, col).expect("wrapped into the grid");
    }

    /// A person's move at `cell`, with a clear message when it cannot be played.
    fn place(&mut self, cell: Cell) {
        let board = self.board();
        if board.status().is_over() {
            self.status = StatusLine::note(format!(
                "The game is over: {} new game, {} swap sides",
                self.key(Action::New),
                self.key(Action::Swap)
            ));
            return;
        }
        if self.controller(board.to_move()) == Controller::Bot || self.game.human.is_none() {
            self.status = StatusLine::note(format!(
                "Wait: it is {}'s move.",
                self.name(board.to_move())
            ));
            return;
        }
        match board.play(cell) {
            Ok(_) => self.play(cell),
            Err(why) => self.status = StatusLine::illegal(format!("Illegal: {why}")),
        }
    }

    /// Plays a legal move and says what happened.
    fn play(&mut self, cell: Cell) {
        self.game.history.play(cell);
        self.status = self.after_move_status(cell);
    }

    fn undo(&mut self) {
        let popped = match self.game.mode {
            Mode::Demo => {
                self.status = StatusLine::note("Undo is for games with a person in them.");
                return;
            }
            Mode::TwoHumans => self.game.history.take_back(|_| true),
            // Against the bot, back to the person's last move (taking the bot's reply too).
            Mode::VsBot => {
                let human = self.game.human;
                self.game.history.take_back(|side| Some(side) == human)
            }
        };
        self.bot.cancel();
        self.status = if popped.is_empty() {
            StatusLine::note("Nothing to undo.")
        } else {
            StatusLine::turn(&format!("Took back {}. ", join(&popped)), &self.turn_text())
        };
    }

    fn redo(&mut self) {
        if self.game.mode == Mode::Demo || !self.game.history.can_redo() {
            self.status = StatusLine::note("Nothing to redo.");
            return;
        }
        self.bot.cancel();
        let mut replayed = Vec::new();
        // Against the bot, redo the person's move and the bot's reply together.
        while let Some(cell) = self.game.history.redo_one() {
            replayed.push(cell);
            let board = self.board();
            if board.status().is_over() || self.controller(board.to_move()) == Controller::Human {
                break;
            }
        }
        let lead = format!("Redid {}. ", join(&replayed));
        self.status = StatusLine::turn(&lead, &self.turn_text());
    }

    /// Opens the start screen for a new game, keeping this one until a new one starts.
    fn open_start(&mut self) {
        self.menu.row = self.menu.row.max(Menu::MODE);
        self.menu.mode = self.game.mode;
        self.menu.starter = self.game.starter;
        self.menu.difficulty = self.game.difficulty;
        self.screen = Screen::Start;
    }

    fn swap(&mut self) {
        match self.game.mode {
            Mode::Demo => self.status = StatusLine::note("Both sides are the bot in the demo."),
            Mode::TwoHumans => {
                self.game.names_swapped = !self.game.names_swapped;
                self.status = StatusLine::note(format!(
                    "Swapped: {} plays {}, {} plays {}.",
                    self.name(Side::First),
                    self.settings.symbol(Side::First),
                    self.name(Side::Second),
                    self.settings.symbol(Side::Second),
                ));
            }
            Mode::VsBot => self.swap_with_bot(),
        }
    }

    /// Mid-game, the person takes over the bot's side of this position; after a game,
    /// a new game starts with the sides swapped.
    fn swap_with_bot(&mut self) {
        let Some(human) = self.game.human else { return };
        let side = human.other();
        self.bot.cancel();
        if self.board().status().is_over() {
            let starter = if side == Side::First {
                First::You
            } else {
                First::Bot
            };
            self.game = GameState::new(self.game.mode, starter, self.game.difficulty);
            self.show_new_game();
        } else {
            // Once a move is on the board the person can see who is ahead; taking the
            // other side then is no longer a fair game for the record.
            self.game.swapped |= !self.moves().is_empty();
            self.game.human = Some(side);
            // The person has now picked the side, so the bot no longer "chose" it.
            self.game.starter = if side == Side::First {
                First::You
            } else {
                First::Bot
            };
        }
        let symbol = self.settings.symbol(side).to_string();
        self.status = StatusLine::turn(&format!("You now play {symbol}. "), &self.turn_text());
    }

    fn toggle_hints(&mut self) {
        self.hints = !self.hints;
        self.status = StatusLine::note(if self.hints {
            "Hints on: each empty cell shows its value for the player to move."
        } else {
            "Hints off."
        });
    }

    fn change_difficulty(&mut self) {
        if self.game.mode == Mode::TwoHumans {
            self.status = StatusLine::note("No bot plays in a two-player game.");
            return;
        }
        self.game.difficulty = self.game.difficulty.next();
        self.status = StatusLine::note(format!("Bot level: {}", self.game.difficulty));
    }

    fn ask_quit(&mut self) {
        if self.game_in_progress() {
            self.confirm_quit = true;
            self.status = StatusLine::note(format!(
                "{} again to quit (the game is kept), any other key to stay.",
                self.settings
                    .keys
                    .all_keys(Action::Quit)
                    .replace('/', " or ")
            ));
        } else {
            self.exit = Some(Exit::Chosen);
        }
    }

    fn start_review(&mut self) {
        if !self.board().status().is_over() {
            self.status = StatusLine::note("Review opens when the game is over.");
        } else if self.solver.is_none() {
            self.status = StatusLine::note("The solver is still starting; try again in a moment.");
        } else {
            self.screen = Screen::Review(1);
            self.status = StatusLine::note(format!(
                "Review: {}/{} step through the moves, {} goes back.",
                self.key(Action::Left),
                self.key(Action::Right),
                self.key(Action::Review)
            ));
        }
    }

    // ---- review ----

    fn on_review_key(&mut self, action: Option<Action>) {
        let Screen::Review(shown) = self.screen else {
            return;
        };
        let last = self.moves().len();
        match action {
            Some(Action::Left | Action::Up) => self.screen = Screen::Review(shown.max(2) - 1),
            Some(Action::Right | Action::Down) => {
                self.screen = Screen::Review((shown + 1).min(last))
            }
            Some(Action::Review | Action::Quit) => {
                self.screen = Screen::Game;
                self.status = StatusLine::note(self.result_text());
            }
            Some(Action::New) => self.open_start(),
            Some(Action::Help) => self.help = true,
            _ => {}
        }
    }

    // ---- the mouse ----

    fn on_mouse(&mut self, mouse: MouseEvent) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left)
            || self.screen != Screen::Game
            || self.help
        {
            return;
        }
        let Some((w, h)) = self.size else { return };
        if let Some(cell) = geometry::cell_at(w, h, mouse.column, mouse.row) {
            self.typed = None;
            self.cursor = cell;
            self.place(cell);
        }
    }

    // ---- messages ----

    /// The first key bound to an action, for messages.
    fn key(&self, action: Action) -> String {
        self.settings.keys.first_key(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;
    use std::time::Duration;

    use ratatui::crossterm::event::KeyEventKind;

    use crate::solver::Solver;

    fn solver() -> Arc<Solver> {
        static SOLVER: OnceLock<Arc<Solver>> = OnceLock::new();
        Arc::clone(SOLVER.get_or_init(|| Arc::new(Solver::new())))
    }

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    fn names(cells: &[Cell]) -> String {
        join(cells)
    }

    /// An app with a solver and a stand-in for the bot thread that answers on request.
    struct Harness {
        app: App,
        now: Instant,
        asked: Vec<BotRequest>,
    }

    impl Harness {
        fn new(mode: Mode, starter: First, delay_ms: u64) -> Harness {
            let mut h = Harness::at_start(mode, starter, delay_ms);
            h.press(KeyCode::Enter); // the start screen's defaults
            h
        }

        /// On the start screen with these choices, the terminal big enough, the solver ready.
        fn at_start(mode: Mode, starter: First, delay_ms: u64) -> Harness {
            Harness::with(Settings {
                mode,
                first: starter,
                bot_delay: Duration::from_millis(delay_ms),
                ..Settings::default()
            })
        }

        /// On the start screen with these settings, the terminal big enough, the solver
        /// ready.
        fn with(options: Settings) -> Harness {
            let now = Instant::now();
            let mut h = Harness {
                app: App::new(options, now),
                now,
                asked: Vec::new(),
            };
            h.send(Event::Resize(100, 30));
            h.send(Event::SolverReady(solver()));
            h
        }

        fn send(&mut self, event: Event) {
            let asked = self.app.update(event);
            self.asked.extend(asked);
        }

        fn press(&mut self, code: KeyCode) {
            self.send(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
        }

        fn typed(&mut self, text: &str) {
            for c in text.chars() {
                self.press(KeyCode::Char(c));
            }
        }

        /// The bot thread's part: answer the newest request with the perfect move.
        fn answer(&mut self) {
            if let Some(request) = self.asked.pop() {
                self.asked.clear();
                let cell = solver().best_move(request.board).unwrap().cell;
                self.send(Event::BotMoved {
                    ticket: request.ticket,
                    cell,
                });
            }
        }

        fn tick(&mut self, ms: u64) {
            self.now += Duration::from_millis(ms);
            self.send(Event::Tick(self.now));
        }

        fn moves(&self) -> String {
            names(self.app.moves())
        }
    }

    #[test]
    fn typing_a_cell_name_places_there_and_the_bot_replies() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        assert_eq!(h.app.screen(), Screen::Game);
        h.typed("b2");
        assert_eq!(h.moves(), "b2");
        assert_eq!(h.asked.len(), 1, "the bot is asked to reply");
        assert!(h.app.status().contains("thinking"), "{}", h.app.status());
        assert!(!h.app.human_to_move());
        h.answer();
        assert_eq!(h.app.moves().len(), 2);
        assert!(h.app.human_to_move());
        assert!(h.app.status().contains("Your turn"), "{}", h.app.status());
    }

    #[test]
    fn arrows_move_the_cursor_with_wrapping_and_enter_places() {
        let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
        assert_eq!(h.app.cursor(), cell("b2"));
        h.press(KeyCode::Left);
        h.press(KeyCode::Left);
        assert_eq!(h.app.cursor(), cell("d2"), "wraps around");
        h.press(KeyCode::Up);
        h.typed("l"); // right, wrapping to a
        h.press(KeyCode::Enter);
        assert_eq!(h.moves(), "a1");
        h.typed("j ");
        assert_eq!(h.moves(), "a1 a2");
    }

    #[test]
    fn a_taken_cell_is_refused_with_its_name() {
        let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
        h.typed("c3");
        h.typed("c3");
        assert_eq!(h.app.status(), "Illegal: c3 is taken");
        assert_eq!(h.moves(), "c3");
        assert_eq!(h.app.status_kind(), StatusKind::Illegal);
        h.typed("b2");
        assert!(matches!(h.app.status_kind(), StatusKind::Turn { .. }));
    }

    #[test]
    fn moves_are_refused_while_the_bot_is_to_move() {
        let mut h = Harness::new(Mode::VsBot, First::Bot, 0);
        assert_eq!(h.asked.len(), 1, "the bot moves first");
        h.typed("a1");
        assert!(h.app.moves().is_empty());
        assert!(h.app.status().starts_with("Wait"), "{}", h.app.status());
    }

    #[test]
    fn undo_against_the_bot_takes_back_both_moves_and_redo_restores_them() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        h.typed("b2");
        h.answer();
        h.typed("a1");
        h.answer();
        let before = h.moves();
        assert_eq!(h.app.moves().len(), 4);
        h.typed("u");
        assert_eq!(h.app.moves().len(), 2, "your a1 and the bot's reply");
        assert!(h.app.human_to_move());
        h.typed("u");
        assert!(h.app.moves().is_empty());
        h.typed("u");
        assert_eq!(h.app.status(), "Nothing to undo.");
        h.typed("r");
        assert_eq!(h.app.moves().len(), 2);
        h.typed("r");
        assert_eq!(h.moves(), before);
        assert!(h.asked.is_empty(), "nothing to ask: the replies came back");
        h.typed("r");
        assert_eq!(h.app.status(), "Nothing to redo.");
    }

    #[test]
    fn a_new_move_clears_redo() {
        let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
        h.typed("a1b1u");
        h.typed("c1r");
        assert_eq!(h.moves(), "a1 c1");
        assert_eq!(h.app.status(), "Nothing to redo.");
    }

    #[test]
    fn undo_while_the_bot_thinks_drops_its_stale_answer() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        h.typed("b2");
        let stale = h.asked.pop().unwrap();
        h.typed("u");
        assert!(h.app.moves().is_empty());
        h.send(Event::BotMoved {
            ticket: stale.ticket,
            cell: cell("c3"),
        });
        assert!(h.app.moves().is_empty(), "the old answer is ignored");
    }

    #[test]
    fn undo_when_the_bot_opened_keeps_its_first_move() {
        let mut h = Harness::new(Mode::VsBot, First::Bot, 0);
        h.answer();
        assert_eq!(h.app.moves().len(), 1);
        h.typed("u");
        assert_eq!(h.app.moves().len(), 1);
        assert_eq!(h.app.status(), "Nothing to undo.");
    }

    #[test]
    fn the_bot_move_waits_for_the_delay_without_blocking() {
        let mut h = Harness::new(Mode::VsBot, First::You, 400);
        h.typed("b2");
        h.answer();
        assert_eq!(h.app.moves().len(), 1, "answered but not shown yet");
        h.tick(200);
        assert_eq!(h.app.moves().len(), 1);
        h.typed("?"); // keys still work meanwhile
        assert!(h.app.help());
        h.tick(250);
        assert_eq!(h.app.moves().len(), 2, "shown once the delay passed");
    }

    #[test]
    fn swapping_mid_game_hands_the_bot_your_side() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        h.typed("b2");
        h.answer();
        assert_eq!(h.app.human_side(), Some(Side::First));
        h.typed("s");
        assert_eq!(h.app.human_side(), Some(Side::Second));
        assert_eq!(h.asked.len(), 1, "now the bot is to move, as X");
        assert!(
            h.app.status().starts_with("You now play O"),
            "{}",
            h.app.status()
        );
        h.answer();
        assert_eq!(h.app.moves().len(), 3);
        assert!(h.app.human_to_move());
    }

    /// Two people: X gets row 1 when O completes it (X X X O), so X wins 1 : 0.
    fn finished_two_player_game() -> Harness {
        let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
        h.typed("a1a2b1b2c1d1");
        h
    }

    #[test]
    fn a_named_winner_wins_and_you_win() {
        for (name, expected) in [("Ada", "Ada (X) wins 1 : 0"), ("You", "You (X) win 1 : 0")] {
            let mut settings = Settings {
                mode: Mode::TwoHumans,
                ..Settings::default()
            };
            settings.names.first = name.into();
            let mut h = Harness::with(settings);
            h.press(KeyCode::Enter);
            h.typed("a1a2b1b2c1d1");
            assert!(h.app.status().starts_with(expected), "{}", h.app.status());
        }
    }

    #[test]
    fn the_game_ends_with_the_winner_and_the_line() {
        let h = finished_two_player_game();
        assert!(h.app.board().status().is_over());
        assert_eq!(h.app.status(), "Player 1 (X) wins 1 : 0 with row 1.");
        let mut h = h;
        h.typed("c2");
        assert!(
            h.app.status().starts_with("The game is over"),
            "{}",
            h.app.status()
        );
    }

    #[test]
    fn swapping_after_a_game_starts_the_next_with_sides_changed() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        play_to_the_end(&mut h);
        h.typed("s");
        assert!(h.app.moves().is_empty());
        assert_eq!(h.app.human_side(), Some(Side::Second));
        assert_eq!(h.asked.len(), 1, "the bot opens the new game");
    }

    /// The person plays the first empty cell each turn until the game ends.
    fn play_to_the_end(h: &mut Harness) {
        while !h.app.board().status().is_over() {
            if h.app.human_to_move() {
                let free = Cell::in_mask(h.app.board().empty_cells()).next().unwrap();
                h.typed(&free.to_string());
            } else {
                h.answer();
            }
        }
    }

    #[test]
    fn new_game_goes_through_the_start_screen_and_keeps_the_old_game_until_then() {
        let mut h = finished_two_player_game();
        h.typed("n");
        assert_eq!(h.app.screen(), Screen::Start);
        assert_eq!(h.app.menu().mode, Mode::TwoHumans, "choices kept");
        h.press(KeyCode::Esc);
        assert_eq!(h.app.screen(), Screen::Game);
        assert_eq!(h.app.moves().len(), 6);
        h.typed("n");
        h.press(KeyCode::Down); // side and level rows are skipped for two players
        assert_eq!(h.app.menu().row, Menu::MODE);
        h.press(KeyCode::Right); // Demo
        h.press(KeyCode::Left); // back to two players
        h.press(KeyCode::Enter);
        assert!(h.app.moves().is_empty());
        assert_eq!(h.app.mode(), Mode::TwoHumans);
        assert!(h.app.hints(), "hints on by default for two people");
    }

    #[test]
    fn review_steps_through_the_moves_and_marks_mistakes() {
        let mut h = finished_two_player_game();
        h.typed("v");
        assert_eq!(h.app.screen(), Screen::Review(1));
        h.press(KeyCode::Left);
        assert_eq!(h.app.screen(), Screen::Review(1), "stops at the first move");
        for _ in 0..10 {
            h.press(KeyCode::Right);
        }
        assert_eq!(h.app.screen(), Screen::Review(6), "stops at the last");
        let last = h.app.review().unwrap();
        assert_eq!(last.cell, cell("d1"));
        assert_eq!(last.verdict, crate::tui::review::Verdict::Mistake);
        assert!(
            last.sentence()
                .starts_with("d1 lost at once instead of a win in 5"),
            "{}",
            last.sentence()
        );
        assert_eq!(h.app.shown_board(), h.app.board());
        h.press(KeyCode::Left);
        assert_eq!(h.app.shown_board().moves_made(), 5);
        h.typed("v");
        assert_eq!(h.app.screen(), Screen::Game);
    }

    #[test]
    fn review_waits_for_the_end_of_the_game() {
        let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
        h.typed("b2v");
        assert_eq!(h.app.screen(), Screen::Game);
        assert_eq!(h.app.status(), "Review opens when the game is over.");
    }

    #[test]
    fn quitting_a_game_in_progress_asks_once() {
        let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
        h.typed("b2q");
        assert!(!h.app.should_quit());
        assert_eq!(
            h.app.status(),
            "q or Esc again to quit (the game is kept), any other key to stay."
        );
        h.typed("x");
        assert!(!h.app.should_quit(), "any other key stays");
        h.press(KeyCode::Esc);
        h.press(KeyCode::Esc);
        assert!(h.app.should_quit());
    }

    #[test]
    fn quitting_without_a_game_on_does_not_ask() {
        let mut h = finished_two_player_game();
        h.typed("q");
        assert!(h.app.should_quit());
    }

    #[test]
    fn ctrl_c_quits_from_anywhere() {
        let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
        h.typed("b2?");
        assert!(h.app.help());
        let mut ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        ctrl_c.kind = KeyEventKind::Press;
        h.send(Event::Key(ctrl_c));
        assert!(h.app.should_quit());
    }

    #[test]
    fn d_then_a_digit_is_a_cell_and_leaves_the_level_alone() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        let level = h.app.difficulty();
        h.typed("d");
        assert_ne!(
            h.app.difficulty(),
            level,
            "d alone changes the level at once"
        );
        h.typed("3");
        assert_eq!(h.app.difficulty(), level, "restored: it was a cell name");
        assert_eq!(h.moves(), "d3");
    }

    #[test]
    fn d_then_another_key_keeps_the_new_level() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        h.typed("d");
        h.press(KeyCode::Right);
        assert_eq!(h.app.difficulty(), Difficulty::Easy);
        assert!(h.app.moves().is_empty());
    }

    #[test]
    fn a_then_a_digit_places_in_column_a() {
        let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
        h.typed("a4");
        assert_eq!(h.moves(), "a4");
        h.typed("a");
        assert_eq!(h.app.cursor(), cell("d4"), "a alone moves left");
    }

    #[test]
    fn a_rebound_letter_waits_to_see_if_a_digit_follows() {
        let mut options = Settings {
            mode: Mode::TwoHumans,
            ..Settings::default()
        };
        options.keys.set(Action::Undo, ["b".parse().unwrap()]);
        let now = Instant::now();
        let mut h = Harness {
            app: App::new(options, now),
            now,
            asked: Vec::new(),
        };
        h.send(Event::SolverReady(solver()));
        h.press(KeyCode::Enter);
        h.typed("a1b");
        assert_eq!(h.moves(), "a1", "undo waits");
        h.tick(1000);
        assert!(h.app.moves().is_empty(), "then runs when no digit came");
        h.typed("a1b2");
        assert_eq!(h.moves(), "a1 b2", "b2 was a cell");
    }

    #[test]
    fn a_too_small_terminal_ignores_everything_but_quitting() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        h.send(Event::Resize(50, 12));
        assert!(h.app.too_small());
        h.typed("a1?dh");
        assert!(h.app.moves().is_empty(), "nothing placed unseen");
        assert!(!h.app.help());
        assert!(!h.app.hints());
        assert_eq!(h.app.difficulty(), Difficulty::Perfect);
        h.send(Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 10,
            row: 5,
            modifiers: KeyModifiers::NONE,
        }));
        assert!(h.app.moves().is_empty());
        h.send(Event::Resize(100, 30));
        h.typed("a1");
        assert_eq!(h.moves(), "a1", "enlarged, keys work again");
        h.send(Event::Resize(50, 12));
        assert!(h.asked.len() == 1 && !h.app.bot_thinking(), "the bot waits");
        h.send(Event::Resize(100, 30));
        assert_eq!(h.asked.len(), 2, "and is asked again once the game shows");
        h.answer();
        assert_eq!(h.app.moves().len(), 2);
        h.send(Event::Resize(50, 12));
        h.typed("q");
        assert!(
            h.app.should_quit(),
            "q quits at once: a question could not be seen"
        );
    }

    #[test]
    fn the_demo_pauses_while_the_terminal_is_too_small() {
        let mut h = Harness::at_start(Mode::Demo, First::You, 0);
        h.send(Event::Resize(50, 12));
        h.press(KeyCode::Enter);
        assert_eq!(h.app.screen(), Screen::Start, "Enter does nothing unseen");
        h.send(Event::Resize(100, 30));
        h.press(KeyCode::Enter);
        assert_eq!(h.asked.len(), 1);
        h.send(Event::Resize(50, 12));
        h.answer();
        assert!(
            h.app.moves().is_empty(),
            "the answer for a paused game is dropped"
        );
        assert!(h.asked.is_empty(), "and nothing more is asked");
    }

    #[test]
    fn a_click_on_a_cell_places_there() {
        let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
        let grid = geometry::areas(ratatui::layout::Rect::new(0, 0, 100, 30))
            .unwrap()
            .grid;
        let target = geometry::cell_rect(grid, cell("c4"));
        h.send(Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: target.x + 2,
            row: target.y + 1,
            modifiers: KeyModifiers::NONE,
        }));
        assert_eq!(h.moves(), "c4");
    }

    #[test]
    fn the_bot_choosing_takes_the_first_side_on_the_drawn_empty_board() {
        let h = Harness::new(Mode::VsBot, First::BotChooses, 0);
        assert_eq!(h.app.human_side(), Some(Side::Second));
        assert!(h.app.status().starts_with("Bot takes X and moves first"));
        assert_eq!(h.asked.len(), 1);
    }

    #[test]
    fn the_bot_chooses_once_the_solver_is_ready() {
        let options = Settings {
            first: First::BotChooses,
            ..Settings::default()
        };
        let mut app = App::new(options, Instant::now());
        let none = app.update(Event::Key(KeyEvent::new(
            KeyCode::Enter,
            KeyModifiers::NONE,
        )));
        assert!(none.is_empty());
        assert_eq!(app.human_side(), None);
        let asked = app.update(Event::SolverReady(solver()));
        assert_eq!(app.human_side(), Some(Side::Second));
        assert_eq!(asked.len(), 1);
    }

    #[test]
    fn bot_chooses_on_the_start_screen_does_not_freeze_two_players() {
        let mut h = Harness::at_start(Mode::VsBot, First::You, 0);
        for key in [KeyCode::Down, KeyCode::Right, KeyCode::Right] {
            h.press(key);
        }
        assert_eq!(h.app.menu().starter, First::BotChooses);
        for key in [KeyCode::Up, KeyCode::Right, KeyCode::Enter] {
            h.press(key);
        }
        assert_eq!(h.app.mode(), Mode::TwoHumans);
        h.typed("b2");
        assert_eq!(h.moves(), "b2", "{}", h.app.status());
        h.typed("c3");
        assert_eq!(h.moves(), "b2 c3");
    }

    #[test]
    fn bot_chooses_on_the_start_screen_does_not_freeze_the_demo() {
        let mut h = Harness::at_start(Mode::VsBot, First::You, 0);
        let keys = [KeyCode::Down, KeyCode::Right, KeyCode::Right, KeyCode::Up];
        for key in keys
            .into_iter()
            .chain([KeyCode::Right, KeyCode::Right, KeyCode::Enter])
        {
            h.press(key);
        }
        assert_eq!(h.app.menu().starter, First::BotChooses);
        assert_eq!(h.app.mode(), Mode::Demo);
        assert_eq!(h.asked.len(), 1, "Bot 1 is asked for its move");
        h.answer();
        assert_eq!(h.app.moves().len(), 1);
        assert_eq!(h.asked.len(), 1, "then Bot 2");
    }

    #[test]
    fn the_demo_plays_itself_to_the_end() {
        let mut h = Harness::new(Mode::Demo, First::You, 0);
        while !h.app.board().status().is_over() {
            assert_eq!(h.asked.len(), 1);
            h.answer();
        }
        // Perfect against perfect is a draw.
        assert!(h.app.status().starts_with("Draw"), "{}", h.app.status());
        h.typed("q");
        assert!(h.app.should_quit());
    }

    #[test]
    fn a_failed_bot_is_reported_and_undo_still_works() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        h.typed("b2");
        h.asked.clear();
        h.send(Event::BotFailed("boom".into()));
        assert!(h.app.status().starts_with("The bot failed (boom)"));
        assert!(h.asked.is_empty(), "not asked again straight away");
        h.typed("u");
        assert!(h.app.moves().is_empty());
    }

    #[test]
    fn a_closed_input_ends_the_game_with_a_reason() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        h.send(Event::InputClosed("eof".into()));
        assert!(h.app.should_quit());
        assert_eq!(h.app.failure(), Some("the terminal's input closed: eof"));
    }

    #[test]
    fn the_level_key_says_there_is_no_bot_between_two_people() {
        let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
        let level = h.app.difficulty();
        h.typed("d");
        h.press(KeyCode::Right);
        assert_eq!(h.app.difficulty(), level);
        assert!(
            h.app.status().starts_with("No bot plays"),
            "{}",
            h.app.status()
        );
    }

    #[test]
    fn each_mode_offers_only_the_keys_that_act_in_it() {
        let two = Harness::new(Mode::TwoHumans, First::You, 0);
        assert!(!two.app.offers(Action::Difficulty), "no bot to set");
        assert!(two.app.offers(Action::Undo) && two.app.offers(Action::Swap));
        let demo = Harness::new(Mode::Demo, First::You, 0);
        for action in [Action::Place, Action::Undo, Action::Redo, Action::Swap] {
            assert!(!demo.app.offers(action), "{action:?} in the demo");
        }
        assert!(demo.app.offers(Action::Difficulty));
        let bot = Harness::new(Mode::VsBot, First::You, 0);
        assert!(bot.app.offers(Action::Difficulty) && bot.app.offers(Action::Place));
        assert!(
            !bot.app.offers(Action::Review),
            "only once the game is over"
        );
    }

    #[test]
    fn two_players_undo_one_move_at_a_time() {
        let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
        h.typed("a1b1u");
        assert_eq!(h.moves(), "a1");
        h.typed("s");
        assert_eq!(h.app.name(Side::First), "Player 2");
    }

    fn saved_vs_bot(moves: &str) -> SavedGame {
        SavedGame {
            mode: Mode::VsBot,
            human: Some(Side::First),
            difficulty: Difficulty::Hard,
            weakest: None,
            swapped: false,
            moves: moves.split(' ').map(cell).collect(),
        }
    }

    /// An app whose memory holds `saved`, with the solver ready, on the start screen.
    fn remembering(saved: Option<SavedGame>) -> Harness {
        let now = Instant::now();
        let memory = Memory::with(crate::store::Stats::default(), saved);
        let mut h = Harness {
            app: App::with_memory(Settings::default(), memory, now),
            now,
            asked: Vec::new(),
        };
        h.send(Event::SolverReady(solver()));
        h
    }

    #[test]
    fn a_saved_game_is_offered_first_and_resumes_where_it_stopped() {
        let mut h = remembering(Some(saved_vs_bot("b2 c3")));
        assert_eq!(h.app.menu().resume, Some(2));
        assert_eq!(h.app.menu().row, Menu::RESUME, "resuming is the default");
        h.press(KeyCode::Enter);
        assert_eq!(h.app.screen(), Screen::Game);
        assert_eq!(h.moves(), "b2 c3");
        assert_eq!(h.app.difficulty(), Difficulty::Hard);
        assert!(h.app.human_to_move());
        assert!(h.app.status().starts_with("Resumed your game of 2 moves"));
        let mut h = remembering(Some(saved_vs_bot("b2")));
        h.press(KeyCode::Enter);
        assert!(
            h.app.status().starts_with("Resumed your game of 1 move. "),
            "{}",
            h.app.status()
        );
        assert_eq!(h.app.menu().resume, None, "offered once");
    }

    #[test]
    fn a_bot_reply_still_owed_is_asked_for_on_resuming() {
        let mut h = remembering(Some(SavedGame {
            human: Some(Side::Second),
            ..saved_vs_bot("b2 c3")
        }));
        h.press(KeyCode::Enter);
        assert_eq!(h.app.human_side(), Some(Side::Second));
        assert_eq!(h.asked.len(), 1, "the bot is asked for its move");
    }

    #[test]
    fn a_new_game_replaces_the_saved_one() {
        let mut h = remembering(Some(saved_vs_bot("b2 c3")));
        h.press(KeyCode::Down);
        assert_eq!(h.app.menu().row, Menu::MODE);
        h.press(KeyCode::Enter);
        assert!(h.app.moves().is_empty());
        assert!(h.app.saved_game().is_none());
        assert_eq!(h.app.menu().resume, None);
    }

    #[test]
    fn without_a_saved_game_there_is_no_resume_row() {
        let h = remembering(None);
        assert_eq!(h.app.menu().row, Menu::MODE);
        assert!(!h.app.menu().row_enabled(Menu::RESUME));
    }

    #[test]
    fn the_game_in_progress_is_what_would_be_saved() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        assert_eq!(h.app.unfinished(), None, "nothing played yet");
        h.typed("b2");
        h.answer();
        let saved = h.app.unfinished().expect("a game in progress");
        assert_eq!(saved.moves.len(), 2);
        assert_eq!(saved.human, Some(Side::First));
        assert_eq!(saved.board().unwrap(), h.app.board());
    }

    #[test]
    fn a_finished_game_is_counted_once_and_not_saved() {
        let mut h = finished_two_player_game();
        assert_eq!(h.app.unfinished(), None);
        let record = |h: &Harness| h.app.menu_record().unwrap();
        h.typed("n");
        assert_eq!(
            record(&h).wins,
            1,
            "X won row 1: a win for the first player"
        );
        // Undo and finishing again does not count the game twice.
        h.press(KeyCode::Esc);
        h.typed("ur");
        assert!(h.app.board().status().is_over());
        h.typed("n");
        assert_eq!(record(&h).games(), 1);
    }

    #[test]
    fn a_lost_game_against_the_bot_counts_as_a_loss_at_its_level() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        while !h.app.board().status().is_over() {
            let free = Cell::in_mask(h.app.board().empty_cells()).next().unwrap();
            h.typed(&free.to_string());
            h.answer();
        }
        h.typed("n");
        let record = h.app.menu_record().unwrap();
        assert_eq!(record.wins, 0, "the perfect bot never loses");
        assert_eq!(record.games(), 1);
    }

    #[test]
    fn a_game_with_sides_swapped_mid_game_is_not_recorded() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        h.typed("b2");
        h.answer();
        h.typed("s");
        assert!(h.app.sides_swapped());
        play_to_the_end(&mut h);
        assert!(h.app.status().ends_with(NOT_RECORDED), "{}", h.app.status());
        h.typed("n");
        assert_eq!(h.app.menu_record().unwrap().games(), 0);
    }

    #[test]
    fn swapping_before_the_first_move_still_records_the_game() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        h.typed("s");
        assert!(!h.app.sides_swapped(), "choosing a side is not a swap");
        play_to_the_end(&mut h);
        h.typed("n");
        assert_eq!(h.app.menu_record().unwrap().games(), 1);
    }

    #[test]
    fn raising_the_level_before_the_end_files_the_game_at_the_weakest_level_played() {
        let options = Settings {
            difficulty: Difficulty::Easy,
            bot_delay: Duration::ZERO,
            ..Settings::default()
        };
        let mut h = Harness::with(options);
        h.press(KeyCode::Enter);
        let mut raised = false;
        // At most 8 of the person's moves fill the board.
        for _ in 0..8 {
            if h.app.board().status().is_over() {
                break;
            }
            let free = Cell::in_mask(h.app.board().empty_cells()).next().unwrap();
            h.typed(&free.to_string());
            h.answer();
            if !raised {
                // Once the bot has played at easy: easy -> medium -> hard -> perfect.
                for _ in 0..3 {
                    h.typed("d");
                    h.press(KeyCode::Right);
                }
                assert_eq!(h.app.difficulty(), Difficulty::Perfect);
                raised = true;
            }
        }
        assert!(h.app.board().status().is_over(), "{}", h.moves());
        let games_at = |h: &Harness, level| {
            let key = memory::record_key(Mode::VsBot, level).unwrap();
            h.app.memory.record(key).games()
        };
        assert_eq!(
            games_at(&h, Difficulty::Perfect),
            0,
            "not a game against perfect"
        );
        assert_eq!(games_at(&h, Difficulty::Easy), 1);
    }

    #[test]
    fn a_signal_quits_at_once_even_mid_game() {
        let mut h = Harness::new(Mode::VsBot, First::You, 0);
        h.typed("b2");
        h.send(Event::Terminate(Signal::Terminate));
        assert!(h.app.should_quit());
        assert_eq!(h.app.stopped_by(), Some(Signal::Terminate));
        assert!(h.app.unfinished().is_some(), "kept for saving");
    }
}

//! The game screen's keys: the cursor, placing (by cursor, typed name or click), undo and
//! redo, swapping sides, hints, the bot's level, quitting and opening the review.

use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use super::app::{App, Overlay, Screen};
use super::geometry;
use super::messages::join;
use super::review::{ReviewScreen, keys_line};
use super::status::StatusLine;
use super::typing::{
    CELL_NAME_WAIT, NameMatch, Snapshot, Typed, cell_names, is_plain, longer_names, name_match,
    reversible,
};
use crate::config::{Action, First, Mode};
use crate::core::session::{Controller, Session};
use crate::core::{CellId, Side};

impl App {
    pub(super) fn on_game_key(&mut self, key: KeyEvent, action: Option<Action>) {
        let letter = match key.code {
            KeyCode::Char(c) if is_plain(&key) => Some(c.to_ascii_lowercase()),
            _ => None,
        };
        match letter {
            Some(c) => self.on_letter(c, action),
            // The place key after a name that could go on (Qubic's `1`) places it as it is.
            None if action == Some(Action::Place) && self.place_typed() => {}
            // Quitting while a name is half typed drops the name; the next quit asks.
            None if action == Some(Action::Quit) && self.play.typed.is_some() => {
                self.cancel_typed();
            }
            None => {
                // Any other key ends a half-typed name (its prompt with it).
                self.cancel_typed();
                if let Some(action) = action {
                    self.act(action);
                }
            }
        }
    }

    /// A plain character: part of a cell's name, or a key's action, or both until the next
    /// character tells which.
    fn on_letter(&mut self, c: char, action: Option<Action>) {
        let so_far = self.play.typed.as_ref().map_or("", |t| t.text.as_str());
        let text = format!("{so_far}{c}");
        match self.name_match(&text) {
            NameMatch::Whole(cell) => self.place_named(cell),
            NameMatch::Prefix | NameMatch::WholeOrLonger(_) if self.play.typed.is_some() => {
                let prompt = self.typing_prompt(&text);
                if let Some(typed) = &mut self.play.typed {
                    typed.text = text;
                    typed.at = self.shared.now;
                    typed.prompt = prompt.clone();
                }
                self.shared.status = StatusLine::note(prompt);
            }
            NameMatch::Prefix | NameMatch::WholeOrLonger(_) => self.start_typed(text, action),
            // Space, the other place key, after a name that could go on places it.
            NameMatch::None if action == Some(Action::Place) && self.place_typed() => {}
            // A digit that makes a number or name of no cell ("64" in Qubic) is the game's
            // refusal of that name, not a fresh start of another.
            NameMatch::None
                if self.play.typed.is_some() && c.is_ascii_digit() && action.is_none() =>
            {
                // Quoted as the game writes names: `B3c9`, not `b3c9`.
                let named = format!("{}{c}", self.as_named(&text[..text.len() - c.len_utf8()]));
                self.cancel_typed();
                if let Err(why) = self.game().parse_cell(&named) {
                    self.shared.status = StatusLine::illegal(format!("Illegal: {why}"));
                }
            }
            NameMatch::None if self.play.typed.is_some() => {
                // Not a name after all: what was typed goes back to being keys, then this
                // character starts afresh.
                self.cancel_typed();
                self.on_letter(c, action);
            }
            NameMatch::None => match action {
                Some(action) => self.act(action),
                None if c.is_ascii_digit() => {
                    self.shared.status = StatusLine::note(format!(
                        "To name a cell, type its whole name, like {}.",
                        self.example_cell()
                    ));
                }
                None => {}
            },
        }
    }

    /// How `text` (lower case) fits the names the game reads.
    fn name_match(&self, text: &str) -> NameMatch {
        name_match(&cell_names(self.game()), text)
    }

    /// A typed name is complete: what its keys did meanwhile is undone, and the cell played.
    fn place_named(&mut self, cell: CellId) {
        if let Some(typed) = self.play.typed.take() {
            self.play.session.difficulty = typed.before.difficulty;
            self.play.hints = typed.before.hints;
        }
        self.play.cursor = cell;
        self.place(cell);
    }

    /// Places the name typed so far if it is a whole one (Qubic's `1`, which could have
    /// gone on to `12`); `false` when nothing was placed.
    fn place_typed(&mut self) -> bool {
        let Some(text) = self.play.typed.as_ref().map(|typed| typed.text.clone()) else {
            return false;
        };
        match self.name_match(&text) {
            NameMatch::Whole(cell) | NameMatch::WholeOrLonger(cell) => {
                self.place_named(cell);
                true
            }
            NameMatch::Prefix | NameMatch::None => false,
        }
    }

    /// A cell's name to show as an example: the cursor's.
    fn example_cell(&self) -> String {
        self.cell_name(self.play.cursor)
    }

    /// "B2… then the rest of a cell's name (like B3c1) places there", or for a name that
    /// could go on, "1… Enter places at 1b1, or type on (like 10 or 1a1)".
    fn typing_prompt(&self, text: &str) -> String {
        let names = cell_names(self.game());
        match name_match(&names, text) {
            NameMatch::WholeOrLonger(cell) => format!(
                "{}… {} places at {}, or type on (like {})",
                self.as_named(text),
                self.key(Action::Place),
                self.cell_name(cell),
                longer_names(&names, text).join(" or ")
            ),
            _ => format!(
                "{}… then the rest of a cell's name (like {}) places there",
                self.as_named(text),
                self.example_cell()
            ),
        }
    }

    /// Typed text (kept in lower case) as the game writes it: `b2` is extreme's `B2`.
    fn as_named(&self, text: &str) -> String {
        let game = self.game();
        (0..game.layout().cell_count())
            .map(|index| game.cell_name(CellId::new(index)))
            .find(|name| name.is_char_boundary(text.len()) && name.to_lowercase().starts_with(text))
            .map_or_else(|| text.to_string(), |name| name[..text.len()].to_string())
    }

    /// The first character of a cell's name, which may also be a key: a key that can be
    /// put back (a cursor move, hints, the level) acts at once; any other waits to see
    /// whether the name goes on.
    fn start_typed(&mut self, text: String, action: Option<Action>) {
        let before = Snapshot {
            difficulty: self.play.session.difficulty,
            hints: self.play.hints,
        };
        let deferred = match action {
            Some(a) if reversible(a) => {
                self.act(a);
                None
            }
            other => other,
        };
        let status = self.shared.status.clone();
        let prefix = match action {
            Some(a) if deferred.is_none() && !a.is_movement() => {
                format!("{} · ", self.shared.status.text)
            }
            _ => String::new(),
        };
        let prompt = self.typing_prompt(&text);
        self.shared.status = StatusLine::note(format!("{prefix}{prompt}"));
        self.play.typed = Some(Typed {
            text,
            at: self.shared.now,
            deferred,
            before,
            status,
            prompt,
        });
    }

    /// The name being typed is dropped: its waiting key, if any, acts now, and its prompt
    /// goes.
    fn cancel_typed(&mut self) {
        let Some(typed) = self.play.typed.take() else {
            return;
        };
        if self.shared.status.text.ends_with(&typed.prompt) {
            self.shared.status = typed.status;
        }
        if let Some(action) = typed.deferred {
            self.act(action);
        }
    }

    /// A waiting key acts once no more of a name has come for a while. A name that could go
    /// on (Qubic's `1`) is never placed by the clock: a slow second digit must not turn `12`
    /// into a move at 1b1. The place key places it, any other key drops it.
    pub(super) fn finish_typed_if_due(&mut self) {
        let due = self.play.typed.as_ref().is_some_and(|typed| {
            typed.deferred.is_some() && self.shared.now.duration_since(typed.at) >= CELL_NAME_WAIT
        });
        if due {
            self.cancel_typed();
        }
    }

    fn act(&mut self, action: Action) {
        match action {
            Action::Left => self.move_cursor(0, -1),
            Action::Right => self.move_cursor(0, 1),
            Action::Up => self.move_cursor(-1, 0),
            Action::Down => self.move_cursor(1, 0),
            Action::Place => self.place(self.play.cursor),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::New => self.open_start(),
            Action::Swap => self.swap(),
            Action::Hints => self.toggle_hints(),
            Action::Help => self.overlay = Some(Overlay::Help),
            Action::Quit => self.ask_quit(),
            Action::Difficulty => self.change_difficulty(),
            Action::Review => self.start_review(),
            Action::MoveNow => self.move_now(),
            Action::PlayOn | Action::WriteRecord => {
                self.shared.status = StatusLine::note(format!(
                    "{} plays on from a move and {} writes the game's record on the review \
                     screen ({} after a game).",
                    self.key(Action::PlayOn),
                    self.key(Action::WriteRecord),
                    self.key(Action::Review)
                ));
            }
        }
    }

    /// The bot's search answers now with the best move of its deepest finished step.
    fn move_now(&mut self) {
        if self.play.bot.asked_at().is_some() {
            self.shared.watch.stop();
        } else {
            self.shared.status = StatusLine::note(format!(
                "{} makes {} move at once while it searches.",
                self.key(Action::MoveNow),
                self.shared.settings.names.bot
            ));
        }
    }

    /// Moves the cursor over the board as a whole, wrapping at its edges.
    fn move_cursor(&mut self, rows: i16, cols: i16) {
        let game = self.play.session.game.clone();
        let layout = game.layout();
        let height = i16::from(layout.blocks.rows * layout.cells.rows);
        let width = i16::from(layout.blocks.cols * layout.cells.cols);
        let (row, col) = geometry::virtual_of(game.as_ref(), self.play.cursor);
        let row = (i16::from(row) + rows).rem_euclid(height) as u8;
        let col = (i16::from(col) + cols).rem_euclid(width) as u8;
        self.play.cursor = geometry::cell_at_virtual(game.as_ref(), row, col);
        // An illegal move's complaint is about the cell the cursor has left.
        if self.shared.status.kind == super::status::StatusKind::Illegal {
            self.shared.status = StatusLine::turn("", &self.turn_text());
        }
    }

    /// A person's move at `cell`, with a clear message when it cannot be played.
    pub(super) fn place(&mut self, cell: CellId) {
        let position = self.position();
        if self.game_status().is_over() {
            self.shared.status = StatusLine::note(format!(
                "The game is over: {} new game, {} swap sides",
                self.key(Action::New),
                self.key(Action::Swap)
            ));
            return;
        }
        let to_move = position.to_move();
        if self.play.session.controller(to_move) == Controller::Bot
            || self.play.session.human.is_none()
        {
            self.shared.status =
                StatusLine::note(format!("Wait: it is {}'s move.", self.name(to_move)));
            return;
        }
        match position.play(cell.into()) {
            Ok(_) => {
                self.play.bot_note = None;
                self.play.side_note = None;
                self.play(cell);
            }
            Err(why) => self.shared.status = StatusLine::illegal(format!("Illegal: {why}")),
        }
    }

    /// Plays a legal move and says what happened.
    pub(super) fn play(&mut self, cell: CellId) {
        if self.play.session.history.play(cell.into()).is_err() {
            return; // checked by the caller; the bot's moves are checked by its engine
        }
        self.shared.status = self.after_move_status(cell);
        self.follow_legal_moves();
    }

    fn undo(&mut self) {
        if self.play.session.mode == Mode::Demo {
            self.shared.status = StatusLine::note("Undo is for games with a person in them.");
            return;
        }
        if self.play.session.timed_out().is_some() {
            let new = self.shared.settings.keys.first_key(Action::New);
            self.shared.status = StatusLine::note(format!(
                "A game lost on time stays lost: {new} starts a new one."
            ));
            return;
        }
        let popped = self.play.session.undo();
        self.play.bot.cancel();
        self.follow_legal_moves();
        self.shared.status = if popped.is_empty() {
            StatusLine::note("Nothing to undo.")
        } else {
            let names = join(self.game(), &popped);
            StatusLine::turn(&format!("Took back {names}. "), &self.turn_text())
        };
    }

    fn redo(&mut self) {
        let replayed = self.play.session.redo();
        if replayed.is_empty() {
            self.shared.status = StatusLine::note("Nothing to redo.");
            return;
        }
        self.play.bot.cancel();
        self.follow_legal_moves();
        let lead = format!("Redid {}. ", join(self.game(), &replayed));
        self.shared.status = StatusLine::turn(&lead, &self.turn_text());
    }

    fn swap(&mut self) {
        match self.play.session.mode {
            Mode::Demo => {
                self.shared.status = StatusLine::note("Both sides are the bot in the demo.");
            }
            Mode::TwoHumans if self.play.session.status().is_over() => {
                // After a game: the next one, with the players' sides swapped.
                let session = &self.play.session;
                let mut next = Session::new(
                    session.game.clone(),
                    session.mode,
                    First::You,
                    session.difficulty,
                );
                next.names_swapped = !session.names_swapped;
                self.begin(next, true);
                let lead = format!(
                    "New game, sides swapped: {} plays {}. {}",
                    self.name(Side::First),
                    self.shared.settings.symbol(Side::First),
                    self.play.keeping.note()
                );
                self.shared.status = StatusLine::turn(&lead, &self.turn_text());
            }
            Mode::TwoHumans => {
                let session = &mut self.play.session;
                session.names_swapped = !session.names_swapped;
                self.shared.status = StatusLine::note(format!(
                    "Swapped: {} plays {}, {} plays {}.",
                    self.name(Side::First),
                    self.shared.settings.symbol(Side::First),
                    self.name(Side::Second),
                    self.shared.settings.symbol(Side::Second),
                ));
            }
            Mode::VsBot if self.swap_needs_asking() => {
                self.overlay = Some(Overlay::Swap);
                self.shared.status = StatusLine::note(format!(
                    "Swap sides with the bot, and leave this game out of your record? {} again \
                     swaps, any other key keeps your side.",
                    self.key(Action::Swap)
                ));
            }
            Mode::VsBot => self.swap_with_bot(),
        }
    }

    /// Mid-game, a swap hands the person's position to the bot and takes the game out of
    /// the record: it is asked first, since `s` is also "down" to WASD fingers.
    fn swap_needs_asking(&self) -> bool {
        !self.moves().is_empty() && !self.play.session.status().is_over()
    }

    /// The answer to "swap sides?": the swap key swaps, any other key keeps the side.
    pub(super) fn answer_swap(&mut self, action: Option<Action>) {
        if action == Some(Action::Swap) {
            self.swap_with_bot();
        } else {
            self.shared.status = StatusLine::turn("Kept your side. ", &self.turn_text());
        }
    }

    /// Mid-game, the person takes over the bot's side of this position; after a game,
    /// a new game starts with the sides swapped.
    fn swap_with_bot(&mut self) {
        let Some(human) = self.play.session.human else {
            return;
        };
        let side = human.other();
        self.play.bot.cancel();
        self.play.side_note = None;
        if self.play.session.status().is_over() {
            let starter = if side == Side::First {
                First::You
            } else {
                First::Bot
            };
            let session = &self.play.session;
            let next = Session::new(
                session.game.clone(),
                session.mode,
                starter,
                session.difficulty,
            );
            self.play.resumed = false;
            self.begin(next, true);
        } else {
            self.play.session.swap_with_bot();
        }
        let symbol = self.shared.settings.symbol(side).to_string();
        let lead = format!("You now play {symbol}. {}", self.play.keeping.note());
        self.shared.status = StatusLine::turn(&lead, &self.turn_text());
    }

    fn toggle_hints(&mut self) {
        self.play.hints = !self.play.hints;
        self.shared.status = StatusLine::note(match (self.play.hints, self.game().solved()) {
            (true, true) => HINTS_ON,
            (true, false) => HINTS_ON_SEARCHED,
            (false, _) => "Hints off.",
        });
    }

    fn change_difficulty(&mut self) {
        if self.play.session.mode == Mode::TwoHumans {
            self.shared.status = StatusLine::note("No bot plays in a two-player game.");
            return;
        }
        let level = self.play.session.difficulty.next();
        self.play.session.difficulty = level;
        self.shared.status = StatusLine::note(format!("Bot level: {}", self.level_name(level)));
    }

    fn ask_quit(&mut self) {
        if self.game_in_progress() {
            self.overlay = Some(Overlay::Quit);
            let kept = self.play.keeping.on_quitting(&self.shared.memory);
            self.shared.status = StatusLine::note(format!(
                "{} again to quit ({kept}), any other key to stay.",
                self.shared
                    .settings
                    .keys
                    .all_keys(Action::Quit)
                    .replace('/', " or ")
            ));
        } else {
            self.exit = Some(super::app::Exit::Chosen);
        }
    }

    fn start_review(&mut self) {
        if !self.play.session.status().is_over() {
            self.shared.status = StatusLine::note("Review opens when the game is over.");
        } else if self.engine().is_none() {
            self.shared.status =
                StatusLine::note("The bot is still starting; try again in a moment.");
        } else {
            self.screen = Screen::Review(ReviewScreen::first());
            self.shared.status =
                StatusLine::note(keys_line(self.game(), &self.shared.settings.keys));
        }
    }

    // ---- the mouse ----

    /// A left click: on the start screen it chooses a row or an option, on the board it
    /// places.
    pub(super) fn on_mouse(&mut self, mouse: MouseEvent) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left)
            || self.overlay == Some(Overlay::Help)
            || self.too_small()
        {
            return;
        }
        let Some((w, h)) = self.size() else { return };
        let screen = ratatui::layout::Rect::new(0, 0, w, h);
        let (x, y) = (mouse.column, mouse.row);
        match self.screen {
            Screen::Start => {
                if let Some(areas) = geometry::start_areas(screen) {
                    self.start.click(areas.content, x, y, &mut self.shared);
                }
            }
            Screen::Play => {
                if let Some(areas) = geometry::areas(self.game().layout(), screen) {
                    self.click_board(&areas.board, x, y);
                }
            }
            Screen::Review(_) => {}
        }
    }

    fn click_board(&mut self, board: &geometry::Board, x: u16, y: u16) {
        let place = board.place_at(x, y);
        if let Some(cell) = place.and_then(|place| self.game().cell_at(place)) {
            self.play.typed = None;
            self.play.cursor = cell;
            self.place(cell);
        }
    }
}

/// Said when hints are switched on: the legend in one line (the help has it in full).
pub const HINTS_ON: &str = "Hints on: W win, D draw, L loss for the mover; N = plies to the end.";

/// Where the bot searches, hints say only what the search proved; the rest is a guess.
pub const HINTS_ON_SEARCHED: &str =
    "Hints on: W≤N/L≤N = win/loss forced in N plies; + · - = guesses (+ the best).";

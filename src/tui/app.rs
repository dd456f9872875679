//! The terminal game's state: plain structs, no terminal, changed only by
//! [`App::update`] (in `update.rs`).
//!
//! `update` takes one [`Event`](super::event::Event) and returns the requests for the bot
//! thread it implies; the loop in `tui::run` sends them. Rendering is `ui`'s.
//!
//! Each screen owns its state and its keys, which return what is left for the app to do:
//! the start screen ([`StartScreen`], `start.rs`), the game on the board ([`PlayScreen`],
//! state in `board.rs`, keys in `play.rs`, texts in `messages.rs`; it outlives the start
//! screen shown over it) and the review of its finished game ([`ReviewScreen`], the move
//! shown, in `review.rs`). What every screen reads and may change is [`Shared`]
//! (`shared.rs`). The play and review screens and the help over any screen are drawn from
//! a [`PlayView`] (`view.rs`: the board, the shared part and which screen shows), the start
//! screen from its own state (`ui/start.rs`), none from the `App`. The `App` holds these, which screen
//! shows, the overlay, the terminal's size and the loop's flags; it carries out what the
//! screens ask (`begin.rs`, `crossing.rs`) and what the bot thread sends (`update.rs`).
//! The rules of a game session (undo against the bot, what a result counts as) are
//! `core::session`'s.
//!
//! The screens' files import neither this file nor each other's keys; this file imports
//! their states; the files that carry out their requests sit above it, so no file of tui
//! imports one that imports it back.

use std::sync::Arc;
use std::time::Instant;

pub use super::board::{PlayScreen, SearchedHints, start_cursor};
use super::bot::BotRequest;
use super::bot_turn;
use super::event::Signal;
use super::geometry;

pub use super::keeping::Keeping;
pub use super::menu::{Menu, game_of};
pub use super::review::{ReviewScreen, Reviewed};
pub use super::shared::Shared;
pub use super::start::{Start, StartScreen};
use super::status::StatusLine;
pub use super::view::PlayView;
pub(crate) use super::view::Screen;
use crate::config::Settings;
use crate::core::review::MoveReview;
use crate::core::{CellId, Engine, Game, Hint, Move, Position, Side, Watch};
use crate::store::Memory;
use crate::store::SavedGame;

/// Said when a finished game is left out of the record because the sides were swapped.
pub const NOT_RECORDED: &str = "Not recorded: sides were swapped.";

/// The state of the terminal game: what all screens share, the screens' states and which
/// shows.
pub struct App {
    pub(super) shared: Shared,
    pub(super) screen: Screen,
    pub(super) start: StartScreen,
    pub(super) play: PlayScreen,
    /// What shows over the screen and takes the next key, if anything does.
    pub(super) overlay: Option<Overlay>,
    /// The terminal's size, columns and rows, once known.
    pub(super) size: Option<(u16, u16)>,
    /// Set once the game is to end, with why.
    pub(super) exit: Option<Exit>,
    /// The game whose engine was asked of the bot thread and has not come yet.
    pub(super) engine_asked: Option<String>,
    /// Ctrl-Z was pressed: the loop is to suspend the program.
    pub(super) suspend: bool,
}

/// What shows over the screen (the help) or is asked in the status line, and takes the
/// next key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Overlay {
    /// The game's rules, shown first by the help key on the game's screens; the help key
    /// again shows the keys, any other key closes it.
    Rules,
    /// The keys; any key closes it.
    Help,
    /// Quitting was asked once; the next quit key quits.
    Quit,
    /// Swapping sides mid-game was asked once; the next swap key swaps.
    Swap,
    /// Starting was asked for and would throw away an unfinished game: `y` starts this.
    Discard(Start),
}

/// Why the game ends.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Exit {
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

    /// A game with the record and unfinished games of `memory`; the start screen offers to
    /// resume the chosen game's.
    pub fn with_memory(settings: Settings, memory: Memory, now: Instant) -> App {
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

    /// A game on the board that is in no list of games (a test's own), played with the
    /// settings' mode and side.
    #[cfg(test)]
    pub(crate) fn with_game(settings: Settings, game: Arc<dyn Game>, now: Instant) -> App {
        let mut app = App::new(settings, now);
        let settings = &app.shared.settings;
        let (mode, first, level) = (settings.mode, settings.first, settings.difficulty);
        app.play.hints = settings.hints.on();
        app.begin(
            crate::core::session::Session::new(game, mode, first, level),
            false,
        );
        app
    }

    /// What to ask the bot thread for before any event: the chosen game's engine, so it is
    /// ready by the time a game starts.
    pub fn initial_requests(&mut self) -> Vec<BotRequest> {
        self.engine_asked = Some(self.play.session.game.key());
        vec![BotRequest::Load(Arc::clone(&self.play.session.game))]
    }

    // ---- reading the state (for rendering and tests) ----

    /// The watch on the bot's searches, for the bot thread to share.
    pub fn watch(&self) -> &Arc<Watch> {
        &self.shared.watch
    }

    /// The game on the board (or the one the game screen would show).
    pub fn game(&self) -> &dyn Game {
        self.play.game()
    }
    pub fn screen(&self) -> Screen {
        self.screen
    }
    pub fn menu(&self) -> &Menu {
        &self.start.menu
    }
    pub fn moves(&self) -> &[Move] {
        self.play.moves()
    }
    pub fn cursor(&self) -> CellId {
        self.play.cursor
    }
    pub fn status(&self) -> &str {
        &self.shared.status.text
    }
    pub fn should_quit(&self) -> bool {
        self.exit.is_some()
    }
    /// Whether Ctrl-Z asked to suspend the program since the last call; the loop does it.
    pub fn take_suspend(&mut self) -> bool {
        std::mem::take(&mut self.suspend)
    }
    /// Why the game stopped, when it was not the player's choice.
    pub fn failure(&self) -> Option<&str> {
        match &self.exit {
            Some(Exit::Failed(why)) => Some(why),
            _ => None,
        }
    }
    /// The engine of the game on the board, once the bot thread has built it.
    pub fn engine(&self) -> Option<&dyn Engine> {
        self.shared.engine(self.game())
    }

    /// The game on the board as the screen showing draws it.
    pub fn view(&self) -> PlayView<'_> {
        PlayView {
            play: &self.play,
            shared: &self.shared,
            screen: self.screen,
        }
    }
    /// What the bot's search has reached, while it thinks.
    pub fn bot_search(&self) -> Option<String> {
        self.view().bot_search()
    }
    /// The review of the move ending the shown position, in review mode.
    pub fn review(&self) -> Option<MoveReview> {
        self.view().review()
    }
    /// What each legal move is worth to the side to move, when hints are on and known.
    pub fn hint_values(&self) -> Option<Vec<(Move, Hint)>> {
        self.view().hint_values()
    }
    /// The line behind the hint under the cursor, as the game names its moves.
    pub fn hint_line(&self) -> Option<Vec<String>> {
        self.view().hint_line()
    }

    /// The terminal's size, once known.
    pub fn size(&self) -> Option<(u16, u16)> {
        self.size
    }

    /// The smallest terminals the screen showing now fits in: the one nearest the terminal
    /// first, then the others (a board of many blocks fits wide and short or narrow and tall).
    pub fn minimum_sizes(&self) -> Vec<(u16, u16)> {
        if matches!(self.screen, Screen::Start) {
            return vec![geometry::START_MIN];
        }
        let layout = self.game().layout();
        let nearest = match self.size {
            Some((w, h)) => geometry::nearest_fit(layout, w, h),
            None => geometry::minimum(layout),
        };
        std::iter::once(nearest)
            .chain(
                geometry::minimums(layout)
                    .into_iter()
                    .filter(|&size| size != nearest),
            )
            .collect()
    }

    /// The terminal is known to be too small for the screen, which shows only a request to
    /// enlarge it. Then nothing may change unseen: keys other than quitting do nothing and
    /// the bot waits.
    pub fn too_small(&self) -> bool {
        self.size.is_some_and(|(w, h)| {
            let area = ratatui::layout::Rect::new(0, 0, w, h);
            match self.screen {
                Screen::Start => geometry::start_areas(area).is_none(),
                _ => !geometry::fits(self.game().layout(), w, h),
            }
        })
    }

    /// Where the game stands, a loss on time included.
    pub fn game_status(&self) -> crate::core::Status {
        self.play.status()
    }

    /// The position after all the moves played.
    pub fn position(&self) -> &dyn Position {
        self.play.position()
    }

    /// The name of whoever plays `side`.
    pub fn name(&self, side: Side) -> String {
        self.play.name(side, &self.shared.settings)
    }

    /// A cell's name in the game on the board.
    pub fn cell_name(&self, cell: CellId) -> String {
        self.play.cell_name(cell)
    }

    /// A person is to move in a game still going.
    pub fn human_to_move(&self) -> bool {
        self.play.human_to_move()
    }

    /// A game has moves on the board and is not over: quitting would lose it.
    pub fn game_in_progress(&self) -> bool {
        self.play.in_progress()
    }

    /// The game to keep for the next run: one with moves, not over, and with a person in it.
    pub fn unfinished(&self) -> Option<SavedGame> {
        self.game_in_progress().then(|| {
            let session = &self.play.session;
            SavedGame {
                game: session.game.key(),
                session: session.to_resumed(),
                hints: Some(self.play.hints),
                moves: session.moves().to_vec(),
                redo: session.history.redo_moves(),
            }
        })
    }

    /// Whether the game on the board is safely written down.
    pub fn game_kept(&self) -> bool {
        self.play.keeping == Keeping::Kept
            && self.shared.memory.saves()
            && self.shared.memory.save_failure().is_none()
    }

    /// Why the game on the board is not written down, when it should be and is not: for
    /// after the screen closes. `None` when it is kept (or saving is off, which the player
    /// chose).
    pub fn not_kept(&self) -> Option<String> {
        if !self.game_in_progress() {
            return None;
        }
        self.play.keeping.not_kept(&self.shared.memory)
    }

    /// The signal that stopped the game, if one did.
    pub fn stopped_by(&self) -> Option<Signal> {
        match self.exit {
            Some(Exit::Signal(signal)) => Some(signal),
            _ => None,
        }
    }

    /// Whose turn it is, or how the game ended.
    pub fn turn_text(&self) -> String {
        self.play.turn_text(&self.shared.settings)
    }

    /// The end of the game: who won and with which lines, or on points, or the draw.
    pub fn result_text(&self) -> String {
        self.play.result_text(&self.shared.settings)
    }

    /// The bot takes the side the exact value of the empty board favours (see
    /// [`bot_turn::side_to_take`]) and says so.
    pub(super) fn bot_chooses_side(&mut self) {
        let Some(engine) = self.engine() else { return };
        let start = self.game().start();
        let value = engine.value(start.as_ref());
        let (bot_side, why) = bot_turn::side_to_take(value.map(|v| v.outcome));
        self.play.session.human = Some(bot_side.other());
        let note = format!(
            "{} takes {} and moves {}: {why}.",
            self.shared.settings.names.bot,
            self.shared.settings.symbol(bot_side),
            if bot_side == Side::First {
                "first"
            } else {
                "second"
            },
        );
        self.shared.status = StatusLine::note(note.clone());
        self.play.side_note = Some(note);
    }
}

#[cfg(test)]
#[path = "app_tests.rs"]
mod tests;

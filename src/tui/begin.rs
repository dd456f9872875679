//! How a game gets on the board and off it: the start screen's keys carried out (a new
//! game, the chosen game's unfinished one resumed or gone back to, after asking when that
//! would throw a game away), and the start screen opened again from a game.

use std::sync::Arc;

use super::app::{App, Exit, Keeping, Overlay, Screen};
use super::board::start_cursor;
use super::menu::{Asked, Menu};
use super::start::{Start, StartKey};
use super::status::StatusLine;
use crate::core::Mode;
use crate::core::session::Session;
use crate::keys::Action;

impl App {
    /// A mode or game named on the command line wins the start screen's highlight over
    /// the offer to resume; the offer stays. With nothing named, the start screen opens on
    /// the unfinished game saved last when the settings' game has none.
    pub fn asked_for(&mut self, asked: Asked) {
        self.start.asked_for(asked, &self.shared.memory);
    }

    /// A key on the start screen: its own choices change there; the rest is done here.
    pub(super) fn on_start_key(&mut self, action: Option<Action>) {
        match self.start.handle_key(action, &mut self.shared) {
            StartKey::Begin(start) => self.start_or_ask(start),
            StartKey::Help => self.overlay = Some(Overlay::Help),
            StartKey::Leave if self.play.has_game => {
                self.screen = Screen::Play;
                self.shared.status = StatusLine::note("Back to the game.");
            }
            StartKey::Leave => self.exit = Some(Exit::Chosen),
            StartKey::Nothing => {}
        }
    }

    /// Starts (or resumes) a game, after asking when that would throw away an unfinished
    /// game: the saved one a new game replaces, or the one on the board, not saved, that
    /// would go from the screen (each asked in its own words, so neither reads as the
    /// game being resumed).
    fn start_or_ask(&mut self, start: Start) {
        let plural = |moves| if moves == 1 { "move" } else { "moves" };
        let question = match self.at_stake(start) {
            Some(Stake::Saved(moves)) => format!(
                "Discard the unfinished game ({moves} {}) for a new one? y/n",
                plural(moves)
            ),
            Some(Stake::Board(moves)) => format!(
                "Leave the game on the board ({moves} {}, not saved)? y/n",
                plural(moves)
            ),
            None => return self.go(start),
        };
        self.overlay = Some(Overlay::Discard(start));
        // Any key but y keeps the game: a stray key never throws a game away.
        self.start.note = Some(question);
    }

    /// The answer to "discard the unfinished game?": `y` goes ahead, any other key keeps
    /// the game and stays on the start screen.
    pub(super) fn answer_discard(&mut self, start: Start, yes: bool) {
        if yes {
            self.go(start);
        } else {
            self.start.note = Some("Kept the unfinished game.".into());
        }
    }

    /// The unfinished game `start` would throw away, if it would: the chosen game's saved
    /// game, which a new game of it replaces (unless another window keeps it: then it stays
    /// there), or the game on the board when it is not written down (saving off, or kept by
    /// another window) and would go from the screen.
    fn at_stake(&self, start: Start) -> Option<Stake> {
        let key = self.start.game().key();
        let replaces_saved = start == Start::New && self.start.menu.mode != Mode::Demo;
        if replaces_saved
            && self.shared.memory.saves()
            && !self.shared.memory.open_elsewhere(&key)
            && let Some(saved) = self.shared.memory.saved_game(&key)
        {
            return Some(Stake::Saved(saved.moves.len()));
        }
        let leaves_board = !(start == Start::Resume && self.resumes_board(&key));
        let lost = leaves_board && self.game_in_progress() && !self.game_kept();
        lost.then(|| Stake::Board(self.moves().len()))
    }

    /// The game on the board is the chosen game's unfinished game, kept by this window:
    /// resuming it is going back to it. (A copy another window kept is not: resuming reads
    /// the game from its file.)
    fn resumes_board(&self, key: &str) -> bool {
        self.game_in_progress()
            && self.play.session.game.key() == key
            && self.shared.memory.owns(key)
    }

    fn go(&mut self, start: Start) {
        self.start.note = None;
        self.shared.memory.dismiss_notices();
        match start {
            Start::New => self.new_game(),
            Start::Resume => self.resume_saved(),
        }
    }

    /// A new game with the start screen's choices. A game with a person in it replaces
    /// the chosen game's unfinished game (the question was asked); the demo keeps it.
    fn new_game(&mut self) {
        let game = self.start.game();
        let menu = self.start.menu;
        let mut session = Session::new(game, menu.mode, menu.starter, menu.difficulty);
        if menu.mode == Mode::Demo && menu.second_level != menu.difficulty {
            session.second_level = Some(menu.second_level);
        }
        self.play.hints = menu.hints;
        self.play.resumed = false;
        self.begin(session, true);
    }

    /// Resumes the chosen game's unfinished game as its file holds it now (another window
    /// may have played on); going back to it when it is the game on the board.
    fn resume_saved(&mut self) {
        let game = self.start.game();
        let key = game.key();
        if self.resumes_board(&key) {
            self.screen = Screen::Play;
            self.shared.status = StatusLine::turn("Back to the game. ", &self.turn_text());
            return;
        }
        // Claiming reads the file again; a window that cannot claim it reads it anyway.
        if self.shared.memory.claim(&key) != crate::store::Ownership::Owned {
            self.shared.memory.refresh(&key);
        }
        let Some(saved) = self.shared.memory.saved_game(&key).cloned() else {
            self.start.menu.drop_resume();
            self.start.note = Some(
                "The unfinished game is gone: it was finished or discarded in another window."
                    .into(),
            );
            return;
        };
        // The store replayed these moves when it loaded them; a failure here would be a
        // bug, reported rather than hidden.
        let session = match Session::resumed(Arc::clone(&game), &saved.session, &saved.moves) {
            Ok(mut session) => {
                session.history.restore_redo(&saved.redo);
                session
            }
            Err(why) => {
                self.shared.status =
                    StatusLine::note(format!("The saved game cannot be resumed: {why}"));
                return;
            }
        };
        self.play.hints = saved
            .hints
            .unwrap_or_else(|| self.shared.settings.hints.on());
        self.play.resumed = true;
        self.begin(session, false);
        let count = self.moves().len();
        let plural = if count == 1 { "move" } else { "moves" };
        let lead = format!(
            "Resumed your game of {count} {plural}. {}",
            self.play.keeping.note()
        );
        self.shared.status = StatusLine::turn(&lead, &self.turn_text());
    }

    /// Puts `session` on the board. A game with a person in it is kept by this window
    /// from now on, unless another window keeps it; with `discard`, its unfinished game of
    /// an earlier run is thrown away (the player was asked). Nobody keeps the demo.
    pub(super) fn begin(&mut self, session: Session, discard: bool) {
        let key = session.game.key();
        let demo = session.mode == Mode::Demo;
        self.play.keeping = Keeping::begin(&mut self.shared.memory, &key, demo, !discard);
        let discarded = if discard && self.play.keeping == Keeping::Kept {
            self.shared.memory.keep(&key, None)
        } else {
            Ok(())
        };
        self.play.session = session;
        self.show_new_game();
        let note = self.play.keeping.note();
        if !note.is_empty() {
            self.shared.status = StatusLine::turn(&note, &self.turn_text());
        }
        if let Err(why) = discarded {
            self.shared.status = StatusLine::note(format!(
                "{} (The old unfinished game could not be deleted: {why}.)",
                self.shared.status.text
            ));
        }
    }

    /// Shows the game just set in the session on the game screen.
    pub(super) fn show_new_game(&mut self) {
        self.play.bot.cancel();
        self.play.has_game = true;
        self.play.replayed = None;
        self.play.bot_note = None;
        self.play.side_note = None;
        self.play.searched_hints = None;
        self.play.hints_asked = None;
        // A game already counted (resumed after an undo past its end) is practice.
        self.play.practice = self.play.session.counted() && !self.play.status().is_over();
        self.screen = Screen::Play;
        self.play.typed = None;
        self.play.cursor = start_cursor(self.game());
        self.play.follow_legal_moves();
        self.shared.status = StatusLine::default();
        if self.play.session.mode == Mode::VsBot && self.play.session.human.is_none() {
            if self.engine().is_some() {
                self.bot_chooses_side();
            } else {
                self.shared.status = StatusLine::note(format!(
                    "{} is choosing its side…",
                    self.shared.settings.names.bot
                ));
            }
        } else {
            self.shared.status = StatusLine::turn("", &self.turn_text());
        }
    }

    /// Opens the start screen for a new game, keeping this one until a new one starts.
    /// The choices are this game's (a level changed during it carries over), but for a
    /// resumed game: its choices were an earlier run's, and the start screen keeps this
    /// run's (the command line's `--first`, `--difficulty`).
    pub(super) fn open_start(&mut self) {
        let session = &self.play.session;
        let menu = &mut self.start.menu;
        menu.row = menu.row.max(Menu::MODE);
        if !self.play.resumed {
            menu.mode = session.mode;
            menu.starter = session.starter;
            menu.difficulty = session.difficulty;
            menu.second_level = session.second_level.unwrap_or(session.difficulty);
        }
        if let Some(choice) = crate::games::GameChoice::from_key(&session.game.key()) {
            menu.game = choice;
        }
        self.start.offer_resume(&mut self.shared);
        self.screen = Screen::Start;
    }
}

/// An unfinished game a start would throw away, by its number of moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stake {
    /// The chosen game's saved game, which a new game replaces.
    Saved(usize),
    /// The game on the board, not written down, which would go from the screen.
    Board(usize),
}

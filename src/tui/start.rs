//! The start screen's keys: choosing the game, its size, the mode, the side and the level;
//! starting a game or resuming the chosen game's unfinished one.

use std::sync::Arc;

use ratatui::layout::Rect;

use super::app::{App, Menu, Screen, game_of, start_cursor};
use super::status::StatusLine;
use crate::config::Action;
use crate::core::Mode;
use crate::core::session::Session;

impl App {
    /// A mode or game named on the command line wins the start screen's highlight over
    /// the offer to resume; the offer stays.
    pub fn asked_for(&mut self, asked: super::Asked) {
        let menu = &mut self.start.menu;
        if (asked.mode || asked.game) && menu.row == Menu::RESUME {
            menu.row = Menu::MODE;
        }
    }

    pub(super) fn on_start_key(&mut self, action: Option<Action>) {
        let menu = &mut self.start.menu;
        match action {
            Some(Action::Up) => menu.up(),
            Some(Action::Down) => menu.down(),
            Some(Action::Left) => self.change_choice(false),
            Some(Action::Right) => self.change_choice(true),
            Some(Action::Difficulty) => menu.difficulty = menu.difficulty.next(),
            Some(Action::Place) if menu.row == Menu::RESUME => self.resume(),
            Some(Action::Place) => self.start_game(),
            Some(Action::Help) => self.help = true,
            Some(Action::Quit) if self.play.has_game => {
                self.screen = Screen::Game;
                self.status = StatusLine::note("Back to the game.");
            }
            Some(Action::Quit) => self.exit = Some(super::app::Exit::Chosen),
            _ => {}
        }
    }

    /// Changes the highlighted row's choice; a different game (or size) offers its own
    /// unfinished game.
    fn change_choice(&mut self, forward: bool) {
        self.start.menu.change(forward);
        self.offer_resume();
    }

    /// The chosen game's unfinished game, if it has one, is offered.
    fn offer_resume(&mut self) {
        let key = self.menu_game().key();
        self.start.menu.resume = self.memory.saved_game(&key).map(|g| g.moves.len());
    }

    /// A click at `x`, `y` on the start screen drawn in `content`: on a row it highlights
    /// the row, on an option it chooses it too.
    pub(super) fn click_menu(&mut self, content: Rect, x: u16, y: u16) {
        let lines = self.start.menu.lines(content);
        let Some(line) = lines.into_iter().find(|line| line.y == y) else {
            return;
        };
        self.start.menu.row = line.row;
        if let Some(index) = line.options.iter().position(|cols| cols.contains(&x)) {
            self.start.menu.choose(index);
            self.offer_resume();
        }
    }

    /// Starts a game with the start screen's choices. A game with a person in it replaces
    /// the chosen game's unfinished game of an earlier run, if there was one; watching the
    /// demo keeps it.
    pub(super) fn start_game(&mut self) {
        let game = self.menu_game();
        let replaces = self.start.menu.mode != Mode::Demo;
        let kept =
            replaces && self.memory.saved_game(&game.key()).is_some() && !self.forget_saved_game();
        self.memory.dismiss_notices();
        let menu = self.start.menu;
        self.play.session = Session::new(game, menu.mode, menu.starter, menu.difficulty);
        if menu.mode == Mode::Demo && menu.second_level != menu.difficulty {
            self.play.session.second_level = Some(menu.second_level);
        }
        self.play.hints = self.settings.hints.on_for(menu.mode);
        self.show_new_game();
        if kept {
            self.status = StatusLine::note(format!(
                "{} (The old unfinished game could not be deleted.)",
                self.status.text
            ));
        }
    }

    /// Drops the chosen game's unfinished game of an earlier run, from the menu and from
    /// disk; false when the file could not be deleted.
    fn forget_saved_game(&mut self) -> bool {
        self.start.menu.drop_resume();
        self.memory.dismiss_notices();
        let key = self.menu_game().key();
        self.memory.clear_game(&key).is_ok()
    }

    /// Carries on with the chosen game's unfinished game of an earlier run.
    fn resume(&mut self) {
        let game = self.menu_game();
        let Some(saved) = self.memory.take_saved(&game.key()) else {
            return;
        };
        self.start.menu.drop_resume();
        self.memory.dismiss_notices();
        let resumed = crate::core::session::Resumed {
            mode: saved.mode,
            human: saved.human,
            difficulty: saved.difficulty,
            weakest: saved.weakest,
            swapped: saved.swapped,
        };
        // The store replayed these moves when it loaded them; a failure here would be a
        // bug, reported rather than hidden.
        let session = match Session::resumed(Arc::clone(&game), &resumed, &saved.moves) {
            Ok(session) => session,
            Err(why) => {
                self.status = StatusLine::note(format!("The saved game cannot be resumed: {why}"));
                return;
            }
        };
        self.play.hints = self.settings.hints.on_for(saved.mode);
        self.play.session = session;
        self.show_new_game();
        let count = self.moves().len();
        let plural = if count == 1 { "move" } else { "moves" };
        let lead = format!("Resumed your game of {count} {plural}. ");
        self.status = StatusLine::turn(&lead, &self.turn_text());
    }

    /// Shows the game just set in the session on the game screen.
    pub(super) fn show_new_game(&mut self) {
        self.play.bot.cancel();
        self.play.has_game = true;
        self.play.bot_note = None;
        self.play.side_note = None;
        self.play.searched_hints = None;
        self.play.hints_asked = None;
        self.screen = Screen::Game;
        self.play.typed = None;
        self.play.cursor = start_cursor(self.game());
        self.follow_legal_moves();
        self.status = StatusLine::default();
        if self.mode() == Mode::VsBot && self.play.session.human.is_none() {
            if self.engine().is_some() {
                self.bot_chooses_side();
            } else {
                self.status =
                    StatusLine::note(format!("{} is choosing its side…", self.settings.names.bot));
            }
        } else {
            self.status = StatusLine::turn("", &self.turn_text());
        }
    }

    /// Opens the start screen for a new game, keeping this one until a new one starts.
    pub(super) fn open_start(&mut self) {
        let session = &self.play.session;
        let menu = &mut self.start.menu;
        menu.row = menu.row.max(Menu::MODE);
        menu.mode = session.mode;
        menu.starter = session.starter;
        menu.difficulty = session.difficulty;
        menu.second_level = session.second_level.unwrap_or(session.difficulty);
        if let Some(choice) = crate::games::GameChoice::from_key(&session.game.key()) {
            menu.game = choice;
        }
        let key = game_of(menu.game).key();
        menu.resume = self.memory.saved_game(&key).map(|g| g.moves.len());
        self.screen = super::app::Screen::Start;
    }
}

//! How the start screen puts a game on the board, and opens again from one.

use std::sync::Arc;

use crate::core::Mode;
use crate::core::session::Session;
use crate::core::words::plural;
use crate::games::GameChoice;
use crate::store::Ownership;
use crate::tui::command::Start;
use crate::tui::screens::play::PlayScreen;
use crate::tui::screens::start::StartScreen;
use crate::tui::screens::start::menu::Menu;
use crate::tui::shared::{Shared, StatusLine};

impl StartScreen {
    /// The question to ask before `start`, when it would throw away an unfinished game:
    /// the chosen game's saved game, which a new game of it replaces (unless another
    /// window keeps it: then it stays there), or the game on the board when it is not
    /// written down (saving off, or kept by another window) and would go from the screen.
    /// Each is asked in its own words, so neither reads as the game being resumed.
    pub fn at_stake(&self, start: Start, play: &PlayScreen, shared: &Shared) -> Option<String> {
        let key = self.game().key();
        let memory = &shared.memory;
        let replaces_saved = start == Start::New && self.menu.mode != Mode::Demo;
        if replaces_saved
            && memory.saves()
            && !memory.open_elsewhere(&key)
            && let Some(saved) = memory.saved_game(&key)
        {
            let moves = plural(saved.moves.len() as u64, "move", "moves");
            return Some(format!(
                "Discard the unfinished game ({moves}) for a new one? y/n"
            ));
        }
        let leaves_board = !(start == Start::Resume && resumes_board(&key, play, shared));
        let lost = leaves_board && play.in_progress() && !play.game_kept(shared);
        let moves = plural(play.moves().len() as u64, "move", "moves");
        lost.then(|| format!("Leave the game on the board ({moves}, not saved)? y/n"))
    }

    pub fn begin(&mut self, start: Start, play: &mut PlayScreen, shared: &mut Shared) -> bool {
        self.note = None;
        shared.memory.dismiss_notices();
        match start {
            Start::New => self.new_game(play, shared),
            Start::Resume => self.resume_saved(play, shared),
        }
    }

    /// A new game with the start screen's choices. A game with a person in it replaces
    /// the chosen game's unfinished game (the question was asked); the demo keeps it.
    fn new_game(&self, play: &mut PlayScreen, shared: &mut Shared) -> bool {
        let menu = self.menu;
        let mut session = Session::new(self.game(), menu.mode, menu.starter, menu.difficulty);
        if menu.mode == Mode::Demo && menu.second_level != menu.difficulty {
            session.second_level = Some(menu.second_level);
        }
        play.hints = menu.hints;
        play.resumed = false;
        play.begin(session, true, shared);
        true
    }

    /// Resumes the chosen game's unfinished game as its file holds it now (another window
    /// may have played on); going back to it when it is the game on the board.
    fn resume_saved(&mut self, play: &mut PlayScreen, shared: &mut Shared) -> bool {
        let game = self.game();
        let key = game.key();
        if resumes_board(&key, play, shared) {
            let turn = play.turn_text(&shared.settings);
            shared.status = StatusLine::turn("Back to the game. ", &turn);
            return true;
        }
        // Claiming reads the file again; a window that cannot claim it reads it anyway.
        if shared.memory.claim(&key) != Ownership::Owned {
            shared.memory.refresh(&key);
        }
        let Some(saved) = shared.memory.saved_game(&key).cloned() else {
            self.menu.drop_resume();
            self.note = Some(
                "The unfinished game is gone: it was finished or discarded in another window."
                    .into(),
            );
            return false;
        };
        // The store replayed these moves when it loaded them; a failure here would be a
        // bug, reported rather than hidden.
        let session = match Session::resumed(Arc::clone(&game), &saved.session, &saved.moves) {
            Ok(mut session) => {
                session.history.restore_redo(&saved.redo);
                session
            }
            Err(why) => {
                shared.status =
                    StatusLine::note(format!("The saved game cannot be resumed: {why}"));
                return false;
            }
        };
        play.hints = saved.hints.unwrap_or_else(|| shared.settings.hints.on());
        play.resumed = true;
        play.begin(session, false, shared);
        let moves = plural(play.moves().len() as u64, "move", "moves");
        let lead = format!("Resumed your game of {moves}. {}", play.keeping.note());
        shared.status = StatusLine::turn(&lead, &play.turn_text(&shared.settings));
        true
    }

    /// Opens for a new game, keeping the one on the board until a new one starts. The
    /// choices are that game's (a level changed during it carries over), but for a
    /// resumed game: its choices were an earlier run's, and the start screen keeps this
    /// run's (the command line's `--first`, `--difficulty`).
    pub fn open_from(&mut self, play: &PlayScreen, shared: &mut Shared) {
        let session = &play.session;
        let menu = &mut self.menu;
        menu.row = menu.row.max(Menu::MODE);
        if !play.resumed {
            menu.mode = session.kept.mode;
            menu.starter = session.starter;
            menu.difficulty = session.kept.difficulty;
            menu.second_level = session.second_level.unwrap_or(session.kept.difficulty);
        }
        if let Some(choice) = GameChoice::from_key(&session.game.key()) {
            menu.game = choice;
        }
        self.offer_resume(shared);
    }
}

/// The game on the board is the chosen game's unfinished game, kept by this window:
/// resuming it is going back to it. (A copy another window kept is not: resuming reads
/// the game from its file.)
fn resumes_board(key: &str, play: &PlayScreen, shared: &Shared) -> bool {
    play.in_progress() && play.session.game.key() == key && shared.memory.owns(key)
}

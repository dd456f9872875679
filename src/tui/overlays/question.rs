//! The questions asked before what cannot be undone: quitting a game in progress, swapping
//! sides mid-game, starting over an unfinished game. Each is asked in the status line (a
//! discard in the start screen's note) and answered by the next key: only the key the
//! question names says yes, so a stray key never throws a game away.

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::config::Mode;
use crate::keys::Action;
use crate::tui::app::{App, Exit};
use crate::tui::command::Start;
use crate::tui::overlays::Overlay;
use crate::tui::screens::Screen;
use crate::tui::shared::StatusLine;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Question {
    /// The quit key again quits.
    Quit,
    /// The swap key again swaps.
    Swap,
    /// `y` starts this, throwing the unfinished game away.
    Discard(Start),
}

impl Question {
    fn yes(self, key: KeyEvent, action: Option<Action>) -> bool {
        match self {
            Question::Quit => action == Some(Action::Quit),
            Question::Swap => action == Some(Action::Swap),
            Question::Discard(_) => matches!(key.code, KeyCode::Char('y' | 'Y')),
        }
    }
}

impl App {
    /// Quits at once when no game would be lost, else asks.
    pub(crate) fn ask_quit(&mut self) {
        if !self.play.in_progress() {
            self.exit = Some(Exit::Chosen);
            return;
        }
        self.overlay = Some(Overlay::Question(Question::Quit));
        let kept = self.play.keeping.on_quitting(&self.shared.memory);
        let keys = self.shared.settings.keys.all_keys(Action::Quit);
        self.shared.status = StatusLine::note(format!(
            "{} again to quit ({kept}), any other key to stay.",
            keys.replace('/', " or ")
        ));
    }

    pub(crate) fn answer(&mut self, question: Question, key: KeyEvent, action: Option<Action>) {
        let yes = question.yes(key, action);
        let shared = &mut self.shared;
        let play = &mut self.play;
        let turn = play.turn_text(&shared.settings);
        match question {
            Question::Quit if yes => self.exit = Some(Exit::Chosen),
            Question::Quit if self.screen == Screen::Play && !play.status().is_over() => {
                // Back to whose turn it is, so the line keeps up with the game.
                shared.status = StatusLine::turn("Not quitting. ", &turn);
            }
            Question::Quit => shared.status = StatusLine::note("Not quitting."),
            Question::Swap if yes && play.session.mode == Mode::TwoHumans => {
                play.swap_names(shared);
            }
            Question::Swap if yes => play.swap_with_bot(shared),
            Question::Swap => shared.status = StatusLine::turn("Kept the sides. ", &turn),
            Question::Discard(start) if yes => self.begin(start),
            Question::Discard(_) => self.start.note = Some("Kept the unfinished game.".into()),
        }
    }
}

//! The questions asked before what cannot be undone, answered by the next key: only the key
//! the question names says yes, so a stray key never throws a game away.

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::config::Mode;
use crate::keys::Action;
use crate::tui::command::Start;
use crate::tui::screens::play::PlayScreen;
use crate::tui::screens::start::StartScreen;
use crate::tui::shared::{Shared, StatusLine};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Question {
    /// The quit key again quits.
    Quit,
    /// The swap key again swaps.
    Swap,
    /// `y` starts this, throwing the unfinished game away.
    Discard(Start),
}

/// What a yes leaves to the app.
pub enum Then {
    Quit,
    Begin(Start),
}

/// Asks whether to quit, or `None` when no game would be lost: then quitting is at once.
pub fn ask_quit(play: &PlayScreen, shared: &mut Shared) -> Option<Question> {
    if !play.in_progress() {
        return None;
    }
    let kept = play.keeping.on_quitting(&shared.memory);
    let keys = shared.settings.keys.all_keys(Action::Quit);
    shared.status = StatusLine::note(format!(
        "{} again to quit ({kept}), any other key to stay.",
        keys.replace('/', " or ")
    ));
    Some(Question::Quit)
}

impl Question {
    /// The answer `key` gives, asked over the play screen or not (`on_play`).
    pub fn answer(
        self,
        key: KeyEvent,
        action: Option<Action>,
        on_play: bool,
        play: &mut PlayScreen,
        start: &mut StartScreen,
        shared: &mut Shared,
    ) -> Option<Then> {
        let turn = play.turn_text(&shared.settings);
        match self {
            Question::Quit if action == Some(Action::Quit) => return Some(Then::Quit),
            Question::Quit if on_play && !play.status().is_over() => {
                // Back to whose turn it is, so the line keeps up with the game.
                shared.status = StatusLine::turn("Not quitting. ", &turn);
            }
            Question::Quit => shared.status = StatusLine::note("Not quitting."),
            Question::Swap if action != Some(Action::Swap) => {
                shared.status = StatusLine::turn("Kept the sides. ", &turn);
            }
            Question::Swap if play.session.kept.mode == Mode::TwoHumans => play.swap_names(shared),
            Question::Swap => play.swap_with_bot(shared),
            Question::Discard(start) if matches!(key.code, KeyCode::Char('y' | 'Y')) => {
                return Some(Then::Begin(start));
            }
            Question::Discard(_) => start.note = Some("Kept the unfinished game.".into()),
        }
        None
    }
}

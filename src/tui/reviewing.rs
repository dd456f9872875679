//! The review screen's keys: stepping through a finished game, jumping to its ends and to
//! the moves marked `??`.

use ratatui::crossterm::event::KeyCode;

use super::app::{App, Screen};
use super::review::{Verdict, verdicts};
use super::status::StatusLine;
use crate::config::Action;

/// Review's own keys, which no action has: they act when the key is not bound to one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Jump {
    /// Home: the first move.
    First,
    /// End: the last move.
    Last,
    /// Tab: the next move marked `??`.
    NextMistake,
    /// Shift-Tab: the previous move marked `??`.
    PreviousMistake,
}

impl Jump {
    fn of(code: KeyCode) -> Option<Jump> {
        match code {
            KeyCode::Home => Some(Jump::First),
            KeyCode::End => Some(Jump::Last),
            KeyCode::Tab => Some(Jump::NextMistake),
            KeyCode::BackTab => Some(Jump::PreviousMistake),
            _ => None,
        }
    }
}

impl App {
    pub(super) fn on_review_key(&mut self, code: KeyCode, action: Option<Action>) {
        let Screen::Review(shown) = self.screen else {
            return;
        };
        let last = self.moves().len();
        match action {
            Some(Action::Left | Action::Up) => self.show_move(shown.max(2) - 1),
            Some(Action::Right | Action::Down) => self.show_move((shown + 1).min(last)),
            Some(Action::Review | Action::Quit) => {
                self.screen = Screen::Game;
                self.status = StatusLine::note(self.result_text());
            }
            Some(Action::New) => self.open_start(),
            Some(Action::Help) => self.help = true,
            Some(_) => {}
            None => match Jump::of(code) {
                Some(Jump::First) => self.show_move(1),
                Some(Jump::Last) => self.show_move(last),
                Some(Jump::NextMistake) => self.jump_to_mistake(shown, true),
                Some(Jump::PreviousMistake) => self.jump_to_mistake(shown, false),
                None => {}
            },
        }
    }

    /// Shows move `ply`; the status goes back to the review's keys, so a note about
    /// another move does not linger.
    fn show_move(&mut self, ply: usize) {
        self.screen = Screen::Review(ply);
        self.status = StatusLine::note(self.review_keys());
    }

    /// The review's keys in one line, for the status line.
    pub(super) fn review_keys(&self) -> String {
        let mistakes = if self.game().solved() {
            ", Tab/Shift-Tab jump to ??"
        } else {
            ""
        };
        format!(
            "Review: {}/{} step, Home/End ends{mistakes}.",
            self.key(Action::Left),
            self.key(Action::Right),
        )
    }

    /// Shows the nearest move marked `??` after (or before) move `shown`, or says there
    /// is none.
    fn jump_to_mistake(&mut self, shown: usize, forward: bool) {
        let Some(engine) = self.engine() else { return };
        if !self.game().solved() {
            self.status = StatusLine::note(
                "Mistakes are marked only in games the bot has solved; this one it searches.",
            );
            return;
        }
        let verdicts = verdicts(engine, &self.play.session.history);
        let mistake = |ply: &usize| verdicts.get(ply - 1) == Some(&Some(Verdict::Mistake));
        let found = if forward {
            (shown + 1..=verdicts.len()).find(mistake)
        } else {
            (1..shown).rev().find(mistake)
        };
        match found {
            Some(ply) => {
                self.show_move(ply);
                let count = verdicts.len();
                self.status = StatusLine::note(format!("Mistake at move {ply} of {count}."));
            }
            None => {
                let word = if forward { "after" } else { "before" };
                self.status = StatusLine::note(format!("No ?? mistake {word} move {shown}."));
            }
        }
    }
}

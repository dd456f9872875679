//! Typing a cell's name: a character may begin a name (`b` of `b3`, `2` of Qubic's `2b3`)
//! or be the key of an action. What is kept while the game waits to see which.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyEvent, KeyModifiers};

use super::status::StatusLine;
use crate::config::Action;
use crate::core::Difficulty;

/// How long a bound action on the first character of a name waits for the rest of the name
/// before it runs (only for actions that cannot simply be undone when the name completes).
pub const CELL_NAME_WAIT: Duration = Duration::from_millis(800);

/// The start of a cell's name, waiting to learn whether the rest follows.
#[derive(Clone, Debug)]
pub struct Typed {
    /// What has been typed, lower case.
    pub text: String,
    /// When the last character came.
    pub at: Instant,
    /// The letter's own action when it is one that must wait (see [`reversible`]).
    pub deferred: Option<Action>,
    /// What the letter's reversible action changed, restored when it turns out to be a cell.
    pub before: Snapshot,
    /// The status line before the typing prompt, shown again when the name is dropped.
    pub status: StatusLine,
}

/// The settings a reversible action can change.
#[derive(Clone, Copy, Debug)]
pub struct Snapshot {
    pub difficulty: Difficulty,
    pub hints: bool,
}

/// Actions that can run at once on the first character of a name and be put back if the
/// name completes:
/// a cursor move is overridden by the placement anyway, a level or hints toggle is restored.
pub fn reversible(action: Action) -> bool {
    action.is_movement() || matches!(action, Action::Difficulty | Action::Hints)
}

/// A key press without Ctrl or Alt, so that a letter is just the letter.
pub fn is_plain(key: &KeyEvent) -> bool {
    !key.modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyCode;

    #[test]
    fn only_actions_that_can_be_put_back_run_at_once() {
        assert!(reversible(Action::Left) && reversible(Action::Hints));
        assert!(reversible(Action::Difficulty));
        for action in [Action::Undo, Action::New, Action::Quit, Action::Swap] {
            assert!(!reversible(action), "{action:?}");
        }
    }

    #[test]
    fn a_letter_with_ctrl_is_not_plain() {
        assert!(is_plain(&KeyEvent::new(
            KeyCode::Char('a'),
            KeyModifiers::SHIFT
        )));
        assert!(!is_plain(&KeyEvent::new(
            KeyCode::Char('a'),
            KeyModifiers::CONTROL
        )));
    }
}

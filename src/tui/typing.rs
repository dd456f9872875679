//! Typing a cell's name: a letter `a`..`d` may be a column waiting for its row digit, or the
//! key of an action. What is kept while the game waits to see which.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyEvent, KeyModifiers};

use crate::config::Action;
use crate::players::Difficulty;

/// How long a bound action on a letter `a`..`d` waits for a row digit before it runs (only
/// for actions that cannot simply be undone when the digit arrives).
pub const CELL_NAME_WAIT: Duration = Duration::from_millis(800);

/// A letter `a`..`d` typed, waiting to learn whether a row digit follows.
#[derive(Clone, Copy, Debug)]
pub struct Typed {
    pub column: u8,
    pub at: Instant,
    /// The letter's own action when it is one that must wait (see [`reversible`]).
    pub deferred: Option<Action>,
    /// What the letter's reversible action changed, restored when it turns out to be a cell.
    pub before: Snapshot,
}

/// The settings a reversible action can change.
#[derive(Clone, Copy, Debug)]
pub struct Snapshot {
    pub difficulty: Difficulty,
    pub hints: bool,
}

/// Actions that can run at once on a letter `a`..`d` and be put back if a digit follows:
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

//! Typing a move's name, as the game reads it ([`Game::parse_move`]): a cell's name or a
//! number (Qubic's `0`..`63`). A name that starts a longer one (Qubic's `1`, of `12` and
//! `1a1`) waits for the next character, or for the place key to play it.

use ratatui::crossterm::event::{KeyEvent, KeyModifiers};

use crate::core::{CellId, Game, Move, Position};
use crate::tui::shared::StatusLine;

/// The start of a cell's name, waiting to learn whether the rest follows.
#[derive(Clone, Debug)]
pub struct Typed {
    pub text: String,
    /// The status line before the typing prompt, shown again when the name is dropped.
    pub status: StatusLine,
    /// The prompt shown while the name is typed, to know whether it still shows.
    pub prompt: String,
}

/// Every name the game reads as a move in `position`, in lower case, with its move: the
/// names of the moves made on each cell (once each), then the numbers
/// [`Game::parse_move`] accepts, written without leading zeros.
pub fn move_names(game: &dyn Game, position: &dyn Position) -> Vec<(String, Move)> {
    let count = game.layout().cell_count();
    let mut names: Vec<(String, Move)> = Vec::new();
    for mv in (0..count).filter_map(|i| game.move_at(position, CellId::new(i))) {
        let name = game.move_name(position, mv).to_lowercase();
        if !names.iter().any(|(known, _)| *known == name) {
            names.push((name, mv));
        }
    }
    let numbers = (0..=count).filter_map(|number| {
        let text = number.to_string();
        game.parse_move(position, &text).ok().map(|mv| (text, mv))
    });
    names.extend(numbers);
    names
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NameMatch {
    /// The whole name of this move, and the start of no other: it is played at once.
    Whole(Move),
    /// The whole name of this move and the start of longer ones (Qubic's `1`, of `12`):
    /// the next character decides, or the place key plays it.
    WholeOrLonger(Move),
    Prefix,
    None,
}

pub fn name_match(names: &[(String, Move)], text: &str) -> NameMatch {
    let whole = names
        .iter()
        .find(|(name, _)| name == text)
        .map(|&(_, mv)| mv);
    let longer = names
        .iter()
        .any(|(name, _)| name.len() > text.len() && name.starts_with(text));
    match (whole, longer) {
        (Some(mv), false) => NameMatch::Whole(mv),
        (Some(mv), true) => NameMatch::WholeOrLonger(mv),
        (None, true) => NameMatch::Prefix,
        (None, false) => NameMatch::None,
    }
}

/// A few names that go on from `text`, to show in the prompt: the first longer number and
/// the first longer cell name (`12` and `1a1` after Qubic's `1`).
pub fn longer_names(names: &[(String, Move)], text: &str) -> Vec<String> {
    let goes_on = |name: &&String| name.len() > text.len() && name.starts_with(text);
    let is_number = |name: &&String| name.bytes().all(|b| b.is_ascii_digit());
    let all: Vec<&String> = names.iter().map(|(name, _)| name).filter(goes_on).collect();
    let number = all.iter().copied().find(is_number);
    let name = all.iter().copied().find(|name| !is_number(name));
    number.into_iter().chain(name).cloned().collect()
}

/// A key press without Ctrl or Alt, so that a letter is just the letter.
pub fn is_plain(key: &KeyEvent) -> bool {
    !key.modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER)
}

/// What was typed before `c`, the last character of `text`.
pub(crate) fn so_far_of(text: &str, c: char) -> &str {
    &text[..text.len() - c.len_utf8()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{self, GameChoice, GameKind};
    use ratatui::crossterm::event::KeyCode;

    fn names_of(choice: GameChoice) -> (std::sync::Arc<dyn Game>, Vec<(String, Move)>) {
        let game = games::build(choice).unwrap();
        let names = move_names(game.as_ref(), game.start().as_ref());
        (game, names)
    }

    fn classic(size: u8) -> GameChoice {
        GameChoice {
            kind: GameKind::Classic,
            size: Some(size),
            in_a_row: None,
        }
    }

    #[test]
    fn classic_3x3_digits_are_whole_names_at_once() {
        let (game, names) = names_of(classic(3));
        for digit in 1..=9 {
            let mv = game.parse_move(game.start().as_ref(), &digit.to_string());
            assert_eq!(
                name_match(&names, &digit.to_string()),
                NameMatch::Whole(mv.unwrap())
            );
        }
        assert_eq!(name_match(&names, "0"), NameMatch::None);
        // Only 3x3 takes numbers: on 4x4 a digit names nothing, as in the commands.
        let (_, names) = names_of(classic(4));
        assert_eq!(name_match(&names, "5"), NameMatch::None);
    }

    #[test]
    fn qubic_numbers_wait_only_while_they_could_go_on() {
        let (game, names) = names_of(GameChoice::of(GameKind::Qubic));
        let cell = |text: &str| game.parse_move(game.start().as_ref(), text).unwrap();
        // 0 and 7..9 begin no longer number and no layer: placed at once.
        for text in ["0", "7", "9", "12", "63", "2b3"] {
            assert_eq!(
                name_match(&names, text),
                NameMatch::Whole(cell(text)),
                "{text}"
            );
        }
        // 1..4 begin numbers and layers' names, 5 and 6 numbers (50, 60).
        for text in ["1", "4", "5", "6"] {
            assert_eq!(
                name_match(&names, text),
                NameMatch::WholeOrLonger(cell(text)),
                "{text}"
            );
        }
        assert_eq!(name_match(&names, "2b"), NameMatch::Prefix);
        assert_eq!(name_match(&names, "64"), NameMatch::None);
        assert_eq!(longer_names(&names, "1"), ["10", "1a1"]);
        assert_eq!(longer_names(&names, "6"), ["60"]);
    }

    #[test]
    fn the_screen_reads_the_numbers_the_commands_read() {
        for choice in games::all_choices() {
            let (game, names) = names_of(choice);
            for number in 0..300 {
                let text = number.to_string();
                let typed = names.iter().find(|(name, _)| *name == text).map(|n| n.1);
                let read = game.parse_move(game.start().as_ref(), &text).ok();
                assert_eq!(typed, read, "{choice:?} {text}");
            }
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

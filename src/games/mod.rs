//! The games, each in its own folder with its rules, its solver or search and its players,
//! and the one list of them: [`GameKind`] names a game, [`GameChoice`] a game with its
//! variant, and [`build`] turns a choice into the [`Game`] everything above uses.
//!
//! Adding a game is a folder here, a [`GameKind`] variant and its line in [`build`].

pub mod classic;
pub mod extreme;
pub mod kit;
pub mod latin;
pub mod qubic;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::core::Game;
use crate::core::words::quote;

/// The games this build knows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum GameKind {
    #[default]
    Latin,
    Classic,
    Qubic,
    Extreme,
}

impl GameKind {
    /// In the order the start screen lists them.
    pub const ALL: [GameKind; 4] = [
        GameKind::Latin,
        GameKind::Classic,
        GameKind::Qubic,
        GameKind::Extreme,
    ];

    /// As flags, the config file and saved files name it.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Latin => "latin",
            GameKind::Classic => "classic",
            GameKind::Qubic => "qubic",
            GameKind::Extreme => "extreme",
        }
    }

    /// The sizes a player may choose, smallest first, with the default; `None` for a
    /// game played on one board only.
    pub fn sizes(self) -> Option<(std::ops::RangeInclusive<u8>, u8)> {
        match self {
            GameKind::Latin => None,
            GameKind::Classic => Some((3..=7, 3)),
            GameKind::Qubic | GameKind::Extreme => None,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl GameKind {
    /// The game as a sentence names it: `Tic-Tac-Latin`, `classic tic-tac-toe`.
    pub fn family(self) -> &'static str {
        match self {
            GameKind::Latin => "Tic-Tac-Latin",
            GameKind::Classic => "classic tic-tac-toe",
            GameKind::Qubic => "Qubic",
            GameKind::Extreme => "extreme tic-tac-toe",
        }
    }

    /// The game with its sizes, for help texts: `classic tic-tac-toe 3x3 to 7x7`.
    fn described(self) -> String {
        match self.sizes() {
            Some((sizes, _)) => {
                let (small, big) = (sizes.start(), sizes.end());
                format!("{} {small}x{small} to {big}x{big}", self.family())
            }
            None => self.family().to_string(),
        }
    }
}

/// Every game's flag name: `latin, classic, qubic, extreme`.
pub fn valid_names() -> String {
    GameKind::ALL.map(GameKind::name).join(", ")
}

/// `a, b, c and d`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The games in a sentence, the default first: `Tic-Tac-Latin (the default), classic
/// tic-tac-toe 3x3 to 7x7, Qubic and extreme tic-tac-toe` (the program's description).
pub fn described_list() -> String {
    let items: Vec<String> = GameKind::ALL
        .iter()
        .map(|&kind| match kind == GameKind::default() {
            true => format!("{} (the default)", kind.described()),
            false => kind.described(),
        })
        .collect();
    and_list(&items)
}

/// The `--game` flag's help: `The game: latin (Tic-Tac-Latin, the default), classic, qubic
/// or extreme`.
pub fn flag_help() -> String {
    let items: Vec<String> = GameKind::ALL
        .iter()
        .map(|&kind| match kind == GameKind::default() {
            true => format!("{} ({}, the default)", kind.name(), kind.family()),
            false => kind.name().to_string(),
        })
        .collect();
    let list = match items.as_slice() {
        [rest @ .., last] if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => items.concat(),
    };
    format!("The game: {list}")
}

impl FromStr for GameKind {
    type Err = GameError;

    fn from_str(text: &str) -> Result<GameKind, GameError> {
        let name = text.trim();
        GameKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| GameError::Unknown(name.to_string()))
    }
}

/// A game and its variant, as chosen by flags, the config file or the start screen.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct GameChoice {
    pub kind: GameKind,
    /// The board's size, for games that come in sizes; `None` for the default.
    pub size: Option<u8>,
    /// How many in a row win, for games that vary it; `None` for the default.
    pub in_a_row: Option<u8>,
}

impl GameChoice {
    pub fn of(kind: GameKind) -> GameChoice {
        GameChoice {
            kind,
            size: None,
            in_a_row: None,
        }
    }
}

/// Why a game could not be set up.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameError {
    /// No game has this name.
    Unknown(String),
    /// The game takes no size, or not this one; the text says what is valid.
    Variant(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Unknown(name) => {
                write!(
                    f,
                    "unknown game {}: the games are {}",
                    quote(name),
                    valid_names()
                )
            }
            GameError::Variant(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for GameError {}

/// The game a choice names, or why it names none.
pub fn build(choice: GameChoice) -> Result<Arc<dyn Game>, GameError> {
    match choice.kind {
        GameKind::Latin => {
            refuse_variant(choice, "Tic-Tac-Latin")?;
            Ok(Arc::new(latin::adapter::Latin))
        }
        GameKind::Classic => classic::adapter::game(choice.size.unwrap_or(3), choice.in_a_row)
            .map(|game| Arc::new(game) as Arc<dyn Game>)
            .map_err(|e| GameError::Variant(format!("classic tic-tac-toe: {e}"))),
        GameKind::Qubic => {
            refuse_variant(choice, "Qubic")?;
            Ok(Arc::new(qubic::adapter::QubicGame))
        }
        GameKind::Extreme => {
            refuse_variant(choice, "Extreme tic-tac-toe")?;
            Ok(Arc::new(extreme::adapter::Extreme))
        }
    }
}

/// A game played on one board only refuses a size or a line length.
fn refuse_variant(choice: GameChoice, title: &str) -> Result<(), GameError> {
    let (flag, value) = match (choice.size, choice.in_a_row) {
        (Some(size), _) => ("size", size),
        (None, Some(k)) => ("line length", k),
        (None, None) => return Ok(()),
    };
    Err(GameError::Variant(format!(
        "{title} is played on its one board; it takes no {flag} ({value} was given)"
    )))
}

/// Every game and variant this build knows, each once: the default of each game, then its
/// sizes and line lengths.
pub fn all_choices() -> Vec<GameChoice> {
    let mut keys = Vec::new();
    let mut all = Vec::new();
    for kind in GameKind::ALL {
        let sized = kind
            .sizes()
            .map_or(vec![None], |(sizes, _)| sizes.map(Some).collect());
        for size in sized {
            let lengths = std::iter::once(None).chain((1..=size.unwrap_or(0)).map(Some));
            for in_a_row in lengths {
                let choice = GameChoice {
                    kind,
                    size,
                    in_a_row,
                };
                if let Ok(game) = build(choice)
                    && !keys.contains(&game.key())
                {
                    keys.push(game.key());
                    all.push(choice);
                }
            }
        }
    }
    all
}

/// A game's title from its key (`classic-5` is `Classic 5x5`), or the key itself for a
/// game this build does not know, as files from a newer build may name.
pub fn title_of_key(key: &str) -> String {
    GameChoice::from_key(key)
        .and_then(|choice| build(choice).ok())
        .map_or_else(|| key.to_string(), |game| game.title())
}

impl GameChoice {
    /// The choice a game key names (`latin`, `classic-5`, `classic-4k3`), as files that
    /// name their game store it; `None` for a key this build does not know.
    pub fn from_key(key: &str) -> Option<GameChoice> {
        let (name, variant) = key.split_once('-').unwrap_or((key, ""));
        let kind: GameKind = name.parse().ok()?;
        if variant.is_empty() {
            return Some(GameChoice::of(kind));
        }
        let (size, k) = variant.split_once('k').unwrap_or((variant, ""));
        let choice = GameChoice {
            kind,
            size: Some(size.parse().ok()?),
            in_a_row: if k.is_empty() {
                None
            } else {
                Some(k.parse().ok()?)
            },
        };
        // Only a choice that builds into a game with this very key counts.
        build(choice)
            .ok()
            .filter(|g| g.key() == key)
            .map(|_| choice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_texts_list_every_game_from_the_list() {
        assert_eq!(
            described_list(),
            "Tic-Tac-Latin (the default), classic tic-tac-toe 3x3 to 7x7, Qubic and extreme \
             tic-tac-toe"
        );
        assert_eq!(
            flag_help(),
            "The game: latin (Tic-Tac-Latin, the default), classic, qubic or extreme"
        );
        assert_eq!(valid_names(), "latin, classic, qubic, extreme");
    }

    #[test]
    fn every_game_builds_and_is_found_by_its_key() {
        for kind in GameKind::ALL {
            let game = build(GameChoice::of(kind)).expect("the default variant");
            let again = GameChoice::from_key(&game.key()).expect("its own key");
            assert_eq!(build(again).map(|g| g.key()), Ok(game.key()));
            assert_eq!(kind.name().parse(), Ok(kind));
        }
        assert!(GameChoice::from_key("chess").is_none());
        assert!(GameChoice::from_key("latin-4").is_none());
    }

    #[test]
    fn bad_choices_say_what_is_valid() {
        let err = "chess".parse::<GameKind>().unwrap_err();
        assert!(
            err.to_string()
                .contains("the games are latin, classic, qubic, extreme"),
            "{err}"
        );
        let sized = GameChoice {
            size: Some(5),
            ..GameChoice::of(GameKind::Latin)
        };
        assert!(build(sized).is_err());
    }
}

//! The games, each in its own folder, and the one list of them (`games!`). Adding a game is
//! its folder with its `REGISTRATION`, its `pub mod` line and its line in the list: nothing
//! else in the program names the games one by one.

pub mod classic;
pub mod extreme;
pub mod kit;
pub mod latin;
pub mod qubic;

use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::Arc;

use crate::core::Game;
use crate::core::words::{by_name, capitalized, listed, quote};

/// One line per game makes both [`GameKind`]'s variant and its [`GAMES`] entry, in order;
/// the first is the default.
macro_rules! games {
    ($first:ident => $first_registration:path $(, $kind:ident => $registration:path)* $(,)?) => {
        /// A game of [`GAMES`], for the code that names one (a command that works for some).
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
        pub enum GameKind {
            #[default]
            $first,
            $($kind),*
        }

        const GAMES: &[&Registration] = &[&$first_registration, $(&$registration),*];

        impl GameKind {
            /// In the order the start screen lists them.
            pub const ALL: [GameKind; GAMES.len()] = [GameKind::$first, $(GameKind::$kind),*];
        }
    };
}

games! {
    Latin => latin::adapter::REGISTRATION,
    Classic => classic::adapter::REGISTRATION,
    Qubic => qubic::adapter::REGISTRATION,
    Extreme => extreme::adapter::REGISTRATION,
}

/// What a game tells the list of games about itself.
pub struct Registration {
    /// As flags, the config file and saved files name it.
    pub name: &'static str,
    /// As a sentence names it: `Tic-Tac-Latin`, `classic tic-tac-toe`.
    pub family: &'static str,
    pub boards: Boards,
    /// How a position is written, after the family's name in the help of commands that
    /// read one (`16 cells a1 b1 c1 d1 a2 .. d4, e.g. -X-O/-X--/X-X-/O--O`).
    pub position_format: &'static str,
}

/// The part of a game choice that is wrong, for a message to point at it (the config
/// file's line, the environment variable).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    Kind,
    Size,
    InARow,
}

/// Why a choice names no game: the wrong part, the values it may take (`None` for an
/// unknown game or a part the game takes none of) and the sentence that says so.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{why}")]
pub struct GameError {
    pub part: Part,
    pub valid: Option<RangeInclusive<u8>>,
    pub why: String,
}

type MakeSized = fn(u8, Option<u8>) -> Result<Arc<dyn Game>, GameError>;

pub enum Boards {
    /// One board only: the game takes no size or line length.
    One(fn() -> Arc<dyn Game>),
    /// Made with a size and a line length (`None`: the game's own), or refused with why.
    Sized {
        sizes: RangeInclusive<u8>,
        default: u8,
        make: MakeSized,
    },
}

impl Registration {
    pub fn build(
        &self,
        size: Option<u8>,
        in_a_row: Option<u8>,
    ) -> Result<Arc<dyn Game>, GameError> {
        match &self.boards {
            Boards::One(make) => {
                refuse_variant(size, in_a_row, self.family)?;
                Ok(make())
            }
            Boards::Sized { default, make, .. } => make(size.unwrap_or(*default), in_a_row)
                .map_err(|e| GameError {
                    why: format!("{}: {}", self.family, e.why),
                    ..e
                }),
        }
    }

    /// The sizes a player may choose, with the default; `None` for a game of one board.
    fn sizes(&self) -> Option<(RangeInclusive<u8>, u8)> {
        match &self.boards {
            Boards::One(_) => None,
            Boards::Sized { sizes, default, .. } => Some((sizes.clone(), *default)),
        }
    }

    /// For help texts: `classic tic-tac-toe 3x3 to 7x7`.
    fn described(&self) -> String {
        match self.sizes() {
            Some((sizes, _)) => {
                let (small, big) = (sizes.start(), sizes.end());
                format!("{} {small}x{small} to {big}x{big}", self.family)
            }
            None => self.family.to_string(),
        }
    }
}

impl GameKind {
    fn registration(self) -> &'static Registration {
        GAMES[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.registration().name
    }

    pub fn sizes(self) -> Option<(RangeInclusive<u8>, u8)> {
        self.registration().sizes()
    }
}

/// The sizes any game comes in (classic's 3..7): what a size given before the game is
/// known may be.
pub fn any_size() -> RangeInclusive<u8> {
    let ranges = GameKind::ALL.iter().filter_map(|kind| kind.sizes());
    let (low, high) = ranges.fold((u8::MAX, u8::MIN), |(low, high), (sizes, _)| {
        (low.min(*sizes.start()), high.max(*sizes.end()))
    });
    low..=high
}

/// `latin, classic, qubic, extreme`.
pub fn valid_names() -> String {
    let names: Vec<&str> = GAMES.iter().map(|game| game.name).collect();
    names.join(", ")
}

/// The program's description: `Tic-Tac-Latin (the default), classic tic-tac-toe 3x3 to
/// 7x7, Qubic and extreme tic-tac-toe`.
pub fn described_list() -> String {
    described(GAMES)
}

fn described(games: &[&Registration]) -> String {
    let mut items: Vec<String> = games.iter().map(|game| game.described()).collect();
    if let Some(default) = items.first_mut() {
        *default += " (the default)";
    }
    listed(&items, "and")
}

/// `The game: latin (Tic-Tac-Latin, the default), classic, qubic or extreme`.
pub fn flag_help() -> String {
    let mut items: Vec<String> = GAMES.iter().map(|game| game.name.to_string()).collect();
    if let (Some(default), Some(game)) = (items.first_mut(), GAMES.first()) {
        *default += &format!(" ({}, the default)", game.family);
    }
    format!("The game: {}", listed(&items, "or"))
}

/// `The board's size, for games that come in sizes (classic tic-tac-toe: 3 to 7, default 3)`.
pub fn size_help() -> String {
    let sized: Vec<String> = GAMES
        .iter()
        .filter_map(|game| {
            let ((sizes, default), family) = (game.sizes()?, game.family);
            let (small, big) = (sizes.start(), sizes.end());
            Some(format!("{family}: {small} to {big}, default {default}"))
        })
        .collect();
    let sized = sized.join("; ");
    format!("The board's size, for games that come in sizes ({sized})")
}

/// The help of a command's position: the common rule, then each game's own format.
pub fn position_help() -> String {
    position_help_of(GAMES)
}

fn position_help_of(games: &[&Registration]) -> String {
    let formats: Vec<String> = games
        .iter()
        .map(|game| format!("{}: {}", game.family, game.position_format))
        .collect();
    format!(
        "The cells in the game's order, each X, O, or - or . for empty; `/` and spaces between \
         cells are ignored. May begin with `-`. {}",
        formats.join("; ")
    )
}

impl FromStr for GameKind {
    type Err = GameError;

    fn from_str(text: &str) -> Result<GameKind, GameError> {
        by_name(&GameKind::ALL, GameKind::name, text).ok_or_else(|| GameError {
            part: Part::Kind,
            valid: None,
            why: format!(
                "unknown game {}: the games are {}",
                quote(text.trim()),
                valid_names()
            ),
        })
    }
}

/// A game and its variant, as chosen by flags, the config file or the start screen; `None`
/// for the game's default size or line length.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct GameChoice {
    pub kind: GameKind,
    pub size: Option<u8>,
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

    /// The choice a game key names (`latin`, `classic-5`, `classic-4k3`), as files store
    /// it; `None` for a key this build does not know. A bare game name, in any case, is that
    /// game's default: hand-written records name the game so.
    pub fn from_key(key: &str) -> Option<GameChoice> {
        if let Ok(kind) = key.parse() {
            return Some(GameChoice::of(kind));
        }
        all_choices()
            .into_iter()
            .find(|&choice| build(choice).is_ok_and(|game| game.key() == key))
    }
}

/// The games that come in sizes (and so take a line length): `classic`.
pub fn sized_names() -> Vec<&'static str> {
    let sized = GAMES.iter().filter(|game| game.sizes().is_some());
    sized.map(|game| game.name).collect()
}

pub fn build(choice: GameChoice) -> Result<Arc<dyn Game>, GameError> {
    (choice.kind.registration()).build(choice.size, choice.in_a_row)
}

fn refuse_variant(size: Option<u8>, in_a_row: Option<u8>, family: &str) -> Result<(), GameError> {
    let (part, flag, value) = match (size, in_a_row) {
        (Some(size), _) => (Part::Size, "size", size),
        (None, Some(k)) => (Part::InARow, "line length", k),
        (None, None) => return Ok(()),
    };
    let title = capitalized(family);
    // Name the games that do take one, so `--size 5` alone says where sizes go.
    let sized: Vec<String> = sized_names().into_iter().map(String::from).collect();
    let verb = if sized.len() == 1 { "comes" } else { "come" };
    let sized = listed(&sized, "and");
    let why = format!(
        "{title} is played on its one board; it takes no {flag} ({value} was given; {sized} \
         {verb} in sizes)"
    );
    Err(GameError {
        part,
        valid: None,
        why,
    })
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

/// The game a key names (`latin`, `classic-5`); `None` for a key this build does not know,
/// as files from a newer build may hold.
pub fn of_key(key: &str) -> Option<Arc<dyn Game>> {
    GameChoice::from_key(key).and_then(|choice| build(choice).ok())
}

/// `classic-5` is `Classic 5x5`; an unknown key is its own title.
pub fn title_of_key(key: &str) -> String {
    of_key(key).map_or_else(|| key.to_string(), |game| game.title())
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
        assert!(GameChoice::from_key("Classic-5").is_none());
        for (key, kind) in [("classic", GameKind::Classic), ("Latin", GameKind::Latin)] {
            assert_eq!(GameChoice::from_key(key), Some(GameChoice::of(kind)));
        }
    }

    #[test]
    fn the_named_kinds_are_the_games_of_their_names() {
        let named = [
            (GameKind::Latin, "latin"),
            (GameKind::Classic, "classic"),
            (GameKind::Qubic, "qubic"),
            (GameKind::Extreme, "extreme"),
        ];
        for (kind, name) in named {
            assert_eq!(kind.name(), name);
        }
    }

    /// The toy game of core's tests registers itself as the games do, and the list's
    /// lookups, help texts and builds take it with nothing else told.
    #[test]
    fn a_game_registers_itself_with_one_line() {
        use crate::core::toy_tests::Toy;
        const TOY: Registration = Registration {
            name: "toy",
            family: "take two",
            boards: Boards::One(|| Arc::new(Toy)),
            position_format: "four cells a b c d",
        };
        let games: Vec<&Registration> = GAMES.iter().copied().chain([&TOY]).collect();
        let toy = by_name(&games, |game| game.name, " Toy").expect("found by its name in any case");
        assert!(position_help_of(&games).ends_with("; take two: four cells a b c d"));
        assert_eq!(
            size_help(),
            "The board's size, for games that come in sizes (classic tic-tac-toe: 3 to 7, \
             default 3)"
        );
        let game = toy.build(None, None).expect("its one board");
        assert_eq!(
            (game.key(), game.start().legal_moves().len()),
            ("toy".into(), 4)
        );
        assert!(described(&games).ends_with(", extreme tic-tac-toe and take two"));
        let sized = toy.build(Some(5), None).map(|game| game.key());
        let why = "Take two is played on its one board; it takes no size (5 was given; classic \
                   comes in sizes)"
            .into();
        let refused = GameError {
            part: Part::Size,
            valid: None,
            why,
        };
        assert_eq!(sized, Err(refused));
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
        let refused = build(sized).map(|game| game.key()).unwrap_err();
        assert_eq!((refused.part, refused.valid), (Part::Size, None));
        let choice = |size, in_a_row| GameChoice {
            size,
            in_a_row,
            ..GameChoice::of(GameKind::Classic)
        };
        let part_and_valid = |choice| {
            let e = build(choice).map(|game| game.key()).unwrap_err();
            (e.part, e.valid)
        };
        assert_eq!(
            part_and_valid(choice(Some(9), None)),
            (Part::Size, Some(3..=7))
        );
        let long = choice(Some(4), Some(5));
        assert_eq!(part_and_valid(long), (Part::InARow, Some(3..=4)));
        assert_eq!(err.part, Part::Kind);
        assert_eq!(sized_names(), ["classic"]);
    }
}

//! A player named on the command line (`perfect`, `easy`, `lookahead-2`, `random`, ...),
//! parsed once and built afresh for each game with that game's seed.

use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;

use super::BookPlayer;
use super::baselines::MAX_LOOKAHEAD;
use super::{Difficulty, Heuristic, Lookahead, Player, RandomPlayer, greedy};
use crate::core::words::quote;
use crate::games::latin::book::{Book, BookError, book_cells};
use crate::games::latin::game::Side;
use crate::games::latin::solver::Solver;

#[derive(Clone, PartialEq, Debug)]
pub(crate) enum PlayerSpec {
    /// `perfect`, `easy`, `medium`, `hard`.
    Level(Difficulty),
    Random,
    Greedy,
    /// `lookahead-N`, N from 1 to `MAX_LOOKAHEAD`.
    Lookahead(u32),
    Heuristic,
    /// `book:FILE`: plays only from a strategy book (plus the obvious moves).
    Book(BookSpec),
}

/// A book read and indexed once; every game plays a cheap clone of the same player.
#[derive(Clone)]
pub(crate) struct BookSpec {
    path: String,
    player: BookPlayer,
}

impl fmt::Debug for BookSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BookSpec({})", self.path)
    }
}

/// Two book specs are the same player when they name the same file.
impl PartialEq for BookSpec {
    fn eq(&self, other: &BookSpec) -> bool {
        self.path == other.path
    }
}

impl BookSpec {
    fn load(path: &str) -> Result<BookSpec, SpecError> {
        let refused = |e: BookError| SpecError::Book {
            path: path.into(),
            why: e.to_string(),
        };
        let book = Book::read(Path::new(path), None).map_err(refused)?;
        // Indexing also checks the book has no position twice.
        let player = BookPlayer::new(&book, format!("book:{path}")).map_err(refused)?;
        // A book with a hole would have to play some other move there, and its results
        // would no longer be the book's: refuse it, saying where the hole is.
        if let Some(hole) = player.first_hole() {
            return Err(SpecError::Book {
                path: path.into(),
                why: format!(
                    "games following it reach position {} ({}, {} to move), where it has no \
                     move and none is obvious; a book player plays only from its book \
                     (`tictaclatin book verify {path}` checks a whole book)",
                    book_cells(hole),
                    hole,
                    hole.to_move().letter()
                ),
            });
        }
        Ok(BookSpec {
            path: path.to_string(),
            player,
        })
    }
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub(crate) enum SpecError {
    #[error(
        "unknown player {}: valid players are {VALID_NAMES} (N = 1 to {MAX_LOOKAHEAD})",
        quote(.0)
    )]
    Unknown(String),
    #[error(
        "bad player {}: lookahead depth must be a number from 1 to {MAX_LOOKAHEAD}",
        quote(.0)
    )]
    BadDepth(String),
    #[error("cannot use book '{path}': {why}")]
    Book { path: String, why: String },
}

pub const VALID_NAMES: &str =
    "perfect, hard, medium, easy, heuristic, greedy, random, lookahead-N, book:FILE";

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let name = text.trim();
        let lower = name.to_ascii_lowercase();
        // Book players: the book is read here, once, and shared by every game.
        if lower.starts_with("book:") {
            let path = &name["book:".len()..];
            return BookSpec::load(path).map(PlayerSpec::Book);
        }
        if let Some(depth) = lower.strip_prefix("lookahead-") {
            return match depth.parse::<u32>() {
                Ok(d) if (1..=MAX_LOOKAHEAD).contains(&d) => Ok(PlayerSpec::Lookahead(d)),
                _ => Err(SpecError::BadDepth(name.into())),
            };
        }
        match lower.as_str() {
            "random" => Ok(PlayerSpec::Random),
            "greedy" => Ok(PlayerSpec::Greedy),
            "heuristic" => Ok(PlayerSpec::Heuristic),
            _ => lower
                .parse::<Difficulty>()
                .map(PlayerSpec::Level)
                .map_err(|_| SpecError::Unknown(name.into())),
        }
    }
}

impl PlayerSpec {
    /// A fresh player for one game; randomised players draw from `seed`.
    pub fn build(&self, solver: &Arc<Solver>, seed: u64) -> Box<dyn Player> {
        match self {
            PlayerSpec::Level(d) => super::level_player(*d, Arc::clone(solver), seed),
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Greedy => Box::new(greedy(seed)),
            PlayerSpec::Lookahead(n) => Box::new(Lookahead::new(*n, seed)),
            PlayerSpec::Heuristic => Box::new(Heuristic::new(seed)),
            PlayerSpec::Book(spec) => Box::new(spec.player.clone()),
        }
    }

    /// The one side a book player can play.
    pub fn only_side(&self) -> Option<Side> {
        match self {
            PlayerSpec::Book(spec) => Some(spec.player.side()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse() {
        for (name, spec) in [
            ("perfect", PlayerSpec::Level(Difficulty::Perfect)),
            ("hard", PlayerSpec::Level(Difficulty::Hard)),
            ("medium", PlayerSpec::Level(Difficulty::Medium)),
            ("easy", PlayerSpec::Level(Difficulty::Easy)),
            ("random", PlayerSpec::Random),
            ("greedy", PlayerSpec::Greedy),
            ("heuristic", PlayerSpec::Heuristic),
            ("lookahead-1", PlayerSpec::Lookahead(1)),
            ("lookahead-6", PlayerSpec::Lookahead(6)),
        ] {
            assert_eq!(name.parse(), Ok(spec), "{name}");
        }
        assert_eq!(" Greedy ".parse(), Ok(PlayerSpec::Greedy));
    }

    #[test]
    fn refusals_read_as_sentences() {
        assert_eq!(
            SpecError::Unknown("grandmaster".into()).to_string(),
            "unknown player 'grandmaster': valid players are perfect, hard, medium, easy, \
             heuristic, greedy, random, lookahead-N, book:FILE (N = 1 to 6)"
        );
        assert_eq!(
            SpecError::BadDepth("lookahead-9".into()).to_string(),
            "bad player 'lookahead-9': lookahead depth must be a number from 1 to 6"
        );
        let book = SpecError::Book {
            path: "b.txt".into(),
            why: "no entries".into(),
        };
        assert_eq!(book.to_string(), "cannot use book 'b.txt': no entries");
    }

    #[test]
    fn bad_names_say_what_is_valid() {
        let err = "grandmaster".parse::<PlayerSpec>().unwrap_err();
        assert!(err.to_string().contains("valid players are"), "{err}");
        for bad in ["lookahead-0", "lookahead-7", "lookahead-x", "lookahead-"] {
            assert_eq!(
                bad.parse::<PlayerSpec>(),
                Err(SpecError::BadDepth(bad.into()))
            );
        }
    }

    #[test]
    fn book_players_read_their_book_once() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/book-second.txt");
        let spec: PlayerSpec = format!("book:{path}").parse().unwrap();
        assert_eq!(spec.only_side(), Some(Side::Second));
        let err = "book:no/such/file.txt".parse::<PlayerSpec>().unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot use book 'no/such/file.txt'"),
            "{err}"
        );
    }
}

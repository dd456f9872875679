//! A player named on the command line (`perfect`, `easy`, `lookahead-2`, `random`,
//! `book:FILE`, ...), built afresh for each game with that game's seed.

use std::path::Path;
use std::sync::Arc;

use super::BookPlayer;
use super::baselines::MAX_LOOKAHEAD;
use super::{Difficulty, Heuristic, Lookahead, Player, RandomPlayer, greedy, level_player};
use crate::core::words::quote;
use crate::games::latin::book::{Book, BookError, book_cells};
use crate::games::latin::solver::Solver;

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

/// The file of a `book:FILE` player (the prefix in any case).
pub(crate) fn book_path(name: &str) -> Option<&str> {
    let name = name.trim();
    let prefix = name.get(.."book:".len())?;
    prefix
        .eq_ignore_ascii_case("book:")
        .then(|| &name[prefix.len()..])
}

/// A fresh player for one game, of any name but a book's; randomised players draw from
/// `seed`.
pub(crate) fn player(
    name: &str,
    solver: &Arc<Solver>,
    seed: u64,
) -> Result<Box<dyn Player>, SpecError> {
    let name = name.trim();
    let lower = name.to_ascii_lowercase();
    if let Some(depth) = lower.strip_prefix("lookahead-") {
        return match depth.parse::<u32>() {
            Ok(d) if (1..=MAX_LOOKAHEAD).contains(&d) => Ok(Box::new(Lookahead::new(d, seed))),
            _ => Err(SpecError::BadDepth(name.into())),
        };
    }
    Ok(match lower.as_str() {
        "random" => Box::new(RandomPlayer::new(seed)),
        "greedy" => Box::new(greedy(seed)),
        "heuristic" => Box::new(Heuristic::new(seed)),
        _ => {
            let level = lower.parse::<Difficulty>();
            let level = level.map_err(|_| SpecError::Unknown(name.into()))?;
            level_player(level, Arc::clone(solver), seed)
        }
    })
}

/// The player of the book at `path`, read and checked; it plays only from its book.
pub(crate) fn book_player(path: &str) -> Result<BookPlayer, SpecError> {
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
    Ok(player)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::latin::game::Side;

    #[test]
    fn names_parse() {
        let solver = Arc::new(Solver::new());
        for (name, player) in [
            ("perfect", "perfect"),
            ("hard", "hard"),
            ("medium", "medium"),
            ("easy", "easy"),
            ("random", "random"),
            ("greedy", "greedy"),
            ("heuristic", "heuristic"),
            ("lookahead-1", "lookahead-1"),
            ("lookahead-6", "lookahead-6"),
            (" Greedy ", "greedy"),
        ] {
            let built = super::player(name, &solver, 1).unwrap();
            assert_eq!(built.name(), player, "{name}");
        }
        assert_eq!(book_path(" BOOK:b.txt"), Some("b.txt"));
        assert_eq!(book_path("bo"), None);
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
        let solver = Arc::new(Solver::new());
        let err = super::player("grandmaster", &solver, 1).err().unwrap();
        assert!(err.to_string().contains("valid players are"), "{err}");
        for bad in ["lookahead-0", "lookahead-7", "lookahead-x", "lookahead-"] {
            assert_eq!(
                super::player(bad, &solver, 1).err(),
                Some(SpecError::BadDepth(bad.into()))
            );
        }
    }

    #[test]
    fn book_players_read_their_book() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/book-second.txt");
        assert_eq!(book_player(path).unwrap().side(), Side::Second);
        let err = book_player("no/such/file.txt").err().unwrap();
        assert!(
            err.to_string()
                .starts_with("cannot use book 'no/such/file.txt'"),
            "{err}"
        );
    }
}

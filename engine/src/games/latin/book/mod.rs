//! The strategy book as a player reads it: the perfect player written down as a dictionary
//! from positions to moves, one side's, one [`BookLine`] a line (`#` starts a comment), once
//! per symmetry class. The tools that make and check books are in the research crate.

pub mod notation;
pub mod obvious;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub use notation::BookLine;
pub use notation::book_cells;
pub use obvious::obvious_move;

use crate::core::bounded;
use crate::core::words::{plural, quote};
use crate::games::latin::game::{Board, Cell, Side, Symmetries};

#[derive(Debug, thiserror::Error)]
pub enum BookError {
    #[error("cannot read {}: {error}", .path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A line is not in the notation, or does not fit the book's side.
    #[error("line {line}: {reason}: {}", quote(.text))]
    Malformed {
        line: usize,
        text: String,
        reason: String,
    },
    #[error(
        "line {line}: position {position} is already in the book on line {earlier} \
         (up to symmetry)"
    )]
    Duplicate {
        line: usize,
        earlier: usize,
        position: String,
    },
    #[error("the book has no entries")]
    Empty,
}

/// A line of a book file with its 1-based line number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Numbered {
    pub number: usize,
    pub line: BookLine,
}

/// A side's book: its lines in file order.
#[derive(Clone, Debug)]
pub struct Book {
    side: Side,
    lines: Vec<Numbered>,
}

impl Book {
    /// A book from lines that all belong to `side` (numbered 1.. in order).
    pub fn from_lines(side: Side, lines: impl IntoIterator<Item = BookLine>) -> Book {
        let lines = lines
            .into_iter()
            .enumerate()
            .map(|(i, line)| {
                debug_assert_eq!(line.side, side);
                let number = i + 1;
                Numbered { number, line }
            })
            .collect();
        Book { side, lines }
    }

    /// Reads a book file (within the caps of [`bounded::BOOK`]).
    pub fn read(path: &Path, side: Option<Side>) -> Result<Book, BookError> {
        let text =
            bounded::read_text_file(path, &bounded::BOOK).map_err(|error| BookError::Io {
                path: path.to_path_buf(),
                error,
            })?;
        Book::parse(&text, side)
    }

    /// Reads book text. With `side` given every line must belong to that side's book;
    /// without, the first entry decides and every other line must agree.
    pub fn parse(text: &str, side: Option<Side>) -> Result<Book, BookError> {
        let mut expected = side.map(|s| (s, None));
        let mut lines = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let number = i + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let malformed = |reason: String| BookError::Malformed {
                line: number,
                text: trimmed.to_string(),
                reason,
            };
            let line = BookLine::parse(trimmed).map_err(|e| malformed(e.to_string()))?;
            match expected {
                None => expected = Some((line.side, Some(number))),
                Some((want, decided_by)) if want != line.side => {
                    let why = match decided_by {
                        Some(first) => format!("line {first} is"),
                        None => "the book was asked for".to_string(),
                    };
                    return Err(malformed(format!(
                        "this is an entry of the {} player's book, but {why} the {} player's",
                        line.side.name(),
                        want.name()
                    )));
                }
                Some(_) => {}
            }
            lines.push(Numbered { number, line });
        }
        match expected {
            Some((side, _)) if !lines.is_empty() => Ok(Book { side, lines }),
            _ => Err(BookError::Empty),
        }
    }

    pub fn side(&self) -> Side {
        self.side
    }

    pub fn lines(&self) -> &[Numbered] {
        &self.lines
    }

    /// How many positions the lines stand for (wildcards expanded).
    pub fn positions(&self) -> usize {
        self.lines.iter().map(|n| n.line.positions().len()).sum()
    }

    /// The book as text: a short header, then one line per entry in the stored order.
    pub fn to_text(&self) -> String {
        let side = self.side;
        let mut text = format!(
            "# Tic-Tac-Latin strategy book for the {} player: {}, {}.\n\
             # Cells a1..d4: . empty, x o stones, {} the move; {} wildcards (one line per \
             position each).\n",
            side.name(),
            plural(self.lines.len() as u64, "line", "lines"),
            plural(self.positions() as u64, "position", "positions"),
            side.letter(),
            side.other().letter(),
        );
        for n in &self.lines {
            text.push_str(&n.line.to_string());
            text.push('\n');
        }
        text
    }

    /// The lookup table by canonical key; fails when two positions are the same up to
    /// symmetry.
    pub fn index(&self, syms: &Symmetries) -> Result<BookIndex, BookError> {
        let mut map: HashMap<u32, IndexEntry> = HashMap::new();
        for n in &self.lines {
            for position in n.line.positions() {
                let (key, s) = syms.canonical(position);
                let entry = IndexEntry {
                    play: syms.cell(s, n.line.play),
                    line: n.number,
                    position,
                    written_play: n.line.play,
                };
                if let Some(earlier) = map.insert(key, entry) {
                    return Err(BookError::Duplicate {
                        line: n.number,
                        earlier: earlier.line,
                        position: book_cells(position),
                    });
                }
            }
        }
        Ok(BookIndex { map })
    }
}

/// One position of a book, as found by [`BookIndex::lookup`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IndexEntry {
    /// The move, in the coordinates of the canonical image.
    play: Cell,
    pub line: usize,
    /// The position and the move as written in the book.
    pub position: Board,
    pub written_play: Cell,
}

/// A book's positions by canonical key, for lookups up to symmetry.
#[derive(Clone, Debug)]
pub struct BookIndex {
    map: HashMap<u32, IndexEntry>,
}

impl BookIndex {
    /// The book's move for `board` (mapped back from the stored image), its canonical key
    /// and the entry it came from; `None` when the book has no entry for it.
    pub fn lookup(&self, syms: &Symmetries, board: Board) -> Option<(Cell, u32, IndexEntry)> {
        let (key, s) = syms.canonical(board);
        let entry = self.map.get(&key)?;
        // The stored move is in the canonical image; symmetry `s` maps `board` onto that
        // image, so its inverse maps the move back onto `board`.
        Some((syms.cell_from(s, entry.play), key, *entry))
    }
}

/// Lines in the book's stable order: fewer stones first (so the book reads in the order of
/// play), then by text.
pub fn sort_lines(lines: &mut [BookLine]) {
    lines.sort_by_cached_key(|line| {
        let stones = line.base.moves_made() + u32::from(line.wildcards != 0);
        (stones, line.to_string())
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::words::one_per_line;

    #[test]
    fn read_errors_name_the_file_or_the_line() {
        let said = one_per_line([
            BookError::Io {
                path: PathBuf::from("book.txt"),
                error: std::io::Error::other("gone"),
            },
            BookError::Malformed {
                line: 2,
                text: "X..".to_string(),
                reason: "too short".to_string(),
            },
            BookError::Duplicate {
                line: 5,
                earlier: 3,
                position: "x...".to_string(),
            },
            BookError::Empty,
        ]);
        let expected = "\
cannot read book.txt: gone
line 2: too short: 'X..'
line 5: position x... is already in the book on line 3 (up to symmetry)
the book has no entries";
        assert_eq!(said, expected);
    }

    #[test]
    fn parse_skips_comments_and_numbers_lines() {
        let book = Book::parse("# a comment\n\nX...............\n", None).unwrap();
        assert_eq!(book.side(), Side::First);
        assert_eq!(book.lines()[0].number, 3);
    }

    #[test]
    fn malformed_lines_are_named_by_number() {
        let err = Book::parse("X...............\n.....xX..o......\nxo\n", None).unwrap_err();
        assert!(
            err.to_string().starts_with("line 3: expected 16 cells"),
            "{err}"
        );
        let err = Book::parse("# c\nX...............\nx..O............\n", None).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("line 3: this is an entry of the second player's book, but line 2"),
            "{err}"
        );
        let err = Book::parse("X...............\n", Some(Side::Second)).unwrap_err();
        assert!(err.to_string().starts_with("line 1:"), "{err}");
        assert!(matches!(
            Book::parse("# only\n", None),
            Err(BookError::Empty)
        ));
    }

    #[test]
    fn duplicates_up_to_symmetry_are_refused() {
        let syms = Symmetries::default();
        // O on d1 and O on a4 are mirror images across the a1-d4 diagonal, which fixes a1.
        let book = Book::parse("x..O............\nx...........O...\n", None).unwrap();
        let err = book.index(&syms).unwrap_err();
        assert!(err.to_string().starts_with("line 2:"), "{err}");
    }

    #[test]
    fn lookup_maps_the_move_back_through_the_symmetry() {
        let syms = Symmetries::default();
        let book = Book::parse("x..O............\n", None).unwrap();
        let index = book.index(&syms).unwrap();
        // Every image of the position gets a move that leads to an image of the book's
        // move (the same cell is not required: x on a1 alone has symmetries of its own).
        let written = book.lines()[0].line.positions()[0];
        let after = syms.canonical_key(written.with_move("d1".parse().unwrap()));
        for s in 0..32 {
            let board = syms.apply(s, written);
            let (play, _, entry) = index.lookup(&syms, board).unwrap();
            assert_eq!(entry.line, 1);
            assert_eq!(board.at(play), None);
            assert_eq!(
                syms.canonical_key(board.with_move(play)),
                after,
                "symmetry {s}"
            );
        }
    }
}

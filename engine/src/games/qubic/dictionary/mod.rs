//! X's strategy as a dictionary from positions (X to move) to X's move, one entry per
//! symmetry class, on any [`Geometry`]. Its export and compression tools are in the research
//! crate (`research/src/dictionary`).

pub mod runlength;
pub mod verify;
pub mod wildcard;

use std::collections::hash_map::Entry;
use std::path::PathBuf;

use super::board::{FastMap, QubicBoard, Side};
use super::geometry::Geometry;
use crate::core::bounded;
use crate::core::words::{plural, quote, quote_char};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DictionaryEntry {
    pub line: usize,
    pub board: QubicBoard,
    pub play: usize,
}

/// Wildcards expanded, in file order.
#[derive(Clone, Debug, Default)]
pub struct Dictionary {
    pub entries: Vec<DictionaryEntry>,
}

/// Patashnik's files keep positions canonical; one compressed up to symmetry may hold any
/// image.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Canonical {
    Required,
    AnyImage,
}

impl Dictionary {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// When two entries hold one symmetry class, the first is used and the later one listed
    /// in [`Index::repeats`] (the small example's dictionary names two winning moves for some).
    pub fn index<G: Geometry + ?Sized>(&self, g: &G) -> Index {
        let mut map = FastMap::with_capacity_and_hasher(self.entries.len(), Default::default());
        let mut repeats = Vec::new();
        for (i, entry) in self.entries.iter().enumerate() {
            let (canon, sym) = g.canonical(entry.board);
            match map.entry(canon) {
                Entry::Occupied(_) => repeats.push(i),
                Entry::Vacant(slot) => {
                    slot.insert(g.map_cell(sym, entry.play) as u8);
                }
            }
        }
        Index { map, repeats }
    }
}

#[derive(Clone, Debug)]
pub struct Index {
    map: FastMap<QubicBoard, u8>,
    /// Indices of the entries whose class an earlier entry holds.
    pub repeats: Vec<usize>,
}

impl Index {
    /// X's move, in canonical coordinates, for a position in canonical form.
    #[inline]
    pub fn get(&self, canonical: QubicBoard) -> Option<usize> {
        self.map.get(&canonical).map(|&play| usize::from(play))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DictionaryError {
    #[error("cannot read {}: {error}", .path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("line {line}: {problem}: {}", quote(.text))]
    Line {
        line: usize,
        text: String,
        problem: LineProblem,
    },
    #[error("the dictionary has no entries")]
    Empty,
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LineProblem {
    #[error(
        "bad character {} at {cell}: use . x o, X for the move, O for wildcards",
        quote_char(*.ch)
    )]
    BadCharacter { ch: char, cell: String },
    #[error(
        "{}, expected {expected} (one per cell)",
        plural(*.found as u64, "character", "characters")
    )]
    Length { found: usize, expected: usize },
    #[error("the position runs to {found} cells, the board has {expected}")]
    TooManyCells { found: usize, expected: usize },
    #[error("no move")]
    NoMove,
    #[error("more than one move (X)")]
    SeveralMoves,
    #[error("the move {} is not a cell number", quote(.0))]
    BadMove(String),
    #[error("the move {0} is on a stone")]
    MoveTaken(String),
    #[error("uneven counts: {x} x and {o} o, but X to move needs as many of each")]
    UnevenCounts { x: u32, o: u32 },
    #[error("a finished game: {} already has four in a line", .winner.letter())]
    Finished { winner: Side },
    #[error("not canonical: a symmetric image is smaller (x < o < empty, cells in order)")]
    NotCanonical,
}

pub fn check_position<G: Geometry + ?Sized>(
    g: &G,
    board: QubicBoard,
    canonical: Canonical,
) -> Result<(), LineProblem> {
    let (x, o) = (board.x().count_ones(), board.o().count_ones());
    if x != o {
        return Err(LineProblem::UnevenCounts { x, o });
    }
    if let Some(winner) = g.winner(board) {
        return Err(LineProblem::Finished { winner });
    }
    if canonical == Canonical::Required && !g.is_canonical(board) {
        return Err(LineProblem::NotCanonical);
    }
    Ok(())
}

/// Line numbers and texts, skipping blank lines, `#` comments and a header (up to a line of
/// dashes, as in Patashnik's file).
pub fn entry_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let header_end = text
        .lines()
        .position(|l| l.len() >= 3 && l.trim_end().bytes().all(|b| b == b'-'))
        .map_or(0, |i| i + 1);
    text.lines()
        .enumerate()
        .skip(header_end)
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
}

/// Lines of exactly one character per cell are wildcards, anything else run-length.
pub fn parse<G: Geometry + ?Sized>(
    g: &G,
    text: &str,
    canonical: Canonical,
) -> Result<Dictionary, DictionaryError> {
    let mut entries = Vec::new();
    for (number, line) in entry_lines(text) {
        let located = |problem| DictionaryError::Line {
            line: number,
            text: line.to_string(),
            problem,
        };
        let wildcard = line.trim().chars().count() == g.cells() && !line.trim().contains(' ');
        let parsed = if wildcard {
            wildcard::parse_line(g, line.trim(), canonical)
        } else {
            runlength::parse_line(g, line, canonical).map(|e| vec![e])
        };
        for (board, play) in parsed.map_err(located)? {
            entries.push(DictionaryEntry {
                line: number,
                board,
                play,
            });
        }
    }
    if entries.is_empty() {
        return Err(DictionaryError::Empty);
    }
    Ok(Dictionary { entries })
}

pub fn read_text(path: &std::path::Path) -> Result<String, DictionaryError> {
    bounded::read_text_file(path, &bounded::BOOK).map_err(|error| DictionaryError::Io {
        path: path.to_path_buf(),
        error,
    })
}

pub const PATASHNIK: &str = include_str!("../../../../assets/qubic/qubic.dictionary");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::words::one_per_line;

    #[test]
    fn line_problems_read_as_sentences() {
        let said = |problem: LineProblem| problem.to_string();
        assert_eq!(
            said(LineProblem::BadCharacter {
                ch: 'z',
                cell: "1a2".to_string()
            }),
            "bad character 'z' at 1a2: use . x o, X for the move, O for wildcards"
        );
        assert_eq!(
            said(LineProblem::Length {
                found: 1,
                expected: 64
            }),
            "1 character, expected 64 (one per cell)"
        );
        assert_eq!(
            said(LineProblem::TooManyCells {
                found: 70,
                expected: 64
            }),
            "the position runs to 70 cells, the board has 64"
        );
        assert_eq!(said(LineProblem::NoMove), "no move");
        assert_eq!(said(LineProblem::SeveralMoves), "more than one move (X)");
        assert_eq!(
            said(LineProblem::BadMove("q".to_string())),
            "the move 'q' is not a cell number"
        );
        assert_eq!(
            said(LineProblem::MoveTaken("12".to_string())),
            "the move 12 is on a stone"
        );
        assert_eq!(
            said(LineProblem::UnevenCounts { x: 2, o: 1 }),
            "uneven counts: 2 x and 1 o, but X to move needs as many of each"
        );
        assert_eq!(
            said(LineProblem::Finished {
                winner: Side::Second
            }),
            "a finished game: O already has four in a line"
        );
        assert_eq!(
            said(LineProblem::NotCanonical),
            "not canonical: a symmetric image is smaller (x < o < empty, cells in order)"
        );
    }

    #[test]
    fn read_errors_name_the_file_or_the_line() {
        let said = one_per_line([
            DictionaryError::Io {
                path: PathBuf::from("dict.txt"),
                error: std::io::Error::other("gone"),
            },
            DictionaryError::Line {
                line: 3,
                text: "x y".to_string(),
                problem: LineProblem::NoMove,
            },
            DictionaryError::Empty,
        ]);
        let expected = "\
cannot read dict.txt: gone
line 3: no move: 'x y'
the dictionary has no entries";
        assert_eq!(said, expected);
    }
}

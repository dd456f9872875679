//! X's strategy written down as a dictionary from positions (X to move) to X's move, stored
//! once per symmetry class: the two file formats and the verifier (the prover checks its
//! proofs with it). The tools that export and compress dictionaries are in the research
//! crate (`tictaclatin book`).
//! Everything here is written against [`Geometry`], so it works on both boards.

pub mod runlength;
pub mod verify;
pub mod wildcard;

use std::path::PathBuf;

use super::board::{QubicBoard, Side};
use super::geometry::Geometry;
use super::hash::FastMap;
use crate::core::bounded;
use crate::core::words::{plural, quote, quote_char};

/// One position of a dictionary with X's move, and the file line it came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DictionaryEntry {
    pub line: usize,
    pub board: QubicBoard,
    pub play: usize,
}

/// The positions of a dictionary file, wildcards expanded, in file order.
#[derive(Clone, Debug, Default)]
pub struct Dictionary {
    pub entries: Vec<DictionaryEntry>,
}

/// Whether a file's positions must be canonical (Patashnik's convention) or may be any image
/// (a dictionary compressed up to symmetry).
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

    /// The lookup table by canonical form. When two entries hold one symmetry class, the
    /// first is used and the later one is listed in [`Index::repeats`] (with whether its
    /// move differs: the small example's dictionary names two different winning moves for some
    /// positions).
    pub fn index<G: Geometry + ?Sized>(&self, g: &G) -> Index {
        let mut map: FastMap<QubicBoard, (u8, u32)> = FastMap::default();
        map.reserve(self.entries.len());
        let mut repeats = Vec::new();
        for (i, entry) in self.entries.iter().enumerate() {
            let (canon, sym) = g.canonical(entry.board);
            let play = g.map_cell(sym, entry.play);
            if let Some(&(earlier_play, earlier)) = map.get(&canon) {
                let after = |cell: usize| g.canonical(canon.with_stone(cell, Side::First)).0;
                repeats.push(Repeat {
                    entry: i,
                    earlier: earlier as usize,
                    same_move: after(earlier_play as usize) == after(play),
                });
                continue;
            }
            map.insert(canon, (play as u8, i as u32));
        }
        Index { map, repeats }
    }
}

/// An entry whose symmetry class an earlier entry already holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Repeat {
    /// Indices into the dictionary's entries.
    pub entry: usize,
    pub earlier: usize,
    /// The two moves lead to the same position up to symmetry.
    pub same_move: bool,
}

/// A dictionary's positions by canonical form, each with X's move in canonical coordinates
/// and the index of its entry.
#[derive(Clone, Debug)]
pub struct Index {
    map: FastMap<QubicBoard, (u8, u32)>,
    /// Entries whose class an earlier entry already holds; the earlier one is used.
    pub repeats: Vec<Repeat>,
}

impl Index {
    /// X's move for a position already in canonical form, and its entry's index.
    #[inline]
    pub fn get(&self, canonical: QubicBoard) -> Option<(usize, usize)> {
        self.map
            .get(&canonical)
            .map(|&(play, entry)| (play as usize, entry as usize))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DictionaryError {
    #[error("cannot read {}: {error}", .path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// A line that is not a dictionary entry.
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
    /// A character that is no cell; `cell` names where it stands.
    #[error(
        "bad character {} at {cell}: use . x o, X for the move, O for wildcards",
        quote_char(*.ch)
    )]
    BadCharacter { ch: char, cell: String },
    /// A wildcard line of the wrong length.
    #[error(
        "{}, expected {expected} (one per cell)",
        plural(*.found as u64, "character", "characters")
    )]
    Length { found: usize, expected: usize },
    #[error("the position runs to {found} cells, the board has {expected}")]
    TooManyCells { found: usize, expected: usize },
    /// No move given (no `X` in a wildcard line, nothing after the position).
    #[error("no move")]
    NoMove,
    #[error("more than one move (X)")]
    SeveralMoves,
    #[error("the move {} is not a cell number", quote(.0))]
    BadMove(String),
    #[error("the move {0} is on a stone")]
    MoveTaken(String),
    /// X to move needs as many x as o (counting one o for `O` wildcards).
    #[error("uneven counts: {x} x and {o} o, but X to move needs as many of each")]
    UnevenCounts { x: u32, o: u32 },
    #[error("a finished game: {} already has four in a line", .winner.letter())]
    Finished { winner: Side },
    #[error("not canonical: a symmetric image is smaller (x < o < empty, cells in order)")]
    NotCanonical,
}

/// The checks every dictionary position passes: X to move (even counts), nobody has won,
/// canonical when required.
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

/// The lines of a file that hold entries: line number and text, skipping blank lines,
/// `#` comments and a header (everything up to a line of dashes, as in Patashnik's file).
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

/// Reads a dictionary in either format: lines of exactly one character per cell are the
/// wildcard notation, anything else is run-length.
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

/// Reads a dictionary file; see [`parse`].
pub fn read<G: Geometry + ?Sized>(
    g: &G,
    path: &std::path::Path,
    canonical: Canonical,
) -> Result<Dictionary, DictionaryError> {
    parse(g, &read_text(path)?, canonical)
}

/// The text of a dictionary file, within the caps of [`bounded::BOOK`].
pub fn read_text(path: &std::path::Path) -> Result<String, DictionaryError> {
    bounded::read_text_file(path, &bounded::BOOK).map_err(|error| DictionaryError::Io {
        path: path.to_path_buf(),
        error,
    })
}

/// Patashnik's dictionary as shipped in `assets/qubic/` (with its header and credit).
pub const PATASHNIK: &str = include_str!("../../../../../assets/qubic/qubic.dictionary");

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

//! Checking a book by rolling out every game: the book's side follows the book (up to
//! symmetry, with the obvious moves where the book leaves them out) and the opponent tries
//! every move. Each move the book makes is compared with the solver's exact values; this
//! shares nothing with the export beyond the solver's table.

use std::collections::HashSet;
use std::fmt;

use super::notation::book_cells;
use super::obvious::obvious_move;
use super::{Book, BookError, Index, IndexEntry};
use crate::core::words::plural;
use crate::games::latin::game::{Board, Cell, Side, Status, Symmetries};
use crate::games::latin::solver::{Solver, Value};

/// A book that holds: what the roll-out saw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Verified {
    /// Positions (up to symmetry) where the book's side had to move.
    pub positions: usize,
    /// Of those, how many the book answered (every one of its entries).
    pub from_book: usize,
    /// Of those, how many were left to the obvious move.
    pub obvious: usize,
}

/// Why a book fails.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Unsound {
    /// Two entries for one position, up to symmetry (or another problem of the file).
    Malformed(String),
    /// A reachable position with no entry and no obvious move, in canonical form (as an
    /// exported book would write it).
    NoEntry { position: Board },
    /// The book's move is worse than the position's value. `line` is `None` for an obvious
    /// move the player found itself; for an entry, the position and move are as written.
    WorseMove {
        line: Option<usize>,
        position: Board,
        play: Cell,
        got: Value,
        best: Value,
    },
    /// A game the book's side lost.
    Lost { position: Board },
    /// An entry no game following the book reaches.
    Unreachable { line: usize, position: Board },
}

impl fmt::Display for Unsound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsound::Malformed(message) => f.write_str(message),
            Unsound::NoEntry { position } => write!(
                f,
                "no entry for position {} ({}, {} to move), and its move is not obvious",
                book_cells(*position),
                position,
                position.to_move().letter()
            ),
            Unsound::WorseMove {
                line,
                position,
                play,
                got,
                best,
            } => {
                match line {
                    Some(line) => write!(f, "line {line}: ")?,
                    None => write!(f, "obvious move: ")?,
                }
                write!(
                    f,
                    "in position {} ({}) the book plays {play}, into a {got} for the side \
                     playing it, but the position is a {best}",
                    book_cells(*position),
                    position
                )
            }
            Unsound::Lost { position } => write!(
                f,
                "the book's side loses the game ending in {} ({})",
                book_cells(*position),
                position
            ),
            Unsound::Unreachable { line, position } => write!(
                f,
                "line {line}: position {} ({}) is never reached when the book is followed",
                book_cells(*position),
                position
            ),
        }
    }
}

impl From<BookError> for Unsound {
    fn from(e: BookError) -> Unsound {
        Unsound::Malformed(e.to_string())
    }
}

/// Rolls out every game and checks the book; the first problem found is returned.
pub fn verify(book: &Book, solver: &Solver) -> Result<Verified, Unsound> {
    let syms = solver.symmetries();
    let index = book.index(syms)?;
    let mut rollout = Rollout {
        solver,
        syms,
        index: &index,
        side: book.side(),
        seen: HashSet::new(),
        used: HashSet::new(),
        counts: Verified {
            positions: 0,
            from_book: 0,
            obvious: 0,
        },
    };
    rollout.visit(Board::EMPTY)?;
    // Every entry must be used; report the first unused one in file order.
    for n in book.lines() {
        for position in n.line.positions() {
            if !rollout.used.contains(&syms.canonical_key(position)) {
                return Err(Unsound::Unreachable {
                    line: n.number,
                    position,
                });
            }
        }
    }
    Ok(rollout.counts)
}

/// `1 position`, `2 positions`.
fn positions(n: usize) -> String {
    plural(n as u64, "position", "positions")
}

/// The message of a book that holds, in the words, then the details.
pub fn summary(side: Side, v: &Verified) -> String {
    format!(
        "exhaustive: {}, the side never loses\n\
         ({} player's book: {} answered by the book, {} by the obvious move)",
        positions(v.positions),
        side.name(),
        positions(v.from_book),
        v.obvious
    )
}

struct Rollout<'a> {
    solver: &'a Solver,
    syms: &'a Symmetries,
    index: &'a Index,
    side: Side,
    /// Canonical keys already rolled out.
    seen: HashSet<u32>,
    /// Canonical keys of the entries the book was asked for.
    used: HashSet<u32>,
    counts: Verified,
}

impl Rollout<'_> {
    fn visit(&mut self, board: Board) -> Result<(), Unsound> {
        match board.status() {
            Status::Won(winner) if winner != self.side => {
                return Err(Unsound::Lost { position: board });
            }
            Status::InPlay => {}
            _ => return Ok(()),
        }
        // Symmetric positions have symmetric futures: each class is rolled out once.
        if !self.seen.insert(self.syms.canonical_key(board)) {
            return Ok(());
        }
        if board.to_move() != self.side {
            for reply in Cell::in_mask(board.empty_cells()) {
                self.visit(board.with_move(reply))?;
            }
            return Ok(());
        }
        let (play, entry) = self.book_move(board)?;
        let best = self.solver.value(board).expect("the game is on");
        let got = self
            .solver
            .move_value(board, play)
            .expect("the move is legal");
        if got < best {
            // Name an entry as it is written, so it can be found in the file.
            let (line, position, play) = match entry {
                Some(e) => (Some(e.line), e.position, e.written_play),
                None => (None, board, play),
            };
            return Err(Unsound::WorseMove {
                line,
                position,
                play,
                got,
                best,
            });
        }
        self.visit(board.with_move(play))
    }

    /// What a player following the book plays: the entry, else the obvious move.
    fn book_move(&mut self, board: Board) -> Result<(Cell, Option<IndexEntry>), Unsound> {
        self.counts.positions += 1;
        if let Some((play, key, entry)) = self.index.lookup(self.syms, board) {
            self.used.insert(key);
            self.counts.from_book += 1;
            return Ok((play, Some(entry)));
        }
        match obvious_move(board) {
            Some(play) => {
                self.counts.obvious += 1;
                Ok((play, None))
            }
            None => {
                // Name it in canonical form, as an exported book would write it.
                let (_, s) = self.syms.canonical(board);
                Err(Unsound::NoEntry {
                    position: self.syms.apply(s, board),
                })
            }
        }
    }
}

//! Checking a book by rolling out every game: the book's side follows the book (up to
//! symmetry, with the obvious moves where the book leaves them out) and the opponent tries
//! every move. Each move the book makes is compared with the solver's exact values; this
//! shares nothing with the export beyond the solver's table.

use std::collections::HashSet;

use tictaclatin_engine::core::Value;
use tictaclatin_engine::core::words::plural;
use tictaclatin_engine::games::latin::book::book_cells;
use tictaclatin_engine::games::latin::book::obvious_move;
use tictaclatin_engine::games::latin::book::{Book, BookIndex, IndexEntry};
use tictaclatin_engine::games::latin::game::{Board, Cell, Side, Status, Symmetries};
use tictaclatin_engine::games::latin::solver::Solver;

/// A book that holds: what the roll-out saw.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Verified {
    /// Positions (up to symmetry) where the book's side had to move.
    pub positions: usize,
    /// Of those, how many the book answered (every one of its entries).
    pub from_book: usize,
    /// Of those, how many were left to the obvious move.
    pub obvious: usize,
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Unsound {
    /// Two entries for one position, up to symmetry (or another problem of the file).
    #[error("{0}")]
    Malformed(String),
    /// A reachable position with no entry and no obvious move, in canonical form (as an
    /// exported book would write it).
    #[error(
        "no entry for position {} ({position}, {} to move), and its move is not obvious",
        book_cells(*.position),
        .position.to_move().letter()
    )]
    NoEntry { position: Board },
    /// The book's move is worse than the position's value. `line` is `None` for an obvious
    /// move the player found itself; for an entry, the position and move are as written.
    #[error(
        "{}in position {} ({position}) the book plays {play}, into a {got} for the side \
         playing it, but the position is a {best}",
        source_of(*.line),
        book_cells(*.position)
    )]
    WorseMove {
        line: Option<usize>,
        position: Board,
        play: Cell,
        got: Value,
        best: Value,
    },
    #[error(
        "the book's side loses the game ending in {} ({position})",
        book_cells(*.position)
    )]
    Lost { position: Board },
    #[error(
        "line {line}: position {} ({position}) is never reached when the book is followed",
        book_cells(*.position)
    )]
    Unreachable { line: usize, position: Board },
}

/// Where a move came from, to start a message: its book line, or the obvious move.
fn source_of(line: Option<usize>) -> String {
    line.map_or_else(
        || "obvious move: ".to_string(),
        |line| format!("line {line}: "),
    )
}

/// Rolls out every game and checks the book; the first problem found is returned.
pub fn verify(book: &Book, solver: &Solver) -> Result<Verified, Unsound> {
    let syms = solver.symmetries();
    let index = book
        .index(syms)
        .map_err(|e| Unsound::Malformed(e.to_string()))?;
    let mut rollout = Rollout {
        solver,
        syms,
        index: &index,
        side: book.side(),
        seen: HashSet::new(),
        used: HashSet::new(),
        counts: Verified::default(),
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
    index: &'a BookIndex,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_problem_names_the_position() {
        // X on a1, O on b1; printed by the board and by `book_cells` (shown independently).
        let text = "XO--/----/----/----";
        let position: Board = text.parse().unwrap();
        let cells = "xo..............";
        assert_eq!(book_cells(position), cells);
        assert_eq!(
            Unsound::Malformed("line 2: no move".into()).to_string(),
            "line 2: no move"
        );
        assert_eq!(
            Unsound::NoEntry { position }.to_string(),
            format!(
                "no entry for position {cells} ({text}, X to move), and its move is not obvious"
            )
        );
        let worse = |line| Unsound::WorseMove {
            line,
            position,
            play: Cell::new(5).unwrap(),
            got: Value::loss_in(3),
            best: Value::draw_in(14),
        };
        let tail = format!(
            "in position {cells} ({text}) the book plays b2, into a loss in 3 for the side \
             playing it, but the position is a draw"
        );
        assert_eq!(worse(Some(7)).to_string(), format!("line 7: {tail}"));
        assert_eq!(worse(None).to_string(), format!("obvious move: {tail}"));
        assert_eq!(
            Unsound::Lost { position }.to_string(),
            format!("the book's side loses the game ending in {cells} ({text})")
        );
        assert_eq!(
            Unsound::Unreachable { line: 4, position }.to_string(),
            format!("line 4: position {cells} ({text}) is never reached when the book is followed")
        );
    }
}

//! A player that knows nothing but its book: no solver, no search beyond the obvious moves.

use std::collections::HashSet;
use std::sync::Arc;

use crate::games::latin::book::{Book, BookError, BookIndex, obvious_move};
use crate::games::latin::game::{Board, Cell, Side, Symmetries};

/// Plays the book's move for any image of a book position, else the obvious move, else (a
/// hole, which a tournament refuses beforehand: [`BookPlayer::first_hole`]) the lowest empty
/// cell. Clones share the indexed book.
#[derive(Clone)]
pub struct BookPlayer {
    name: String,
    indexed: Arc<IndexedBook>,
}

/// A book indexed by canonical position, with the symmetry tables to look it up.
struct IndexedBook {
    side: Side,
    syms: Symmetries,
    index: BookIndex,
}

impl BookPlayer {
    /// Fails if two entries are the same position.
    pub fn new(book: &Book, name: impl Into<String>) -> Result<BookPlayer, BookError> {
        let syms = Symmetries::default();
        let index = book.index(&syms)?;
        Ok(BookPlayer {
            name: name.into(),
            indexed: Arc::new(IndexedBook {
                side: book.side(),
                syms,
                index,
            }),
        })
    }

    pub fn side(&self) -> Side {
        self.indexed.side
    }

    /// The first position a game following the book can reach (the other side trying every
    /// reply) where the book has neither an entry nor an obvious move, once per class.
    pub fn first_hole(&self) -> Option<Board> {
        let mut seen = HashSet::new();
        let mut stack = vec![Board::EMPTY];
        while let Some(board) = stack.pop() {
            if board.status().is_over() || !seen.insert(self.indexed.syms.canonical_key(board)) {
                continue;
            }
            if board.to_move() != self.side() {
                stack.extend(Cell::in_mask(board.empty_cells()).map(|c| board.with_move(c)));
                continue;
            }
            match self.book_move(board) {
                Some(play) => stack.push(board.with_move(play)),
                None => return Some(board),
            }
        }
        None
    }

    /// The book's move (or the obvious one), without the fallback.
    pub fn book_move(&self, board: Board) -> Option<Cell> {
        if board.status().is_over() {
            return None;
        }
        self.indexed
            .index
            .lookup(&self.indexed.syms, board)
            .map(|(play, _, _)| play)
            .or_else(|| obvious_move(board))
    }

    pub fn name(&self) -> String {
        self.name.clone()
    }

    pub fn choose(&mut self, board: Board) -> Option<Cell> {
        let lowest = || Cell::in_mask(board.empty_cells()).next();
        self.book_move(board).or_else(lowest)
    }
}

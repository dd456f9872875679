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
    out_of_book: u32,
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
        let syms = Symmetries::new();
        let index = book.index(&syms)?;
        Ok(BookPlayer {
            name: name.into(),
            indexed: Arc::new(IndexedBook {
                side: book.side(),
                syms,
                index,
            }),
            out_of_book: 0,
        })
    }

    pub fn side(&self) -> Side {
        self.indexed.side
    }

    /// Moves made without the book or an obvious move to go on.
    pub fn out_of_book(&self) -> u32 {
        self.out_of_book
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
}

impl BookPlayer {
    pub fn name(&self) -> String {
        self.name.clone()
    }

    pub fn choose(&mut self, board: Board) -> Option<Cell> {
        self.book_move(board).or_else(|| {
            self.out_of_book += 1;
            Cell::in_mask(board.empty_cells()).next()
        })
    }
}

//! Writing the perfect player down: every position, up to symmetry, that can arise when the
//! book's side follows `Solver::best_move` and the opponent plays anything.

use std::collections::HashSet;

use tictaclatin_engine::games::latin::book::BookLine;
use tictaclatin_engine::games::latin::book::obvious_move;
use tictaclatin_engine::games::latin::book::{Book, sort_lines};
use tictaclatin_engine::games::latin::game::{Board, Cell, Side, Symmetries};
use tictaclatin_engine::games::latin::solver::Solver;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ExportOptions {
    pub compress: bool,
    /// Leave out positions whose move is obvious (see [`obvious_move`]).
    pub omit_obvious: bool,
}

/// The book of the perfect player for `side`, one entry per canonical class, in the stable
/// order of [`sort_lines`].
pub fn export(solver: &Solver, side: Side, options: ExportOptions) -> Book {
    let mut walk = Walk {
        solver,
        syms: solver.symmetries(),
        side,
        seen: HashSet::new(),
        entries: Vec::new(),
    };
    walk.visit(Board::EMPTY);
    let mut lines: Vec<BookLine> = walk
        .entries
        .into_iter()
        .filter(|&(board, _)| !(options.omit_obvious && obvious_move(board).is_some()))
        .map(|(board, play)| BookLine::plain(board, play))
        .collect();
    sort_lines(&mut lines);
    let book = Book::from_lines(side, lines);
    if options.compress {
        super::compress(&book)
    } else {
        book
    }
}

/// A depth-first walk over canonical classes.
struct Walk<'a> {
    solver: &'a Solver,
    syms: &'a Symmetries,
    side: Side,
    /// Canonical keys already walked.
    seen: HashSet<u32>,
    /// Canonical positions where the book's side moves, with the perfect move there.
    entries: Vec<(Board, Cell)>,
}

impl Walk<'_> {
    fn visit(&mut self, board: Board) {
        if board.status().is_over() {
            return;
        }
        // Work on the canonical image, so each class is walked once and its entry is written
        // the way a reader looks it up: the book's move is the perfect move in that image.
        let (key, s) = self.syms.canonical(board);
        if !self.seen.insert(key) {
            return;
        }
        let board = self.syms.apply(s, board);
        if board.to_move() == self.side {
            let choice = self.solver.best_move(board).expect("the game is on");
            self.entries.push((board, choice.cell));
            self.visit(board.with_move(choice.cell));
        } else {
            for reply in Cell::in_mask(board.empty_cells()) {
                self.visit(board.with_move(reply));
            }
        }
    }
}

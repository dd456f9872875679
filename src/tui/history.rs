//! The moves of the game on the board and the moves taken back (for redo), and the
//! positions they lead to.

use crate::game::{Board, Cell, Side};

/// The moves played, oldest first, and the moves taken back, next to redo last.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct History {
    moves: Vec<Cell>,
    redo: Vec<Cell>,
}

impl History {
    /// A game resumed at these moves, with nothing to redo.
    pub fn from_moves(moves: Vec<Cell>) -> History {
        History {
            moves,
            redo: Vec::new(),
        }
    }

    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// The position after every move played.
    pub fn board(&self) -> Board {
        board_after(&self.moves)
    }

    /// The position after the first `n` moves (all of them when there are fewer).
    pub fn board_at(&self, n: usize) -> Board {
        board_after(&self.moves[..n.min(self.moves.len())])
    }

    /// Plays a new move. A new move starts a new line of play, so the redo stack goes.
    pub fn play(&mut self, cell: Cell) {
        self.redo.clear();
        self.moves.push(cell);
    }

    /// Takes back moves, newest first, up to and including one whose side `stop` accepts;
    /// returns them in the order they were played. Takes back nothing when no such move
    /// exists.
    pub fn take_back(&mut self, stop: impl Fn(Side) -> bool) -> Vec<Cell> {
        let Some(keep) = (0..self.moves.len()).rev().find(|&i| stop(side_of_ply(i))) else {
            return Vec::new();
        };
        let popped: Vec<Cell> = self.moves.drain(keep..).collect();
        self.redo.extend(popped.iter().rev());
        popped
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Plays again the newest move taken back, if any.
    pub fn redo_one(&mut self) -> Option<Cell> {
        let cell = self.redo.pop()?;
        self.moves.push(cell);
        Some(cell)
    }
}

/// The position after these moves, from the empty board.
pub fn board_after(moves: &[Cell]) -> Board {
    moves
        .iter()
        .fold(Board::EMPTY, |board, &cell| board.with_move(cell))
}

/// The side that made the move at this 0-based ply.
pub fn side_of_ply(ply: usize) -> Side {
    if ply.is_multiple_of(2) {
        Side::First
    } else {
        Side::Second
    }
}

/// Cells as one would type them: `b2 c3`.
pub fn join(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
    names.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(names: &str) -> History {
        let mut history = History::default();
        for name in names.split_whitespace() {
            history.play(name.parse().unwrap());
        }
        history
    }

    #[test]
    fn boards_follow_the_moves() {
        let h = played("b2 c3 a1");
        assert_eq!(h.board().moves_made(), 3);
        assert_eq!(h.board().to_move(), Side::Second);
        assert_eq!(h.board_at(1), board_after(&h.moves()[..1]));
        assert_eq!(h.board_at(99), h.board());
    }

    #[test]
    fn taking_back_stops_at_the_side_asked_and_redo_replays_in_order() {
        let mut h = played("b2 c3 a1 d4");
        let popped = h.take_back(|side| side == Side::First);
        assert_eq!(join(&popped), "a1 d4");
        assert_eq!(join(h.moves()), "b2 c3");
        assert_eq!(h.redo_one().map(|c| c.to_string()), Some("a1".into()));
        assert_eq!(h.redo_one().map(|c| c.to_string()), Some("d4".into()));
        assert!(!h.can_redo());
        assert_eq!(h.redo_one(), None);
    }

    #[test]
    fn nothing_is_taken_back_without_a_move_of_that_side() {
        let mut h = played("b2");
        assert!(h.take_back(|side| side == Side::Second).is_empty());
        assert_eq!(join(h.moves()), "b2");
    }

    #[test]
    fn a_new_move_clears_what_could_be_redone() {
        let mut h = played("b2 c3");
        h.take_back(|_| true);
        assert!(h.can_redo());
        h.play("a1".parse().unwrap());
        assert!(!h.can_redo());
        assert_eq!(join(h.moves()), "b2 a1");
    }
}

//! The board as a `dyn Position`, and back.

use super::board::QubicBoard;
use super::cell::{CELLS, QubicCell, bits};
use crate::core::{CellId, MarkedLine, Move, MoveError, Position, Side, Status};
use crate::games::kit::placing::placements;

impl QubicBoard {
    /// Read cell by cell when the position is not a `QubicBoard`.
    pub fn of(position: &dyn Position) -> QubicBoard {
        if let Some(board) = position.as_any().downcast_ref::<QubicBoard>() {
            return *board;
        }
        (0..CELLS).fold(QubicBoard::EMPTY, |b, c| {
            match position.at(CellId::new(c)) {
                Some(side) => b.with_stone(c, side),
                None => b,
            }
        })
    }
}

// The board's own methods are called by path: `self.status()` here would be this trait's.
impl Position for QubicBoard {
    fn at(&self, cell: CellId) -> Option<Side> {
        (cell.index() < CELLS)
            .then(|| QubicBoard::at(*self, cell.index()))
            .flatten()
    }

    fn to_move(&self) -> Side {
        QubicBoard::to_move(*self)
    }

    fn status(&self) -> Status {
        QubicBoard::status(*self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        let empty = bits(!self.occupied()).map(CellId::new);
        placements(QubicBoard::status(*self), empty)
    }

    fn play(&self, mv: Move) -> Result<Box<dyn Position>, MoveError> {
        let cell = mv.placed();
        if QubicBoard::status(*self).is_over() {
            return Err(MoveError::GameOver);
        }
        let Some(c) = QubicCell::new(cell.index()) else {
            return Err(MoveError::NotAllowed(format!(
                "no cell {}: numbers run from 0 to 63",
                cell.index()
            )));
        };
        if QubicBoard::at(*self, c.index()).is_some() {
            return Err(MoveError::Taken(format!("{c} is taken")));
        }
        Ok(Box::new(self.with_move(c.index())))
    }

    fn text(&self) -> String {
        QubicBoard::text(*self)
    }

    fn stones(&self) -> usize {
        QubicBoard::stones(*self) as usize
    }

    fn marked_lines(&self) -> Vec<MarkedLine> {
        self.winning_line()
            .map(|(side, line)| MarkedLine {
                cells: bits(line).map(CellId::new).collect(),
                side,
            })
            .into_iter()
            .collect()
    }
}

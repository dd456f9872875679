//! The board behind `dyn Position`, read by the players and the adapter alike.

use super::board::QubicBoard;
use super::cell::{CELLS, QubicCell};
use crate::core::{CellId, MarkedLine, Move, MoveError, Position, Side, Status};
use crate::games::kit::placing::placements;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct QubicPosition(pub QubicBoard);

impl QubicPosition {
    /// Read cell by cell when the position is not a `QubicPosition`.
    pub fn board_of(position: &dyn Position) -> QubicBoard {
        if let Some(p) = position.as_any().downcast_ref::<QubicPosition>() {
            return p.0;
        }
        (0..CELLS).fold(QubicBoard::EMPTY, |b, c| {
            match position.at(CellId::new(c)) {
                Some(side) => b.with_stone(c, side),
                None => b,
            }
        })
    }
}

impl Position for QubicPosition {
    fn at(&self, cell: CellId) -> Option<Side> {
        (cell.index() < CELLS)
            .then(|| self.0.at(cell.index()))
            .flatten()
    }

    fn to_move(&self) -> Side {
        self.0.to_move()
    }

    fn status(&self) -> Status {
        self.0.status()
    }

    fn legal_moves(&self) -> Vec<Move> {
        let empty = (0..CELLS).filter(|&c| self.0.at(c).is_none());
        placements(self.0.status(), empty.map(CellId::new))
    }

    fn play(&self, mv: Move) -> Result<Box<dyn Position>, MoveError> {
        let cell = mv.placed();
        if self.0.status().is_over() {
            return Err(MoveError::GameOver);
        }
        let Some(c) = QubicCell::new(cell.index()) else {
            return Err(MoveError::NotAllowed(format!(
                "no cell {}: numbers run from 0 to 63",
                cell.index()
            )));
        };
        if self.0.at(c.index()).is_some() {
            return Err(MoveError::Taken(format!("{c} is taken")));
        }
        Ok(Box::new(QubicPosition(self.0.with_move(c.index()))))
    }

    fn text(&self) -> String {
        self.0.text()
    }

    fn stones(&self) -> usize {
        self.0.stones() as usize
    }

    fn marked_lines(&self) -> Vec<MarkedLine> {
        self.0
            .winning_line()
            .map(|(side, line)| MarkedLine {
                cells: super::cell::bits(line).map(CellId::new).collect(),
                side,
            })
            .into_iter()
            .collect()
    }
}

//! A Tic-Tac-Latin board as the core interface sees it, and the cell names between the
//! two: read by the adapter and by the players (so neither imports the other for it).

use super::game::{Board, Cell};
use crate::core::{CellId, MarkedLine, Move, MoveError, Position, Side, Status};
use crate::games::kit::placing::{off_board, placements};

pub fn cell_id(cell: Cell) -> CellId {
    CellId::new(cell.index())
}

pub fn latin_cell(cell: CellId) -> Option<Cell> {
    u8::try_from(cell.index()).ok().and_then(Cell::new)
}

pub fn board_of(position: &dyn Position) -> Option<Board> {
    position.as_any().downcast_ref::<Board>().copied()
}

impl Position for Board {
    fn at(&self, cell: CellId) -> Option<Side> {
        latin_cell(cell).and_then(|c| Board::at(*self, c))
    }

    fn to_move(&self) -> Side {
        Board::to_move(*self)
    }

    fn status(&self) -> Status {
        Board::status(*self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        placements(
            Board::status(*self),
            Cell::in_mask(self.empty_cells()).map(cell_id),
        )
    }

    fn play(&self, mv: Move) -> Result<Box<dyn Position>, MoveError> {
        let c = latin_cell(mv.placed()).ok_or_else(|| off_board(mv.placed(), 4))?;
        Ok(Box::new(Board::play(*self, c)?))
    }

    fn text(&self) -> String {
        self.to_string()
    }

    fn stones(&self) -> usize {
        self.moves_made() as usize
    }

    fn marked_lines(&self) -> Vec<MarkedLine> {
        self.scoring_lines()
            .map(|(line, side)| MarkedLine {
                cells: Cell::in_mask(line).map(cell_id).collect(),
                side,
            })
            .collect()
    }
}

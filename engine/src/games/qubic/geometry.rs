//! A board's cells, lines and symmetries, for the dictionary tools and the threat search:
//! Qubic's, and the small example's (4x4, three in a row), so one verifier runs on both.
//! At most 64 cells, held in a [`QubicBoard`]'s two masks; a line is a mask of cells.

use super::board::{QubicBoard, Side};
use super::cell::{QubicCell, bits};
use super::lines::{self, LINES};
use super::symmetry::{self, Symmetries, lex_cmp};

pub trait Geometry: Send + Sync {
    fn cells(&self) -> usize;

    /// All of one length.
    fn lines(&self) -> &[u64];

    fn lines_through(&self, cell: usize) -> &[u64];

    fn symmetry_count(&self) -> usize;

    fn map_cell(&self, sym: u8, cell: usize) -> usize;

    fn inverse(&self, sym: u8) -> u8;

    fn apply(&self, sym: u8, board: QubicBoard) -> QubicBoard;

    /// The smallest image (cells in order, x < o < empty) and a symmetry giving it.
    fn canonical(&self, board: QubicBoard) -> (QubicBoard, u8);

    fn cell_name(&self, cell: usize) -> String;

    /// The same for every image of a position with one empty cell marked (a move): the
    /// image, the mark's image and the symmetry, smallest by image then by the mark's cell.
    fn canonical_marked(&self, board: QubicBoard, mark: usize) -> (QubicBoard, usize, u8) {
        (0..self.symmetry_count() as u8)
            .map(|s| (self.apply(s, board), self.map_cell(s, mark), s))
            .min_by(|a, b| lex_cmp(a.0, b.0).then(a.1.cmp(&b.1)))
            .expect("the identity at least")
    }

    fn stabiliser(&self, board: QubicBoard) -> Vec<u8> {
        (0..self.symmetry_count() as u8)
            .filter(|&s| self.apply(s, board) == board)
            .collect()
    }

    fn empty_cells(&self, board: QubicBoard) -> u64 {
        u64::MAX >> (64 - self.cells()) & !board.occupied()
    }

    fn winner(&self, board: QubicBoard) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&side| board.full_lines(side, self.lines()).next().is_some())
    }

    /// Whether the stone on `cell` completes a line: only the lines through it are read.
    fn completes_line(&self, board: QubicBoard, cell: usize) -> bool {
        let Some(side) = board.at(cell) else {
            return false;
        };
        let mask = board.mask(side);
        self.lines_through(cell).iter().any(|&l| l & !mask == 0)
    }

    fn is_canonical(&self, board: QubicBoard) -> bool {
        lex_cmp(self.canonical(board).0, board).is_eq()
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Qubic;

impl Geometry for Qubic {
    fn cells(&self) -> usize {
        64
    }

    fn lines(&self) -> &[u64] {
        &LINES
    }

    #[inline]
    fn lines_through(&self, cell: usize) -> &[u64] {
        lines::through_slice(cell)
    }

    fn symmetry_count(&self) -> usize {
        symmetry::COUNT
    }

    #[inline]
    fn map_cell(&self, sym: u8, cell: usize) -> usize {
        Symmetries::get().forward[sym as usize][cell] as usize
    }

    fn inverse(&self, sym: u8) -> u8 {
        Symmetries::get().inverse[sym as usize]
    }

    #[inline]
    fn apply(&self, sym: u8, board: QubicBoard) -> QubicBoard {
        let perm = &Symmetries::get().forward[sym as usize];
        let map = |mask| bits(mask).fold(0, |image, c| image | 1 << perm[c]);
        QubicBoard::from_masks(map(board.x()), map(board.o()))
    }

    #[inline]
    fn canonical(&self, board: QubicBoard) -> (QubicBoard, u8) {
        let sym = Symmetries::get().smallest(board, None);
        (self.apply(sym, board), sym)
    }

    #[inline]
    fn canonical_marked(&self, board: QubicBoard, mark: usize) -> (QubicBoard, usize, u8) {
        let sym = Symmetries::get().smallest(board, Some(mark));
        (self.apply(sym, board), self.map_cell(sym, mark), sym)
    }

    fn cell_name(&self, cell: usize) -> String {
        QubicCell::new(cell).map_or_else(|| format!("cell {cell}"), |c| c.to_string())
    }
}

//! The stones on the 256 cells and the small boards they decide; nothing of turns.

use crate::core::{BlockState, Side};

use super::cell::ExtremeCell;
use super::patterns::{has_pattern, points};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ExtremeBoard {
    /// `stones[side][board]`, bit `local` per cell.
    stones: [[u16; 16]; 2],
    /// Big-board masks, bit `b` for small board `b`.
    won: [u16; 2],
    /// Full without a pattern.
    drawn: u16,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Placed {
    Open,
    WonBoard,
    Drew,
}

impl ExtremeBoard {
    pub const EMPTY: ExtremeBoard = ExtremeBoard {
        stones: [[0; 16]; 2],
        won: [0; 2],
        drawn: 0,
    };

    pub fn stones(&self, side: Side, board: usize) -> u16 {
        self.stones[side.index()][board]
    }

    pub fn empty(&self, board: usize) -> u16 {
        !(self.stones[0][board] | self.stones[1][board])
    }

    pub fn at(&self, cell: ExtremeCell) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&s| self.stones(s, cell.board()) & cell.bit() != 0)
    }

    pub fn won(&self, side: Side) -> u16 {
        self.won[side.index()]
    }

    pub fn drawn(&self) -> u16 {
        self.drawn
    }

    /// Won or drawn (abandoned).
    pub fn closed(&self) -> u16 {
        self.won[0] | self.won[1] | self.drawn
    }

    pub fn is_closed(&self, board: usize) -> bool {
        self.closed() & (1 << board) != 0
    }

    pub fn block(&self, board: usize) -> BlockState {
        let bit = 1 << board;
        if self.won[0] & bit != 0 {
            BlockState::Won(Side::First)
        } else if self.won[1] & bit != 0 {
            BlockState::Won(Side::Second)
        } else if self.drawn & bit != 0 {
            BlockState::Drawn
        } else {
            BlockState::Open
        }
    }

    pub fn points(&self) -> [u32; 2] {
        [points(self.won[0]), points(self.won[1])]
    }

    pub fn stone_count(&self, side: Side) -> u32 {
        self.stones[side.index()]
            .iter()
            .map(|m| m.count_ones())
            .sum()
    }

    /// The caller makes sure the cell is empty and its board open.
    pub fn place(&mut self, cell: ExtremeCell, side: Side) -> Placed {
        let board = cell.board();
        debug_assert!(!self.is_closed(board) && self.empty(board) & cell.bit() != 0);
        let own = &mut self.stones[side.index()][board];
        *own |= cell.bit();
        if has_pattern(*own) {
            self.won[side.index()] |= 1 << board;
            Placed::WonBoard
        } else if self.empty(board) == 0 {
            self.drawn |= 1 << board;
            Placed::Drew
        } else {
            Placed::Open
        }
    }

    /// A small board where both sides hold a pattern is marked won by both; the position
    /// reader refuses it.
    pub fn from_stones(stones: [[u16; 16]; 2]) -> ExtremeBoard {
        let mut board = ExtremeBoard {
            stones,
            ..ExtremeBoard::EMPTY
        };
        for b in 0..16 {
            for side in Side::ALL {
                if has_pattern(board.stones(side, b)) {
                    board.won[side.index()] |= 1 << b;
                }
            }
            if !board.is_closed(b) && board.empty(b) == 0 {
                board.drawn |= 1 << b;
            }
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> ExtremeCell {
        name.parse().unwrap()
    }

    #[test]
    fn a_row_wins_a_small_board() {
        let mut board = ExtremeBoard::EMPTY;
        for name in ["C2a3", "C2b3", "C2c3"] {
            assert_eq!(board.place(cell(name), Side::First), Placed::Open);
        }
        assert_eq!(board.place(cell("C2d3"), Side::First), Placed::WonBoard);
        assert_eq!(board.block(6), BlockState::Won(Side::First));
        assert_eq!(board.won(Side::First), 1 << 6);
        assert!(board.is_closed(6));
        assert_eq!(board.points(), [3, 0]);
    }

    #[test]
    fn a_full_board_without_a_pattern_is_drawn() {
        // X O X O / X O X O / O X O X / O X O X: no row, column or diamond of one side.
        let rows = ["XOXO", "XOXO", "OXOX", "OXOX"];
        let mut board = ExtremeBoard::EMPTY;
        let mut last = Placed::Open;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let side = if ch == 'X' { Side::First } else { Side::Second };
                last = board.place(ExtremeCell::new((r * 16 + c) as u8), side);
            }
        }
        assert_eq!(last, Placed::Drew);
        assert_eq!(board.block(0), BlockState::Drawn);
        assert_eq!(board.points(), [0, 0]);
    }

    #[test]
    fn from_stones_finds_wins_and_draws() {
        let mut stones = [[0u16; 16]; 2];
        stones[1][15] = 0x8888;
        stones[0][3] = 0xAA55; // XOXO / XOXO / OXOX / OXOX
        stones[1][3] = !0xAA55;
        let board = ExtremeBoard::from_stones(stones);
        assert_eq!(board.block(15), BlockState::Won(Side::Second));
        assert_eq!(board.block(3), BlockState::Drawn);
        assert_eq!(board.block(0), BlockState::Open);
        assert_eq!(board.at(ExtremeCell::new(255)), Some(Side::Second));
    }
}

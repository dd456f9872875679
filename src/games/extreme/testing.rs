//! Short ways to build positions in tests: small boards drawn as pictures.

use crate::core::Side;

use super::cell::Cell;
use super::rules::State;

pub fn cell(name: &str) -> Cell {
    name.parse().expect("a test cell")
}

/// Plays `moves` (cell names) from `state`, panicking on an illegal one.
pub fn play(state: State, moves: &[&str]) -> State {
    moves.iter().fold(state, |s, name| {
        s.play(cell(name))
            .unwrap_or_else(|e| panic!("{name} in {s}: {e}"))
    })
}

/// Stones placed by small board pictures.
#[derive(Clone, Copy, Default)]
pub struct Setup {
    stones: [[u16; 16]; 2],
}

impl Setup {
    pub fn new() -> Setup {
        Setup::default()
    }

    /// Small board `name` (`A1`..`D4`) as 16 cells `X`, `O`, `-`, row by row, with `/`
    /// between rows for the eye.
    pub fn board(mut self, name: &str, picture: &str) -> Setup {
        let board = cell(&format!("{name}a1")).board();
        let symbols: Vec<char> = picture.chars().filter(|&c| c != '/').collect();
        assert_eq!(symbols.len(), 16, "picture of {name}");
        for (local, ch) in symbols.into_iter().enumerate() {
            let side = match ch {
                'X' => Side::First,
                'O' => Side::Second,
                _ => continue,
            };
            self.stones[side.index()][board] |= 1 << local;
        }
        self
    }

    /// One stone of `side` on each named cell.
    pub fn stones(mut self, side: Side, names: &[&str]) -> Setup {
        for name in names {
            let c = cell(name);
            self.stones[side.index()][c.board()] |= c.bit();
        }
        self
    }

    /// The position with this last move and side to move (`'x'` or `'o'`).
    pub fn state(self, last: &str, side: char) -> State {
        self.try_state(last, side)
            .unwrap_or_else(|e| panic!("test position: {e}"))
    }

    pub fn try_state(self, last: &str, side: char) -> Result<State, super::PositionError> {
        let side = if side == 'x' {
            Side::First
        } else {
            Side::Second
        };
        State::from_stones(self.stones, Some(cell(last)), side)
    }
}

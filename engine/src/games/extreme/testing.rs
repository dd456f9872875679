//! Short ways to build positions in tests: small boards drawn as pictures.

use crate::core::Side;

use super::cell::{ExtremeCell, board_name};
use super::rules::State;

pub fn cell(name: &str) -> ExtremeCell {
    name.parse().expect("a test cell")
}

/// Plays `moves` (cell names) from `state`, panicking on an illegal one.
pub fn play(state: State, moves: &[&str]) -> State {
    moves.iter().fold(state, |s, name| {
        s.play(cell(name))
            .unwrap_or_else(|e| panic!("{name} in {}: {e}", s.text()))
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

    pub fn try_state(self, last: &str, side: char) -> Result<State, super::ExtremePositionError> {
        let side = if side == 'x' {
            Side::First
        } else {
            Side::Second
        };
        State::from_stones(self.stones, Some(cell(last)), side)
    }
}

/// A small board X won, one O won, and a drawn one (full, no pattern for either side).
pub const X_WON: &str = "XXXX/OO--/----/----";
pub const O_WON: &str = "OOOO/XX--/----/----";
pub const DRAWN: &str = "XOXO/XOXO/OXOX/OXOX";

/// One move from an end without a pattern: X has won the small boards `x_won`, O `o_won`
/// (neither may hold a pattern of them, nor name C2 or C3), every other board is drawn or
/// about to be. X's last move C2c3 filled C2 and sends O to C3, whose last empty cell,
/// C3b1, ends the game. Returns the position and that move.
pub fn one_move_from_the_points(x_won: &[&str], o_won: &[&str]) -> (State, ExtremeCell) {
    let mut setup = Setup::new();
    for b in 0..16 {
        let name = board_name(b);
        let picture = match name.as_str() {
            // Drawn, with X's stone on c3.
            "C2" => "OXOX/OXOX/XOXO/XOXO",
            // Drawn once O fills b1.
            "C3" => "X-XO/XOXO/OXOX/OXOX",
            n if x_won.contains(&n) => X_WON,
            n if o_won.contains(&n) => O_WON,
            _ => DRAWN,
        };
        setup = setup.board(&name, picture);
    }
    (setup.state("C2c3", 'o'), cell("C3b1"))
}

/// X won the four corner boards, B1 and B2 (31 points), O the seven other edge boards
/// (28): the game ends 31 : 28 on O's move, with no pattern.
pub const X_31_O_28: ([&str; 6], [&str; 7]) = (
    ["A1", "D1", "A4", "D4", "B1", "B2"],
    ["C1", "A2", "D2", "A3", "D3", "B4", "C4"],
);

/// The position before O's last move of a game X wins on points, 31 : 28, and that move.
pub fn x_wins_31_to_28_on_the_next_move() -> (State, ExtremeCell) {
    one_move_from_the_points(&X_31_O_28.0, &X_31_O_28.1)
}

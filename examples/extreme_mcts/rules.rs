//! Extreme tic-tac-toe again, for playouts: the same rules as the engine's on plain
//! bitboards, with tables for "has a pattern" and "completes a pattern". `check` (and the
//! example's test) plays random games move by move on both and asserts they agree.

use std::sync::LazyLock;

use tictaclatin::core::{Side, Status};
use tictaclatin::games::extreme::patterns::{PATTERNS, POINTS};
use tictaclatin::games::extreme::{ExtremeCell, State};

pub struct Tables {
    /// Bit `mask` set when `mask` holds a pattern.
    win: Vec<u64>,
    /// For `own`: the cells outside `own` that complete a pattern (with `own`'s other three;
    /// a pattern of `own` plus one cell holds no opposing stone when that cell is empty).
    completes: Vec<u16>,
}

pub static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let has = |m: u16| PATTERNS.iter().any(|&p| p & !m == 0);
    let mut win = vec![0u64; 1 << 10];
    let mut completes = vec![0u16; 1 << 16];
    for m in 0..=u16::MAX {
        if has(m) {
            win[m as usize >> 6] |= 1 << (m & 63);
        }
        completes[m as usize] = (0..16)
            .filter(|&c| m & (1 << c) == 0 && has(m | (1 << c)))
            .fold(0, |a, c| a | (1 << c));
    }
    Tables { win, completes }
});

impl Tables {
    #[inline]
    pub fn has_pattern(&self, m: u16) -> bool {
        self.win[m as usize >> 6] >> (m & 63) & 1 != 0
    }

    #[inline]
    pub fn completes(&self, own: u16) -> u16 {
        self.completes[own as usize]
    }
}

/// In play, X won, O won, drawn (full board, equal points).
pub const IN_PLAY: u8 = 0;
pub const DRAW: u8 = 3;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Fast {
    pub stones: [[u16; 16]; 2],
    pub won: [u16; 2],
    pub closed: u16,
    /// The small board the move must go to; 16 for an open move.
    pub target: u8,
    /// 0 for X.
    pub side: u8,
    pub bonus: bool,
    /// [`IN_PLAY`], 1 + the winner's index, or [`DRAW`].
    pub result: u8,
}

pub fn points(won: u16) -> u32 {
    (0..16)
        .filter(|b| won & (1 << b) != 0)
        .map(|b| POINTS[b])
        .sum()
}

impl Fast {
    pub fn from_state(state: &State) -> Fast {
        let board = state.board();
        let stones =
            [Side::First, Side::Second].map(|s| std::array::from_fn(|b| board.stones(s, b)));
        let result = match state.status() {
            Status::InPlay => IN_PLAY,
            Status::Won(side) => 1 + side.index() as u8,
            Status::Draw => DRAW,
        };
        Fast {
            stones,
            won: [board.won(Side::First), board.won(Side::Second)],
            closed: board.closed(),
            target: state.target().map_or(16, |t| t as u8),
            side: state.to_move().index() as u8,
            bonus: state.bonus(),
            result,
        }
    }

    #[inline]
    pub fn empty(&self, b: usize) -> u16 {
        !(self.stones[0][b] | self.stones[1][b])
    }

    /// The small boards the side to move may play in.
    #[inline]
    pub fn boards(&self) -> u16 {
        if self.result != IN_PLAY {
            0
        } else if self.target < 16 {
            1 << self.target
        } else {
            !self.closed
        }
    }

    /// Per small board, the cells one may play.
    pub fn moves(&self) -> [u16; 16] {
        let boards = self.boards();
        std::array::from_fn(|b| {
            if boards & (1 << b) != 0 {
                self.empty(b)
            } else {
                0
            }
        })
    }

    #[inline]
    pub fn play(&mut self, t: &Tables, b: usize, l: usize) {
        let me = self.side as usize;
        let own = self.stones[me][b] | (1 << l);
        self.stones[me][b] = own;
        let mut won_board = false;
        if t.has_pattern(own) {
            self.won[me] |= 1 << b;
            self.closed |= 1 << b;
            won_board = true;
            if t.has_pattern(self.won[me]) {
                self.result = 1 + me as u8;
            }
        } else if self.empty(b) == 0 {
            self.closed |= 1 << b;
        }
        if self.result == IN_PLAY && self.closed == 0xFFFF {
            let (x, o) = (points(self.won[0]), points(self.won[1]));
            self.result = match x.cmp(&o) {
                std::cmp::Ordering::Greater => 1,
                std::cmp::Ordering::Less => 2,
                std::cmp::Ordering::Equal => DRAW,
            };
        }
        let bonus = won_board && !self.bonus && self.result == IN_PLAY;
        self.bonus = bonus;
        if !bonus {
            self.side ^= 1;
        }
        self.target = if self.closed & (1 << l) != 0 {
            16
        } else {
            l as u8
        };
    }

    /// 1 for an X win, 0 for an O win, 1/2 for a draw.
    pub fn x_reward(&self) -> f32 {
        match self.result {
            1 => 1.0,
            2 => 0.0,
            _ => 0.5,
        }
    }
}

/// Per byte, the place of its `k`th set bit.
static SELECT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut k, mut b) = (0, 0);
        while b < 8 {
            if m >> b & 1 != 0 {
                table[m][k] = b as u8;
                k += 1;
            }
            b += 1;
        }
        m += 1;
    }
    table
};

/// The `k`th set bit of `m` (from 0; `k` below `m`'s count).
#[inline]
pub fn nth_bit(m: u16, k: u32) -> usize {
    let low = (m & 0xFF) as usize;
    let in_low = low.count_ones();
    if k < in_low {
        SELECT[low][k as usize] as usize
    } else {
        8 + SELECT[(m >> 8) as usize][(k - in_low) as usize & 7] as usize
    }
}

pub fn cell(b: usize, l: usize) -> ExtremeCell {
    ExtremeCell::in_board(b, l)
}

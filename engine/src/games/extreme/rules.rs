//! The rules of a turn: where the side to move may play, what a move does (abandon, bonus
//! move) and when the game ends.

use std::cmp::Ordering;
use std::time::Duration;

use crate::core::{MoveError, Side, Status};

use super::board::{ExtremeBoard, Placed};
use super::cell::{ExtremeCell, board_name};
use super::patterns::has_pattern;

pub const CONTEST_MOVE_LIMIT: Duration = Duration::from_secs(16);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct State {
    board: ExtremeBoard,
    last: Option<ExtremeCell>,
    to_move: Side,
    /// The side to move moved last too and is on its bonus move; if this move wins a small
    /// board it earns nothing more.
    bonus: bool,
    status: Status,
}

/// Per small board, the cells one may play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Moves(pub [u16; 16]);

impl Moves {
    pub fn count(&self) -> u32 {
        self.0.iter().map(|m| m.count_ones()).sum()
    }

    /// In order of (small board, local cell).
    pub fn cells(&self) -> impl Iterator<Item = ExtremeCell> + '_ {
        (0..16).flat_map(move |b| bits(self.0[b]).map(move |l| ExtremeCell::in_board(b, l)))
    }
}

/// Lowest first. On `u16`: widening it for the kit's `bits` costs the move ordering
/// instructions.
pub fn bits(mask: u16) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let bit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            bit
        })
    })
}

impl State {
    pub const START: State = State {
        board: ExtremeBoard::EMPTY,
        last: None,
        to_move: Side::First,
        bonus: false,
        status: Status::InPlay,
    };

    pub(super) fn from_parts(
        board: ExtremeBoard,
        last: Option<ExtremeCell>,
        to_move: Side,
        bonus: bool,
    ) -> State {
        State {
            board,
            last,
            to_move,
            bonus,
            status: status_after(&board, last.and_then(|c| board.at(c))),
        }
    }

    pub fn board(&self) -> &ExtremeBoard {
        &self.board
    }

    pub fn last_move(&self) -> Option<ExtremeCell> {
        self.last
    }

    /// The side to move; once the game is over, the side that did not make the last move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn bonus(&self) -> bool {
        self.bonus
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// The final points when they decided the game (every small board decided, no pattern).
    pub fn decided_on_points(&self) -> Option<[u32; 2]> {
        match self.status {
            Status::InPlay => None,
            // A pattern usually ends the game with boards still open: a cheap test first
            // (the search asks at every end it meets).
            _ if self.board.closed() != 0xFFFF => None,
            Status::Won(side) if has_pattern(self.board.won(side)) => None,
            Status::Won(_) | Status::Draw => Some(self.board.points()),
        }
    }

    /// The small board correspondence sends the move to; `None` for an open move (the first
    /// move, or the destined board is closed).
    pub fn target(&self) -> Option<usize> {
        let to = self.last?.local();
        (!self.board.is_closed(to)).then_some(to)
    }

    pub fn moves(&self) -> Moves {
        let mut moves = Moves::default();
        if self.status.is_over() {
            return moves;
        }
        match self.target() {
            Some(b) => moves.0[b] = self.board.empty(b),
            None => {
                let closed = self.board.closed();
                for b in (0..16).filter(|b| closed & (1 << b) == 0) {
                    moves.0[b] = self.board.empty(b);
                }
            }
        }
        moves
    }

    pub fn check(&self, cell: ExtremeCell) -> Result<(), MoveError> {
        if self.status.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.board.at(cell).is_some() {
            return Err(MoveError::Taken(format!("{cell} is taken")));
        }
        if self.board.is_closed(cell.board()) {
            let board = board_name(cell.board());
            let why = format!("{cell} is in small board {board}, which is closed");
            return Err(MoveError::NotAllowed(why));
        }
        match self.target() {
            // Correspondence sends the move to another small board.
            Some(must) if must != cell.board() => Err(MoveError::NotAllowed(format!(
                "{cell} is not in small board {}, where this move must go",
                board_name(must)
            ))),
            _ => Ok(()),
        }
    }

    pub fn play(&self, cell: ExtremeCell) -> Result<State, MoveError> {
        self.check(cell)?;
        Ok(self.play_unchecked(cell))
    }

    pub fn play_unchecked(&self, cell: ExtremeCell) -> State {
        debug_assert_eq!(self.check(cell), Ok(()));
        let mover = self.to_move;
        let mut board = self.board;
        let placed = board.place(cell, mover);
        let status = if placed == Placed::WonBoard {
            status_after(&board, Some(mover))
        } else if placed == Placed::Drew {
            status_after(&board, None)
        } else {
            Status::InPlay
        };
        // A small-board win earns one more move, unless it ended the game or was itself
        // the bonus move.
        let bonus = placed == Placed::WonBoard && !self.bonus && !status.is_over();
        State {
            board,
            last: Some(cell),
            to_move: if bonus { mover } else { mover.other() },
            bonus,
            status,
        }
    }

    /// At most this many moves are left: every move fills an empty cell of an open small
    /// board, and once none is open the game is over.
    pub fn plies_left(&self) -> u32 {
        let closed = self.board.closed();
        (0..16)
            .filter(|b| closed & (1 << b) == 0)
            .map(|b| self.board.empty(b).count_ones())
            .sum()
    }

    pub fn stones(&self) -> u32 {
        Side::ALL.iter().map(|&s| self.board.stone_count(s)).sum()
    }
}

/// `mover`: `None` when the move won nothing. The one place extreme's result is made.
fn status_after(board: &ExtremeBoard, mover: Option<Side>) -> Status {
    if let Some(side) = mover
        && has_pattern(board.won(side))
    {
        return Status::Won(side);
    }
    if board.closed() != 0xFFFF {
        return Status::InPlay;
    }
    let [first, second] = board.points();
    match first.cmp(&second) {
        Ordering::Greater => Status::Won(Side::First),
        Ordering::Less => Status::Won(Side::Second),
        Ordering::Equal => Status::Draw,
    }
}

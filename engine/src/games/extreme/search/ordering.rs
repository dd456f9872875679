//! Move ordering: the table's move, then small-board wins, then blocks, then quiet moves by
//! where they send the opponent, killers and history.

use crate::core::Side;

use super::super::cell::ExtremeCell;
use super::super::patterns::{POINTS, completing};
use super::super::rules::{State, bits};

/// Handed out best first.
pub(crate) struct MoveList {
    moves: [(ExtremeCell, i32); 256],
    len: usize,
    next: usize,
}

pub(crate) struct Hints<'a> {
    pub table_move: Option<ExtremeCell>,
    pub killers: [Option<ExtremeCell>; 2],
    /// Per side, per cell: how often the move caused a cutoff, weighted by depth.
    pub history: &'a [[i32; 256]; 2],
}

const TABLE_MOVE: i32 = 1 << 30;
const WINS_BOARD: i32 = 1 << 28;
const BLOCKS: i32 = 1 << 25;
const KILLER: i32 = 1 << 24;
/// Sending the opponent to a closed board gives them an open move: anywhere they like.
const GIVES_OPEN_MOVE: i32 = -(1 << 23);
/// Sending the opponent to a board they can win at once gives them it and a bonus move.
const GIVES_BOARD: i32 = -(1 << 22);

impl MoveList {
    fn empty() -> MoveList {
        MoveList {
            moves: [(ExtremeCell::new(0), 0); 256],
            len: 0,
            next: 0,
        }
    }

    pub fn new(state: &State, hints: &Hints) -> MoveList {
        let mut list = MoveList::empty();
        let (me, board, moves) = (state.to_move(), state.board(), state.moves());
        for b in (0..16).filter(|&b| moves.0[b] != 0) {
            let own = board.stones(me, b);
            let opp = board.stones(me.other(), b);
            let wins = completing(own, opp);
            let blocks = completing(opp, own);
            for local in bits(moves.0[b]) {
                let cell = ExtremeCell::in_board(b, local);
                let bit = 1u16 << local;
                let score = if Some(cell) == hints.table_move {
                    TABLE_MOVE
                } else if wins & bit != 0 {
                    WINS_BOARD + POINTS[b] as i32
                } else {
                    quiet_score(state, cell, blocks & bit != 0, me, hints)
                };
                list.moves[list.len] = (cell, score);
                list.len += 1;
            }
        }
        list
    }

    pub fn winning(state: &State) -> MoveList {
        let mut list = MoveList::empty();
        let (me, board, moves) = (state.to_move(), state.board(), state.moves());
        for (b, (&allowed, points)) in moves.0.iter().zip(POINTS).enumerate() {
            let wins = allowed & completing(board.stones(me, b), board.stones(me.other(), b));
            for local in bits(wins) {
                list.moves[list.len] = (ExtremeCell::in_board(b, local), points as i32);
                list.len += 1;
            }
        }
        list
    }

    /// A board win, a block or the table's move: searched in full.
    pub fn is_tactical(score: i32) -> bool {
        score >= BLOCKS
    }
}

impl Iterator for MoveList {
    type Item = (ExtremeCell, i32);

    /// A selection sort, one step per move: most nodes cut off after a few moves.
    fn next(&mut self) -> Option<(ExtremeCell, i32)> {
        if self.next == self.len {
            return None;
        }
        let best = (self.next..self.len)
            .max_by_key(|&i| self.moves[i].1)
            .unwrap_or(self.next);
        self.moves.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}

fn quiet_score(state: &State, cell: ExtremeCell, blocks: bool, me: Side, hints: &Hints) -> i32 {
    let mut score = hints.history[me.index()][cell.index()];
    if blocks {
        score += BLOCKS;
    }
    if hints.killers.contains(&Some(cell)) {
        score += KILLER;
    }
    let board = state.board();
    let to = cell.local();
    // The opponent goes to the board named by the cell's local position; when that is the
    // cell's own board, the new stone is already in it (and may fill it).
    let mut own = board.stones(me, to);
    if to == cell.board() {
        own |= cell.bit();
    }
    let opp = board.stones(me.other(), to);
    let closes_own_board = to == cell.board() && board.empty(to) & !cell.bit() == 0;
    if board.is_closed(to) || closes_own_board {
        score += GIVES_OPEN_MOVE;
    } else if completing(opp, own) & board.empty(to) & !cell.bit() != 0 {
        score += GIVES_BOARD;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::extreme::testing::{Setup, cell};

    fn no_history() -> Box<[[i32; 256]; 2]> {
        Box::new([[0; 256]; 2])
    }

    #[test]
    fn a_board_win_comes_first_and_a_gift_last() {
        // X in A1 with b1, b3, b4: b2 wins. O holds a1 b1 c1 of C1, so X's c1 (local
        // (0, 2)) sends O to C1 to win it.
        let state = Setup::new()
            .board("A1", "-X--/----/-X--/-X--")
            .board("C1", "OOO-/----/----/----")
            .stones(Side::First, &["D4d4"])
            .stones(Side::Second, &["C3a1"])
            .state("C3a1", 'x');
        let history = no_history();
        let hints = Hints {
            table_move: None,
            killers: [None; 2],
            history: &history,
        };
        let order: Vec<ExtremeCell> = MoveList::new(&state, &hints).map(|(c, _)| c).collect();
        assert_eq!(order.len(), 13);
        assert_eq!(order[0], cell("A1b2"));
        assert_eq!(*order.last().unwrap(), cell("A1c1"));
        let winning: Vec<ExtremeCell> = MoveList::winning(&state).map(|(c, _)| c).collect();
        assert_eq!(winning, [cell("A1b2")]);
    }

    #[test]
    fn the_table_move_comes_before_everything() {
        let state = crate::games::extreme::State::START;
        let history = no_history();
        let hints = Hints {
            table_move: Some(cell("C3b2")),
            killers: [Some(cell("D1a1")), None],
            history: &history,
        };
        let order: Vec<ExtremeCell> = MoveList::new(&state, &hints)
            .map(|(c, _)| c)
            .take(2)
            .collect();
        assert_eq!(order, [cell("C3b2"), cell("D1a1")]);
    }
}

//! The five-rule player of a published C# experiment ("don't lose at tic-tac-toe 99 % of the time"),
//! adapted to Tic-Tac-Latin.
//!
//! The rules, tried in order; the first that offers a cell decides (ties at random):
//! 1. Win now: a cell that puts it ahead at once.
//! 2. Stop the opponent's wins: a cell where the opponent would win at once if it were their
//!    turn. Taking it blocks the line (two of theirs and two of ours score nothing). A
//!    blocking cell that loses at once by another line is used only if no other blocks.
//! 3. Centre: one of the four centre cells b2, c2, b3, c3.
//! 4. Diagonals: a cell on one of the long diagonals (the corners, once the centre is full).
//! 5. Away from its last move: the free cell farthest from the cell it played last.
//!
//! The adaptation: in tic-tac-toe a cell can never hurt the one who takes it, here it can
//! (filling a line that holds three of theirs gives them the point, and a move can leave
//! them a winning reply). So rules 3 to 5 only consider cells that do not lose at once,
//! falling back to every free cell when all of them do.

use super::{PlayerRng, random_cell, rng_from_seed};
use crate::games::latin::game::board::{line_points, lines_through};
use crate::games::latin::game::tactics::{loses_at_once, safe_cells, winning_cells};
use crate::games::latin::game::{Board, Cell, LINES, Side};

/// b2, c2, b3, c3.
const CENTRE: u16 = 0x0660;
const DIAGONALS: u16 = LINES[8] | LINES[9];

pub struct Heuristic {
    rng: PlayerRng,
    /// The board right after this player's last move, and that move: rule 5 needs it, and
    /// comparing boards tells a continued game from a new one.
    last: Option<(Board, Cell)>,
}

impl Heuristic {
    pub fn new(seed: u64) -> Heuristic {
        Heuristic {
            rng: rng_from_seed(seed),
            last: None,
        }
    }

    /// This player's last move in the game on `board`, if it has moved in this game.
    fn last_move(&self, board: Board) -> Option<Cell> {
        let (after, cell) = self.last?;
        let grew = |side: Side| board.mask(side) & after.mask(side) == after.mask(side);
        let same_game = grew(Side::First) && grew(Side::Second);
        same_game.then_some(cell)
    }

    /// The cells rules 1 to 5 offer, in order of the rules.
    fn candidates(&self, board: Board) -> [u16; 5] {
        let free = board.empty_cells();
        let safe = match safe_cells(board) {
            0 => free,
            safe => safe,
        };
        let threats = opponent_winning_cells(board);
        let safe_blocks = Cell::in_mask(threats)
            .filter(|&c| !loses_at_once(board, c))
            .fold(0, |m, c| m | c.bit());
        let blocks = match safe_blocks {
            0 => threats,
            safe => safe,
        };
        [
            winning_cells(board),
            blocks,
            safe & CENTRE,
            safe & DIAGONALS,
            farthest(safe, self.last_move(board)),
        ]
    }

    pub fn name(&self) -> String {
        "heuristic".into()
    }

    pub fn choose(&mut self, board: Board) -> Option<Cell> {
        let mask = self
            .candidates(board)
            .into_iter()
            .find(|&mask| mask != 0)
            .unwrap_or(board.empty_cells());
        let cell = random_cell(mask, &mut self.rng)?;
        self.last = Some((board.with_move(cell), cell));
        Some(cell)
    }
}

/// Empty cells where the player *not* to move would win at once if they played there.
fn opponent_winning_cells(board: Board) -> u16 {
    let me = board.to_move();
    let (mine, theirs) = (board.mask(me), board.mask(me.other()));
    Cell::in_mask(board.empty_cells())
        .filter(|&cell| {
            let theirs = theirs | cell.bit();
            let (gain, give) = lines_through(cell).fold((0, 0), |(g, v), line| {
                let (pg, pv) = line_points(theirs, mine, line);
                (g + pg, v + pv)
            });
            gain > give
        })
        .fold(0, |m, c| m | c.bit())
}

/// The cells of `mask` farthest (straight-line distance) from `from`; all of `mask` when
/// there is no last move.
fn farthest(mask: u16, from: Option<Cell>) -> u16 {
    let Some(from) = from else { return mask };
    let distance = |c: Cell| {
        let (dr, dc) = (
            c.row().abs_diff(from.row()) as u32,
            c.col().abs_diff(from.col()) as u32,
        );
        dr * dr + dc * dc
    };
    let Some(max) = Cell::in_mask(mask).map(distance).max() else {
        return 0;
    };
    Cell::in_mask(mask)
        .filter(|&c| distance(c) == max)
        .fold(0, |m, c| m | c.bit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::latin::game::testing::{board, cell};

    #[test]
    fn wins_then_blocks_then_takes_the_centre() {
        for seed in 0..20 {
            let mut h = Heuristic::new(seed);
            assert_eq!(h.choose(board("XXO-/O---/----/----")), Some(cell("d1")));
            assert_eq!(h.choose(board("X---/OOX-/----/----")), Some(cell("d2")));
            let first = Heuristic::new(seed).choose(Board::EMPTY).expect("a move");
            assert_ne!(first.bit() & CENTRE, 0, "opens in the centre");
        }
    }

    #[test]
    fn sees_the_opponents_threat_when_it_is_not_their_turn() {
        // X to move; O threatens d2 (OOX- in row 2).
        assert_eq!(
            opponent_winning_cells(board("X---/OOX-/----/----")),
            cell("d2").bit()
        );
    }

    #[test]
    fn plays_away_from_its_last_move() {
        let a1 = cell("a1");
        let far = farthest(!0, Some(a1));
        assert_eq!(far, cell("d4").bit());
        assert_eq!(farthest(0, Some(a1)), 0);
    }

    #[test]
    fn forgets_its_last_move_in_a_new_game() {
        let mut h = Heuristic::new(1);
        h.choose(board("X---/-O--/----/----"));
        assert!(h.last_move(Board::EMPTY).is_none());
    }
}

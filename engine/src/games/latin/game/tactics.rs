//! Which moves win at once and which lose at once, from the rules alone.

use super::{Board, Cell, Status};

/// Does playing `cell` put the side to move ahead at once (and so win)?
pub fn wins_at_once(board: Board, cell: Cell) -> bool {
    let child = board.with_move(cell);
    let (mover, other) = child.points_made_by(cell);
    // Points were level before the move (the game was in play), so only this move's
    // points decide.
    mover > other && matches!(child.status(), Status::Won(_))
}

/// The empty cells where the side to move wins at once.
pub fn winning_cells(board: Board) -> u16 {
    Cell::in_mask(board.empty_cells())
        .filter(|&cell| wins_at_once(board, cell))
        .fold(0, |mask, cell| mask | cell.bit())
}

/// Does playing `cell` lose at once: it hands the opponent the lead, or leaves them a
/// move that wins at once?
pub fn loses_at_once(board: Board, cell: Cell) -> bool {
    let child = board.with_move(cell);
    match child.status() {
        Status::Won(side) => side != board.to_move(),
        Status::Draw => false,
        Status::InPlay => winning_cells(child) != 0,
    }
}

/// The empty cells that do not lose at once.
pub fn safe_cells(board: Board) -> u16 {
    Cell::in_mask(board.empty_cells())
        .filter(|&cell| !loses_at_once(board, cell))
        .fold(0, |mask, cell| mask | cell.bit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::latin::game::testing::{board, cell};

    #[test]
    fn completing_three_of_mine_and_one_of_theirs_wins() {
        // X to move; row 1 holds X X O and d1 is empty: X at d1 makes XXOX, a point.
        let b = board("XXO-/O---/----/----");
        assert!(wins_at_once(b, cell("d1")));
        assert_eq!(winning_cells(b), cell("d1").bit());
    }

    #[test]
    fn filling_a_line_of_three_of_theirs_loses() {
        // O to move: row 1 holds X X X, so O at d1 makes XXXO, a point for X.
        let b = board("XXX-/OO--/----/----");
        assert!(loses_at_once(b, cell("d1")));
        assert!(!wins_at_once(b, cell("d1")));
    }

    #[test]
    fn leaving_the_opponent_a_winning_reply_loses() {
        // X to move; row 2 holds O O X and d2 is empty: O at d2 would make OOXO, a point.
        let b = board("X---/OOX-/----/----");
        assert!(loses_at_once(b, cell("c4")));
        // X at d2 makes OOXX, no point, and takes the threat away.
        assert!(!loses_at_once(b, cell("d2")));
        assert_eq!(safe_cells(b), cell("d2").bit());
    }
}

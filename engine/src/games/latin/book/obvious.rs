//! The moves a book may leave out, as Patashnik's Qubic dictionary did: a win at once, or a
//! forced move (the one legal move, or the one move that neither hands the opponent the lead
//! nor lets them win at once: every other move loses within two plies, so the perfect player
//! plays it too).

use crate::games::latin::game::tactics::{safe_cells, winning_cells};
use crate::games::latin::game::{Board, Cell};

/// The obvious move in `board`, if there is one; `None` when the game is over or the choice
/// needs a dictionary. Among several moves that win at once, the lowest cell.
pub fn obvious_move(board: Board) -> Option<Cell> {
    if board.status().is_over() {
        return None;
    }
    let only = |mask: u16| (mask.count_ones() == 1).then(|| Cell::in_mask(mask).next())?;
    Cell::in_mask(winning_cells(board))
        .next()
        .or_else(|| only(board.empty_cells()))
        .or_else(|| only(safe_cells(board)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::latin::game::testing::{board, cell};

    #[test]
    fn a_move_that_wins_at_once_is_obvious() {
        // X completes XXXO on row 1 at c1.
        assert_eq!(obvious_move(board("XX-O/O---/----/----")), Some(cell("c1")));
    }

    #[test]
    fn the_opening_is_not_obvious() {
        assert_eq!(obvious_move(Board::EMPTY), None);
        assert_eq!(obvious_move(board("X---/----/----/----")), None);
    }

    #[test]
    fn the_last_cell_is_obvious() {
        // 2 : 2 with one cell left.
        let b = board("XOOX/XOXX/OXOO/XOX-");
        assert_eq!(b.empty_count(), 1);
        assert_eq!(obvious_move(b), Some(cell("d4")));
    }

    #[test]
    fn a_finished_game_has_no_move() {
        assert_eq!(obvious_move(board("XXXO/O---/----/----")), None);
    }

    /// Checked against the solver: wherever a move is obvious, it is as good as the
    /// perfect player's move.
    #[test]
    fn obvious_moves_are_best_moves() {
        use crate::games::latin::solver::Solver;
        let solver = Solver::new();
        let mut seen = 0;
        let mut frontier = vec![Board::EMPTY];
        // Walk the first three plies fully, then follow the perfect player to the end.
        while let Some(b) = frontier.pop() {
            if b.status().is_over() {
                continue;
            }
            if let Some(m) = obvious_move(b) {
                seen += 1;
                assert_eq!(solver.move_value(b, m), solver.value(b), "{b}");
            }
            if b.moves_made() < 3 {
                frontier.extend(Cell::in_mask(b.empty_cells()).map(|c| b.with_move(c)));
            } else if let Some(best) = solver.best_move(b) {
                frontier.push(b.with_move(best.cell));
            }
        }
        assert!(seen > 500, "only {seen} obvious moves seen");
    }
}

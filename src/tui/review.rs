//! Judging the moves of a finished game with the solver: value before and after each move.

use crate::game::{Cell, Side};
use crate::solver::{Outcome, Solver, Value};

use super::history::{board_after, side_of_ply};

/// How a move compares with the best one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Kept the value exactly.
    Best,
    /// Kept the outcome but not its best length: a slower win, or a faster loss.
    Slower,
    /// Made the outcome worse: a win into a draw or loss, a draw into a loss.
    Mistake,
}

/// One move looked at by the solver, values for the side that made it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveReview {
    /// 1-based number of the move in the game (ply).
    pub ply: usize,
    pub side: Side,
    pub cell: Cell,
    /// The position's value before the move.
    pub before: Value,
    /// The value the move leads to.
    pub after: Value,
    /// The perfect player's move in that position.
    pub best: Cell,
    pub verdict: Verdict,
}

/// The review of move `ply` (1-based) of a game; `None` outside 1..=moves.
pub fn review_move(solver: &Solver, moves: &[Cell], ply: usize) -> Option<MoveReview> {
    let cell = *moves.get(ply.checked_sub(1)?)?;
    let board = board_after(&moves[..ply - 1]);
    let before = solver.value(board)?;
    let after = solver.move_value(board, cell)?;
    let best = solver.best_move(board)?.cell;
    let verdict = if rank(after.outcome) < rank(before.outcome) {
        Verdict::Mistake
    } else if after < before {
        Verdict::Slower
    } else {
        Verdict::Best
    };
    Some(MoveReview {
        ply,
        side: side_of_ply(ply - 1),
        cell,
        before,
        after,
        best,
        verdict,
    })
}

/// The verdict on every move of a game, in order.
pub fn verdicts(solver: &Solver, moves: &[Cell]) -> Vec<Option<Verdict>> {
    (1..=moves.len())
        .map(|ply| review_move(solver, moves, ply).map(|r| r.verdict))
        .collect()
}

fn rank(outcome: Outcome) -> u8 {
    match outcome {
        Outcome::Loss => 0,
        Outcome::Draw => 1,
        Outcome::Win => 2,
    }
}

impl MoveReview {
    /// The move itself ended the game in a loss (a loss in one ply: this one).
    fn lost_at_once(&self) -> bool {
        self.after.outcome == Outcome::Loss && self.after.plies == 1
    }
}

/// `a draw`, `a win in 5`.
fn with_article(value: Value) -> String {
    format!("a {value}")
}

/// What a move that keeps the outcome but not the best value does: a win comes later, a
/// loss sooner (a draw's value has no length, so it cannot be slower).
fn slower_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "wins more slowly",
        Outcome::Loss => "loses faster",
        Outcome::Draw => "keeps the draw",
    }
}

impl MoveReview {
    /// One sentence on the move: "b4 turned a draw into a loss in 5; best was c1".
    pub fn sentence(&self) -> String {
        let (cell, best) = (self.cell, self.best);
        if self.verdict != Verdict::Best && self.lost_at_once() {
            // "a loss in 1" would read as if the opponent still had a move to make.
            return format!(
                "{cell} lost at once instead of {}; best was {best}",
                with_article(self.before)
            );
        }
        match self.verdict {
            Verdict::Mistake => format!(
                "{cell} turned {} into {}; best was {best}",
                with_article(self.before),
                with_article(self.after)
            ),
            Verdict::Slower => format!(
                "{cell} {}: {} instead of {}; best was {best}",
                slower_words(self.after.outcome),
                self.after,
                self.before
            ),
            Verdict::Best => format!("{cell} keeps {}: a best move", with_article(self.before)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;

    fn solver() -> &'static Solver {
        static SOLVER: OnceLock<Solver> = OnceLock::new();
        SOLVER.get_or_init(Solver::new)
    }

    fn cells(names: &str) -> Vec<Cell> {
        names
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect()
    }

    #[test]
    fn the_first_move_keeps_the_draw() {
        let review = review_move(solver(), &cells("b2"), 1).unwrap();
        assert_eq!(review.verdict, Verdict::Best);
        assert_eq!(review.before.outcome, Outcome::Draw);
        assert_eq!(review.sentence(), "b2 keeps a draw: a best move");
        assert_eq!(review_move(solver(), &cells("b2"), 2), None);
        assert_eq!(review_move(solver(), &cells("b2"), 0), None);
    }

    #[test]
    fn a_faster_loss_is_called_one() {
        // The QA game against perfect: the first player's seventh move, b1, loses sooner.
        let review = review_move(solver(), &cells("b2 c3 a1 d4 c1 c2 b1 c4"), 7).unwrap();
        assert_eq!(review.verdict, Verdict::Slower);
        assert_eq!(
            review.sentence(),
            "b1 loses faster: loss in 2 instead of loss in 6; best was c4"
        );
    }

    #[test]
    fn a_slower_win_is_called_one() {
        // The first position of the QA game where the side to move has a win and also a
        // slower one.
        let game = cells("b2 c3 a1 d4 c1 c2 b1 c4");
        let (moves, slower, best) = (0..game.len())
            .find_map(|n| {
                let board = board_after(&game[..n]);
                let best = solver().value(board)?;
                let values = solver().move_values(board);
                let slower = Cell::all().find(|c| {
                    values[c.index()].is_some_and(|v| v.outcome == Outcome::Win && v < best)
                })?;
                Some((game[..n].to_vec(), slower, best))
            })
            .expect("a slower win somewhere in the game");
        let mut played = moves.clone();
        played.push(slower);
        let review = review_move(solver(), &played, played.len()).unwrap();
        assert_eq!(review.verdict, Verdict::Slower);
        let text = review.sentence();
        assert!(
            text.starts_with(&format!("{slower} wins more slowly: win in ")),
            "{text}"
        );
        assert!(text.contains(&format!("instead of {best}")), "{text}");
    }

    #[test]
    fn a_move_that_loses_on_the_spot_says_so() {
        // O's d1 completes row 1 as X X X O: X scores and wins at once.
        let game = cells("a1 a2 b1 b2 c1 d1");
        let review = review_move(solver(), &game, 6).unwrap();
        assert_ne!(review.verdict, Verdict::Best);
        let text = review.sentence();
        assert!(text.starts_with("d1 lost at once instead of a"), "{text}");
        assert!(
            text.ends_with(&format!("; best was {}", review.best)),
            "{text}"
        );
    }

    #[test]
    fn a_losing_reply_is_a_mistake_named_with_the_best_move() {
        // Find a second move that loses, straight from the solver.
        let first: Cell = "a1".parse().unwrap();
        let board = board_after(&[first]);
        let values = solver().move_values(board);
        let losing = Cell::all()
            .find(|c| values[c.index()].is_some_and(|v| v.outcome == Outcome::Loss))
            .expect("some reply to a1 loses");
        let review = review_move(solver(), &[first, losing], 2).unwrap();
        assert_eq!(review.verdict, Verdict::Mistake);
        assert_eq!(review.side, Side::Second);
        let text = review.sentence();
        assert!(
            text.starts_with(&format!("{losing} turned a draw into a loss in ")),
            "{text}"
        );
        assert!(
            text.ends_with(&format!("; best was {}", review.best)),
            "{text}"
        );
        assert_ne!(review.best, losing);
    }
}

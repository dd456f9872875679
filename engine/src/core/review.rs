//! Judging the moves of a finished game: by the exact values where the engine knows them,
//! by the search at a fixed budget elsewhere ([`review_game`]).

mod judging;

pub use judging::{DEFAULT_BUDGET, Fault, Grounds, Judgement, LINE_PLIES, Mark, review_game};

use crate::core::root;
use crate::core::session::History;
use crate::core::{Engine, Game, Move, Outcome, Position, Side, Status, Value};

/// One move judged by the exact values, for the side that made it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveReview {
    /// 1-based.
    pub ply: usize,
    pub side: Side,
    pub mv: Move,
    pub before: Value,
    pub after: Value,
    pub best: Move,
    pub mark: Mark,
}

/// The value of the move that led to `after`, for `mover`.
fn value_of_move(engine: &dyn Engine, mover: Side, after: &dyn Position) -> Option<Value> {
    Some(match after.status() {
        Status::Won(side) if side == mover => Value::win_in(1),
        Status::Won(_) => Value::loss_in(1),
        Status::Draw => Value::draw_in(1),
        Status::InPlay => {
            let value = engine.value(after)?;
            // A bonus move leaves the same side to move: its value is the mover's own.
            if after.to_move() == mover {
                Value {
                    plies: value.plies + 1,
                    ..value
                }
            } else {
                value.before_move()
            }
        }
    })
}

/// `ply` is 1-based; `None` outside 1..=moves or where the engine knows no exact values.
pub fn review_move(engine: &dyn Engine, history: &History, ply: usize) -> Option<MoveReview> {
    let mv = *history.moves().get(ply.checked_sub(1)?)?;
    let position = history.position_at(ply - 1);
    let side = position.to_move();
    let before = engine.value(position)?;
    let after = value_of_move(engine, side, history.position_at(ply))?;
    let best = engine.best(position)?;
    let mark = if after.outcome < before.outcome {
        Mark::Blunder
    } else if after < before {
        Mark::Mistake
    } else {
        Mark::Sound
    };
    Some(MoveReview {
        ply,
        side,
        mv,
        before,
        after,
        best,
        mark,
    })
}

pub fn marks(engine: &dyn Engine, history: &History) -> Vec<Option<Mark>> {
    (1..=history.moves().len())
        .map(|ply| review_move(engine, history, ply).map(|r| r.mark))
        .collect()
}

impl MoveReview {
    /// In a player's words, `other` naming the other side: "c7 let O force a win in 2
    /// moves; c3 kept the draw".
    pub fn sentence(&self, game: &dyn Game, history: &History, other: &str) -> String {
        let before = history.position_at(self.ply - 1);
        let (cell, best) = (
            game.move_name(before, self.mv),
            game.move_name(before, self.best),
        );
        if self.mark == Mark::Sound {
            return match self.before.outcome {
                Outcome::Loss => format!(
                    "{cell} held out longest: {other} wins in {}",
                    count(self.after.moves())
                ),
                Outcome::Win => {
                    format!("{cell} wins in {}: a best move", count(self.after.moves()))
                }
                Outcome::Draw => format!("{cell} keeps the draw: a best move"),
            };
        }
        let was = kept(self.before, other);
        let now = if self.after == Value::loss_in(1) {
            "lost at once".to_string()
        } else {
            match (self.after.outcome, self.mark) {
                (Outcome::Draw, _) => "let the win slip: best play now draws".into(),
                (Outcome::Win, _) => format!("still wins, but in {}", count(self.after.moves())),
                (Outcome::Loss, _) if self.after.moves() == 1 => format!("let {other} win at once"),
                (Outcome::Loss, Mark::Mistake) => {
                    format!("let {other} win sooner, in {}", count(self.after.moves()))
                }
                (Outcome::Loss, _) => {
                    format!("let {other} force a win in {}", count(self.after.moves()))
                }
            }
        };
        format!("{cell} {now}; {best} {was}")
    }
}

/// What the best move did from a position of value `before`: "won in 3 moves".
fn kept(before: Value, other: &str) -> String {
    match before.outcome {
        Outcome::Draw => "kept the draw".into(),
        Outcome::Win => format!("won in {}", count(before.moves())),
        Outcome::Loss => format!("held {other} off for {}", count(before.moves())),
    }
}

fn count(moves: u32) -> String {
    crate::core::words::plural(moves.into(), "move", "moves")
}

/// The exact table's best move in turn (the fastest win, the longest defence), at most
/// `plies` moves; empty where the engine names no best move.
pub fn exact_line(engine: &dyn Engine, position: &dyn Position, plies: usize) -> Vec<Move> {
    root::follow(
        position.clone_box(),
        plies,
        |now| {
            (now.status() == Status::InPlay)
                .then(|| engine.best(now.as_ref()))
                .flatten()
        },
        |now, mv| now.play(mv).ok(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, OnceLock};

    use crate::games::latin::adapter::{Latin, LatinEngine};
    use crate::games::latin::solver::Solver;

    fn engine() -> &'static LatinEngine {
        static ENGINE: OnceLock<LatinEngine> = OnceLock::new();
        ENGINE.get_or_init(|| LatinEngine::new(Arc::new(Solver::new())))
    }

    fn cells(names: &str) -> Vec<crate::core::Move> {
        names
            .split_whitespace()
            .map(|n| Latin.parse_cell(n).unwrap().into())
            .collect()
    }

    fn game(names: &str) -> History {
        History::replay(&Latin, &cells(names)).unwrap()
    }

    /// The first move of `position` whose exact value `wanted` takes, from the engine's
    /// hints.
    fn move_valued(position: &dyn Position, wanted: impl Fn(Value) -> bool) -> Option<Move> {
        engine()
            .hints(position)
            .into_iter()
            .find_map(|(mv, hint)| match hint {
                crate::core::Hint::Proven(crate::core::Claim::Exact(v)) if wanted(v) => Some(mv),
                _ => None,
            })
    }

    /// The review of the last of `moves`, and its sentence, which must begin `start`.
    fn review_last(moves: &[Move], start: &str) -> MoveReview {
        let history = History::replay(&Latin, moves).unwrap();
        let review = review_move(engine(), &history, moves.len()).unwrap();
        let text = review.sentence(&Latin, &history, "O");
        assert!(text.starts_with(start), "{text}");
        review
    }

    #[test]
    fn the_first_move_keeps_the_draw() {
        let history = game("b2");
        let review = review_move(engine(), &history, 1).unwrap();
        assert_eq!(review.mark, Mark::Sound);
        assert_eq!(review.before.outcome, Outcome::Draw);
        assert_eq!(
            review.sentence(&Latin, &history, "O"),
            "b2 keeps the draw: a best move"
        );
        assert_eq!(review_move(engine(), &game("b2"), 2), None);
        assert_eq!(review_move(engine(), &game("b2"), 0), None);
    }

    #[test]
    fn a_faster_loss_is_called_one() {
        // The QA game against perfect: the first player's seventh move, b1, loses sooner.
        let history = game("b2 c3 a1 d4 c1 c2 b1 c4");
        let review = review_move(engine(), &history, 7).unwrap();
        assert_eq!(review.mark, Mark::Mistake);
        assert_eq!(
            review.sentence(&Latin, &history, "O"),
            "b1 let O win at once; c4 held O off for 3 moves"
        );
    }

    #[test]
    fn a_slower_win_is_called_one() {
        // The first position of the QA game where the side to move has a win and also a
        // slower one.
        let moves = cells("b2 c3 a1 d4 c1 c2 b1 c4");
        let (slower, best, played) = (0..moves.len())
            .find_map(|n| {
                let history = History::replay(&Latin, &moves[..n]).ok()?;
                let position = history.position();
                let best = engine().value(position)?;
                let slower = move_valued(position, |v| v.outcome == Outcome::Win && v < best)?;
                let mut played = moves[..n].to_vec();
                played.push(slower);
                Some((slower, best, played))
            })
            .expect("a slower win somewhere in the game");
        let slower_name = Latin.cell_name(slower.placed());
        let review = review_last(&played, &format!("{slower_name} still wins, but in "));
        assert_eq!(review.mark, Mark::Mistake);
        let history = History::replay(&Latin, &played).unwrap();
        let sentence = review.sentence(&Latin, &history, "O");
        assert!(
            sentence.contains(&format!("won in {} move", best.moves())),
            "{sentence}"
        );
    }

    #[test]
    fn a_move_that_loses_on_the_spot_says_so() {
        // O's d1 completes row 1 as X X X O: X scores and wins at once.
        let history = game("a1 a2 b1 b2 c1 d1");
        let review = review_move(engine(), &history, 6).unwrap();
        assert_ne!(review.mark, Mark::Sound);
        let text = review.sentence(&Latin, &history, "X");
        let best = Latin.move_name(Latin.start().as_ref(), review.best);
        assert!(
            text.starts_with(&format!("d1 lost at once; {best} ")),
            "{text}"
        );
    }

    #[test]
    fn a_losing_reply_is_a_mistake_named_with_the_best_move() {
        // Find a second move that loses, straight from the engine's exact hints.
        let after_a1 = game("a1");
        let losing = move_valued(after_a1.position(), |v| v.outcome == Outcome::Loss)
            .expect("some reply to a1 loses");
        let mut moves = cells("a1");
        moves.push(losing);
        let name = Latin.cell_name(losing.placed());
        let review = review_last(&moves, &format!("{name} let O force a win in "));
        assert_eq!(review.mark, Mark::Blunder);
        assert_eq!(review.side, Side::Second);
        assert_ne!(review.best, losing);
    }
}

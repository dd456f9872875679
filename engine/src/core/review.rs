//! Judging the moves of a game for `annotate` and the review screen: exactly where the
//! engine knows the values (proven), by the search at a fixed budget elsewhere (its view).
//! Either way the review is the same on every run and with any thread count.

use std::cell::OnceCell;

use crate::core::root::{self, SearchSettings};
use crate::core::session::History;
use crate::core::{Analysis, Budget, Claim, Engine, Game, Hint, Move, Outcome, Position};
use crate::core::{Side, Status, Value, move_names};

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
        let cell = game.move_name(before, self.mv);
        let best = game.move_name(before, self.best);
        let moves = count(self.after.moves());
        if self.mark == Mark::Sound {
            return match self.before.outcome {
                Outcome::Loss => format!("{cell} held out longest: {other} wins in {moves}"),
                Outcome::Win => format!("{cell} wins in {moves}: a best move"),
                Outcome::Draw => format!("{cell} keeps the draw: a best move"),
            };
        }
        let was = kept(self.before, other);
        let now = match (self.after.outcome, self.mark) {
            _ if self.after == Value::loss_in(1) => "lost at once".to_string(),
            (Outcome::Draw, _) => "let the win slip: best play now draws".into(),
            (Outcome::Win, _) => format!("still wins, but in {moves}"),
            (Outcome::Loss, _) if self.after.moves() == 1 => format!("let {other} win at once"),
            (Outcome::Loss, Mark::Mistake) => format!("let {other} win sooner, in {moves}"),
            (Outcome::Loss, _) => format!("let {other} force a win in {moves}"),
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

/// Plies of the exact table's lines: enough to see the idea, short enough to read.
pub const LINE_PLIES: usize = 8;

/// Deep enough to see a missed block, quick enough for a whole game.
pub const DEFAULT_BUDGET: Budget = Budget::Depth(4);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    Sound,
    /// `?`: kept the outcome but not its best length (exact), or turned the search's
    /// advantage into none (search).
    Mistake,
    /// `??`: made the outcome worse (exact), or gave up a proven win or walked into a
    /// proven loss (search).
    Blunder,
}

/// Why the search marks a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fault {
    GaveUpWin,
    /// The move is proven lost and the best move is not.
    WalkedIntoLoss,
    /// The best move's score was above nothing, the move's is not.
    LostAdvantage,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Grounds {
    Exact(MoveReview),
    /// The search's figures at `budget` for the move played and the best move.
    Search {
        budget: Budget,
        played: Hint,
        best: Hint,
        fault: Option<Fault>,
    },
}

/// One move of a game judged, for the side that made it. The exact table's lines run to
/// the end or [`LINE_PLIES`]; the search's are its analyses' best lines, and for a marked
/// move a line the search proves is carried on until the game ends.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Judgement {
    /// 1-based.
    pub ply: usize,
    pub side: Side,
    pub played: Move,
    pub best: Move,
    pub grounds: Grounds,
    /// From the position before the move: the best move and the line after it.
    pub better: Vec<Move>,
    /// The line that answers the move (punishes a mistake); empty when it ended the game.
    pub answer: Vec<Move>,
}

impl Judgement {
    pub fn mark(&self) -> Mark {
        match self.grounds {
            Grounds::Exact(review) => review.mark,
            Grounds::Search { fault, .. } => match fault {
                None => Mark::Sound,
                Some(Fault::LostAdvantage) => Mark::Mistake,
                Some(Fault::GaveUpWin | Fault::WalkedIntoLoss) => Mark::Blunder,
            },
        }
    }

    pub fn is_proven(&self) -> bool {
        matches!(self.grounds, Grounds::Exact(_))
    }

    /// "b1 turned a draw into a loss in 4; best was b2; better b2: b2 c1 ...; punished by
    /// c3 ...", or "judged by search at depth 4: gave up a proven win; ?3 here, c1 W≤1;
    /// better c1: c1; punished by a2".
    pub fn sentence(&self, game: &dyn Game, history: &History) -> String {
        let before = history.position_at(self.ply - 1);
        let best = game.move_name(before, self.best);
        let verdict = match self.grounds {
            Grounds::Exact(review) => {
                review.sentence(game, history, &review.side.other().letter().to_string())
            }
            Grounds::Search {
                budget,
                played,
                best: figure,
                fault,
            } => {
                let why = fault.map_or(String::new(), |f| format!("{}; ", fault_words(f)));
                let (played, figure) = (played.short(), figure.short());
                format!("judged by search at {budget}: {why}{played} here, {best} {figure}")
            }
        };
        let better = move_names(game, before, &self.better).join(" ");
        let mut text = format!("{verdict}; better {best}: {better}");
        if !self.answer.is_empty() {
            let label = match self.mark() {
                Mark::Sound => "after it",
                Mark::Mistake | Mark::Blunder => "punished by",
            };
            let after = history.position_at(self.ply);
            let names = move_names(game, after, &self.answer).join(" ");
            text.push_str(&format!("; {label} {names}"));
        }
        text
    }
}

fn fault_words(fault: Fault) -> &'static str {
    match fault {
        Fault::GaveUpWin => "gave up a proven win",
        Fault::WalkedIntoLoss => "walked into a proven loss",
        Fault::LostAdvantage => "gave up the search's advantage",
    }
}

/// `None` for a move the engine can say nothing of (where Qubic's dictionary plays). Slow
/// on searched boards (a search a move): run it off the screen's thread.
pub fn review_game(
    engine: &dyn Engine,
    history: &History,
    budget: Budget,
    threads: usize,
) -> Vec<Option<Judgement>> {
    let judge = Judge::new(engine, history, budget, threads);
    (1..=history.moves().len())
        .map(|ply| judge.judge(ply))
        .collect()
}

/// The positions of one game and their analyses, each searched at most once.
struct Judge<'a> {
    engine: &'a dyn Engine,
    history: &'a History,
    settings: SearchSettings,
    /// `analyses[n]`: the position after `n` moves'.
    analyses: Vec<OnceCell<Option<Analysis>>>,
}

impl<'a> Judge<'a> {
    fn new(engine: &'a dyn Engine, history: &'a History, budget: Budget, threads: usize) -> Self {
        Judge {
            engine,
            history,
            settings: SearchSettings::new(budget, threads),
            analyses: vec![OnceCell::new(); history.moves().len() + 1],
        }
    }

    /// `None` where the game is over or the engine does not search it.
    fn analysis(&self, n: usize) -> Option<&Analysis> {
        let position = self.history.position_at(n);
        self.analyses[n]
            .get_or_init(|| {
                (position.status() == Status::InPlay)
                    .then(|| self.engine.analysis(position, &self.settings))
                    .flatten()
            })
            .as_ref()
    }

    fn judge(&self, ply: usize) -> Option<Judgement> {
        match review_move(self.engine, self.history, ply) {
            Some(review) => Some(self.exact(review)),
            None => self.searched(ply),
        }
    }

    /// With the exact table's lines: the fastest win, the longest defence.
    fn exact(&self, review: MoveReview) -> Judgement {
        let ply = review.ply;
        // The table's line from the position before starts with its best move.
        let line_from = |n| exact_line(self.engine, self.history.position_at(n), LINE_PLIES);
        Judgement {
            ply,
            side: review.side,
            played: review.mv,
            best: review.best,
            grounds: Grounds::Exact(review),
            better: line_from(ply - 1),
            answer: line_from(ply),
        }
    }

    fn searched(&self, ply: usize) -> Option<Judgement> {
        let played = self.history.moves()[ply - 1];
        let side = self.history.mover(ply - 1);
        let win_before = self
            .engine
            .value(self.history.position_at(ply - 1))
            .is_some_and(|v| v.outcome == Outcome::Win);
        let before = self.analysis(ply - 1)?;
        let best = before.best;
        let figures = (before.figure(played)?, before.figure(best)?);
        // A win the move's own figure does not show may still be there, proven from the
        // position after it (one ply deeper): then nothing was thrown away.
        let fault = (played != best)
            .then(|| fault(figures.0, figures.1, win_before))
            .flatten()
            .filter(|&f| f != Fault::GaveUpWin || !self.still_wins(ply, side));
        // Only a marked move's lines are carried on to the end (a search or more each).
        let carry = fault.is_some();
        Some(Judgement {
            ply,
            side,
            played,
            best,
            grounds: Grounds::Search {
                budget: self.settings.budget,
                played: figures.0,
                best: figures.1,
                fault,
            },
            better: self.line(ply - 1, carry),
            answer: self.line(ply, carry),
        })
    }

    /// The best line of the analysis after `n` moves. Where `carry`, a proven line that
    /// stops short of the end (a table's cut-off) is carried on by the analyses of its last
    /// position while they prove too, to show the win.
    fn line(&self, n: usize, carry: bool) -> Vec<Move> {
        let Some(analysis) = self.analysis(n) else {
            return Vec::new();
        };
        let mut pv = analysis.pv.clone();
        let proven = |a: &Analysis| a.claim().is_some() && !a.pv.is_empty();
        let from = self.history.position_at(n);
        let Some(mut end) = (carry && proven(analysis))
            .then(|| after_line(from, &pv))
            .flatten()
        else {
            return pv;
        };
        while end.status() == Status::InPlay
            && pv.len() < MAX_PROVEN_PLIES
            && let Some(more) = self.engine.analysis(end.as_ref(), &self.settings)
            && proven(&more)
            && let Some(next) = after_line(end.as_ref(), &more.pv)
        {
            pv.extend(more.pv);
            end = next;
        }
        pv
    }

    /// The position after move `ply` is won by `side`, its mover, or proven a win for it.
    /// A move that ends the game won counts even where the analysis only bounded it.
    fn still_wins(&self, ply: usize, side: Side) -> bool {
        let after = self.history.position_at(ply);
        if after.status() == Status::Won(side) {
            return true;
        }
        let Some(claim) = self.analysis(ply).and_then(Analysis::claim) else {
            return false;
        };
        let wanted = if after.to_move() == side {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        proven(Hint::Proven(claim)) == Some(wanted)
    }
}

const MAX_PROVEN_PLIES: usize = 4 * LINE_PLIES;

/// The position after `line` is played from `from`; `None` where a move of it is illegal.
pub(crate) fn after_line(from: &dyn Position, line: &[Move]) -> Option<Box<dyn Position>> {
    (line.iter()).try_fold(from.clone_box(), |now, &mv| now.play(mv).ok())
}

/// `win_before`: the exact value already proved the mover a win.
fn fault(played: Hint, best: Hint, win_before: bool) -> Option<Fault> {
    let win_proven = win_before || proven(best) == Some(Outcome::Win);
    if win_proven && proven(played) != Some(Outcome::Win) {
        Some(Fault::GaveUpWin)
    } else if proven(played) == Some(Outcome::Loss) && proven(best) != Some(Outcome::Loss) {
        Some(Fault::WalkedIntoLoss)
    } else if matches!((best, played), (Hint::Guess(b), Hint::Guess(m)) if b > 0 && m <= 0) {
        Some(Fault::LostAdvantage)
    } else {
        None
    }
}

/// The outcome a figure proves for the side playing the move (`W≤n` a win, `L≤n` a loss).
fn proven(figure: Hint) -> Option<Outcome> {
    match figure {
        Hint::Proven(Claim::WinWithin(_)) => Some(Outcome::Win),
        Hint::Proven(Claim::LossWithin(_)) => Some(Outcome::Loss),
        Hint::Proven(Claim::Exact(value)) => Some(value.outcome),
        _ => None,
    }
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
                Hint::Proven(Claim::Exact(v)) if wanted(v) => Some(mv),
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

    #[test]
    fn a_proven_win_given_up_is_a_blunder_whatever_the_scores() {
        let win = Hint::Proven(Claim::WinWithin(3));
        assert_eq!(fault(Hint::Guess(900), win, false), Some(Fault::GaveUpWin));
        assert_eq!(
            fault(Hint::Guess(900), Hint::Guess(5), true),
            Some(Fault::GaveUpWin)
        );
        let draw = Hint::Proven(Claim::Exact(Value::draw_in(4)));
        assert_eq!(fault(draw, win, false), Some(Fault::GaveUpWin));
        assert_eq!(fault(Hint::Proven(Claim::WinWithin(7)), win, false), None);
    }

    #[test]
    fn a_proven_loss_is_a_blunder_only_when_the_best_move_is_not_one() {
        let loss = Hint::Proven(Claim::LossWithin(4));
        assert_eq!(
            fault(loss, Hint::Guess(-50), false),
            Some(Fault::WalkedIntoLoss)
        );
        assert_eq!(fault(loss, Hint::Proven(Claim::LossWithin(6)), false), None);
    }

    #[test]
    fn scores_mark_only_an_advantage_turned_into_none() {
        assert_eq!(
            fault(Hint::Guess(0), Hint::Guess(40), false),
            Some(Fault::LostAdvantage)
        );
        assert_eq!(fault(Hint::Guess(10), Hint::Guess(40), false), None);
        assert_eq!(fault(Hint::Guess(-40), Hint::Guess(0), false), None);
    }
}

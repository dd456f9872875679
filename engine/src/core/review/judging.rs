//! Judging every move of a game for `annotate` and the review screen: exactly where the
//! engine knows the values (proven), by the search at a fixed budget elsewhere (its view).
//! Either way the review is the same on every run and with any thread count.

use std::cell::OnceCell;

use crate::core::root::SearchSettings;
use crate::core::session::History;
use crate::core::{Analysis, Budget, Claim, Engine, Game, Hint, Move, Outcome, Position};
use crate::core::{Side, Status, move_names};

use super::{MoveReview, exact_line, review_move};

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
                format!(
                    "judged by search at {budget}: {why}{} here, {best} {}",
                    played.short(),
                    figure.short()
                )
            }
        };
        let mut text = format!(
            "{verdict}; better {best}: {}",
            move_names(game, before, &self.better).join(" ")
        );
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
        let fault = if played == best {
            None
        } else {
            fault(figures.0, figures.1, win_before)
        };
        // A win the move's own figure does not show may still be there, proven from the
        // position after it (one ply deeper): then nothing was thrown away.
        let fault = match fault {
            Some(Fault::GaveUpWin) if self.still_wins(ply, side) => None,
            other => other,
        };
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
        let to_move = after.to_move();
        let Some(claim) = self.analysis(ply).and_then(Analysis::claim) else {
            return false;
        };
        let wanted = if to_move == side {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        proven(Hint::Proven(claim)) == Some(wanted)
    }
}

const MAX_PROVEN_PLIES: usize = 4 * LINE_PLIES;

fn after_line(from: &dyn Position, line: &[Move]) -> Option<Box<dyn Position>> {
    let mut now = from.clone_box();
    for &mv in line {
        now = now.play(mv).ok()?;
    }
    Some(now)
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
    use crate::core::Value;

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

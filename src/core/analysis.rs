//! What a search shows of a position at a budget, for `analyze`, `move`, the engine
//! protocol and the searching bots alike: a figure for every legal move, the best move and
//! the line behind it.
//!
//! At a depth or a node budget the analysis is a function of the position and the budget
//! alone: every search starts from empty tables, each root move's search depends only on
//! that move's own earlier ones (never on the threads), and only the iterations finished
//! are kept (see `root`). A time budget only picks how deep that goes.

use std::fmt;
use std::time::Duration;

use super::hint::Claim;
use super::hint::Hint;
use super::moves::Move;

/// How much a search may do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Budget {
    /// Every iteration up to this many plies (the move included).
    Depth(u32),
    /// Iterations while their nodes, all counted, stay within this many; the first always
    /// finishes.
    Nodes(u64),
    /// Iterations while the clock allows; the only budget whose result may vary.
    Time(Duration),
}

impl Budget {
    /// What an iterative deepening stops at: (the deepest iteration, the nodes of all
    /// iterations, the time), each unlimited but the one this budget sets.
    pub fn limits(self) -> (u32, u64, Option<Duration>) {
        match self {
            Budget::Depth(d) => (d.max(1), u64::MAX, None),
            Budget::Nodes(n) => (u32::MAX, n, None),
            Budget::Time(t) => (u32::MAX, u64::MAX, Some(t)),
        }
    }

    /// A budget whose result is the same on every run.
    pub fn is_fixed(self) -> bool {
        !matches!(self, Budget::Time(_))
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Depth(d) => write!(f, "depth {d}"),
            Budget::Nodes(n) => write!(f, "{n} nodes"),
            Budget::Time(t) => write!(f, "{} ms", t.as_millis()),
        }
    }
}

/// A win as every search scores it: a win `n` plies away scores `WIN_SCORE - n`, a loss
/// `n - WIN_SCORE`; guesses stay far below.
pub const WIN_SCORE: i32 = 1_000_000;

/// What the analysis says of one move, for the side playing it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Figure {
    /// Proven by the search: the value of the move or a bound on it.
    Proven(Claim),
    /// The move's value from a full-window search of the analysis's depth (higher is
    /// better for the mover); not a proof.
    Score(i32),
    /// The value is at least this (the search stopped at a bound).
    AtLeast(i32),
    /// The value is at most this.
    AtMost(i32),
}

impl Figure {
    /// For a bound on a win's plies (a move that could not beat a best move winning in `n`):
    /// `n`, the plies it does not win faster than.
    pub fn no_win_faster_than(self) -> Option<u32> {
        match self {
            Figure::AtMost(s) if s > WIN_SCORE - 1_000 => u32::try_from(WIN_SCORE - s).ok(),
            _ => None,
        }
    }

    /// As `analyze` prints it in a cell: `W≤7`, `D`, `?12`, `≥12`, `≤-4`.
    pub fn short(self) -> String {
        match self {
            Figure::Proven(claim) => claim.short(),
            Figure::Score(s) => format!("?{s}"),
            Figure::AtLeast(s) => format!("≥{s}"),
            Figure::AtMost(s) => format!("≤{s}"),
        }
    }
}

/// A search's analysis of a position in play.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analysis {
    /// Every legal move with its figure, in the order of the position's cells.
    pub moves: Vec<(Move, Figure)>,
    /// The move the bot plays at this budget: the best figure, the earlier searched of
    /// equals.
    pub best: Move,
    /// The best line, from `best`; every move of it legal in turn.
    pub pv: Vec<Move>,
    /// The line behind each move of `moves` (in the same order), from that move; every
    /// move of it legal in turn.
    pub lines: Vec<Vec<Move>>,
    /// The deepest iteration finished (plies, the move included).
    pub depth: u32,
    /// Nodes of the iterations finished (an unfinished one's depend on the threads).
    pub nodes: u64,
}

impl Analysis {
    /// The figure of `mv`, if it is a legal move.
    pub fn figure(&self, mv: Move) -> Option<Figure> {
        self.moves.iter().find(|(m, _)| *m == mv).map(|&(_, f)| f)
    }

    /// The line behind `mv`, from it; empty if it is not a legal move.
    pub fn line(&self, mv: Move) -> &[Move] {
        self.moves
            .iter()
            .position(|(m, _)| *m == mv)
            .and_then(|at| self.lines.get(at))
            .map_or(&[], Vec::as_slice)
    }

    /// The figures as hints: a proof as it stands, any other figure (a score or a bound
    /// on it) as the search's guess.
    pub fn hints(self) -> Vec<(Move, Hint)> {
        let hint = |figure| match figure {
            Figure::Proven(claim) => Hint::Proven(claim),
            Figure::Score(s) | Figure::AtLeast(s) | Figure::AtMost(s) => Hint::Guess(s),
        };
        self.moves
            .into_iter()
            .map(|(mv, f)| (mv, hint(f)))
            .collect()
    }

    /// What is proven about the best move, if anything.
    pub fn claim(&self) -> Option<Claim> {
        match self.figure(self.best)? {
            Figure::Proven(claim) => Some(claim),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_bound_at_a_win_s_scale_counts_plies() {
        assert_eq!(
            Figure::AtMost(WIN_SCORE - 11).no_win_faster_than(),
            Some(11)
        );
        // A guess, a bound below the win scale, a proven loss bound and a lower bound: no.
        assert_eq!(Figure::Score(WIN_SCORE - 11).no_win_faster_than(), None);
        assert_eq!(Figure::AtMost(568_000).no_win_faster_than(), None);
        assert_eq!(Figure::AtMost(11 - WIN_SCORE).no_win_faster_than(), None);
        assert_eq!(Figure::AtLeast(WIN_SCORE - 11).no_win_faster_than(), None);
    }
}

//! What a search shows of a position at a budget: a figure for every legal move, the best
//! move and the line behind it.

use std::fmt;
use std::time::Duration;

use super::moves::Move;
use super::player::Decision;
use super::value::{Claim, Hint};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Budget {
    /// Every iteration up to this many plies (the move included).
    Depth(u32),
    /// Iterations while their nodes, all counted, stay within this many; the first always
    /// finishes.
    Nodes(u64),
    /// The only budget whose result may vary.
    Time(Duration),
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

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analysis {
    /// Every legal move with its figure, in the order of the position's cells.
    pub moves: Vec<(Move, Hint)>,
    /// The best figure, the earlier searched of equals.
    pub best: Move,
    /// From `best`; every move legal in turn, as in `lines`.
    pub pv: Vec<Move>,
    /// The line behind each move of `moves`, from that move.
    pub lines: Vec<Vec<Move>>,
    /// The deepest iteration finished (plies, the move included).
    pub depth: u32,
    /// Nodes of the iterations finished (an unfinished one's depend on the threads).
    pub nodes: u64,
}

impl Analysis {
    pub fn figure(&self, mv: Move) -> Option<Hint> {
        self.moves.iter().find(|(m, _)| *m == mv).map(|&(_, f)| f)
    }

    /// Empty if `mv` is not a legal move.
    pub fn line(&self, mv: Move) -> &[Move] {
        self.moves
            .iter()
            .position(|(m, _)| *m == mv)
            .and_then(|at| self.lines.get(at))
            .map_or(&[], Vec::as_slice)
    }

    /// About the best move.
    pub fn claim(&self) -> Option<Claim> {
        match self.figure(self.best)? {
            Hint::Proven(claim) => Some(claim),
            _ => None,
        }
    }

    /// The best move, as a player that plays it decides it.
    pub fn decision(&self) -> Decision {
        Decision {
            mv: self.best,
            claim: self.claim(),
            how: Some(format!("depth {}", self.depth)),
        }
    }
}

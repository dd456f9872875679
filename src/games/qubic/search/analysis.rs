//! The analysis at a budget, for the side the dictionary does not play: what the threat
//! search proves (a forced win, or a forced win a move hands the opponent), and for every
//! other move its value from a full-window alpha-beta search, deepening one ply at a time
//! from an empty table. The `perfect` player plays its best move. At a depth or a node
//! budget it is a function of the board and the budget alone: the threat searches count
//! positions, never the clock.

use std::cmp::Reverse;
use std::time::{Duration, Instant};

use super::alphabeta::{PROVEN, Searcher, WIN};
use crate::core::{Analysis, Budget, Claim, Figure, Move};
use crate::games::qubic::board::Board;
use crate::games::qubic::cell::bits;
use crate::games::qubic::geometry::{Geometry, Qubic};
use crate::games::qubic::threats::ThreatSearch;

/// Positions the threat search may examine for the mover's forced win, and for the
/// opponent's with a free move.
const ATTACK_BUDGET: u64 = 200_000;
/// Positions it may examine for the opponent's forced win after each move.
const DEFEND_BUDGET: u64 = 20_000;

/// One move's score, for the side playing it: `WIN - p` a win within `p` plies (the move
/// the first), `p - WIN` a loss, else the search's guess.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Scored {
    pub cell: usize,
    pub score: i32,
}

impl Scored {
    /// What the score proves for the side playing the move.
    pub fn claim(self) -> Option<Claim> {
        if self.score >= PROVEN {
            Some(Claim::WinWithin((WIN - self.score) as u32))
        } else if self.score <= -PROVEN {
            Some(Claim::LossWithin((WIN + self.score) as u32))
        } else {
            None
        }
    }
}

/// An analysis of a board in play.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analyzed {
    /// Every empty cell, lowest first.
    pub moves: Vec<Scored>,
    /// The highest score, the earlier searched of equals.
    pub best: usize,
    /// The best line from `best`, each move legal in turn.
    pub pv: Vec<usize>,
    /// The deepest alpha-beta iteration finished (0: every move was settled by a proof).
    pub depth: u32,
    /// Alpha-beta nodes, the unfinished iteration's included.
    pub nodes: u64,
}

impl Analyzed {
    /// As every game's analysis reads: a proof where the score is one, else the score.
    pub fn into_analysis(self) -> Analysis {
        Analysis {
            moves: self
                .moves
                .iter()
                .map(|m| {
                    let figure = m.claim().map_or(Figure::Score(m.score), Figure::Proven);
                    (Move::new(m.cell), figure)
                })
                .collect(),
            best: Move::new(self.best),
            pv: self.pv.iter().map(|&c| Move::new(c)).collect(),
            depth: self.depth,
            nodes: self.nodes,
        }
    }

    pub fn best_scored(&self) -> Option<Scored> {
        self.moves.iter().copied().find(|m| m.cell == self.best)
    }
}

/// The analysis of `board` within `budget`; `None` once the game is over.
pub fn analyze(board: Board, budget: Budget) -> Option<Analyzed> {
    if board.status().is_over() {
        return None;
    }
    let start = Instant::now();
    let side = board.to_move();
    let empty = Qubic.empty_cells(board);
    let cells: Vec<usize> = bits(empty).collect();
    // What the threat search proves: a floor (a win) or a ceiling (a loss) per cell.
    let mut settled: Vec<Option<i32>> = vec![None; 64];
    for &cell in &cells {
        if board.with_move(cell).winning_line().is_some() {
            settled[cell] = Some(WIN - 1);
        }
    }
    // At a time budget the threat searches also stop at half of it, so the move comes in
    // time (the only budget whose result may vary anyway).
    let threat_deadline = match budget {
        Budget::Time(t) => Some(start + t / 2),
        _ => None,
    };
    if settled.iter().all(Option::is_none) {
        let search = |budget| {
            let search = ThreatSearch::new(&Qubic, budget);
            match threat_deadline {
                Some(deadline) => search.until(deadline),
                None => search,
            }
        };
        if let Some(win) = search(ATTACK_BUDGET).run(board, None).found() {
            settled[win.first] = Some(WIN - win.plies as i32);
        }
        let threatened = search(ATTACK_BUDGET)
            .run_for(board, side.other(), None)
            .found()
            .is_some();
        if threatened {
            for &cell in &cells {
                if settled[cell].is_some() {
                    continue;
                }
                if let Some(loss) = search(DEFEND_BUDGET)
                    .run(board.with_move(cell), None)
                    .found()
                {
                    // The loss counts this move too.
                    settled[cell] = Some(-(WIN - loss.plies as i32 - 1));
                }
            }
        }
    }
    let (max_depth, node_limit, movetime) = budget.limits();
    // A new searcher: an empty table of its fixed size.
    let mut searcher = Searcher::new();
    let open: Vec<usize> = super::eval::ordered_moves(board, side, empty)
        .into_iter()
        .filter(|&c| settled[c].is_none())
        .collect();
    let proofs: Vec<Scored> = cells
        .iter()
        .filter_map(|&cell| settled[cell].map(|score| Scored { cell, score }))
        .collect();
    let mut order = open;
    let mut done: Option<(Vec<Scored>, u32)> = None;
    let left = empty.count_ones();
    if order.is_empty() {
        done = Some((Vec::new(), 0));
    }
    for depth in 1..=max_depth.min(left) {
        if order.is_empty() {
            break;
        }
        if depth > 1 {
            searcher.node_limit = node_limit;
            searcher.deadline = movetime.map(|t| start + t.saturating_sub(margin(t)));
        }
        let mut scored = Vec::with_capacity(order.len());
        for &cell in &order {
            let after = board.with_move(cell);
            let score = if after.occupied().count_ones() == 64 {
                Ok(0)
            } else {
                searcher
                    .negamax(after, depth as i32 - 1, 1, -WIN - 1, WIN + 1)
                    .map(|s| -s)
            };
            match score {
                Ok(score) => scored.push(Scored { cell, score }),
                Err(_) => break,
            }
        }
        if searcher.stopped {
            break;
        }
        scored.sort_by_key(|m| Reverse(m.score));
        order = scored.iter().map(|m| m.cell).collect();
        let top = scored[0].score;
        let all_proven = scored.iter().all(|m| m.score.abs() >= PROVEN);
        done = Some((scored, depth));
        let late = movetime.is_some_and(|t| start.elapsed() * 2 > t);
        if top >= PROVEN || all_proven || late {
            break;
        }
    }
    let (searched, depth) = done?;
    // The proofs first among equals: a forced win found by the threat search is played.
    let mut ranked: Vec<Scored> = proofs.into_iter().chain(searched).collect();
    ranked.sort_by_key(|m| Reverse(m.score));
    let best = ranked.first()?.cell;
    let nodes = searcher.nodes;
    let pv = principal_variation(&mut searcher, board, best, depth);
    ranked.sort_by_key(|m| m.cell);
    Some(Analyzed {
        moves: ranked,
        best,
        pv,
        depth,
        nodes,
    })
}

/// What is kept back from a time budget for the reply.
fn margin(budget: Duration) -> Duration {
    (budget / 10).min(Duration::from_millis(60))
}

/// The line from `first`: the table's best move at each position after it, while it is
/// legal and the line not longer than `depth`.
fn principal_variation(
    searcher: &mut Searcher,
    board: Board,
    first: usize,
    depth: u32,
) -> Vec<usize> {
    searcher.stopped = false;
    searcher.node_limit = u64::MAX;
    searcher.deadline = None;
    let mut line = vec![first];
    let mut now = board.with_move(first);
    while (line.len() as u32) < depth.max(1) && !now.status().is_over() {
        // Searched again (the table answers most of it) so that the entry is there: later
        // searches may have taken its slot.
        let left = depth.max(1) - line.len() as u32;
        if searcher
            .negamax(now, left as i32, 1, -WIN - 1, WIN + 1)
            .is_err()
        {
            break;
        }
        let Some(slot) = searcher.table.get(now) else {
            break;
        };
        let cell = usize::from(slot.best);
        if cell >= 64 || Qubic.empty_cells(now) & 1 << cell == 0 {
            break;
        }
        line.push(cell);
        now = now.with_move(cell);
    }
    line
}

//! The analysis: what the threat search proves (a forced win, or one a move hands the
//! opponent), and every other move's alpha-beta value as `core::root` drives it. At a depth
//! or a node budget it depends on the board and the budget alone: the threat searches count
//! positions, never the clock.

use std::time::Instant;

use super::alphabeta::{PROVEN, Searcher, WIN};
use crate::core::root::{self, Limits, Root, SearchSettings, Searched, Window};
use crate::core::{Analysis, Budget, Claim, Move};
use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::cell::bits;
use crate::games::qubic::geometry::{Geometry, Qubic};
use crate::games::qubic::threats::ThreatSearch;

/// Positions the threat searches may examine: `attack` for the mover's forced win (and the
/// opponent's with a free move), `defend` for the opponent's after each move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ThreatBudgets {
    pub attack: u64,
    pub defend: u64,
}

const STRONGEST: ThreatBudgets = ThreatBudgets {
    attack: 200_000,
    defend: 20_000,
};

/// The slots of all the root moves' tables together: 2^18, 8 MiB. The split is part of
/// what the result depends on.
const ANALYSIS_TABLE_BITS: u32 = 18;

struct Analysed {
    board: QubicBoard,
    /// Best guess first.
    open: Vec<usize>,
    proofs: Vec<(usize, i32)>,
}

impl Root for Analysed {
    type Move = usize;
    type State = Searcher;
    const INFINITY: i32 = WIN + 1;

    fn moves(&self) -> Vec<usize> {
        self.open.clone()
    }

    fn proofs(&self) -> Vec<(usize, i32)> {
        self.proofs.clone()
    }

    fn max_depth(&self) -> u32 {
        Qubic.empty_cells(self.board).count_ones()
    }

    fn state(&self, count: usize) -> Searcher {
        Searcher::with_table_bits(root::table_bits(ANALYSIS_TABLE_BITS, count))
    }

    fn search(
        &self,
        searcher: &mut Searcher,
        cell: usize,
        depth: u32,
        (alpha, beta): Window,
        limits: Limits<'_>,
    ) -> Option<Searched> {
        let after = self.board.with_move(cell);
        if after.occupied().count_ones() == 64 {
            return Some(Searched {
                score: 0,
                proven: true,
                nodes: 0,
            });
        }
        searcher.nodes = 0;
        searcher.stopped = false;
        searcher.node_limit = limits.nodes;
        searcher.halt = limits.halt.cloned();
        let score = searcher.negamax(after, depth as i32 - 1, 1, -beta, -alpha);
        searcher.halt = None;
        Some(Searched {
            score: -score.ok()?,
            proven: false,
            nodes: searcher.nodes,
        })
    }

    fn claim(&self, score: i32, _proven: bool) -> Option<Claim> {
        if score >= PROVEN {
            Some(Claim::WinWithin((WIN - score) as u32))
        } else if score <= -PROVEN {
            Some(Claim::LossWithin((WIN + score) as u32))
        } else {
            None
        }
    }

    fn settled(&self, best: Searched, _depth: u32) -> bool {
        best.score >= PROVEN
    }

    fn line(&self, searcher: &Searcher, first: usize, depth: u32) -> Vec<usize> {
        let next = |now: &QubicBoard| {
            let slot = searcher
                .table
                .get(*now)
                .filter(|_| !now.status().is_over())?;
            let cell = usize::from(slot.best);
            (cell < 64 && Qubic.empty_cells(*now) & 1 << cell != 0).then_some(cell)
        };
        root::line_from(&self.board, first, depth, next, |now, cell| {
            Some(now.with_move(cell))
        })
    }

    fn id(&self, cell: usize) -> Move {
        Move::new(cell)
    }
}

pub fn analyze(board: QubicBoard, settings: &SearchSettings) -> Option<Analysis> {
    Some(analyze_with(board, STRONGEST, settings)?.0)
}

/// Also the moves the threat searches settled, with their scores.
pub(crate) fn analyze_with(
    board: QubicBoard,
    budgets: ThreatBudgets,
    settings: &SearchSettings,
) -> Option<(Analysis, Vec<(usize, i32)>)> {
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
    let threat_deadline = match settings.budget {
        Budget::Time(t) => Some(start + t / 2),
        _ => None,
    };
    if settled.iter().all(Option::is_none) {
        let search = |budget| {
            let mut search = ThreatSearch::new(&Qubic, budget);
            search.deadline = threat_deadline;
            search
        };
        if let Ok(Some(win)) = search(budgets.attack).run(board) {
            settled[win.first] = Some(WIN - win.plies as i32);
        }
        let threatened = budgets.defend > 0
            && (search(budgets.attack).run_for(board, side.other())).is_ok_and(|w| w.is_some());
        if threatened {
            for &cell in &cells {
                if settled[cell].is_some() {
                    continue;
                }
                if let Ok(Some(loss)) = search(budgets.defend).run(board.with_move(cell)) {
                    // The loss counts this move too.
                    settled[cell] = Some(-(WIN - loss.plies as i32 - 1));
                }
            }
        }
    }
    let analysed = Analysed {
        board,
        open: super::eval::ordered_moves(board, side, empty)
            .into_iter()
            .filter(|&c| settled[c].is_none())
            .collect(),
        proofs: cells
            .iter()
            .filter_map(|&cell| settled[cell].map(|score| (cell, score)))
            .collect(),
    };
    Some((root::analyze(&analysed, settings)?, analysed.proofs))
}

//! Classic's part in the analysis (`core::root` drives it): one root move searched at a
//! depth within a window, on that move's own table, and what its score proves.

use super::negamax::{MATE, MATE_BOUND, Search, win_at};
use super::node::Node;
use super::ordering::Ordering;
use super::tt::Table;
use super::{Searcher, claim};
use crate::core::root::{self, Limits, Root, SearchSettings, Searched, Window};
use crate::core::{Analysis, Claim, Move};
use crate::games::classic::board::ClassicBoard;
use crate::games::classic::cell::ClassicCell;

/// The slots of all the root moves' tables together: 2^19 of 24 bytes, 12 MiB. The split
/// is part of what the result depends on.
const ANALYSIS_TABLE_BITS: u32 = 19;

pub(crate) struct Job {
    table: Table,
    ordering: Ordering,
}

struct Analysed<'a> {
    searcher: &'a Searcher,
    board: ClassicBoard,
    node: Node,
    empty: u32,
}

impl Root for Analysed<'_> {
    type Move = ClassicCell;
    type State = Job;
    const INFINITY: i32 = MATE + 1;

    fn moves(&self) -> Vec<ClassicCell> {
        ClassicCell::in_mask(self.board.empty_cells()).collect()
    }

    fn max_depth(&self) -> u32 {
        self.empty
    }

    fn state(&self, count: usize) -> Job {
        Job {
            table: Table::new(root::table_bits(ANALYSIS_TABLE_BITS, count)),
            ordering: Ordering::new(),
        }
    }

    fn search(
        &self,
        job: &mut Job,
        cell: ClassicCell,
        depth: u32,
        (alpha, beta): Window,
        limits: Limits<'_>,
    ) -> Option<Searched> {
        let s = self.searcher;
        let child = self.node.play(cell.index(), &s.zobrist);
        if self.board.with_move(cell).winning_line().is_some() {
            return Some(exact(MATE - 1));
        }
        if child.mover | child.other == self.board.variant().full_mask() {
            return Some(exact(0));
        }
        let mut search = Search::new(s, &mut job.table, &mut job.ordering);
        search.node_limit = limits.nodes;
        search.halt = limits.halt();
        let (score, proven) = search.negamax(child, depth - 1, -beta, -alpha, 1);
        (!search.stopped).then_some(Searched {
            score: -score,
            proven,
            nodes: search.nodes,
        })
    }

    fn claim(&self, score: i32, proven: bool) -> Option<Claim> {
        claim(score, proven, self.empty)
    }

    /// A proven bound of a loss at the second ply is exact: no loss comes sooner.
    fn bound_claim(&self, searched: Searched) -> Option<Claim> {
        let soonest = searched.proven && searched.score == -win_at(1);
        match claim(searched.score, soonest, self.empty)? {
            Claim::WinWithin(_) => None,
            proof => Some(proof),
        }
    }

    fn settled(&self, best: Searched, _depth: u32) -> bool {
        best.proven && best.score >= MATE_BOUND
    }

    fn line(&self, job: &Job, first: ClassicCell, depth: u32) -> Vec<ClassicCell> {
        self.searcher
            .principal_variation(&job.table, self.board, first, depth)
    }

    fn id(&self, cell: ClassicCell) -> Move {
        Move::new(cell.index())
    }
}

fn exact(score: i32) -> Searched {
    Searched {
        score,
        proven: true,
        nodes: 0,
    }
}

impl Searcher {
    /// The analysis of `board` at `settings`; `None` when the game is over or the board is
    /// another variant's. Nothing of earlier searches goes into it.
    pub fn analyze(&self, board: ClassicBoard, settings: &SearchSettings) -> Option<Analysis> {
        if board.variant() != self.variant || board.status().is_over() {
            return None;
        }
        let analysed = Analysed {
            searcher: self,
            board,
            node: self.node(board),
            empty: board.empty_cells().count_ones(),
        };
        root::analyze(&analysed, settings)
    }

    /// The line from `first`: `table`'s best move at each position after it, while it is
    /// legal and the line not longer than `depth`.
    fn principal_variation(
        &self,
        table: &Table,
        board: ClassicBoard,
        first: ClassicCell,
        depth: u32,
    ) -> Vec<ClassicCell> {
        let next = |&board: &ClassicBoard| {
            if board.status().is_over() {
                return None;
            }
            let stored = table
                .get(self.node(board).hash)
                .and_then(|slot| ClassicCell::new(self.variant, usize::from(slot.best)))
                .filter(|&cell| board.empty_cells() & cell.bit() != 0);
            // The search settles a win at once and a forced block by rule, keeping no move
            // for them: the line goes on with that move.
            stored.or_else(|| forced(board))
        };
        root::line_from(&board, first, depth, next, |b, cell| b.play(cell).ok())
    }
}

/// The move the rules force on `board`: a win at once, else the one block of the other
/// side's win; `None` when there is a choice.
fn forced(board: ClassicBoard) -> Option<ClassicCell> {
    let me = board.to_move();
    let (wins, blocks) = (board.winning_cells(me), board.winning_cells(me.other()));
    match (wins, blocks.count_ones()) {
        (0, 1) => ClassicCell::in_mask(blocks).next(),
        (0, _) => None,
        _ => ClassicCell::in_mask(wins).next(),
    }
}

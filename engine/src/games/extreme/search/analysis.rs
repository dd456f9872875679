//! Extreme's part in the analysis `core::root` drives: one root move at a depth within a
//! window, on its own table, and what its score proves.

use super::super::cell::ExtremeCell;
use super::super::rules::State;
use super::ordering::{Hints, MoveList};
use super::position::Node;
use super::score::{INFINITY, is_mate, mate_plies, proven};
use super::tree::{MAX_PLY, Table, Worker};
use crate::core::root::{self, Limits, Root, SearchSettings, Searched, Window};
use crate::core::{Analysis, Claim, Move};

/// The entries of all the root moves' tables together: 2^21 of 16 bytes, 32 MiB. The
/// split is part of what the result depends on.
const ANALYSIS_TABLE_BITS: u32 = 21;
/// A level's: 1 MiB, which it cannot fill, cleared fast enough to answer in milliseconds.
const LEVEL_TABLE_BITS: u32 = 16;

struct Analysed {
    root: Node,
    plies_left: u32,
    depth: u32,
    table_bits: u32,
}

impl Root for Analysed {
    type Move = ExtremeCell;
    type State = Table;
    const INFINITY: i32 = INFINITY;

    fn moves(&self) -> Vec<ExtremeCell> {
        let history = [[0; 256]; 2];
        let hints = Hints {
            table_move: None,
            killers: [None; 2],
            history: &history,
        };
        MoveList::new(&self.root.state, &hints)
            .map(|(cell, _)| cell)
            .collect()
    }

    fn max_depth(&self) -> u32 {
        (256 - self.root.state.stones())
            .min(MAX_PLY as u32 / 2)
            .min(self.depth)
    }

    fn state(&self, count: usize) -> Table {
        Table::new(root::table_bits(self.table_bits, count))
    }

    fn search(
        &self,
        table: &mut Table,
        cell: ExtremeCell,
        depth: u32,
        window: Window,
        limits: Limits<'_>,
    ) -> Option<Searched> {
        let mut worker = Worker::new(table, limits);
        let child = self.root.play(cell);
        let mover = self.root.state.to_move();
        let same = child.state.to_move() == mover && !child.state.status().is_over();
        let score = worker.child_score(&child, same, depth as i32 - 1, window, 0);
        (!worker.stopped).then_some(Searched {
            score,
            proven: false,
            nodes: worker.searched,
        })
    }

    fn claim(&self, score: i32, _proven: bool) -> Option<Claim> {
        proven(score, self.plies_left)
    }

    fn settled(&self, best: Searched, depth: u32) -> bool {
        is_mate(best.score) && mate_plies(best.score) <= depth
    }

    fn line(&self, table: &Table, first: ExtremeCell, depth: u32) -> Vec<ExtremeCell> {
        let next = |now: &State| {
            (!now.status().is_over())
                .then(|| table.get(Node::new(*now).key()).and_then(|e| e.best))
                .flatten()
        };
        root::line_from(&self.root.state, first, depth, next, |now, cell| {
            now.play(cell).ok()
        })
    }

    fn id(&self, cell: ExtremeCell) -> Move {
        Move::new(cell.index())
    }
}

pub fn analyze(state: &State, settings: &SearchSettings) -> Option<Analysis> {
    analyze_within(state, settings, u32::MAX)
}

/// Iterations no deeper than `depth` (below [`MAX_PLY`], a level's: on small tables).
pub fn analyze_within(state: &State, settings: &SearchSettings, depth: u32) -> Option<Analysis> {
    if state.status().is_over() {
        return None;
    }
    let analysed = Analysed {
        root: Node::new(*state),
        plies_left: state.plies_left(),
        depth,
        table_bits: if depth < MAX_PLY as u32 {
            LEVEL_TABLE_BITS
        } else {
            ANALYSIS_TABLE_BITS
        },
    };
    root::analyze(&analysed, settings)
}

//! Proof-number search (Allis 1994) on the graph of positions: again and again, walk down
//! from the root to a most-proving position (at X's turn the child with the smallest proof
//! number, at O's the smallest disproof number, ties to the lowest move), expand it, judging
//! every new child by the rules ([`super::rules`]), and bring the numbers of its ancestors
//! up to date, along every parent. Children are judged in parallel, but each verdict depends
//! on its position alone, so the search is the same on any number of threads.

use std::time::Instant;

use rayon::prelude::*;

use crate::games::qubic::board::{QubicBoard, Side};

use super::children::children;
use super::graph::{Graph, NONE, NodeId};
use super::numbers::Numbers;
use super::rules::{Budgets, ProverVerdict, judge};
use super::{ProverLimits, Stop};

#[derive(Default)]
pub struct Search {
    pub graph: Graph,
    pub budgets: Budgets,
    /// Positions judged by the rules.
    pub positions: u64,
    /// Positions the threat searches examined inside those judgements.
    pub threat_positions: u64,
    pub expansions: u64,
}

/// The root's node.
pub const ROOT: NodeId = 0;

impl Search {
    /// A search from `board` (canonical, game on), its root judged.
    pub fn new(board: QubicBoard, budgets: Budgets) -> Search {
        let mut search = Search {
            budgets,
            ..Search::default()
        };
        let (numbers, block) = search.judge_one(board);
        search.graph.add(board, numbers, block, NONE);
        search
    }

    fn judge_one(&mut self, board: QubicBoard) -> (Numbers, Option<usize>) {
        let (verdict, spent) = judge(board, self.budgets);
        self.positions += 1;
        self.threat_positions += spent;
        numbers_of(verdict)
    }

    pub fn root(&self) -> Numbers {
        self.graph.node(ROOT).numbers
    }

    /// Searches until the root is settled or a limit is reached (the limit then).
    pub fn run(&mut self, limits: &ProverLimits, started: Instant) -> Option<Stop> {
        while !self.root().is_solved() {
            if self.positions >= limits.positions {
                return Some(Stop::Positions);
            }
            if self.graph.count() >= limits.nodes {
                return Some(Stop::Memory);
            }
            if limits.time.is_some_and(|t| started.elapsed() >= t) {
                return Some(Stop::Time);
            }
            let leaf = self.most_proving();
            self.expand(leaf);
            self.update(leaf);
        }
        None
    }

    fn most_proving(&self) -> NodeId {
        let mut id = ROOT;
        loop {
            let node = self.graph.node(id);
            if !node.expanded {
                return id;
            }
            let key = |child: &&NodeId| {
                let n = self.graph.node(**child).numbers;
                match node.board.to_move() {
                    Side::First => n.proof,
                    Side::Second => n.disproof,
                }
            };
            // The first of the smallest: `min_by_key` keeps the first on ties.
            id = *self
                .graph
                .children(id)
                .iter()
                .min_by_key(key)
                .expect("an unsettled expanded node has children");
        }
    }

    /// Builds the children of `id` and sets its numbers from theirs. Children settled by the
    /// rules are not kept: one the side to move wins by settles `id` at once, and one it
    /// loses by counts for nothing.
    fn expand(&mut self, id: NodeId) {
        self.expansions += 1;
        let node = *self.graph.node(id);
        let mover = node.board.to_move();
        let moves = children(node.board, node.block());
        let new: Vec<QubicBoard> = moves
            .iter()
            .map(|&(_, child)| child)
            .filter(|&child| self.graph.find(child).is_none())
            .collect();
        let budgets = self.budgets;
        let verdicts: Vec<(ProverVerdict, u64)> =
            new.par_iter().map(|&b| judge(b, budgets)).collect();
        self.positions += verdicts.len() as u64;
        self.threat_positions += verdicts.iter().map(|v| v.1).sum::<u64>();
        let mut verdicts = verdicts.into_iter();
        let mut kept = Vec::with_capacity(moves.len());
        let mut settled = None;
        for (_, child) in moves {
            let existing = self.graph.find(child);
            let (numbers, block) = match existing {
                Some(c) => (self.graph.node(c).numbers, None),
                None => numbers_of(verdicts.next().expect("one verdict per new child").0),
            };
            if numbers.is_solved() && existing.is_none() {
                if wins_for(numbers, mover) {
                    settled = Some(numbers);
                    break;
                }
                continue;
            }
            let c = match existing {
                Some(c) => {
                    self.graph.link(c, id);
                    c
                }
                None => self.graph.add(child, numbers, block, id),
            };
            kept.push(c);
        }
        let numbers = settled.unwrap_or_else(|| {
            Numbers::combine(mover, kept.iter().map(|&c| self.graph.node(c).numbers))
        });
        self.graph.expand(id, &kept, numbers);
    }

    /// Brings the numbers of every ancestor of `id` up to date.
    fn update(&mut self, id: NodeId) {
        let mut stack: Vec<NodeId> = self.graph.parents(id).collect();
        while let Some(n) = stack.pop() {
            let node = *self.graph.node(n);
            if node.numbers.is_solved() {
                continue;
            }
            let numbers = Numbers::combine(
                node.board.to_move(),
                self.graph
                    .children(n)
                    .iter()
                    .map(|&c| self.graph.node(c).numbers),
            );
            if numbers != node.numbers {
                self.graph.set_numbers(n, numbers);
                stack.extend(self.graph.parents(n));
            }
        }
    }
}

/// Does a settled child with these numbers settle its parent, `mover` to move?
fn wins_for(numbers: Numbers, mover: Side) -> bool {
    match mover {
        Side::First => numbers.proof == 0,
        Side::Second => numbers.disproof == 0,
    }
}

fn numbers_of(verdict: ProverVerdict) -> (Numbers, Option<usize>) {
    match verdict {
        ProverVerdict::Won => (Numbers::PROVEN, None),
        ProverVerdict::Lost => (Numbers::DISPROVEN, None),
        ProverVerdict::Open(open) => (open.numbers, open.block),
    }
}

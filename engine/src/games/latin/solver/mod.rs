//! Exact values for every reachable position, built once and then looked up.

mod search;

use crate::core::{Solved, Value};
use crate::games::kit::exact::{self, Choice, Score};
use std::collections::HashMap;

/// Half full at most: the ~170,000 classes fit 2^19 slots, probes stay short.
pub(crate) type Entry = exact::Entry<1, 2>;
type Table = exact::Table<1, 2>;

use crate::games::latin::game::{Board, Cell, Symmetries};

/// Canonical classes of in-play positions reachable from the empty board; the table is
/// sized for them so the solve never rehashes.
const EXPECTED_CLASSES: usize = 200_000;

/// The solved game: the value of every position reachable from the empty board.
pub struct Solver {
    syms: Symmetries,
    table: Table,
}

impl Solver {
    pub fn new() -> Solver {
        let syms = Symmetries::default();
        let mut table = Table::with_capacity(EXPECTED_CLASSES);
        search::solve(&syms, &mut table, Board::EMPTY);
        Solver { syms, table }
    }

    /// The table entry of an in-play position. One that play never reaches (legal by count
    /// only: points that could only have come at different moves) is searched afresh, each
    /// class once per lookup, and not kept, so odd positions cost no memory.
    pub fn entry(&self, board: Board) -> Option<Entry> {
        if board.status().is_over() {
            return None;
        }
        Some(self.search(board, &mut HashMap::new()))
    }

    fn search(&self, board: Board, memo: &mut HashMap<u32, Entry>) -> Entry {
        let key = self.syms.canonical_key(board);
        if let Some(e) = self.table.get(key).or_else(|| memo.get(&key).copied()) {
            return e;
        }
        let entry = search::solve_children(board, |child| self.search(child, memo).score);
        memo.insert(key, entry);
        entry
    }

    /// The value for the side to move; `None` when the game is over.
    pub fn value(&self, board: Board) -> Option<Value> {
        Some(self.entry(board)?.score.value(board.empty_count()))
    }

    /// The value of playing `cell`, for the side that plays it; `None` if the move is not
    /// legal (game over, cell taken).
    pub fn move_value(&self, board: Board, cell: Cell) -> Option<Value> {
        let (score, _) = self.move_result(board, cell)?;
        Some(score.value(board.empty_count()))
    }

    /// What playing `cell` leads to: its score for the side playing it, and the losing and
    /// winning replies after it while the game goes on; `None` if the move is not legal.
    pub(crate) fn move_result(
        &self,
        board: Board,
        cell: Cell,
    ) -> Option<(Score, Option<(u32, u32)>)> {
        board.play(cell).ok()?;
        Some(match search::immediate_score(board, cell) {
            (_, Some(score)) => (score, None),
            (child, None) => {
                let entry = self.entry(child)?;
                let counts = (u32::from(entry.losing), u32::from(entry.winning));
                (entry.score.before_move(), Some(counts))
            }
        })
    }

    /// The value of each legal move for the side to move, in cell order.
    pub fn move_values(&self, board: Board) -> Vec<(Cell, Value)> {
        Cell::in_mask(board.empty_cells())
            .filter_map(|cell| Some((cell, self.move_value(board, cell)?)))
            .collect()
    }

    /// The perfect player's move; `None` when the game is over.
    pub fn best_move(&self, board: Board) -> Option<Choice<Cell>> {
        let moves = Cell::in_mask(board.empty_cells());
        exact::best_move(moves, board.empty_count(), |cell| {
            self.move_result(board, cell)
        })
    }

    /// What the solve found and holds, every symmetric image of a class counted.
    pub fn solved(&self) -> Solved {
        let orbit = |key: u32| {
            let board = Board::from_masks(key as u16, (key >> 16) as u16);
            self.syms
                .orbit_size(board.expect("table keys are positions")) as usize
        };
        Solved {
            positions: self.table.positions(orbit),
            classes: self.table.len() as u64,
            symmetries: crate::games::latin::game::symmetry::COUNT,
            bytes: self.table.memory_bytes(),
        }
    }

    pub fn symmetries(&self) -> &Symmetries {
        &self.syms
    }
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

//! The exact solver for boards of at most 16 cells: the value of every position reachable
//! from the empty board, solved at once and then looked up.

mod solve;

use super::board::ClassicBoard;
use super::cell::ClassicCell;
use super::symmetry::Symmetries;
use super::variant::Variant;
use crate::core::{Solved, Value};
use crate::games::kit::exact::{self, Choice, Score};
use solve::{Rules, Solve, children};

/// Two thirds full at most: ~10^5 to 10^6 classes on 4x4 stay small.
pub(crate) type ClassicEntry = exact::Entry<2, 3>;
type Table = exact::Table<2, 3>;

pub struct ClassicSolver {
    variant: Variant,
    rules: Rules,
    syms: Symmetries,
    table: Table,
}

/// Classes of in-play positions (measured: the tests check them), so a solve never grows
/// its table.
fn expected_classes(variant: Variant) -> usize {
    match (variant.size(), variant.k()) {
        (4, 4) => 286_602,
        (4, 3) => 434_205,
        _ => 627,
    }
}

impl ClassicSolver {
    /// Solves the whole game; `None` for a board of more than 16 cells.
    pub fn new(variant: Variant) -> Option<ClassicSolver> {
        let syms = Symmetries::new(variant)?;
        let rules = Rules::new(variant);
        let mut table = Table::with_capacity(expected_classes(variant));
        Solve {
            rules: &rules,
            syms: &syms,
            table: &mut table,
        }
        .entry(0, 0);
        Some(ClassicSolver {
            variant,
            rules,
            syms,
            table,
        })
    }

    /// The side to move's stones and the other side's, as the table keys them.
    fn sides(board: ClassicBoard) -> (u16, u16) {
        let mover = board.to_move();
        (
            board.stones(mover) as u16,
            board.stones(mover.other()) as u16,
        )
    }

    /// The entry of an in-play position of this variant; `None` when the game is over or
    /// the board is another variant's.
    pub fn entry(&self, board: ClassicBoard) -> Option<ClassicEntry> {
        if board.variant() != self.variant || board.status().is_over() {
            return None;
        }
        let (mover, other) = Self::sides(board);
        Some(self.lookup(mover, other))
    }

    /// Every in-play position is reachable, so the table holds it; the search below is
    /// only a safety net that never stores.
    fn lookup(&self, mover: u16, other: u16) -> ClassicEntry {
        let key = self.syms.canonical(solve::key(mover, other));
        self.table
            .get(key)
            .unwrap_or_else(|| children(&self.rules, mover, other, |m, o| self.lookup(m, o).score))
    }

    pub fn value(&self, board: ClassicBoard) -> Option<Value> {
        let entry = self.entry(board)?;
        Some(entry.score.value(board.empty_cells().count_ones()))
    }

    /// What playing `cell` does: its score for the side playing it, and the losing and
    /// winning replies after it while the game goes on. `None` if the move is not legal.
    pub fn move_result(
        &self,
        board: ClassicBoard,
        cell: ClassicCell,
    ) -> Option<(Score, Option<(u32, u32)>)> {
        self.entry(board)?;
        board.play(cell).ok()?;
        let (mover, other) = Self::sides(board);
        Some(match self.rules.immediate(mover, other, cell.index()) {
            Some(score) => (score, None),
            None => {
                let after = self.lookup(other, mover | 1 << cell.index());
                let counts = (u32::from(after.losing), u32::from(after.winning));
                (after.score.before_move(), Some(counts))
            }
        })
    }

    /// The value of playing `cell`, for the side playing it.
    pub fn move_value(&self, board: ClassicBoard, cell: ClassicCell) -> Option<Value> {
        let (score, _) = self.move_result(board, cell)?;
        Some(score.value(board.empty_cells().count_ones()))
    }

    pub fn move_values(&self, board: ClassicBoard) -> Vec<(ClassicCell, Value)> {
        ClassicCell::in_mask(board.empty_cells())
            .filter_map(|cell| Some((cell, self.move_value(board, cell)?)))
            .collect()
    }

    pub fn best_move(&self, board: ClassicBoard) -> Option<Choice<ClassicCell>> {
        let moves = ClassicCell::in_mask(board.empty_cells());
        let empty = board.empty_cells().count_ones();
        exact::best_move(moves, empty, |cell| self.move_result(board, cell))
    }

    /// What the solve found and holds, every symmetric image of a class counted.
    pub fn solved(&self) -> Solved {
        Solved {
            positions: self.table.positions(|key| self.syms.orbit_size(key)),
            classes: self.table.len() as u64,
            symmetries: self.syms.count(),
            bytes: self.table.memory_bytes(),
        }
    }
}

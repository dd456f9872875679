//! The five-rule player of a published C# experiment, for boards of odd size. The first rule that yields a cell
//! decides:
//! 1. Win at once: the first such cell scanning rows from the top, each left to right.
//! 2. Block: the first cell (same scan) where the opponent would win at once.
//! 3. The centre, if empty.
//! 4. If neither long diagonal is full: for r = 0..N-1 (c = N-1-r), flip a coin for which of
//!    (r, r) and (r, c) to try first, and take the first empty one.
//! 5. Play away from its own last move (the last cell it took by rules 1-4; the top-left
//!    corner before it has one, as the C# program's fields start at 0): for i = N..0, j = N..0,
//!    sign in (-1, +1), try (last_r + sign*i, last_c + sign*j) and take the first empty
//!    cell on the board.
//!
//! Since the same sign moves both coordinates, rule 5 can find no cell (on 3x3 in about
//! 1-2 % of games against a random player); the C# program then makes no move at all. This
//! player then takes the first empty cell in row order (rule 6 here), so it always moves.
//! The C# also goes on placing stones after rule 5 has found one: see `examples/seed003/`
//! for that program as it runs, and the README for what it does to the published figures.

use rand::RngExt;

use super::{PlayerRng, board_in_play, rng_from_seed};
use crate::core::{CellId, Decision, Player, Position};
use crate::games::classic::board::ClassicBoard;
use crate::games::classic::cell::ClassicCell;

pub(crate) struct RuleList {
    rng: PlayerRng,
    /// Its last cell taken by rules 1-4, while it is still its own on the board.
    last: Option<ClassicCell>,
}

impl RuleList {
    pub fn new(seed: u64) -> RuleList {
        RuleList {
            rng: rng_from_seed(seed),
            last: None,
        }
    }

    /// The cell it plays and its rule's word; `None` unless `board` is of odd size and in play.
    pub fn choose(&mut self, board: ClassicBoard) -> Option<(ClassicCell, &'static str)> {
        let v = board.variant();
        if v.size().is_multiple_of(2) || board.status().is_over() {
            return None;
        }
        let me = board.to_move();
        // A remembered cell that is not ours any more belongs to an earlier game.
        self.last = self.last.filter(|&c| board.at(c) == Some(me));
        let first = |mask: u64| ClassicCell::in_mask(mask).next();
        let n = v.size() as i32;
        let centre =
            ClassicCell::at(v, n / 2, n / 2).filter(|c| board.empty_cells() & c.bit() != 0);
        let found = first(board.winning_cells(me))
            .map(|c| (c, "win"))
            .or_else(|| first(board.winning_cells(me.other())).map(|c| (c, "block")))
            .or_else(|| centre.map(|c| (c, "centre")))
            .or_else(|| self.diagonal(board).map(|c| (c, "diagonal")));
        if let Some((cell, _)) = found {
            self.last = Some(cell);
            return found;
        }
        self.away(board)
            .map(|c| (c, "away"))
            .or_else(|| first(board.empty_cells()).map(|c| (c, "first empty")))
    }

    fn diagonal(&mut self, board: ClassicBoard) -> Option<ClassicCell> {
        let v = board.variant();
        let n = v.size() as i32;
        let diagonal = |cells: &dyn Fn(i32) -> (i32, i32)| {
            (0..n).fold(0u64, |m, i| {
                let (r, c) = cells(i);
                m | ClassicCell::at(v, r, c).map_or(0, ClassicCell::bit)
            })
        };
        let full = |mask: u64| board.occupied() & mask == mask;
        if full(diagonal(&|i| (i, i))) || full(diagonal(&|i| (i, n - 1 - i))) {
            return None;
        }
        let empty =
            |r, c| ClassicCell::at(v, r, c).filter(|cell| board.empty_cells() & cell.bit() != 0);
        (0..n).find_map(|r| {
            let c = n - 1 - r;
            if self.rng.random_bool(0.5) {
                empty(r, r).or_else(|| empty(r, c))
            } else {
                empty(r, c).or_else(|| empty(r, r))
            }
        })
    }

    fn away(&self, board: ClassicBoard) -> Option<ClassicCell> {
        let v = board.variant();
        let n = v.size() as i32;
        let (lr, lc) = self.last.map_or((0, 0), |c| (c.row(v), c.col(v)));
        (0..=n).rev().find_map(|i| {
            (0..=n).rev().find_map(|j| {
                [-1, 1].into_iter().find_map(|sign| {
                    ClassicCell::at(v, lr + sign * i, lc + sign * j)
                        .filter(|cell| board.empty_cells() & cell.bit() != 0)
                })
            })
        })
    }
}

impl Player for RuleList {
    fn name(&self) -> String {
        "rule-list".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let (cell, rule) = self.choose(board_in_play(position)?)?;
        Some(Decision {
            how: Some(rule.into()),
            ..Decision::new(CellId::new(cell.index()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::classic::text;
    use crate::games::classic::variant::Variant;

    fn board(t: &str) -> ClassicBoard {
        text::parse(Variant::CLASSIC, t).unwrap()
    }

    fn name(c: ClassicCell) -> String {
        c.name(Variant::CLASSIC)
    }

    fn choose(t: &str) -> (String, &'static str) {
        let (c, r) = RuleList::new(1).choose(board(t)).unwrap();
        (name(c), r)
    }

    #[test]
    fn rules_1_and_2_take_the_first_cell_in_row_order() {
        // O to move wins at c2 (a2 b2) while X threatens b1.
        assert_eq!(choose("X-X/OO-/X--"), ("c2".into(), "win"));
        // X threatens b1 (a1 c1) and a2 (a1 a3): b1 comes first.
        assert_eq!(choose("X-X/-O-/X-O"), ("b1".into(), "block"));
    }

    #[test]
    fn rule_3_takes_the_centre() {
        assert_eq!(choose("---/---/---"), ("b2".into(), "centre"));
        assert_eq!(choose("X--/---/---"), ("b2".into(), "centre"));
        let v5 = Variant::new(5, None).unwrap();
        let (c, r) = RuleList::new(1).choose(ClassicBoard::empty(v5)).unwrap();
        assert_eq!((c.name(v5), r), ("c3".into(), "centre"));
    }

    #[test]
    fn rule_4_takes_a_diagonal_cell_of_the_first_open_row_by_coin() {
        let b = board("---/-X-/---");
        let mut seen = Vec::new();
        for seed in 0..64 {
            let (c, r) = RuleList::new(seed).choose(b).unwrap();
            assert_eq!(r, "diagonal");
            seen.push(name(c));
        }
        assert!(seen.iter().all(|c| c == "a1" || c == "c1"));
        assert!(seen.contains(&"a1".into()) && seen.contains(&"c1".into()));
        // Row 1's two diagonal cells taken: row 2's only diagonal cell is the centre (taken),
        // so row 3.
        let (c, _) = RuleList::new(5).choose(board("XOX/-O-/-X-")).unwrap();
        assert!(["a3", "c3"].contains(&name(c).as_str()));
    }

    /// X: a1 c1 c2 b3, O: b1 b2 c3, O to move: no wins or blocks, the centre taken, the
    /// diagonal a1-b2-c3 full; the empty cells are a2 and a3.
    const DIAGONAL_FULL: &str = "XOX/-OX/-XO";

    #[test]
    fn rule_4_stops_when_a_diagonal_is_full() {
        // No last move of its own: rule 5 starts from a1, and (0 + 2, 0 + 0) = a3 comes
        // before (0 + 1, 0 + 0) = a2.
        let (c, r) = RuleList::new(1).choose(board(DIAGONAL_FULL)).unwrap();
        assert_eq!((name(c), r), ("a3".into(), "away"));
    }

    #[test]
    fn rule_5_plays_away_from_its_last_move() {
        let mut p = RuleList::new(1);
        let (c, r) = p.choose(board("X--/---/---")).unwrap();
        assert_eq!((name(c), r), ("b2".into(), "centre"));
        // From b2 (1, 1): i = 1, j = 1 reaches a1 and c3 (taken); i = 1, j = 0 reaches b1
        // and b3 (taken); i = 0, j = 1 reaches a2.
        let (c, r) = p.choose(board(DIAGONAL_FULL)).unwrap();
        assert_eq!((name(c), r), ("a2".into(), "away"));
    }

    #[test]
    fn rule_5_may_find_nothing_and_then_the_first_empty_cell_is_taken() {
        // From b1 (0, 1): sign -1 stays on row 1, sign +1 on columns b and c, all taken.
        let mut p = RuleList::new(1);
        p.last = ClassicCell::parse(Variant::CLASSIC, "b1").ok();
        let (c, r) = p.choose(board(DIAGONAL_FULL)).unwrap();
        assert_eq!((name(c), r), ("a2".into(), "first empty"));
    }

    #[test]
    fn only_odd_sizes() {
        let v4 = Variant::new(4, None).unwrap();
        assert_eq!(RuleList::new(1).choose(ClassicBoard::empty(v4)), None);
    }
}

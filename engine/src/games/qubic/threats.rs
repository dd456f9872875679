//! Threats and forced wins (threat-space search). A *forced win* for the attacker is a
//! sequence of its moves, each making a threat (all of a line but one empty cell) the
//! defender must block at once, ending in a double threat; the search branches only on the
//! attacker's moves. Patashnik's rule: when the block threatens, the attacker must block
//! it, and the sequence goes on only if that block threatens again. A win found is proven;
//! none found proves nothing (a quiet move can win too).

use super::board::{FastSet, QubicBoard, Side};
use super::cell::bits;
use super::geometry::Geometry;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Threats {
    /// Cells that complete a line of the side's.
    pub wins: u64,
    /// Cells where a stone would make a threat.
    pub makers: u64,
}

#[inline]
pub fn threats(lines: &[u64], own: u64, other: u64) -> Threats {
    let mut t = Threats::default();
    for &line in lines {
        if line & other == 0 {
            t.add(line & !own);
        }
    }
    t
}

/// One pass over `lines` for both sides: the threats of the side holding `own`, and the
/// cells where the other side completes a line.
#[inline]
pub fn both_threats(lines: &[u64], own: u64, other: u64) -> (Threats, u64) {
    let mut t = Threats::default();
    let mut theirs = 0;
    for &line in lines {
        if line & other == 0 {
            t.add(line & !own);
        } else if line & own == 0 && is_single(line & !other) {
            theirs |= line & !other;
        }
    }
    (t, theirs)
}

impl Threats {
    #[inline]
    fn add(&mut self, missing: u64) {
        let rest = missing & missing.wrapping_sub(1);
        if missing != 0 && rest == 0 {
            self.wins |= missing;
        } else if is_single(rest) {
            self.makers |= missing;
        }
    }
}

#[inline]
fn is_single(mask: u64) -> bool {
    mask != 0 && mask & mask.wrapping_sub(1) == 0
}

#[inline]
pub fn winning_cells<G: Geometry + ?Sized>(g: &G, board: QubicBoard, side: Side) -> u64 {
    threats(g.lines(), board.mask(side), board.mask(side.other())).wins
}

/// `plies` at most, the first move and the winning one included.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ForcedWin {
    pub first: usize,
    pub plies: u32,
}

/// The search looked at as many positions as it was allowed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OutOfBudget;

pub struct ThreatSearch<'g, G: Geometry + ?Sized> {
    geometry: &'g G,
    budget: u64,
    /// Looked at every 256 positions.
    pub(crate) deadline: Option<std::time::Instant>,
    nodes: u64,
    pub(crate) refuted: Refuted,
}

/// Positions shown to have no forced win for the side named. True whatever search showed
/// it, so a set may be kept from one search to the next: a search that meets a position in
/// it skips what it would have found to fail anyway, and answers exactly the same.
pub(crate) type Refuted = FastSet<(QubicBoard, Side)>;

impl<'g, G: Geometry + ?Sized> ThreatSearch<'g, G> {
    pub fn new(geometry: &'g G, budget: u64) -> Self {
        ThreatSearch {
            geometry,
            budget,
            deadline: None,
            nodes: 0,
            refuted: FastSet::default(),
        }
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// `Ok(None)`: no forced win among threat sequences.
    pub fn run(&mut self, board: QubicBoard) -> Result<Option<ForcedWin>, OutOfBudget> {
        self.run_for(board, board.to_move())
    }

    /// As if `attacker` were to move (what it threatens should its opponent pass).
    pub fn run_for(
        &mut self,
        board: QubicBoard,
        attacker: Side,
    ) -> Result<Option<ForcedWin>, OutOfBudget> {
        self.attack(board, attacker, true)
    }

    /// `root`: the position asked about, rarely one refuted before.
    fn attack(
        &mut self,
        board: QubicBoard,
        attacker: Side,
        root: bool,
    ) -> Result<Option<ForcedWin>, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget
            || (self.nodes.is_multiple_of(256)
                && self
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d))
        {
            return Err(OutOfBudget);
        }
        let g = self.geometry;
        let (own, other) = (board.mask(attacker), board.mask(attacker.other()));
        let empty = g.empty_cells(board);
        let (mine, theirs) = both_threats(g.lines(), own, other);
        let theirs = theirs & empty;
        if mine.wins & empty != 0 {
            return found((mine.wins & empty).trailing_zeros() as usize, 1);
        }
        let candidates = match theirs.count_ones() {
            0 => mine.makers & empty,
            1 => theirs, // Patashnik's rule: block, and go on only if the block threatens
            _ => return Ok(None),
        };
        // Look for a double threat among all candidates before going deeper: the shortest
        // wins are found first and most positions are settled here.
        let mut singles = [(0u8, 0u8); 64];
        let mut count = 0;
        for cell in bits(candidates) {
            // The attacker had no win, so any it has now runs through the new stone.
            let made = threats(g.lines_through(cell), own | 1 << cell, other).wins;
            match made.count_ones() {
                0 => {}
                1 => {
                    singles[count] = (cell as u8, made.trailing_zeros() as u8);
                    count += 1;
                }
                _ => return found(cell, 3),
            }
        }
        // Only now the table of refuted positions: a look-up there is a cache miss, more
        // than the scan above costs.
        if count == 0 || (!root && self.refuted.contains(&(board, attacker))) {
            return Ok(None);
        }
        for &(cell, block) in &singles[..count] {
            let (cell, block) = (cell as usize, block as usize);
            let blocked = board
                .with_stone(cell, attacker)
                .with_stone(block, attacker.other());
            if let Some(rest) = self.attack(blocked, attacker, false)? {
                return found(cell, rest.plies + 2);
            }
        }
        self.refuted.insert((board, attacker));
        Ok(None)
    }
}

/// What [`ThreatSearch::attack`] answers for a forced win found.
fn found(first: usize, plies: u32) -> Result<Option<ForcedWin>, OutOfBudget> {
    Ok(Some(ForcedWin { first, plies }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::qubic::geometry::Qubic;

    /// A forced win for the side to move, searching at most `budget` positions.
    fn forced_win(
        g: &Qubic,
        board: QubicBoard,
        budget: u64,
    ) -> Result<Option<ForcedWin>, OutOfBudget> {
        ThreatSearch::new(g, budget).run(board)
    }

    fn board(text: &str) -> QubicBoard {
        text.parse().unwrap()
    }

    #[test]
    fn threats_find_wins_and_makers() {
        // X on 0, 1, 2 (row 1 of layer 1) and 21 (the space diagonal 0 21 42 63); O on 16.
        let b = QubicBoard::from_masks(0b111 | 1 << 21, 1 << 16 | 1 << 50);
        let t = threats(Qubic.lines(), b.x(), b.o());
        assert_eq!(t.wins, 1 << 3);
        assert_eq!(t.makers & (1 << 42 | 1 << 63), 1 << 42 | 1 << 63);
        assert_eq!(winning_cells(&Qubic, b, Side::Second), 0);
    }

    #[test]
    fn threats_agree_with_counting_stones_per_line() {
        use crate::games::qubic::lines::LINES;
        for seed in 0..200u64 {
            let b = crate::games::qubic::symmetry::tests::random_board(seed, (seed % 40) as usize);
            let mut expected = Threats::default();
            for &line in LINES.iter().filter(|&&l| l & b.o() == 0) {
                match (line & b.x()).count_ones() {
                    3 => expected.wins |= line & !b.x(),
                    2 => expected.makers |= line & !b.x(),
                    _ => {}
                }
            }
            assert_eq!(threats(&LINES, b.x(), b.o()), expected, "{}", b.text());
        }
    }

    #[test]
    fn one_pass_agrees_with_two() {
        for seed in 0..200u64 {
            let b = crate::games::qubic::symmetry::tests::random_board(seed, (seed % 40) as usize);
            let (x, o) = (b.x(), b.o());
            let (mine, theirs) = both_threats(&crate::games::qubic::lines::LINES, x, o);
            assert_eq!(mine, threats(&crate::games::qubic::lines::LINES, x, o));
            assert_eq!(
                theirs,
                threats(&crate::games::qubic::lines::LINES, o, x).wins
            );
        }
    }

    /// X on 1, 2 (row 1 of layer 1) and 4, 8 (column a), so that 0 is a double threat;
    /// O on `o`.
    fn double_threat_against(o: u64) -> QubicBoard {
        QubicBoard::from_masks(1 << 1 | 1 << 2 | 1 << 4 | 1 << 8, o)
    }

    /// O out of X's way.
    const O_AWAY: u64 = 1 << 40 | 1 << 45 | 1 << 51 | 1 << 60;

    #[test]
    fn a_double_threat_is_a_win_in_three() {
        let b = double_threat_against(O_AWAY);
        // Cell 0 makes threes on row 1 (0 1 2 -> 3) and column a (0 4 8 -> 12).
        let win = forced_win(&Qubic, b, 1000).unwrap().unwrap();
        assert_eq!(win.plies, 3);
        assert_eq!(win.first, 0);
    }

    #[test]
    fn a_blocked_side_has_no_forced_win() {
        assert_eq!(forced_win(&Qubic, QubicBoard::EMPTY, 1000), Ok(None));
        let b = board(&format!("XO{}", "-".repeat(62)));
        assert_eq!(forced_win(&Qubic, b, 1000), Ok(None));
    }

    #[test]
    fn the_defender_three_must_be_blocked_first() {
        // X to move; O has 16 17 18 (row 1 of layer 2), so X must block at 19.
        let b = double_threat_against(1 << 16 | 1 << 17 | 1 << 18 | 1 << 60);
        // Blocking at 19 makes no X three, so the forced sequence fails although 0 would
        // be a double threat.
        assert_eq!(forced_win(&Qubic, b, 1000), Ok(None));
    }

    #[test]
    fn budget_is_honoured() {
        let b = double_threat_against(O_AWAY);
        assert_eq!(forced_win(&Qubic, b, 0), Err(OutOfBudget));
    }
}

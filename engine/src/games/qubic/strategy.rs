//! X's procedure from the header of Patashnik's dictionary, in its order: (1) win at once;
//! (2) block O's three; (3) the dictionary's move for the canonical position; (4) a forced
//! win (threats O must block, ending in a double threat), searched on the canonical form so
//! that every image of a position gets the same answer.

use super::board::{QubicBoard, Side};
use super::dictionary::Index;
use super::geometry::Geometry;
use super::threats::{OutOfBudget, Refuted, ThreatSearch, threats};

/// Positions the forced-win search may look at for one move: far above what Patashnik's
/// dictionary ever needs, so reaching it is reported as a fault, not as "no forced win".
pub const SEARCH_BUDGET: u64 = 5_000_000;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Rule {
    Win,
    Block,
    Dictionary,
    ForcedWin,
}

impl Rule {
    pub fn word(self) -> &'static str {
        match self {
            Rule::Win => "win",
            Rule::Block => "block",
            Rule::Dictionary => "dictionary",
            Rule::ForcedWin => "forced win",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct QubicChoice {
    pub cell: usize,
    pub rule: Rule,
    /// X wins within this many plies (counting this move), when a search proved it.
    pub win_within: Option<u32>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Stuck {
    /// Or the game is over.
    #[error("it is not X's turn")]
    NotXsTurn,
    #[error("O threatens {} cells at once, X cannot block them all", .cells.count_ones())]
    TwoThreats { cells: u64 },
    #[error("the position is not in the dictionary and has no forced win")]
    NoForcedWin,
    #[error("the forced-win search gave up after {SEARCH_BUDGET} positions")]
    OutOfBudget,
    /// Playing from the dictionary alone.
    #[error("the position is not in the dictionary")]
    NotInDictionary,
}

/// The procedure on the canonical form, the move mapped back.
pub fn choose<G: Geometry + ?Sized>(
    g: &G,
    index: &Index,
    board: QubicBoard,
) -> Result<QubicChoice, Stuck> {
    let (canon, sym) = g.canonical(board);
    let choice = choose_with(g, index, canon, &mut Refuted::default())?;
    Ok(QubicChoice {
        cell: g.map_cell(g.inverse(sym), choice.cell),
        ..choice
    })
}

/// The procedure on a canonical position, the forced-win search starting from (and adding
/// to) `refuted`: the same answer, sooner when positions repeat (as in the verifier).
pub fn choose_with<G: Geometry + ?Sized>(
    g: &G,
    index: &Index,
    canon: QubicBoard,
    refuted: &mut Refuted,
) -> Result<QubicChoice, Stuck> {
    let empty = g.empty_cells(canon);
    if canon.to_move() != Side::First || g.winner(canon).is_some() || empty == 0 {
        return Err(Stuck::NotXsTurn);
    }
    let lines = g.lines();
    let mine = threats(lines, canon.x(), canon.o()).wins & empty;
    if mine != 0 {
        return Ok(plain(mine.trailing_zeros() as usize, Rule::Win, Some(1)));
    }
    let theirs = threats(lines, canon.o(), canon.x()).wins & empty;
    match theirs.count_ones() {
        0 => {}
        1 => return Ok(plain(theirs.trailing_zeros() as usize, Rule::Block, None)),
        _ => return Err(Stuck::TwoThreats { cells: theirs }),
    }
    if let Some(cell) = index.get(canon) {
        return Ok(plain(cell, Rule::Dictionary, None));
    }
    let mut search = ThreatSearch::new(g, SEARCH_BUDGET);
    search.refuted = std::mem::take(refuted);
    let outcome = search.run(canon);
    *refuted = search.refuted;
    match outcome {
        Ok(Some(win)) => Ok(plain(win.first, Rule::ForcedWin, Some(win.plies))),
        Ok(None) => Err(Stuck::NoForcedWin),
        Err(OutOfBudget) => Err(Stuck::OutOfBudget),
    }
}

/// For a complete dictionary.
pub fn win_then_dictionary<G: Geometry + ?Sized>(
    g: &G,
    index: &Index,
    canon: QubicBoard,
) -> Result<QubicChoice, Stuck> {
    let wins = threats(g.lines(), canon.x(), canon.o()).wins & g.empty_cells(canon);
    if wins != 0 {
        return Ok(plain(wins.trailing_zeros() as usize, Rule::Win, Some(1)));
    }
    from_dictionary(index, canon)
}

pub fn from_dictionary(index: &Index, canon: QubicBoard) -> Result<QubicChoice, Stuck> {
    let cell = index.get(canon).ok_or(Stuck::NotInDictionary)?;
    Ok(plain(cell, Rule::Dictionary, None))
}

fn plain(cell: usize, rule: Rule, win_within: Option<u32>) -> QubicChoice {
    QubicChoice {
        cell,
        rule,
        win_within,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::words::one_per_line;

    #[test]
    fn each_reason_reads_as_a_sentence() {
        let said = one_per_line([
            Stuck::NotXsTurn,
            Stuck::TwoThreats { cells: 0b1010 },
            Stuck::NoForcedWin,
            Stuck::OutOfBudget,
            Stuck::NotInDictionary,
        ]);
        let expected = "\
it is not X's turn
O threatens 2 cells at once, X cannot block them all
the position is not in the dictionary and has no forced win
the forced-win search gave up after 5000000 positions
the position is not in the dictionary";
        assert_eq!(said, expected);
    }
}

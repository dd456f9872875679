//! The evaluation: each side's chance of taking each small board, weighted by its points
//! and by the patterns of small boards it leads to.

use crate::core::{BlockState, Side};

use super::super::patterns::{PATTERNS, POINTS};
use super::super::rules::{State, bits};

/// A live pattern (no opposing stone) holding 0..3 of one's stones.
const LIVE: [f32; 4] = [1.0, 3.0, 10.0, 40.0];
/// The share of an open small board nobody takes, as a live-pattern weight.
const UNDECIDED: f32 = 12.0;
const PER_POINT: f32 = 250.0;
/// Against a Monte-Carlo search that blocks patterns and wins full boards on points
/// (`examples/extreme_mcts`, `max` at 0.1 s, the search at 1 s), 8,000 scored 11 of 20,
/// 4,000 15 of 20, 2,000 more (docs/measurements.md).
const PER_PATTERN: f32 = 2_000.0;
const TEMPO: i32 = 60;

/// X's and O's live patterns, weighed, in one pass.
fn live(x: u16, o: u16) -> (f32, f32) {
    let (mut lx, mut lo) = (0.0, 0.0);
    for p in PATTERNS {
        let (xs, os) = (x & p, o & p);
        if os == 0 {
            lx += LIVE[xs.count_ones() as usize];
        }
        if xs == 0 {
            lo += LIVE[os.count_ones() as usize];
        }
    }
    (lx, lo)
}

/// Each side's chance of taking each small board.
pub(crate) type Shares = [[f32; 2]; 16];

/// Each side's chance of taking small board `b`: 1 or 0 once decided.
pub(crate) fn share(state: &State, b: usize) -> [f32; 2] {
    let board = state.board();
    match board.block(b) {
        BlockState::Won(Side::First) => [1.0, 0.0],
        BlockState::Won(Side::Second) => [0.0, 1.0],
        BlockState::Drawn => [0.0, 0.0],
        BlockState::Open => {
            let (lx, lo) = live(board.stones(Side::First, b), board.stones(Side::Second, b));
            let total = lx + lo + UNDECIDED;
            [lx / total, lo / total]
        }
    }
}

fn pattern_chances(shares: &Shares, side: usize) -> f32 {
    PATTERNS
        .iter()
        .map(|&p| bits(p).map(|b| shares[b][side]).product::<f32>())
        .sum()
}

/// For the side to move, in the middle band of scores.
pub fn evaluate(state: &State) -> i32 {
    value(&std::array::from_fn(|b| share(state, b)), state.to_move())
}

/// [`evaluate`] from the shares, which a search keeps up to date move by move.
pub(crate) fn value(shares: &Shares, to_move: Side) -> i32 {
    let points: f32 = shares
        .iter()
        .zip(POINTS)
        .map(|(s, p)| (s[0] - s[1]) * p as f32)
        .sum();
    let patterns = pattern_chances(shares, 0) - pattern_chances(shares, 1);
    let for_x = (points * PER_POINT + patterns * PER_PATTERN) as i32;
    match to_move {
        Side::First => for_x + TEMPO,
        Side::Second => -for_x + TEMPO,
    }
}

#[cfg(test)]
/// No evaluation reaches this far from zero: a side's share of a small board is at most 1,
/// so the points term counts at most all 68 points and the patterns term all 12 patterns.
pub(crate) const GUESS_BOUND: i32 = (68.0 * PER_POINT + 12.0 * PER_PATTERN) as i32 + TEMPO;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::extreme::testing::{Setup, play};

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        assert_eq!(evaluate(&State::START), TEMPO);
    }

    #[test]
    fn a_won_corner_board_is_worth_more_than_a_centre_one() {
        let corner = Setup::new()
            .board("A1", "XXXX/OO--/----/----")
            .stones(Side::Second, &["C3a1", "B3a1"])
            .state("B3a1", 'x');
        let centre = Setup::new()
            .board("B2", "XXXX/OO--/----/----")
            .stones(Side::Second, &["C3a1", "B3a1"])
            .state("B3a1", 'x');
        assert!(evaluate(&corner) > evaluate(&centre));
        // Its 3 points at 250 each, less what O's two stones are worth.
        assert!(evaluate(&centre) > 500);
    }

    #[test]
    fn the_value_is_the_movers() {
        let after = play(State::START, &["B2b2"]);
        // O to move, X has a stone in the centre board: good for X, bad for O.
        assert!(evaluate(&after) < TEMPO);
    }
}

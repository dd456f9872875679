//! The ten-sided-die game's non-player character, "D10", on 3x3: a fixed list of rules, the first that
//! applies decides, with a ten-sided die that sometimes makes it skip the strongest move so
//! a person can win.
//!
//! Cells are the original's numbers 1..9, row by row (1 = a1, 3 = c1, 5 = b2, 9 = c3); lines are
//! scanned in the original's order 123, 456, 789, 147, 258, 369, 159, 753. At each turn it rolls
//! `chance`, uniform in 1..=10, then:
//! 1. Win: the empty cell of the first line holding two of its stones and an empty cell.
//! 2. Block: the same for two of the opponent's stones.
//! 3. Opening, on the empty board (it moves first): chance 1-6 a random corner, 7-9 the
//!    centre, 10 a random edge (2, 4, 6, 8).
//! 4. The opponent's one stone on a corner and nothing else: the centre.
//! 5. The opponent's one stone on the centre and nothing else: a random corner.
//! 6. Anti-fork: chance 9 or 10, and exactly the opponent on {1, 9} or {3, 7} with its own
//!    stone on 5: a random edge.
//! 7. Otherwise a uniformly random empty cell.
//!
//! "Its stones" are always the side it plays (the original's O), whichever side moves first.
//! A random corner is one of the four true corners {1, 3, 7, 9}. The seed computes a corner
//! as `Random(1,4)*2-1`, which gives {1, 3, 5, 7}: it never picks 9, and in rule 5 it can
//! pick the occupied centre and then makes no move at all. This player does not copy that.

use rand::RngExt;

use super::{PlayerRng, board_in_play, rng_from_seed};
use crate::core::{CellId, Decision, Player, Position};
use crate::games::classic::board::ClassicBoard;
use crate::games::classic::variant::Variant;

/// The original's lines, in the order it scans them, as cell numbers 1..9.
const LINES: [[u8; 3]; 8] = [
    [1, 2, 3],
    [4, 5, 6],
    [7, 8, 9],
    [1, 4, 7],
    [2, 5, 8],
    [3, 6, 9],
    [1, 5, 9],
    [7, 5, 3],
];
const CORNERS: [u8; 4] = [1, 3, 7, 9];
const EDGES: [u8; 4] = [2, 4, 6, 8];
const CENTRE: u8 = 5;

fn bit(number: u8) -> u64 {
    1 << (number - 1)
}

fn mask_of(numbers: &[u8]) -> u64 {
    numbers.iter().fold(0, |m, &n| m | bit(n))
}

pub struct D10 {
    name: &'static str,
    rng: PlayerRng,
}

impl D10 {
    pub fn new(seed: u64) -> D10 {
        D10::named("d10", seed)
    }

    /// The same player under another name (`medium` on 3x3).
    pub fn named(name: &'static str, seed: u64) -> D10 {
        D10 {
            name,
            rng: rng_from_seed(seed),
        }
    }

    /// The cell number (1..9) it plays and its rule's word; `None` unless `board` is a 3x3
    /// position in play.
    pub fn choose(&mut self, board: ClassicBoard) -> Option<(u8, &'static str)> {
        if board.variant() != Variant::CLASSIC || board.status().is_over() {
            return None;
        }
        let me = board.to_move();
        let (own, theirs) = (board.stones(me), board.stones(me.other()));
        let chance = self.rng.random_range(1..=10u8);
        if let Some(cell) = first_gap(own, theirs) {
            return Some((cell, "win"));
        }
        if let Some(cell) = first_gap(theirs, own) {
            return Some((cell, "block"));
        }
        if own | theirs == 0 {
            let cell = match chance {
                1..=6 => self.pick(&CORNERS),
                7..=9 => CENTRE,
                _ => self.pick(&EDGES),
            };
            return Some((cell, "opening"));
        }
        if own == 0 && CORNERS.iter().any(|&c| theirs == bit(c)) {
            return Some((CENTRE, "reply"));
        }
        if own == 0 && theirs == bit(CENTRE) {
            return Some((self.pick(&CORNERS), "reply"));
        }
        let fork = [mask_of(&[1, 9]), mask_of(&[3, 7])].contains(&theirs);
        if chance >= 9 && fork && own == bit(CENTRE) {
            return Some((self.pick(&EDGES), "anti-fork"));
        }
        let empty: Vec<u8> = (1..=9)
            .filter(|&n| board.empty_cells() & bit(n) != 0)
            .collect();
        Some((self.pick(&empty), "random"))
    }

    fn pick(&mut self, cells: &[u8]) -> u8 {
        cells[self.rng.random_range(0..cells.len())]
    }
}

/// The empty cell of the first line (in the original's order) holding two of `two` and no
/// stone of `other`.
fn first_gap(two: u64, other: u64) -> Option<u8> {
    LINES.iter().find_map(|line| {
        let mask = mask_of(line);
        let empty = line.iter().find(|&&n| (two | other) & bit(n) == 0)?;
        ((two & mask).count_ones() == 2 && other & mask == 0).then_some(*empty)
    })
}

impl Player for D10 {
    fn name(&self) -> String {
        self.name.into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let (number, rule) = self.choose(board_in_play(position)?)?;
        Some(Decision {
            how: Some(rule.into()),
            ..Decision::new(CellId::new(number as usize - 1))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Side;
    use crate::games::classic::text;

    #[test]
    fn the_3x3_lines_are_the_eight_of_the_seed() {
        // The original's numbering, 1 = a1 (bit 0) .. 9 = c3 (bit 8).
        let mut expected: Vec<u64> = LINES
            .iter()
            .map(|l| l.iter().fold(0, |m, &n| m | 1 << (n - 1)))
            .collect();
        let mut got = crate::games::classic::lines::Lines::of(Variant::new(3, None).unwrap())
            .all()
            .to_vec();
        expected.sort();
        got.sort();
        assert_eq!(got, expected);
    }

    fn board(t: &str) -> ClassicBoard {
        text::parse(Variant::CLASSIC, t).unwrap()
    }

    /// The moves and rules of many seeds on one position.
    fn outcomes(t: &str, seeds: u64) -> Vec<(u8, &'static str)> {
        let b = board(t);
        (0..seeds).map(|s| D10::new(s).choose(b).unwrap()).collect()
    }

    /// The move and rule every one of `seeds` seeds chooses on one position (they must
    /// agree: the rule leaves no choice).
    fn always(t: &str, seeds: u64) -> (u8, &'static str) {
        let moves = outcomes(t, seeds);
        assert!(moves.iter().all(|&m| m == moves[0]), "{t}: {moves:?}");
        moves[0]
    }

    fn share(moves: &[(u8, &'static str)], f: impl Fn(&(u8, &'static str)) -> bool) -> f64 {
        moves.iter().filter(|m| f(m)).count() as f64 / moves.len() as f64
    }

    #[test]
    fn rule_1_wins_on_the_first_line_in_the_seed_order() {
        // O to move holds 2, 5, 9: line 258 has its gap at 8, while X threatens 4 (147).
        assert_eq!(always("XOX/-OX/X-O", 50), (8, "win"));
    }

    #[test]
    fn rule_1_comes_before_rule_2() {
        // O to move: O has 4, 5 (gap 6); X has 1, 2 (gap 3).
        assert_eq!(always("XX-/OO-/X--", 20), (6, "win"));
    }

    #[test]
    fn rule_2_blocks_the_first_line() {
        // O to move: X has 1, 3 (gap 2) and 7 (with 1: line 147, gap 4); 123 comes first.
        assert_eq!(always("X-X/-O-/X-O", 20), (2, "block"));
    }

    #[test]
    fn rule_3_opens_corner_centre_or_edge_six_three_one() {
        let moves = outcomes("---/---/---", 4000);
        assert!(moves.iter().all(|m| m.1 == "opening"));
        let corners = share(&moves, |m| CORNERS.contains(&m.0));
        let centre = share(&moves, |m| m.0 == CENTRE);
        let edges = share(&moves, |m| EDGES.contains(&m.0));
        assert!((corners - 0.6).abs() < 0.03, "{corners}");
        assert!((centre - 0.3).abs() < 0.03, "{centre}");
        assert!((edges - 0.1).abs() < 0.02, "{edges}");
        // The true corners, 9 included.
        for c in CORNERS.into_iter().chain(EDGES) {
            assert!(moves.iter().any(|m| m.0 == c), "{c} never played");
        }
    }

    #[test]
    fn rule_4_answers_a_corner_with_the_centre() {
        for t in ["X--/---/---", "--X/---/---", "---/---/X--", "---/---/--X"] {
            assert_eq!(always(t, 20), (5, "reply"));
        }
    }

    #[test]
    fn rule_5_answers_the_centre_with_any_true_corner() {
        let moves = outcomes("---/-X-/---", 400);
        assert!(
            moves
                .iter()
                .all(|m| m.1 == "reply" && CORNERS.contains(&m.0))
        );
        for c in CORNERS {
            assert!(moves.iter().any(|m| m.0 == c), "{c} never played");
        }
    }

    #[test]
    fn rule_6_takes_an_edge_against_the_corner_fork_one_time_in_five() {
        for t in ["X--/-O-/--X", "--X/-O-/X--"] {
            let moves = outcomes(t, 4000);
            let anti = share(&moves, |m| m.1 == "anti-fork");
            assert!((anti - 0.2).abs() < 0.03, "{anti}");
            let empty = board(t).empty_cells();
            assert!(moves.iter().all(|m| match m.1 {
                "anti-fork" => EDGES.contains(&m.0),
                "random" => empty & bit(m.0) != 0,
                _ => false,
            }));
        }
    }

    #[test]
    fn rule_7_plays_any_empty_cell_otherwise() {
        // An edge opening by the opponent has no rule of its own.
        let moves = outcomes("-X-/---/---", 2000);
        assert!(moves.iter().all(|m| m.1 == "random" && m.0 != 2));
        for c in [1, 3, 4, 5, 6, 7, 8, 9] {
            assert!(moves.iter().any(|m| m.0 == c), "{c} never played");
        }
    }

    #[test]
    fn it_plays_either_side_and_only_3x3() {
        // X to move (D10 moves first here, as the original's O sometimes does): it sees its own
        // stones as X now. X has 1, 5; O has 2, 3: rule 1 on 159.
        let b = board("XOO/-X-/---");
        assert_eq!(b.to_move(), Side::First);
        assert_eq!(D10::new(1).choose(b), Some((9, "win")));
        let v4 = Variant::new(4, None).unwrap();
        assert_eq!(D10::new(1).choose(ClassicBoard::empty(v4)), None);
    }
}

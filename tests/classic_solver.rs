//! The exact solver against facts from outside the code: the values an independent solver
//! found, and a deliberately naive search written from the rules on random positions.

mod common;

use common::classic::{random_position, variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use tictaclatin::core::{Outcome, Status, Value};
use tictaclatin::games::classic::solver::ClassicSolver;
use tictaclatin::games::classic::{ClassicBoard, ClassicCell};

/// A grid of 0 (empty), 1 (X), 2 (O), and a win test that walks every cell and direction:
/// nothing shared with the engine but the rules.
#[derive(Clone)]
struct Naive {
    n: usize,
    k: usize,
    grid: Vec<u8>,
}

impl Naive {
    fn from_board(board: ClassicBoard) -> Naive {
        let v = board.variant();
        let grid = (0..v.cells())
            .map(|i| match board.at(ClassicCell::new(v, i).unwrap()) {
                None => 0,
                Some(side) => side.index() as u8 + 1,
            })
            .collect();
        Naive {
            n: v.size() as usize,
            k: v.k() as usize,
            grid,
        }
    }

    fn has_line(&self, who: u8) -> bool {
        let n = self.n as i64;
        for r in 0..n {
            for c in 0..n {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let all = (0..self.k as i64).all(|i| {
                        let (rr, cc) = (r + dr * i, c + dc * i);
                        (0..n).contains(&rr)
                            && (0..n).contains(&cc)
                            && self.grid[(rr * n + cc) as usize] == who
                    });
                    if all {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn to_move(&self) -> u8 {
        let x = self.grid.iter().filter(|&&g| g == 1).count();
        let o = self.grid.iter().filter(|&&g| g == 2).count();
        if x == o { 1 } else { 2 }
    }

    /// Plain minimax over every move: the best value for the side to move.
    fn value(&mut self) -> Value {
        let me = self.to_move();
        let mut best: Option<Value> = None;
        for i in 0..self.grid.len() {
            if self.grid[i] != 0 {
                continue;
            }
            self.grid[i] = me;
            let v = if self.has_line(me) {
                Value::win_in(1)
            } else if self.grid.iter().all(|&g| g != 0) {
                Value::draw_in(1)
            } else {
                self.value().before_move()
            };
            self.grid[i] = 0;
            best = best.max(Some(v));
        }
        best.expect("called on a position in play")
    }

    /// Whether the side to move can force a win within `plies` plies (its own included).
    fn wins_within(&mut self, plies: u32) -> bool {
        if plies == 0 {
            return false;
        }
        let me = self.to_move();
        for i in 0..self.grid.len() {
            if self.grid[i] != 0 {
                continue;
            }
            self.grid[i] = me;
            let wins = self.has_line(me)
                || (self.grid.contains(&0) && plies > 2 && self.all_replies_lose(plies - 1));
            self.grid[i] = 0;
            if wins {
                return true;
            }
        }
        false
    }

    fn all_replies_lose(&mut self, plies: u32) -> bool {
        let me = self.to_move();
        for i in 0..self.grid.len() {
            if self.grid[i] != 0 {
                continue;
            }
            self.grid[i] = me;
            let escapes = self.has_line(me)
                || self.grid.iter().all(|&g| g != 0)
                || !self.wins_within(plies - 1);
            self.grid[i] = 0;
            if escapes {
                return false;
            }
        }
        true
    }
}

/// A random in-play position with `stones` stones, by random play from the empty board.
#[test]
fn values_known_from_an_independent_solver() {
    let v3 = ClassicSolver::new(variant(3, 3)).unwrap();
    assert_eq!(
        v3.value(ClassicBoard::empty(variant(3, 3))),
        Some(Value::draw_in(9))
    );
    let v4 = ClassicSolver::new(variant(4, 4)).unwrap();
    assert_eq!(
        v4.value(ClassicBoard::empty(variant(4, 4))),
        Some(Value::draw_in(16))
    );
    let v43 = ClassicSolver::new(variant(4, 3)).unwrap();
    let start = v43.value(ClassicBoard::empty(variant(4, 3))).unwrap();
    assert_eq!(
        start.outcome,
        Outcome::Win,
        "seed 002: X wins 4x4 with three in a row"
    );
}

#[test]
fn four_by_four_three_in_a_row_is_won_in_five_plies_not_three() {
    let v = variant(4, 3);
    let solver = ClassicSolver::new(v).unwrap();
    assert_eq!(solver.value(ClassicBoard::empty(v)), Some(Value::win_in(5)));
    let mut naive = Naive::from_board(ClassicBoard::empty(v));
    assert!(naive.wins_within(5));
    assert!(!naive.wins_within(3));
}

#[test]
fn reachable_positions_match_the_known_counts() {
    let v3 = ClassicSolver::new(variant(3, 3)).unwrap();
    assert_eq!(v3.solved().positions, 4_520);
    let v4 = ClassicSolver::new(variant(4, 4)).unwrap();
    assert_eq!(v4.solved().positions, 9_062_619);
    let bytes = v4.solved().bytes;
    assert!(bytes < 64 << 20, "{bytes} bytes");
}

#[test]
fn every_3x3_position_agrees_with_the_naive_search() {
    let v = variant(3, 3);
    let solver = ClassicSolver::new(v).unwrap();
    let mut checked = 0;
    for x in 0u64..512 {
        for o in 0u64..512 {
            let Ok(board) = ClassicBoard::new(v, x, o) else {
                continue;
            };
            if board.status() != Status::InPlay {
                continue;
            }
            let mut naive = Naive::from_board(board);
            let expected = naive.value();
            // The naive search counts a draw's plies as 1 per move too, so they match.
            assert_eq!(solver.value(board), Some(expected), "{board:?}");
            checked += 1;
        }
    }
    assert_eq!(
        checked, 4_520,
        "every valid in-play 3x3 position is reachable"
    );
}

#[test]
fn random_4x4_positions_agree_with_the_naive_search() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for k in [3, 4] {
        let v = variant(4, k);
        let solver = ClassicSolver::new(v).unwrap();
        let mut checked = 0;
        while checked < 40 {
            let stones = rng.random_range(8..=12);
            let Some(board) = random_position(v, stones, &mut rng) else {
                continue;
            };
            let expected = Naive::from_board(board).value();
            assert_eq!(solver.value(board), Some(expected), "k={k} {board:?}");
            for (cell, value) in solver.move_values(board) {
                let after = board.with_move(cell);
                let naive_move = match after.status() {
                    Status::InPlay => Naive::from_board(after).value().before_move(),
                    Status::Won(_) => Value::win_in(1),
                    Status::Draw => Value::draw_in(1),
                };
                assert_eq!(value, naive_move, "k={k} {board:?} {cell:?}");
            }
            checked += 1;
        }
    }
}

#[test]
fn the_best_move_keeps_the_value() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for k in [3, 4] {
        let v = variant(4, k);
        let solver = ClassicSolver::new(v).unwrap();
        for _ in 0..2000 {
            let stones = rng.random_range(0..14);
            let Some(board) = random_position(v, stones, &mut rng) else {
                continue;
            };
            let choice = solver.best_move(board).unwrap();
            assert_eq!(Some(choice.value), solver.value(board));
            assert_eq!(solver.move_value(board, choice.cell), Some(choice.value));
        }
    }
    let finished = ClassicBoard::new(variant(3, 3), 0b111, 0b11000).unwrap();
    assert_eq!(
        ClassicSolver::new(variant(3, 3))
            .unwrap()
            .best_move(finished),
        None
    );
}

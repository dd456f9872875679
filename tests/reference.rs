//! The solver checked against facts derived without it: an independent solver's 800
//! positions, a plain slow search written here from RULES.md, and a plain count of the
//! reachable positions.

use std::collections::HashMap;
use std::sync::OnceLock;

use tictaclatin::core::{Outcome, Value};
use tictaclatin::games::latin::game::{Board, Cell, Side, Status};
use tictaclatin::games::latin::solver::Solver;

fn solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(Solver::new)
}

// ---------------------------------------------------------------------------------------
// A reference implementation of the rules and of perfect play, deliberately naive: cells as
// chars, every line recounted after every move, no symmetry, no bit tricks.

type Cells = [char; 16];

const LINES: [[usize; 4]; 10] = [
    [0, 1, 2, 3],
    [4, 5, 6, 7],
    [8, 9, 10, 11],
    [12, 13, 14, 15],
    [0, 4, 8, 12],
    [1, 5, 9, 13],
    [2, 6, 10, 14],
    [3, 7, 11, 15],
    [0, 5, 10, 15],
    [3, 6, 9, 12],
];

fn points(cells: &Cells, me: char) -> u32 {
    let them = if me == 'X' { 'O' } else { 'X' };
    LINES
        .iter()
        .filter(|line| {
            let mine = line.iter().filter(|&&i| cells[i] == me).count();
            let theirs = line.iter().filter(|&&i| cells[i] == them).count();
            mine == 3 && theirs == 1
        })
        .count() as u32
}

fn cells_of(board: Board) -> Cells {
    std::array::from_fn(|i| match board.at(Cell::new(i as u8).unwrap()) {
        Some(Side::First) => 'X',
        Some(Side::Second) => 'O',
        None => '-',
    })
}

/// The side to move and the other side, from the counts.
fn sides(cells: &Cells) -> (char, char) {
    let xs = cells.iter().filter(|&&c| c == 'X').count();
    let os = cells.iter().filter(|&&c| c == 'O').count();
    if xs == os { ('X', 'O') } else { ('O', 'X') }
}

fn is_over(cells: &Cells) -> bool {
    let (me, them) = sides(cells);
    points(cells, me) != points(cells, them) || !cells.contains(&'-')
}

/// (outcome, plies) for the side to move, by full minimax: faster wins and slower losses
/// are better. `None` when the game is over.
fn reference_value(cells: &Cells, memo: &mut HashMap<Cells, (i32, u32)>) -> Option<(i32, u32)> {
    if is_over(cells) {
        return None;
    }
    if let Some(v) = memo.get(cells) {
        return Some(*v);
    }
    let best = reference_move_values(cells, memo)
        .into_iter()
        .map(|(_, value)| value)
        .reduce(|best, here| if better(here, best) { here } else { best })
        .expect("a game in play has a move");
    memo.insert(*cells, best);
    Some(best)
}

/// Each empty cell's (outcome, plies) for the side moving there, in cell order.
fn reference_move_values(
    cells: &Cells,
    memo: &mut HashMap<Cells, (i32, u32)>,
) -> Vec<(usize, (i32, u32))> {
    let (me, them) = sides(cells);
    (0..16)
        .filter(|&i| cells[i] == '-')
        .map(|i| {
            let mut next = *cells;
            next[i] = me;
            let (mine, theirs) = (points(&next, me), points(&next, them));
            let value = if mine > theirs {
                (1, 1)
            } else if theirs > mine {
                (-1, 1)
            } else if !next.contains(&'-') {
                (0, 1)
            } else {
                let (o, p) = reference_value(&next, memo).expect("game goes on");
                (-o, p + 1)
            };
            (i, value)
        })
        .collect()
}

fn better(a: (i32, u32), b: (i32, u32)) -> bool {
    match a.0.cmp(&b.0) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal if a.0 > 0 => a.1 < b.1,
        std::cmp::Ordering::Equal if a.0 < 0 => a.1 > b.1,
        std::cmp::Ordering::Equal => false,
    }
}

fn as_pair(v: Value) -> (i32, u32) {
    let o = match v.outcome {
        Outcome::Win => 1,
        Outcome::Draw => 0,
        Outcome::Loss => -1,
    };
    (o, v.plies)
}

/// A small deterministic generator so the sample is the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A position reached by random play with `empties` cells left, if the game lasts that long.
fn random_position(rng: &mut Lcg, empties: u32) -> Option<Board> {
    let mut board = Board::EMPTY;
    while board.empty_count() > empties {
        let cells: Vec<Cell> = Cell::all().filter(|&c| board.at(c).is_none()).collect();
        board = board.play(cells[rng.below(cells.len())]).ok()?;
        if board.status().is_over() {
            return None;
        }
    }
    Some(board)
}

#[test]
fn agrees_with_a_plain_search_on_random_positions() {
    let mut rng = Lcg(7);
    let mut checked = 0;
    for empties in (1..=11).rev() {
        let samples = if empties >= 10 { 3 } else { 25 };
        let mut memo = HashMap::new();
        // Random games often end early; draw until enough of them last long enough.
        let boards: Vec<Board> = (0..2000)
            .filter_map(|_| random_position(&mut rng, empties))
            .take(samples)
            .collect();
        for board in boards {
            let expected = reference_value(&cells_of(board), &mut memo);
            let got = solver().value(board).map(as_pair);
            assert_eq!(got, expected, "value of {board}");
            checked += 1;
        }
    }
    assert!(checked > 150, "only {checked} positions checked");
}

// ---------------------------------------------------------------------------------------
// The independent solver's positions.

struct Reference {
    board: Board,
    value: String,
    plies: u32,
    optimal: Vec<Cell>,
    cells: String,
}

fn reference_positions() -> Vec<Reference> {
    include_str!("data/positions.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            Reference {
                board: f[0].parse().unwrap_or_else(|e| panic!("{}: {e}", f[0])),
                value: f[1].to_string(),
                plies: f[2].parse().unwrap(),
                optimal: f
                    .get(3)
                    .unwrap_or(&"")
                    .split_whitespace()
                    .map(|c| c.parse().unwrap())
                    .collect(),
                cells: f.get(4).unwrap_or(&"").to_string(),
            }
        })
        .collect()
}

#[test]
fn all_800_reference_positions_agree() {
    let positions = reference_positions();
    assert_eq!(positions.len(), 800);
    for r in positions {
        let b = r.board;
        match r.value.strip_prefix("over:") {
            Some(result) => {
                let status = match result {
                    "x" => Status::Won(Side::First),
                    "o" => Status::Won(Side::Second),
                    _ => Status::Draw,
                };
                assert_eq!(b.status(), status, "{b}");
                assert_eq!(solver().value(b), None);
                assert_eq!(solver().best_move(b), None);
            }
            None => {
                let v = solver().value(b).unwrap();
                assert_eq!(
                    (v.outcome.word(), v.plies),
                    (r.value.as_str(), r.plies),
                    "{b}"
                );
                let best = solver().best_move(b).unwrap();
                assert!(r.optimal.contains(&best.cell), "{b}: chose {}", best.cell);
                assert_eq!(best.value, v, "{b}");
                let cells: Vec<String> = solver()
                    .move_values(b)
                    .iter()
                    .map(|(cell, v)| format!("{cell}={}:{}", v.outcome.word(), v.plies))
                    .collect();
                assert_eq!(cells.join(" "), r.cells, "{b}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Whole-game facts.

#[test]
fn the_empty_board_and_every_first_move_draw() {
    let s = solver();
    assert_eq!(
        s.value(Board::EMPTY),
        Some(Value {
            outcome: Outcome::Draw,
            plies: 16
        })
    );
    let moves = s.move_values(Board::EMPTY);
    assert_eq!(moves.len(), 16);
    for (_, v) in moves {
        assert_eq!(v.outcome, Outcome::Draw);
    }
}

/// Counts the in-play positions reachable from the empty board by a plain breadth-first
/// walk over every position (no symmetry), with a visited bit per base-3 position number.
#[test]
fn reachable_positions_counted_without_symmetry() {
    let pow3: Vec<usize> = (0..16).map(|i| 3usize.pow(i)).collect();
    let number = |b: &Cells| {
        (0..16)
            .map(|i| match b[i] {
                'X' => pow3[i],
                'O' => 2 * pow3[i],
                _ => 0,
            })
            .sum::<usize>()
    };
    let mut seen = vec![0u64; 3usize.pow(16) / 64 + 1];
    let mut layer: Vec<Board> = vec![Board::EMPTY];
    let mut total = 0u64;
    while !layer.is_empty() {
        total += layer.len() as u64;
        let mut next = Vec::new();
        for board in layer {
            for cell in Cell::all() {
                let Ok(child) = board.play(cell) else {
                    continue;
                };
                if child.status().is_over() {
                    continue;
                }
                let n = number(&cells_of(child));
                if seen[n / 64] & 1 << (n % 64) == 0 {
                    seen[n / 64] |= 1 << (n % 64);
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    assert_eq!(total, 5_284_445);
    assert_eq!(solver().solved().positions, 5_284_445);
}

#[test]
fn the_perfect_player_is_deterministic_and_never_lowers_the_value() {
    let s = solver();
    let mut rng = Lcg(11);
    for _ in 0..300 {
        let empties = 1 + rng.below(15) as u32;
        let Some(board) = random_position(&mut rng, empties) else {
            continue;
        };
        let value = s.value(board).unwrap();
        let choice = s.best_move(board).unwrap();
        assert_eq!(choice.value, value, "{board}");
        assert_eq!(s.best_move(board), Some(choice));
    }
}

/// The perfect player's tie-break, recomputed from the naive search: best value; then the
/// largest share of the opponent's replies that go wrong for them (that lose, or when our
/// move loses, that fail to win); then the lowest cell.
fn reference_choice(cells: &Cells, memo: &mut HashMap<Cells, (i32, u32)>) -> usize {
    let moves = reference_move_values(cells, memo);
    let (me, _) = sides(cells);
    let traps = |i: usize, ours: i32, memo: &mut HashMap<Cells, (i32, u32)>| -> (u64, u64) {
        let mut next = *cells;
        next[i] = me;
        if is_over(&next) {
            return (0, 1);
        }
        let replies = reference_move_values(&next, memo);
        let wrong = replies
            .iter()
            .filter(|(_, (o, _))| if ours < 0 { *o != 1 } else { *o == -1 })
            .count();
        (wrong as u64, replies.len() as u64)
    };
    // (cell, value, traps as wrong replies out of all replies)
    type Candidate = (usize, (i32, u32), (u64, u64));
    let mut best: Option<Candidate> = None;
    for (i, value) in moves {
        let t = traps(i, value.0, memo);
        let replace = match best {
            None => true,
            Some((_, bv, _)) if better(value, bv) => true,
            Some((_, bv, _)) if better(bv, value) => false,
            Some((_, _, bt)) => t.0 * bt.1 > bt.0 * t.1,
        };
        if replace {
            best = Some((i, value, t));
        }
    }
    best.expect("a game in play has a move").0
}

#[test]
fn the_tie_break_matches_a_naive_recount_of_the_traps() {
    let mut rng = Lcg(23);
    let mut memo = HashMap::new();
    let mut checked = 0;
    let mut decided_by_traps = 0;
    for _ in 0..4000 {
        let empties = 2 + rng.below(7) as u32;
        let Some(board) = random_position(&mut rng, empties) else {
            continue;
        };
        let cells = cells_of(board);
        let expected = reference_choice(&cells, &mut memo);
        let chosen = solver().best_move(board).unwrap().cell.index();
        assert_eq!(chosen, expected, "{board}");
        checked += 1;
        // Count the positions where the traps, not the value or the cell order, decided, so
        // the test is known to exercise the tie-break.
        let values = reference_move_values(&cells, &mut memo);
        let best = values.iter().find(|(i, _)| *i == expected).unwrap().1;
        let first_of_best = values.iter().find(|(_, v)| *v == best).unwrap().0;
        if first_of_best != expected {
            decided_by_traps += 1;
        }
    }
    assert!(checked > 500, "only {checked} positions");
    assert!(
        decided_by_traps > 50,
        "only {decided_by_traps} tie-breaks exercised"
    );
}

#[test]
fn two_solvers_choose_the_same_moves() {
    let other = Solver::new();
    let mut rng = Lcg(5);
    for _ in 0..500 {
        let empties = 1 + rng.below(15) as u32;
        if let Some(board) = random_position(&mut rng, empties) {
            assert_eq!(other.best_move(board), solver().best_move(board), "{board}");
        }
    }
}

#[test]
fn positions_not_reachable_in_play_still_get_exact_values() {
    // X's point (column a) and O's (column d) share no cell, so they came at different
    // moves and the game ended at the first: this 1 : 1 position is never reached in play,
    // but it is legal by count. The engine still answers it exactly.
    let board: Board = "X--O/X--O/X--O/O--X".parse().unwrap();
    assert_eq!(board.points(), (1, 1));
    assert_eq!(board.status(), Status::InPlay);
    let expected = reference_value(&cells_of(board), &mut HashMap::new());
    assert_eq!(solver().value(board).map(as_pair), expected);
}

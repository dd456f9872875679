//! The searching bot: what it claims is true (checked against the exact solver on 4x4),
//! it never misses a win in one or a forced block, and it answers within its budget.

mod common;

use std::time::{Duration, Instant};

use common::classic::random_position;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use tictaclatin::core::root::SearchSettings;
use tictaclatin::core::{Analysis, Budget, Claim, Outcome};
use tictaclatin::games::classic::cell::ClassicCell;
use tictaclatin::games::classic::search::Searcher;
use tictaclatin::games::classic::solver::ClassicSolver;
use tictaclatin::games::classic::{ClassicBoard, Variant};

/// The analysis of `board` at `budget` on one thread, and its best move.
fn analyze(searcher: &Searcher, board: ClassicBoard, budget: Budget) -> (Analysis, ClassicCell) {
    let analysis = searcher
        .analyze(board, &SearchSettings::new(budget, 1))
        .unwrap();
    let cell = ClassicCell::new(board.variant(), analysis.best.index()).unwrap();
    (analysis, cell)
}

/// Whether `claim` is true of the exact value `truth` of a move.
fn holds(claim: Claim, truth: tictaclatin::core::Value) -> bool {
    match claim {
        Claim::Exact(v) => v == truth,
        Claim::WinWithin(n) => truth.outcome == Outcome::Win && truth.plies <= n,
        Claim::LossWithin(n) => truth.outcome == Outcome::Loss && truth.plies <= n,
    }
}

#[test]
fn a_full_depth_search_knows_every_3x3_value() {
    let v = Variant::CLASSIC;
    let solver = ClassicSolver::new(v).unwrap();
    let searcher = Searcher::new(v);
    for x in 0u64..512 {
        for o in 0u64..512 {
            let Ok(board) = ClassicBoard::new(v, x, o) else {
                continue;
            };
            if board.status().is_over() {
                continue;
            }
            let (analysis, cell) = analyze(&searcher, board, Budget::Depth(9));
            let truth = solver.value(board).unwrap();
            // Deepening stops at the first win or loss found, whose distance is then the
            // true one; a draw needs the whole tree.
            let claim = analysis.claim();
            let expected = match truth.outcome {
                Outcome::Draw => Claim::Exact(truth),
                Outcome::Win => Claim::WinWithin(truth.plies),
                Outcome::Loss => Claim::LossWithin(truth.plies),
            };
            assert!(
                claim == Some(expected) || claim == Some(Claim::Exact(truth)),
                "{board:?}: {claim:?} {truth:?}"
            );
            assert_eq!(solver.move_value(board, cell), Some(truth), "{board:?}");
        }
    }
}

#[test]
fn claims_hold_on_4x4_at_every_depth() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut claims = 0;
    for k in [3, 4] {
        let v = Variant::new(4, Some(k)).unwrap();
        let solver = ClassicSolver::new(v).unwrap();
        let searcher = Searcher::new(v);
        for _ in 0..400 {
            let stones = rng.random_range(0..12);
            let Some(board) = random_position(v, stones, &mut rng) else {
                continue;
            };
            let depth = rng.random_range(1..7);
            let (analysis, cell) = analyze(&searcher, board, Budget::Depth(depth));
            let truth = solver.move_value(board, cell).unwrap();
            if let Some(claim) = analysis.claim() {
                assert!(holds(claim, truth), "{board:?}: {claim:?} but {truth:?}");
                claims += 1;
            }
        }
    }
    assert!(claims > 100, "only {claims} claims made");
}

/// Positions of 5x5 to 7x7 (any K) with `want` true, from random play.
fn positions(want: impl Fn(ClassicBoard) -> bool, count: usize) -> Vec<ClassicBoard> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let variants: Vec<Variant> = Variant::all().filter(|v| v.size() >= 5).collect();
    let mut out = Vec::new();
    while out.len() < count {
        let v = variants[rng.random_range(0..variants.len())];
        let stones = rng.random_range(4..v.cells() as u32 - 2);
        if let Some(b) = random_position(v, stones, &mut rng).filter(|&b| want(b)) {
            out.push(b);
        }
    }
    out
}

#[test]
fn never_misses_a_win_in_one() {
    let wins = |b: ClassicBoard| b.winning_cells(b.to_move());
    for board in positions(|b| wins(b) != 0, 200) {
        let s = Searcher::new(board.variant());
        let (analysis, cell) = analyze(&s, board, Budget::Time(Duration::from_millis(20)));
        assert!(wins(board) & cell.bit() != 0, "{board:?}");
        assert_eq!(analysis.claim().map(Claim::short), Some("W1".into()));
    }
}

#[test]
fn never_misses_a_forced_block() {
    let threats = |b: ClassicBoard| b.winning_cells(b.to_move().other());
    let only_block =
        |b: ClassicBoard| b.winning_cells(b.to_move()) == 0 && threats(b).count_ones() == 1;
    for board in positions(only_block, 200) {
        let s = Searcher::new(board.variant());
        let (_, cell) = analyze(&s, board, Budget::Time(Duration::from_millis(20)));
        assert_eq!(cell.bit(), threats(board), "{board:?}");
    }
}

#[test]
fn seven_by_seven_answers_within_its_budget() {
    let v = Variant::new(7, None).unwrap();
    let budget = Duration::from_millis(100);
    let s = Searcher::new(v);
    let mut board = ClassicBoard::empty(v);
    let mut worst = Duration::ZERO;
    for _ in 0..12 {
        let t = Instant::now();
        let (_, cell) = analyze(&s, board, Budget::Time(budget));
        worst = worst.max(t.elapsed());
        board = board.with_move(cell);
        if board.status().is_over() {
            break;
        }
    }
    assert!(worst < budget + Duration::from_millis(50), "{worst:?}");
}

#[test]
fn any_budget_is_accepted() {
    let v = Variant::new(5, None).unwrap();
    let s = Searcher::new(v);
    let board = ClassicBoard::empty(v);
    for movetime in [Duration::ZERO, Duration::from_nanos(1)] {
        analyze(&s, board, Budget::Time(movetime));
    }
}

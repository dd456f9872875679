//! The searching bot: what it claims is true (checked against the exact solver on 4x4),
//! it never misses a win in one or a forced block, and it answers within its budget.

mod common;

use std::time::{Duration, Instant};

use common::classic::random_position;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use tictaclatin::core::{Claim, Outcome};
use tictaclatin::games::classic::search::{SearchLimits, Searcher};
use tictaclatin::games::classic::solver::ClassicSolver;
use tictaclatin::games::classic::{ClassicBoard, Variant};

fn depth_limited(depth: u32) -> SearchLimits {
    SearchLimits {
        movetime: Duration::from_secs(60),
        max_depth: depth,
    }
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
    let mut searcher = Searcher::new(v, 16);
    for x in 0u64..512 {
        for o in 0u64..512 {
            let Ok(board) = ClassicBoard::new(v, x, o) else {
                continue;
            };
            if board.status().is_over() {
                continue;
            }
            let found = searcher.search(board, depth_limited(9)).unwrap();
            let empty = board.empty_cells().count_ones();
            let truth = solver.value(board).unwrap();
            // Deepening stops at the first win or loss found, whose distance is then the
            // true one; a draw needs the whole tree.
            let claim = found.claim(empty);
            let expected = match truth.outcome {
                Outcome::Draw => Claim::Exact(truth),
                Outcome::Win => Claim::WinWithin(truth.plies),
                Outcome::Loss => Claim::LossWithin(truth.plies),
            };
            assert!(
                claim == Some(expected) || claim == Some(Claim::Exact(truth)),
                "{board:?}: {claim:?} {truth:?}"
            );
            assert_eq!(
                solver.move_value(board, found.cell),
                Some(truth),
                "{board:?}"
            );
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
        let mut searcher = Searcher::new(v, 18);
        for _ in 0..400 {
            let stones = rng.random_range(0..12);
            let Some(board) = random_position(v, stones, &mut rng) else {
                continue;
            };
            let found = searcher
                .search(board, depth_limited(rng.random_range(1..7)))
                .unwrap();
            let truth = solver.move_value(board, found.cell).unwrap();
            if let Some(claim) = found.claim(board.empty_cells().count_ones()) {
                assert!(holds(claim, truth), "{board:?}: {claim:?} but {truth:?}");
                claims += 1;
            }
            // A move it plays never throws away a win it has proven.
            if solver.value(board).unwrap().outcome == Outcome::Win && found.score > 900_000 {
                assert_eq!(truth.outcome, Outcome::Win);
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
        let mut s = Searcher::new(board.variant(), 12);
        let found = s
            .search(board, SearchLimits::movetime(Duration::from_millis(20)))
            .unwrap();
        assert!(wins(board) & found.cell.bit() != 0, "{board:?}");
        assert_eq!(
            found.claim(0).map(tictaclatin::core::Claim::short),
            Some("W1".into())
        );
    }
}

#[test]
fn never_misses_a_forced_block() {
    let threats = |b: ClassicBoard| b.winning_cells(b.to_move().other());
    let only_block =
        |b: ClassicBoard| b.winning_cells(b.to_move()) == 0 && threats(b).count_ones() == 1;
    for board in positions(only_block, 200) {
        let mut s = Searcher::new(board.variant(), 12);
        let found = s
            .search(board, SearchLimits::movetime(Duration::from_millis(20)))
            .unwrap();
        assert_eq!(found.cell.bit(), threats(board), "{board:?}");
    }
}

#[test]
fn seven_by_seven_answers_within_its_budget() {
    let v = Variant::new(7, None).unwrap();
    let budget = Duration::from_millis(100);
    let mut s = Searcher::new(v, 18);
    let mut board = ClassicBoard::empty(v);
    let mut worst = Duration::ZERO;
    for _ in 0..12 {
        let t = Instant::now();
        let found = s.search(board, SearchLimits::movetime(budget)).unwrap();
        worst = worst.max(t.elapsed());
        board = board.with_move(found.cell);
        if board.status().is_over() {
            break;
        }
    }
    assert!(worst < budget + Duration::from_millis(50), "{worst:?}");
}

#[test]
fn any_budget_is_accepted() {
    let v = Variant::new(5, None).unwrap();
    let mut s = Searcher::new(v, 12);
    let board = ClassicBoard::empty(v);
    for movetime in [Duration::ZERO, Duration::from_nanos(1), Duration::MAX] {
        let limits = SearchLimits {
            movetime,
            max_depth: 3,
        };
        assert!(s.search(board, limits).is_some(), "{movetime:?}");
        assert!(
            !s.move_scores(board, 3, movetime).is_empty(),
            "{movetime:?}"
        );
    }
}

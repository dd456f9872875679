//! Speed of the exact engine: `cargo bench --bench solver`.
//!
//! Figures are recorded in the README. Run on an otherwise idle machine.

use std::sync::{Arc, OnceLock};

use divan::{Bencher, black_box};
use tictaclatin::core::protocol::ProtocolSession;
use tictaclatin::core::{Engine, PlayerOptions};
use tictaclatin::games::latin::adapter::{Latin, LatinEngine};
use tictaclatin::games::latin::game::Board;
use tictaclatin::games::latin::solver::Solver;

fn main() {
    divan::main();
}

fn solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(Solver::new)
}

/// Positions from the reference file, the same ones the tests check.
fn positions() -> Vec<Board> {
    include_str!("../tests/data/positions.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').next()?.parse().ok())
        .collect()
}

/// The whole game from the empty board: every reachable position's value and plies.
#[divan::bench(sample_count = 20)]
fn full_solve() -> Solver {
    Solver::new()
}

/// The perfect move for a position, after the solve (the cost of one bot reply).
#[divan::bench]
fn best_move(bencher: Bencher) {
    let solver = solver();
    let boards = positions();
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % boards.len();
        black_box(solver.best_move(black_box(boards[i])))
    });
}

/// The empty board is the most expensive reply: 16 moves, each with its traps.
#[divan::bench]
fn best_move_empty_board(bencher: Bencher) {
    let solver = solver();
    bencher.bench_local(|| black_box(solver.best_move(black_box(Board::EMPTY))));
}

/// One engine request, parsed and answered through the games interface (no I/O).
#[divan::bench]
fn engine_request(bencher: Bencher) {
    let engine = LatinEngine::new(Arc::new(Solver::new()));
    let player = engine
        .player("perfect", PlayerOptions::seeded(1))
        .expect("perfect");
    let mut session = ProtocolSession {
        game: &Latin,
        engine: &engine,
        player,
        budget: None,
        threads: 1,
    };
    let lines: Vec<String> = positions().iter().map(|b| format!("move {b}")).collect();
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % lines.len();
        black_box(session.reply(black_box(&lines[i])))
    });
}

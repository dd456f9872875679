//! Speed of extreme tic-tac-toe's rules and search: `cargo bench --bench extreme`.
//!
//! Positions come from seeded random games, so every run measures the same ones. Search
//! speed in positions (nodes) per second, on one thread and on all cores, is printed by
//! `speed` in `examples/extreme_strength.rs`; figures are in the README.

// For its seeded random openings.
#[allow(dead_code)]
#[path = "../examples/extreme_strength/clock.rs"]
mod clock;

use std::sync::OnceLock;

use clock::random_opening;
use divan::{Bencher, black_box};
use tictaclatin::core::Budget;
use tictaclatin::core::root::SearchSettings;
use tictaclatin::games::extreme::State;
use tictaclatin::games::extreme::search::analysis::analyze;
use tictaclatin::games::extreme::search::eval::evaluate;

fn main() {
    divan::main();
}

/// Every position of 20 random games (about 3,000), in play.
fn positions() -> &'static [State] {
    static POSITIONS: OnceLock<Vec<State>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut all = Vec::new();
        for seed in 0..20 {
            let mut state = State::START;
            for cell in random_opening(seed, 256) {
                all.push(state);
                state = state.play_unchecked(cell);
            }
        }
        all.retain(|s| !s.status().is_over());
        all
    })
}

/// The legal moves of a position, counted (a correspondence or an open move).
#[divan::bench]
fn move_generation(bencher: Bencher) {
    let all = positions();
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % all.len();
        black_box(black_box(&all[i]).moves().count())
    });
}

/// Playing a move: the stone, the small board's state, the big board, the bonus rule.
#[divan::bench]
fn play(bencher: Bencher) {
    let all = positions();
    let firsts: Vec<_> = all
        .iter()
        .map(|s| s.moves().cells().next().unwrap())
        .collect();
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % all.len();
        black_box(black_box(&all[i]).play_unchecked(firsts[i]))
    });
}

/// The static evaluation.
#[divan::bench]
fn evaluation(bencher: Bencher) {
    let all = positions();
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % all.len();
        black_box(evaluate(black_box(&all[i])))
    });
}

/// A 6-ply analysis (the `max` player's search) from a position after two moves, one
/// thread.
#[divan::bench(sample_count = 10)]
fn search_depth_6(bencher: Bencher) {
    let state = positions()[2];
    let settings = SearchSettings::new(Budget::Depth(6), 1);
    bencher.bench_local(|| black_box(analyze(&state, &settings)));
}

//! Speed of classic tic-tac-toe's engines: `cargo bench --bench classic`.
//!
//! Figures are recorded in the README's classic section. Run on an otherwise idle machine.

use std::sync::OnceLock;
use std::time::Duration;

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use tictaclatin::core::Budget;
use tictaclatin::core::root::SearchSettings;
use tictaclatin::games::classic::search::Searcher;
use tictaclatin::games::classic::solver::ClassicSolver;
use tictaclatin::games::classic::{ClassicBoard, Variant, text};

fn main() {
    divan::main();
}

fn variant(size: u8, k: u8) -> Variant {
    Variant::new(size, Some(k)).expect("a valid variant")
}

fn solver_3x3() -> &'static ClassicSolver {
    static SOLVER: OnceLock<ClassicSolver> = OnceLock::new();
    SOLVER.get_or_init(|| ClassicSolver::new(variant(3, 3)).expect("3x3 is solvable"))
}

/// Every 3x3 position in play, in a fixed order.
fn positions_3x3() -> Vec<ClassicBoard> {
    let v = variant(3, 3);
    (0u64..512 * 512)
        .filter_map(|i| ClassicBoard::new(v, i % 512, i / 512).ok())
        .filter(|b| !b.status().is_over())
        .collect()
}

/// The whole 3x3 game: every reachable position's value.
#[divan::bench]
fn solve_3x3() -> Option<ClassicSolver> {
    ClassicSolver::new(black_box(variant(3, 3)))
}

/// One perfect reply on 3x3 after the solve (the bot's whole cost per move).
#[divan::bench]
fn reply_3x3(bencher: Bencher) {
    let solver = solver_3x3();
    let boards = positions_3x3();
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % boards.len();
        black_box(solver.best_move(black_box(boards[i])))
    });
}

/// The reply from the empty board: nine moves, each with its traps.
#[divan::bench]
fn reply_3x3_empty(bencher: Bencher) {
    let solver = solver_3x3();
    let empty = ClassicBoard::empty(variant(3, 3));
    bencher.bench_local(|| black_box(solver.best_move(black_box(empty))));
}

/// The whole 4x4 game (four in a row): 9,062,619 positions in play, 286,602 classes.
#[divan::bench(sample_count = 10)]
fn solve_4x4() -> Option<ClassicSolver> {
    ClassicSolver::new(black_box(variant(4, 4)))
}

/// 4x4 with three in a row, a first-player win.
#[divan::bench(sample_count = 10)]
fn solve_4x4_three() -> Option<ClassicSolver> {
    ClassicSolver::new(black_box(variant(4, 3)))
}

/// A 7x7 search to a fixed depth from a middle-game position; the throughput is nodes per
/// second.
#[divan::bench(args = [4, 6], sample_count = 10)]
fn search_7x7_depth(bencher: Bencher, depth: u32) {
    let v = variant(7, 7);
    let board = text::parse(v, "-------/--X----/---O---/--XO---/----X--/-------/-------")
        .expect("a position");
    let settings = SearchSettings::new(Budget::Depth(depth), 1);
    let nodes = Searcher::new(v)
        .analyze(board, &settings)
        .map_or(1, |a| a.nodes);
    bencher
        .counter(ItemsCount::new(nodes))
        .with_inputs(|| Searcher::new(v))
        .bench_local_values(|s| black_box(s.analyze(black_box(board), &settings)));
}

/// A 7x7 move at a 100 ms budget from the empty board: the time per move the budget allows.
#[divan::bench(sample_count = 5)]
fn move_7x7_100ms(bencher: Bencher) {
    let v = variant(7, 7);
    let settings = SearchSettings::new(Budget::Time(Duration::from_millis(100)), 1);
    bencher
        .with_inputs(|| Searcher::new(v))
        .bench_local_values(|s| black_box(s.analyze(ClassicBoard::empty(v), &settings)));
}

/// The proofs of the draws on 7x7 (five in a row) and 6x6 (five), and a 7x7 first-player
/// win (four), from the empty board, the board's symmetries found each time.
#[divan::bench(args = [(7, 5), (6, 5), (7, 4)], sample_count = 5)]
fn prove_empty_board(args: (u8, u8)) -> tictaclatin::games::classic::proof::Proof {
    use tictaclatin::games::classic::proof::{self, ProofLimits, Want};
    let limits = ProofLimits {
        nodes: 10_000_000,
        time: None,
    };
    let board = ClassicBoard::empty(variant(args.0, args.1));
    proof::prove(black_box(board), limits, Want::Outcome)
}

/// A proof written down and checked: 7x7, five in a row.
#[divan::bench(sample_count = 5)]
fn certify_7x7_five() -> usize {
    use tictaclatin::games::classic::proof::{ProofLimits, certificate};
    let limits = ProofLimits {
        nodes: 10_000_000,
        time: None,
    };
    let text = certificate::write(variant(7, 5), limits).expect("proven");
    certificate::verify(&text).expect("checks").positions
}

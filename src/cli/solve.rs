//! `tictaclatin solve`: solve from the empty board and report what was found.

use std::time::Instant;

use super::Failure;
use tictaclatin::game::Board;
use tictaclatin::solver::{Outcome, Solver};

pub fn run() -> Result<(), Failure> {
    let start = Instant::now();
    let solver = Solver::new();
    let elapsed = start.elapsed();
    let value = solver
        .value(Board::EMPTY)
        .expect("the empty board is in play");
    // A drawn game always fills the board: say so, since "draw" alone gives no length.
    let note = match value.outcome {
        Outcome::Draw => " (perfect play fills the board)",
        _ => "",
    };
    println!("Empty board: {value} for the first player{note}.");
    println!(
        "Reachable positions in play: {} ({} classes under the 32 symmetries).",
        group(solver.reachable_positions()),
        group(solver.classes() as u64)
    );
    println!(
        "Solved in {:.1} ms; table {:.1} MiB.",
        elapsed.as_secs_f64() * 1000.0,
        solver.memory_bytes() as f64 / (1024.0 * 1024.0)
    );
    Ok(())
}

/// 5284445 -> "5,284,445".
fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

//! `tictaclatin solve`: solve a game from the empty board and report what was found.

use std::time::Instant;

use super::Failure;
use super::game_args::GameArgs;
use tictaclatin::core::Outcome;

pub fn run(args: &GameArgs) -> Result<(), Failure> {
    let game = args.game()?;
    let started = Instant::now();
    let engine = game.engine();
    let elapsed = started.elapsed();
    let start = game.start();
    let (Some(value), Some(solved)) = (engine.value(start.as_ref()), engine.solved()) else {
        return Err(Failure::bad_input(format!(
            "{} is not solved by a table here; `solve` works for the games that are \
             (Tic-Tac-Latin, classic 3x3 and 4x4)",
            game.title()
        )));
    };
    // A draw that fills the board: say so, since "draw" alone gives no length.
    let note = match value.outcome {
        Outcome::Draw if value.plies as usize == start.legal_moves().len() => {
            " (perfect play fills the board)"
        }
        _ => "",
    };
    println!("Empty board: {value} for the first player{note}.");
    println!(
        "Reachable positions in play: {} ({} classes under the {} symmetries).",
        group(solved.positions),
        group(solved.classes),
        solved.symmetries
    );
    println!(
        "Solved in {:.1} ms; table {:.1} MiB.",
        elapsed.as_secs_f64() * 1000.0,
        solved.bytes as f64 / (1024.0 * 1024.0)
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

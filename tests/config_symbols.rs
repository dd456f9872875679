//! Custom symbols in the output of `move` and `analyze`: the position still goes in with X
//! and O, and double-width symbols keep the analyze grid aligned.

use std::process::{Command, Output};

use unicode_width::UnicodeWidthStr;

const POSITION: &str = "-X-O/-X--/X-X-/O--O";

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn move_prints_the_position_after_with_the_symbols() {
    let plain = stdout(&run(&["move", POSITION]));
    assert_eq!(plain, "a1 win 3\nOX-O/-X--/X-X-/O--O\n");
    let crabs = stdout(&run(&["move", "--symbols", "🦀,🐙", POSITION]));
    assert_eq!(crabs, "a1 win 3\n🐙🦀-🐙/-🦀--/🦀-🦀-/🐙--🐙\n");
    // The flag may also follow the position, which otherwise takes every word.
    let after = stdout(&run(&["move", POSITION, "--symbols=🦀,🐙"]));
    assert_eq!(after, crabs);
}

#[test]
fn analyze_keeps_the_grid_aligned_with_double_width_symbols() {
    let text = stdout(&run(&["analyze", "--symbols", "猫,🐙", POSITION]));
    let grid: Vec<&str> = text.lines().take(5).collect();
    assert_eq!(grid[1], "1   *W3   猫   L2   🐙");
    // Every row is the row number and four cells of five columns on screen, whatever the
    // symbols' widths, so the values sit under the column letters.
    for row in &grid[1..] {
        assert_eq!(row.width(), 2 + 4 * 5, "{row:?}");
    }
    assert!(
        text.contains("🐙 to move, points 0 : 0. Value for 🐙: win in 3."),
        "{text}"
    );
}

#[test]
fn bad_symbols_are_refused_with_exit_2() {
    for (args, message) in [
        (
            vec!["move", "--symbols", "X,X", POSITION],
            "both sides use 'X'",
        ),
        (
            vec!["analyze", POSITION, "--symbols", "XY,O"],
            "2 characters",
        ),
        (
            vec!["move", POSITION, "--symbols"],
            "--symbols needs a value",
        ),
        (
            vec!["play", "--symbols", "D,L"],
            "'D' is how hints write a move's value",
        ),
        // What the board draws itself: a hint's mark, the last move's dot, a line.
        (
            vec![
                "move",
                "--game",
                "classic",
                "--size",
                "5",
                "--symbols",
                "≤,A",
                "-----/-----/-----/-----/-----",
            ],
            "'≤' is a mark of the hints: the board draws it",
        ),
        (
            vec!["move", POSITION, "--symbols", "A,•"],
            "'•' is the last move's dot",
        ),
        (
            vec!["analyze", "--symbols", "│,O", POSITION],
            "'│' is a box-drawing character",
        ),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

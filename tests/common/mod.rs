//! Running the real binary from the command-line tests: isolated from the user's config
//! and data (nothing is read or written there), its output read as UTF-8 text.

#![allow(dead_code)] // each test file uses the helpers it needs

pub mod classic;

use std::process::{Command, Output};

/// The binary with these arguments, its config and data directory pointed at nothing.
pub fn tictaclatin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .args(args)
        .env("TICTACLATIN_DATA_DIR", "/nonexistent/never-written")
        .env("TICTACLATIN_CONFIG", "/nonexistent/config.toml")
        .output()
        .expect("the binary runs")
}

/// Standard output, which must be UTF-8.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error, which must be UTF-8.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// An extreme tic-tac-toe position text from its 16 small boards in reading order (A1 B1
/// C1 D1, A2 .. D4), each a picture of its cells row by row with `/` between rows
/// (`XXXX/OO--/----/----`), then the last move and the side to move.
pub fn extreme_position(boards: [&str; 16], last: &str, side: char) -> String {
    let rows: Vec<Vec<&str>> = boards.iter().map(|b| b.split('/').collect()).collect();
    let mut cells = String::new();
    for row in 0..16 {
        for column in 0..4 {
            cells.push_str(rows[row / 4 * 4 + column][row % 4]);
        }
    }
    format!("{cells} {last} {side}")
}

pub mod pty;
pub mod serve;

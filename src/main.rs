//! The `tictaclatin` binary: parse arguments, pick a command, run it. No game logic here.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    die_quietly_on_broken_pipe();
    let result = cli::parse().and_then(cli::run);
    // Work that went on with fewer threads than it meant to (the system refused more)
    // says so once, after it is done.
    if let Some(note) = tictaclatin::core::threads::fewer_note() {
        cli::warn(&format!("note: {note}"));
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            cli::warn(&failure.message);
            ExitCode::from(failure.code)
        }
    }
}

/// `tictaclatin book export | head` closes the pipe early. Rust ignores SIGPIPE, so the next
/// write would fail; restore the default action and end quietly as other Unix tools do.
#[allow(unsafe_code)]
fn die_quietly_on_broken_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any other thread exists; SIG_DFL is a
    // valid disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

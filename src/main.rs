//! The `tictaclatin` binary: parse arguments, pick a command, run it. No game logic here.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("tictaclatin: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}

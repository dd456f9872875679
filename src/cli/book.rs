//! `tictaclatin book ...`: export, verify, compress and expand strategy books.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};

use super::Failure;
use tictaclatin::games::latin::book::{self, Book, BookError, export::ExportOptions};
use tictaclatin::games::latin::game::{Side, Symmetries};
use tictaclatin::games::latin::solver::Solver;

/// Exit status of `book verify` when the book is well-formed but wrong.
const UNSOUND: u8 = 1;

#[derive(Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    pub command: BookCommand,
}

#[derive(Subcommand, Debug)]
pub enum BookCommand {
    /// Write the perfect player's book for one side to stdout
    Export {
        /// The side the book plays
        #[arg(long, value_enum)]
        side: SideArg,
        /// Merge lines with wildcards (greedy)
        #[arg(long)]
        compress: bool,
        /// Leave out positions whose move is obvious (a win at once, a forced move)
        #[arg(long)]
        omit_obvious: bool,
    },
    /// Check that a book is exhaustive and sound by rolling out every game
    Verify {
        /// The book file
        file: PathBuf,
        /// The side the book plays
        #[arg(long, value_enum)]
        side: SideArg,
    },
    /// Rewrite a book with wildcards, to stdout; the lines saved go to stderr
    Compress {
        /// The book file
        file: PathBuf,
    },
    /// Rewrite a book with one plain line per position, to stdout
    Expand {
        /// The book file
        file: PathBuf,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SideArg {
    First,
    Second,
}

impl From<SideArg> for Side {
    fn from(side: SideArg) -> Side {
        match side {
            SideArg::First => Side::First,
            SideArg::Second => Side::Second,
        }
    }
}

pub fn run(args: BookArgs) -> Result<(), Failure> {
    match args.command {
        BookCommand::Export {
            side,
            compress,
            omit_obvious,
        } => {
            let options = ExportOptions {
                compress,
                omit_obvious,
            };
            print!(
                "{}",
                book::export(&Solver::new(), side.into(), options).to_text()
            );
            Ok(())
        }
        BookCommand::Verify { file, side } => verify(&file, side.into()),
        BookCommand::Compress { file } => {
            let plain = read(&file, None)?;
            let small = book::compress(&plain);
            print!("{}", small.to_text());
            eprintln!(
                "compressed {} lines ({} positions) into {}: {} lines saved",
                plain.lines().len(),
                plain.positions(),
                small.lines().len(),
                plain.lines().len().saturating_sub(small.lines().len())
            );
            Ok(())
        }
        BookCommand::Expand { file } => {
            print!("{}", book::expand(&read(&file, None)?).to_text());
            Ok(())
        }
    }
}

fn verify(file: &Path, side: Side) -> Result<(), Failure> {
    let book = read(file, Some(side))?;
    match book::verify(&book, &Solver::new()) {
        Ok(verified) => {
            println!("{}", book::verify::summary(side, &verified));
            Ok(())
        }
        Err(book::Unsound::Malformed(message)) => {
            Err(Failure::bad_input(format!("{}: {message}", file.display())))
        }
        Err(unsound) => Err(Failure {
            message: format!("{}: {unsound}", file.display()),
            code: UNSOUND,
        }),
    }
}

/// Reads a book; a file that cannot be read or parsed, or that holds one position twice
/// (up to symmetry), is bad input (exit 2).
fn read(file: &Path, side: Option<Side>) -> Result<Book, Failure> {
    let bad = |e: BookError| match e {
        BookError::Io { .. } => Failure::bad_input(e.to_string()),
        _ => Failure::bad_input(format!("{}: {e}", file.display())),
    };
    let book = Book::read(file, side).map_err(bad)?;
    book.index(&Symmetries::new()).map_err(bad)?;
    Ok(book)
}

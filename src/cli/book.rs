//! `tictaclatin book ...`: export, verify, compress and expand strategy books: Tic-Tac-Latin's
//! here, the first player's winning dictionaries (Qubic, classic 4x4 three in a row) in
//! `dictionary.rs`.

use std::path::{Path, PathBuf};

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Subcommand};

use super::Failure;
use super::dictionary::{self, RulesArg, count};
use super::game_args::build;
use tictaclatin::config::GameChoiceArgs;
use tictaclatin::core::bounded;
use tictaclatin::games::classic::proof::certificate;
use tictaclatin::games::latin::book::{Book, BookError};
use tictaclatin::games::latin::game::{Side, Symmetries};
use tictaclatin::games::latin::solver::Solver;
use tictaclatin::games::qubic::dictionary::PATASHNIK;
use tictaclatin::games::qubic::geometry::{Geometry, Qubic};
use tictaclatin::games::{GameError, GameKind};
use tictaclatin_research::book::{self, export::ExportOptions};
use tictaclatin_research::dictionary::export;
use tictaclatin_research::dictionary::small::{self, EXAMPLE_DICTIONARY, FourByFourThree};

#[derive(Args, Debug)]
pub(crate) struct BookArgs {
    /// The game: latin (the default), qubic, or classic with --size 4 --in-a-row 3 (Arthur
    /// O'Dwyer's example of a dictionary)
    // Their own ids: the top level's game flags (for `play`) have the plain names.
    #[arg(long = "game", id = "book_game", global = true, value_name = "GAME")]
    game: Option<String>,
    /// The board's size, for classic
    #[arg(long = "size", id = "book_size", global = true, value_name = "N",
          allow_negative_numbers = true, value_parser = super::game_args::parse_size)]
    size: Option<u8>,
    /// How many in a row win, for classic
    #[arg(
        long = "in-a-row",
        id = "book_in_a_row",
        global = true,
        value_name = "K",
        allow_negative_numbers = true,
        value_parser = super::game_args::parse_in_a_row
    )]
    in_a_row: Option<u8>,
    #[command(subcommand)]
    pub command: BookCommand,
}

#[derive(Subcommand, Debug)]
pub(crate) enum BookCommand {
    /// Write a book to stdout: Tic-Tac-Latin's perfect player for one side; for Qubic,
    /// Patashnik's dictionary less the entries no game reaches, or the complete one
    Export {
        /// The side the book plays (Tic-Tac-Latin)
        #[arg(long, value_parser = side_arg())]
        side: Option<Side>,
        /// Merge lines with wildcards (greedy)
        #[arg(long)]
        compress: bool,
        /// Leave out positions whose move is obvious (a win at once, a forced move)
        #[arg(long)]
        omit_obvious: bool,
        /// Qubic: every position X meets (forced wins written out), not just the
        /// dictionary's
        #[arg(long)]
        complete: bool,
    },
    /// Check that a book is exhaustive and sound by rolling out every game
    Verify {
        /// The book file; left out, the one shipped inside the program (Tic-Tac-Latin's for
        /// --side, both sides' without it; Qubic's Patashnik's dictionary; classic 4x4's
        /// example)
        file: Option<PathBuf>,
        /// The side the book plays (its lines say which; given, it must agree). Qubic's
        /// and classic 4x4's dictionaries are the first player's: only first applies
        #[arg(long, value_parser = side_arg())]
        side: Option<Side>,
        /// Qubic and classic 4x4: which of the dictionary header's rules X may use
        #[arg(long, value_enum, default_value_t)]
        rules: RulesArg,
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

/// `--side first|second`, listed in the help and the error as a value enum lists them.
fn side_arg() -> impl TypedValueParser<Value = Side> {
    PossibleValuesParser::new(["first", "second"]).map(|side| match side.as_str() {
        "first" => Side::First,
        _ => Side::Second,
    })
}

pub fn run(args: BookArgs) -> Result<(), Failure> {
    let kind = args.game.as_deref().map(str::parse).transpose();
    let choice = GameChoiceArgs {
        kind: kind.map_err(|e: GameError| Failure::bad_input(e.to_string()))?,
        size: args.size,
        in_a_row: args.in_a_row,
        movetime: None,
    };
    let chosen = choice.choice();
    if let BookCommand::Verify {
        file: Some(file), ..
    } = &args.command
        && chosen.kind == GameKind::Classic
    {
        // A proof `solve --out` wrote names its board; any other file is a dictionary.
        let text = bounded::read_text_file(file, &bounded::BOOK)
            .map_err(|e| Failure::bad_input(format!("{}: {e}", file.display())))?;
        if text.starts_with(certificate::HEADER) {
            // Proofs go to 8x8, past the boards `build` takes.
            let flags = args.size.is_some() || args.in_a_row.is_some();
            let asked = flags
                .then(|| super::solve::classic_variant(&choice))
                .transpose()?;
            return super::solve::verify_certificate(&text, asked.flatten());
        }
    }
    build(&choice)?; // a choice that names no game is refused here, with what is valid
    let choice = chosen;
    match (choice.kind, choice.size, choice.in_a_row) {
        (GameKind::Latin, ..) => latin(args.command),
        (GameKind::Qubic, ..) => dictionaries(&Qubic, (PATASHNIK, export::credit()), args.command),
        (GameKind::Classic, Some(4), Some(3)) => {
            let shipped = (EXAMPLE_DICTIONARY, small::credit());
            dictionaries(FourByFourThree::get(), shipped, args.command)
        }
        _ => Err(Failure::bad_input(
            "book works for Tic-Tac-Latin (latin), Qubic (qubic) and classic 4x4 three in a \
             row (--game classic --size 4 --in-a-row 3); `book verify --game classic FILE` \
             checks any classic board's proof that `solve --out FILE` wrote",
        )),
    }
}

/// The Qubic-style dictionary tools: the first player wins, the book is X's. `shipped` is
/// the dictionary `export` starts from and the credit its header gives.
fn dictionaries(
    g: &dyn Geometry,
    shipped: (&str, Vec<String>),
    command: BookCommand,
) -> Result<(), Failure> {
    match command {
        BookCommand::Export {
            side,
            complete,
            compress,
            omit_obvious,
        } => {
            if side == Some(Side::Second) || omit_obvious {
                return Err(Failure::bad_input(
                    "this game's dictionary is the first player's, with every move written: \
                     --side second and --omit-obvious do not apply",
                ));
            }
            dictionary::export(g, shipped, complete, compress)
        }
        BookCommand::Verify { file, side, rules } => {
            // Every dictionary here is the first player's: `--side first` agrees, and
            // `--side second` asks for a book that cannot exist (the second player loses).
            if side == Some(Side::Second) {
                return Err(Failure::bad_input(
                    "this game's dictionary is the first player's (X's), who wins: there is no \
                     second player's book to verify; leave out --side or give --side first",
                ));
            }
            dictionary::verify(g, file.as_deref(), shipped.0, rules)
        }
        BookCommand::Compress { file } => dictionary::compress(g, &file),
        BookCommand::Expand { file } => dictionary::expand(g, &file),
    }
}

fn latin(command: BookCommand) -> Result<(), Failure> {
    match command {
        BookCommand::Export {
            side,
            compress,
            omit_obvious,
            complete,
        } => {
            if complete {
                return Err(Failure::bad_input(
                    "--complete is for Qubic; Tic-Tac-Latin's books are complete unless \
                     --omit-obvious",
                ));
            }
            let side = side
                .ok_or_else(|| Failure::bad_input("export needs --side first or --side second"))?;
            let options = ExportOptions {
                compress,
                omit_obvious,
            };
            out!("{}", book::export(&Solver::new(), side, options).to_text());
            Ok(())
        }
        BookCommand::Verify {
            file: Some(file),
            side,
            ..
        } => verify(&file, read(&file, side)?),
        // The shipped books, as `book export --compress` wrote them into `assets/`.
        BookCommand::Verify {
            file: None, side, ..
        } => SHIPPED.iter().try_for_each(|text| {
            let book = Book::parse(text, None).map_err(|e| Failure::other(e.to_string()))?;
            let name = format!("the shipped {} player's book", book.side().name());
            match side.is_none_or(|side| side == book.side()) {
                true => verify(Path::new(&name), book),
                false => Ok(()),
            }
        }),
        BookCommand::Compress { file } => {
            let plain = read(&file, None)?;
            let small = book::compress(&plain);
            out!("{}", small.to_text());
            let saved = plain.lines().len().saturating_sub(small.lines().len());
            errln!(
                "compressed {} ({}) into {}: {} saved",
                count(plain.lines().len(), "line", "lines"),
                count(plain.positions(), "position", "positions"),
                small.lines().len(),
                count(saved, "line", "lines")
            );
            Ok(())
        }
        BookCommand::Expand { file } => {
            out!("{}", book::expand(&read(&file, None)?).to_text());
            Ok(())
        }
    }
}

/// Tic-Tac-Latin's books for the first and the second player, inside the program.
const SHIPPED: [&str; 2] = [
    include_str!("../../assets/book-first.txt"),
    include_str!("../../assets/book-second.txt"),
];

/// Verifies `book`, read from `file`.
fn verify(file: &Path, book: Book) -> Result<(), Failure> {
    match book::verify(&book, &Solver::new()) {
        Ok(verified) => {
            outln!("{}", book::verify::summary(book.side(), &verified));
            Ok(())
        }
        Err(book::Unsound::Malformed(message)) => {
            Err(Failure::bad_input(format!("{}: {message}", file.display())))
        }
        // Well-formed but wrong: exit status 1.
        Err(unsound) => Err(Failure::other(format!("{}: {unsound}", file.display()))),
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
    book.index(&Symmetries::default()).map_err(bad)?;
    Ok(book)
}

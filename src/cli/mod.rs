//! Command-line arguments and one thin module per command.

/// `println!` for a command: escaped, and never a panic (see [`output::print`]).
macro_rules! outln {
    () => {
        $crate::cli::output::print(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::print(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` for a command (see [`output::print`]).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::print(format_args!($($arg)*))
    };
}

/// `eprintln!` for a command (see [`output::print_err`]).
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::cli::output::print_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}

mod analyze;
mod annotate;
mod book;
mod completions;
mod config_cmd;
mod dictionary;
mod engine;
mod game_args;
mod games_cmd;
mod move_cmd;
mod output;
mod play;
mod puzzle;
mod serve;
mod settings_args;
mod solve;
mod stats;
mod tournament;

use std::error::Error;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use tictaclatin::core::words::excerpt;

use tictaclatin::config;
use tictaclatin::core::{Game, Position};
use tictaclatin::games::GameError;

pub use output::warn;

/// Why a command failed: a one-line message for stderr and the exit status.
#[derive(Debug)]
pub(crate) struct Failure {
    pub message: String,
    pub code: u8,
}

impl Failure {
    /// Exit status 2, as clap gives for bad arguments.
    pub fn bad_input(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 2,
        }
    }

    /// Any other failure: exit status 1.
    pub fn other(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 1,
        }
    }

    /// A file the command could not write (exit status 1).
    pub fn cannot_write(path: &std::path::Path, e: std::io::Error) -> Failure {
        Failure::other(format!("cannot write {}: {e}", path.display()))
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "tictaclatin",
    version,
    about = format!(
        "Board games in the terminal, each against a bot as strong as the game allows: {}",
        tictaclatin::games::described_list()
    ),
    long_about = None,
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Without a command: the game's settings flags, as for `tictaclatin play`. Before a
    /// command they apply to it: `tictaclatin --config F stats` works like an alias would.
    #[command(flatten)]
    pub play: play::PlayArgs,
    /// The command's name as typed, for messages.
    #[arg(skip)]
    pub name: String,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Open the terminal game (the default when no command is given)
    Play(Box<play::PlayArgs>),
    /// Print the bot's move for a position, what it is worth (exact where the game is solved) and the
    /// position after it
    Move(move_cmd::MoveArgs),
    /// Print the value of every empty cell of a position and mark the best move
    Analyze(move_cmd::MoveArgs),
    /// Answer positions on stdin, one reply line per request line (for scripts)
    #[command(
        long_about = "Answer positions on stdin, one reply line per request line (for \
        scripts).\n\nRequests: POSITION or `move POSITION` (reply `move <cell> ...` with what \
        is proven about it), `analyze POSITION` (reply `analyze <cell>=<value> ...` for every \
        empty cell), `quit`. A finished game gets `over x`, `over o` or `over draw`, followed \
        by both points where the points decided it (extreme: `over x 31 28`); anything \
        malformed gets `error <reason>` and the engine goes on; so does a request line over 64 \
        KiB, refused as soon as it passes that length, the rest of it skipped unread. \
        Positions are written as for `tictaclatin move --help`."
    )]
    Engine(game_args::EngineArgs),
    /// Solve the game and report the value, the positions and the time taken (Tic-Tac-Latin
    /// and classic up to 4x4 by a table; bigger classic boards, up to 8x8 (one past play's
    /// 7x7), proven by search within --nodes or --bot-time; Qubic proven by proof-number
    /// search); --out writes the proof for `book verify` to check (Qubic's as a dictionary)
    Solve(solve::SolveArgs),
    /// Export, verify, compress and expand strategy books (the perfect player as a dictionary)
    Book(book::BookArgs),
    /// Puzzles: positions where exactly one move wins (or saves a lost-looking draw), each
    /// proven by the game's engine
    Puzzle(puzzle::PuzzleArgs),
    /// Play many games between two players (or a round robin) and report the results
    Tournament(tournament::TournamentArgs),
    /// Find, create and check the config file
    #[command(subcommand)]
    Config(config_cmd::ConfigCommand),
    /// Print your record of results
    Stats,
    /// List the kept games, newest first (each finished game is kept as a record file)
    Games(games_cmd::GamesArgs),
    /// Print a game record with the engine's verdict on each move (exact where the game is
    /// solved, at a stated search depth elsewhere)
    Annotate(annotate::AnnotateArgs),
    /// Step through a kept game on the review screen: a record file, or a number from
    /// `tictaclatin games`
    Replay(Box<play::ReplayArgs>),
    /// Let friends play over the network: they join with a plain ssh client (`ssh -p 2222
    /// ROOM@HOST`) and need nothing installed
    Serve(Box<serve::ServeArgs>),
    /// Print the completion script for a shell (e.g. `tictaclatin completions bash >
    /// ~/.local/share/bash-completion/completions/tictaclatin`)
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (`tictaclatin man | man -l -`), or a command's (`man book
    /// verify`)
    Man {
        #[arg(value_name = "COMMAND")]
        names: Vec<String>,
    },
}

/// Whether a word can only be a flag: `--name` or `-n`, in letters of which one at least
/// is not a stone (a position's cells are X, O, x, o, - and .). `-X-O/-X--/X-X-/O--O` and
/// `-x-Q` (a position with a typo) are positions.
pub fn is_flag(word: &str) -> bool {
    let name = word.split('=').next().unwrap_or(word);
    let (long, short) = (name.strip_prefix("--"), name.strip_prefix('-'));
    let letters = match (long, short) {
        (Some(long), _) => long
            .starts_with(|c: char| c.is_ascii_lowercase())
            .then_some(long),
        (None, Some(short)) => (short.chars().count() == 1).then_some(short),
        (None, None) => None,
    };
    letters.is_some_and(|letters| {
        letters
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
            && letters
                .chars()
                .any(|c| c.is_ascii_alphabetic() && !"XOxo".contains(c))
    })
}

pub fn read_position(game: &dyn Game, text: &str) -> Result<Box<dyn Position>, Failure> {
    (game.parse_position(text)).map_err(|e| Failure::bad_input(format!("bad position: {e}")))
}

/// clap's error with the argument the user gave cut to a short, escaped excerpt: clap
/// would echo a 10 MB argument whole, control bytes and all.
pub fn shortened(mut error: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue};
    for kind in [ContextKind::InvalidValue, ContextKind::InvalidArg] {
        if let Some(ContextValue::String(text)) = error.get(kind) {
            let short = ContextValue::String(excerpt(text));
            error.insert(kind, short);
        }
    }
    error
}

/// The command line. The settings' environment variables, declared on their flags, are not
/// read here: `config::load` reads them as a layer of their own, below every flag.
pub fn parse() -> Result<Cli, Failure> {
    let matches = config::without_env(Cli::command())
        .try_get_matches()
        .map_err(|e| unknown_game(&e).unwrap_or_else(|| output::exit(&shortened(e))))?;
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| output::exit(&e));
    cli.name = matches.subcommand_name().unwrap_or_default().to_string();
    note_old_spellings(&cli.name);
    Ok(cli)
}

/// A note on stderr for each flag written in an old spelling that the command still answers
/// to (a hidden alias: `--movetime` for `--bot-time`); stdout is the same with either.
fn note_old_spellings(name: &str) {
    let top = Cli::command();
    let args: Vec<&clap::Arg> = top
        .find_subcommand(name)
        .unwrap_or(&top)
        .get_arguments()
        .collect();
    for word in std::env::args_os().skip(1).take_while(|word| word != "--") {
        let word = word
            .to_str()
            .and_then(|w| w.strip_prefix("--"))
            .unwrap_or_default();
        let old = word.split('=').next().unwrap_or(word);
        let aliased = |arg: &&&clap::Arg| arg.get_all_aliases().is_some_and(|a| a.contains(&old));
        if let Some(new) = args.iter().find(aliased).and_then(|arg| arg.get_long()) {
            output::warn(&format!("note: --{old} is now --{new}"));
        }
    }
}

/// A game that does not exist, said in one line as wherever a game is chosen; `None` for
/// any other mistake.
pub fn unknown_game(e: &clap::Error) -> Option<Failure> {
    let unknown = e.source()?.downcast_ref::<GameError>()?;
    Some(Failure::bad_input(unknown.to_string()))
}

pub fn run(cli: Cli) -> Result<(), Failure> {
    let outer = cli.play.settings;
    let position = cli.play.position;
    let Some(command) = cli.command else {
        let args = play::PlayArgs {
            position,
            ..play::PlayArgs::default()
        };
        return play::run(&args, &outer);
    };
    if !matches!(
        command,
        Command::Play(_) | Command::Config(_) | Command::Serve(_)
    ) {
        refuse_game_flags(&outer, &cli.name)?;
        if position.is_some() {
            return Err(Failure::bad_input(format!(
                "--position starts a game and does nothing for `{}`",
                cli.name
            )));
        }
    }
    match command {
        Command::Play(mut args) => {
            args.position = args.position.or(position);
            play::run(&args, &outer)
        }
        Command::Replay(args) => play::replay(&args, &outer),
        Command::Serve(args) => serve::run(&args, &outer),
        Command::Move(args) => move_cmd::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Engine(args) => engine::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Book(args) => book::run(args),
        Command::Puzzle(args) => puzzle::run(&args, &outer),
        Command::Tournament(args) => tournament::run(&args),
        Command::Config(command) => config_cmd::run(command, &outer),
        Command::Stats => stats::run(),
        Command::Games(args) => games_cmd::run(&args),
        Command::Annotate(args) => annotate::run(&args),
        Command::Completions { shell } => completions::completions(shell),
        Command::Man { names } => completions::man(&names),
    }
}

/// A game setting given before a command that does not play (`tictaclatin --mode bot
/// stats`) is refused with where it belongs, rather than ignored.
fn refuse_game_flags(outer: &settings_args::SettingsArgs, name: &str) -> Result<(), Failure> {
    let Some(flag) = outer.game_only_flag() else {
        return Ok(());
    };
    // `move --size 5` is fine; `--size 5 move` reads as if it set up a game to play.
    let message = if takes_flag(name, flag) {
        format!("{flag} goes after the command: `tictaclatin {name} {flag} ...`")
    } else {
        format!(
            "{flag} sets up the game and does nothing for `{name}`; put it after `play` \
             (`tictaclatin play {flag} ...`) or after `config show`"
        )
    };
    Err(Failure::bad_input(message))
}

/// Whether the subcommand `name` has the long flag `flag` (`--size`) of its own.
fn takes_flag(name: &str, flag: &str) -> bool {
    let long = flag.trim_start_matches('-');
    Cli::command()
        .find_subcommand(name)
        .is_some_and(|sub| sub.get_arguments().any(|arg| arg.get_long() == Some(long)))
}

#[cfg(test)]
mod tests {
    use super::is_flag;

    #[test]
    fn only_words_no_position_can_be_are_flags() {
        for flag in [
            "--level",
            "--levl=3",
            "-q",
            "-h",
            "--bot-time",
            "--in-a-row=3",
            "-V",
        ] {
            assert!(is_flag(flag), "{flag}");
        }
        let positions = [
            "-X-O/-X--/X-X-/O--O",
            "-x-o",
            "-x-Q",
            "--XO",
            "--xo",
            "-",
            "-x",
            "----------------",
            "-X-Q/-X--/X-X-/O--O",
        ];
        for word in positions {
            assert!(!is_flag(word), "{word}");
        }
    }
}

//! `tictaclatin puzzle`: positions where one move wins (or saves), proven by the game's table;
//! the shipped sets made by `generate` and printed for scripts by `export`.

use clap::{Args, Subcommand};

use super::Failure;
use super::game_args::build;
use tictaclatin::config::GameChoiceArgs;
use tictaclatin::core::Game;
use tictaclatin::games::kit::lines::square;
use tictaclatin_research::puzzles::{self, Puzzle};

#[derive(Args, Debug)]
pub(crate) struct PuzzleArgs {
    #[command(flatten)]
    game: GameChoiceArgs,
    #[command(subcommand)]
    command: PuzzleCommand,
}

#[derive(Subcommand, Debug)]
enum PuzzleCommand {
    /// Find a set anew on seeded random games, easiest first, and print it as it is shipped
    /// (a line a puzzle: the position, the answer, the win's length, the tempting moves)
    Generate {
        /// At most this many puzzles, one for each class of positions alike by symmetry
        #[arg(long, default_value_t = 500)]
        count: usize,
        /// The random games' seed: the same set for the same seed
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print the shipped set for scripts, a line a puzzle: the position as `move` reads it,
    /// the answer's move name, and the win's length in the moves of the side to move (0
    /// for the one move that keeps a draw when every other loses)
    Export,
}

pub fn run(args: &PuzzleArgs) -> Result<(), Failure> {
    let game = build(&args.game)?;
    if !game.solved() {
        return Err(Failure::bad_input(format!(
            "puzzles come from the games a table solves: Tic-Tac-Latin and classic up to 4x4, \
             not {}",
            game.title()
        )));
    }
    match args.command {
        PuzzleCommand::Generate { count, seed } => {
            let n = game.layout().cells.cols;
            let lines = square(n, args.game.in_a_row.unwrap_or(n));
            let engine = game.engine();
            let found = puzzles::generate(game.as_ref(), engine.as_ref(), &lines, count, seed);
            for puzzle in found {
                outln!("{}", puzzle.stored());
            }
        }
        PuzzleCommand::Export => {
            for puzzle in shipped(game.as_ref())? {
                outln!("{}", puzzle.line());
            }
        }
    }
    Ok(())
}

fn shipped(game: &dyn Game) -> Result<Vec<Puzzle>, Failure> {
    let key = game.key();
    let set = puzzles::shipped(&key)
        .ok_or_else(|| Failure::bad_input(format!("no puzzles are shipped for {key}")))?;
    Ok(set.lines().filter_map(Puzzle::read).collect())
}

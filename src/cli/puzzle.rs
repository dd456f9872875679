//! `tictaclatin puzzle`: positions where one move wins (or saves), proven by the game's engine;
//! the shipped sets made by `generate` and printed for scripts by `export`.

use clap::{Args, Subcommand};

use std::time::{SystemTime, UNIX_EPOCH};

use super::game_args::build;
use super::settings_args::SettingsArgs;
use super::{Failure, play};
use tictaclatin::config::GameChoiceArgs;
use tictaclatin::core::Game;
use tictaclatin_research::puzzles::{self, Puzzle};

#[derive(Args, Debug)]
pub(crate) struct PuzzleArgs {
    #[command(flatten)]
    game: GameChoiceArgs,
    /// Without a command: play the puzzle of the day
    #[command(subcommand)]
    command: Option<PuzzleCommand>,
}

#[derive(Subcommand, Debug)]
enum PuzzleCommand {
    /// Solve a puzzle on the board against the perfect bot: the puzzle of the day (the same
    /// for everyone on a date, UTC), or the one numbered
    Play {
        /// The puzzle's number in the set, from 1 (easiest) to its last (hardest)
        #[arg(long)]
        number: Option<u64>,
    },
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

pub fn run(args: &PuzzleArgs, outer: &SettingsArgs) -> Result<(), Failure> {
    let game = build(&args.game)?;
    let of_the_day = PuzzleCommand::Play { number: None };
    match args.command.as_ref().unwrap_or(&of_the_day) {
        PuzzleCommand::Play { number } => {
            let set = shipped(game.as_ref())?;
            let today = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap_or_default();
            let day = today.as_secs() / 86_400 % set.len() as u64;
            let at = number.map_or(Some(day), |n| n.checked_sub(1));
            let Some(at) = at.map(|at| at as usize).filter(|&at| at < set.len()) else {
                let count = set.len();
                return Err(Failure::bad_input(format!(
                    "--number goes from 1 to {count}"
                )));
            };
            play::puzzle(&args.game, at, outer)?;
        }
        PuzzleCommand::Generate { count, seed } => {
            let engine = game.engine();
            let found = puzzles::generate(game.as_ref(), engine.as_ref(), *count, *seed);
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
    let set = puzzles::set(&game.key());
    match set.is_empty() {
        true => Err(Failure::bad_input(format!(
            "no puzzles are shipped for {}",
            game.title()
        ))),
        false => Ok(set),
    }
}

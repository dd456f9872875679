//! `--game`, `--size`, `--in-a-row` and `--bot-time`: which game a command works on, and how
//! long a searching bot may think. Every command that reads positions or plays takes them.

use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use super::Failure;
use tictaclatin::config::{BadValue, GameChoiceArgs};
pub use tictaclatin::config::{parse_in_a_row, parse_size};
use tictaclatin::core::words::quote;
use tictaclatin::core::{Budget, Difficulty, Engine, Game, Player, PlayerOptions};
use tictaclatin::games;

pub fn build(args: &GameChoiceArgs) -> Result<Arc<dyn Game>, Failure> {
    games::build(args.choice()).map_err(|e| Failure::bad_input(e.to_string()))
}

/// The game's strongest player, as `move` and the `engine` protocol play it (seed 1,
/// searching on `threads` threads).
pub fn strongest(
    args: &GameChoiceArgs,
    engine: &dyn Engine,
    threads: usize,
) -> Result<Box<dyn Player>, Failure> {
    let options = PlayerOptions {
        movetime: args.movetime(),
        threads: threads.max(1),
        ..PlayerOptions::seeded(1)
    };
    engine
        .player(Difficulty::Perfect.name(), options)
        .map_err(|e| Failure::bad_input(e.to_string()))
}

pub fn parse_clock(text: &str) -> Result<Duration, BadValue> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.01..=3600.0).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(BadValue::new(format!(
            "{} is not a time per move: give seconds from 0.01 to 3600, e.g. 16",
            quote(text)
        ))),
    }
}

/// `--threads`: how many threads a searching bot may use (extreme tic-tac-toe's searches in
/// parallel; the others use one).
#[derive(Args, Debug, Default, Clone, Copy)]
pub(crate) struct ThreadsArg {
    /// Threads a searching bot may use (default: every core)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
}

impl ThreadsArg {
    pub fn count(self) -> usize {
        self.threads.map_or_else(all_cores, usize::from)
    }
}

pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

#[derive(Args, Debug, Default, Clone)]
pub(crate) struct EngineArgs {
    #[command(flatten)]
    pub game: GameChoiceArgs,
    #[command(flatten)]
    pub threads: ThreadsArg,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// `--depth` and `--nodes`: a search budget whose answer is the same on every run, with any
/// `--threads` and any load (`--bot-time` only picks how deep a search goes).
#[derive(Args, Debug, Default, Clone, Copy)]
pub(crate) struct BudgetArgs {
    /// Search every move this many plies deep (the move included), not for the move time:
    /// the same answer on every run
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub depth: Option<u32>,
    /// Search within this many nodes, not for the move time: the same answer on every run
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
}

impl BudgetArgs {
    pub fn fixed(self) -> Result<Option<Budget>, Failure> {
        match (self.depth, self.nodes) {
            (Some(_), Some(_)) => Err(Failure::bad_input("give --depth or --nodes, not both")),
            (Some(depth), None) => Ok(Some(Budget::Depth(depth))),
            (None, Some(nodes)) => Ok(Some(Budget::Nodes(nodes))),
            (None, None) => Ok(None),
        }
    }
}

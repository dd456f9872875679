//! `--game`, `--size`, `--in-a-row` and `--movetime`: which game a command works on, and how
//! long a searching bot may think. Every command that reads positions or plays takes them.

use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use super::Failure;
use tictaclatin::config;
use tictaclatin::core::words::quote;
use tictaclatin::core::{Engine, Game, PlayerOptions};
use tictaclatin::games::classic::variant;
use tictaclatin::games::{self, GameChoice, GameKind};

#[derive(Args, Debug, Default, Clone)]
pub struct GameArgs {
    /// The game: latin (Tic-Tac-Latin, the default), classic, qubic or extreme
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// The board's size, for games that come in sizes
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = parse_size)]
    pub size: Option<u8>,
    /// How many in a row win, for games that vary it (default: the size)
    #[arg(long, value_name = "K", allow_negative_numbers = true,
          value_parser = parse_in_a_row)]
    pub in_a_row: Option<u8>,
    /// Milliseconds a searching bot may think per move (default 1000); solved games answer
    /// at once
    #[arg(long, value_name = "MS", allow_negative_numbers = true, value_parser = parse_movetime)]
    pub movetime: Option<Duration>,
}

/// A move time that is not a whole number of milliseconds in range.
#[derive(Debug)]
pub struct BadMovetime(String);

impl std::fmt::Display for BadMovetime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} is not a move time: give milliseconds from {} to {}, e.g. 1000 (the \
             contest clock for people is --move-time SECONDS)",
            quote(&self.0),
            config::MIN_MOVETIME_MS,
            config::MAX_MOVETIME_MS
        )
    }
}

impl std::error::Error for BadMovetime {}

/// Milliseconds in the range the config file allows too: under 10 ms no search is worth
/// its name (and `--movetime 5` is more likely a mistaken `--move-time 5`).
pub fn parse_movetime(text: &str) -> Result<Duration, BadMovetime> {
    match text.trim().parse::<i64>() {
        Ok(ms) if (config::MIN_MOVETIME_MS..=config::MAX_MOVETIME_MS).contains(&ms) => {
            Ok(Duration::from_millis(ms as u64))
        }
        _ => Err(BadMovetime(text.to_string())),
    }
}

/// A `--size` or `--in-a-row` that is no whole number of cells a board could have.
#[derive(Debug)]
pub struct BadCount {
    /// How the message names the value: "size {}" or "{} in a row".
    pattern: &'static str,
    text: String,
}

impl std::fmt::Display for BadCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (min, max) = (variant::MIN_SIZE, variant::MAX_SIZE);
        // A whole number reads as the game's own range check does ("size 9 is not in
        // 3..7"); anything else is quoted.
        let value = match self.text.trim().parse::<i64>() {
            Ok(n) => n.to_string(),
            Err(_) => quote(&self.text),
        };
        let named = self.pattern.replace("{}", &value);
        write!(f, "{named} is not in {min}..{max}")
    }
}

impl std::error::Error for BadCount {}

/// `--size`: any whole number from 0 to 255 here (the game checks its own range, and names
/// it); a negative number or a word is refused in one line.
pub fn parse_size(text: &str) -> Result<u8, BadCount> {
    text.trim().parse().map_err(|_| BadCount {
        pattern: "size {}",
        text: text.to_string(),
    })
}

/// `--in-a-row`, as [`parse_size`].
pub fn parse_in_a_row(text: &str) -> Result<u8, BadCount> {
    text.trim().parse().map_err(|_| BadCount {
        pattern: "{} in a row",
        text: text.to_string(),
    })
}

/// Seconds (a fraction allowed) that are not a time a move may take.
#[derive(Debug)]
pub struct BadMoveTime(String);

impl std::fmt::Display for BadMoveTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} is not a time per move: give seconds from 0.01 to 3600, e.g. 16",
            quote(&self.0)
        )
    }
}

impl std::error::Error for BadMoveTime {}

pub fn parse_move_time(text: &str) -> Result<Duration, BadMoveTime> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.01..=3600.0).contains(&s) => Ok(Duration::from_secs_f64(s)),
        _ => Err(BadMoveTime(text.to_string())),
    }
}

impl GameArgs {
    /// The game and variant these flags name, or one line naming what is valid.
    pub fn choice(&self) -> Result<GameChoice, Failure> {
        let kind = match &self.game {
            Some(name) => name
                .parse::<GameKind>()
                .map_err(|e| Failure::bad_input(e.to_string()))?,
            None => GameKind::default(),
        };
        Ok(GameChoice {
            kind,
            size: self.size,
            in_a_row: self.in_a_row,
        })
    }

    /// The game these flags name, or a message naming what is valid (exit status 2).
    pub fn game(&self) -> Result<Arc<dyn Game>, Failure> {
        games::build(self.choice()?).map_err(|e| Failure::bad_input(e.to_string()))
    }

    pub fn movetime(&self) -> Duration {
        self.movetime.unwrap_or(PlayerOptions::DEFAULT_MOVETIME)
    }

    /// Options for the players a command builds, searching on `threads` threads.
    pub fn player_options(&self, seed: u64, threads: usize) -> PlayerOptions {
        PlayerOptions {
            movetime: self.movetime(),
            threads: threads.max(1),
            ..PlayerOptions::seeded(seed)
        }
    }
}

/// `--threads`: how many threads a searching bot may use (extreme tic-tac-toe's searches in
/// parallel; the others use one).
#[derive(Args, Debug, Default, Clone, Copy)]
pub struct ThreadsArg {
    /// Threads a searching bot may use (default: every core)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
}

impl ThreadsArg {
    pub fn count(self) -> usize {
        self.threads.map_or_else(all_cores, usize::from)
    }
}

/// The machine's cores.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The flags of `engine`: the game, and the bot's threads.
#[derive(Args, Debug, Default, Clone)]
pub struct EngineArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub threads: ThreadsArg,
}

/// The game and its engine, built once for a command.
pub struct Loaded {
    pub game: Arc<dyn Game>,
    pub engine: Arc<dyn Engine>,
}

impl GameArgs {
    /// The game and its engine (solving it, loading its dictionary).
    pub fn load(&self) -> Result<Loaded, Failure> {
        let game = self.game()?;
        let engine = game.engine();
        Ok(Loaded { game, engine })
    }
}

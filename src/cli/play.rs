//! `tictaclatin play` (and `tictaclatin` alone): the terminal game.

use std::io::IsTerminal;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::Args;

use tictaclatin::tui::{self, Options};

use super::Failure;

/// Environment variable with the bot's display delay in milliseconds (tests set it to 0).
const DELAY_VAR: &str = "TICTACLATIN_BOT_DELAY_MS";

#[derive(Args, Debug, Default)]
pub struct PlayArgs {
    /// Milliseconds to wait before showing the bot's move [default: 400, or $TICTACLATIN_BOT_DELAY_MS]
    #[arg(long, value_name = "MS")]
    pub bot_delay: Option<u64>,
}

pub fn run(args: PlayArgs) -> Result<(), Failure> {
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Failure {
            message: "the game needs a terminal: run it in one (for scripts, see `tictaclatin \
                      engine`)"
                .into(),
            code: 1,
        });
    }
    let mut options = Options::from_env();
    if let Some(ms) = delay(&args)? {
        options.bot_delay = Duration::from_millis(ms);
    }
    // A different game each run for the randomised levels.
    options.seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    tui::run(options).map_err(|e| Failure {
        message: format!("terminal error: {e}"),
        code: 1,
    })
}

/// The delay from the flag, else from the environment; a bad value is an error, not ignored.
fn delay(args: &PlayArgs) -> Result<Option<u64>, Failure> {
    if args.bot_delay.is_some() {
        return Ok(args.bot_delay);
    }
    match std::env::var(DELAY_VAR) {
        Ok(text) => text.trim().parse().map(Some).map_err(|_| {
            Failure::bad_input(format!(
                "{DELAY_VAR}='{text}' is not a number of milliseconds"
            ))
        }),
        Err(_) => Ok(None),
    }
}

//! The settings flags every game-playing command shares (`#[command(flatten)]` them), and
//! turning them into the settings and the store for a run.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::Failure;
use super::game_args::parse_clock;
use tictaclatin::config::{self, Env, Layer, LoadedConfig};
use tictaclatin::games;
use tictaclatin::store::{self, Store};

#[derive(Args, Debug, Default, Clone)]
pub(crate) struct SettingsArgs {
    #[command(flatten)]
    pub layer: Layer,
    // A flag only, never in the config file: a contest clock is asked for per session.
    /// A contest clock for people: seconds for each move, shown counting down; over it,
    /// the game is lost (off unless given)
    #[arg(long, alias = "move-time", value_name = "SECONDS", allow_negative_numbers = true,
          value_parser = parse_clock)]
    pub clock: Option<Duration>,
    /// Do not write anything: no record of results, no saved game
    #[arg(long)]
    pub no_save: bool,
}

impl SettingsArgs {
    /// The first flag given that only the game and `config show` use: before any other
    /// subcommand it would be silently ignored, so it is refused instead. `--config`,
    /// `--no-save` and `--no-color` are not among them: they may stand before any
    /// subcommand (an alias can carry them), and change nothing where nothing uses them.
    pub fn game_only_flag(&self) -> Option<&'static str> {
        let game = &self.layer.game;
        [
            (game.mode.is_some(), "--mode"),
            (game.first.is_some(), "--first"),
            (game.difficulty.is_some(), "--difficulty"),
            (self.layer.symbols.is_some(), "--symbols"),
            (game.bot_delay.is_some(), "--bot-delay"),
            (game.kind.is_some(), "--game"),
            (game.size.is_some(), "--size"),
            (game.in_a_row.is_some(), "--in-a-row"),
            (game.movetime.is_some(), "--bot-time"),
            (self.clock.is_some(), "--clock"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }

    /// The settings for this run: defaults < config file < environment < the flags given
    /// before the subcommand (`outer`: `tictaclatin --config F play`) < these. A bad config
    /// is a failure with exit status 2, reported before any screen opens.
    pub fn load(&self, outer: &SettingsArgs) -> Result<LoadedConfig, Failure> {
        let flags = [outer.layer.clone(), self.layer.clone()];
        let mut loaded = config::load(&flags, &Env::from_process(), config::default_path())
            .map_err(|e| Failure::bad_input(e.to_string()))?;
        loaded.settings.move_limit = self.clock.or(outer.clock);
        // The game may have come from the flags: check it names a game.
        games::build(loaded.settings.game).map_err(|e| Failure::bad_input(e.to_string()))?;
        Ok(loaded)
    }

    /// Where results and the unfinished game are kept; `--no-save` (here or in `outer`)
    /// makes it read-only.
    pub fn store(&self, outer: &SettingsArgs) -> Result<Store, Failure> {
        data_dir().map(|dir| Store::new(dir, !(self.no_save || outer.no_save)))
    }
}

/// The data directory ([`store::data_dir`]), or why there is none.
pub fn data_dir() -> Result<PathBuf, Failure> {
    store::data_dir().ok_or_else(|| {
        Failure::bad_input(format!(
            "cannot find a data directory (no home directory?); set {} to one",
            store::DATA_DIR_VAR
        ))
    })
}

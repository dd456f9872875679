//! The settings flags every game-playing command shares (`#[command(flatten)]` them), and
//! turning them into the settings and the store for a run.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::{BAD_INPUT, Failure};
use tictaclatin::config::{self, Env, First, Loaded, Mode, Overrides, Symbols};
use tictaclatin::core::Difficulty;
use tictaclatin::games::{self, GameKind};
use tictaclatin::store::{self, Store};

#[derive(Args, Debug, Default, Clone)]
pub struct SettingsArgs {
    /// Read this config file instead of the default one (`tictaclatin config path`)
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Who plays: bot (you against the bot), humans (two people, one keyboard) or demo
    #[arg(long, value_name = "MODE")]
    pub mode: Option<Mode>,
    /// Who moves first against the bot: you, bot or bot-chooses
    #[arg(long, value_name = "WHO")]
    pub first: Option<First>,
    /// The bot's strength: random, easy, medium, hard or perfect (also called max)
    #[arg(long, value_name = "LEVEL")]
    pub difficulty: Option<Difficulty>,
    /// The two sides' symbols, first side first: any single characters or emoji, e.g. 🦀,🐙
    #[arg(long, value_name = "X,O")]
    pub symbols: Option<Symbols>,
    /// Draw without colour (also NO_COLOR=1 or `color = false` in the config file)
    #[arg(long)]
    pub no_color: bool,
    /// Milliseconds to wait before showing the bot's move, 0 to 10000; without this flag,
    /// TICTACLATIN_BOT_DELAY_MS, else `bot_delay_ms` in the config file, else 500
    #[arg(long, value_name = "MS", value_parser = config::parse_delay)]
    pub bot_delay: Option<Duration>,
    /// Do not write anything: no record of results, no saved game
    #[arg(long)]
    pub no_save: bool,
    /// The game to offer first: latin (Tic-Tac-Latin, the default), classic, qubic or extreme
    #[arg(long, value_name = "GAME")]
    pub game: Option<String>,
    /// The board's size, for games that come in sizes
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = super::game_args::parse_size)]
    pub size: Option<u8>,
    /// How many in a row win, for games that vary it (default: the size)
    #[arg(long, value_name = "K", allow_negative_numbers = true,
          value_parser = super::game_args::parse_in_a_row)]
    pub in_a_row: Option<u8>,
    /// Milliseconds a searching bot may think per move (default 1000)
    #[arg(long, value_name = "MS", allow_negative_numbers = true,
          value_parser = super::game_args::parse_movetime)]
    pub movetime: Option<Duration>,
    /// A contest clock for people: seconds for each move, shown counting down; over it, the
    /// game is lost (off unless given)
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true,
          value_parser = super::game_args::parse_move_time)]
    pub move_time: Option<Duration>,
}

impl SettingsArgs {
    /// The flags as the config layer's overrides, or why the game they name is unknown.
    pub fn overrides(&self) -> Result<Overrides, Failure> {
        let game = self
            .game
            .as_deref()
            .map(str::parse::<GameKind>)
            .transpose()
            .map_err(|e| Failure::bad_input(e.to_string()))?;
        Ok(Overrides {
            config: self.config.clone(),
            mode: self.mode,
            first: self.first,
            difficulty: self.difficulty,
            symbols: self.symbols.clone(),
            no_color: self.no_color,
            bot_delay: self.bot_delay,
            game,
            size: self.size,
            in_a_row: self.in_a_row,
            movetime: self.movetime,
            move_limit: self.move_time,
        })
    }

    /// These flags, with the ones given before the subcommand (`tictaclatin --config F
    /// play`) filling in what was not given after it: the flag nearer the command wins.
    pub fn or(self, outer: &SettingsArgs) -> SettingsArgs {
        SettingsArgs {
            config: self.config.or_else(|| outer.config.clone()),
            mode: self.mode.or(outer.mode),
            first: self.first.or(outer.first),
            difficulty: self.difficulty.or(outer.difficulty),
            symbols: self.symbols.or_else(|| outer.symbols.clone()),
            no_color: self.no_color || outer.no_color,
            bot_delay: self.bot_delay.or(outer.bot_delay),
            no_save: self.no_save || outer.no_save,
            game: self.game.or_else(|| outer.game.clone()),
            size: self.size.or(outer.size),
            in_a_row: self.in_a_row.or(outer.in_a_row),
            movetime: self.movetime.or(outer.movetime),
            move_time: self.move_time.or(outer.move_time),
        }
    }

    /// The first flag given that only the game and `config show` use: before any other
    /// subcommand it would be silently ignored, so it is refused instead. `--config`,
    /// `--no-save` and `--no-color` are not among them: they may stand before any
    /// subcommand (an alias can carry them), and change nothing where nothing uses them.
    pub fn game_only_flag(&self) -> Option<&'static str> {
        [
            (self.mode.is_some(), "--mode"),
            (self.first.is_some(), "--first"),
            (self.difficulty.is_some(), "--difficulty"),
            (self.symbols.is_some(), "--symbols"),
            (self.bot_delay.is_some(), "--bot-delay"),
            (self.game.is_some(), "--game"),
            (self.size.is_some(), "--size"),
            (self.in_a_row.is_some(), "--in-a-row"),
            (self.movetime.is_some(), "--movetime"),
            (self.move_time.is_some(), "--move-time"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }

    /// The settings for this run: defaults < config file < environment < these flags. A bad
    /// config is a failure with exit status 2, reported before any screen opens.
    pub fn load(&self) -> Result<Loaded, Failure> {
        let loaded = config::load(
            &self.overrides()?,
            &Env::from_process(),
            config::default_path(),
        )
        .map_err(|e| Failure::bad_input(e.to_string()))?;
        // The game may have come from the flags: check it names a game.
        games::build(loaded.settings.game).map_err(|e| Failure::bad_input(e.to_string()))?;
        Ok(loaded)
    }

    /// Where results and the unfinished game are kept; `--no-save` makes it read-only.
    pub fn store(&self) -> Result<Store, Failure> {
        data_store(!self.no_save)
    }
}

/// The store in the data directory; `save` is false for `--no-save`.
pub fn data_store(save: bool) -> Result<Store, Failure> {
    data_dir().map(|dir| Store::new(dir, save))
}

/// `TICTACLATIN_DATA_DIR`, else the platform data directory.
pub fn data_dir() -> Result<PathBuf, Failure> {
    let override_dir = std::env::var_os(store::DATA_DIR_VAR)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from);
    store::data_dir(override_dir).ok_or_else(|| Failure {
        message: format!(
            "cannot find a data directory (no home directory?); set {} to one",
            store::DATA_DIR_VAR
        ),
        code: BAD_INPUT,
    })
}

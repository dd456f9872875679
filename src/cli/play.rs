//! `tictaclatin play` (and `tictaclatin` alone): the terminal game; `tictaclatin replay FILE|N`:
//! a kept game on its review screen.

use std::io::IsTerminal;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;

use tictaclatin::config::{GameChoiceArgs, GameSettings};
use tictaclatin::games::GameChoice;
use tictaclatin::record;
use tictaclatin::tui::{self, Memory, Opening};

use super::Failure;
use super::settings_args::SettingsArgs;

#[derive(Args, Debug, Default, Clone)]
#[command(
    after_help = "Exit status of the game: 0 after quitting with q or Ctrl-C (an \
    unfinished game is saved, unless --no-save); 2 for a bad config file, environment variable \
    or flag (reported before the screen opens); 1 without a terminal or on a terminal error; \
    128 + the signal's number when a signal stops it (129 SIGHUP, the terminal closed; 130 \
    SIGINT; 131 SIGQUIT; 143 SIGTERM), after saving the unfinished game and restoring the \
    terminal."
)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// Start the game (against the bot, or two people with --mode humans) from this position,
    /// written as `tictaclatin analyze` takes it; the game is --game's
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub position: Option<String>,
}

/// What the screen is to open on, worked out before it opens (a bad position or record is
/// refused first, exit status 2).
enum Open {
    /// The start screen, or a game from `--position`.
    Play(Option<String>),
    /// A puzzle, by its place in the game's shipped set.
    Puzzle(usize),
    /// A record read and checked, and the name it is shown by.
    Replay(Box<record::Record>, String),
}

/// Runs the game; `outer` holds the settings flags given before `play`.
pub fn run(args: &PlayArgs, outer: &SettingsArgs) -> Result<(), Failure> {
    // `--position` takes a word starting with `-`: a flag there is a position left out.
    if let Some(flag) = args.position.as_deref().filter(|text| super::is_flag(text)) {
        return Err(Failure::bad_input(format!(
            "--position needs a position, and {flag} is a flag"
        )));
    }
    open(&args.settings, outer, Open::Play(args.position.clone()))
}

/// Puzzle `number` of `game`'s set, against the perfect bot with the person to move.
pub fn puzzle(game: &GameChoiceArgs, number: usize, outer: &SettingsArgs) -> Result<(), Failure> {
    let mut args = SettingsArgs::default();
    (args.layer.game.kind, args.layer.game.size) = (game.kind, game.size);
    args.layer.game.in_a_row = game.in_a_row;
    open(&args, outer, Open::Puzzle(number))
}

/// The record names its game: the flags choosing one are hidden here, and refused if given.
const GAME_FLAGS: [&str; 3] = ["kind", "size", "in_a_row"];

#[derive(Args, Debug)]
#[command(mut_args(|arg| match GAME_FLAGS.contains(&arg.get_id().as_str()) {
    true => arg.hide(true),
    false => arg,
}))]
pub(crate) struct ReplayArgs {
    /// A record file, or a game's number in `tictaclatin games` (1 is the newest)
    #[arg(value_name = "FILE|N")]
    record: String,
    #[command(flatten)]
    settings: SettingsArgs,
}

/// A bad record is refused in one line before the screen opens.
pub fn replay(args: &ReplayArgs, outer: &SettingsArgs) -> Result<(), Failure> {
    let game = &args.settings.layer.game;
    if game.kind.is_some() || game.size.is_some() || game.in_a_row.is_some() {
        return Err(Failure::bad_input(
            "replay shows the record's own game: leave out --game, --size and --in-a-row",
        ));
    }
    let path = super::games_cmd::record_path(&args.record)?;
    let record = record::read_file(&path)
        .map_err(|e| Failure::bad_input(format!("{}: {e}", path.display())))?;
    let name = tictaclatin::store::file_name(&path);
    open(&args.settings, outer, Open::Replay(Box::new(record), name))
}

/// Opens the terminal game on `what`; `settings_args` are the command's own flags.
fn open(settings_args: &SettingsArgs, outer: &SettingsArgs, what: Open) -> Result<(), Failure> {
    // Settings first: a broken config file is reported (exit status 2) before anything
    // touches the terminal.
    let mut settings = settings_args.load(outer)?.settings;
    let store = settings_args.store(outer)?;
    let opening = match what {
        Open::Play(None) => Opening::Menu,
        Open::Play(Some(text)) => {
            let game = tui::app::game_of(settings.game);
            let start = super::read_position(game.as_ref(), &text)?;
            if start.status().is_over() {
                return Err(Failure::bad_input(
                    "bad position: the game is already over there; give one still in play",
                ));
            }
            Opening::Position(start)
        }
        Open::Puzzle(number) => Opening::Puzzle(number),
        Open::Replay(record, name) => {
            if let Some(choice) = GameChoice::from_key(&record.game.key()) {
                settings.game = choice;
            }
            Opening::Replay(record, name)
        }
    };
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Failure::other(
            "the game needs a terminal: run it in one (for scripts, see `tictaclatin \
                      engine`)",
        ));
    }
    // A different game each run for the randomised levels.
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // A mode or game named here wins the start screen over the unfinished game's offer.
    let given = |flag: fn(&GameSettings) -> bool| {
        [outer, settings_args]
            .iter()
            .any(|flags| flag(&flags.layer.game))
    };
    let asked = tui::Asked {
        mode: given(|game| game.mode.is_some()),
        game: given(|game| game.kind.is_some() || game.size.is_some() || game.in_a_row.is_some()),
        sized: given(|game| game.size.is_some() || game.in_a_row.is_some()),
    };
    let ending = tui::run(settings, Memory::load(store), seed, asked, opening)
        .map_err(|e| Failure::other(e.to_string()))?;
    for notice in &ending.notices {
        super::warn(notice);
    }
    if let Some(why) = &ending.save_error {
        super::warn(&format!("the unfinished game was not saved: {why}"));
    }
    match ending.signal {
        Some(signal) => Err(Failure {
            message: format!("stopped by {signal}"),
            // 128 + the signal's number, as shells report it.
            code: signal.exit_status(),
        }),
        None => Ok(()),
    }
}

//! `tictaclatin replay FILE|N`: a kept game on the review screen. The record is read and
//! replayed before the screen opens; a bad one is one line (the file, the line, what is
//! wrong) and exit status 2.

use std::path::PathBuf;

use clap::Args;

use super::Failure;
use super::play::{self, Open};
use super::settings_args::{SettingsArgs, data_dir};
use tictaclatin::record;
use tictaclatin::store::Store;

/// The record names its game: the flags choosing one are hidden here, and refused if given.
const GAME_FLAGS: [&str; 3] = ["kind", "size", "in_a_row"];

#[derive(Args, Debug)]
#[command(mut_args(|arg| match GAME_FLAGS.contains(&arg.get_id().as_str()) {
    true => arg.hide(true),
    false => arg,
}))]
pub struct ReplayArgs {
    /// A record file, or a game's number in `tictaclatin games` (1 is the newest)
    #[arg(value_name = "FILE|N")]
    record: String,
    #[command(flatten)]
    settings: SettingsArgs,
}

pub fn run(args: &ReplayArgs, outer: &SettingsArgs) -> Result<(), Failure> {
    let game = &args.settings.layer.game;
    if game.kind.is_some() || game.size.is_some() || game.in_a_row.is_some() {
        return Err(Failure::bad_input(
            "replay shows the record's own game: leave out --game, --size and --in-a-row",
        ));
    }
    let path = path_of(&args.record)?;
    let record = record::read_file(&path)
        .map_err(|e| Failure::bad_input(format!("{}: {e}", path.display())))?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    play::open(&args.settings, outer, Open::Replay(Box::new(record), name))
}

/// The file `given` names: a path, or (when no such file is there) a number of
/// `tictaclatin games`.
fn path_of(given: &str) -> Result<PathBuf, Failure> {
    let path = PathBuf::from(given);
    let Ok(number) = given.parse::<usize>() else {
        return Ok(path);
    };
    if path.exists() {
        return Ok(path);
    }
    let dir = Store::inspect(data_dir()?).records_dir();
    let (listed, _) = super::games_cmd::list(&dir)?;
    listed
        .into_iter()
        .find(|game| game.number == number)
        .map(|game| game.path)
        .ok_or_else(|| {
            Failure::bad_input(format!(
                "no game number {number} in {} (see `tictaclatin games`)",
                dir.display()
            ))
        })
}

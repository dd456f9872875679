//! `tictaclatin replay FILE|N`: a kept game on the review screen; a bad record is refused in
//! one line before the screen opens.

use clap::Args;

use super::Failure;
use super::play::{self, Open};
use super::settings_args::SettingsArgs;
use tictaclatin::record;

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

pub fn run(args: &ReplayArgs, outer: &SettingsArgs) -> Result<(), Failure> {
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
    play::open(&args.settings, outer, Open::Replay(Box::new(record), name))
}

//! `tictaclatin games`: the kept games, newest first, a line each, like a history. The
//! numbers stay the same whatever the filters, so `replay 3` is the third newest game.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::Failure;
use super::settings_args::data_dir;
use tictaclatin::core::words::{plural, quote, shortened};
use tictaclatin::games::{self, GameChoice, GameKind};
use tictaclatin::record;
use tictaclatin::store::Store;

#[derive(Args, Debug)]
pub(crate) struct GamesArgs {
    /// Only games of this game (as --game names it) or of one variant, by its key
    /// (classic-5k4)
    #[arg(long, value_name = "GAME")]
    game: Option<String>,
    /// Only games with this result for you (the person; the first side where two people or
    /// two bots played)
    #[arg(long, value_enum, value_name = "RESULT")]
    result: Option<ResultFilter>,
    /// Only games against this opponent: part of its name or level (e.g. hard)
    #[arg(long, value_name = "NAME")]
    opponent: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
enum ResultFilter {
    Won,
    Lost,
    Drawn,
    Unfinished,
}

/// One file of the records folder, numbered as `games` lists it: its tags, or why it is no
/// readable record.
pub(super) struct Listed {
    number: usize,
    path: PathBuf,
    tags: Result<Vec<(String, String)>, String>,
}

impl Listed {
    fn tag(&self, name: &str) -> &str {
        let mut tags = self.tags.iter().flatten();
        tags.find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str())
    }

    /// The side a person played: 0 first, 1 second; the first side where none or both.
    fn you(&self) -> usize {
        usize::from(self.tag("FirstPlayer") != "human" && self.tag("SecondPlayer") == "human")
    }

    fn result_for_you(&self) -> ResultFilter {
        let mine = ["1-0", "0-1"][self.you()];
        match self.tag("Result") {
            "*" => ResultFilter::Unfinished,
            "1/2-1/2" => ResultFilter::Drawn,
            result if result == mine => ResultFilter::Won,
            _ => ResultFilter::Lost,
        }
    }

    /// The other side's name and level, for `--opponent`.
    fn opponent(&self) -> String {
        let (name, level) = [("Second", "SecondPlayer"), ("First", "FirstPlayer")][self.you()];
        format!("{} {}", self.tag(name), self.tag(level)).to_lowercase()
    }
}

pub fn run(args: &GamesArgs) -> Result<(), Failure> {
    let store = Store::inspect(data_dir()?);
    let dir = store.records_dir();
    let (listed, unreadable): (Vec<_>, Vec<_>) =
        list(&dir)?.into_iter().partition(|game| game.tags.is_ok());
    let game_filter = args.game.as_deref().map(game_filter).transpose()?;
    let opponent = args.opponent.as_deref().map(str::to_lowercase);
    let mut titles = HashMap::new();
    let mut rows = Vec::new();
    for game in &listed {
        let key = game.tag("Game");
        let keep = game_filter.as_ref().is_none_or(|matches| matches(key))
            && args.result.is_none_or(|r| r == game.result_for_you())
            && opponent
                .as_ref()
                .is_none_or(|o| game.opponent().contains(o.as_str()));
        if keep {
            let title = titles
                .entry(key.to_string())
                .or_insert_with(|| games::title_of_key(key));
            rows.push(row(game, title));
        }
    }
    let shown = rows.len();
    for line in super::output::columns(&rows, &[4], |i| i == 0, "  ") {
        outln!("{line}");
    }
    // A game in progress is saved to be resumed, not kept as a record until it ends; asked
    // for unfinished games, say where those are.
    let waiting = match args.result {
        Some(ResultFilter::Unfinished) => super::stats::waiting(&store.load_games()),
        _ => Vec::new(),
    };
    if listed.is_empty() && waiting.is_empty() {
        outln!("No games kept yet in {}.", dir.display());
    } else if shown == 0 && waiting.is_empty() {
        let games = plural(listed.len() as u64, "game", "games");
        outln!("No kept game matches (of {games}).");
    }
    for line in &waiting {
        outln!(
            "{line} Choose its game in `tictaclatin play` to go on; its record is kept when \
             it ends."
        );
    }
    for bad in &unreadable {
        let problem = bad.tags.as_ref().err().map_or("", String::as_str);
        super::warn(&format!("{}: {problem}", bad.path.display()));
    }
    if unreadable.is_empty() {
        Ok(())
    } else {
        Err(Failure::other(format!(
            "{} could not be read (see above); nothing was changed",
            plural(unreadable.len() as u64, "record", "records")
        )))
    }
}

/// The records in `dir`, newest first (their names start with when they ended), each with
/// its tags or why it is not a record.
pub(super) fn list(dir: &Path) -> Result<Vec<Listed>, Failure> {
    let mut paths = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| is_record_name(path))
            .collect::<Vec<_>>(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => {
            return Err(Failure::other(format!(
                "cannot read {}: {e}",
                dir.display()
            )));
        }
    };
    paths.sort_unstable_by(|a, b| b.cmp(a));
    let listed = paths.into_iter().enumerate().map(|(i, path)| Listed {
        number: i + 1,
        tags: record::read_tags(&path).map_err(|e| e.to_string()),
        path,
    });
    Ok(listed.collect())
}

/// The record file `given` names on the command line (`replay`, `annotate`): a path, or
/// (when no such file is there) a game's number or file name as `tictaclatin games` lists
/// them.
pub(super) fn record_path(given: &str) -> Result<PathBuf, Failure> {
    let path = PathBuf::from(given);
    if path.exists() {
        return Ok(path);
    }
    let dir = Store::inspect(data_dir()?).records_dir();
    let Ok(number) = given.parse::<usize>() else {
        // A bare name as `games` lists it is a kept record's.
        let kept = dir.join(given);
        let bare = path.components().count() == 1;
        return Ok(if bare && kept.exists() { kept } else { path });
    };
    let Some(listed) = list(&dir)?.into_iter().find(|game| game.number == number) else {
        return Err(Failure::bad_input(format!(
            "no game number {number} in {} (see `tictaclatin games`)",
            dir.display()
        )));
    };
    // Numbered but not readable: why, as for the file named itself.
    let bad = |problem| Failure::bad_input(format!("{}: {problem}", listed.path.display()));
    listed.tags.as_ref().map_err(bad)?;
    Ok(listed.path)
}

/// A record's file: `*.txt`, not hidden (a save in progress is a hidden temporary file).
fn is_record_name(path: &Path) -> bool {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    !name.starts_with('.') && name.ends_with(".txt")
}

type GameFilter = Box<dyn Fn(&str) -> bool>;

/// `--game`: a game's name (every variant) or one variant's key.
fn game_filter(text: &str) -> Result<GameFilter, Failure> {
    if let Ok(kind) = text.parse::<GameKind>() {
        return Ok(Box::new(move |key| {
            GameChoice::from_key(key).is_some_and(|choice| choice.kind == kind)
        }));
    }
    match GameChoice::from_key(text).map(games::build) {
        Some(Ok(game)) => {
            let wanted = game.key();
            Ok(Box::new(move |key| key == wanted))
        }
        _ => Err(Failure::bad_input(format!(
            "{} is neither a game ({}) nor a variant's key (e.g. classic-5k4)",
            quote(text),
            games::valid_names()
        ))),
    }
}

/// A listed game's columns: `3`, `2026-11-24 19:40`, `Classic 5x5`, `You - Bot (hard)`,
/// `0-1 line`, its file's name. Each tag is cut short ([`shortened`]): a record may hold a
/// name of any length.
fn row(game: &Listed, title: &str) -> Vec<String> {
    let tag = |name: &str| shortened(game.tag(name));
    let side = |name: &str, level: &str| match game.tag(level) {
        "" | "human" => tag(name),
        _ => format!("{} ({})", tag(name), tag(level)),
    };
    let time = game.tag("Time");
    let hours = shortened(time.get(..5).unwrap_or(time));
    let when = format!("{} {hours}", tag("Date"));
    let ended = format!("{} {}", tag("Result"), tag("Termination"));
    let file = game.path.file_name().unwrap_or_default().to_string_lossy();
    vec![
        game.number.to_string(),
        when,
        title.to_string(),
        format!(
            "{} - {}",
            side("First", "FirstPlayer"),
            side("Second", "SecondPlayer")
        ),
        ended.trim().to_string(),
        file.into_owned(),
    ]
}

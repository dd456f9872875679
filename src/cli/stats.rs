//! `tictaclatin stats`: the record of results, as a small table.

use super::Failure;
use super::settings_args::data_dir;
use tictaclatin::core::Difficulty;
use tictaclatin::core::words::plural;
use tictaclatin::games;
use tictaclatin::store::{Loaded, SavedGame, Stats, Store};

/// A line for each unfinished game saved to be resumed (they are not records until they
/// end): which game, who played and how far it got.
pub(super) fn waiting(games: &[(String, Loaded<Option<SavedGame>>)]) -> Vec<String> {
    let saved = games
        .iter()
        .filter_map(|(key, game)| Some((key, game.value.as_ref()?)));
    saved
        .map(|(key, game)| {
            format!(
                "An unfinished game of {} ({}, {}) waits to be resumed.",
                games::title_of_key(key),
                game.session.mode,
                plural(game.moves.len() as u64, "move", "moves")
            )
        })
        .collect()
}

/// Prints the record and whether a game waits. Exit status 1 when a file (or the data
/// directory itself) could not be read, so a script notices; the notices say why.
pub fn run() -> Result<(), Failure> {
    // Only reading: a damaged file is reported but left for the game to set aside.
    let store = Store::inspect(data_dir()?);
    let loaded = store.load_stats();
    let games = store.load_games();
    let notices: Vec<&String> = std::iter::once(&loaded.notice)
        .chain(games.iter().map(|(_, game)| &game.notice))
        .flatten()
        .collect();
    for notice in &notices {
        super::warn(notice);
    }
    if !loaded.value.is_empty() {
        out!("{}", table(&loaded.value));
    }
    if !loaded.value.puzzles.is_empty() {
        out!("{}", puzzle_table(&loaded.value));
    } else if loaded.value.is_empty() && loaded.notice.is_none() {
        outln!("No games recorded yet.");
    }
    for line in waiting(&games) {
        outln!("{line}");
    }
    outln!("Data: {}", store.dir().display());
    if notices.is_empty() {
        Ok(())
    } else {
        Err(Failure::other(
            "not everything saved could be read (see above)",
        ))
    }
}

/// What a game calls a level (`perfect`, or `max` where the bot searches).
fn level_name(key: &str, level: Difficulty) -> &'static str {
    games::of_key(key).map_or(level.name(), |game| game.level_name(level))
}

/// One row per game, mode and level: games, wins, draws, losses, the current and best
/// streak.
fn table(stats: &Stats) -> String {
    let header = "game mode level games won drawn lost streak best";
    let mut rows = vec![header.split(' ').map(String::from).collect()];
    for (key, r) in stats.iter() {
        let level = key.difficulty.map_or("-", |d| level_name(&key.game, d));
        let (game, mode) = (key.game.clone(), key.mode.name().to_string());
        let counts = [
            r.games(),
            r.wins,
            r.draws,
            r.losses,
            r.streak,
            r.best_streak,
        ];
        let row = [game, mode, level.to_string()].into_iter();
        rows.push(row.chain(counts.map(|n| n.to_string())).collect());
    }
    let min = [10, 7, 8, 5, 4, 5, 6, 7, 5];
    let lines = super::output::columns(&rows, &min, |i| i >= 3, " ");
    let mut out: String = lines.iter().map(|line| format!("{line}\n")).collect();
    out.push_str(
        "Streak: games in a row without a loss. Against the bot the results are yours; for \
         two people, the first player's.\n",
    );
    out
}

/// One row per game whose puzzles were tried: the Glicko-2 rating, the first tries solved
/// and failed, the current and best run of puzzles solved.
fn puzzle_table(stats: &Stats) -> String {
    let header = "puzzles rating solved failed streak best";
    let mut rows = vec![header.split(' ').map(String::from).collect()];
    for p in &stats.puzzles {
        let counts = [p.solved, p.failed, p.streak, p.best_streak].map(|n| n.to_string());
        let rating = format!("{:.0}", p.rating.rating);
        let row = [p.game.clone(), rating].into_iter().chain(counts);
        rows.push(row.collect());
    }
    let lines = super::output::columns(&rows, &[10, 6, 6, 6, 6, 4], |i| i >= 1, " ");
    lines.iter().map(|line| format!("{line}\n")).collect()
}

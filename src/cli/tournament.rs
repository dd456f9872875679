//! `tictaclatin tournament`: many games between players, with a summary or a cross table.

use std::fs;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use clap::{ArgGroup, Args};
use indicatif::{ProgressBar, ProgressStyle};
use signal_hook::consts::SIGINT;
use unicode_width::UnicodeWidthStr;

use super::Failure;
use super::game_args::{all_cores, build};
use tictaclatin::config::{BadValue, GameChoiceArgs};
use tictaclatin::core::Tally;
use tictaclatin::core::game_loop::Played;
use tictaclatin::core::tournament::{self, Arena, Control, Pairing};
use tictaclatin::core::words::{plural, quote};
use tictaclatin::core::{Engine, Game, Move, PlayerOptions, Published, Side};
use tictaclatin::record::{MoveEntry, Record};

/// Exit status after Ctrl-C, as shells report a process ended by SIGINT.
const INTERRUPTED: u8 = 130;

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("players").required(true).args(["first", "round_robin"])))]
pub(crate) struct TournamentArgs {
    /// The player who moves first in every game. Tic-Tac-Latin: perfect, hard, medium, easy,
    /// heuristic, greedy, random, lookahead-N (N = 1 to 6), or book:FILE (a strategy book
    /// for this side); other games list theirs when a name is wrong
    #[arg(long, value_name = "PLAYER", requires = "second")]
    first: Option<String>,
    /// The player who moves second in every game
    #[arg(long, value_name = "PLAYER", requires = "first")]
    second: Option<String>,
    /// Play every pair of these players both ways and print a cross table, e.g.
    /// random,greedy,perfect
    #[arg(
        long,
        value_name = "P1,P2,...",
        value_delimiter = ',',
        conflicts_with_all = ["first", "second"]
    )]
    round_robin: Option<Vec<String>>,
    /// Games per pairing (in a round robin: per pairing and order)
    #[arg(long, default_value_t = 1000, value_parser = parse_games)]
    games: u64,
    /// Seed for the randomised players; the same seed plays the same games
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to play on (default: all cores)
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// One JSON object per pairing and order, one per line
    #[arg(long)]
    json: bool,
    /// The contest clock: seconds a player has for each move (a bonus move has its own);
    /// over it, it forfeits. Default: the game's contest limit (extreme tic-tac-toe's 16 s),
    /// none for the other games
    #[arg(long, alias = "move-time", value_name = "SECONDS", allow_negative_numbers = true,
          value_parser = super::game_args::parse_clock)]
    clock: Option<Duration>,
    /// Threads each searching bot may use (default 1: the games themselves run on all
    /// cores, see --threads)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    bot_threads: Option<u16>,
    /// Keep every game: one record file a game in this directory (made if missing), named
    /// by pairing and game number
    #[arg(long, value_name = "DIR")]
    record: Option<PathBuf>,
    #[command(flatten)]
    game: GameChoiceArgs,
}

fn parse_games(text: &str) -> Result<u64, BadValue> {
    match text.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(BadValue::new(format!(
            "{} is not a number of games: give at least 1, e.g. 1000",
            quote(text)
        ))),
    }
}

/// A finished (or interrupted) pairing.
struct Outcome {
    pairing: Pairing,
    tally: Tally,
}

pub fn run(args: &TournamentArgs) -> Result<(), Failure> {
    let game = build(&args.game)?;
    let engine = game.engine();
    let (players, pairings) = pairings(args, game.as_ref(), engine.as_ref())?;
    let total = pairings.len() as u64 * args.games;
    if let Some(dir) = &args.record {
        fs::create_dir_all(dir).map_err(|e| {
            Failure::other(format!(
                "cannot make {} for the records: {e}",
                dir.display()
            ))
        })?;
    }
    let outcomes = play(args, &game, engine.as_ref(), pairings, total)?;
    let played: u64 = outcomes.iter().map(|o| o.tally.games).sum();
    if args.json {
        outcomes.iter().for_each(|o| outln!("{}", json_line(o)));
    } else if args.round_robin.is_some() {
        print_cross_tables(&outcomes, &players, args, (played, total));
    } else {
        for o in &outcomes {
            let published = engine.published(&o.pairing.first, &o.pairing.second);
            print_summary(o, published.as_ref());
        }
    }
    if played < total {
        return Err(Failure {
            message: format!(
                "interrupted: {} of {total} played",
                plural(played, "game", "games")
            ),
            code: INTERRUPTED,
        });
    }
    Ok(())
}

/// Plays the pairings in turn until they are done, Ctrl-C stops them or a record cannot be
/// written (the first such failure is the run's).
fn play(
    args: &TournamentArgs,
    game: &Arc<dyn Game>,
    engine: &dyn Engine,
    pairings: Vec<Pairing>,
    total: u64,
) -> Result<Vec<Outcome>, Failure> {
    let threads = args.threads.map_or_else(all_cores, |t| t as usize);
    let control = Control::default();
    watch_ctrl_c(&control);
    let unwritten: Mutex<Option<String>> = Mutex::new(None);
    let bar = progress_bar(total);
    let run = || {
        let mut outcomes = Vec::new();
        for pairing in pairings {
            if control.stopped() {
                break;
            }
            let keep = |index: u64, moves: &[Move], played: &Played| {
                bar.inc(1);
                let Some(dir) = &args.record else { return };
                if let Err(message) = write_record(dir, game, &pairing, index, moves, played) {
                    unwritten
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .get_or_insert(message);
                    control.stop.store(true, Ordering::Relaxed);
                }
            };
            let arena = Arena {
                game: game.as_ref(),
                engine,
                keep: Some(&keep),
            };
            let tally = tournament::run(&pairing, arena, threads, &control)
                .map_err(|illegal| Failure::other(illegal.to_string()))?;
            outcomes.push(Outcome { pairing, tally });
        }
        Ok(outcomes)
    };
    let outcomes = run();
    bar.finish_and_clear();
    let outcomes = outcomes?;
    let unwritten = unwritten.into_inner();
    let unwritten = unwritten.unwrap_or_else(PoisonError::into_inner);
    unwritten.map_or(Ok(outcomes), |message| Err(Failure::other(message)))
}

/// Writes game `index` of `pairing` as a record file in `dir`: `FIRST-SECOND-00001.txt`.
fn write_record(
    dir: &Path,
    game: &Arc<dyn Game>,
    pairing: &Pairing,
    index: u64,
    moves: &[Move],
    played: &Played,
) -> Result<(), String> {
    let mut record = Record::new(game.clone());
    record.set_tag("Event", "tournament");
    record.set_tag("Round", (index + 1).to_string());
    record.set_tag("Seed", pairing.seed.to_string());
    record.set_tag("First", &pairing.first);
    record.set_tag("Second", &pairing.second);
    if !game.solved() {
        record.set_tag(
            "BotMoveTime",
            format!("{} ms", pairing.movetime.as_millis()),
        );
    }
    if let Some(limit) = pairing.move_limit {
        record.set_tag("MoveLimit", format!("{} s", limit.as_secs_f64()));
    }
    record.moves = moves.iter().map(|&mv| MoveEntry::new(mv)).collect();
    record.finish(played);
    let name = format!(
        "{}-{}-{:05}.txt",
        file_word(&pairing.first),
        file_word(&pairing.second),
        index + 1
    );
    let path = dir.join(name);
    fs::write(&path, record.to_text())
        .map_err(|e| format!("cannot write the record {}: {e}", path.display()))
}

/// A player's name as a file name may hold it (`book:x/y.txt` is `book_x_y_txt`).
fn file_word(name: &str) -> String {
    name.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-', "_")
}

/// The players in the order given, and the pairings to play: one for `--first/--second`,
/// every ordered pair for a round robin. Players are named by their canonical names
/// (`Greedy` becomes `greedy`).
fn pairings(
    args: &TournamentArgs,
    game: &dyn Game,
    engine: &dyn Engine,
) -> Result<(Vec<String>, Vec<Pairing>), Failure> {
    let pairing = |first: &String, second: &String| Pairing {
        first: first.clone(),
        second: second.clone(),
        games: args.games,
        seed: args.seed,
        movetime: args.game.movetime(),
        bot_threads: args.bot_threads.map_or(1, usize::from),
        move_limit: args.clock.or_else(|| game.contest_move_limit()),
    };
    if let Some(names) = &args.round_robin {
        let players = names
            .iter()
            .map(|n| canonical(engine, n))
            .collect::<Result<Vec<_>, _>>()?;
        check_round_robin(engine, &players)?;
        let mut all = Vec::new();
        for first in &players {
            for second in players.iter().filter(|&s| s != first) {
                all.push(pairing(first, second));
            }
        }
        return Ok((players, all));
    }
    // clap guarantees both sides when there is no round robin.
    let first = canonical(engine, args.first.as_deref().unwrap_or_default())?;
    let second = canonical(engine, args.second.as_deref().unwrap_or_default())?;
    check_side(engine, &first, Side::First)?;
    check_side(engine, &second, Side::Second)?;
    let pairings = vec![pairing(&first, &second)];
    Ok((vec![first, second], pairings))
}

/// A player that cannot play both sides (a book is written for one) may only take its own.
fn check_side(engine: &dyn Engine, player: &str, side: Side) -> Result<(), Failure> {
    match engine.only_side(player) {
        Some(only) if only != side => Err(Failure::bad_input(format!(
            "{player} is the {} player's book; it cannot play {}",
            only.name(),
            side.name()
        ))),
        _ => Ok(()),
    }
}

/// The player's own name for itself, after checking the game can build it.
fn canonical(engine: &dyn Engine, name: &str) -> Result<String, Failure> {
    engine
        .player(name.trim(), PlayerOptions::seeded(0))
        .map(|player| player.name())
        .map_err(|e| Failure::bad_input(e.to_string()))
}

fn check_round_robin(engine: &dyn Engine, players: &[String]) -> Result<(), Failure> {
    if players.len() < 2 {
        return Err(Failure::bad_input(
            "a round robin needs at least two players, e.g. --round-robin greedy,perfect",
        ));
    }
    for (i, p) in players.iter().enumerate() {
        if engine.only_side(p).is_some() {
            return Err(Failure::bad_input(format!(
                "{p} plays one side only; a round robin plays both: use --first/--second"
            )));
        }
        if players[..i].contains(p) {
            return Err(Failure::bad_input(format!(
                "player {} is listed twice in the round robin",
                quote(p)
            )));
        }
    }
    Ok(())
}

/// Ctrl-C stops the run after the games in progress: signal-hook's handler sets the stop
/// flag itself, with no thread of ours to start.
fn watch_ctrl_c(control: &Control) {
    if let Err(why) = signal_hook::flag::register(SIGINT, Arc::clone(&control.stop)) {
        super::warn(&format!(
            "Ctrl-C will end the run at once, without the results so far: {why}"
        ));
    }
}

/// A bar on stderr if it is a terminal, moved on by the games' threads as each game ends:
/// indicatif's steady tick would start a thread of its own, and panic where the system
/// refuses one.
fn progress_bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let games = if total == 1 { "game" } else { "games" };
    let template = format!("[{{bar:30}}] {{pos}}/{{len}} {games} (Ctrl-C stops)");
    let style = ProgressStyle::with_template(&template).expect("a valid template");
    ProgressBar::new(total).with_style(style.progress_chars("#-"))
}

/// Wins, losses and draws of a pairing; with a published result for the same pairing, its
/// figures beside ours.
fn print_summary(o: &Outcome, published: Option<&Published>) {
    let (p, t) = (&o.pairing, &o.tally);
    outln!(
        "{} (first) vs {} (second): {}, seed {}",
        p.first,
        p.second,
        plural(t.games, "game", "games"),
        p.seed
    );
    let rows = [
        (format!("{} (first) wins", p.first), t.first_wins),
        (format!("{} (second) wins", p.second), t.second_wins),
        ("draws".to_string(), t.draws),
    ];
    let width = rows.iter().map(|(label, _)| label.len()).max().unwrap_or(0);
    if let Some(p) = published {
        outln!(
            "  {:<width$}  {:>8}  {:>8}   published ({}, {})",
            "",
            "games",
            "%",
            p.source,
            plural(p.games, "game", "games")
        );
    }
    for (i, (label, count)) in rows.into_iter().enumerate() {
        let mut line = format!("  {label:<width$}  {count:>8}  {:>6.2} %", t.percent(count));
        if let Some(p) = published {
            let theirs = [p.first_wins, p.second_wins, p.draws][i];
            let share = 100.0 * theirs as f64 / p.games.max(1) as f64;
            line += &format!("   {theirs:>8}  {share:>6.3} %");
        }
        outln!("{line}");
    }
    print_contest(o);
}

/// What a contest adds: forfeits by side, wins decided on points, the points themselves.
fn print_contest(o: &Outcome) {
    let (p, t) = (&o.pairing, &o.tally);
    if let Some(limit) = p.move_limit {
        outln!(
            "  clock {:.2} s a move: {} (first) {}, {}; {} (second) {}, {}",
            limit.as_secs_f64(),
            p.first,
            plural(t.time_outs[0], "time out", "time outs"),
            plural(t.invalid_moves[0], "invalid move", "invalid moves"),
            p.second,
            plural(t.time_outs[1], "time out", "time outs"),
            plural(t.invalid_moves[1], "invalid move", "invalid moves")
        );
    }
    // Wins on points are wins above; this only says how many there were.
    match t.on_points {
        0 => {}
        1 => outln!("  1 of the wins was on points (every small board decided, no line)"),
        n => outln!("  {n} of the wins were on points (every small board decided, no line)"),
    }
    if t.points != [0, 0] {
        let average = |sum: u64| sum as f64 / t.games.max(1) as f64;
        outln!(
            "  points: {} (first) {} ({:.1} a game), {} (second) {} ({:.1} a game)",
            p.first,
            t.points[0],
            average(t.points[0]),
            p.second,
            t.points[1],
            average(t.points[1])
        );
    }
}

/// The row player's results against the column player over both orders.
fn combined(outcomes: &[Outcome], row: &String, col: &String) -> (u64, u64, u64) {
    let (mut games, mut wins, mut losses) = (0, 0, 0);
    for o in outcomes {
        let t = &o.tally;
        if (&o.pairing.first, &o.pairing.second) == (row, col) {
            (games, wins, losses) = (games + t.games, wins + t.first_wins, losses + t.second_wins);
        } else if (&o.pairing.first, &o.pairing.second) == (col, row) {
            (games, wins, losses) = (games + t.games, wins + t.second_wins, losses + t.first_wins);
        }
    }
    (games, wins, losses)
}

fn print_cross_tables(
    outcomes: &[Outcome],
    players: &[String],
    args: &TournamentArgs,
    (played, total): (u64, u64),
) {
    if played < total {
        // Ctrl-C: say plainly that the tables cover only the games that finished.
        outln!(
            "Round robin of {} players, interrupted after {played} of {}, seed {}.",
            players.len(),
            plural(total, "game", "games"),
            args.seed
        );
        outln!("Percentages are over the games that finished; empty cells were not played.");
    } else {
        outln!(
            "Round robin of {} players, {} per pairing and order, seed {}.",
            players.len(),
            plural(args.games, "game", "games"),
            args.seed
        );
    }
    outln!("Each cell: the row player against the column player over both orders");
    outln!("(half the games moving first). Draws are the rest.");
    let share = |count: u64, games: u64| (games > 0).then(|| 100.0 * count as f64 / games as f64);
    outln!();
    print_table(outcomes, players, "Wins %", |(g, wins, _)| share(wins, g));
    outln!();
    print_table(outcomes, players, "Losses %", |(g, _, lost)| share(lost, g));
}

/// Every column as wide as the longest name (at least 6).
fn print_table(
    outcomes: &[Outcome],
    players: &[String],
    title: &str,
    cell: impl Fn((u64, u64, u64)) -> Option<f64>,
) {
    let mut rows = vec![[&[title.to_string()], players].concat()];
    for row in players {
        let cells = players
            .iter()
            .map(|col| match cell(combined(outcomes, row, col)) {
                Some(pct) if row != col => format!("{pct:.1}"),
                _ => "-".to_string(),
            });
        rows.push(std::iter::once(row.clone()).chain(cells).collect());
    }
    let longest = players.iter().map(|name| name.width()).max().unwrap_or(0);
    let mut min = vec![longest.max(6); players.len() + 1];
    min[0] = 0;
    for line in super::output::columns(&rows, &min, |i| i > 0, "  ") {
        outln!("{line}");
    }
}

/// One line of `--json`: a pairing and order with its results, in this field order (kept by
/// serde_json's `preserve_order` feature, Cargo.toml).
fn json_line(o: &Outcome) -> String {
    let (p, t) = (&o.pairing, &o.tally);
    let line = serde_json::json!({
        "first": p.first,
        "second": p.second,
        "games": t.games,
        "first_wins": t.first_wins,
        "second_wins": t.second_wins,
        "draws": t.draws,
        "seed": p.seed,
        "time_outs": t.time_outs,
        "invalid_moves": t.invalid_moves,
        "points": t.points,
    });
    line.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_number_of_games_says_what_to_give() {
        assert_eq!(
            parse_games("0").unwrap_err().to_string(),
            "'0' is not a number of games: give at least 1, e.g. 1000"
        );
        assert_eq!(parse_games(" 12 ").ok(), Some(12));
    }

    #[test]
    fn names_are_escaped_and_read_back() {
        // Player names can hold file names (`book:FILE`).
        let name = "book:a\"b\\c\n";
        let pairing = Pairing {
            first: name.into(),
            second: "greedy".into(),
            games: 1,
            seed: 7,
            movetime: Duration::ZERO,
            bot_threads: 1,
            move_limit: None,
        };
        let tally = Tally {
            games: 1,
            first_wins: 1,
            ..Tally::default()
        };
        let text = json_line(&Outcome { pairing, tally });
        assert!(text.starts_with(r#"{"first":"book:a\"b\\c\n","second":"greedy","games":1,"#));
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["first"], name);
    }
}

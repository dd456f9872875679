//! Strength and clock measurements of extreme tic-tac-toe's players: long, so run by hand,
//! one part at a time, on an otherwise quiet machine (environment variables set the figures):
//!
//! ```text
//! EXTREME_PAIR=max:alphabeta EXTREME_GAMES=40 EXTREME_MS=1000 \
//!   cargo run --release --example extreme_strength -- series
//! EXTREME_MOVES=1000 EXTREME_MS=1000 cargo run --release --example extreme_strength -- clock
//! EXTREME_MS=1000 cargo run --release --example extreme_strength -- speed
//! ```

mod clock;

use std::time::{Duration, Instant};

use clock::{Series, play_series, random_opening};
use tictaclatin::core::{Budget, Player, PlayerOptions, Tally};
use tictaclatin::games::extreme::cell::cell_of;
use tictaclatin::games::extreme::players::searcher;
use tictaclatin::games::extreme::{ExtremeEngine, State};

const PARTS: [(&str, fn()); 3] = [("series", series), ("clock", clock), ("speed", speed)];

fn main() {
    let asked: Vec<String> = std::env::args().skip(1).collect();
    let names = PARTS.map(|(name, _)| name);
    if asked.is_empty() || asked.iter().any(|a| !names.contains(&a.as_str())) {
        eprintln!("name the parts to run: {}", names.join(", "));
        std::process::exit(2);
    }
    for (name, part) in PARTS {
        if asked.iter().any(|a| a == name) {
            part();
        }
    }
}

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

fn number(name: &str, default: u64) -> u64 {
    env(name, &default.to_string()).parse().expect(name)
}

/// A series between two players named in EXTREME_PAIR, each game printed as it ends.
fn series() {
    let pair = env("EXTREME_PAIR", "max:alphabeta");
    let (a, b) = pair.split_once(':').expect("EXTREME_PAIR is a:b");
    let movetime = Duration::from_millis(number("EXTREME_MS", 1000));
    let series = Series {
        games: number("EXTREME_GAMES", 40) as usize,
        limit: Some(movetime + Duration::from_millis(number("EXTREME_SLACK_MS", 0))),
        opening_plies: number("EXTREME_OPENING", 2) as usize,
        seed: number("EXTREME_SEED", 2018),
        options: PlayerOptions {
            seed: 0,
            movetime,
            threads: number("EXTREME_THREADS", 1) as usize,
        },
    };
    let engine = ExtremeEngine;
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let tally = play_series(&engine, [a, b], &series, |game, result| {
        let first = if game % 2 == 0 { a } else { b };
        for timed in &result.moves {
            if let Some(took) = timed.took {
                times[(game + timed.side.index()) % 2].push(took);
            }
        }
        println!(
            "game {:>3}: {first} first, {} moves: {}",
            game + 1,
            result.moves.len(),
            result.summary()
        );
    })
    .expect("players");
    for (name, times) in [a, b].iter().zip(&mut times) {
        println!("{name}: {}", clock_figures(times, movetime));
    }
    let t = tally;
    for (p, name) in [a, b].iter().enumerate() {
        println!(
            "{name}: score {:.1}/{} ({:.1} %), wins {} (pattern {}), even {}, losses {} \
             (forfeits {}), contest points {}",
            score(&t, p),
            series.games,
            100.0 * score(&t, p) / series.games as f64,
            wins(&t, p),
            t.line_wins[p],
            t.draws,
            wins(&t, 1 - p),
            t.time_outs[p] + t.invalid_moves[p],
            t.points[p]
        );
    }
}

/// Player `p`'s (0 first, 1 second).
fn wins(t: &Tally, p: usize) -> u64 {
    [t.first_wins, t.second_wins][p]
}

/// Match points: 1 a win (by a line, on points or by forfeit), 0.5 a draw.
fn score(t: &Tally, p: usize) -> f64 {
    wins(t, p) as f64 + t.draws as f64 / 2.0
}

/// Median, longest and over-budget count of `times` against `budget`.
fn clock_figures(times: &mut [Duration], budget: Duration) -> String {
    if times.is_empty() {
        return "no moves".to_string();
    }
    times.sort();
    let over = times.iter().filter(|&&t| t > budget).count();
    let median = times[times.len() / 2];
    format!(
        "{} moves at {budget:?}: median {median:?} ({:.1} % of the budget), longest {:?}, \
         over the budget {over}",
        times.len(),
        100.0 * median.as_secs_f64() / budget.as_secs_f64(),
        times[times.len() - 1]
    )
}

/// The time `max` takes against its budget over EXTREME_MOVES moves of games it plays
/// against itself from random openings.
fn clock() {
    let budget = Duration::from_millis(number("EXTREME_MS", 1000));
    let wanted = number("EXTREME_MOVES", 1000) as usize;
    let options = PlayerOptions {
        seed: 0,
        movetime: budget,
        threads: number("EXTREME_THREADS", 1) as usize,
    };
    let mut player = searcher::max(options);
    let mut times = Vec::new();
    let mut game = 0;
    while times.len() < wanted {
        let mut state = State::START;
        for cell in random_opening(game, 4) {
            state = state.play(cell).unwrap();
        }
        while !state.status().is_over() && times.len() < wanted {
            let started = Instant::now();
            let decision = player.decide(&state).expect("a move");
            times.push(started.elapsed());
            let cell = cell_of(decision.mv.placed()).expect("a cell");
            state = state.play(cell).expect("a legal move");
        }
        game += 1;
    }
    println!("{} ({game} games)", clock_figures(&mut times, budget));
    if times.iter().any(|&t| t > budget) {
        eprintln!("extreme_strength: max went over its budget");
        std::process::exit(1);
    }
}

/// Search speed in positions (nodes) per second: searches of EXTREME_MS (the `max`
/// player's analysis) from 20 positions of seeded random games, on one thread and on
/// EXTREME_THREADS (default: all cores).
fn speed() {
    use tictaclatin::core::root::SearchSettings;
    use tictaclatin::games::extreme::search::analysis::analyze;

    let budget = Duration::from_millis(number("EXTREME_MS", 1000));
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let many = number("EXTREME_THREADS", cores as u64) as usize;
    let positions: Vec<State> = (0..20)
        .map(|seed| {
            random_opening(seed, 10 + 4 * seed as usize)
                .into_iter()
                .fold(State::START, |s, c| s.play(c).unwrap())
        })
        .filter(|s| !s.status().is_over())
        .collect();
    for threads in [1, many] {
        let (mut nodes, mut seconds, mut depth) = (0u64, 0.0, 0u32);
        for state in &positions {
            let started = Instant::now();
            let analysis =
                analyze(state, &SearchSettings::new(Budget::Time(budget), threads)).unwrap();
            seconds += started.elapsed().as_secs_f64();
            nodes += analysis.nodes;
            depth += analysis.depth;
        }
        println!(
            "{threads} thread(s): {:.0} positions per second, mean depth {:.1}, over {} \
             searches of {budget:?}",
            nodes as f64 / seconds,
            depth as f64 / positions.len() as f64,
            positions.len()
        );
    }
}

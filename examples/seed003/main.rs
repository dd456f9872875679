//! Seed 003's experiment: its rule-list player against a random opponent, 50,000 games on
//! 3x3 in each order, as published, as our faithful player plays it, and as the seed's C#
//! program really runs (`csharp.rs`, with .NET Framework's generator in
//! `dotnet_random.rs`). The README's section on classic explains the differences and
//! quotes the figures this prints:
//!
//! ```text
//! cargo run --release --example seed003                 # all three parts, about a minute
//! cargo run --release --example seed003 -- experiment   # the 50,000-game table
//! cargo run --release --example seed003 -- models       # the readings over 500,000 games,
//!                                                       # and 40 runs of a clock-seeded one
//! cargo run --release --example seed003 -- quirks       # the C#'s quirks corrected one by one
//! ```
//!
//! The engine keeps only the published figures (the `tournament` command prints them
//! beside its own); this replica and its measurements are research, kept out of the library.
//! `cargo test --release` runs the unit tests here too (`test = true` in Cargo.toml).

mod csharp;
mod dotnet_random;
mod experiment;

use csharp::Fixes;
use experiment::{Figures, GAMES, Seeding, faithful, published, replay, replay_with};

const PARTS: [(&str, fn()); 3] = [
    ("experiment", experiment_table),
    ("models", models_precisely),
    ("quirks", quirks_one_by_one),
];

fn main() {
    let asked: Vec<String> = std::env::args().skip(1).collect();
    if let Some(unknown) = asked.iter().find(|a| !PARTS.iter().any(|(n, _)| n == a)) {
        let names: Vec<&str> = PARTS.iter().map(|(n, _)| *n).collect();
        eprintln!(
            "seed003: no part '{unknown}': name any of {}",
            names.join(", ")
        );
        std::process::exit(2);
    }
    for (name, part) in PARTS {
        if asked.is_empty() || asked.iter().any(|a| a == name) {
            part();
        }
    }
}

fn first_name(player_first: bool) -> &'static str {
    if player_first { "rule-list" } else { "random" }
}

/// The README's table: each reading over the seed's 50,000 games in each order.
fn experiment_table() {
    let show = |label: &str, f: Figures| {
        let [w, l, d] = f.percents();
        println!(
            "{label:<48} {:>6} / {:>5} / {:>6}   {w:6.3} % / {l:6.3} % / {d:6.3} %",
            f.computer, f.human, f.draws
        );
    };
    for player_first in [false, true] {
        println!(
            "== {} first (computer wins / human wins / draws)",
            first_name(player_first)
        );
        show("published", published(player_first));
        show(
            "faithful rule-list vs random (seed 1)",
            faithful(GAMES, player_first, 1),
        );
        for (label, seeding) in [
            (
                "C# as written, independent generators",
                Seeding::Independent,
            ),
            (
                "C# as written, one TickCount seed per game",
                Seeding::OneSeedPerGame,
            ),
            (
                "C# as written, clock, 10 games per tick",
                Seeding::Clock {
                    start: 4_000_000,
                    games_per_tick: 10,
                },
            ),
            (
                "C# as written, clock, 100 games per tick",
                Seeding::Clock {
                    start: 4_000_000,
                    games_per_tick: 100,
                },
            ),
        ] {
            let r = replay(GAMES, player_first, seeding, 1);
            show(label, r.figures());
            println!(
                "    extra-stone turns {} of {} computer turns; uncounted computer lines {}; distinct seeds {}",
                r.extra_stone_turns, r.computer_turns, r.uncounted_wins, r.distinct_seeds
            );
        }
    }
}

/// Each model over ten times the seed's games, and the spread of 50,000-game runs when
/// the .NET Framework clock seeds whole runs of games alike.
fn models_precisely() {
    let big = 10 * GAMES;
    for player_first in [false, true] {
        println!("== {} first, {big} games", first_name(player_first));
        let [w, l, d] = faithful(big, player_first, 7).percents();
        println!("faithful                    {w:7.3} % / {l:6.3} % / {d:7.3} %");
        for (label, seeding) in [
            ("independent", Seeding::Independent),
            ("one seed per game", Seeding::OneSeedPerGame),
        ] {
            let [w, l, d] = replay(big, player_first, seeding, 7).figures().percents();
            println!("{label:<27} {w:7.3} % / {l:6.3} % / {d:7.3} %");
        }
        for games_per_tick in [1, 10, 50, 200] {
            let runs: Vec<[f64; 3]> = (0..40u64)
                .map(|run| {
                    let start = (run as i32)
                        .wrapping_mul(1_234_567)
                        .wrapping_add(10_000_000);
                    replay(
                        GAMES,
                        player_first,
                        Seeding::Clock {
                            start,
                            games_per_tick,
                        },
                        run,
                    )
                    .figures()
                    .percents()
                })
                .collect();
            let stats = |i: usize| {
                let xs: Vec<f64> = runs.iter().map(|r| r[i]).collect();
                let mean = xs.iter().sum::<f64>() / xs.len() as f64;
                let sd = (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>()
                    / (xs.len() - 1) as f64)
                    .sqrt();
                let (lo, hi) = xs
                    .iter()
                    .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
                format!("{mean:7.3} ± {sd:5.3} [{lo:.3}..{hi:.3}]")
            };
            println!(
                "clock, {games_per_tick:>3} games/tick, 40 runs: W {}  L {}",
                stats(0),
                stats(1)
            );
        }
    }
}

/// What each quirk of the seed's program does: the program with independent generators,
/// corrected one quirk at a time, over ten times the seed's games.
fn quirks_one_by_one() {
    let big = 10 * GAMES;
    let none = Fixes::NONE;
    for player_first in [false, true] {
        println!("== {} first, {big} games", first_name(player_first));
        for (label, fixes) in [
            ("as written", none),
            (
                "one stone in rule 5",
                Fixes {
                    one_stone: true,
                    ..none
                },
            ),
            (
                "first empty cell instead of passing",
                Fixes {
                    fallback: true,
                    ..none
                },
            ),
            (
                "rule-5 lines win",
                Fixes {
                    see_wins: true,
                    ..none
                },
            ),
            ("all three", Fixes::ALL),
        ] {
            let r = replay_with(big, player_first, Seeding::Independent, fixes, 9);
            let [w, l, d] = r.figures().percents();
            println!(
                "{label:<36} {w:7.3} % / {l:6.3} % / {d:7.3} %   passes {}, extra-stone turns {}",
                r.passes, r.extra_stone_turns
            );
        }
        // The same games as the faithful row of `models`.
        let [w, l, d] = faithful(big, player_first, 7).percents();
        println!(
            "{:<36} {w:7.3} % / {l:6.3} % / {d:7.3} %",
            "our rule-list (for comparison)"
        );
    }
}

//! Measurements behind the README's figures. Ignored by default (they take minutes); run
//! one with e.g. `cargo test --release --test classic_measure -- --ignored --nocapture levels`.

use std::time::{Duration, Instant};

use tictaclatin::core::game_loop::{Clock, Rules, play_match};
use tictaclatin::core::{Game, Player, PlayerOptions, Tally};
use tictaclatin::games::classic::game;

fn options(seed: u64, movetime: Duration) -> PlayerOptions {
    PlayerOptions {
        seed,
        movetime,
        threads: 1,
    }
}

/// `a` against `b` over `games` seeded games, half with `a` first; the tally is `a`'s.
fn versus(g: &dyn Game, a: &str, b: &str, games: u64, movetime: Duration) -> Tally {
    let engine = g.engine();
    let mut pa = engine.player(a, options(1, movetime)).unwrap();
    let mut pb = engine.player(b, options(2, movetime)).unwrap();
    let rules = Rules {
        game: g,
        clock: Clock::Off,
    };
    let players: [&mut dyn Player; 2] = [pa.as_mut(), pb.as_mut()];
    play_match(rules, g.start().as_ref(), players, games).unwrap()
}

#[test]
#[ignore]
fn levels_on_solved_boards() {
    for (n, k) in [(3, None), (4, None), (4, Some(3))] {
        let g = game(n, k).unwrap();
        for level in ["easy", "medium", "hard", "perfect"] {
            let t = versus(&g, level, "greedy", 2000, Duration::from_secs(1));
            println!("{} {level:>7} vs greedy: {t}", g.title());
        }
    }
}

#[test]
#[ignore]
fn levels_on_big_boards() {
    for (n, k) in [(5, None), (7, None), (7, Some(5))] {
        let g = game(n, k).unwrap();
        for level in ["easy", "medium", "hard"] {
            for other in ["random", "greedy"] {
                let t = versus(&g, level, other, 200, Duration::from_millis(100));
                println!("{} {level:>7} vs {other}: {t}", g.title());
            }
        }
        for (a, b) in [("medium", "easy"), ("hard", "medium"), ("perfect", "hard")] {
            let t = versus(&g, a, b, 40, Duration::from_millis(100));
            println!("{} {a:>7} vs {b}: {t}", g.title());
        }
    }
}

#[test]
#[ignore]
fn search_strength_on_big_boards() {
    for (n, k) in [(5, None), (7, None), (5, Some(4)), (7, Some(5))] {
        let g = game(n, k).unwrap();
        for other in ["greedy", "rule-list"] {
            let t = versus(&g, "perfect", other, 40, Duration::from_millis(200));
            println!("{} perfect (200 ms) vs {other}: {t}", g.title());
        }
    }
}

#[test]
#[ignore]
fn seven_by_seven_budget() {
    let g = game(7, None).unwrap();
    let engine = g.engine();
    let budget = Duration::from_secs(1);
    let mut worst = Duration::ZERO;
    let mut moves = 0;
    for seed in 0..4 {
        let mut bot = engine.player("perfect", options(seed, budget)).unwrap();
        let mut other = engine
            .player("greedy", options(seed + 100, budget))
            .unwrap();
        let mut position = g.start();
        while !position.status().is_over() {
            let bot_turn = position.stones() % 2 == (seed % 2) as usize;
            let t = Instant::now();
            let d = if bot_turn {
                bot.decide(position.as_ref())
            } else {
                other.decide(position.as_ref())
            };
            if bot_turn {
                worst = worst.max(t.elapsed());
                moves += 1;
            }
            position = position.play(d.unwrap().cell).unwrap();
        }
    }
    println!(
        "7x7, budget {budget:?}: {moves} moves, slowest {worst:?}, overshoot {:?}",
        worst.saturating_sub(budget)
    );
}

#[test]
#[ignore]
fn seed_003_experiment() {
    use tictaclatin::games::classic::seed003::experiment::{
        GAMES, PUBLISHED_OPPONENT_FIRST, PUBLISHED_PLAYER_FIRST, Seeding, faithful, replay,
    };
    let show = |label: &str, f: tictaclatin::games::classic::seed003::experiment::Figures| {
        let [w, l, d] = f.percents();
        println!(
            "{label:<48} {:>6} / {:>5} / {:>6}   {w:6.3} % / {l:6.3} % / {d:6.3} %",
            f.computer, f.human, f.draws
        );
    };
    for (player_first, published) in [
        (false, PUBLISHED_OPPONENT_FIRST),
        (true, PUBLISHED_PLAYER_FIRST),
    ] {
        println!(
            "== {} first (computer wins / human wins / draws)",
            if player_first { "rule-list" } else { "random" }
        );
        show("published", published);
        show(
            "faithful rule-list vs random (seed 1)",
            faithful(GAMES, player_first, 1).unwrap(),
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
#[test]
#[ignore]
fn seed_003_models_precisely() {
    use tictaclatin::games::classic::seed003::experiment::{GAMES, Seeding, faithful, replay};
    let big = 10 * GAMES;
    for player_first in [false, true] {
        println!(
            "== {} first, {big} games",
            if player_first { "rule-list" } else { "random" }
        );
        let f = faithful(big, player_first, 7).unwrap();
        let [w, l, d] = f.percents();
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
#[test]
#[ignore]
fn seed_003_quirks_one_by_one() {
    use tictaclatin::games::classic::seed003::csharp::Fixes;
    use tictaclatin::games::classic::seed003::experiment::{GAMES, Seeding, replay_with};
    let big = 10 * GAMES;
    let none = Fixes::NONE;
    for player_first in [false, true] {
        println!(
            "== {} first, {big} games",
            if player_first { "rule-list" } else { "random" }
        );
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
    }
}

/// How often our rule-list player's rule 5 finds no cell (and it takes the first empty one).
#[test]
#[ignore]
fn rule_list_fallbacks() {
    let g = game(3, None).unwrap();
    let e = g.engine();
    for rule_list_first in [false, true] {
        let mut rl = e
            .player("rule-list", options(1, Duration::from_secs(1)))
            .unwrap();
        let mut rnd = e
            .player("random", options(2, Duration::from_secs(1)))
            .unwrap();
        let (mut games_with, mut moves) = (0, 0);
        for _ in 0..50_000 {
            let mut p = g.start();
            let mut fell_back = false;
            while !p.status().is_over() {
                let rl_turn = p.stones().is_multiple_of(2) == rule_list_first;
                let d = if rl_turn {
                    rl.decide(p.as_ref())
                } else {
                    rnd.decide(p.as_ref())
                }
                .unwrap();
                if d.how.as_deref() == Some("first empty") {
                    fell_back = true;
                    moves += 1;
                }
                p = p.play(d.cell).unwrap();
            }
            games_with += fell_back as u32;
        }
        println!(
            "rule-list first {rule_list_first}: {games_with} of 50000 games, {moves} moves fell back"
        );
    }
}

#[test]
#[ignore]
/// The rows the deeper `medium` and `hard` changed (see `levels_on_big_boards`).
fn searched_levels_on_big_boards() {
    for (n, k) in [(7, Some(5)), (5, None), (7, None)] {
        let g = game(n, k).unwrap();
        let rows: &[(&str, &str, u64)] = if k.is_some() {
            &[("medium", "greedy", 200), ("medium", "easy", 40)]
        } else {
            &[("medium", "random", 200)]
        };
        for &(a, b, games) in rows {
            let t = versus(&g, a, b, games, Duration::from_millis(100));
            println!("{} {a:>7} vs {b}: {t}", g.title());
        }
    }
}

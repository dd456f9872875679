//! Measurements behind the README's figures for classic tic-tac-toe: the levels, the
//! searching bot's strength and clock, the rule-list player's fallbacks. Each part takes
//! minutes; run one by any piece of its name, e.g.
//!
//! ```text
//! cargo run --release --example classic_measure -- levels_on_solved
//! ```
//!
//! Seed 003's experiment has an example of its own (`examples/seed003/`).

use std::time::{Duration, Instant};

use tictaclatin::core::game_loop::{Clock, Rules, play_match};
use tictaclatin::core::{Game, Player, PlayerOptions, Tally};
use tictaclatin::games::classic::Variant;

/// `412 W / 80 D / 8 L (82.4 % / 16.0 % / 1.6 %)`, for the first player.
fn line(t: &Tally) -> String {
    let (w, d, l) = (t.first_wins, t.draws, t.second_wins);
    format!(
        "{w} W / {d} D / {l} L ({:.1} % / {:.1} % / {:.1} %)",
        t.percent(w),
        t.percent(d),
        t.percent(l)
    )
}

/// The parts, by name, with what each measures.
const PARTS: [(&str, &str, fn()); 6] = [
    (
        "levels_on_solved_boards",
        "the levels against greedy on the solved boards, 2,000 games each",
        levels_on_solved_boards,
    ),
    (
        "levels_on_big_boards",
        "the levels on 5x5 and 7x7 against the baselines and each other, 100 ms a move",
        levels_on_big_boards,
    ),
    (
        "searched_levels_on_big_boards",
        "the rows the searching medium and hard changed",
        searched_levels_on_big_boards,
    ),
    (
        "search_strength_on_big_boards",
        "perfect (200 ms a move) against greedy and rule-list, 40 games",
        search_strength_on_big_boards,
    ),
    (
        "seven_by_seven_budget",
        "7x7 perfect's slowest move against a 1 s budget",
        seven_by_seven_budget,
    ),
    (
        "rule_list_fallbacks",
        "how often rule-list's rule 5 finds no cell on 3x3, 50,000 games each way",
        rule_list_fallbacks,
    ),
];

fn main() {
    let asked: Vec<String> = std::env::args().skip(1).collect();
    // A name picks its part; a piece of a name, every part it is a piece of.
    let picks = |name: &str, a: &str| {
        a == "all" || name == a || (!PARTS.iter().any(|p| p.0 == a) && name.contains(a))
    };
    let chosen: Vec<_> = PARTS
        .iter()
        .filter(|(name, ..)| asked.iter().any(|a| picks(name, a)))
        .collect();
    if chosen.is_empty() {
        eprintln!("name the parts to run by any piece of their names, or all:");
        for (name, what, _) in PARTS {
            eprintln!("  {name:<30} {what}");
        }
        std::process::exit(2);
    }
    for (name, _, part) in chosen {
        println!("== {name}");
        part();
    }
}

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

fn levels_on_solved_boards() {
    for (n, k) in [(3, None), (4, None), (4, Some(3))] {
        let g = Variant::new(n, k).unwrap();
        for level in ["easy", "medium", "hard", "perfect"] {
            let t = versus(&g, level, "greedy", 2000, Duration::from_secs(1));
            println!("{} {level:>7} vs greedy: {}", g.title(), line(&t));
        }
    }
}

fn levels_on_big_boards() {
    for (n, k) in [(5, None), (7, None), (7, Some(5))] {
        let g = Variant::new(n, k).unwrap();
        for level in ["easy", "medium", "hard"] {
            for other in ["random", "greedy"] {
                let t = versus(&g, level, other, 200, Duration::from_millis(100));
                println!("{} {level:>7} vs {other}: {}", g.title(), line(&t));
            }
        }
        for (a, b) in [("medium", "easy"), ("hard", "medium"), ("perfect", "hard")] {
            let t = versus(&g, a, b, 40, Duration::from_millis(100));
            println!("{} {a:>7} vs {b}: {}", g.title(), line(&t));
        }
    }
}

fn search_strength_on_big_boards() {
    for (n, k) in [(5, None), (7, None), (5, Some(4)), (7, Some(5))] {
        let g = Variant::new(n, k).unwrap();
        for other in ["greedy", "rule-list"] {
            let t = versus(&g, "perfect", other, 40, Duration::from_millis(200));
            println!("{} perfect (200 ms) vs {other}: {}", g.title(), line(&t));
        }
    }
}

fn seven_by_seven_budget() {
    let g = Variant::new(7, None).unwrap();
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
            position = position.play(d.unwrap().mv).unwrap();
        }
    }
    println!(
        "7x7, budget {budget:?}: {moves} moves, slowest {worst:?}, overshoot {:?}",
        worst.saturating_sub(budget)
    );
}

/// How often our rule-list player's rule 5 finds no cell (and it takes the first empty one).
fn rule_list_fallbacks() {
    let g = Variant::new(3, None).unwrap();
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
                p = p.play(d.mv).unwrap();
            }
            games_with += fell_back as u32;
        }
        println!(
            "rule-list first {rule_list_first}: {games_with} of 50000 games, {moves} moves fell back"
        );
    }
}

/// The rows the deeper `medium` and `hard` changed (see `levels_on_big_boards`).
fn searched_levels_on_big_boards() {
    for (n, k) in [(7, Some(5)), (5, None), (7, None)] {
        let g = Variant::new(n, k).unwrap();
        let rows: &[(&str, &str, u64)] = if k.is_some() {
            &[("medium", "greedy", 200), ("medium", "easy", 40)]
        } else {
            &[("medium", "random", 200)]
        };
        for &(a, b, games) in rows {
            let t = versus(&g, a, b, games, Duration::from_millis(100));
            println!("{} {a:>7} vs {b}: {}", g.title(), line(&t));
        }
    }
}

//! A Monte-Carlo tree search for extreme tic-tac-toe, written to measure the bot against
//! (it is no player of the program's). UCT over the engine's rules re-made on bitboards
//! (`check` plays random games on both and asserts they agree), playouts that take a
//! small-board win and block one, and the tree kept between moves.
//!
//! ```text
//! cargo run --release --example extreme_mcts -- speed [--ms 1000]
//! cargo run --release --example extreme_mcts -- check [--games 2000]
//! cargo run --release --example extreme_mcts -- depth [--depth 7]
//! cargo run --release --example extreme_mcts -- trace MOVES... [--depth 8]
//! cargo run --release --example extreme_mcts -- match [--bot max] [--bot-ms 1000]
//!     [--mcts-ms 1000] [--games 20] [--seed 2018] [--jobs 1] [--slack-ms 100]
//! ```
//!
//! A match alternates the seats (game `i` and `i + 1` start from the same two random
//! moves, the sides swapped), one thread each; a full board is decided by its points.
//! `--jobs 2` plays two games at once, on an otherwise idle machine only.

#[allow(dead_code)]
#[path = "../extreme_strength/clock.rs"]
mod clock;
mod mcts;
mod rules;

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tictaclatin::core::game_loop::End;
use tictaclatin::core::{Player, PlayerOptions, Side};
use tictaclatin::games::extreme::players::state_of;
use tictaclatin::games::extreme::{ExtremeEngine, State};

use mcts::{Mcts, Rng, Threats, playout, policy_move};
use rules::{Fast, IN_PLAY, TABLES};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str, default: &str| -> String {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
            .unwrap_or_else(|| default.to_string())
    };
    let num =
        |name: &str, default: u64| -> u64 { flag(name, &default.to_string()).parse().expect(name) };
    match args.first().map(String::as_str) {
        Some("speed") => speed(num("--ms", 1000)),
        Some("depth") => depth(num("--depth", 7) as u32),
        Some("trace") => trace(&args[1..], num("--depth", 8) as u32),
        Some("check") => {
            check(num("--games", 2000));
            println!("the fast rules agree with the engine's");
        }
        Some("match") => run_match(&Match {
            bot: flag("--bot", "max"),
            bot_ms: num("--bot-ms", 1000),
            mcts_ms: num("--mcts-ms", 1000),
            games: num("--games", 20) as usize,
            seed: num("--seed", 2018),
            jobs: num("--jobs", 1) as usize,
            slack_ms: num("--slack-ms", 100),
        }),
        _ => {
            eprintln!(
                "name a part: speed, depth, trace, check or match (see the example's header)"
            );
            std::process::exit(2);
        }
    }
}

/// Playouts a second from the empty board, then a full search's iterations from it.
fn speed(ms: u64) {
    for safe in [false, true] {
        playouts(ms, safe);
    }
    let start = Fast::from_state(&State::START);
    let mut player = Mcts::new(Duration::from_millis(ms), 1);
    let began = Instant::now();
    player.choose(&start, began + Duration::from_millis(ms));
    let secs = began.elapsed().as_secs_f64();
    println!(
        "search from the empty board: {:.0} iterations a second (tree and playouts), load {}",
        player.playouts as f64 / secs,
        load()
    );
}

fn playouts(ms: u64, safe: bool) {
    let t = &*TABLES;
    let mut rng = Rng::new(1);
    let start = Fast::from_state(&State::START);
    let began = Instant::now();
    let mut n = 0u64;
    let mut x = 0.0;
    while began.elapsed() < Duration::from_millis(ms) {
        for _ in 0..64 {
            x += playout(start, t, &mut rng, safe);
        }
        n += 64;
    }
    let secs = began.elapsed().as_secs_f64();
    println!(
        "playouts from the empty board{}: {:.0} a second ({n} in {secs:.2} s, X scored {:.3})",
        if safe {
            ", safe policy"
        } else {
            ", plain policy"
        },
        n as f64 / secs,
        x / n as f32
    );
}

/// The bot's analysis at a fixed depth from 20 positions of seeded random games: its nodes
/// (the same on every run) and time, to compare the search's efficiency before and after.
fn depth(depth: u32) {
    use tictaclatin::core::Budget;
    use tictaclatin::core::root::SearchSettings;
    use tictaclatin::games::extreme::search::analysis::analyze;
    let (mut nodes, began) = (0u64, Instant::now());
    for seed in 0..20u64 {
        let state = clock::random_opening(seed, 10 + 4 * seed as usize)
            .into_iter()
            .fold(State::START, |s, c| s.play(c).unwrap());
        if let Some(a) = analyze(&state, &SearchSettings::new(Budget::Depth(depth), 1)) {
            nodes += a.nodes;
        }
    }
    println!(
        "depth {depth} from 20 positions: {nodes} nodes in {:.2} s (load {})",
        began.elapsed().as_secs_f64(),
        load()
    );
}

/// After each move of a game: the bot's reply at `depth`, its score (X's guess, signed for X,
/// or what it proves for the side to move) and the board's points.
fn trace(moves: &[String], depth: u32) {
    use tictaclatin::core::root::SearchSettings;
    use tictaclatin::core::{Budget, Hint};
    use tictaclatin::games::extreme::cell::cell_of;
    use tictaclatin::games::extreme::search::analysis::analyze;
    let mut state = State::START;
    let played = moves.iter().take_while(|m| !m.starts_with("--"));
    for (i, m) in played.enumerate() {
        let side = state.to_move();
        state = state
            .play(m.trim_start_matches('+').parse().expect("a cell"))
            .expect("a legal move");
        let Some(a) = analyze(&state, &SearchSettings::new(Budget::Depth(depth), 1)) else {
            break;
        };
        let next = state.to_move();
        let score = match a.figure(a.best) {
            Some(Hint::Guess(s)) if next == Side::First => format!("X {s:+}"),
            Some(Hint::Guess(s)) => format!("X {:+}", -s),
            other => other.map_or(String::new(), |h| format!("{h} for {}", next.letter())),
        };
        let reply = cell_of(a.best.placed()).map_or(String::new(), |c| c.to_string());
        let [x, o] = state.board().points();
        println!(
            "{:>3} {} {m:>6}: reply {reply}, {score}; points X {x} O {o}",
            i + 1,
            side.letter()
        );
    }
}

/// Random games (half of them by the playout policies, the plain one's bookkeeping
/// checked against a fresh count at every move) on the engine's rules and the fast
/// ones side by side: the same moves allowed, the same state after every move, the same
/// result. Panics at the first difference.
fn check(games: u64) {
    let t = &*TABLES;
    let mut rng = Rng::new(7);
    for game in 0..games {
        let mut state = State::START;
        let mut fast = Fast::from_state(&state);
        let mut threats = Threats::new(&fast, t);
        loop {
            assert_eq!(fast, Fast::from_state(&state), "game {game}");
            assert_eq!(fast.moves(), state.moves().0, "game {game}");
            if state.status().is_over() {
                assert_ne!(fast.result, IN_PLAY);
                break;
            }
            assert_eq!(threats, Threats::new(&fast, t), "game {game}");
            let (b, l) = if game % 4 == 2 {
                threats.choose(&fast, &mut rng)
            } else if game % 2 == 0 {
                policy_move(&fast, t, &mut rng, game % 4 == 0)
            } else {
                let cells: Vec<_> = state.moves().cells().collect();
                let c = cells[rng.below(cells.len() as u32) as usize];
                (c.board(), c.local())
            };
            state = state.play(rules::cell(b, l)).expect("a legal move");
            fast.play(t, b, l);
            threats.played(&fast, t, b);
        }
    }
}

struct Match {
    bot: String,
    bot_ms: u64,
    mcts_ms: u64,
    games: usize,
    seed: u64,
    jobs: usize,
    slack_ms: u64,
}

/// One game's figures for the bot: its result (1, 1/2, 0), and the board's points.
struct Played {
    line: String,
    score: f64,
    points: [u32; 2],
    won: bool,
    lost: bool,
}

fn play_one(m: &Match, game: usize) -> Played {
    let bot_first = game.is_multiple_of(2);
    let opening = clock::random_opening(m.seed.wrapping_add((game / 2) as u64), 2);
    let options = PlayerOptions {
        seed: m.seed.wrapping_mul(1_000_003).wrapping_add(game as u64),
        movetime: Duration::from_millis(m.bot_ms),
        threads: 1,
    };
    let mut bot: Box<dyn Player> = match m.bot.as_str() {
        // The yardstick against a variant of itself: "mcts-safe" (playouts that avoid
        // sending the opponent to a board it can win at once), "mcts-c0.4" (exploration),
        // "mcts-nodecisive" (no pruning to the moves that win the game).
        name if name.starts_with("mcts-") => {
            let mut other = Mcts::new(Duration::from_millis(m.bot_ms), options.seed ^ 1);
            other.safe = name == "mcts-safe";
            other.decisive = name != "mcts-nodecisive";
            if let Some(c) = name.strip_prefix("mcts-c") {
                other.c = c.parse().expect("mcts-cNUMBER");
            }
            Box::new(other)
        }
        name => clock::player(&ExtremeEngine, name, options).expect("a player"),
    };
    let mut mcts = Mcts::new(Duration::from_millis(m.mcts_ms), options.seed);
    let limit = Duration::from_millis(m.bot_ms.max(m.mcts_ms) + m.slack_ms);
    let players: [&mut dyn Player; 2] = if bot_first {
        [bot.as_mut(), &mut mcts]
    } else {
        [&mut mcts, bot.as_mut()]
    };
    let result = clock::play_game(players, Some(limit), &opening);
    let bot_side = if bot_first { Side::First } else { Side::Second };
    let last = state_of(&*result.played.last).expect("an extreme position");
    let board = last.board().points();
    let points = [board[bot_side.index()], board[1 - bot_side.index()]];
    let winner = result.played.winner;
    let score = match winner {
        Some(side) if side == bot_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let mut took = [(Duration::ZERO, 0u32); 2];
    for timed in &result.moves {
        if let Some(t) = timed.took {
            let who = usize::from(timed.side != bot_side);
            took[who].0 += t;
            took[who].1 += 1;
        }
    }
    let mean = |(d, n): (Duration, u32)| d.as_millis() / u128::from(n.max(1));
    let how = match result.played.end {
        End::Won => "by pattern",
        End::OnPoints => "on points",
        End::Draw => "even on points",
        End::TimeOut => "by a time out",
        End::InvalidMove => "by an invalid move",
    };
    let verdict = match score {
        1.0 => "bot wins",
        0.0 => "mcts wins",
        _ => "draw",
    };
    let record: Vec<String> = result
        .moves
        .iter()
        .map(|t| format!("{}{}", if t.bonus { "+" } else { "" }, t.cell))
        .collect();
    let line = format!(
        "game {:>2}: bot {}, {} moves: {verdict} {how}; board points bot {} mcts {}; \
         mean ms a move bot {} mcts {}; moves {}",
        game + 1,
        if bot_first { "X" } else { "O" },
        result.moves.len(),
        points[0],
        points[1],
        mean(took[0]),
        mean(took[1]),
        record.join(" "),
    );
    Played {
        line,
        score,
        points,
        won: score == 1.0,
        lost: score == 0.0 && winner.is_some(),
    }
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

fn run_match(m: &Match) {
    check(200);
    println!(
        "{} at {} ms a move vs mcts at {} ms, {} games, seats alternating, one thread each, \
         {} at once; load {}",
        m.bot,
        m.bot_ms,
        m.mcts_ms,
        m.games,
        m.jobs,
        load()
    );
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, Played)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..m.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= m.games {
                        break;
                    }
                    let played = play_one(m, game);
                    println!("{} (load {})", played.line, load());
                    done.lock().unwrap().push((game, played));
                }
            });
        }
    });
    let done = done.into_inner().unwrap();
    let score: f64 = done.iter().map(|(_, p)| p.score).sum();
    let wins = done.iter().filter(|(_, p)| p.won).count();
    let losses = done.iter().filter(|(_, p)| p.lost).count();
    let draws = done.len() - wins - losses;
    let points = done
        .iter()
        .fold([0, 0], |a, (_, p)| [a[0] + p.points[0], a[1] + p.points[1]]);
    println!(
        "{}: score {score:.1}/{} ({:.1} %), W/D/L {wins}/{draws}/{losses}, board points {} to {}",
        m.bot,
        done.len(),
        100.0 * score / done.len().max(1) as f64,
        points[0],
        points[1]
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_is_kept_from_one_move_to_the_next() {
        let t = &*TABLES;
        let mut mcts = Mcts::new(Duration::from_millis(50), 3);
        let mut now = Fast::from_state(&State::START);
        for _ in 0..3 {
            let (b, l) = mcts.choose(&now, Instant::now() + Duration::from_millis(50));
            now.play(t, b, l);
            // The reply the tree thinks best, then the search goes on from there.
            let (b, l) = mcts.choose(&now, Instant::now());
            now.play(t, b, l);
            mcts.choose(&now, Instant::now());
            assert!(mcts.kept > 0);
        }
    }

    #[test]
    fn the_fast_rules_agree_with_the_engine_on_random_games() {
        super::check(300);
    }
}

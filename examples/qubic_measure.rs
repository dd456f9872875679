//! Measurements behind the README's figures for Qubic: the answers to seed 002's questions
//! (the verification, compression, the complete dictionary), O's clock, and the strength
//! table. Each part takes minutes (`complete_dictionary` also 1 GB); run them by name:
//!
//! ```text
//! cargo run --release --example qubic_measure -- verify compression complete_dictionary
//! cargo run --release --example qubic_measure -- strength_table
//! ```
//!
//! The timing of a few subtrees is `cargo bench --bench qubic` (`verify_subset`).

use std::time::{Duration, Instant};

use tictaclatin::core::game_loop::{self, Clock};
use tictaclatin::core::root::SearchSettings;
use tictaclatin::core::{Budget, Difficulty, Player, Side, Status};
use tictaclatin::games::qubic::adapter::patashnik_index;
use tictaclatin::games::qubic::dictionary::verify;
use tictaclatin::games::qubic::dictionary::{self, Canonical, Dictionary};
use tictaclatin::games::qubic::players::{
    Perfect, RandomPlayer, Strong, StrongStyle, greedy, levels,
};
use tictaclatin::games::qubic::{Qubic, QubicBoard, QubicGame};
use tictaclatin_research::dictionary::{compress, export};

/// One game of `x` against `o` from the empty board, by the game loop; the last board.
fn play_game(x: &mut dyn Player, o: &mut dyn Player) -> QubicBoard {
    let rules = game_loop::Rules {
        game: &QubicGame,
        clock: Clock::Off,
    };
    let start = Box::new(QubicBoard::EMPTY);
    let played =
        game_loop::play_game(rules, start, [x, o], &mut |_, _, _| {}).expect("legal moves");
    QubicBoard::of(played.last.as_ref())
}

/// The parts, by name, with what each measures.
const PARTS: [(&str, &str, fn()); 5] = [
    (
        "verify",
        "the full verification, in parallel and not, with X's move times",
        verify_figures,
    ),
    (
        "compression",
        "compressing Patashnik's 2,929 positions, with and without move images",
        compression_figures,
    ),
    (
        "complete_dictionary",
        "the complete dictionary: its lines, compressed, and its own verification",
        complete_dictionary_figures,
    ),
    (
        "clock_overshoot",
        "the searching O's longest overshoot of a 1 s clock",
        overshoot_of_the_one_second_clock,
    ),
    (
        "strength_table",
        "X's score by X player against O player, 1 s a move",
        strength_table,
    ),
];

fn main() {
    let asked: Vec<String> = std::env::args().skip(1).collect();
    let names = PARTS.map(|(name, ..)| name);
    if asked.is_empty()
        || asked
            .iter()
            .any(|a| a != "all" && !names.contains(&a.as_str()))
    {
        eprintln!("name the parts to run, or all:");
        for (name, what, _) in PARTS {
            eprintln!("  {name:<20} {what}");
        }
        std::process::exit(2);
    }
    for (name, _, part) in PARTS {
        if asked.iter().any(|a| a == name || a == "all") {
            println!("== {name}");
            part();
        }
    }
}

fn patashnik() -> Dictionary {
    dictionary::parse(&Qubic, dictionary::PATASHNIK, Canonical::Required).unwrap()
}

fn verify_figures() {
    let d = patashnik();
    for parallel in [true, false] {
        let options = verify::VerifyOptions {
            parallel,
            time_moves: true,
            ..Default::default()
        };
        let report = verify::verify(&Qubic, &d, options).unwrap();
        let t = &report.move_times;
        let total: Duration = t.iter().sum();
        println!(
            "parallel {parallel}: {}; X moves {}: median {:?}, 99% {:?}, 99.9% {:?}, slowest {:?}, all {:?}",
            report.summary(),
            t.len(),
            t[t.len() / 2],
            t[t.len() * 99 / 100],
            t[t.len() * 999 / 1000],
            t[t.len() - 1],
            total
        );
    }
}

fn compression_figures() {
    let positions = export::positions(&patashnik());
    for (move_images, tries) in [(false, 1), (true, 1), (true, 64), (true, 1000)] {
        let t = Instant::now();
        let options = compress::CompressOptions { move_images, tries };
        let lines = compress::compress(&Qubic, &positions, options);
        println!(
            "move images {move_images}, tries {tries}: {} lines ({} plain) in {:?}",
            lines.len(),
            lines.iter().filter(|l| l.wildcards == 0).count(),
            t.elapsed()
        );
    }
}

fn complete_dictionary_figures() {
    let options = verify::VerifyOptions {
        parallel: true,
        ..Default::default()
    };
    let report = verify::verify(&Qubic, &patashnik(), options).unwrap_or_else(|e| panic!("{e}"));
    println!("{}", report.summary());
    println!(
        "by rule (win, block, dictionary, forced win): {:?}",
        report.by_rule
    );
    let complete = export::complete(&report);
    println!("complete: {} plain lines", complete.len());
    let t = Instant::now();
    let lines = compress::compress(
        &Qubic,
        &complete,
        compress::CompressOptions {
            move_images: false,
            tries: 1,
        },
    );
    println!(
        "complete compressed: {} lines ({} plain) in {:?}",
        lines.len(),
        lines.iter().filter(|l| l.wildcards == 0).count(),
        t.elapsed()
    );
    // The complete dictionary needs no rule but "win at once" (tests/qubic_dictionary.rs
    // checks this on a subtree).
    let d = Dictionary {
        entries: complete
            .iter()
            .enumerate()
            .map(|(i, &(board, play))| dictionary::DictionaryEntry {
                line: i + 1,
                board,
                play,
            })
            .collect(),
    };
    let options = verify::VerifyOptions {
        parallel: true,
        rules: verify::VerifyRules::WinThenDictionary,
        ..Default::default()
    };
    let check = verify::verify(&Qubic, &d, options).unwrap_or_else(|e| panic!("{e}"));
    println!(
        "complete, win then dictionary: {}; entries no game reaches: {}",
        check.summary(),
        check.unreached.len()
    );
}

fn overshoot_of_the_one_second_clock() {
    let mut worst = Duration::ZERO;
    let mut r = RandomPlayer::new(5);
    let style = StrongStyle::strongest(Duration::from_secs(1));
    let mut o = Strong::new("strong", style, 1);
    let mut moves = 0;
    // O's moves in games against X players that do not win at once.
    for seed in 0..6u64 {
        let mut board = QubicBoard::EMPTY;
        let mut level = levels::player(Difficulty::Hard, Duration::from_millis(50), seed).unwrap();
        while board.status() == Status::InPlay {
            let d = if board.to_move() == Side::Second {
                let t = Instant::now();
                let d = o.choose(board).unwrap();
                let spent = t.elapsed();
                worst = worst.max(spent.saturating_sub(Duration::from_secs(1)));
                moves += 1;
                d
            } else if seed % 2 == 0 {
                level.choose(board).unwrap()
            } else {
                r.decide(&board).unwrap()
            };
            board = board.with_move(d.mv.index());
        }
    }
    println!("O moves {moves}, worst overshoot {worst:?}");
}

fn strength_table() {
    let names = ["random", "greedy", "easy", "medium", "hard", "perfect"];
    let build = |name: &str, seed: u64| -> Box<dyn Player> {
        match name {
            "random" => Box::new(RandomPlayer::new(seed)),
            "greedy" => Box::new(greedy(seed)),
            "perfect" => {
                let settings = SearchSettings::new(Budget::Time(Duration::from_secs(1)), 1);
                Box::new(Perfect::new("perfect", patashnik_index(), settings))
            }
            level => {
                let level = level.parse().unwrap();
                Box::new(levels::player(level, Duration::from_secs(1), seed).unwrap())
            }
        }
    };
    println!("X's score (win 1, draw 1/2) in % by X (rows) against O (columns), games per cell");
    for x in names {
        let mut row = format!("{x:8}");
        for o in names {
            let slow = |n: &str| n == "hard" || n == "perfect";
            let games: u64 = match (slow(x), slow(o)) {
                (false, false) => 20,
                _ if x == "perfect" => 10,
                (true, true) => 4,
                _ => 8,
            };
            let mut score = 0.0;
            for seed in 0..games {
                let mut px = build(x, seed);
                let mut po = build(o, seed + 1000);
                let end = play_game(px.as_mut(), po.as_mut());
                score += match end.status() {
                    Status::Won(Side::First) => 1.0,
                    Status::Won(Side::Second) => 0.0,
                    _ => 0.5,
                };
            }
            row += &format!(" {:>4.0}%/{games:<2}", 100.0 * score / games as f64);
        }
        println!("{row}");
    }
}

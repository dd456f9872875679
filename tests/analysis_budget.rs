//! The analysis at a fixed budget on the searched boards (classic 5x5 and 7x7, Qubic as O,
//! extreme): the same output on every run and with any number of threads; the bot's move
//! is the analysis's best; every principal variation is a legal line.

mod common;

use std::sync::Arc;

use common::{stderr, stdout, tictaclatin};
use tictaclatin::core::root::SearchSettings;
use tictaclatin::core::{Budget, Engine, Game, Hint, Player, Position, Status};
use tictaclatin::games::{self, GameChoice, GameKind};

/// A game by flags.
fn game(kind: GameKind, size: Option<u8>, in_a_row: Option<u8>) -> Arc<dyn Game> {
    games::build(GameChoice {
        kind,
        size,
        in_a_row,
    })
    .expect("a game")
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `count` positions in play, each a random game of `plies[0]..plies[1]` plies from the
/// start (`keep` filters them, e.g. O to move).
fn positions(
    game: &dyn Game,
    count: usize,
    plies: [usize; 2],
    seed: u64,
    keep: impl Fn(&dyn Position) -> bool,
) -> Vec<Box<dyn Position>> {
    let mut rng = Rng(seed | 1);
    let mut out = Vec::new();
    while out.len() < count {
        let mut position = game.start();
        let length = plies[0] + rng.below(plies[1] - plies[0] + 1);
        for _ in 0..length {
            let moves = position.legal_moves();
            if moves.is_empty() || position.status() != Status::InPlay {
                break;
            }
            let next = position.play(moves[rng.below(moves.len())]).expect("legal");
            if next.status() != Status::InPlay {
                break;
            }
            position = next;
        }
        if position.status() == Status::InPlay && keep(position.as_ref()) {
            out.push(position);
        }
    }
    out
}

/// `line` is a legal line from `position`: each move legal in turn, none after the end.
fn assert_legal_line(position: &dyn Position, line: &[tictaclatin::core::Move]) {
    let mut now = position.clone_box();
    for &cell in line {
        assert_eq!(
            now.status(),
            Status::InPlay,
            "the line goes on after the end"
        );
        now = now.play(cell).expect("every move of the line is legal");
    }
}

/// The analysis names every legal move once, marks one of them, and every line (the
/// mark's and each move's) is legal and starts with its move.
fn check_analysis(position: &dyn Position, engine: &dyn Engine, budget: Budget) -> Option<u16> {
    let analysis = engine.analysis(position, &SearchSettings::new(budget, 1))?;
    let mut legal = position.legal_moves();
    legal.sort();
    let mut named: Vec<_> = analysis.moves.iter().map(|&(c, _)| c).collect();
    named.sort();
    assert_eq!(named, legal, "every legal move has a figure");
    assert!(legal.contains(&analysis.best));
    assert_eq!(
        analysis.pv.first(),
        Some(&analysis.best),
        "the line starts with the mark"
    );
    assert_legal_line(position, &analysis.pv);
    assert_eq!(analysis.lines.len(), analysis.moves.len());
    for (&(mv, _), line) in analysis.moves.iter().zip(&analysis.lines) {
        assert_eq!(line.first(), Some(&mv), "a move's line starts with it");
        assert_legal_line(position, line);
    }
    assert_eq!(analysis.line(analysis.best), analysis.pv.as_slice());
    // The mark has the best figure among the unbounded ones it can be compared with.
    if let Some(Hint::Guess(best)) = analysis.figure(analysis.best) {
        for &(_, figure) in &analysis.moves {
            if let Hint::Guess(s) = figure {
                assert!(s <= best, "{s} beats the mark's {best}");
            }
        }
    }
    Some(analysis.best.index() as u16)
}

/// The bot at `budget` plays the analysis's best on each of `positions`.
fn bot_plays_the_mark(
    positions: &[Box<dyn Position>],
    engine: &dyn Engine,
    budget: Budget,
    mut bot: Box<dyn Player>,
) -> usize {
    let mut analysed = 0;
    for position in positions {
        let Some(mark) = check_analysis(position.as_ref(), engine, budget) else {
            continue;
        };
        let played = bot.decide(position.as_ref()).expect("a move").mv;
        assert_eq!(
            played.index() as u16,
            mark,
            "the bot's move is the analysis's best in {}",
            position.text()
        );
        analysed += 1;
    }
    analysed
}

#[test]
fn the_bot_plays_what_analyze_marks_on_classic_boards() {
    use tictaclatin::games::classic::players::searcher;
    for (size, k, depth, count) in [(7, 5, 2, 500), (5, 4, 3, 500)] {
        let game = game(GameKind::Classic, Some(size), Some(k));
        let engine = game.engine();
        let variant = tictaclatin::games::classic::Variant::new(size, Some(k)).unwrap();
        let positions = positions(game.as_ref(), count, [1, 14], 7 + u64::from(size), |_| true);
        let budget = Budget::Depth(depth);
        let bot = Box::new(searcher::perfect(variant, SearchSettings::new(budget, 1)));
        let analysed = bot_plays_the_mark(&positions, engine.as_ref(), budget, bot);
        assert_eq!(
            analysed, count,
            "classic {size}x{size}: every position analysed"
        );
    }
}

#[test]
fn the_bot_plays_what_analyze_marks_in_extreme() {
    use tictaclatin::games::extreme::{players::state_of, search::analysis::analyze};
    use tictaclatin::games::kit::analyser::Analyser;
    let game = game(GameKind::Extreme, None, None);
    let engine = game.engine();
    let positions = positions(game.as_ref(), 500, [1, 60], 11, |_| true);
    let budget = Budget::Depth(2);
    let bot = Box::new(Analyser::new(
        "max",
        SearchSettings::new(budget, 1),
        Box::new(|position, settings| analyze(&state_of(position)?, settings)),
    ));
    let analysed = bot_plays_the_mark(&positions, engine.as_ref(), budget, bot);
    assert_eq!(analysed, 500);
}

#[test]
fn the_bot_plays_what_analyze_marks_in_qubic_as_o() {
    use tictaclatin::core::Side;
    use tictaclatin::games::qubic::adapter::patashnik_index;
    use tictaclatin::games::qubic::players::Perfect;
    let game = game(GameKind::Qubic, None, None);
    let engine = game.engine();
    let positions = positions(game.as_ref(), 500, [1, 15], 5, |p| {
        p.to_move() == Side::Second
    });
    let budget = Budget::Depth(2);
    let bot = Box::new(Perfect::new(
        "perfect",
        patashnik_index(),
        SearchSettings::new(budget, 1),
    ));
    let analysed = bot_plays_the_mark(&positions, engine.as_ref(), budget, bot);
    assert_eq!(analysed, 500, "O is always analysed");
}

/// A searching bot whose watch was stopped before it began still moves: a legal move from
/// its first iteration, reported to the watch.
fn moves_when_stopped_at_once(game: &dyn Game, position: &dyn Position, mut bot: Box<dyn Player>) {
    let watch = Arc::new(tictaclatin::core::Watch::default());
    watch.stop();
    bot.set_watch(watch.clone());
    let decision = bot.decide(position).expect("a move");
    assert!(
        position.legal_moves().contains(&decision.mv),
        "{}",
        game.title()
    );
    let report = watch.latest().expect("the first iteration is reported");
    assert_eq!(report.depth, 1, "{}", game.title());
    assert_eq!(report.best, Some(decision.mv), "{}", game.title());
}

#[test]
fn a_stopped_bot_still_plays_its_first_iteration_move() {
    use std::time::Duration;
    use tictaclatin::core::PlayerOptions;
    let options = PlayerOptions {
        movetime: Duration::from_secs(30),
        threads: 2,
        ..PlayerOptions::seeded(1)
    };
    let extreme = extreme_start();
    let cases = [
        (
            game(GameKind::Classic, Some(7), Some(5)),
            CLASSIC_7,
            "perfect",
        ),
        (game(GameKind::Qubic, None, None), QUBIC_O, "perfect"),
        (game(GameKind::Extreme, None, None), &extreme, "max"),
    ];
    for (game, text, name) in cases {
        let position = game.parse_position(text).expect("a position");
        let bot = game.engine().player(name, options).expect("a bot");
        moves_when_stopped_at_once(game.as_ref(), position.as_ref(), bot);
    }
}

/// `analyze` (with `--pv`) at `budget` for a searched game: twice on one thread and once
/// on two, the same text every time.
fn same_every_time(flags: &[&str], position: &str, budget: [&str; 2]) -> String {
    let run = |threads: &str| {
        let mut args = vec!["analyze", "--pv", "--threads", threads];
        args.extend_from_slice(flags);
        args.extend_from_slice(&budget);
        args.push(position);
        let out = tictaclatin(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let first = run("1");
    assert!(first.contains("pv: "), "{first}");
    assert_eq!(first, run("1"), "the same on a second run");
    assert_eq!(first, run("2"), "the same on two threads");
    first
}

const CLASSIC_7: &str = "-------/-------/--O-O--/---X---/----X--/-------/-------";
const QUBIC_O: &str =
    "X---/----/----/----//----/-O--/----/----//----/----/-X--/----//----/----/----/----";

fn extreme_start() -> String {
    format!("{} - x", "-".repeat(256))
}

#[test]
fn analyze_at_a_depth_or_nodes_is_the_same_on_every_run() {
    let extreme = extreme_start();
    let cases: [(&[&str], &str); 4] = [
        (
            &["--game", "classic", "--size", "7", "--in-a-row", "5"],
            CLASSIC_7,
        ),
        (
            &["--game", "classic", "--size", "5"],
            "-----/-----/--X--/-----/-----",
        ),
        (&["--game", "qubic"], QUBIC_O),
        (&["--game", "extreme"], &extreme),
    ];
    for (flags, position) in cases {
        let text = same_every_time(flags, position, ["--depth", "3"]);
        assert!(text.contains("Searched 3 plies deep"), "{text}");
        same_every_time(flags, position, ["--nodes", "20000"]);
        // Deep enough for several iterations, each with jobs for both threads.
        same_every_time(flags, position, ["--nodes", "300000"]);
    }
}

#[test]
fn move_and_the_engine_agree_with_analyze_at_a_budget() {
    let flags = ["--game", "classic", "--size", "7", "--in-a-row", "5"];
    let mut args = vec!["analyze"];
    args.extend_from_slice(&flags);
    args.extend_from_slice(&["--depth", "4", CLASSIC_7]);
    let analysed = stdout(&tictaclatin(&args));
    let best = analysed
        .lines()
        .find_map(|l| l.strip_prefix("Best move: "))
        .and_then(|l| l.split_whitespace().next())
        .expect("a best move")
        .to_string();
    let mut args = vec!["move"];
    args.extend_from_slice(&flags);
    args.extend_from_slice(&[CLASSIC_7, "--depth", "4"]);
    let moved = stdout(&tictaclatin(&args));
    assert!(moved.starts_with(&format!("{best} ")), "{moved} vs {best}");
    // Two flags of budget are refused.
    let out = tictaclatin(&[
        "move", "--game", "classic", "--size", "7", "--depth", "2", "--nodes", "9", CLASSIC_7,
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("not both"), "{}", stderr(&out));
}

#[test]
fn the_engine_answers_from_the_analysis_at_a_budget() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let run = |threads: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
            .args([
                "engine",
                "--game",
                "classic",
                "--size",
                "7",
                "--in-a-row",
                "5",
            ])
            .args(["--depth", "3", "--threads", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let mut input = child.stdin.take().expect("stdin");
        writeln!(input, "analyze {CLASSIC_7}\nmove {CLASSIC_7}\nquit").expect("written");
        drop(input);
        let out = child.wait_with_output().expect("the engine ends");
        String::from_utf8(out.stdout).expect("text")
    };
    let replies = run("1");
    assert_eq!(replies, run("2"), "the same on one thread and two");
    let lines: Vec<&str> = replies.lines().collect();
    assert!(lines[0].starts_with("analyze a1=guess:"), "{}", lines[0]);
    assert_eq!(lines[0].split_whitespace().count(), 1 + 49 - 4);
    assert!(lines[1].starts_with("move "), "{}", lines[1]);
}

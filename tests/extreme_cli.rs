//! Extreme tic-tac-toe from the command line, as a script uses it: `engine`, `move`,
//! `analyze` and `tournament` with `--game extreme`, and what each does with bad input.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use tictaclatin::core::{Engine, Game, PlayerOptions, Position, Status};
use tictaclatin::games::extreme::adapter::{Extreme, ExtremeEngine};

use common::{extreme_position, stderr, stdout, tictaclatin};

/// The engine's reply lines to `input`.
fn engine(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .args(["engine", "--game", "extreme", "--bot-time", "100"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    stdout(&out).lines().map(str::to_string).collect()
}

fn empty() -> String {
    format!("{} - x", ".".repeat(256))
}

/// The final position of the first seeded random game that ends as `wanted`.
fn a_finished_game(wanted: fn(&dyn Position) -> bool) -> Box<dyn Position> {
    let engine = ExtremeEngine;
    for seed in 0..500 {
        let mut players = [
            engine
                .player("random", PlayerOptions::seeded(seed))
                .unwrap(),
            engine
                .player("random", PlayerOptions::seeded(seed + 1000))
                .unwrap(),
        ];
        let mut position = Extreme.start();
        while !position.status().is_over() {
            let side = position.to_move().index();
            let cell = players[side].decide(position.as_ref()).unwrap().mv;
            position = position.play(cell).unwrap();
        }
        if wanted(position.as_ref()) {
            return position;
        }
    }
    panic!("no such game in 500 random ones");
}

#[test]
fn the_engine_answers_moves_and_reports_bad_lines_and_goes_on() {
    let empty = empty();
    let short = format!("{} - x", ".".repeat(255));
    let input = format!(
        "{empty}\n{short}\n{} b2 x\n{} - z\nmove {empty}\n",
        ".".repeat(256),
        ".".repeat(256)
    );
    let lines = engine(&input);
    assert_eq!(lines.len(), 5, "{lines:?}");
    // The first move may go anywhere: any cell name B3c1-style.
    let first = lines[0].strip_prefix("move ").expect("a move");
    assert!(Extreme.parse_cell(first).is_ok(), "{first}");
    assert!(lines[1].starts_with("error "), "{}", lines[1]);
    assert!(lines[1].contains("256"), "names the length: {}", lines[1]);
    assert!(lines[2].starts_with("error last move"), "{}", lines[2]);
    assert!(lines[3].starts_with("error "), "{}", lines[3]);
    assert!(lines[4].starts_with("move "), "goes on after errors");
}

#[test]
fn finished_games_are_over_with_the_winner_and_the_points_where_they_decided() {
    let by_pattern = a_finished_game(|p| Extreme.decided_on_points(p).is_none());
    let on_points =
        a_finished_game(|p| p.status() != Status::Draw && Extreme.decided_on_points(p).is_some());
    let lines = engine(&format!("{}\n{}\n", by_pattern.text(), on_points.text()));
    let letter = |p: &dyn Position| match p.status() {
        Status::Won(side) => side.letter().to_ascii_lowercase(),
        other => panic!("not won: {other:?}"),
    };
    assert_eq!(lines[0], format!("over {}", letter(by_pattern.as_ref())));
    // Every small board of the other game is decided, and the side ahead on points won.
    let [x, o] = Extreme.points(&*on_points).unwrap();
    assert!(x + o <= 68);
    assert_eq!(
        lines[1],
        format!("over {} {x} {o}", letter(on_points.as_ref()))
    );
}

/// Small boards won by X, won by O, and drawn (full without a pattern).
const X: &str = "XXXX/OO--/----/----";
const O: &str = "OOOO/XX--/----/----";
const D: &str = "XOXO/XOXO/OXOX/OXOX";

/// Every small board decided and no line of them: X won the four corners, B1 and `b2` (B2
/// counts 3), O the seven other edge boards (28). O's last move C3b1 drew the last open
/// board, C2 was drawn by X's move before it.
fn ended_on_points(b2: &str) -> String {
    let c2 = "OXOX/OXOX/XOXO/XOXO";
    extreme_position(
        [X, X, O, X, O, b2, c2, O, O, D, D, O, X, O, O, X],
        "C3b1",
        'x',
    )
}

/// X wins on points, 31 : 28.
fn x_ahead_31_to_28() -> String {
    ended_on_points(X)
}

/// B2 drawn instead: 28 : 28, a draw.
fn level_at_28() -> String {
    ended_on_points(D)
}

#[test]
fn the_engine_answers_an_end_on_points_with_the_result_and_both_points() {
    let lines = engine(&format!("{}\n{}\n", x_ahead_31_to_28(), level_at_28()));
    assert_eq!(lines, ["over x 31 28", "over draw 28 28"]);
}

#[test]
fn analyze_and_move_say_who_won_on_points_and_a_draw_at_equal_points() {
    for (position, result) in [
        (x_ahead_31_to_28(), "X won on points, 31 : 28"),
        (level_at_28(), "a draw on points, 28 : 28"),
    ] {
        let out = tictaclatin(&["analyze", "--game", "extreme", &position]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let last = text.lines().last().unwrap();
        assert_eq!(last, format!("The game is over: {result}."));
        let out = tictaclatin(&["move", "--game", "extreme", &position]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            stderr(&out).trim_end(),
            format!("tictaclatin: no move to make: the game is over ({result})")
        );
    }
}

#[test]
fn move_plays_a_legal_move_and_prints_the_position_after_it() {
    let out = tictaclatin(&["move", "--game", "extreme", "--bot-time", "100", &empty()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut lines = text.lines();
    let first = lines.next().unwrap();
    let cell = first.split_whitespace().next().unwrap();
    let after = lines.next().unwrap();
    let words: Vec<&str> = after.split_whitespace().collect();
    assert_eq!(words.len(), 3, "{after}");
    assert_eq!(words[0].chars().filter(|&c| c == 'X').count(), 1);
    assert_eq!(words[1], cell, "the last move is the one played");
    assert_eq!(words[2], "o");
}

#[test]
fn bad_positions_on_the_command_line_get_one_line_and_exit_2() {
    for (position, says) in [
        (".".repeat(256), "three words"),
        (format!("{} - x", ".".repeat(200)), "256"),
        (format!("{} Z9 x", ".".repeat(256)), "not a cell"),
        (format!("{} - q", ".".repeat(256)), "q"),
    ] {
        let out = tictaclatin(&["move", "--game", "extreme", &position]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn analyze_names_the_small_boards_and_keeps_columns_apart() {
    let out = tictaclatin(&[
        "analyze",
        "--game",
        "extreme",
        "--bot-time",
        "100",
        &empty(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for board in ["A1", "D1", "A4", "D4"] {
        assert!(text.contains(board), "{board} in {text}");
    }
    // Two small boards a line, so it reads in an 80-column terminal.
    let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest <= 80, "{widest} columns:\n{text}");
    // Guesses look like `?-23`: two in a row never run together.
    for line in text.lines().filter(|l| l.contains('?')) {
        assert!(!has_touching_guesses(line), "{line}");
    }
}

/// `?12?-3`: a guess that starts right where another ends.
fn has_touching_guesses(line: &str) -> bool {
    line.as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_digit() && w[1] == b'?')
}

#[test]
fn a_tournament_reports_the_contest_clock_and_points() {
    let args = [
        "tournament",
        "--game",
        "extreme",
        "--first",
        "greedy",
        "--second",
        "random",
        "--games",
        "20",
        "--seed",
        "7",
    ];
    let out = tictaclatin(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("clock 16.00 s a move"), "{text}");
    assert!(text.contains("points: greedy (first)"), "{text}");
    // Games won on points are among the wins, and said to be.
    assert!(text.contains("greedy (first) wins         20"), "{text}");
    assert!(
        text.contains("  2 of the wins were on points (every small board decided, no line)"),
        "{text}"
    );
    // The same seed, the same games.
    assert_eq!(stdout(&tictaclatin(&args)), text);
}

#[test]
fn a_zero_clock_is_refused() {
    let out = tictaclatin(&[
        "tournament",
        "--game",
        "extreme",
        "--first",
        "random",
        "--second",
        "random",
        "--clock",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn clock_flags_out_of_range_say_which_unit_they_take() {
    // --bot-time is the bot's thinking time in milliseconds; 5 ms is a mistaken 5 s clock.
    let out = tictaclatin(&["move", "--game", "extreme", "--bot-time", "5", &empty()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--clock SECONDS"), "{}", stderr(&out));
    // A negative clock is a bad value, not an unknown flag.
    let out = tictaclatin(&["--game", "extreme", "--clock", "-1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("give seconds from 0.01"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn analyze_marks_the_bots_move_where_no_value_is_exact() {
    let out = tictaclatin(&[
        "analyze",
        "--game",
        "extreme",
        "--bot-time",
        "100",
        &empty(),
    ]);
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("Best move: "))
        .expect("the bot's move is named");
    assert!(line.ends_with("(marked *)."), "{line}");
    assert_eq!(
        text.matches('*').count(),
        2,
        "one mark on the board: {text}"
    );
}

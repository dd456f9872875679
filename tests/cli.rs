//! The headless commands as a script runs them: the real binary, its output and exit status.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

use common::{stderr, stdout, tictaclatin};

/// The engine, running, with its input and output piped to the test.
fn spawn_engine() -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts")
}

/// Feeds `requests` to the engine as one batch (from another thread, so a large batch
/// cannot deadlock on full pipes) and collects everything it answers.
fn engine_batch(requests: Vec<u8>) -> Output {
    let mut child = spawn_engine();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || input.write_all(&requests));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    out
}

#[test]
fn move_prints_the_move_its_value_and_the_position_after() {
    // A position that may begin with '-' is a position, not a flag.
    let out = tictaclatin(&["move", "-X-O/-X--/X-X-/O--O"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // O wins in 3 here; the values themselves are checked in tests/reference.rs, this checks
    // the output's shape and that the position after is the move played.
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let fields: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(fields[1..], ["win", "3"]);
    let before: tictaclatin::games::latin::game::Board = "-X-O/-X--/X-X-/O--O".parse().unwrap();
    let cell: tictaclatin::games::latin::game::Cell = fields[0].parse().unwrap();
    assert_eq!(lines[1], before.play(cell).unwrap().to_string());
}

/// `move --pv` prints the line behind the move, from the move itself: the analysis's on a
/// searched board at a fixed depth, the exact table's on a solved one.
#[test]
fn move_with_pv_prints_the_line_that_starts_with_the_move() {
    let searched = "move --pv --game classic --size 7 --in-a-row 5 --depth 4 \
                    -------/-------/--O-O--/---X---/----X--/-------/-------";
    let solved = "move --pv -X-O/-X--/X-X-/O--O";
    // A flag may come after the position too.
    let solved_flag_after = "move -X-O/-X--/X-X-/O--O --pv";
    for command in [searched, solved, solved_flag_after] {
        let args: Vec<&str> = command.split_whitespace().collect();
        let out = tictaclatin(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        let played = lines[0].split_whitespace().next().unwrap();
        let pv = lines[2].strip_prefix("pv: ").expect("a pv line");
        assert_eq!(pv.split_whitespace().next(), Some(played), "{text}");
        assert!(pv.split_whitespace().count() > 1, "{text}");
    }
}

/// `analyze --pv` prints the best move, then its line, then what the cells show, on a
/// solved board as on a searched one.
#[test]
fn analyze_with_pv_prints_the_line_under_the_best_move_on_every_board() {
    let searched = "analyze --pv --game classic --size 7 --in-a-row 5 --depth 4 \
                    -------/-------/--O-O--/---X---/----X--/-------/-------";
    let solved = "analyze --pv -X-O/-X--/X-X-/O--O";
    let solved_classic = "analyze --pv --game classic --size 4 ----------------";
    for command in [searched, solved, solved_classic] {
        let args: Vec<&str> = command.split_whitespace().collect();
        let out = tictaclatin(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let at = |start: &str| text.lines().position(|line| line.starts_with(start));
        let (best, pv, cells) = (at("Best move: "), at("pv: "), at("Cells show"));
        assert!(best.is_some() && best < pv, "{command}: {text}");
        assert_eq!(pv.map(|pv| pv + 1), cells, "{command}: {text}");
        let line = |at: Option<usize>| text.lines().nth(at.unwrap()).unwrap().to_string();
        let best_move = line(best)["Best move: ".len()..]
            .split(' ')
            .next()
            .unwrap()
            .to_string();
        let first = line(pv)["pv: ".len()..]
            .split(' ')
            .next()
            .unwrap()
            .to_string();
        assert_eq!(best_move, first, "{command}: {text}");
    }
}

#[test]
fn the_position_may_be_split_over_several_arguments() {
    let out = tictaclatin(&["move", "O-----X-", "-XO-O-XX"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("b2 win 1\n"));
}

#[test]
fn analyze_shows_every_empty_cell_and_marks_the_best() {
    let out = tictaclatin(&["analyze", "O-----X--XO-O-XX"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("*W1"), "{text}");
    assert_eq!(text.matches("L2").count(), 8, "{text}");
    assert!(text.contains("Best move: b2"), "{text}");
}

#[test]
fn analyze_of_a_finished_game_says_so() {
    let out = tictaclatin(&["analyze", "XXXO/O---/----/----"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("The game is over: X won 1 : 0."));
}

#[test]
fn bad_input_gets_one_line_on_stderr_and_status_2() {
    for (args, expected) in [
        (
            vec!["move", "-X-Q/-X--/X-X-/O--O"],
            "bad character 'Q' at d1",
        ),
        (vec!["analyze", "XO"], "has 2"),
        (
            vec!["move", "XXX-/----/----/----"],
            "X has 3 stones and O has 0",
        ),
        (vec!["move", "XXXO/O---/----/----"], "the game is over"),
    ] {
        let out = tictaclatin(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(stdout(&out).is_empty());
    }
}

/// Every game refuses a position of the wrong length, and stone counts play cannot give,
/// in the same words.
#[test]
fn every_game_refuses_a_bad_position_in_the_same_words() {
    let extreme = format!("{} - x", "-".repeat(10));
    let lengths = [
        ("latin", "X", "a position has 16 cells, this one has 1"),
        ("classic", "X", "a 3x3 position has 9 cells, this one has 1"),
        ("qubic", "X", "a position has 64 cells, this one has 1"),
        (
            "extreme",
            &extreme,
            "a position has 256 cells, this one has 10",
        ),
    ];
    let turns = ": X moves first, so X must have as many as O or one more";
    let counts = [
        (
            "latin",
            "XX--/----/----/----".to_string(),
            "X has 2 stones and O has 0",
        ),
        (
            "classic",
            "XX-/---/---".into(),
            "X has 2 stones and O has 0",
        ),
        (
            "qubic",
            format!("O{}", "-".repeat(63)),
            "X has 0 stones and O has 1",
        ),
    ];
    let counts = counts
        .iter()
        .map(|(game, text, said)| (*game, text.as_str(), format!("{said}{turns}")));
    let lengths = lengths
        .iter()
        .map(|&(game, text, said)| (game, text, said.to_string()));
    for (game, position, said) in lengths.chain(counts) {
        let out = tictaclatin(&["analyze", "--game", game, position]);
        assert_eq!(out.status.code(), Some(2), "{game}");
        assert_eq!(
            stderr(&out),
            format!("tictaclatin: bad position: {said}\n"),
            "{game}"
        );
    }
}

#[test]
fn solve_reports_the_value_and_the_count() {
    let out = tictaclatin(&["solve"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("Empty board: draw"), "{text}");
    assert!(text.contains("5,284,445"), "{text}");
}

#[test]
fn engine_answers_a_batch_and_exits_at_end_of_input() {
    let out = engine_batch(
        b"O-----X--XO-O-XX\nmove X----O----------\nanalyze O-----X--XO-O-XX\n\
          XXXO/O---/----/----\nOOOX/X-X-/X---/----\nXXOO/OOXX/XXOO/OOXX\nnonsense\n\
          XX--/----/----/----\n"
            .to_vec(),
    );
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    assert_eq!(lines[0], "move b2 win 1");
    assert_eq!(lines[1], "move d4 win 9");
    assert_eq!(
        lines[2],
        "analyze b1=loss:2 c1=loss:2 d1=loss:2 a2=loss:2 b2=win:1 d2=loss:2 a3=loss:2 \
         d3=loss:2 b4=loss:2"
    );
    assert_eq!(lines[3], "over x");
    assert_eq!(lines[4], "over o");
    assert_eq!(lines[5], "over draw");
    assert!(lines[6].starts_with("error "), "{}", lines[6]);
    assert!(
        lines[7].starts_with("error X has 2 stones and O has 0: X moves first"),
        "{}",
        lines[7]
    );
}

#[test]
fn engine_answers_bytes_that_are_not_text_and_goes_on() {
    let out = engine_batch(b"\xff\xfe\nO-----X--XO-O-XX\n".to_vec());
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "error the request is not valid UTF-8 text\nmove b2 win 1\n"
    );
}

/// Interactive use: each reply arrives before the next request is sent.
#[test]
fn engine_replies_to_each_line_before_the_next_arrives() {
    let mut child = spawn_engine();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    for (request, reply) in [
        ("O-----X--XO-O-XX\n", "move b2 win 1\n"),
        ("XXXO/O---/----/----\n", "over x\n"),
        ("bad\n", "error "),
    ] {
        input.write_all(request.as_bytes()).unwrap();
        input.flush().unwrap();
        let mut line = String::new();
        output.read_line(&mut line).unwrap(); // blocks until the engine flushes
        assert!(line.starts_with(reply), "{request} -> {line}");
    }
    input.write_all(b"quit\n").unwrap();
    drop(input);
    assert!(child.wait().unwrap().success());
}

/// Every analyze reply of the engine matches the independent solver's per-cell values.
#[test]
fn engine_analyze_matches_the_reference_file() {
    let data = include_str!("data/positions.tsv");
    let rows: Vec<Vec<&str>> = data
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    let requests: String = rows.iter().map(|r| format!("analyze {}\n", r[0])).collect();
    let out = engine_batch(requests.into_bytes());
    let text = stdout(&out);
    let replies: Vec<&str> = text.lines().collect();
    assert_eq!(replies.len(), rows.len());
    for (row, reply) in rows.iter().zip(replies) {
        let expected = match row[1].strip_prefix("over:") {
            Some(result) => format!("over {result}"),
            None => format!("analyze {}", row[4]),
        };
        assert_eq!(reply, expected, "{}", row[0]);
    }
}

/// `tictaclatin solve | head -c1`: a reader that goes away is no reason to panic.
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .arg("solve")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close our end before the solve (tens of milliseconds) has printed anything.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.is_empty(), "{err}");
}

/// Whether `text` names one of the project's internal documents ("seed 002's example",
/// `SEED_003`) rather than what the thing is.
fn names_a_document(text: &str) -> bool {
    let text = text.to_lowercase();
    ["seed 00", "seed00", "seed_00", "seed's"]
        .iter()
        .any(|name| text.contains(name))
}

/// The subcommands a help page lists under `Commands:` (not `help`).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        // A wrapped description goes on deeper indented.
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// Every help page, every game's level lines, the tournament's credit of published figures
/// and the 4x4 dictionary's export name things by what they are ("a ten-sided-die player",
/// "Arthur O'Dwyer's example"), never by the project's documents ("seed 001's D10").
#[test]
fn nothing_a_user_reads_names_an_internal_document() {
    let mut pages = vec![Vec::<String>::new()];
    let mut read = 0;
    while let Some(path) = pages.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let out = tictaclatin(&args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let help = stdout(&out);
        assert!(!names_a_document(&help), "{args:?}:\n{help}");
        for name in subcommands(&help) {
            pages.push([path.clone(), vec![name]].concat());
        }
        read += 1;
    }
    assert!(read > 15, "the walk read {read} help pages");

    use tictaclatin::core::Difficulty;
    for choice in tictaclatin::games::all_choices() {
        let game = tictaclatin::games::build(choice).unwrap();
        for level in Difficulty::ALL {
            let line = game.level_text(level).unwrap_or_default();
            assert!(!names_a_document(&line), "{}: {line}", game.title());
        }
    }
    let classic = tictaclatin::games::build(tictaclatin::games::GameChoice::of(
        tictaclatin::games::GameKind::Classic,
    ))
    .unwrap();
    let medium = classic.level_text(Difficulty::Medium).unwrap();
    assert!(medium.contains("ten-sided-die player"), "{medium}");

    let out = tictaclatin(&[
        "tournament",
        "--game",
        "classic",
        "--first",
        "random",
        "--second",
        "rule-list",
        "--games",
        "10",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let report = stdout(&out);
    assert!(!names_a_document(&report), "{report}");
    assert!(
        report.contains("published (the C# program of the post \"Don't lose on Tic-Tac-Toe"),
        "{report}"
    );

    // The 4x4 example's export credits its author, not Patashnik's Qubic dictionary.
    let out = tictaclatin(&[
        "book",
        "export",
        "--game",
        "classic",
        "--size",
        "4",
        "--in-a-row",
        "3",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let header: String = stdout(&out)
        .lines()
        .take_while(|l| l.starts_with('#'))
        .collect();
    assert!(header.contains("Arthur O'Dwyer"), "{header}");
    assert!(!header.contains("Patashnik"), "{header}");
}

/// A word that can only be a flag is a flag error naming it, wherever it stands among the
/// position's words, and a position that starts with `-` is still a position.
#[test]
fn an_unknown_flag_is_named_not_read_as_a_position() {
    for (args, flag) in [
        (
            &["move", "--level", "perfect", "----------------"][..],
            "--level",
        ),
        (
            &["move", "----------------", "--level", "perfect"],
            "--level",
        ),
        (&["analyze", "--levl=3", "-X-O/-X--/X-X-/O--O"], "--levl"),
        (&["analyze", "-X-O/-X--/X-X-/O--O", "-q"], "-q"),
    ] {
        let out = tictaclatin(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        let named = format!("unknown flag {flag} for `{}`", args[0]);
        assert!(err.contains(&named), "{args:?}: {err}");
    }
    let err = stderr(&tictaclatin(&[
        "analyze",
        "--depht",
        "3",
        "----------------",
    ]));
    assert!(err.contains("(did you mean --depth?)"), "{err}");
    for position in ["-X-O/-X--/X-X-/O--O", "-x-o/-x--/x-x-/o--o"] {
        let out = tictaclatin(&["move", position]);
        assert!(out.status.success(), "{position}: {}", stderr(&out));
    }
    // `--position` takes words starting with `-` too.
    let out = tictaclatin(&["play", "--position", "--no-save"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--position needs a position, and --no-save is a flag"),
        "{}",
        stderr(&out)
    );
}

/// Scripts written for the old names of the bot's thinking time (`--movetime MS`, and
/// `--move-time MS` for `move` and `analyze`) and a person's clock (`--move-time SECONDS`)
/// still work: the old names are hidden aliases.
#[test]
fn the_old_time_flags_still_work_and_are_not_listed() {
    let new = tictaclatin(&["move", "--bot-time", "100", "----------------"]);
    let old = tictaclatin(&["move", "--movetime", "100", "----------------"]);
    assert!(old.status.success(), "{}", stderr(&old));
    assert_eq!(stdout(&old), stdout(&new));
    // The old spelling is said once, on stderr; the new one says nothing.
    let note = "tictaclatin: note: --movetime is now --bot-time\n";
    assert_eq!((stderr(&old).as_str(), stderr(&new).as_str()), (note, ""));
    let analyzed = tictaclatin(&["analyze", "----------------", "--movetime=100"]);
    assert!(analyzed.status.success(), "{}", stderr(&analyzed));
    assert_eq!(stderr(&analyzed), note);
    // The engine's replies on stdout are the same under either name.
    let replies = ["--bot-time", "--movetime"].map(|flag| {
        let mut engine = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
            .args(["engine", flag, "100"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let mut input = engine.stdin.take().unwrap();
        input.write_all(b"move ----------------\nquit\n").unwrap();
        drop(input);
        engine.wait_with_output().unwrap()
    });
    assert!(replies[0].status.success() && replies[1].status.success());
    assert_eq!(stdout(&replies[1]), stdout(&replies[0]));
    assert!(
        stdout(&replies[0]).starts_with("move "),
        "{}",
        stdout(&replies[0])
    );
    assert_eq!(
        (stderr(&replies[0]).as_str(), stderr(&replies[1]).as_str()),
        ("", note)
    );
    // `move` and `analyze` have no clock: there --move-time is the bot's time, as scripts
    // wrote it.
    let spelt = tictaclatin(&["move", "--move-time", "100", "----------------"]);
    assert_eq!(stdout(&spelt), stdout(&new));
    assert_eq!(
        stderr(&spelt),
        "tictaclatin: note: --move-time is now --bot-time\n"
    );
    let clocked = tictaclatin(&[
        "tournament",
        "--game",
        "extreme",
        "--first",
        "random",
        "--second",
        "random",
        "--games",
        "2",
        "--move-time",
        "1",
    ]);
    assert!(clocked.status.success(), "{}", stderr(&clocked));
    assert_eq!(
        stderr(&clocked),
        "tictaclatin: note: --move-time is now --clock\n"
    );
    let help = stdout(&tictaclatin(&["play", "--help"]));
    assert!(
        help.contains("--bot-time") && !help.contains("--movetime"),
        "{help}"
    );
    assert!(
        help.contains("--clock") && !help.contains("--move-time"),
        "{help}"
    );
}

/// The shipped puzzles, as scripts read them: each position's answer is the move the
/// perfect bot plays there, and a win's length is the one `move` reports.
#[test]
fn exported_puzzles_are_answered_by_the_perfect_bot() {
    let out = tictaclatin(&["puzzle", "--game", "latin", "export"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 500);
    for line in lines.iter().step_by(50) {
        let [position, answer, moves] = line.split(' ').collect::<Vec<_>>()[..] else {
            panic!("{line}");
        };
        let played = stdout(&tictaclatin(&["move", position]));
        let first = played.lines().next().unwrap_or_default();
        // `move` counts plies to the end: the mover's nth move is ply 2n - 1, and a full
        // board scored after the other side's reply ends at ply 2n.
        let said = |plies: u32| match moves {
            "0" => format!("{answer} draw "),
            _ => format!("{answer} win {plies} "),
        };
        let n: u32 = moves.parse().unwrap();
        let shown = |plies| format!("{first} ").starts_with(&said(plies));
        assert!(
            shown(2 * n) || shown((2 * n).saturating_sub(1)),
            "{line}: {first}"
        );
    }
    let zero = tictaclatin(&["puzzle", "play", "--number", "0"]);
    assert_eq!(stderr(&zero), "tictaclatin: --number goes from 1 to 500\n");
    let generated = tictaclatin(&["puzzle", "--game", "classic", "generate", "--count", "3"]);
    assert_eq!(stdout(&generated).lines().count(), 3);
    let six_five = ["--game", "classic", "--size", "6", "--in-a-row", "5"];
    let none = tictaclatin(&[&["puzzle"], &six_five[..], &["export"]].concat());
    assert_eq!(none.status.code(), Some(2));
    let why = stderr(&none);
    assert!(
        why.contains("no puzzles are shipped for Classic 6x6, 5 in a row"),
        "{why}"
    );
    // Extreme's 256 cells too: puzzles won within 3 moves, the side to move's.
    let extreme = tictaclatin(&["puzzle", "--game", "extreme", "generate", "--count", "2"]);
    let found = stdout(&extreme);
    assert_eq!(found.lines().count(), 2, "{found}{}", stderr(&extreme));
    for line in found.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        assert!(["1", "2", "3"].contains(&words[4]), "{line}");
    }
}

//! Choosing the game on the command line: `--game`, `--size`, `--in-a-row` on every command
//! that reads positions or plays, and one clear line with exit status 2 for anything that
//! names no game, a player the game cannot have, or a position of the wrong size.

mod common;

use std::process::Command;

use common::{stderr, stdout, tictaclatin};

/// Refused with exit status 2 and one line on stderr containing `message`.
fn refused(args: &[&str], message: &str) {
    let out = tictaclatin(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: one line, got {err}"
    );
    assert!(err.contains(message), "{args:?}: {err}");
    assert!(stdout(&out).is_empty(), "{args:?}: nothing on stdout");
}

#[test]
fn bad_game_choices_name_what_is_valid() {
    refused(
        &["move", "--game", "chess", "X--/---/---"],
        "unknown game 'chess': the games are latin, classic, qubic, extreme",
    );
    refused(
        &["move", "--game", "classic", "--size", "2", "X---"],
        "size 2 is not in 3..7",
    );
    refused(
        &["solve", "--game", "classic", "--size", "9"],
        "classic tic-tac-toe: size 9 is not in 3..8",
    );
    refused(
        &[
            "move",
            "--game",
            "classic",
            "--size",
            "4",
            "--in-a-row",
            "5",
            "X",
        ],
        "5 in a row: on a 4x4 board the line length must be from 3 to 4",
    );
    refused(
        &["move", "--size", "5", "-X-O/-X--/X-X-/O--O"],
        "Tic-Tac-Latin is played on its one board",
    );
}

#[test]
fn players_a_game_cannot_have_are_refused() {
    refused(
        &[
            "tournament",
            "--game",
            "classic",
            "--size",
            "4",
            "--first",
            "rule-list",
            "--second",
            "random",
            "--games",
            "5",
        ],
        "rule-list needs an odd size, 4 is even",
    );
    refused(
        &[
            "tournament",
            "--game",
            "classic",
            "--size",
            "5",
            "--first",
            "d10",
            "--second",
            "random",
            "--games",
            "5",
        ],
        "d10 plays only on 3x3",
    );
}

#[test]
fn a_position_of_the_wrong_size_is_refused_with_the_size() {
    refused(&["move", "--game", "classic", "X--/---/--"], "bad position");
    refused(
        &["analyze", "--game", "classic", "--size", "5", "X--/---/---"],
        "bad position",
    );
}

#[test]
fn classic_3x3_is_solved_and_drawn() {
    let out = tictaclatin(&["solve", "--game", "classic"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("Empty board: draw"), "{text}");
    assert!(
        text.contains("4,520"),
        "the independent count of positions in play: {text}"
    );
}

#[test]
fn the_game_flags_may_follow_the_position() {
    let before = tictaclatin(&["move", "--game", "classic", "X--/-O-/---"]);
    let after = tictaclatin(&["move", "X--/-O-/---", "--game", "classic"]);
    assert!(before.status.success(), "{}", stderr(&before));
    assert_eq!(stdout(&before), stdout(&after));
}

#[test]
fn the_engine_answers_classic_positions_and_refuses_bad_ones() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .args(["engine", "--game", "classic"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"XX-/OO-/---\nXXX/OO-/---\nX--\nanalyze X--/-O-/---\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    // X completes the top row at once.
    assert_eq!(lines[0], "move c1 win 1");
    assert_eq!(lines[1], "over x");
    assert!(lines[2].starts_with("error "), "{}", lines[2]);
    assert!(lines[3].starts_with("analyze "), "{}", lines[3]);
    // Every empty cell draws with best play after X in the corner and O in the centre,
    // except none: the first player cannot force a win from here either.
    assert_eq!(lines[3].matches("=draw:").count(), 7, "{}", lines[3]);
}

#[test]
fn a_tournament_of_classic_players_runs_and_reports() {
    let out = tictaclatin(&[
        "tournament",
        "--game",
        "classic",
        "--first",
        "perfect",
        "--second",
        "random",
        "--games",
        "200",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("perfect (first) vs random (second): 200 games"),
        "{text}"
    );
    // The perfect player never loses.
    assert!(text.contains("random (second) wins         0"), "{text}");
}

/// A dictionary file in a temporary directory.
fn dictionary_file(text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dictionary.txt");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn seed_002s_small_dictionary_is_exhaustive_by_itself() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/classic/seed002-4x4-three.txt"
    );
    let out = tictaclatin(&[
        "book",
        "verify",
        "--game",
        "classic",
        "--size",
        "4",
        "--in-a-row",
        "3",
        path,
        "--rules",
        "dictionary-only",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("exhaustive: 58 positions, deepest game 5 plies"),
        "{text}"
    );
}

#[test]
fn patashniks_dictionary_compresses_up_to_symmetry() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/qubic/qubic.dictionary");
    let out = tictaclatin(&["book", "compress", "--game", "qubic", path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = stdout(&out).lines().filter(|l| !l.starts_with('#')).count();
    // Seed 002's author reached 951 by reordering the input.
    assert!(lines < 951, "{lines} lines");
    assert!(
        stderr(&out).contains("compressed 2929 positions"),
        "{}",
        stderr(&out)
    );
}

/// Within a small budget the proof is not finished: the answer says so with the numbers at
/// the root, and nothing is written. (The whole proof takes minutes: docs/qubic-proof.md.)
#[test]
fn qubic_s_proof_out_of_budget_says_how_far_it_got() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("proof.dictionary");
    let args = ["solve", "--game", "qubic", "--nodes", "20000"];
    let out = tictaclatin(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("Qubic: not proven: the positions allowed ran out."),
        "{text}"
    );
    assert!(text.contains("at the empty cube, proof number "), "{text}");
    let mut with_out = args.to_vec();
    with_out.extend(["--out", file.to_str().unwrap()]);
    let out = tictaclatin(&with_out);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("nothing written"), "{}", stderr(&out));
    assert!(!file.exists());
    refused(
        &["solve", "--out", file.to_str().unwrap()],
        "--out writes the proofs of Qubic and the classic boards",
    );
}

#[test]
fn a_bad_dictionary_line_is_named() {
    for (body, problem) in [
        ("o2x 5\n", "line 2"), // not canonical: the image with x on cell 0 is smaller
        ("x 5\n", "line 2"),   // X to move needs as many x as o
        ("xxxxoooo 20\n", "line 2"), // X already has a line
    ] {
        let (_dir, path) = dictionary_file(&format!("----\n{body}"));
        let out = tictaclatin(&["book", "verify", "--game", "qubic", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{body}: {}", stderr(&out));
        assert!(stderr(&out).contains(problem), "{body}: {}", stderr(&out));
    }
}

#[test]
fn qubic_positions_and_cells_are_checked() {
    refused(
        &["move", "--game", "qubic", &"-".repeat(63)],
        "bad position",
    );
    let out = tictaclatin(&["move", "--game", "qubic", &"-".repeat(64)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("1a1"),
        "Patashnik's opening: {}",
        stdout(&out)
    );
}

/// A square board may be written as people do.
#[test]
fn a_size_written_4x4_is_size_4() {
    let out = tictaclatin(&["solve", "--game", "classic", "--size", "4x4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Empty board: draw"),
        "{}",
        stdout(&out)
    );
}

/// A negative or wordy `--size` / `--in-a-row` is one line naming the range, wherever the
/// flag stands (before a command it used to read as an unknown flag, with the usage).
#[test]
fn a_negative_size_says_the_range_in_one_line() {
    for (args, message) in [
        (&["--size", "-1"][..], "size -1 is not in 3..7"),
        (&["play", "--size", "-1"], "size -1 is not in 3..7"),
        (
            &["move", "--game", "classic", "--size", "-1", "X"],
            "size -1 is not in 3..7",
        ),
        (
            &["book", "verify", "--size", "-1", "f"],
            "size -1 is not in 3..7",
        ),
        (&["--in-a-row", "-2"], "-2 in a row is not in 3..7"),
        (
            &["solve", "--game", "classic", "--size", "four"],
            "size 'four' is not in 3..7",
        ),
        (
            &["solve", "--game", "classic", "--size", "4x5"],
            "size '4x5' is not in 3..7",
        ),
    ] {
        let out = tictaclatin(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        let first = err.lines().next().unwrap_or_default();
        assert!(first.contains(message), "{args:?}: {err}");
        assert!(!err.contains("Usage"), "{args:?}: {err}");
    }
}

//! End to end, with the real binary in pseudo-terminals: a game started from a position
//! (`--position`) is kept as a record with its start when it ends, `replay` opens that
//! record on the review screen, and a bad record or position is refused before any screen
//! opens (one line, exit status 2).

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::pty::{Session, assert_restored};
use common::{stderr, stdout, tictaclatin};

fn records(home: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(home.join("data/records")) else {
        return Vec::new();
    };
    entries.map(|e| e.unwrap().path()).collect()
}

/// Two people play on from a given position; the finished game is kept once, with its
/// start, and `replay 1` steps through it.
#[test]
fn a_game_from_a_position_is_kept_and_replayed() {
    let home = tempfile::tempdir().unwrap();
    let args = [
        "play",
        "--game",
        "classic",
        "--size",
        "3",
        "--mode",
        "humans",
        "--position",
        "X--/-O-/---",
    ];
    let mut game = Session::start_in(home.path(), &args);
    game.wait_for("From a position");
    game.send("a2c3a3");
    game.wait_for("wins");
    game.wait_until("the record kept", |_| records(home.path()).len() == 1);
    let kept = records(home.path());
    let text = fs::read_to_string(&kept[0]).unwrap();
    assert!(text.contains("[Start \"X--/-O-/---"), "{text}");
    assert!(text.contains("[FirstPlayer \"human\"]"), "{text}");
    assert!(text.contains("1-0"), "{text}");
    game.send("q");
    assert!(game.wait_exit().success());
    assert_restored(&game);

    let mut replay = Session::start_in(home.path(), &["replay", "1"]);
    replay.wait_for("Review:");
    let name = kept[0].file_name().unwrap().to_string_lossy().into_owned();
    replay.wait_for(&name);
    replay.send("\x1b[F"); // End: the last move
    replay.wait_for("a3");
    replay.send("q"); // closes the review
    replay.wait_for("wins");
    replay.send("q");
    assert!(replay.wait_exit().success());
    assert_restored(&replay);
    assert_eq!(records(home.path()).len(), 1, "a replay is not kept again");
}

/// A record with an illegal move is one line naming the file and the line, exit 2.
#[test]
fn a_bad_record_is_refused_before_the_screen_opens() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    fs::write(
        &path,
        "[Record \"1\"]\n[Game \"classic-3\"]\n[Result \"*\"]\n\n1. b2 b2 *\n",
    )
    .unwrap();
    let out = tictaclatin(&["replay", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("bad.txt") && err.contains("line 5"), "{err}");

    let out = tictaclatin(&["replay", "7"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// The record names its game: replay's help leaves out the flags choosing one, and refuses
/// them, rather than showing another game than asked.
#[test]
fn replay_takes_its_game_from_the_record() {
    let out = tictaclatin(&["replay", "--help"]);
    let help = stdout(&out);
    assert!(help.contains("--symbols"), "{help}");
    for flag in ["--game", "--size", "--in-a-row"] {
        assert!(!help.contains(flag), "{flag} in {help}");
    }
    let out = tictaclatin(&["replay", "--size", "5", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("record's own game"),
        "{}",
        stderr(&out)
    );
}

/// A position that does not read, or a game already over, is refused, exit 2.
#[test]
fn a_bad_position_is_refused_before_the_screen_opens() {
    let home = tempfile::tempdir().unwrap();
    for position in ["X--/-O", "XXX/OO-/---"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
            .args(["play", "--game", "classic", "--size", "3"])
            .args(["--position", position])
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("TICTACLATIN_DATA_DIR", home.path().join("data"))
            .env_remove("TICTACLATIN_CONFIG")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{position}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("bad position"), "{err}");
    }
}

/// `--position` before a command that plays nothing is refused rather than ignored.
#[test]
fn a_position_before_another_command_is_refused() {
    let out = tictaclatin(&["--position", "X--/-O-/---", "stats"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--position"), "{}", stderr(&out));
}

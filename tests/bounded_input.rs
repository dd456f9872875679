//! Input of any size or content gets a short, safe answer: errors quote at most about 40
//! characters of what was given, with control bytes escaped, in every game.

// Setting a process limit or a seccomp filter in the child takes libc, unsafe by nature.
#![allow(unsafe_code)]

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::{stderr, stdout, tictaclatin};

/// A terminal title, a bell and a screen clear: what must never reach a terminal raw.
const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J";

/// Longer than any message should quote, shorter than one argument may be (128 KiB).
fn long_word() -> String {
    "Qz".repeat(50_000)
}

/// An error line that quotes the input briefly and escaped.
fn assert_short_and_escaped(what: &str, line: &str) {
    assert!(
        line.len() < 400,
        "{what}: {} bytes: {line:.400}",
        line.len()
    );
    assert!(
        !line.contains(['\u{1b}', '\u{7}']),
        "{what}: a raw control byte in {line:?}"
    );
}

/// Every game's position errors, as `move` reports them.
#[test]
fn position_errors_in_every_game_are_short_and_escaped() {
    let cells = "-".repeat(256);
    let bell_first = format!("\u{7}{}", &cells[1..]);
    let hostile_long = format!("{HOSTILE}{}", long_word());
    let side = format!("x{hostile_long}");
    let last = format!("A1{hostile_long}");
    let cases: [&[&str]; 8] = [
        &["move", "--game", "latin", &hostile_long],
        &["move", "--game", "classic", &hostile_long],
        &["move", "--game", "qubic", &hostile_long],
        &["move", "--game", "extreme", &cells, "-", &side],
        &["move", "--game", "extreme", &cells, &last, "x"],
        &["move", "--game", "extreme", &bell_first, "-", "x"],
        &["move", "--game", &hostile_long, "X"],
        &["move", "--bot-time", &hostile_long, "X"],
    ];
    for args in cases {
        let out = tictaclatin(args);
        let err = stderr(&out);
        let what = format!("{args:.60?}");
        assert_eq!(out.status.code(), Some(2), "{what}: {err:.400}");
        assert_short_and_escaped(&what, &err);
    }
    // Extreme escapes as the other games do.
    let out = tictaclatin(&["move", "--game", "extreme", &cells, "-", "x\u{1b}\u{7}"]);
    assert!(
        stderr(&out).contains(r"'x\u{1b}\u{7}' is not a side to move"),
        "{}",
        stderr(&out)
    );
    let out = tictaclatin(&["move", "--game", "extreme", &bell_first, "-", "x"]);
    assert!(
        stderr(&out).contains(r"'\u{7}' at cell A1a1 is not X, O, - or ."),
        "{}",
        stderr(&out)
    );
}

/// Player names, in every game's tournament.
#[test]
fn unknown_players_are_quoted_briefly() {
    let name = format!("{HOSTILE}{}", long_word());
    for game in ["latin", "classic", "qubic", "extreme"] {
        let args = [
            "tournament",
            "--game",
            game,
            "--first",
            &name,
            "--second",
            "random",
        ];
        let out = tictaclatin(&args);
        assert_eq!(out.status.code(), Some(2), "{game}: {:.400}", stderr(&out));
        assert_short_and_escaped(game, &stderr(&out));
    }
}

/// The engine's error replies, in every game.
#[test]
fn engine_errors_are_short_and_escaped() {
    for game in ["latin", "classic", "qubic", "extreme"] {
        let requests = format!(
            "nonsense{}\nanalyze {HOSTILE}{}\n",
            "z".repeat(50_000),
            long_word()
        );
        let out = engine(game, requests.as_bytes());
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{game}: {text:.800}");
        for line in lines {
            assert!(line.starts_with("error "), "{game}: {line:.400}");
            assert_short_and_escaped(game, line);
        }
    }
}

/// The engine of `game` fed `input` (from another thread, so a large input cannot
/// deadlock on full pipes), with everything it answered.
fn engine(game: &str, input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .args(["engine", "--game", game, "--bot-time", "10"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    out
}

/// A request line far over the engine's 64 KiB cap, streamed without a newline for 100 MiB:
/// one error line, at once, and the next request is answered; the line is never held whole.
#[test]
fn the_engine_refuses_a_huge_line_and_answers_the_next_request() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || -> std::io::Result<()> {
        let block = vec![b'x'; 1 << 20];
        for _ in 0..100 {
            stdin.write_all(&block)?;
        }
        stdin.write_all(b"\nO-----X--XO-O-XX\n")
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().expect("the engine reads everything");
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text:.400}");
    assert!(
        lines[0].starts_with("error the request is longer than 64 KiB"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "move b2 win 1");
    // The largest child this test binary has waited for stayed small: no child here holds
    // anything near the 100 MiB line.
    #[cfg(target_os = "linux")]
    assert!(
        largest_child_kib() < 64 * 1024,
        "{} KiB",
        largest_child_kib()
    );
}

/// The peak resident memory of the largest child waited for, in KiB (Linux counts in KiB).
#[cfg(target_os = "linux")]
fn largest_child_kib() -> i64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given; RUSAGE_CHILDREN is a valid target.
    let usage = unsafe {
        assert_eq!(
            libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr()),
            0
        );
        usage.assume_init()
    };
    usage.ru_maxrss
}

/// `book verify` of an endless device, or of a file far larger than any book, fails at
/// once with a message naming the file, in a few MiB: nothing is read whole first.
#[test]
fn book_files_are_read_within_caps() {
    let dir = tempfile::tempdir().unwrap();
    // A sparse file: 200 MB long without taking the disk space.
    let huge = dir.path().join("huge.txt");
    std::fs::File::create(&huge)
        .and_then(|f| f.set_len(200_000_000))
        .unwrap();
    let huge = huge.to_str().unwrap();
    for (game, file, says) in [
        (
            "latin",
            "/dev/zero",
            "cannot read /dev/zero: line 1 is longer than 64 KiB",
        ),
        (
            "qubic",
            "/dev/zero",
            "cannot read /dev/zero: line 1 is longer than 64 KiB",
        ),
        ("latin", huge, "it is larger than 128 MiB"),
        ("qubic", huge, "it is larger than 128 MiB"),
    ] {
        let out = within(
            std::time::Duration::from_secs(60),
            &["book", "verify", "--game", game, file],
        );
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{game} {file}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(says) && err.contains(file),
            "{game} {file}: {err}"
        );
    }
    #[cfg(target_os = "linux")]
    assert!(
        largest_child_kib() < 64 * 1024,
        "{} KiB",
        largest_child_kib()
    );
}

/// The binary with `args`, killed (and the test failed) if it has not ended by `deadline`:
/// a reader that never stops must fail the test, not hang it.
fn within(deadline: std::time::Duration, args: &[&str]) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(child.wait_with_output()));
    match rx.recv_timeout(deadline) {
        Ok(out) => out.unwrap(),
        Err(_) => {
            #[cfg(unix)]
            // SAFETY: kill with a pid we started and have not reaped (the waiting thread
            // has not returned).
            unsafe {
                libc::kill(pid as libc::pid_t, libc::SIGKILL);
            }
            panic!("{args:?} still running after {deadline:?}");
        }
    }
}

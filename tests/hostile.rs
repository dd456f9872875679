//! The real binary against hostile files and failing outputs: a FIFO, a link to /dev/zero, a
//! file far over its cap, names and comments full of escape sequences, a full disk. Each
//! command must answer at once, in a few lines, with nothing raw reaching the terminal and
//! no panic.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A terminal title, a bell and a screen clear: what must never reach a terminal raw.
const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J";

/// A short game of classic 3x3 as a record, with this comment on its last move.
fn record(comment: &str) -> String {
    format!(
        "[Record \"1\"]\n[Game \"classic-3\"]\n[First \"You\"]\n[Second \"Bot\"]\n\
         [Result \"1-0\"]\n[Termination \"line\"]\n\n\
         1. b2 a1 2. c1 a3 3. a2 c3 4. c2 {{{comment}}} 1-0\n"
    )
}

/// A data directory of its own, with a `records/` folder.
fn data_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("records")).unwrap();
    dir
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success(), "mkfifo {}", path.display());
}

/// The binary with `args` and its data in `data`, standard output sent to `stdout`, under a
/// memory limit (so a reader that never stops fails rather than takes the machine) and
/// killed, failing the test, if it has not ended in 20 s (so one that blocks fails rather
/// than hangs).
fn run_with(data: &Path, args: &[&str], stdout: Stdio) -> Output {
    let child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2097152; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_tictaclatin"))
        .args(args)
        .env("TICTACLATIN_DATA_DIR", data)
        .env("HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .env_remove("TICTACLATIN_CONFIG")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id().to_string();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || tx.send(child.wait_with_output()));
    match rx.recv_timeout(Duration::from_secs(20)) {
        Ok(out) => out.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").args(["-KILL", &pid]).status();
            panic!("{args:?} still running after 20 s");
        }
    }
}

fn run(data: &Path, args: &[&str]) -> Output {
    run_with(data, args, Stdio::piped())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Nothing a terminal would act on, and no panic.
fn assert_clean(what: &str, out: &Output) {
    for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        let shown = text(bytes);
        assert!(
            !shown.contains(['\u{1b}', '\u{7}', '\u{202e}']),
            "{what}: raw control characters on {stream}: {shown:.600?}"
        );
        assert!(!shown.contains("panicked"), "{what}: {shown:.600}");
    }
}

/// Point 1: stats, saved games and the config linked to /dev/zero, or far over their cap,
/// are refused at once by what they are, not read until memory runs out.
#[test]
fn endless_or_huge_files_are_refused_without_being_read() {
    let data = data_dir();
    let d = data.path();
    std::os::unix::fs::symlink("/dev/zero", d.join("stats.toml")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", d.join("saved-game-qubic.toml")).unwrap();
    // A saved game of 100 MB (a sparse file: no disk space taken).
    fs::File::create(d.join("saved-game.toml"))
        .and_then(|f| f.set_len(100_000_000))
        .unwrap();
    let out = run(d, &["stats"]);
    assert_clean("stats", &out);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("stats.toml: it could not be read (it is a device, not a regular file)"),
        "{err}"
    );
    assert!(
        err.contains("it is larger than 256 KiB: not a saved game"),
        "{err}"
    );

    let out = run(d, &["--config", "/dev/zero", "config", "check"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("/dev/zero: cannot read the config file: it is a device, not a regular file"),
        "{err}"
    );
}

/// Point 2: a FIFO where a record, the stats, a saved game or the config should be is
/// refused at once: nothing waits for a writer that never comes.
#[test]
fn a_fifo_never_blocks() {
    let data = data_dir();
    let d = data.path();
    mkfifo(&d.join("records").join("z.txt"));
    mkfifo(&d.join("stats.toml"));
    mkfifo(&d.join("saved-game.toml"));
    let config = d.join("config.toml");
    mkfifo(&config);
    let fifo = "it is a named pipe (FIFO), not a regular file";
    for args in [
        &["games"][..],
        &["annotate", "1"],
        &["replay", "1"],
        &["stats"],
    ] {
        let out = run(d, args);
        let err = text(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.contains(fifo), "{args:?}: {err}");
    }
    let config = config.to_str().unwrap();
    let out = run(d, &["--config", config, "config", "check"]);
    assert!(text(&out.stderr).contains(fifo), "{}", text(&out.stderr));

    // The screen opens, and says what it set aside.
    let home = tempfile::tempdir().unwrap();
    fs::create_dir(home.path().join("data")).unwrap();
    mkfifo(&home.path().join("data/stats.toml"));
    mkfifo(&home.path().join("data/saved-game.toml"));
    let mut game = common::pty::Session::start_sized(40, 200, home.path(), &["--mode", "humans"]);
    game.wait_for("stats.toml could not be read (it is a named pipe (FIFO)");
    game.send("q");
    game.wait_exit();
}

/// Point 3: escape sequences in a record's file name, its comment, a config key, the data
/// directory's path and a --config path all come out escaped.
#[test]
fn escape_sequences_never_reach_the_terminal_raw() {
    let parent = tempfile::tempdir().unwrap();
    let d = parent.path().join(format!("data{HOSTILE}"));
    fs::create_dir_all(d.join("records")).unwrap();
    let named = d
        .join("records")
        .join(format!("20260101-000000{HOSTILE}.txt"));
    fs::write(&named, record("fine")).unwrap();
    let out = run(&d, &["games"]);
    assert_clean("games", &out);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("\\u{1b}]0;pwned"),
        "{}",
        text(&out.stdout)
    );

    let out = run(&d, &["stats"]);
    assert_clean("stats", &out);
    assert!(
        text(&out.stdout).contains("Data: "),
        "{}",
        text(&out.stdout)
    );

    let commented = d.join("records").join("commented.txt");
    fs::write(&commented, record(HOSTILE)).unwrap();
    let out = run(&d, &["annotate", commented.to_str().unwrap()]);
    assert_clean("annotate", &out);
    let err = text(&out.stderr);
    assert!(
        err.contains("a comment cannot hold control characters"),
        "{err}"
    );

    let config = d.join(format!("config{HOSTILE}.toml"));
    fs::write(&config, "\"top\\u001b]0;x\\u0007\" = 1\n").unwrap();
    let config = config.to_str().unwrap();
    let out = run(&d, &["--config", config, "config", "check"]);
    assert_clean("config check", &out);
    assert!(
        text(&out.stderr).contains("unknown key"),
        "{}",
        text(&out.stderr)
    );
    for args in [&["config", "path"][..], &["config", "show"]] {
        let mut all = vec!["--config", config];
        all.extend_from_slice(args);
        assert_clean(&format!("{args:?}"), &run(&d, &all));
    }
}

/// Point 4: every printing command meets a full disk with one line and exit status 1, not a
/// panic.
#[test]
fn a_full_output_ends_the_command_with_one_line() {
    let data = data_dir();
    let d = data.path();
    let kept = d.join("records").join("20260101-000000-classic-3.txt");
    fs::write(&kept, record("fine")).unwrap();
    let kept = kept.to_str().unwrap();
    let commands: [&[&str]; 10] = [
        &["games"],
        &["stats"],
        &["move", "--game", "classic", "x--------"],
        &["analyze", "--game", "classic", "x--------"],
        &["annotate", kept],
        &["config", "path"],
        &["config", "show"],
        &["solve", "--game", "classic", "--size", "3"],
        &["tournament", "--first", "greedy", "--second", "random"],
        &["--help"],
    ];
    for args in commands {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = run_with(d, args, Stdio::from(full));
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(
            err, "tictaclatin: cannot write the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

/// A pipe closed early (`games | head -0`) ends the command quietly, as before.
#[test]
fn a_closed_pipe_stays_quiet() {
    let data = data_dir();
    let d = data.path();
    for n in 0..50 {
        let name = format!("20260101-0000{n:02}-classic-3.txt");
        fs::write(d.join("records").join(name), record("fine")).unwrap();
    }
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = run_with(d, &["games"], Stdio::from(writer));
    assert_eq!(text(&out.stderr), "");
    assert!(!out.status.success());
}

/// Point 12: every signal that would end the game leaves the terminal as it was: the main
/// screen, the cursor shown, the mouse free. (The numbers are Linux's.)
#[cfg(target_os = "linux")]
#[test]
fn every_terminating_signal_restores_the_terminal() {
    use common::pty::{Session, assert_restored};
    let signals = [("USR1", 10), ("USR2", 12), ("ALRM", 14), ("VTALRM", 26)];
    let mut games: Vec<(&str, i32, Session)> = signals
        .iter()
        .map(|&(name, number)| (name, number, Session::start(&["--mode", "humans"])))
        .collect();
    for (name, number, game) in &mut games {
        game.wait_for("Two players");
        game.signal(name);
        let status = game.wait_exit();
        assert_eq!(status.exit_code(), 128 + *number as u32, "SIG{name}");
        assert_restored(game);
    }
}

/// Two people play Tic-Tac-Latin in a fresh home to one move before X wins, in a screen
/// wide enough for a long status line.
fn one_move_from_a_win(home: &Path) -> common::pty::Session {
    let mut game = common::pty::Session::start_sized(40, 200, home, &["--mode", "humans"]);
    game.wait_for("Two players");
    game.send("\r");
    game.wait_for("Player 1's turn");
    // X X X O on row 1: O's d1 completes X's point and X wins.
    for cell in ["a1", "a2", "b1", "b2", "c1"] {
        game.send(cell);
    }
    let saved = home.join("data/saved-game.toml");
    game.wait_until("the fifth move saved", |_| {
        fs::read_to_string(&saved).is_ok_and(|text| text.contains("\"c1\""))
    });
    game
}

/// What the program wrote after leaving the alternate screen: its words at exit.
fn said_at_exit(game: &common::pty::Session) -> String {
    let written = game.written();
    written
        .rsplit("\u{1b}[?1049l")
        .next()
        .unwrap_or("")
        .to_string()
}

/// Point 5: a record of results damaged while a game runs is set aside as at the start,
/// and said so: on the screen when the game ends, and again at exit.
#[test]
fn stats_damaged_during_a_game_are_reported_on_screen_and_at_exit() {
    let home = tempfile::tempdir().unwrap();
    let mut game = one_move_from_a_win(home.path());
    let stats = home.path().join("data/stats.toml");
    fs::write(&stats, "version = [garbage").unwrap();
    game.send("d1");
    game.wait_for("Player 1 (X) wins");
    game.wait_for("stats.toml is damaged");
    game.send("q");
    assert!(game.wait_exit().success());
    let exit = said_at_exit(&game);
    assert!(
        exit.contains("Could not use your record of results"),
        "{exit}"
    );
    assert!(home.path().join("data/stats.toml.bak").exists());
    assert!(fs::read_to_string(&stats).unwrap().contains("wins = 1"));
}

/// Point 7: a game finished while nothing could be written (the data directory gone, a
/// file in its place) is counted once it can be, as the game closes, and its unfinished
/// save no longer offered.
#[test]
fn a_result_that_could_not_be_saved_is_saved_at_exit() {
    let home = tempfile::tempdir().unwrap();
    let mut game = one_move_from_a_win(home.path());
    let (data, away) = (home.path().join("data"), home.path().join("away"));
    fs::rename(&data, &away).unwrap();
    fs::write(&data, "not a directory").unwrap();
    game.send("d1");
    game.wait_for("Player 1 (X) wins");
    game.wait_for("could not save your record of results");
    fs::remove_file(&data).unwrap();
    fs::rename(&away, &data).unwrap();
    game.send("q");
    assert!(game.wait_exit().success());
    let stats = fs::read_to_string(data.join("stats.toml")).unwrap_or_default();
    assert!(stats.contains("wins = 1"), "{stats}");
    assert!(
        !data.join("saved-game.toml").exists(),
        "{}",
        said_at_exit(&game)
    );
}

/// Point 7 still: where the result cannot be saved even at exit, the player is told.
#[test]
fn a_result_that_can_never_be_saved_is_said_at_exit() {
    let home = tempfile::tempdir().unwrap();
    let mut game = one_move_from_a_win(home.path());
    let data = home.path().join("data");
    fs::rename(&data, home.path().join("away")).unwrap();
    fs::write(&data, "not a directory").unwrap();
    game.send("d1");
    game.wait_for("Player 1 (X) wins");
    game.send("q");
    game.wait_exit();
    let exit = said_at_exit(&game);
    assert!(
        exit.contains("A win at Tic-Tac-Latin could not be counted"),
        "{exit}"
    );
}

/// A record of results with `entries` records, each of a game of its own.
fn stats_of(entries: usize) -> String {
    let mut text = String::from("version = 2\n");
    for i in 0..entries {
        text.push_str(&format!(
            "\n[[records]]\ngame = \"g{i}\"\nmode = \"bot\"\ndifficulty = \"hard\"\nwins = 3\n\
             draws = 1\nlosses = 0\nstreak = 4\nbest_streak = 4\n"
        ));
    }
    text
}

/// Point 6: a record of results of 200,000 records is answered at once (refused by its
/// size, far over any real record), and one of 2,000 (near the cap) read whole.
#[test]
fn a_huge_record_of_results_is_answered_at_once() {
    let data = data_dir();
    let d = data.path();
    fs::write(d.join("stats.toml"), stats_of(200_000)).unwrap();
    let out = run(d, &["stats"]);
    let err = text(&out.stderr);
    assert!(
        err.contains("it is larger than 256 KiB: not a record of results"),
        "{err}"
    );
    fs::write(d.join("stats.toml"), stats_of(2_000)).unwrap();
    let out = run(d, &["stats"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = text(&out.stdout)
        .lines()
        .filter(|line| line.starts_with('g') && line.contains(" bot "))
        .count();
    assert_eq!(rows, 2_000);
}

/// Point 8: what a file or the command line gave is quoted cut short: a name of 30,000
/// characters in the config, a player's name of 15 KB in a record.
#[test]
fn long_input_is_quoted_cut_short() {
    let data = data_dir();
    let d = data.path();
    let config = d.join("long.toml");
    fs::write(
        &config,
        format!("[names]\nfirst = \"{}\"\n", "x".repeat(30_000)),
    )
    .unwrap();
    let out = run(
        d,
        &["--config", config.to_str().unwrap(), "config", "check"],
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err:.400}");
    assert!(err.len() < 400, "{} bytes: {err:.400}", err.len());

    let long = format!("Z{}{}", "\u{301}".repeat(3_000), "name".repeat(2_000));
    let named = record("fine").replace("[First \"You\"]", &format!("[First \"{long}\"]"));
    fs::write(d.join("records/20260101-000000-classic-3.txt"), named).unwrap();
    let out = run(d, &["games"]);
    let listed = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(listed.len() < 400, "{} bytes: {listed:.400}", listed.len());
}

/// Point 9: a record whose file name is not UTF-8 is listed by its name with the
/// undecodable bytes replaced, and can be replayed by its number.
#[test]
fn a_record_with_a_name_that_is_not_utf8_is_listed() {
    use std::os::unix::ffi::OsStrExt;
    let data = data_dir();
    let d = data.path();
    let name = std::ffi::OsStr::from_bytes(b"20260101-000000-\xff.txt");
    fs::write(d.join("records").join(name), record("fine")).unwrap();
    let out = run(d, &["games"]);
    let listed = text(&out.stdout);
    assert!(listed.contains("20260101-000000-\u{fffd}.txt"), "{listed}");
    let out = run(d, &["annotate", "1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Point 10: `annotate --in-place` keeps the record's permissions and writes through a
/// link to the record it leads to.
#[test]
fn annotating_in_place_keeps_the_file_and_its_link() {
    use std::os::unix::fs::PermissionsExt;
    let data = data_dir();
    let d = data.path();
    let kept = d.join("kept.txt");
    fs::write(&kept, record("fine")).unwrap();
    fs::set_permissions(&kept, fs::Permissions::from_mode(0o664)).unwrap();
    let link = d.join("link.txt");
    std::os::unix::fs::symlink(&kept, &link).unwrap();
    let out = run(d, &["annotate", "--in-place", link.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    let mode = fs::metadata(&kept).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o664);
    assert!(fs::read_to_string(&kept).unwrap().contains("[Annotator"));
}

/// Point 11: a symbol that is a noncharacter, or a letter that draws as nothing, is
/// refused.
#[test]
fn symbols_that_cannot_be_seen_are_refused() {
    let data = data_dir();
    for symbols in ["\u{10ffff},O", "\u{2800},O", "X,\u{3164}", "X,\u{202e}"] {
        let out = run(data.path(), &["--symbols", symbols, "config", "show"]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{symbols:?}: {err}");
        assert!(err.contains("symbol"), "{err}");
    }
}

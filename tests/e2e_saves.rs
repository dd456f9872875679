//! End to end: nothing a player keeps is lost, with the real binary in pseudo-terminals:
//! a kill -9 after every move, two windows on one game, two windows finishing games at the
//! same moment, a demo beside a saved game.

mod common;

use std::fs;
use std::path::Path;

use common::pty::{COLS, ROWS, Session};

/// The game's settings in `home`'s config file (where the game looks for it), so runs
/// started without flags open this game and offer its unfinished game first.
fn configure(home: &Path, game: &str) {
    let dir = home.join("config/tictaclatin");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("config.toml"), format!("[game]\n{game}\n")).unwrap();
}

fn saved_moves(home: &Path, file: &str) -> Option<Vec<String>> {
    let text = fs::read_to_string(home.join("data").join(file)).ok()?;
    let table: toml::Table = text.parse().unwrap();
    let moves = table["moves"].as_array().unwrap();
    Some(
        moves
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect(),
    )
}

/// The files in the data directory whose names end so.
fn files_ending(home: &Path, suffix: &str) -> Vec<String> {
    fs::read_dir(home.join("data"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(suffix))
        .collect()
}

/// Twenty moves of classic 5x5 in row order, which make no five in a row: a checkerboard
/// of four rows (the diagonals miss their fifth cell in row 5).
fn twenty_moves() -> Vec<String> {
    (1..=4)
        .flat_map(|row| ('a'..='e').map(move |col| format!("{col}{row}")))
        .collect()
}

/// A kill -9 after every move of a 20-move game, and a restart each time: every move is
/// there to resume, none lost. A temporary file left by a killed save is cleared.
#[test]
fn a_kill_after_every_move_loses_no_move() {
    let home = tempfile::tempdir().unwrap();
    configure(
        home.path(),
        "kind = \"classic\"\nsize = 5\nmode = \"humans\"",
    );
    let moves = twenty_moves();
    let stray = home
        .path()
        .join("data/.saved-game-classic-5.toml.Zq81xa.tmp");
    for (played, cell) in moves.iter().enumerate() {
        let mut game = Session::start_in(home.path(), &[]);
        if played == 0 {
            game.wait_for("Two players");
            game.send("\r");
        } else {
            let plural = if played == 1 { "move" } else { "moves" };
            game.wait_for(&format!("▶ Resume the unfinished game ({played} {plural})"));
            game.send("\r");
            game.wait_for(&format!("Resumed your game of {played} {plural}"));
        }
        game.send(cell);
        // The move is on the screen only once it is written down.
        game.wait_until("the move in the list", |s| {
            s.contains(&format!(" {cell}")) && !s.contains(&format!("Typed {cell}"))
        });
        game.wait_until("the move saved", |_| {
            saved_moves(home.path(), "saved-game-classic-5.toml").map(|m| m.len())
                == Some(played + 1)
        });
        game.signal("KILL");
        let status = game.wait_exit();
        assert_eq!(status.signal(), Some("Killed"), "{status:?}");
        if played == 10 {
            // As if a save had been killed between writing and renaming.
            fs::write(&stray, "version = 2\n").unwrap();
        }
    }
    assert_eq!(
        saved_moves(home.path(), "saved-game-classic-5.toml").unwrap(),
        moves,
        "all 20 moves, in order"
    );
    assert!(!stray.exists(), "the stray temporary file was cleared");
    assert_eq!(files_ending(home.path(), ".tmp"), Vec::<String>::new());
}

/// Two windows, one game: the second is told the game is open in the first and plays
/// without saving; whichever quits first, the first window's game is the one kept.
#[test]
fn a_second_window_on_the_same_game_saves_nothing_over_it() {
    let home = tempfile::tempdir().unwrap();
    let mut a = Session::start_in(home.path(), &["--mode", "humans"]);
    a.wait_for("Two players");
    a.send("\r");
    a.wait_for("Player 1's turn");
    a.send("a1");
    a.wait_for("1. a1");
    a.send("b1");
    a.wait_for("1. a1  b1");

    let mut b = Session::start_in(home.path(), &["--mode", "humans"]);
    b.wait_for("Resume the unfinished game (2 moves)");
    // A new game here cannot throw away the other window's game: nothing is asked, and
    // the player is told this game is not saved while that one is kept.
    b.send("\r");
    b.wait_for("Not saved yet: another window's game of this kind is kept.");
    b.send("d4");
    b.wait_for("1. d4");

    a.send("qq");
    assert!(a.wait_exit().success());
    assert_eq!(
        saved_moves(home.path(), "saved-game.toml").unwrap(),
        ["a1", "b1"]
    );
    b.send("q");
    b.wait_for("not saved: another window's game is the one kept");
    b.send("q");
    assert!(b.wait_exit().success());
    let after = b.screen();
    assert!(
        after.contains("was not saved: another window's game of this kind is the one kept"),
        "{after}"
    );
    assert_eq!(
        saved_moves(home.path(), "saved-game.toml").unwrap(),
        ["a1", "b1"],
        "the first window's game, whole"
    );

    // A third window resuming it now owns it again: it reads the file as it stands.
    let mut c = Session::start_in(home.path(), &[]);
    c.wait_for("▶ Resume the unfinished game (2 moves)");
    c.send("\r");
    c.wait_for("Resumed your game of 2 moves");
    c.send("c1");
    c.wait_for("2. c1");
    c.send("\x03");
    assert!(c.wait_exit().success());
    assert_eq!(
        saved_moves(home.path(), "saved-game.toml").unwrap(),
        ["a1", "b1", "c1"]
    );
}

/// Two windows finishing games at the same moment, again and again: every result counts.
/// `SIMULTANEOUS_FINISHES` sets the rounds (the README's figure is from 100).
#[test]
fn two_windows_finishing_at_once_both_count() {
    let rounds: usize = std::env::var("SIMULTANEOUS_FINISHES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let home = tempfile::tempdir().unwrap();
    configure(
        home.path(),
        "kind = \"classic\"\nsize = 3\nmode = \"humans\"",
    );
    let mut windows = [
        Session::start_sized(ROWS, COLS, home.path(), &[]),
        Session::start_sized(ROWS, COLS, home.path(), &[]),
    ];
    for _ in 0..rounds {
        for w in &mut windows {
            w.wait_for("Enter start");
            w.send("\r");
            w.wait_for("Player 1's turn");
            // X takes the top row: a1 a2 b1 b2, then c1 wins.
            for cell in ["a1", "a2", "b1", "b2"] {
                w.send(cell);
            }
            w.wait_for("2. b1  b2");
        }
        // Both winning moves at once.
        for w in &mut windows {
            w.send("c1");
        }
        for w in &mut windows {
            w.wait_for("Player 1 (X) wins");
            w.send("n");
        }
    }
    for w in &mut windows {
        w.wait_for("Enter start");
        w.send("\x03");
        assert!(w.wait_exit().success());
    }
    let stats = fs::read_to_string(home.path().join("data/stats.toml")).unwrap();
    assert!(
        stats.contains(&format!("wins = {}", 2 * rounds)),
        "{} wins expected:\n{stats}",
        2 * rounds
    );
}

/// A demo of a game with an unfinished game neither reads nor writes it, to its end.
#[test]
fn a_demo_leaves_the_saved_game_alone() {
    let home = tempfile::tempdir().unwrap();
    let mut game = Session::start_in(home.path(), &["--game", "qubic", "--mode", "humans"]);
    game.wait_for("Two players");
    game.send("\r");
    game.wait_for("Player 1's turn");
    game.send("1a1");
    game.wait_for("1. 1a1");
    game.send("2b2");
    game.wait_for("1. 1a1  2b2");
    game.send("qq");
    assert!(game.wait_exit().success());
    let before = fs::read(home.path().join("data/saved-game-qubic.toml")).unwrap();

    let args = [
        "--game",
        "qubic",
        "--mode",
        "demo",
        "--difficulty",
        "random",
    ];
    let mut demo = Session::start_in(home.path(), &args);
    demo.wait_for("Resume the unfinished game (2 moves)");
    demo.send("\r");
    demo.wait_until("the demo's end", |s| {
        s.contains(" wins") || s.contains("Draw")
    });
    demo.send("q");
    assert!(demo.wait_exit().success());
    assert_eq!(
        fs::read(home.path().join("data/saved-game-qubic.toml")).unwrap(),
        before
    );
}

/// When the terminal hangs up, stderr goes with it: the game must still exit as a hangup
/// (129), its game saved, not panic on the way out (ratatui's drop and the final notices
/// printed to a dead stderr used to give exit status 101). Here stderr is /dev/full, where
/// every write fails as it does on a hung-up terminal.
#[test]
fn a_hangup_with_nowhere_to_write_exits_cleanly_with_the_game_saved() {
    let home = tempfile::tempdir().unwrap();
    let program = env!("CARGO_BIN_EXE_tictaclatin");
    let script = format!("exec 2>/dev/full; exec '{program}' --mode humans");
    let mut game = Session::spawn(ROWS, COLS, home.path(), "bash", &["-c", &script]);
    game.wait_for("Two players");
    game.send("\r");
    game.wait_for("Player 1's turn");
    game.send("b2");
    game.wait_for("1. b2");
    game.signal("HUP");
    let status = game.wait_exit();
    assert_eq!(status.exit_code(), 129, "128 + SIGHUP: {status:?}");
    assert_eq!(saved_moves(home.path(), "saved-game.toml").unwrap(), ["b2"]);
}

/// A hand-edited `hints` that is neither true nor false does not cost the game: it is
/// offered for resuming, and nothing is moved aside.
#[test]
fn a_saved_game_with_a_bad_hints_value_is_still_offered() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    fs::create_dir_all(&data).unwrap();
    fs::write(
        data.join("saved-game.toml"),
        "version = 2\ngame = \"latin\"\nmode = \"humans\"\ndifficulty = \"hard\"\n\
         hints = \"yes\"\nmoves = [\"b2\"]\n",
    )
    .unwrap();
    let mut game = Session::start_in(home.path(), &[]);
    game.wait_for("▶ Resume the unfinished game (1 move)");
    game.send("q");
    assert!(game.wait_exit().success());
    assert!(data.join("saved-game.toml").exists());
    assert_eq!(files_ending(home.path(), ".bak"), Vec::<String>::new());
}

/// A saved game that cannot be resumed is set aside to `.bak`, and the start screen says
/// why, once: the move that cannot be played.
#[test]
fn a_set_aside_game_says_why_on_the_start_screen() {
    let home = tempfile::tempdir().unwrap();
    configure(home.path(), "kind = \"classic\"\nsize = 5");
    let data = home.path().join("data");
    fs::create_dir_all(&data).unwrap();
    fs::write(
        data.join("saved-game-classic-5.toml"),
        "version = 2\ngame = \"classic-5\"\nmode = \"humans\"\ndifficulty = \"hard\"\n\
         moves = [\"a1\", \"b2\", \"a1\"]\n",
    )
    .unwrap();
    let mut game = Session::start_sized(ROWS, 160, home.path(), &[]);
    // The notice wraps at the start screen's width, after "kept as".
    let screen = game.wait_for(
        "saved-game-classic-5.toml could not be resumed (move 3 (a1) is illegal: a1 is taken); \
         kept as",
    );
    assert!(screen.contains("saved-game-classic-5.toml.bak"), "{screen}");
    game.send("q");
    assert!(game.wait_exit().success());
    assert!(data.join("saved-game-classic-5.toml.bak").exists());
    assert!(!data.join("saved-game-classic-5.toml").exists());
}

/// A game left by a kill -9 is what the next start opens on, even when the settings name
/// another game: classic 5x5, then Qubic (saved last) are left; a start with no flags
/// offers Qubic's first, and classic's is there when classic is chosen.
#[test]
fn the_game_left_last_is_offered_first_after_a_kill() {
    let home = tempfile::tempdir().unwrap();
    for (args, cell, file) in [
        (
            ["--game", "classic", "--size", "5"],
            "c3",
            "saved-game-classic-5.toml",
        ),
        (
            ["--game", "qubic", "--mode", "humans"],
            "1a1",
            "saved-game-qubic.toml",
        ),
    ] {
        let mut game = Session::start_in(home.path(), &args);
        game.wait_for("▶ Mode");
        if args[1] == "classic" {
            // Two people on classic too, so no bot moves before the kill.
            game.send("\x1b[C");
            game.wait_for("[Two players]");
        }
        game.send("\r");
        game.wait_for("Player 1's turn");
        game.send(cell);
        game.wait_until("the move saved", |_| {
            saved_moves(home.path(), file).map(|m| m.len()) == Some(1)
        });
        game.signal("KILL");
        game.wait_exit();
    }
    // Saved a minute apart, whatever the file system's clock resolution.
    let classic = fs::File::options()
        .append(true)
        .open(home.path().join("data/saved-game-classic-5.toml"))
        .unwrap();
    let earlier = std::time::SystemTime::now() - std::time::Duration::from_secs(60);
    classic.set_modified(earlier).unwrap();
    let mut again = Session::start_in(home.path(), &[]);
    let screen = again.wait_for("▶ Resume the unfinished game (1 move)");
    assert!(
        !screen.contains("Classic 5x5"),
        "the game saved last: {screen}"
    );
    again.send("\r");
    again.wait_for("Resumed your game of 1 move");
    again.wait_for("1. 1a1");
    again.send("\x03");
    assert!(again.wait_exit().success());
    assert!(saved_moves(home.path(), "saved-game-classic-5.toml").is_some());
}

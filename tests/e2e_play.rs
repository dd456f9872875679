//! End to end: the real binary in a pseudo-terminal, played by keys like a person would.

mod common;

use common::pty::{COLS, ROWS, Session, assert_restored};

/// The names of all cells, a1 .. d4.
fn cells() -> Vec<String> {
    let mut names = Vec::new();
    for row in '1'..='4' {
        for col in 'a'..='d' {
            names.push(format!("{col}{row}"));
        }
    }
    names
}

#[test]
fn a_full_game_against_the_bot_by_keys_then_quit_restores_the_terminal() {
    let mut game = Session::start(&[]);
    game.wait_for("You vs bot");
    game.send("\r"); // start with the defaults: you first against the perfect bot
    game.wait_for("Your turn");

    // Type cell names in order; a taken cell is refused on screen and we try the next.
    let mut tries = cells().into_iter().cycle().take(64);
    let screen = loop {
        let screen = game.wait_until("my turn or the end", |s| {
            s.contains("Your turn") || s.contains("Game over")
        });
        if screen.contains("Game over") {
            break screen;
        }
        let cell = tries.next().expect("the game ends within 64 tries");
        game.send(&cell);
        game.wait_until("the move's effect", |s| s != screen);
    };
    assert!(
        !screen.contains("You (X) win"),
        "the perfect bot never loses:\n{screen}"
    );
    // Read the result off the screen (waiting, in case the frame is still arriving).
    game.wait_until("the result", |s| {
        s.contains("Bot (O) wins") || s.contains("Draw:")
    });

    game.send("q");
    let status = game.wait_exit();
    assert!(status.success(), "exit status {status:?}");

    assert_restored(&game);
}

#[test]
fn ctrl_c_quits_at_once_mid_game_and_restores_the_terminal() {
    let mut game = Session::start(&["play", "--bot-delay", "0"]);
    game.wait_for("You vs bot");
    game.send("\r");
    game.wait_for("Your turn");
    game.send("b2");
    game.wait_for("1. b2");
    game.send("\x03");
    let status = game.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    assert_restored(&game);
}

/// Ctrl-Z under a shell with job control: the game gives the terminal back and stops, the
/// shell sees it stopped, and `fg` brings it back on the alternate screen where it was.
#[test]
fn ctrl_z_suspends_to_the_shell_and_fg_brings_the_game_back() {
    let home = tempfile::tempdir().unwrap();
    let game = env!("CARGO_BIN_EXE_tictaclatin");
    // `set -m`: the game runs as a job of its own, which Ctrl-Z can stop and `fg` continue.
    let script = format!(
        "set -m; '{game}' --mode humans; echo \"stopped with $?\"; fg; echo \"ended with $?\""
    );
    let mut shell = Session::spawn(ROWS, COLS, home.path(), "bash", &["-c", &script]);
    shell.wait_for("Two players");
    shell.send("\r");
    shell.wait_for("Player 1's turn");
    shell.send("b2");
    shell.wait_for("1. b2");
    shell.send("\x1a");
    // 148 = 128 + SIGTSTP: the shell saw the game stop. `fg` continues it at once, so the
    // shell's line is read from what was written, not from the screen.
    shell.wait_until("the shell to see the game stopped", |_| {
        shell.written().contains("stopped with 148")
    });
    // `fg` continues it at once; its return to the alternate screen may come a moment
    // after the shell's line.
    shell.wait_until("the game to come back on the alternate screen", |_| {
        shell
            .written()
            .split_once("stopped with 148")
            .is_some_and(|(_, after)| after.contains("\x1b[?1049h"))
    });
    let written = shell.written();
    let (before, after) = written.split_once("stopped with 148").unwrap();
    let left = before
        .rfind("\x1b[?1049l")
        .expect("the game left the alternate screen");
    assert!(
        !before[left..].contains("\x1b[?1049h"),
        "and stayed off it while stopped"
    );
    assert!(before[left..].contains("\x1b[?25h"), "the cursor was shown");
    assert!(
        after.contains("\x1b[?1049h"),
        "back on the alternate screen"
    );
    // `fg` ran at once: the game is back as it was, and still takes keys.
    shell.wait_for("1. b2");
    assert!(
        shell
            .output
            .lock()
            .unwrap()
            .parser
            .screen()
            .alternate_screen()
    );
    shell.send("c3");
    shell.wait_for("1. b2  c3");
    shell.send("\x03");
    shell.wait_for("ended with 0");
    assert!(shell.wait_exit().success());
    assert_restored(&shell);
}

#[test]
fn a_tiny_terminal_asks_to_be_enlarged_and_resumes_when_it_is() {
    let home = tempfile::tempdir().unwrap();
    let mut game = Session::start_sized(10, 40, home.path(), &[]);
    game.wait_for("at least");
    // Enlarged, the game appears.
    game.resize(ROWS, COLS);
    game.wait_for("You vs bot");
    game.send("\x03");
    assert!(game.wait_exit().success());
}

#[test]
fn a_mouse_click_places_on_the_cell_under_it() {
    use tictaclatin::core::Game;
    use tictaclatin::games::latin::adapter::Latin;
    use tictaclatin::tui::geometry;
    let mut game = Session::start(&[]);
    game.wait_for("You vs bot");
    game.send("\r");
    game.wait_for("Your turn");
    let area = ratatui::layout::Rect::new(0, 0, COLS, ROWS);
    let board = geometry::areas(Latin.layout(), area).unwrap().board;
    let c4 = board.cell_rect(Latin.place(Latin.parse_cell("c4").unwrap()));
    // An SGR mouse report (the protocol mouse capture turns on), 1-based: press, release.
    let (x, y) = (c4.x + 3 + 1, c4.y + 1 + 1);
    game.send(&format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m"));
    game.wait_for("1. c4");
    game.send("\x03");
    assert!(game.wait_exit().success());
}

/// Starts a game against the bot and plays b2; returns once the bot has replied.
fn play_two_moves(game: &mut Session) {
    game.wait_for("You vs bot");
    game.send("\r");
    game.wait_for("Your turn");
    game.send("b2");
    game.wait_until("the bot's reply", |s| {
        s.contains("1. b2") && s.contains("Your turn")
    });
}

#[test]
fn quitting_mid_game_then_starting_again_offers_to_resume_it() {
    let home = tempfile::tempdir().unwrap();
    let mut game = Session::start_in(home.path(), &[]);
    play_two_moves(&mut game);
    game.send("q");
    game.wait_for("again to quit (the game is kept)");
    game.send("q");
    assert!(game.wait_exit().success());
    assert!(home.path().join("data/saved-game.toml").exists());

    let mut again = Session::start_in(home.path(), &[]);
    again.wait_for("Resume the unfinished game (2 moves)");
    again.send("\r");
    let screen = again.wait_for("Resumed your game of 2 moves");
    assert!(screen.contains("1. b2"), "{screen}");
    again.send("\x03");
    assert!(again.wait_exit().success());
}

/// A mode named on the command line is what the player came for: it is highlighted, and
/// Enter starts it, while the unfinished game is still offered above it.
#[test]
fn a_mode_on_the_command_line_wins_over_the_resume_offer() {
    let home = tempfile::tempdir().unwrap();
    let mut game = Session::start_in(home.path(), &[]);
    play_two_moves(&mut game);
    game.send("\x03");
    assert!(game.wait_exit().success());

    let mut again = Session::start_in(home.path(), &["--mode", "humans"]);
    let screen = again.wait_for("Resume the unfinished game (2 moves)");
    assert!(screen.contains("▶ Mode"), "{screen}");
    assert!(!screen.contains("▶ Resume"), "{screen}");
    // Enter there asks before throwing the unfinished game away; n keeps it.
    again.send("\r");
    again.wait_for("Discard the unfinished game (2 moves) for a new one? y/n");
    again.send("n");
    again.wait_for("Kept the unfinished game.");
    assert!(home.path().join("data/saved-game.toml").exists());
    again.send("\r");
    again.wait_for("Discard the unfinished game (2 moves) for a new one? y/n");
    again.send("y");
    again.wait_for("Player 1's turn");
    assert!(!home.path().join("data/saved-game.toml").exists());
    again.send("\x03");
    assert!(again.wait_exit().success());
}

#[test]
fn sigterm_saves_the_game_and_restores_the_terminal() {
    let home = tempfile::tempdir().unwrap();
    let mut game = Session::start_in(home.path(), &["--difficulty", "hard"]);
    play_two_moves(&mut game);
    game.signal("TERM");
    let status = game.wait_exit();
    assert_eq!(status.exit_code(), 143, "128 + SIGTERM");
    assert_restored(&game);
    let saved = std::fs::read_to_string(home.path().join("data/saved-game.toml")).unwrap();
    assert!(saved.contains("\"b2\""), "{saved}");
    assert!(saved.contains("difficulty = \"hard\""), "{saved}");
}

#[test]
fn a_finished_game_is_recorded_and_shown_on_the_next_start() {
    let home = tempfile::tempdir().unwrap();
    let mut game = Session::start_in(home.path(), &["--mode", "humans"]);
    game.wait_for("Two players");
    game.send("\r");
    game.wait_for("Player 1's turn");
    // X X X O on row 1: O's d1 completes X's point and X wins.
    for cell in ["a1", "a2", "b1", "b2", "c1", "d1"] {
        game.send(cell);
    }
    game.wait_for("Player 1 (X) wins");
    game.send("q");
    assert!(game.wait_exit().success());
    assert!(!home.path().join("data/saved-game.toml").exists());

    let mut again = Session::start_in(home.path(), &["--mode", "humans"]);
    again.wait_for("Player 1's record: 1 won, 0 drawn, 0 lost");
    again.send("q");
    assert!(again.wait_exit().success());
}

#[test]
fn custom_symbols_from_the_config_file_reach_the_screen() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("symbols.toml");
    std::fs::write(&config, "[symbols]\nfirst = \"🦀\"\nsecond = \"🐙\"\n").unwrap();
    let mut game = Session::start_in(home.path(), &["--config", config.to_str().unwrap()]);
    game.wait_for("🦀 moves first, 🐙 second");
    game.send("\r");
    game.wait_for("Your turn (🦀)");
    game.send("\x03");
    assert!(game.wait_exit().success());
}

#[test]
fn a_broken_config_is_reported_and_never_opens_the_screen() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("broken.toml");
    std::fs::write(&config, "[colors]\nfirst = \"blurple\"\n").unwrap();
    let mut game = Session::start_in(home.path(), &["--config", config.to_str().unwrap()]);
    let status = game.wait_exit();
    assert_eq!(status.exit_code(), 2);
    let text = game.wait_for("blurple");
    assert!(
        text.contains("broken.toml:2:"),
        "file, line and column:\n{text}"
    );
    assert!(text.contains("colors.first"), "the key:\n{text}");
    assert!(text.contains("fix:"), "how to fix it:\n{text}");
    let out = game.output.lock().unwrap();
    let raw = String::from_utf8_lossy(&out.bytes);
    assert!(
        !raw.contains("\x1b[?1049h"),
        "the alternate screen was never entered"
    );
    assert!(
        !raw.contains("\x1b[?1000h"),
        "mouse capture was never turned on"
    );
}

#[test]
fn no_save_writes_nothing_even_when_quitting_mid_game() {
    let home = tempfile::tempdir().unwrap();
    let mut game = Session::start_in(home.path(), &["play", "--no-save"]);
    play_two_moves(&mut game);
    game.send("\x03");
    assert!(game.wait_exit().success());
    let data = home.path().join("data");
    assert!(!data.exists(), "nothing was written in {}", data.display());
}

/// A damaged record at the smallest size: the start screen tells it in one whole line, and
/// the full account (which file, what was wrong) is printed once the screen has closed.
#[test]
fn a_damaged_record_is_told_whole_at_70x22_and_in_full_after_quitting() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("stats.toml"), "version = [99\n").unwrap();
    let mut game = Session::start_sized(22, 70, home.path(), &[]);
    game.wait_for("stats.toml is damaged (line 1: unclosed array, expected `]`); kept as");
    game.send("q");
    assert!(game.wait_exit().success());
    let after = game.screen();
    assert!(
        after.contains("tictaclatin: ") && after.contains("data/stats.toml"),
        "the full notice after the screen closed:\n{after}"
    );
    assert!(data.join("stats.toml.bak").exists());
}

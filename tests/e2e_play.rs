//! End to end: the real binary in a pseudo-terminal, played by keys like a person would.
//!
//! The screen is read by parsing the program's output with `vt100`; every wait polls the
//! screen against a deadline instead of sleeping for a fixed time.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

const ROWS: u16 = 30;
const COLS: u16 = 100;
const DEADLINE: Duration = Duration::from_secs(20);

/// What the program wrote: the raw bytes and the screen they draw.
struct Output {
    bytes: Vec<u8>,
    /// The reader has seen the end of the game's output.
    closed: bool,
    parser: vt100::Parser,
}

struct Session {
    output: Arc<Mutex<Output>>,
    writer: Box<dyn Write + Send>,
    /// The terminal's side the tests hold: kept open while the game runs, and resizable.
    master: Box<dyn MasterPty + Send>,
    child: Box<dyn Child + Send + Sync>,
    /// HOME and the data directory, so no test reads or writes the real ones.
    _home: Option<tempfile::TempDir>,
}

/// Points the program's home, config and data directories into `home`.
fn isolate(cmd: &mut CommandBuilder, home: &Path) {
    cmd.env("HOME", home);
    cmd.env("XDG_CONFIG_HOME", home.join("config"));
    cmd.env("XDG_DATA_HOME", home.join("data"));
    cmd.env("TICTACLATIN_DATA_DIR", home.join("data"));
    for var in [
        "TICTACLATIN_CONFIG",
        "NO_COLOR",
        "TICTACLATIN_MODE",
        "TICTACLATIN_SYMBOLS",
    ] {
        cmd.env_remove(var);
    }
    cmd.env_remove("TICTACLATIN_DIFFICULTY");
}

impl Session {
    /// The game in a fresh home of its own.
    fn start(args: &[&str]) -> Session {
        let home = tempfile::tempdir().unwrap();
        let mut session = Session::start_in(home.path(), args);
        session._home = Some(home);
        session
    }

    /// The game with `home` as its home directory (kept by the caller across runs).
    fn start_in(home: &Path, args: &[&str]) -> Session {
        Session::start_sized(ROWS, COLS, home, args)
    }

    /// The game in a terminal of `rows` x `cols`, with `home` as its home directory.
    fn start_sized(rows: u16, cols: u16, home: &Path, args: &[&str]) -> Session {
        Session::spawn(rows, cols, home, env!("CARGO_BIN_EXE_tictaclatin"), args)
    }

    /// `program` with `args` in a terminal of `rows` x `cols`, with the game's settings
    /// and `home` as its home directory.
    fn spawn(rows: u16, cols: u16, home: &Path, program: &str, args: &[&str]) -> Session {
        let pty = native_pty_system()
            .openpty(size(rows, cols))
            .expect("open a pseudo-terminal");
        let mut cmd = CommandBuilder::new(program);
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("TICTACLATIN_BOT_DELAY_MS", "0");
        isolate(&mut cmd, home);
        let child = pty.slave.spawn_command(cmd).expect("start the game");
        drop(pty.slave);
        let output = Arc::new(Mutex::new(Output {
            bytes: Vec::new(),
            closed: false,
            parser: vt100::Parser::new(rows.try_into().unwrap(), cols.try_into().unwrap(), 0),
        }));
        let mut reader = pty.master.try_clone_reader().unwrap();
        let sink = Arc::clone(&output);
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut out = sink.lock().unwrap_or_else(PoisonError::into_inner);
                out.bytes.extend_from_slice(&buf[..n]);
                out.parser.process(&buf[..n]);
            }
            // End of output (EOF, or EIO once the child has closed the terminal).
            sink.lock().unwrap_or_else(PoisonError::into_inner).closed = true;
        });
        let writer = pty.master.take_writer().unwrap();
        Session {
            output,
            writer,
            master: pty.master,
            child,
            _home: None,
        }
    }

    /// Resizes the terminal, as a person dragging its window would; the program is told
    /// by SIGWINCH.
    fn resize(&mut self, rows: u16, cols: u16) {
        self.master.resize(size(rows, cols)).unwrap();
        let mut out = self.output.lock().unwrap();
        out.parser
            .screen_mut()
            .set_size(rows.try_into().unwrap(), cols.try_into().unwrap());
    }

    fn screen(&self) -> String {
        self.output.lock().unwrap().parser.screen().contents()
    }

    fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Polls the screen until `done` holds; fails with the screen after the deadline.
    fn wait_until(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "timed out waiting for {what}; screen:\n{screen}"
            );
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// Everything the program wrote so far, as text.
    fn written(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap().bytes).into_owned()
    }

    fn wait_for(&self, text: &str) -> String {
        self.wait_until(text, |screen| screen.contains(text))
    }

    /// Waits for the game to exit and for every byte it wrote to be read, so the checks
    /// of what it wrote last (restoring the terminal) see all of it.
    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap()
                && self.output.lock().unwrap().closed
            {
                return status;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "the game did not exit; screen:\n{}",
                self.screen()
            );
            thread::sleep(Duration::from_millis(10));
        }
    }
}

fn size(rows: u16, cols: u16) -> PtySize {
    PtySize {
        rows,
        cols,
        pixel_width: 0,
        pixel_height: 0,
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

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

/// The terminal is back to normal: main screen, cursor shown, mouse capture off.
fn assert_restored(game: &Session) {
    let out = game.output.lock().unwrap();
    let text = String::from_utf8_lossy(&out.bytes);
    let entered = text
        .rfind("\x1b[?1049h")
        .expect("entered the alternate screen");
    let rest = &text[entered..];
    assert!(rest.contains("\x1b[?1049l"), "left the alternate screen");
    assert!(rest.contains("\x1b[?25h"), "showed the cursor");
    assert!(rest.contains("\x1b[?1000l"), "turned mouse capture off");
    assert!(!out.parser.screen().alternate_screen());
    assert!(!out.parser.screen().hide_cursor());
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
    again.wait_for("Discard the unfinished game (2 moves)? y/n");
    again.send("n");
    again.wait_for("Kept the unfinished game.");
    assert!(home.path().join("data/saved-game.toml").exists());
    again.send("\r");
    again.wait_for("Discard the unfinished game (2 moves)? y/n");
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
    let pid = game.child.process_id().expect("the game's process id");
    let kill = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
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
    game.wait_for("stats.toml was unreadable; kept as stats.toml.bak");
    game.send("q");
    assert!(game.wait_exit().success());
    let after = game.screen();
    assert!(
        after.contains("tictaclatin: ") && after.contains("data/stats.toml"),
        "the full notice after the screen closed:\n{after}"
    );
    assert!(data.join("stats.toml.bak").exists());
}

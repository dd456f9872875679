//! The real binary in a pseudo-terminal, driven by keys like a person would.
//!
//! The screen is read by parsing the program's output with `vt100`; every wait polls the
//! screen against a deadline instead of sleeping for a fixed time.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

pub const ROWS: u16 = 30;
pub const COLS: u16 = 100;
pub const DEADLINE: Duration = Duration::from_secs(20);

/// What the program wrote: the raw bytes and the screen they draw.
pub struct Output {
    pub bytes: Vec<u8>,
    /// The reader has seen the end of the game's output.
    pub closed: bool,
    pub parser: vt100::Parser,
}

pub struct Session {
    pub output: Arc<Mutex<Output>>,
    writer: Box<dyn Write + Send>,
    /// The terminal's side the tests hold: kept open while the game runs, and resizable.
    master: Box<dyn MasterPty + Send>,
    pub child: Box<dyn Child + Send + Sync>,
    /// HOME and the data directory, so no test reads or writes the real ones.
    home: Option<tempfile::TempDir>,
}

/// Points the program's home, config and data directories into `home`.
pub fn isolate(cmd: &mut CommandBuilder, home: &Path) {
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
    pub fn start(args: &[&str]) -> Session {
        let home = tempfile::tempdir().unwrap();
        let mut session = Session::start_in(home.path(), args);
        session.home = Some(home);
        session
    }

    /// The game with `home` as its home directory (kept by the caller across runs).
    pub fn start_in(home: &Path, args: &[&str]) -> Session {
        Session::start_sized(ROWS, COLS, home, args)
    }

    /// The game in a terminal of `rows` x `cols`, with `home` as its home directory.
    pub fn start_sized(rows: u16, cols: u16, home: &Path, args: &[&str]) -> Session {
        Session::spawn(rows, cols, home, env!("CARGO_BIN_EXE_tictaclatin"), args)
    }

    /// `program` with `args` in a terminal of `rows` x `cols`, with the game's settings
    /// and `home` as its home directory.
    pub fn spawn(rows: u16, cols: u16, home: &Path, program: &str, args: &[&str]) -> Session {
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
            home: None,
        }
    }

    /// Resizes the terminal, as a person dragging its window would; the program is told
    /// by SIGWINCH. The screen takes the new size first, under the lock the reader needs:
    /// a redraw read between the two at the old size would be cut, and never sent again.
    pub fn resize(&mut self, rows: u16, cols: u16) {
        let mut out = self.output.lock().unwrap();
        out.parser
            .screen_mut()
            .set_size(rows.try_into().unwrap(), cols.try_into().unwrap());
        self.master.resize(size(rows, cols)).unwrap();
    }

    pub fn screen(&self) -> String {
        self.output.lock().unwrap().parser.screen().contents()
    }

    pub fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Polls the screen until `done` holds; fails with the screen after the deadline.
    pub fn wait_until(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
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
    pub fn written(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap().bytes).into_owned()
    }

    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(text, |screen| screen.contains(text))
    }

    /// Waits for the game to exit and for every byte it wrote to be read, so the checks
    /// of what it wrote last (restoring the terminal) see all of it.
    pub fn wait_exit(&mut self) -> portable_pty::ExitStatus {
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

pub fn size(rows: u16, cols: u16) -> PtySize {
    PtySize {
        rows,
        cols,
        pixel_width: 0,
        pixel_height: 0,
    }
}

impl Session {
    /// Sends `signal` (`TERM`, `KILL`) to the game, as `kill -SIGNAL pid` would.
    pub fn signal(&self, signal: &str) {
        let pid = self.child.process_id().expect("the game's process id");
        let kill = std::process::Command::new("kill")
            .args([format!("-{signal}"), pid.to_string()])
            .status()
            .unwrap();
        assert!(kill.success(), "kill -{signal} {pid}");
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// The terminal is back to normal: main screen, cursor shown, mouse capture off.
pub fn assert_restored(game: &Session) {
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

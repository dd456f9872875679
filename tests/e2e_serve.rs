//! End to end: `tictaclatin serve` on 127.0.0.1, joined by the real OpenSSH client in
//! pseudo-terminals, as friends would. The code reaches ssh through SSH_ASKPASS (a small
//! script), so no test types a password into a prompt.

mod common;

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::pty::{DEADLINE, Session};

const CODE: &str = "test-code-2468";

/// `tictaclatin serve` with its data in `home`, on a port the system chose.
struct Server {
    child: Child,
    port: u16,
    /// The host key's fingerprint, as printed.
    fingerprint: String,
    home: PathBuf,
}

impl Server {
    fn start(home: &Path) -> Server {
        Server::start_with(home, &["--code", CODE])
    }

    /// The server with `way_in` (`--code ...` or `--authorized-keys ...`).
    fn start_with(home: &Path, way_in: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
            .args(["serve", "--bind", "127.0.0.1", "--port", "0"])
            .args(way_in)
            .args(["--game", "classic", "--size", "3"])
            .env("HOME", home)
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("TICTACLATIN_DATA_DIR", home.join("data"))
            .env("TICTACLATIN_BOT_DELAY_MS", "0")
            .env_remove("TICTACLATIN_CONFIG")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let (lines, read) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = lines.send(line);
            }
        });
        let (mut port, mut fingerprint) = (None, None);
        while port.is_none() || fingerprint.is_none() {
            let line = read
                .recv_timeout(DEADLINE)
                .expect("the server says where it listens");
            if let Some(at) = line.strip_prefix("tictaclatin serve: listening on 127.0.0.1:") {
                port = at.parse().ok();
            }
            if let Some(key) = line.strip_prefix("Host key: ") {
                fingerprint = key.split_whitespace().next().map(str::to_string);
            }
        }
        Server {
            child,
            port: port.unwrap(),
            fingerprint: fingerprint.unwrap(),
            home: home.to_path_buf(),
        }
    }

    /// The arguments that make ssh a friend's client for this server, without their
    /// config, keys or known hosts; the code comes from `askpass`.
    fn ssh_args(&self, askpass: &Path) -> Vec<String> {
        [
            &format!("SSH_ASKPASS={}", askpass.display()),
            "SSH_ASKPASS_REQUIRE=force",
            "ssh",
            "-F",
            "/dev/null",
            "-p",
            &self.port.to_string(),
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "PubkeyAuthentication=no",
            "-o",
            "NumberOfPasswordPrompts=1",
        ]
        .map(String::from)
        .to_vec()
    }

    /// A friend joining `room` in a terminal of their own.
    fn join(&self, room: &str) -> Session {
        let askpass = askpass(&self.home, CODE);
        let mut args = self.ssh_args(&askpass);
        args.extend(["-tt".into(), format!("{room}@127.0.0.1")]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Session::spawn(24, 80, &self.home, "/usr/bin/env", &args)
    }

    /// ssh run without a terminal, with `code` and the extra arguments, to its end.
    fn ssh(&self, code: &str, extra: &[&str]) -> Output {
        let askpass = askpass(&self.home, code);
        let mut args = self.ssh_args(&askpass);
        // ssh takes an option's first value: a key given in `extra` is to be tried.
        if extra.contains(&"-i") {
            let no_keys = args.iter().position(|a| a == "PubkeyAuthentication=no");
            if let Some(at) = no_keys {
                args[at] = "PubkeyAuthentication=yes".into();
            }
        }
        let mut command = Command::new("/usr/bin/env");
        command.args(&args).args(extra).stdin(Stdio::null());
        run_with_deadline(command)
    }

    fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([format!("-{signal}"), self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    fn wait_exit(&mut self) -> std::process::ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(start.elapsed() < DEADLINE, "the server did not stop");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A script that prints `code`, for ssh to read as the password.
fn askpass(home: &Path, code: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = home.join(format!("askpass-{code}.sh"));
    std::fs::write(&path, format!("#!/bin/sh\necho '{code}'\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o700)).unwrap();
    path
}

/// Runs `command` to its end, failing the test if it takes longer than the deadline.
fn run_with_deadline(mut command: Command) -> Output {
    let child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ssh runs");
    let id = child.id();
    let (done, wait) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    match wait.recv_timeout(DEADLINE) {
        Ok(output) => output.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &id.to_string()]).status();
            panic!("ssh did not finish in time");
        }
    }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Plays `cell` from `mover`'s terminal and waits until `others` show it too.
fn play(mover: &mut Session, cell: &str, turn: &str, others: &[&Session]) {
    mover.send(cell);
    for screen in std::iter::once(&*mover).chain(others.iter().copied()) {
        screen.wait_for(turn);
    }
}

#[test]
fn two_friends_finish_a_game_both_see_the_result_and_a_third_watches() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path());
    let mut ana = server.join("den");
    ana.wait_for("You are first in den");
    let mut ben = server.join("den");
    ben.wait_for("The first to join chooses");
    ana.send("\r"); // Two players, the server's game: classic 3x3
    ana.wait_for("You are den 1 and play X (s before the first move swaps sides).");
    ben.wait_for("You are den 2 and play O");
    let mut cy = server.join("den");
    cy.wait_for("You are watching");
    ana.wait_for("Someone joined to watch.");

    // Out of turn, a move is refused and nothing changes.
    ben.send("a1");
    ben.wait_for("Wait: it is den 1's turn.");
    play(&mut ana, "a1", "den 2's turn (O)", &[&ben, &cy]);
    // A watcher's move is not played: the board stays the players'.
    cy.send("c3");
    cy.wait_for("Watching den 1 and den 2");
    play(&mut ben, "a2", "den 1's turn (X)", &[&ana, &cy]);
    play(&mut ana, "b1", "den 2's turn (O)", &[&ben, &cy]);
    play(&mut ben, "b2", "den 1's turn (X)", &[&ana, &cy]);
    // Each screen is drawn at its own size, and follows it.
    ben.resize(30, 100);
    ben.wait_until("the board drawn 100 columns wide", |screen| {
        screen
            .lines()
            .any(|line| line.trim_end().chars().count() > 80)
    });
    ana.send("c1"); // the top row: X wins
    for friend in [&ana, &ben, &cy] {
        friend.wait_for("den 1 (X) wins");
    }
    let screen = cy.screen();
    assert!(
        screen.contains("3. c1") && !screen.contains("c3"),
        "{screen}"
    );
    // The finished game went into the server's records, under the room's seats.
    let records = home.path().join("data/records");
    let deadline = Instant::now() + DEADLINE;
    let record = loop {
        let found = std::fs::read_dir(&records)
            .ok()
            .and_then(|mut files| files.next())
            .and_then(|file| std::fs::read_to_string(file.ok()?.path()).ok());
        if let Some(text) = found {
            break text;
        }
        assert!(Instant::now() < deadline, "no record kept in {records:?}");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(
        record.contains("den 1") && record.contains("den 2"),
        "{record}"
    );
}

#[test]
fn a_wrong_code_a_command_forwarding_and_sftp_are_refused() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path());
    let wrong = server.ssh("not-the-code-1", &["den@127.0.0.1", "true"]);
    assert!(!wrong.status.success());
    assert!(
        stderr(&wrong).contains("Permission denied"),
        "{}",
        stderr(&wrong)
    );

    let command = server.ssh(CODE, &["den@127.0.0.1", "ls"]);
    assert!(!command.status.success());
    assert!(
        stderr(&command).contains("exec request failed"),
        "{}",
        stderr(&command)
    );
    assert!(command.stdout.is_empty(), "no command ran");

    let local = server.ssh(CODE, &["-W", "127.0.0.1:22", "den@127.0.0.1"]);
    assert!(!local.status.success());
    assert!(
        stderr(&local).contains("forwarding failed"),
        "{}",
        stderr(&local)
    );

    let remote = server.ssh(
        CODE,
        &[
            "-N",
            "-o",
            "ExitOnForwardFailure=yes",
            "-R",
            "0:127.0.0.1:9",
            "den@127.0.0.1",
        ],
    );
    assert!(!remote.status.success());
    assert!(
        stderr(&remote).contains("forwarding failed"),
        "{}",
        stderr(&remote)
    );

    let sftp = server.ssh(CODE, &["-s", "den@127.0.0.1", "sftp"]);
    assert!(!sftp.status.success());
    assert!(
        stderr(&sftp).contains("subsystem request failed"),
        "{}",
        stderr(&sftp)
    );
}

#[test]
fn sixty_idle_connections_do_not_keep_a_new_player_out() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path());
    let idle: Vec<TcpStream> = (0..60)
        .map(|_| TcpStream::connect(("127.0.0.1", server.port)).unwrap())
        .collect();
    let player = server.join("den");
    player.wait_for("You are first in den");
    drop(idle);
}

#[test]
fn a_dropped_player_is_missed_at_once_and_joining_again_resumes() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path());
    let mut ana = server.join("den");
    ana.wait_for("You are first in den");
    let ben = server.join("den");
    ben.wait_for("The first to join chooses");
    ana.send("\r");
    ben.wait_for("You are den 2 and play O");
    play(&mut ana, "b2", "den 2's turn (O)", &[&ben]);
    ben.signal("KILL");
    ana.wait_for("den 2 left: the game waits");
    let mut back = server.join("den");
    back.wait_for("You are den 2 and play O. The game goes on.");
    ana.wait_for("den 2 joined");
    play(&mut back, "a1", "den 1's turn (X)", &[&ana]);
    let screen = back.screen();
    assert!(screen.contains("1. b2  a1"), "{screen}");
}

#[test]
fn sigterm_tells_every_player_keeps_the_game_and_the_host_key() {
    let home = tempfile::tempdir().unwrap();
    let mut server = Server::start(home.path());
    let key_file = home.path().join("data/serve/ssh_host_ed25519_key");
    let key = std::fs::read(&key_file).unwrap();
    let mut ana = server.join("den");
    ana.wait_for("You are first in den");
    ana.send("\r");
    ana.wait_for("You are den 1 and play X");
    play(&mut ana, "b2", "den 2's turn (O)", &[]);
    server.signal("TERM");
    assert_eq!(server.wait_exit().code(), Some(0));
    ana.wait_exit();
    assert!(
        ana.written().contains("The server is stopping"),
        "{}",
        ana.written()
    );

    let again = Server::start(home.path());
    assert_eq!(std::fs::read(&key_file).unwrap(), key);
    assert_eq!(again.fingerprint, server.fingerprint);
    let back = again.join("den");
    back.wait_for("You are den 1 and play X. The game goes on.");
    assert!(back.screen().contains("1. b2"), "{}", back.screen());
}

#[test]
fn with_authorized_keys_a_listed_key_gets_in_and_no_code_does() {
    let home = tempfile::tempdir().unwrap();
    let keygen = |name: &str| {
        let path = home.path().join(name);
        let made = Command::new("ssh-keygen")
            .args(["-q", "-t", "ed25519", "-N", "", "-f"])
            .arg(&path)
            .status()
            .expect("ssh-keygen runs");
        assert!(made.success());
        path
    };
    let friend = keygen("friend");
    let stranger = keygen("stranger");
    let listed = home.path().join("friend.pub");
    let server = Server::start_with(
        home.path(),
        &["--authorized-keys", listed.to_str().unwrap()],
    );
    let with_key = |key: &Path| {
        let key = key.to_str().unwrap().to_string();
        server.ssh(
            "no-code-here-1",
            &[
                "-o",
                "IdentitiesOnly=yes",
                "-i",
                &key,
                "den@127.0.0.1",
                "true",
            ],
        )
    };
    // The friend's key gets in (and the command is refused, as any command is).
    let friend_in = with_key(&friend);
    assert!(
        stderr(&friend_in).contains("exec request failed"),
        "{}",
        stderr(&friend_in)
    );
    let stranger_in = with_key(&stranger);
    assert!(
        stderr(&stranger_in).contains("Permission denied"),
        "{}",
        stderr(&stranger_in)
    );
}

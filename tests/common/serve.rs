//! `tictaclatin serve` on 127.0.0.1 for the tests, joined by the real OpenSSH client in
//! pseudo-terminals, as friends would. The code reaches ssh through SSH_ASKPASS (a small
//! script), so no test types a password into a prompt.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::pty::{DEADLINE, Session};

pub const CODE: &str = "kq9m-tulip-4xw7";

/// `tictaclatin serve` with its data in `home`, on a port the system chose.
pub struct Server {
    pub child: Child,
    pub port: u16,
    /// The host key's fingerprint, as printed.
    pub fingerprint: String,
    /// The code, as printed.
    pub code: Option<String>,
    pub home: PathBuf,
}

impl Server {
    pub fn start(home: &Path) -> Server {
        Server::start_with(home, &["--code", CODE])
    }

    /// The server with `way_in` (`--code ...` or `--authorized-keys ...`).
    pub fn start_with(home: &Path, way_in: &[&str]) -> Server {
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
            .stderr(std::fs::File::create(home.join("server.log")).unwrap())
            .spawn()
            .expect("the server starts");
        let (lines, read) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = lines.send(line);
            }
        });
        let (mut port, mut fingerprint, mut code) = (None, None, None);
        while port.is_none() || fingerprint.is_none() {
            let line = read
                .recv_timeout(DEADLINE)
                .expect("the server says where it listens");
            if let Some(at) = line.strip_prefix("tictaclatin serve: listening on 127.0.0.1:") {
                port = at.parse().ok();
            }
            if let Some(said) = line.strip_prefix("Code (the password): ") {
                code = said.split_whitespace().next().map(str::to_string);
            }
            if let Some(key) = line.strip_prefix("Host key: ") {
                fingerprint = key.split_whitespace().next().map(str::to_string);
            }
        }
        Server {
            child,
            port: port.unwrap(),
            fingerprint: fingerprint.unwrap(),
            code,
            home: home.to_path_buf(),
        }
    }

    /// What the server wrote to its log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.home.join("server.log")).unwrap_or_default()
    }

    /// The arguments (for `env`) that make ssh a friend's client for this server, without
    /// their config, keys or known hosts; the code comes from `askpass`. ssh takes an
    /// option's first value: `options` come first, to change the defaults.
    pub fn ssh_args(&self, askpass: &Path, options: &[&str]) -> Vec<String> {
        let start = [
            &format!("SSH_ASKPASS={}", askpass.display()),
            "SSH_ASKPASS_REQUIRE=force",
            "ssh",
        ];
        let defaults = [
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
        ];
        (start.into_iter().chain(options.iter().copied()))
            .chain(defaults)
            .map(String::from)
            .collect()
    }

    /// `name` joining `room` (the lobby, with "") in a terminal of their own, with no key.
    pub fn join(&self, name: &str, room: &str) -> Session {
        self.join_with(&askpass(&self.home, CODE), &[], name, room)
    }

    /// `name` joining `room` (the lobby, with "") with the key in the file `key` (and the code).
    pub fn join_keyed(&self, key: &Path, name: &str, room: &str) -> Session {
        let key = key.to_str().expect("a key's path");
        let options = [
            "-o",
            "PubkeyAuthentication=yes",
            "-o",
            "IdentitiesOnly=yes",
            "-i",
            key,
        ];
        self.join_with(&askpass(&self.home, CODE), &options, name, room)
    }

    /// `name` joining `room` (the lobby, with ""), the code from the script `askpass`, with
    /// ssh's `options` first.
    pub fn join_with(&self, askpass: &Path, options: &[&str], name: &str, room: &str) -> Session {
        let mut args = self.ssh_args(askpass, options);
        args.extend(["-tt".into(), format!("{name}@127.0.0.1")]);
        args.extend(room.split_whitespace().map(String::from));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Session::spawn(24, 80, &self.home, "/usr/bin/env", &args)
    }

    /// ssh run without a terminal, with `code` and the extra arguments, to its end.
    pub fn ssh(&self, code: &str, extra: &[&str]) -> Output {
        self.ssh_with(&askpass(&self.home, code), &[], extra)
    }

    /// ssh run without a terminal, the code from `askpass`, with `options` before the
    /// defaults and `rest` after them, to its end.
    pub fn ssh_with(&self, askpass: &Path, options: &[&str], rest: &[&str]) -> Output {
        let mut command = Command::new("/usr/bin/env");
        command
            .args(self.ssh_args(askpass, options))
            .args(rest)
            .stdin(Stdio::null());
        run_with_deadline(command)
    }

    pub fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([format!("-{signal}"), self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    pub fn wait_exit(&mut self) -> std::process::ExitStatus {
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

/// A fresh key pair in `home` (made by `ssh-keygen`, with no passphrase): its private file.
pub fn keygen(home: &Path, name: &str) -> PathBuf {
    let path = home.join(name);
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&path)
        .status()
        .expect("ssh-keygen runs");
    assert!(made.success());
    path
}

/// A script that prints `code`, for ssh to read as the password.
pub fn askpass(home: &Path, code: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = home.join(format!("askpass-{code}.sh"));
    std::fs::write(&path, format!("#!/bin/sh\necho '{code}'\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o700)).unwrap();
    path
}

/// Runs `command` to its end, failing the test if it takes longer than the deadline.
pub fn run_with_deadline(mut command: Command) -> Output {
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

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The results in the ledger: (first, second, winner, ending, rated), once there are `count`.
pub type Row = (String, String, Option<String>, String, bool);

pub fn results(home: &Path, count: usize) -> Vec<Row> {
    let path = home.join("data/serve/ledger.sqlite");
    let deadline = Instant::now() + DEADLINE;
    loop {
        let read = || -> rusqlite::Result<Vec<Row>> {
            let db = rusqlite::Connection::open(&path)?;
            let mut query = db.prepare(
                "SELECT first_name, second_name, winner, ending, rated FROM results ORDER BY id",
            )?;
            let rows = query.query_map([], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })?;
            rows.collect()
        };
        if let Ok(rows) = read()
            && rows.len() >= count
        {
            return rows;
        }
        assert!(
            Instant::now() < deadline,
            "{count} results not in the ledger"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

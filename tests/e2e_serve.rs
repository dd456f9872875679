//! End to end: `tictaclatin serve` on 127.0.0.1, joined by the real OpenSSH client in
//! pseudo-terminals, as friends would (the server and the clients: `common::serve`).

mod common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::pty::{DEADLINE, Session};
use common::serve::{CODE, Server, stderr};

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

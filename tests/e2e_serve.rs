//! End to end: `tictaclatin serve` on 127.0.0.1, joined by the real OpenSSH client in
//! pseudo-terminals, as friends would (the server and the clients: `common::serve`).

mod common;

use std::path::Path;

use common::pty::Session;
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
    let mut ana = server.join("ana", "den");
    ana.wait_for("You are first in den");
    let mut ben = server.join("ben", "den");
    ben.wait_for("The first to join chooses");
    ana.send("\r"); // Two players, the server's game: classic 3x3
    ana.wait_for("You play X against ben.");
    ben.wait_for("You play O against ana.");
    let mut cy = server.join("cy", "den");
    cy.wait_for("You are watching ana and ben");
    ana.wait_for("cy is watching.");

    // Out of turn, a move is refused and nothing changes.
    ben.send("a1");
    ben.wait_for("Wait: it is ana's turn.");
    ana.send("a1");
    ana.wait_for("You played a1. ben's turn (O).");
    ben.wait_for("ana played a1. Your turn (O).");
    cy.wait_for("ana played a1. ben's turn (O).");
    // A watcher's keys change nothing, and the watcher is told so.
    cy.send("c3");
    cy.wait_for("Watching: your keys change nothing here");
    play(&mut ben, "a2", "ana's turn (X)", &[&cy]);
    play(&mut ana, "b1", "ben's turn (O)", &[&cy]);
    play(&mut ben, "b2", "ana's turn (X)", &[&cy]);
    // Each screen is drawn at its own size, and follows it.
    ben.resize(30, 100);
    ben.wait_until("the board drawn 100 columns wide", |screen| {
        screen
            .lines()
            .any(|line| line.trim_end().chars().count() > 80)
    });
    ana.send("c1"); // the top row: X wins
    ana.wait_for("You (X) win");
    for friend in [&ben, &cy] {
        friend.wait_for("ana (X) wins");
    }
    let screen = cy.screen();
    assert!(
        screen.contains("3. c1") && !screen.contains("c3"),
        "{screen}"
    );
    // The finished game went into the server's ledger, under its players' names (unrated:
    // neither has a key).
    let results = common::serve::results(home.path(), 1);
    let played = (
        "ana".into(),
        "ben".into(),
        Some("first".into()),
        "played".into(),
        false,
    );
    assert_eq!(results, [played]);
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
        stderr(&command).contains("The game needs a terminal"),
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
    let mut ana = server.join("ana", "den");
    ana.wait_for("You are first in den");
    let ben = server.join("ben", "den");
    ben.wait_for("The first to join chooses");
    ana.send("\r");
    // Without a key, ben's screen says how to take the seat back.
    let told = ben.wait_for("No key: to take this seat back");
    let ticket = ticket(&told);
    play(&mut ana, "b2", "ben's turn (O)", &[]);
    ben.wait_for("Your turn (O)");
    ben.signal("KILL");
    ana.wait_for("ben left: the game waits for them.");
    // Someone else, even by the same name, only watches: the seat is ben's.
    let stranger = server.join("ben", "den");
    stranger.wait_for("You are watching ana and ben");
    drop(stranger);
    let mut back = server.join("ben", &format!("den {ticket}"));
    back.wait_for("You play O against ana.");
    ana.wait_for("ben is back.");
    play(&mut back, "a1", "ana's turn (X)", &[]);
    ana.wait_for("Your turn (X)");
    let screen = back.screen();
    assert!(screen.contains("1. b2  a1"), "{screen}");
}

#[test]
fn sigterm_tells_every_player_keeps_the_game_and_the_host_key() {
    let home = tempfile::tempdir().unwrap();
    let mut server = Server::start(home.path());
    let key_file = home.path().join("data/serve/ssh_host_ed25519_key");
    let key = std::fs::read(&key_file).unwrap();
    let mut ana = server.join("ana", "den");
    ana.wait_for("You are first in den");
    ana.send("\r");
    ana.wait_for("Your turn (X)");
    play(&mut ana, "b2", "the next to join's turn (O)", &[]);
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
    // Without --code, the code is made once and kept; --new-code makes another.
    let kept = |flags: &[&str]| Server::start_with(home.path(), flags).code.clone().unwrap();
    let first = kept(&[]);
    assert_eq!(kept(&[]), first);
    let renewed = kept(&["--new-code"]);
    assert_ne!(renewed, first);
    assert_eq!(kept(&[]), renewed);
    let back = again.join("ana", "den");
    back.wait_for("The game goes on.");
    assert!(back.screen().contains("1. b2"), "{}", back.screen());
}

#[test]
fn with_authorized_keys_a_listed_key_gets_in_and_no_code_does() {
    let home = tempfile::tempdir().unwrap();
    let keygen = |name: &str| common::serve::keygen(home.path(), name);
    let friend = keygen("friend");
    let stranger = keygen("stranger");
    let listed = home.path().join("friend.pub");
    let server = Server::start_with(
        home.path(),
        &["--authorized-keys", listed.to_str().unwrap()],
    );
    let askpass = common::serve::askpass(home.path(), "no-code-here-1");
    let with_key = |key: &Path| {
        let key = key.to_str().unwrap();
        let options = ["-o", "PubkeyAuthentication=yes", "-o", "IdentitiesOnly=yes"];
        server.ssh_with(&askpass, &options, &["-i", key, "den@127.0.0.1", "true"])
    };
    // The friend's key gets in (and the command is refused, as any command is).
    let friend_in = with_key(&friend);
    assert!(
        stderr(&friend_in).contains("The game needs a terminal"),
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

/// The seat ticket a screen gives a person without a key: the word after the room's name
/// at the end of "join with: ssh -t ... ben@127.0.0.1 den TICKET".
fn ticket(screen: &str) -> String {
    let flat = screen.split_whitespace().collect::<Vec<_>>();
    let at = flat
        .iter()
        .rposition(|w| *w == "den")
        .expect("the line to join again");
    flat[at + 1].to_string()
}

/// A script that prints `code` for ssh and counts its calls in `calls`.
fn counting_askpass(home: &Path, code: &str, calls: &Path) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = home.join("counting-askpass.sh");
    let script = format!(
        "#!/bin/sh\necho x >> '{}'\necho '{code}'\n",
        calls.display()
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o700)).unwrap();
    path
}

fn count_lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |text| text.lines().count())
}

#[test]
fn three_tries_at_the_code_and_a_user_name_that_names_no_room_is_told_not_tried() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path());
    // OpenSSH asks three times, as it does any server: its first "none" probe is no try.
    let calls = home.path().join("calls");
    let wrong = counting_askpass(home.path(), "not-the-code-1", &calls);
    let prompts = ["-o", "NumberOfPasswordPrompts=3"];
    let refused = server.ssh_with(&wrong, &prompts, &["den@127.0.0.1", "true"]);
    assert!(
        stderr(&refused).contains("Permission denied"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(count_lines(&calls), 3, "three prompts");
    // A user name that can be no name: the code is asked once and the reason is said.
    let calls = home.path().join("calls-room");
    let right = counting_askpass(home.path(), CODE, &calls);
    let long = format!("{}@127.0.0.1", "k".repeat(40));
    let told = server.ssh_with(&right, &prompts, &["-tt", &long]);
    assert!(
        stderr(&told).contains("cannot be a name here"),
        "{}",
        stderr(&told)
    );
    assert!(
        !stderr(&told).contains("Permission denied"),
        "{}",
        stderr(&told)
    );
    assert_eq!(count_lines(&calls), 1);
}

#[test]
fn a_terminal_that_cannot_draw_is_told_so_and_a_weak_code_is_refused() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path());
    let askpass = common::serve::askpass(home.path(), CODE);
    let mut args = vec!["TERM=dumb".to_string()];
    args.extend(server.ssh_args(&askpass, &[]));
    args.extend(["-tt".into(), "den@127.0.0.1".into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut dumb = Session::spawn(24, 80, home.path(), "/usr/bin/env", &args);
    dumb.wait_exit();
    assert!(
        dumb.written().contains("TERM=dumb") && !dumb.written().contains("\x1b[?1049h"),
        "{}",
        dumb.written()
    );

    for weak in ["password", "12345678", "aaaaaaaa"] {
        let out = common::tictaclatin(&["serve", "--port", "0", "--code", weak]);
        assert_eq!(out.status.code(), Some(2), "{weak}");
        assert!(
            common::stderr(&out).contains("--code is too easy to guess"),
            "{}",
            common::stderr(&out)
        );
    }
}

#[test]
fn a_save_that_fails_is_said_to_the_players_and_at_shutdown() {
    let home = tempfile::tempdir().unwrap();
    let mut server = Server::start(home.path());
    let mut ana = server.join("ana", "den");
    ana.wait_for("You are first in den");
    ana.send("\r");
    ana.wait_for("Your turn (X)");
    // Another program holds the ledger (for longer than the server waits for it): the
    // server's write fails, as it would on a full disk.
    let mut other = rusqlite::Connection::open(home.path().join("data/serve/ledger.sqlite"))
        .expect("the ledger opens");
    let hold = other
        .transaction_with_behavior(rusqlite::TransactionBehavior::Exclusive)
        .expect("the ledger is held");
    play(&mut ana, "b2", "the next to join's turn (O)", &[]);
    ana.wait_for("could not save this game");
    server.signal("TERM");
    assert_eq!(server.wait_exit().code(), Some(0));
    ana.wait_exit();
    assert!(
        ana.written().contains("The game in den is not kept."),
        "{}",
        ana.written()
    );
    let log = server.log();
    assert!(
        log.contains("stopped: could not keep the game in den"),
        "{log}"
    );
    assert!(!log.contains("every unfinished game is kept"), "{log}");
    drop(hold);
}

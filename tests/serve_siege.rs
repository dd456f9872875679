//! `tictaclatin serve` under attack: each way a stranger found to keep friends out runs
//! (from loopback addresses of its own, with the clients of `examples/ssh_clients`) while a
//! friend joins from 127.0.0.1 with the real OpenSSH client and plays a move. The friend must
//! get in within 2 s and see their move within 250 ms.
//!
//! The tests take turns: each measures times, and the attacks use a core.

#[path = "../examples/ssh_clients/mod.rs"]
mod clients;
mod common;

use std::process::Command;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use common::pty::{DEADLINE, Session};
use common::serve::{CODE, Server, run_with_deadline, stderr};

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const LOGIN: Duration = Duration::from_secs(2);
const KEY: Duration = Duration::from_millis(250);

/// Waits until `done` holds, polling, for at most the deadline.
fn until(what: &str, done: impl Fn() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < DEADLINE, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A friend joins `room` and plays X's first move; checks the login and the key were quick,
/// and hands back their terminal.
fn friend_plays(server: &Server, room: &str, during: &str) -> Session {
    let started = Instant::now();
    let mut friend = server.join("friend", room);
    friend.wait_for("You are first in");
    let login = started.elapsed();
    friend.send("\r");
    friend.wait_for("Your turn (X)");
    let sent = Instant::now();
    friend.send("b2");
    friend.wait_for("next to join's turn (O)");
    let key = sent.elapsed();
    assert!(login < LOGIN, "{during}: the login took {login:?}");
    assert!(key < KEY, "{during}: the move took {key:?} to show");
    friend
}

#[test]
fn reconnecting_idle_sockets_from_many_addresses_keep_no_friend_out() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path());
    // 200 sockets from 13 machines, each opened again the moment it is closed.
    let attack = clients::idle_sockets(server.port, 10, 13, 200);
    until("the attack to be under way", || attack.cut() > 500);
    let _friend = friend_plays(&server, "den", "idle sockets");
    // A friend who takes their time over the code is not cut for the attacker's newcomers.
    let slow = home.path().join("slow-askpass.sh");
    std::fs::write(&slow, format!("#!/bin/sh\nsleep 4\necho '{CODE}'\n")).unwrap();
    make_executable(&slow);
    let typist = server.join_with(&slow, &[], "typist", "attic");
    typist.wait_for("You are first in attic");
    assert!(attack.done() > 1000, "the attack ran: {}", attack.done());
}

#[test]
fn slow_key_exchanges_are_not_offered_and_quick_ones_hold_nobody_up() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path());
    let group18 = ["-o", "KexAlgorithms=diffie-hellman-group18-sha512"];
    let mut ssh = Command::new("ssh");
    ssh.args(["-F", "/dev/null", "-p", &server.port.to_string()])
        .args([
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
        ])
        .args(group18)
        .args(["den@127.0.0.1", "true"]);
    let refused = run_with_deadline(ssh);
    assert!(
        stderr(&refused).contains("no matching key exchange method"),
        "{}",
        stderr(&refused)
    );
    let attack = clients::key_exchanges(server.port, 30, 4, 16);
    until("the attack to be under way", || attack.done() > 50);
    let _friend = friend_plays(&server, "den", "key exchanges");
}

#[test]
fn a_flood_of_window_changes_costs_bounded_memory_and_ends_when_it_does() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path());
    let pid = server.child.id();
    let mut ana = server.join("ana", "den");
    ana.wait_for("You are first in den");
    ana.send("\r");
    ana.wait_for("Your turn (X)");
    let ben = server.join("ben", "den");
    ben.wait_for("You play O against ana.");
    let (before, _) = clients::memory(pid);
    let attack = clients::resize_flood(server.port, clients::machine(40), "den", CODE);
    until("the flood to be under way", || attack.done() > 20_000);
    let sent = Instant::now();
    ana.send("b2");
    ana.wait_for("ben's turn (O)");
    assert!(sent.elapsed() < KEY, "the move took {:?}", sent.elapsed());
    until("more of the flood", || attack.done() > 60_000);
    let (during, _) = clients::memory(pid);
    drop(attack);
    assert!(
        during < before + 16 * 1024,
        "memory grew from {before} KiB to {during} KiB"
    );
    // Idle again within seconds: under a twentieth of a core over a quarter second.
    let window = Duration::from_millis(250);
    until("the server to be idle", || {
        let used = clients::cpu_time(pid);
        std::thread::sleep(window);
        clients::cpu_time(pid) - used < window / 20
    });
}

#[test]
fn a_connection_whose_game_ended_is_closed_and_keeps_no_place() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path());
    // As many as the server takes: 8 machines, 16 connections each.
    let attack = clients::ended_games(server.port, 50, 8, 16, CODE);
    until("the server to close all 128", || attack.cut() == 128);
    let _friend = friend_plays(&server, "den", "ended games held");
}

#[test]
fn ssh_audit_finds_no_fault_and_warns_only_that_curve25519_is_not_post_quantum() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path());
    let audit = Command::new("python3")
        .args([
            "-m",
            "ssh_audit",
            "-j",
            "-p",
            &server.port.to_string(),
            "127.0.0.1",
        ])
        .output()
        .expect("python3 runs");
    assert!(
        !audit.stdout.is_empty(),
        "ssh-audit runs (python3 -m pip install ssh-audit): {}",
        String::from_utf8_lossy(&audit.stderr)
    );
    let report: serde_json::Value =
        serde_json::from_slice(&audit.stdout).expect("ssh-audit's report");
    let mut warnings = Vec::new();
    for kind in ["kex", "key", "enc", "mac"] {
        for algorithm in report[kind].as_array().expect("a list of algorithms") {
            let name = algorithm["algorithm"].as_str().unwrap_or("?");
            let notes = &algorithm["notes"];
            assert!(notes.get("fail").is_none(), "{name}: {notes}");
            for warning in notes["warn"].as_array().into_iter().flatten() {
                warnings.push(format!("{name}: {}", warning.as_str().unwrap_or("?")));
            }
        }
    }
    let names: Vec<&str> = report["kex"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|k| k["algorithm"].as_str())
        .collect();
    assert!(names.contains(&"mlkem768x25519-sha256"), "{names:?}");
    assert!(
        !names.iter().any(|n| n.starts_with("diffie-hellman")),
        "{names:?}"
    );
    for warning in &warnings {
        assert!(
            warning.starts_with("curve25519-sha256")
                && warning.ends_with("does not provide protection against post-quantum attacks"),
            "{warnings:?}"
        );
    }
}

fn make_executable(path: &std::path::Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o700)).unwrap();
}

//! Online play people can trust, end to end with the real OpenSSH client and keys made by
//! `ssh-keygen`: a seat is its person's (their key), names are their keys', hints are for
//! both players or neither, watchers change nothing, and results land in the ledger.

mod common;

use std::path::{Path, PathBuf};

use common::pty::Session;
use common::serve::{CODE, Server, keygen, results};

/// Three people with keys of their own.
struct Keys {
    ana: PathBuf,
    ben: PathBuf,
    cy: PathBuf,
}

fn keys(home: &Path) -> Keys {
    Keys {
        ana: keygen(home, "ana-key"),
        ben: keygen(home, "ben-key"),
        cy: keygen(home, "cy-key"),
    }
}

/// The server, with a game left claimable after `claim_after` seconds.
fn server(home: &Path, claim_after: &str) -> Server {
    Server::start_with(home, &["--code", CODE, "--claim-after", claim_after])
}

/// Ana and Ben seated in `room` at a two-player game, Ana (X) to move.
fn seated(server: &Server, keys: &Keys, room: &str) -> (Session, Session) {
    let ana = server.join_keyed(&keys.ana, "ana", room);
    ana.wait_for("You are first in");
    let mut ana = ana;
    ana.send("\r");
    ana.wait_for("Your turn (X)");
    let ben = server.join_keyed(&keys.ben, "ben", room);
    ben.wait_for("You play O against ana.");
    ana.wait_for("ben joined.");
    (ana, ben)
}

/// `mover` plays `cell`; each screen then shows its text.
fn play(mover: &mut Session, cell: &str, shown: &[(&Session, &str)]) {
    mover.send(cell);
    for (screen, text) in shown {
        screen.wait_for(text);
    }
}

#[test]
fn a_seat_is_its_owner_s_a_third_key_cannot_take_it_and_the_owner_gets_it_back_after_a_restart() {
    let home = tempfile::tempdir().unwrap();
    let keys = keys(home.path());
    let mut server = server(home.path(), "60");
    let (mut ana, mut ben) = seated(&server, &keys, "den");
    play(&mut ana, "b2", &[(&ben, "ana played b2. Your turn (O).")]);
    ben.signal("KILL");
    ana.wait_for("ben left: the game waits for them.");
    // A third person, by any name, watches: their keys change nothing.
    let mut cy = server.join_keyed(&keys.cy, "cy", "den");
    cy.wait_for("You are watching ana and ben");
    for keys in ["a1", "W", "X", "n"] {
        cy.send(keys);
    }
    cy.wait_for("your keys change nothing here");
    assert!(!cy.screen().contains("a1"), "{}", cy.screen());
    // Ben's key takes his seat back.
    ben = server.join_keyed(&keys.ben, "ben", "den");
    ben.wait_for("You play O against ana.");
    ana.wait_for("ben is back.");
    play(&mut ben, "a1", &[(&ana, "ben played a1. Your turn (X).")]);

    // After a restart, the first to come back is seated by who they are, not by arrival.
    server.signal("TERM");
    server.wait_exit();
    for gone in [&mut ana, &mut ben, &mut cy] {
        gone.wait_exit();
    }
    let server = self::server(home.path(), "60");
    let cy = server.join_keyed(&keys.cy, "cy", "den");
    cy.wait_for("You are watching ana and ben");
    let ben = server.join_keyed(&keys.ben, "ben", "den");
    ben.wait_for("You play O against ana.");
    let ana = server.join_keyed(&keys.ana, "ana", "den");
    ana.wait_for("You play X against ben.");
    assert!(ana.screen().contains("1. b2  a1"), "{}", ana.screen());
}

#[test]
fn a_name_is_its_key_s_from_its_first_use() {
    let home = tempfile::tempdir().unwrap();
    let keys = keys(home.path());
    let server = server(home.path(), "60");
    let mut ana = server.join_keyed(&keys.ana, "ana", "");
    ana.wait_for("you are ana");
    ana.send("q");
    ana.wait_exit();
    // Another key, in any case, is refused the name; so is a person with no key.
    let mut taken = server.join_keyed(&keys.cy, "Ana", "");
    taken.wait_exit();
    assert!(
        taken.written().contains("Ana is someone else's name here"),
        "{}",
        taken.written()
    );
    let mut keyless = server.join("ana", "");
    keyless.wait_exit();
    let said = keyless.written();
    assert!(
        said.contains("ana is the name of someone with a key here"),
        "{said}"
    );
    // And a key keeps the name it first used.
    let mut renamed = server.join_keyed(&keys.ana, "anna", "");
    renamed.wait_exit();
    let said = renamed.written();
    assert!(said.contains("Your key goes by ana here"), "{said}");
}

#[test]
fn hints_chosen_by_the_one_who_starts_are_on_both_screens_and_stay_as_chosen() {
    let home = tempfile::tempdir().unwrap();
    let keys = keys(home.path());
    let server = server(home.path(), "60");
    let mut ana = server.join_keyed(&keys.ana, "ana", "den");
    ana.wait_for("You are first in den");
    // The start screen: Down to the hints row, Right to "On", Enter.
    ana.send("\x1b[B\x1b[C\r");
    ana.wait_for("Hints  on for both players");
    let mut ben = server.join_keyed(&keys.ben, "ben", "den");
    ben.wait_for("Hints  on for both players");
    // Neither turns them off alone.
    ben.send("t");
    ben.wait_for("Hints are on for both players in this game");
    assert!(
        ben.screen().contains("Hints  on for both players"),
        "{}",
        ben.screen()
    );
    let cy = server.join_keyed(&keys.cy, "cy", "den");
    cy.wait_for("You are watching ana and ben");
    // A watcher sees no hints while the game is played (they could pass them on).
    assert!(!cy.screen().contains("Hint "), "{}", cy.screen());
    // A game with hints is kept, unrated.
    for (x_cell, o_cell) in [("a1", "a2"), ("b1", "b2")] {
        play(&mut ana, x_cell, &[(&ben, "Your turn (O).")]);
        play(&mut ben, o_cell, &[(&ana, "Your turn (X).")]);
    }
    ana.send("c1");
    ben.wait_for("ana (X) wins");
    let rows = results(home.path(), 1);
    assert!(!rows[0].4, "a game with hints is not rated: {rows:?}");
}

#[test]
fn a_game_left_may_be_claimed_after_its_countdown_and_not_before() {
    let home = tempfile::tempdir().unwrap();
    let keys = keys(home.path());
    let server = server(home.path(), "3");
    let (mut ana, ben) = seated(&server, &keys, "den");
    play(&mut ana, "b2", &[(&ben, "Your turn (O).")]);
    ben.signal("KILL");
    ana.wait_for("you may claim the game in");
    ana.send("W"); // too soon: nothing is claimed
    ana.wait_for("has not come back: W claims the win, X calls the game off");
    assert!(!ana.screen().contains("ana wins"), "{}", ana.screen());
    assert!(
        results(home.path(), 0).is_empty(),
        "nothing claimed before the countdown"
    );
    ana.send("W");
    // The game is over on the board, as lost on time by the one who left.
    ana.wait_for("ben (O) left and did not come back: You (X) win");
    let rows = results(home.path(), 1);
    let expected = (
        "ana".into(),
        "ben".into(),
        Some("first".into()),
        "abandoned".into(),
        true,
    );
    assert_eq!(rows, [expected]);
}

#[test]
fn two_results_finishing_at_once_are_both_in_the_ledger() {
    let home = tempfile::tempdir().unwrap();
    let keys = keys(home.path());
    let server = server(home.path(), "60");
    let (mut ana, mut ben) = seated(&server, &keys, "den");
    let cy = server.join_keyed(&keys.cy, "cy", "attic");
    cy.wait_for("You are first in attic");
    let mut cy = cy;
    cy.send("\r");
    cy.wait_for("Your turn (X)");
    let dan_key = keygen(home.path(), "dan-key");
    let dan = server.join_keyed(&dan_key, "dan", "attic");
    dan.wait_for("You play O against cy.");
    let mut dan = dan;
    // Both games one move from X's win along the top row.
    for (x, o) in [(&mut ana, &mut ben), (&mut cy, &mut dan)] {
        for (x_cell, o_cell) in [("a1", "a2"), ("b1", "b2")] {
            play(x, x_cell, &[(o, "Your turn (O).")]);
            play(o, o_cell, &[(x, "Your turn (X).")]);
        }
    }
    ana.send("c1");
    cy.send("c1");
    let rows = results(home.path(), 2);
    let mut firsts: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    firsts.sort_unstable();
    assert_eq!(firsts, ["ana", "cy"]);
    assert!(
        rows.iter().all(|r| r.2.as_deref() == Some("first") && r.4),
        "{rows:?}"
    );
}

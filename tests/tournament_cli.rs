//! The `tournament` command as a user runs it.

mod common;

use std::process::Output;

use common::{stderr, stdout};

fn tournament(args: &[&str]) -> Output {
    common::tictaclatin(&[&["tournament"], args].concat())
}

#[test]
fn a_pairing_prints_wins_draws_and_losses_with_percentages() {
    let out = tournament(&["--first", "greedy", "--second", "random", "--games", "400"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("greedy (first) vs random (second): 400 games, seed 1\n"));
    let counts: Vec<u64> = text
        .lines()
        .skip(1)
        .map(|line| {
            assert!(line.ends_with(" %"), "{line}");
            let fields: Vec<&str> = line.split_whitespace().collect();
            fields[fields.len() - 3].parse().expect("a count")
        })
        .collect();
    assert_eq!(counts.len(), 3, "{text}");
    assert_eq!(counts.iter().sum::<u64>(), 400);
    assert!(text.contains("greedy (first) wins"));
    assert!(text.contains("random (second) wins"));
    assert!(text.contains("draws"));
}

#[test]
fn json_lines_have_the_documented_shape() {
    let out = tournament(&[
        "--first", "perfect", "--second", "greedy", "--games", "300", "--seed", "4", "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let line = text.trim_end();
    assert_eq!(text.lines().count(), 1);
    assert!(line.starts_with(r#"{"first":"perfect","second":"greedy","games":300,"first_wins":"#));
    assert!(line.contains(r#","second_wins":0,"draws":"#), "{line}");
    assert!(
        line.ends_with(r#","seed":4,"time_outs":[0,0],"invalid_moves":[0,0],"points":[0,0]}"#),
        "{line}"
    );
}

#[test]
fn the_same_seed_gives_the_same_results_on_one_and_two_threads() {
    let run = |threads: &str| {
        let out = tournament(&[
            "--round-robin",
            "random,easy,heuristic",
            "--games",
            "200",
            "--seed",
            "42",
            "--threads",
            threads,
            "--json",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let one = run("1");
    assert_eq!(one.lines().count(), 6, "every pair both ways: {one}");
    assert_eq!(one, run("2"));
}

#[test]
fn a_round_robin_prints_a_cross_table() {
    let out = tournament(&["--round-robin", "random,greedy,perfect", "--games", "100"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Wins %"), "{text}");
    assert!(text.contains("Losses %"), "{text}");
    // perfect's row in the losses table: it never loses.
    let losses = text.split("Losses %").nth(1).expect("losses table");
    let perfect_row = losses
        .lines()
        .find(|l| l.starts_with("perfect"))
        .expect("a row for perfect");
    assert_eq!(
        perfect_row.split_whitespace().collect::<Vec<_>>(),
        ["perfect", "0.0", "0.0", "-"]
    );
}

#[test]
fn unknown_players_are_refused_with_the_valid_names() {
    let out = tournament(&["--first", "grandmaster", "--second", "greedy"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("unknown player 'grandmaster'"), "{err}");
    assert!(err.contains("perfect, hard, medium, easy"), "{err}");
    assert!(stdout(&out).is_empty());
}

#[test]
fn bad_arguments_exit_with_status_two() {
    for args in [
        &["--round-robin", "greedy"][..],
        &["--round-robin", "greedy,greedy"],
        &["--first", "lookahead-9", "--second", "greedy"],
        &["--first", "book:first.txt", "--second", "greedy"],
        &["--first", "greedy", "--second", "random", "--games", "0"],
        &["--first", "greedy"],
    ] {
        let out = tournament(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).is_empty(), "{args:?}");
    }
}

/// The shipped book plays its side as the perfect player does: never a loss, and nearly
/// every game won against greedy. (Not the very same games: the book answers a position by
/// its canonical image, and where a position is symmetric the image of the solver's move can
/// be a different, equally good cell, after which greedy's random choices differ.)
#[test]
fn a_book_player_never_loses_and_wins_like_the_perfect_player() {
    let book = concat!(
        "book:",
        env!("CARGO_MANIFEST_DIR"),
        "/assets/book-second.txt"
    );
    let out = tournament(&[
        "--first", "greedy", "--second", book, "--games", "300", "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let line = stdout(&out);
    assert!(line.contains("\"first_wins\":0,"), "{line}");
    let wins: u32 = line
        .split("\"second_wins\":")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .expect("second_wins");
    assert!(wins >= 290, "{line}");
}

#[test]
fn a_book_cannot_play_the_other_side_or_a_round_robin() {
    let book = concat!(
        "book:",
        env!("CARGO_MANIFEST_DIR"),
        "/assets/book-second.txt"
    );
    let out = tournament(&["--first", book, "--second", "greedy", "--games", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("second player's book"),
        "{}",
        stderr(&out)
    );
    let out = tournament(&["--round-robin", &format!("greedy,{book}"), "--games", "5"]);
    assert_eq!(out.status.code(), Some(2));
    let out = tournament(&["--first", "book:missing.txt", "--second", "greedy"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot use book 'missing.txt'"),
        "{}",
        stderr(&out)
    );
}

/// A book that leaves out positions its games reach would have to play other moves there,
/// silently: it is refused at once, naming the first such position.
#[test]
fn a_book_with_holes_is_refused_naming_a_position_it_misses() {
    let dir = tempfile::tempdir().unwrap();
    let full = include_str!("../assets/book-first.txt");
    let half: Vec<&str> = full.lines().take(full.lines().count() / 2).collect();
    let truncated = dir.path().join("truncated.txt");
    std::fs::write(&truncated, half.join("\n")).unwrap();
    let player = format!("book:{}", truncated.display());
    let out = tournament(&["--first", &player, "--second", "random", "--games", "50"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot use book"), "{err}");
    assert!(err.contains("games following it reach position "), "{err}");
    assert!(
        err.contains("where it has no move and none is obvious"),
        "{err}"
    );
    assert!(stdout(&out).is_empty());
    // The whole book plays.
    let whole = concat!(
        "book:",
        env!("CARGO_MANIFEST_DIR"),
        "/assets/book-first.txt"
    );
    let out = tournament(&["--first", whole, "--second", "random", "--games", "50"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

/// One game is "1 game", not "1 games".
#[test]
fn counts_take_the_right_noun() {
    let out = tournament(&["--first", "greedy", "--second", "random", "--games", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("greedy (first) vs random (second): 1 game, seed 1\n"),
        "{text}"
    );
    let out = tournament(&["--round-robin", "greedy,random", "--games", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("2 players, 1 game per pairing and order"),
        "{}",
        stdout(&out)
    );
}

//! The engine line protocol (`core::protocol`) answering extreme tic-tac-toe, in process.

mod common;

use std::time::Duration;

use tictaclatin::core::protocol::ProtocolSession;
use tictaclatin::core::{Engine, PlayerOptions};
use tictaclatin::games::extreme::{Extreme, ExtremeEngine, State};

const TIME: Duration = Duration::from_millis(50);

fn reply(engine: &ExtremeEngine, line: &str) -> Option<String> {
    let options = PlayerOptions {
        movetime: TIME,
        ..PlayerOptions::seeded(1)
    };
    let player = engine.player("max", options).expect("the max player");
    ProtocolSession::new(&Extreme, engine, player).reply(line)
}

fn ask(engine: &ExtremeEngine, line: &str) -> String {
    reply(engine, line).expect("a reply")
}

#[test]
fn a_position_is_answered_with_a_legal_move() {
    let engine = ExtremeEngine;
    let start = State::START.text();
    let answer = ask(&engine, &start);
    let cell = answer.strip_prefix("move ").expect(&answer);
    assert!(State::START.play(cell.parse().unwrap()).is_ok(), "{answer}");
    assert!(ask(&engine, &format!("move {start}")).starts_with("move "));
    // After B2b2, O must answer in B2.
    let after = State::START.play("B2b2".parse().unwrap()).unwrap();
    let answer = ask(&engine, &after.text());
    assert!(answer.starts_with("move B2"), "{answer}");
}

#[test]
fn a_forced_win_is_claimed() {
    // X holds B1, C1, D1 and a1 b1 c1 of A1; O's last move sends X to A1: d1 wins.
    let mut cells = vec!['-'; 256];
    let mut set = |name: &str, ch: char| {
        let c: tictaclatin::games::extreme::ExtremeCell = name.parse().unwrap();
        cells[c.index()] = ch;
    };
    for board in ["B1", "C1", "D1"] {
        for col in ["a", "b", "c", "d"] {
            set(&format!("{board}{col}1"), 'X');
        }
    }
    for col in ["a", "b", "c"] {
        set(&format!("A1{col}1"), 'X');
    }
    for board in [
        "A2", "B2", "C2", "D2", "A3", "C3", "D3", "A4", "B4", "C4", "D4",
    ] {
        set(&format!("{board}d4"), 'O');
    }
    set("B3a1", 'O');
    set("D4a4", 'O');
    let text: String = cells.into_iter().collect();
    let answer = ask(&ExtremeEngine, &format!("{text} B3a1 x"));
    assert_eq!(answer, "move A1d1 win within 1");
}

#[test]
fn a_finished_game_is_over() {
    let engine = ExtremeEngine;
    let mut cells = vec!['-'; 256];
    // X won B1, C1, D1 and A1 (row 1 of each): over x.
    for board in 0..4 {
        for col in 0..4 {
            cells[board * 4 + col] = 'X';
        }
    }
    for board in 4..16 {
        let c = tictaclatin::games::extreme::ExtremeCell::in_board(board, 15);
        cells[c.index()] = 'O';
    }
    let c = tictaclatin::games::extreme::ExtremeCell::in_board(4, 0);
    cells[c.index()] = 'O';
    let text: String = cells.into_iter().collect();
    assert_eq!(ask(&engine, &format!("{text} A1d1 o")), "over x");
    // Every small board decided without a pattern: O won the corners, B1 and B2 (31), X
    // the other edges (28). O's C3b1 drew the last board: O wins on points.
    let (x, o, d) = (
        "XXXX/OO--/----/----",
        "OOOO/XX--/----/----",
        "XOXO/XOXO/OXOX/OXOX",
    );
    let c2 = "OXOX/OXOX/XOXO/XOXO";
    let boards = [o, o, x, o, x, o, c2, x, x, d, d, x, o, x, x, o];
    let ended = common::extreme_position(boards, "C3b1", 'x');
    assert_eq!(ask(&engine, &ended), "over o 28 31");
}

#[test]
fn malformed_lines_are_errors_and_quit_ends() {
    let engine = ExtremeEngine;
    let empty = "-".repeat(256);
    for (line, says) in [
        ("", "error empty request"),
        ("move", "error move needs a position"),
        ("hello", "error unknown request 'hello'"),
        (
            &format!("{} - x", "-".repeat(10)) as &str,
            "error a position has 256 cells, this one has 10",
        ),
        (
            &format!("{empty} K9 x"),
            "error last move: 'K9' is not a cell",
        ),
        (
            &format!("{empty} - q"),
            "error 'q' is not a side to move: use x or o",
        ),
    ] {
        let answer = ask(&engine, line);
        assert!(answer.starts_with(says), "{line:?} gave {answer}");
    }
    // The engine goes on after an error.
    assert!(ask(&engine, &format!("{empty} - x")).starts_with("move "));
    assert_eq!(reply(&engine, "quit"), None);
    assert_eq!(reply(&engine, " QUIT "), None);
}

#[test]
fn a_small_board_won_by_both_is_an_error() {
    let engine = ExtremeEngine;
    let mut cells = vec!['-'; 256];
    for col in 0..4 {
        cells[col] = 'X';
        cells[16 + col] = 'O';
    }
    let text: String = cells.into_iter().collect();
    assert_eq!(
        ask(&engine, &format!("{text} A1d2 x")),
        "error small board A1 is won by both sides"
    );
}

//! Extreme tic-tac-toe through the `core` interface, as the screen and the commands use it.

use std::time::Duration;

use tictaclatin::core::{
    BlockState, CellId, Game, MoveError, Place, PlayerOptions, Position, Side, Status,
};
use tictaclatin::games::extreme::{Extreme, ExtremeEngine};

fn id(name: &str) -> CellId {
    Extreme.parse_cell(name).expect("a cell")
}

fn play(position: Box<dyn Position>, names: &[&str]) -> Box<dyn Position> {
    names.iter().fold(position, |p, n| {
        p.play(id(n).into()).unwrap_or_else(|e| panic!("{n}: {e}"))
    })
}

#[test]
fn names_and_layout() {
    let game = Extreme;
    assert_eq!(game.key(), "extreme");
    assert_eq!(game.title(), "Extreme tic-tac-toe");
    let layout = game.layout();
    assert_eq!((layout.blocks.rows, layout.blocks.cols), (4, 4));
    assert_eq!((layout.cells.rows, layout.cells.cols), (4, 4));
    assert_eq!(layout.cell_count(), 256);
    assert!(!game.rules().is_empty());
}

#[test]
fn cells_are_r_times_16_plus_c_and_placed_in_their_small_board() {
    let game = Extreme;
    // B3c1: global row 8, column 6.
    let cell = id("B3c1");
    assert_eq!(cell, CellId::new(8 * 16 + 6));
    assert_eq!(id("8,6"), cell);
    assert_eq!(id("8 6"), cell);
    assert_eq!(
        game.place(cell),
        Place {
            block: 9,
            row: 0,
            col: 2
        }
    );
    assert_eq!(game.cell_name(cell), "B3c1");
    for index in 0..256 {
        let cell = CellId::new(index);
        assert_eq!(game.cell_at(game.place(cell)), Some(cell));
    }
    assert_eq!(
        game.cell_at(Place {
            block: 16,
            row: 0,
            col: 0
        }),
        None
    );
    let err = game.parse_cell("Z9").unwrap_err();
    assert!(err.to_string().contains("B3c1"), "{err}");
}

#[test]
fn positions_report_moves_blocks_points_and_the_bonus() {
    let game = Extreme;
    let start = game.start();
    assert_eq!(start.legal_moves().len(), 256);
    assert_eq!(Extreme.points(&*start), Some([0, 0]));
    assert_eq!(Extreme.blocks(&*start), vec![BlockState::Open; 16]);
    assert!(!Extreme.bonus_move(&*start));
    // X plays b1, c1, d1 of A1, sending O to B1, C1, D1; O answers at a1 of each, which
    // sends X back to A1.
    let after = play(start, &["A1b1", "B1a1", "A1c1", "C1a1", "A1d1", "D1a1"]);
    assert_eq!(after.to_move(), Side::First);
    let legal = after.legal_moves();
    assert_eq!(legal.len(), 13);
    assert!(legal.windows(2).all(|w| w[0] < w[1]), "lowest index first");
    assert!(legal.iter().all(|&m| game.place(m.placed()).block == 0));
    assert_eq!(
        after.play(id("A1b1").into()).unwrap_err(),
        MoveError::Taken("A1b1 is taken".into())
    );
    assert!(matches!(
        after.play(id("B1b1").into()).unwrap_err(),
        MoveError::NotAllowed(_)
    ));
}

#[test]
fn a_small_board_win_shows_in_blocks_points_and_bonus() {
    let game = Extreme;
    // As above, then A1a1 completes row 1 of A1: X wins the corner board (6 points) and
    // moves again; a1 sends X to A1 itself, now closed, so the bonus move is open.
    let position = play(
        game.start(),
        &["A1b1", "B1a1", "A1c1", "C1a1", "A1d1", "D1a1", "A1a1"],
    );
    assert_eq!(Extreme.blocks(&*position)[0], BlockState::Won(Side::First));
    assert_eq!(Extreme.points(&*position), Some([6, 0]));
    assert!(Extreme.bonus_move(&*position));
    assert_eq!(position.to_move(), Side::First);
    assert_eq!(position.legal_moves().len(), 256 - 16 - 3);
    let text = position.text();
    let back = game.parse_position(&text).unwrap();
    assert_eq!(back.text(), text);
    assert!(Extreme.bonus_move(&*back));
}

#[test]
fn bad_position_texts_are_refused_with_a_reason() {
    let game = Extreme;
    let empty = "-".repeat(256);
    for (text, says) in [
        (format!("{} - x", "-".repeat(200)), "256 cells"),
        (format!("{empty} Q9 x"), "not a cell"),
        (format!("{empty} - z"), "use x or o"),
    ] {
        let err = game.parse_position(&text).unwrap_err();
        assert!(err.to_string().contains(says), "{err}");
    }
}

#[test]
fn a_won_game_marks_the_four_small_boards() {
    // A position where X holds B1, C1, D1 and wins A1 with d1.
    let mut cells = vec!['-'; 256];
    let mut set = |name: &str, ch: char| cells[id(name).index()] = ch;
    for board in ["A1", "B1", "C1", "D1"] {
        for col in ["a", "b", "c", "d"] {
            set(&format!("{board}{col}1"), 'X');
        }
    }
    for (i, board) in [
        "A2", "B2", "C2", "D2", "A3", "B3", "C3", "D3", "A4", "B4", "C4", "D4",
    ]
    .iter()
    .enumerate()
    {
        set(&format!("{board}d4"), 'O');
        if i < 2 {
            set(&format!("{board}a4"), 'O');
        }
    }
    set("B3d4", '-');
    set("B3a1", 'O');
    set("A4a4", 'O');
    let text: String = cells.into_iter().collect();
    let position = Extreme.parse_position(&format!("{text} A1d1 o")).unwrap();
    assert_eq!(position.status(), Status::Won(Side::First));
    let lines = position.marked_lines();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].side, Side::First);
    assert_eq!(lines[0].cells.len(), 64);
    assert!(lines[0].cells.iter().all(|&c| Extreme.place(c).block < 4));
    assert!(position.legal_moves().is_empty());
}

#[test]
fn the_engine_builds_every_named_player_and_each_plays_legally() {
    let engine = ExtremeEngine;
    let names = tictaclatin::core::Engine::player_names(&engine);
    assert_eq!(names, ["max", "hard", "medium", "easy", "greedy", "random"]);
    let options = PlayerOptions {
        seed: 1,
        movetime: Duration::from_millis(30),
        threads: 1,
    };
    for name in &names {
        let mut player = tictaclatin::core::Engine::player(&engine, name, options).unwrap();
        let mut position = Extreme.start();
        for _ in 0..6 {
            let decision = player.decide(position.as_ref()).expect("a move");
            position = position
                .play(decision.mv)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
    // `perfect` is every game's name for its top level: here the same player as `max`.
    let top = tictaclatin::core::Engine::player(&engine, "perfect", options).unwrap();
    assert_eq!(top.name(), "max");
    let err = tictaclatin::core::Engine::player(&engine, "grandmaster", options)
        .err()
        .unwrap();
    assert!(err.to_string().contains("max, hard"), "{err}");
}

#[test]
fn hints_cover_every_legal_move() {
    let engine = ExtremeEngine;
    let position = play(Extreme.start(), &["B2b2"]);
    let hints = tictaclatin::core::Engine::hints(&engine, position.as_ref());
    let moves: Vec<_> = hints.iter().map(|&(m, _)| m).collect();
    assert_eq!(moves, position.legal_moves());
    assert!(tictaclatin::core::Engine::value(&engine, position.as_ref()).is_none());
}

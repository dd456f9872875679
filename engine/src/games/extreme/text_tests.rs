//! Position text: round trips over random games, and every refusal.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::core::Side;

use super::rules::State;
use super::testing::{Setup, cell};
use super::text::ExtremePositionError;
use crate::core::words::one_per_line;

const X: Side = Side::First;
const O: Side = Side::Second;

fn random_game(seed: u64) -> Vec<State> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut states = vec![State::START];
    let mut state = State::START;
    while !state.status().is_over() {
        let moves: Vec<_> = state.moves().cells().collect();
        state = state.play(moves[rng.random_range(0..moves.len())]).unwrap();
        states.push(state);
    }
    states
}

#[test]
fn every_position_of_random_games_reads_back_the_same() {
    let mut bonus_positions = 0;
    for seed in 0..40 {
        for state in random_game(seed) {
            let text = state.text();
            assert_eq!(text.parse::<State>(), Ok(state), "{text}");
            bonus_positions += usize::from(state.bonus());
        }
    }
    assert!(bonus_positions > 100, "the games include bonus moves");
}

#[test]
fn the_text_is_256_cells_the_last_move_and_the_side() {
    let state = State::START;
    let start = state.text();
    assert_eq!(start, format!("{} - x", "-".repeat(256)));
    let after = state.play(cell("B3c1")).unwrap();
    let text = after.text();
    let words: Vec<&str> = text.split(' ').collect();
    assert_eq!(words[1..], ["B3c1", "o"]);
    // Global (8, 6) holds the X.
    assert_eq!(words[0].find('X'), Some(8 * 16 + 6));
}

#[test]
fn slashes_dots_and_numbers_are_accepted() {
    let mut cells: Vec<String> = (0..16).map(|_| ".".repeat(16)).collect();
    cells[8].replace_range(6..7, "X");
    let text = format!("{} 8,6 o", cells.join("/"));
    let state: State = text.parse().unwrap();
    assert_eq!(state.last_move(), Some(cell("B3c1")));
    assert_eq!(state.board().at(cell("B3c1")), Some(X));
}

fn refused(text: &str) -> ExtremePositionError {
    text.parse::<State>().unwrap_err()
}

fn with_x_at(index: usize) -> String {
    let mut cells = vec!['-'; 256];
    cells[index] = 'X';
    cells.into_iter().collect()
}

#[test]
fn malformed_texts_are_refused_with_their_reason() {
    let empty = "-".repeat(256);
    assert_eq!(refused(""), ExtremePositionError::Words(0));
    assert_eq!(
        refused(&format!("{empty} - x extra")),
        ExtremePositionError::Words(4)
    );
    assert_eq!(
        refused(&format!("{} - x", "-".repeat(255))),
        ExtremePositionError::Length(255)
    );
    assert_eq!(
        refused(&format!("{empty}- - x")),
        ExtremePositionError::Length(257)
    );
    assert!(matches!(
        refused(&format!("{}Z - x", "-".repeat(255))),
        ExtremePositionError::Character { ch: 'Z', cell: 255 }
    ));
    assert!(matches!(
        refused(&format!("{empty} Z9z9 x")),
        ExtremePositionError::LastMove(_)
    ));
    assert!(matches!(
        refused(&format!("{empty} 16,0 x")),
        ExtremePositionError::LastMove(_)
    ));
    assert_eq!(
        refused(&format!("{empty} - y")),
        ExtremePositionError::Side("y".into())
    );
    assert_eq!(
        refused(&format!("{empty} - o")),
        ExtremePositionError::FirstMoveByO
    );
    assert_eq!(
        refused(&format!("{} - o", with_x_at(0))),
        ExtremePositionError::NoLastMove
    );
    assert_eq!(
        refused(&format!("{empty} A1a1 o")),
        ExtremePositionError::LastMoveEmpty(cell("A1a1"))
    );
    // Every message names the problem in words.
    let message = refused(&format!("{empty} - y")).to_string();
    assert_eq!(message, "'y' is not a side to move: use x or o");
}

#[test]
fn small_boards_that_no_game_could_leave_are_refused() {
    let cases = [
        (
            // Won by both sides at once.
            Setup::new()
                .board("A1", "XXXX/OOOO/----/----")
                .stones(X, &["B1a1", "C1a1"])
                .stones(O, &["B1b1"]),
            "B1b1",
            ExtremePositionError::BothWonSmall(0),
        ),
        (
            // Two separate rows of X: the board was won by one and played on after.
            Setup::new()
                .board("A1", "XXXX/OOO-/XXXX/OOO-")
                .stones(O, &["B2a1", "C2a1"]),
            "C2a1",
            ExtremePositionError::PlayedAfterWon(0),
        ),
        (
            // The last move was made in a board the other side had won.
            Setup::new()
                .board("A1", "XXXX/O---/----/----")
                .stones(O, &["B1a1", "C1a1"]),
            "A1a2",
            ExtremePositionError::LastMoveInClosedBoard(cell("A1a2")),
        ),
    ];
    for (setup, last, refusal) in cases {
        assert_eq!(setup.try_state(last, 'x').unwrap_err(), refusal, "{last}");
    }
    let both = ExtremePositionError::BothWonSmall(0).to_string();
    assert_eq!(both, "small board A1 is won by both sides");
}

#[test]
fn counts_no_order_of_turns_explains_are_refused() {
    // Three X stones, no O stone, no small board won.
    let setup = Setup::new().stones(X, &["A1a1", "B1a1", "C1a1"]);
    assert_eq!(
        setup.try_state("C1a1", 'o').unwrap_err(),
        ExtremePositionError::Counts { x: 3, o: 0 }
    );
    // O ahead of X.
    let setup = Setup::new()
        .stones(X, &["A1a1"])
        .stones(O, &["B1a1", "C1a1"]);
    assert_eq!(
        setup.try_state("C1a1", 'x').unwrap_err(),
        ExtremePositionError::Counts { x: 1, o: 2 }
    );
    // Even counts with X to move and one small board won: X won it and took the bonus? No:
    // O moved last, so the turns are even, and X's extra stone is its bonus.
    let setup = Setup::new()
        .board("A1", "XXXX/----/----/----")
        .stones(X, &["B1a1"])
        .stones(O, &["C1a1", "D1a1", "A2a1", "B2a1"]);
    assert!(setup.try_state("B2a1", 'x').is_ok());
}

#[test]
fn a_side_to_move_against_the_bonus_rule_is_refused() {
    // X moved last without winning a small board: O is to move, not X.
    let setup = Setup::new().stones(X, &["A1a1"]);
    let err = setup.try_state("A1a1", 'x').unwrap_err();
    assert_eq!(
        err,
        ExtremePositionError::Bonus {
            side: X,
            last: cell("A1a1")
        }
    );
    assert_eq!(
        err.to_string(),
        "X moved last (A1a1) without winning a small board, so O is to move"
    );
    // X's last move won A1: X is on its bonus move; O to move would need an earlier bonus.
    let setup = Setup::new()
        .board("A1", "XXXX/OO--/----/----")
        .stones(O, &["B1a1"]);
    let bonus = setup.try_state("A1d1", 'x').unwrap();
    assert!(bonus.bonus());
    assert_eq!(bonus.to_move(), X);
    assert!(matches!(
        setup.try_state("A1d1", 'o').unwrap_err(),
        ExtremePositionError::Counts { .. }
    ));
}

#[test]
fn both_sides_holding_a_big_pattern_are_refused() {
    let mut setup = Setup::new();
    for b in ["A1", "B1", "C1", "D1"] {
        setup = setup.board(b, "XXXX/----/----/----");
    }
    for b in ["A2", "B2", "C2", "D2"] {
        setup = setup.board(b, "OOOO/----/----/----");
    }
    assert_eq!(
        setup.try_state("D1d1", 'o').unwrap_err(),
        ExtremePositionError::BothWonBig
    );
}

#[test]
fn every_refusal_reads_as_a_sentence() {
    use super::cell::ExtremeCellParseError;
    let b3c1 = cell("B3c1");
    let said = one_per_line([
        ExtremePositionError::LastMove(ExtremeCellParseError("q".into())),
        ExtremePositionError::NoLastMove,
        ExtremePositionError::FirstMoveByO,
        ExtremePositionError::LastMoveEmpty(b3c1),
        ExtremePositionError::LastMoveInClosedBoard(b3c1),
        ExtremePositionError::PlayedAfterWon(5),
        ExtremePositionError::BothWonBig,
        ExtremePositionError::WinNotByLastMove,
        ExtremePositionError::Counts { x: 1, o: 0 },
    ]);
    let expected = "\
last move: 'q' is not a cell: name it like B3c1 (small board column A-D and row 1-4, then the \
cell's column a-d and row 1-4) or give row and column 0-15 as r,c, or - before the first move
there are stones on the board but no last move
X moves first: the empty board has x to move
the last move B3c1 is an empty cell
the last move B3c1 is in small board B3, which the other side had won
small board B2 has stones played after it was won
both sides hold a pattern of small boards
the game was won before the last move, or not by the side that made it
X has 1 stone and O has 0: no order of turns (with bonus moves only after winning small boards) \
explains that";
    assert_eq!(said, expected);
}

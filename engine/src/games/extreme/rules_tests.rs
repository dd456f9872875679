//! Every rule of rules/extreme.md, on positions worked out by hand.

use crate::core::{Side, Status};

use super::patterns::POINTS;
use super::rules::State;
use super::testing::{
    Setup, X_31_O_28, cell, one_move_from_the_points, play, x_wins_31_to_28_on_the_next_move,
};

const X: Side = Side::First;
const O: Side = Side::Second;

/// The cells of small board `name` that are empty in `state`.
fn board_cells(state: &State, name: &str) -> Vec<String> {
    let b = cell(&format!("{name}a1")).board();
    state
        .moves()
        .cells()
        .filter(|c| c.board() == b)
        .map(|c| c.to_string())
        .collect()
}

#[test]
fn the_first_move_may_go_anywhere() {
    let start = State::START;
    assert_eq!(start.target(), None);
    assert_eq!(start.moves().count(), 256);
    assert_eq!(start.to_move(), X);
    for name in ["A1a1", "D4d4", "B3c1", "C2b4"] {
        assert!(start.play(cell(name)).is_ok(), "{name}");
    }
}

#[test]
fn a_move_sends_the_next_player_to_the_board_of_its_local_position() {
    // B3c1 lies at local (row 0, column 2): O must play in small board C1.
    let state = play(State::START, &["B3c1"]);
    assert_eq!(state.to_move(), O);
    assert_eq!(state.target(), Some(cell("C1a1").board()));
    assert_eq!(state.moves().count(), 16);
    assert!(state.moves().cells().all(|c| c.board() == 2));
    let refused = state.play(cell("C2a1")).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "C2a1 is not in small board C1, where this move must go"
    );
    // O answers in C1 at local (3, 3): X goes to D4.
    let state = play(state, &["C1d4"]);
    assert_eq!(state.target(), Some(15));
}

#[test]
fn a_move_may_send_the_opponent_into_the_same_board() {
    let state = play(State::START, &["B2b2"]);
    assert_eq!(state.target(), Some(cell("B2a1").board()));
    assert_eq!(state.moves().count(), 15);
}

#[test]
fn a_taken_cell_is_refused() {
    let state = play(State::START, &["A1a1"]);
    assert_eq!(
        state.play(cell("A1a1")).unwrap_err().to_string(),
        "A1a1 is taken"
    );
}

/// X holds column b of A1 but for b2 and is sent to A1 by O's last move C3a1.
fn x_threatens_a1() -> Setup {
    Setup::new()
        .board("A1", "-X--/----/-X--/-X--")
        .stones(O, &["C3a1", "D4d4", "D1a2"])
}

#[test]
fn winning_a_small_board_earns_a_bonus_move_sent_by_the_winning_move() {
    let state = x_threatens_a1().state("C3a1", 'x');
    assert_eq!(state.target(), Some(0));
    let after = play(state, &["A1b2"]);
    assert_eq!(after.board().won(X), 1 << 0);
    assert_eq!(after.to_move(), X, "the bonus move is X's");
    assert!(after.bonus());
    assert_eq!(after.status(), Status::InPlay);
    // Correspondence from the winning move: b2 is local (1, 1), small board B2.
    assert_eq!(after.target(), Some(5));
    // The bonus move may send O to the board X just played in.
    let after = play(after, &["B2b2"]);
    assert_eq!((after.to_move(), after.bonus()), (O, false));
    assert_eq!(after.target(), Some(5));
}

#[test]
fn a_win_by_the_bonus_move_earns_nothing_more_and_the_next_turn_earns_afresh() {
    // X also threatens B2 (row 2 but for b2) and C1 (row 1 but for d1).
    let state = x_threatens_a1()
        .board("B2", "----/X-XX/----/----")
        .board("C1", "XXX-/----/----/----")
        .stones(O, &["D4a1", "D3b2", "D3c3", "A4a4", "A4b1", "B4c4"])
        .state("C3a1", 'x');
    let after = play(state, &["A1b2"]);
    assert!(after.bonus());
    let after = play(after, &["B2b2"]);
    assert_eq!(after.board().won(X), (1 << 0) | (1 << 5));
    assert_eq!(
        (after.to_move(), after.bonus()),
        (O, false),
        "no second bonus"
    );
    // B2 is now closed, so O, sent there, has an open move.
    assert_eq!(after.target(), None);
    // O sends X to C1 (c1 is local (0, 2)); X wins C1 and earns a fresh bonus.
    let after = play(after, &["D4c1", "C1d1"]);
    assert_eq!(after.board().won(X) & (1 << 2), 1 << 2);
    assert_eq!((after.to_move(), after.bonus()), (X, true));
}

#[test]
fn the_opponent_also_earns_a_bonus() {
    // O holds diamond 0 of D4 but for c2 (local (1, 2)); X's last move D2d4 sends O there.
    let state = Setup::new()
        .board("D4", "-O--/O---/-O--/----")
        .stones(X, &["A1a1", "B1a1", "C1a1", "D2d4"])
        .state("D2d4", 'o');
    let after = play(state, &["D4c2"]);
    assert_eq!((after.to_move(), after.bonus()), (O, true));
    assert_eq!(after.board().points(), [0, 6]);
}

#[test]
fn a_won_board_is_closed_and_sending_there_gives_an_open_move() {
    // X won A1 earlier; O's last move B3a1 (local (0, 0)) sends X to A1.
    let state = Setup::new()
        .board("A1", "XXXX/OO--/----/----")
        .stones(X, &["C1a1", "D1b1"])
        .stones(O, &["C2a1", "D2a1", "B3a1"])
        .state("B3a1", 'x');
    assert_eq!(state.target(), None);
    let closed = state.play(cell("A1a3")).unwrap_err();
    assert_eq!(
        closed.to_string(),
        "A1a3 is in small board A1, which is closed"
    );
    // Every empty cell of the 15 open boards: 256 - 16 (A1) - 5 other stones.
    assert_eq!(state.moves().count(), 256 - 16 - 5);
    assert!(state.play(cell("D4d4")).is_ok());
}

#[test]
fn a_full_board_gives_an_open_move_and_no_bonus_nor_points() {
    // A1 is one cell from full, and O filling it makes no pattern:
    // X O X O / X O X O / O X O X / O X O O. O is sent to A1 by X's last move D2a1.
    let state = Setup::new()
        .board("A1", "XOXO/XOXO/OXOX/OXO-")
        .stones(X, &["B1a1", "D2a1"])
        .state("D2a1", 'o');
    assert_eq!(board_cells(&state, "A1"), ["A1d4"]);
    let after = play(state, &["A1d4"]);
    assert_eq!(after.board().drawn(), 1);
    assert_eq!(
        (after.to_move(), after.bonus()),
        (X, false),
        "a draw earns no bonus"
    );
    assert_eq!(after.board().points(), [0, 0]);
    // d4 is local (3, 3): X goes to D4, which is open. Later, anyone sent to A1 moves
    // anywhere.
    assert_eq!(after.target(), Some(15));
    let after = play(after, &["D4a1", "A2a1"]);
    assert_eq!(after.target(), None);
    assert_eq!(after.moves().count(), 256 - 16 - 4);
}

/// X won three small boards (each with row 1) and holds row 1 of `last_board` but for d1;
/// O's last move sends X there. O's 13 stones stand alone in the other boards.
fn x_one_board_from(won: [&str; 3], last_board: &str) -> State {
    let mut setup = Setup::new();
    for name in won {
        setup = setup.board(name, "XXXX/----/----/----");
    }
    setup = setup.board(last_board, "XXX-/----/----/----");
    let last_local = cell(&format!("{last_board}a1")).board();
    let used: Vec<usize> = won
        .iter()
        .chain([&last_board])
        .map(|n| cell(&format!("{n}a1")).board())
        .collect();
    let free: Vec<usize> = (0..16).filter(|b| !used.contains(b)).collect();
    // O's last stone is at the local position of X's board, in some free board.
    let last = super::cell::ExtremeCell::in_board(free[0], last_local);
    let mut o = vec![last];
    for &b in free.iter().skip(1) {
        // Local (3, 3) never completes anything alone; avoid it if it is the same cell.
        o.push(super::cell::ExtremeCell::in_board(b, 15));
    }
    let names: Vec<String> = o.iter().map(std::string::ToString::to_string).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).take(13).collect();
    let setup = setup.stones(O, &refs);
    setup.state(&last.to_string(), 'x')
}

#[test]
fn a_row_of_small_boards_wins_the_game_without_a_bonus() {
    let state = x_one_board_from(["B1", "C1", "D1"], "A1");
    let over = play(state, &["A1d1"]);
    assert_eq!(over.status(), Status::Won(X));
    assert!(!over.bonus());
    assert!(over.moves().cells().next().is_none());
    assert_eq!(
        over.play(cell("D4a4")).unwrap_err().to_string(),
        "the game is over"
    );
}

#[test]
fn a_column_of_small_boards_wins_the_game() {
    let state = x_one_board_from(["B1", "B2", "B4"], "B3");
    assert_eq!(play(state, &["B3d1"]).status(), Status::Won(X));
}

#[test]
fn a_diamond_of_small_boards_wins_the_game() {
    // The diamond around B2: B1, A2, C2, B3.
    let state = x_one_board_from(["B1", "A2", "C2"], "B3");
    assert_eq!(play(state, &["B3d1"]).status(), Status::Won(X));
    // And the diamond around C3: C2, B3, D3, C4.
    let state = x_one_board_from(["C2", "B3", "D3"], "C4");
    assert_eq!(play(state, &["C4d1"]).status(), Status::Won(X));
}

#[test]
fn a_diagonal_of_small_boards_does_not_win() {
    let state = x_one_board_from(["A1", "B2", "C3"], "D4");
    let after = play(state, &["D4d1"]);
    assert_eq!(after.status(), Status::InPlay);
    assert_eq!(after.board().won(X).count_ones(), 4);
    assert!(after.bonus(), "the win earns its bonus move as usual");
}

#[test]
fn the_side_ahead_on_points_wins_when_all_16_are_decided_without_a_pattern() {
    let (state, last) = x_wins_31_to_28_on_the_next_move();
    assert_eq!(state.status(), Status::InPlay);
    assert_eq!(state.decided_on_points(), None);
    let over = state.play(last).unwrap();
    assert_eq!(
        over.board().closed(),
        0xFFFF,
        "every small board is decided"
    );
    assert_eq!(over.board().points(), [31, 28]);
    // O made the last move, yet X is ahead: X wins, on points.
    assert_eq!(over.status(), Status::Won(X));
    assert_eq!(over.decided_on_points(), Some([31, 28]));
    assert!(over.moves().cells().next().is_none());
    assert_eq!(POINTS.iter().sum::<u32>(), 68);
}

#[test]
fn the_second_side_wins_on_points_too() {
    // The same boards with the sides' wins swapped: O ahead 31 : 28.
    let (x_31, o_28) = X_31_O_28;
    let (state, last) = one_move_from_the_points(&o_28, &x_31);
    let over = state.play(last).unwrap();
    assert_eq!(over.status(), Status::Won(O));
    assert_eq!(over.decided_on_points(), Some([28, 31]));
}

#[test]
fn equal_points_at_the_end_are_a_draw() {
    // X without B2 (drawn instead): 28 : 28.
    let (x_31, o_28) = X_31_O_28;
    let (state, last) = one_move_from_the_points(&x_31[..5], &o_28);
    let over = state.play(last).unwrap();
    assert_eq!(over.status(), Status::Draw);
    assert_eq!(over.decided_on_points(), Some([28, 28]));
}

#[test]
fn a_win_by_pattern_is_not_decided_on_points() {
    let state = x_one_board_from(["B1", "C1", "D1"], "A1");
    let over = play(state, &["A1d1"]);
    assert_eq!(over.status(), Status::Won(X));
    assert_eq!(over.decided_on_points(), None);
}

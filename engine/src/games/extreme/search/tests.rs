//! The search on positions with known answers.

use std::sync::Arc;
use std::time::Duration;

use crate::core::Side;
use crate::games::extreme::rules::State;
use crate::games::extreme::testing::{Setup, cell, play};

use super::score::{MATE, is_mate};
use super::{Limits, Table, search};

fn table() -> Arc<Table> {
    Arc::new(Table::new(4))
}

#[test]
fn the_search_plays_a_legal_move_from_the_start() {
    let report = search(&State::START, &Limits::depth(3), &table()).unwrap();
    assert!(State::START.play(report.best).is_ok());
    assert_eq!(report.depth, 3);
    assert!(!is_mate(report.score));
}

#[test]
fn a_finished_game_has_no_move() {
    let state = x_one_board_from_the_top_row();
    let over = play(state, &["A1d1"]);
    assert!(search(&over, &Limits::depth(2), &table()).is_none());
}

/// X won B1, C1, D1 and holds a1 b1 c1 of A1; O's last move B3a1 sends X to A1.
fn x_one_board_from_the_top_row() -> State {
    let mut setup = Setup::new();
    for b in ["B1", "C1", "D1"] {
        setup = setup.board(b, "XXXX/----/----/----");
    }
    setup
        .board("A1", "XXX-/----/----/----")
        .stones(
            Side::Second,
            &[
                "A2d4", "B2d4", "C2d4", "D2d4", "A3d4", "B3a1", "C3d4", "D3d4", "A4d4", "B4d4",
                "C4d4", "D4d4", "D4a4",
            ],
        )
        .state("B3a1", 'x')
}

#[test]
fn the_search_takes_a_win_in_one() {
    let report = search(&x_one_board_from_the_top_row(), &Limits::depth(4), &table()).unwrap();
    assert_eq!(report.best, cell("A1d1"));
    assert_eq!(report.score, MATE - 1);
}

#[test]
fn the_search_wins_with_a_bonus_move() {
    // X won B1 and C1; X can win A1 (d1) and then, on its bonus move sent to D1 (d1 is
    // local (0, 3)), win D1 (d2) for the row. O cannot answer in between.
    let mut setup = Setup::new();
    for b in ["B1", "C1"] {
        setup = setup.board(b, "XXXX/----/----/----");
    }
    let state = setup
        .board("A1", "XXX-/----/----/----")
        .board("D1", "---X/---X/----/---X")
        .stones(
            Side::Second,
            &[
                "A2d4", "B2d4", "C2d4", "D2d4", "A3d4", "B3a1", "C3d4", "D3d4", "A4d4", "B4d4",
                "C4d4", "D4d4", "D4a4",
            ],
        )
        .state("B3a1", 'x');
    let report = search(&state, &Limits::depth(4), &table()).unwrap();
    assert_eq!(report.best, cell("A1d1"));
    assert_eq!(report.score, MATE - 2, "win in two plies, both X's");
}

/// Tests run side by side on a busy machine, where a thread may wait its turn for long;
/// the bound only shows that the search heeds its clock (without it, it would search for
/// minutes). The README's clock figures measure the real margin.
const OVERSHOOT: Duration = Duration::from_millis(500);

#[test]
fn the_search_stops_in_time() {
    let budget = Duration::from_millis(150);
    let report = search(&State::START, &Limits::time(budget, 1), &table()).unwrap();
    assert!(report.elapsed < budget + OVERSHOOT, "{:?}", report.elapsed);
    assert!(report.elapsed >= budget / 2, "{:?}", report.elapsed);
    assert!(report.depth >= 1);
}

#[test]
fn two_threads_search_too() {
    let budget = Duration::from_millis(150);
    let report = search(&State::START, &Limits::time(budget, 2), &table()).unwrap();
    assert!(report.elapsed < budget + OVERSHOOT, "{:?}", report.elapsed);
    assert!(State::START.play(report.best).is_ok());
}

/// All but D4 decided: X won A1 (6), O won D1 (6), the rest drawn. X, sent to D4 by O's
/// last move C4d4, completes row 1 of D4 with d1: the game ends 12 to 6.
fn ahead_on_points_in_d4() -> State {
    let drawn = "XOXO/XOXO/OXOX/OXOX";
    let mut setup = Setup::new()
        .board("A1", "XXXX/OO--/----/----")
        .board("D1", "OOOO/XX--/X---/----")
        .board("D4", "XXX-/OO--/O---/----")
        .board("C4", "XOXO/OXOX/OXOX/XOXO");
    for name in [
        "B1", "C1", "A2", "B2", "C2", "D2", "A3", "B3", "C3", "D3", "A4", "B4",
    ] {
        setup = setup.board(name, drawn);
    }
    setup.state("C4d4", 'x')
}

#[test]
fn the_search_ends_the_game_ahead_on_points() {
    let state = ahead_on_points_in_d4();
    let report = search(&state, &Limits::depth(3), &table()).unwrap();
    assert_eq!(report.best, cell("D4d1"));
    assert_eq!(report.score, super::score::points_end(6));
    let end = play(state, &["D4d1"]);
    assert_eq!(
        end.status(),
        crate::core::Status::Won(Side::First),
        "on points"
    );
    assert_eq!(end.decided_on_points(), Some([12, 6]));
}

#[test]
fn a_claim_is_made_only_for_a_proven_result() {
    use crate::core::Claim;
    use crate::games::extreme::players::searcher::claim;
    let state = x_one_board_from_the_top_row();
    let report = search(&state, &Limits::depth(4), &table()).unwrap();
    assert_eq!(claim(&state, &report), Some(Claim::WinWithin(1)));
    let report = search(&State::START, &Limits::depth(2), &table()).unwrap();
    assert_eq!(claim(&State::START, &report), None);
}

#[test]
fn a_proven_end_on_points_is_claimed_as_a_win_or_a_loss_by_the_end_of_the_game() {
    use crate::core::Claim;
    use crate::games::extreme::players::searcher::claim;
    use crate::games::extreme::testing::x_wins_31_to_28_on_the_next_move;
    // X takes D4 with d1 and wins 12 : 6 on points; D4's 10 empty cells are all the
    // moves the game has left, so the win comes within 10 plies (here in 1).
    let state = ahead_on_points_in_d4();
    assert_eq!(state.plies_left(), 10);
    let report = search(&state, &Limits::depth(3), &table()).unwrap();
    assert_eq!(claim(&state, &report), Some(Claim::WinWithin(10)));
    let hints = super::hints::score_moves(&state, Duration::from_millis(200), &table());
    let (_, d1) = hints.iter().find(|(c, _)| *c == cell("D4d1")).unwrap();
    assert_eq!(*d1, crate::core::Hint::Proven(Claim::WinWithin(10)));
    // O's only move ends the game 31 : 28 for X: a loss for O, on points.
    let (state, last) = x_wins_31_to_28_on_the_next_move();
    let report = search(&state, &Limits::depth(2), &table()).unwrap();
    assert_eq!(report.best, last);
    assert_eq!(claim(&state, &report), Some(Claim::LossWithin(1)));
}

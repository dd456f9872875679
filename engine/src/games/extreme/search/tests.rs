//! The search on positions with known answers.

use std::time::{Duration, Instant};

use crate::core::root::SearchSettings;
use crate::core::{Analysis, Budget, Claim, Hint, Move, Position, Side};
use crate::games::extreme::rules::State;
use crate::games::extreme::testing::{Setup, cell, play};

use super::analysis::analyze;

fn at_depth(state: &State, depth: u32) -> Option<Analysis> {
    analyze(state, &SearchSettings::new(Budget::Depth(depth), 1))
}

fn mv(name: &str) -> Move {
    Move::new(cell(name).index())
}

/// The best move's figure.
fn best_figure(analysis: &Analysis) -> Hint {
    analysis.figure(analysis.best).unwrap()
}

#[test]
fn the_search_plays_a_legal_move_from_the_start() {
    let analysis = at_depth(&State::START, 3).unwrap();
    assert!(State::START.legal_moves().contains(&analysis.best));
    assert_eq!(analysis.depth, 3);
    assert!(matches!(best_figure(&analysis), Hint::Guess(_)));
}

#[test]
fn a_finished_game_has_no_move() {
    let state = x_one_board_from_the_top_row();
    let over = play(state, &["A1d1"]);
    assert!(at_depth(&over, 2).is_none());
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
    let analysis = at_depth(&x_one_board_from_the_top_row(), 4).unwrap();
    assert_eq!(analysis.best, mv("A1d1"));
    assert_eq!(analysis.claim(), Some(Claim::WinWithin(1)));
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
    let analysis = at_depth(&state, 4).unwrap();
    assert_eq!(analysis.best, mv("A1d1"));
    assert_eq!(
        analysis.claim(),
        Some(Claim::WinWithin(2)),
        "win in two plies, both X's"
    );
}

/// Tests run side by side on a busy machine, where a thread may wait its turn for long;
/// the bound only shows that the search heeds its clock (without it, it would search for
/// minutes). The README's clock figures measure the real margin.
const OVERSHOOT: Duration = Duration::from_millis(500);

#[test]
fn the_search_stops_in_time_on_one_thread_or_two() {
    let budget = Duration::from_millis(150);
    for threads in [1, 2] {
        let start = Instant::now();
        let analysis = analyze(
            &State::START,
            &SearchSettings::new(Budget::Time(budget), threads),
        );
        let elapsed = start.elapsed();
        assert!(elapsed < budget + OVERSHOOT, "{elapsed:?}");
        assert!(analysis.unwrap().depth >= 1);
    }
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
    let analysis = at_depth(&state, 3).unwrap();
    assert_eq!(analysis.best, mv("D4d1"));
    // Ahead on points by the end of the game: a win within the 10 plies left.
    assert_eq!(analysis.claim(), Some(Claim::WinWithin(10)));
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
    let state = x_one_board_from_the_top_row();
    assert_eq!(
        at_depth(&state, 4).unwrap().claim(),
        Some(Claim::WinWithin(1))
    );
    assert_eq!(at_depth(&State::START, 2).unwrap().claim(), None);
}

#[test]
fn a_proven_end_on_points_is_claimed_as_a_win_or_a_loss_by_the_end_of_the_game() {
    use crate::games::extreme::testing::x_wins_31_to_28_on_the_next_move;
    // X takes D4 with d1 and wins 12 : 6 on points; D4's 10 empty cells are all the
    // moves the game has left, so the win comes within 10 plies (here in 1).
    let state = ahead_on_points_in_d4();
    assert_eq!(state.plies_left(), 10);
    let analysis = at_depth(&state, 3).unwrap();
    assert_eq!(
        analysis.figure(mv("D4d1")),
        Some(Hint::Proven(Claim::WinWithin(10)))
    );
    // O's only move ends the game 31 : 28 for X: a loss for O, on points.
    let (state, last) = x_wins_31_to_28_on_the_next_move();
    let analysis = at_depth(&state, 2).unwrap();
    assert_eq!(analysis.best, Move::new(last.index()));
    assert_eq!(analysis.claim(), Some(Claim::LossWithin(1)));
}

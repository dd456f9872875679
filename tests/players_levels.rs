//! The difficulty levels against the baselines: calibration bands, ordering, and the
//! perfect player never losing. Fixed seeds, so these results are the same on every run;
//! the bands are wide enough that a small change in a level does not flip them.

use std::sync::Arc;
use std::time::Duration;

use tictaclatin::core::Outcome;
use tictaclatin::core::tournament::{Arena, Control, Pairing, run};
use tictaclatin::core::{Player, Tally};
use tictaclatin::games::latin::adapter::{Latin, LatinEngine};
use tictaclatin::games::latin::game::{Board, Cell};
use tictaclatin::games::latin::players::{Difficulty, RandomPlayer, level_player};
use tictaclatin::games::latin::position::latin_cell;
use tictaclatin::games::latin::solver::Solver;

/// The cell `player` picks on `board`, asked as every player is, through the core
/// interface; `None` when the game is over.
fn choose(player: &mut dyn Player, board: Board) -> Option<Cell> {
    latin_cell(player.decide(&board)?.mv.placed())
}

/// `a`'s wins, draws and losses against `b` over `games` games each way.
fn both_ways(solver: &Arc<Solver>, a: &str, b: &str, games: u64) -> (u64, u64, u64) {
    let engine = LatinEngine::new(Arc::clone(solver));
    let arena = Arena {
        game: &Latin,
        engine: &engine,
        keep: None,
    };
    let play = |first: &str, second: &str| -> Tally {
        let pairing = Pairing {
            first: first.into(),
            second: second.into(),
            games,
            seed: 11,
            movetime: Duration::from_secs(1),
            bot_threads: 1,
            move_limit: None,
        };
        run(&pairing, arena, 2, &Control::default()).expect("legal games")
    };
    let (ab, ba) = (play(a, b), play(b, a));
    (
        ab.first_wins + ba.second_wins,
        ab.draws + ba.draws,
        ab.second_wins + ba.first_wins,
    )
}

fn win_rate(solver: &Arc<Solver>, a: &str, b: &str, games: u64) -> f64 {
    let (wins, _, _) = both_ways(solver, a, b, games);
    100.0 * wins as f64 / (2 * games) as f64
}

#[test]
fn levels_win_against_greedy_within_their_bands() {
    let solver = Arc::new(Solver::new());
    for (level, low, high) in [
        ("easy", 20.0, 40.0),
        ("medium", 50.0, 70.0),
        ("hard", 80.0, 92.0),
        ("perfect", 99.0, 100.0),
    ] {
        let rate = win_rate(&solver, level, "greedy", 2000);
        assert!(
            (low..=high).contains(&rate),
            "{level} wins {rate:.1} % against greedy, outside {low}..{high}"
        );
    }
}

#[test]
fn each_level_beats_the_level_below() {
    let solver = Arc::new(Solver::new());
    for pair in ["easy", "medium", "hard", "perfect"].windows(2) {
        let (wins, _, losses) = both_ways(&solver, pair[1], pair[0], 1000);
        assert!(
            wins > losses,
            "{} won {wins} and lost {losses} against {}",
            pair[1],
            pair[0]
        );
    }
}

#[test]
fn perfect_never_loses() {
    let solver = Arc::new(Solver::new());
    for other in [
        "random",
        "greedy",
        "lookahead-3",
        "heuristic",
        "easy",
        "medium",
        "hard",
    ] {
        let (_, _, losses) = both_ways(&solver, "perfect", other, 1000);
        assert_eq!(losses, 0, "perfect lost to {other}");
    }
}

/// Positions from random games, every one of them in play.
fn random_positions(count: usize) -> Vec<Board> {
    let mut random = RandomPlayer::new(3);
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut board = Board::EMPTY;
        while !board.status().is_over() {
            positions.push(board);
            let cell = choose(&mut random, board).expect("in play");
            board = board.with_move(cell);
        }
    }
    positions
}

/// Does the move's exact value say it wins or loses within two plies (its own move and
/// the reply)?
fn decided_at_once(solver: &Solver, board: Board, cell: Cell, outcome: Outcome) -> bool {
    solver.move_value(board, cell).is_some_and(|v| {
        v.outcome == outcome && v.plies <= if outcome == Outcome::Win { 1 } else { 2 }
    })
}

#[test]
fn medium_and_hard_take_wins_and_never_blunder_at_once() {
    let solver = Arc::new(Solver::new());
    let positions = random_positions(3000);
    for level in [Difficulty::Medium, Difficulty::Hard] {
        let mut player = level_player(level, Arc::clone(&solver), 5);
        for &board in &positions {
            let cells: Vec<Cell> = Cell::in_mask(board.empty_cells()).collect();
            let can_win = cells
                .iter()
                .any(|&c| decided_at_once(&solver, board, c, Outcome::Win));
            let can_dodge = cells
                .iter()
                .any(|&c| !decided_at_once(&solver, board, c, Outcome::Loss));
            let cell = choose(player.as_mut(), board).expect("in play");
            let text = board.to_string();
            if can_win {
                assert!(
                    decided_at_once(&solver, board, cell, Outcome::Win),
                    "{level} missed a win at once in {text}: played {cell}"
                );
            }
            if can_dodge {
                assert!(
                    !decided_at_once(&solver, board, cell, Outcome::Loss),
                    "{level} lost at once in {text}: played {cell}"
                );
            }
        }
    }
}

#[test]
fn easy_sometimes_but_not_always_misses_a_win_at_once() {
    let solver = Arc::new(Solver::new());
    // X to move; d1 wins at once (XXOX) and it is the only such move.
    let board: Board = "XXO-/O---/----/----".parse().expect("position");
    let d1: Cell = "d1".parse().expect("cell");
    let taken = (0..200)
        .filter(|&seed| {
            let mut easy = level_player(Difficulty::Easy, Arc::clone(&solver), seed);
            choose(easy.as_mut(), board) == Some(d1)
        })
        .count();
    assert!(
        (100..200).contains(&taken),
        "easy took the win {taken} times out of 200"
    );
}

#[test]
fn the_same_seed_plays_the_same_moves() {
    let solver = Arc::new(Solver::new());
    let positions = random_positions(200);
    for level in Difficulty::ALL {
        let moves = |seed| {
            let mut p = level_player(level, Arc::clone(&solver), seed);
            positions
                .iter()
                .map(|&b| choose(p.as_mut(), b))
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(8), moves(8), "{level}");
        if level != Difficulty::Perfect {
            assert_ne!(moves(8), moves(9), "{level} ignores its seed");
        }
    }
}

#[test]
fn difficulty_names_cycle_and_parse() {
    let names: Vec<&str> = Difficulty::ALL.iter().map(|d| d.name()).collect();
    assert_eq!(names, ["random", "easy", "medium", "hard", "perfect"]);
    assert_eq!(Difficulty::Perfect.next(), Difficulty::Random);
    assert_eq!("Hard".parse(), Ok(Difficulty::Hard));
    assert!("expert".parse::<Difficulty>().is_err());
    let solver = Arc::new(Solver::new());
    for d in Difficulty::ALL {
        assert_eq!(level_player(d, Arc::clone(&solver), 1).name(), d.name());
    }
}

//! Reviewing a whole game on any board (`core::review::review_game`): a missed block on a
//! searched board and a thrown-away win on a solved one are `??`, with the line that
//! punishes them; the review is the same on every run and with any thread count. The
//! positions are built by hand so that the facts checked are plain from the board.

use std::sync::Arc;

use tictaclatin::core::review::{self, Fault, Grounds, Judgement, Mark};
use tictaclatin::core::session::History;
use tictaclatin::core::{Budget, Engine, Game, Move, Side, Status};
use tictaclatin::games::{GameChoice, build};

fn game(key: &str) -> Arc<dyn Game> {
    build(GameChoice::from_key(key).unwrap()).unwrap()
}

fn history(game: &dyn Game, names: &str) -> History {
    let moves: Vec<Move> = names
        .split_whitespace()
        .map(|n| game.parse_cell(n).unwrap().into())
        .collect();
    History::replay(game, &moves).unwrap()
}

fn cell(game: &dyn Game, name: &str) -> Move {
    game.parse_cell(name).unwrap().into()
}

/// Plays `line` from `from`, every move legal in turn; the status at its end.
fn end_of(from: &dyn tictaclatin::core::Position, line: &[Move]) -> Status {
    let mut now = from.clone_box();
    for &mv in line {
        assert_eq!(now.status(), Status::InPlay, "a move after the end");
        now = now.play(mv).expect("every move of the line is legal");
    }
    now.status()
}

/// Classic 7x7, five in a row. X holds c1 d1 e1 with a1, b1, f1, g1 empty; O's two stones
/// are far away on row 7. O must take b1 or f1: after any other move X extends to an open
/// four (b1 or f1), O closes one end and X takes the other. O's g7 misses the block.
const MISSED_BLOCK: &str = "c1 a7 d1 b7 e1 g7";
const MISSED_PLY: usize = 6;

fn judged(engine: &dyn Engine, history: &History, threads: usize) -> Vec<Option<Judgement>> {
    review::review_game(engine, history, review::DEFAULT_BUDGET, threads)
}

/// The game `key`, the game of moves `names` and its review at the default budget.
fn reviewed(key: &str, names: &str) -> (Arc<dyn Game>, History, Vec<Option<Judgement>>) {
    let game = game(key);
    let history = history(game.as_ref(), names);
    let review = judged(game.engine().as_ref(), &history, 1);
    (game, history, review)
}

#[test]
fn a_missed_block_on_a_searched_board_is_a_blunder_with_the_punishing_line() {
    let (game, history, review) = reviewed("classic-7k5", MISSED_BLOCK);
    assert_eq!(review.len(), MISSED_PLY);
    let miss = review[MISSED_PLY - 1]
        .as_ref()
        .expect("the search judges it");
    assert_eq!(miss.side, Side::Second);
    assert_eq!(miss.mark(), Mark::Blunder, "{miss:?}");
    assert!(!miss.is_proven(), "judged by search, not proven");
    assert!(matches!(
        miss.grounds,
        Grounds::Search {
            budget: Budget::Depth(4),
            ..
        }
    ));
    // The punishment starts with the open four and ends in X's five.
    let opens = [cell(game.as_ref(), "b1"), cell(game.as_ref(), "f1")];
    assert!(opens.contains(&miss.answer[0]), "{miss:?}");
    let after = history.position_at(MISSED_PLY);
    assert_eq!(end_of(after, &miss.answer), Status::Won(Side::First));
    // The better move is one of the two blocks, and its line is legal.
    assert!(opens.contains(&miss.best), "{miss:?}");
    assert_eq!(miss.better[0], miss.best);
    end_of(history.position_at(MISSED_PLY - 1), &miss.better);
    let text = miss.sentence(game.as_ref(), &history);
    assert!(
        text.starts_with("judged by search at depth 4: walked into a proven loss"),
        "{text}"
    );
    assert!(text.contains("; punished by "), "{text}");
}

#[test]
fn a_win_in_one_not_taken_on_a_searched_board_is_a_blunder() {
    // Classic 7x7, five in a row: X holds a1 b1 c1 d1 and O never blocked e1; X's g6
    // leaves the five for later and O blocks it.
    let (game, history, review) = reviewed("classic-7k5", "a1 a7 b1 b7 c1 c7 d1 g7 g6");
    let thrown = review[8].as_ref().expect("the search judges it");
    assert_eq!(thrown.side, Side::First);
    assert_eq!(thrown.mark(), Mark::Blunder, "{thrown:?}");
    assert!(matches!(
        thrown.grounds,
        Grounds::Search {
            fault: Some(Fault::GaveUpWin),
            ..
        }
    ));
    let e1 = cell(game.as_ref(), "e1");
    assert_eq!(thrown.better, [e1]);
    assert_eq!(
        end_of(history.position_at(8), &thrown.better),
        Status::Won(Side::First)
    );
    end_of(history.position_at(9), &thrown.answer);
}

#[test]
fn a_move_that_wins_at_once_is_sound_though_another_wins_at_once_too() {
    // Classic 5x5, three in a row: X's c3 c4 may be finished at c2 or at c5. The analysis
    // ranks c2 first and only bounds c5 (at best a win at once), but c5 ends the game won.
    let (_, _, review) = reviewed("classic-5k3", "c3 a1 c4 a2 c5");
    let won = review[4].as_ref().expect("the search judges it");
    assert_eq!(won.mark(), Mark::Sound, "{won:?}");
}

#[test]
fn a_thrown_away_win_on_a_solved_board_is_a_proven_blunder() {
    // Classic 3x3: X a1 b1 wins at once on c1 (O holds b2 c2); X plays c3 instead, and O
    // completes a2 b2 c2.
    let (game, history, review) = reviewed("classic-3", "a1 b2 b1 c2 c3");
    let thrown = review[4].as_ref().expect("the table judges every move");
    assert_eq!(thrown.side, Side::First);
    assert_eq!(thrown.mark(), Mark::Blunder);
    assert!(thrown.is_proven());
    assert_eq!(thrown.best, cell(game.as_ref(), "c1"));
    assert_eq!(thrown.better, [cell(game.as_ref(), "c1")]);
    assert_eq!(thrown.answer, [cell(game.as_ref(), "a2")]);
    assert_eq!(
        end_of(history.position_at(5), &thrown.answer),
        Status::Won(Side::Second)
    );
    // O's c2 let X win at once: a blunder too, also proven.
    assert_eq!(review[3].as_ref().map(Judgement::mark), Some(Mark::Blunder));
    let text = thrown.sentence(game.as_ref(), &history);
    assert!(text.contains("better c1: c1; punished by a2"), "{text}");
}

#[test]
fn a_review_is_the_same_on_every_run_and_with_any_thread_count() {
    let game = game("classic-7k5");
    let engine = game.engine();
    let history = history(game.as_ref(), MISSED_BLOCK);
    let once = judged(engine.as_ref(), &history, 1);
    assert_eq!(judged(engine.as_ref(), &history, 1), once);
    assert_eq!(judged(engine.as_ref(), &history, 2), once);
}

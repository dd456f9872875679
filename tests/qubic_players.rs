//! Qubic's players through the library: the perfect X wins from the empty board against
//! random, blocking and threat-making O players; the searching O breaks X's forced wins
//! when it can. The README's clock and strength figures are `examples/qubic_measure.rs`'s.

use std::time::Duration;

use tictaclatin::core::game_loop::{Clock, Rules, play_game};
use tictaclatin::core::root::SearchSettings;
use tictaclatin::core::{Budget, Difficulty, Player, Side, Status};
use tictaclatin::games::qubic::adapter::patashnik_index;
use tictaclatin::games::qubic::players::{
    Perfect, RandomPlayer, Strong, StrongStyle, greedy, levels,
};
use tictaclatin::games::qubic::threats::ThreatSearch;
use tictaclatin::games::qubic::{Qubic, QubicBoard, QubicGame};

/// One game of `x` against `o` from the empty board, by the game loop; the last board.
fn game(x: &mut dyn Player, o: &mut dyn Player) -> QubicBoard {
    let rules = Rules {
        game: &QubicGame,
        clock: Clock::Off,
    };
    let start = Box::new(QubicBoard::EMPTY);
    let played = play_game(rules, start, [x, o], &mut |_, _, _| {}).expect("legal moves");
    QubicBoard::of(played.last.as_ref())
}

fn assert_x_won(end: QubicBoard, o: &dyn Player) {
    assert_eq!(
        end.status(),
        Status::Won(Side::First),
        "{} {}",
        o.name(),
        end.text()
    );
}

fn perfect(movetime_ms: u64) -> Perfect {
    let budget = Budget::Time(Duration::from_millis(movetime_ms));
    Perfect::new("perfect", patashnik_index(), SearchSettings::new(budget, 1))
}

fn strong(movetime: Duration, seed: u64) -> Strong {
    Strong::new("strong", StrongStyle::strongest(movetime), seed)
}

fn opponents(seed: u64, movetime: Duration) -> Vec<Box<dyn Player>> {
    vec![
        Box::new(RandomPlayer::new(seed)),
        Box::new(greedy(seed)),
        Box::new(levels::player(Difficulty::Medium, movetime, seed).unwrap()),
        Box::new(strong(movetime, seed)),
    ]
}

/// The prover's dictionary as shipped, as a `book:FILE` player's name.
fn prover_book() -> String {
    format!(
        "book:{}/assets/qubic/proof.dictionary",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn the_prover_s_dictionary_plays_x_and_wins() {
    use tictaclatin::core::{Game, PlayerOptions};
    let engine = QubicGame.engine();
    let name = prover_book();
    assert_eq!(engine.only_side(&name), Some(Side::First));
    assert_eq!(engine.only_side("perfect"), None);
    let options = PlayerOptions::seeded(1);
    for seed in 0..3 {
        for mut o in opponents(seed, Duration::from_millis(15)) {
            let mut x = engine.player(&name, PlayerOptions::seeded(seed)).unwrap();
            assert_eq!(x.name(), name);
            let end = game(x.as_mut(), o.as_mut());
            assert_x_won(end, o.as_ref());
        }
    }
    let missing = engine
        .player("book:/nonexistent/q.dict", options)
        .err()
        .unwrap();
    assert!(
        missing
            .0
            .starts_with("book:/nonexistent/q.dict: cannot read"),
        "{}",
        missing.0
    );
}

#[test]
fn perfect_x_wins_against_random_blocking_and_threat_making_o() {
    for seed in 0..3 {
        for mut o in opponents(seed, Duration::from_millis(15)) {
            let mut x = perfect(15);
            let end = game(&mut x, o.as_mut());
            assert_x_won(end, o.as_ref());
        }
    }
}

/// Positions with O to move where X, were it to move, would have a forced win, and some O
/// move leaves X none: taken from games of the perfect X against a random O.
fn breakable_positions(count: usize) -> Vec<QubicBoard> {
    let mut found = Vec::new();
    let forced = |b: QubicBoard| {
        ThreatSearch::new(&Qubic, 200_000)
            .run_for(b, Side::First)
            .is_ok_and(|win| win.is_some())
    };
    for seed in 0..200 {
        let mut x = perfect(10);
        let mut o = RandomPlayer::new(seed);
        let mut board = QubicBoard::EMPTY;
        while board.status() == Status::InPlay && found.len() < count {
            if board.to_move() == Side::Second
                && forced(board)
                && (0..64).any(|c| board.at(c).is_none() && !forced(board.with_move(c)))
                && !someone_threatens(board)
            {
                found.push(board);
            }
            let decision = if board.to_move() == Side::First {
                x.choose(board)
            } else {
                o.decide(&board)
            };
            board = board.with_move(decision.unwrap().mv.index());
        }
        if found.len() >= count {
            break;
        }
    }
    found
}

/// Either side threatens a line (then the move is a plain win or block, not a defence).
fn someone_threatens(board: QubicBoard) -> bool {
    use tictaclatin::games::qubic::threats::winning_cells;
    Side::ALL
        .into_iter()
        .any(|s| winning_cells(&Qubic, board, s) != 0)
}

#[test]
fn the_searching_o_breaks_forced_wins_before_they_start() {
    let positions = breakable_positions(6);
    assert!(positions.len() >= 3, "found {}", positions.len());
    let mut o = strong(Duration::from_millis(200), 1);
    for board in positions {
        let d = o.choose(board).unwrap();
        let after = board.with_move(d.mv.index());
        let x_wins = ThreatSearch::new(&Qubic, 200_000).run(after);
        assert!(
            !matches!(x_wins, Ok(Some(_))),
            "{}: O played {d:?}, X still forces {x_wins:?}",
            board.text()
        );
    }
}

#[test]
fn edge_positions_through_the_core_interface() {
    use tictaclatin::core::{Game, PlayerOptions};
    use tictaclatin::games::qubic::QubicGame;
    let game = QubicGame;
    let engine = game.engine();
    // A drawn full board: no moves, no hints, no decision.
    let full = "OOOXOXXOXOOOOOOXXXOXXOXXOXOXOOXOXOXOOOXOOXXOXXOXXOXOXXOXXXOOOXXX";
    let drawn = game.parse_position(full).unwrap();
    assert_eq!(drawn.status(), Status::Draw);
    assert!(engine.hints(drawn.as_ref()).is_empty());
    let options = PlayerOptions {
        movetime: Duration::from_millis(1),
        ..PlayerOptions::seeded(1)
    };
    for name in engine.player_names() {
        let mut p = engine.player(&name, options).unwrap();
        assert!(p.decide(drawn.as_ref()).is_none(), "{name}");
    }
    // One empty cell left: every player takes it, even with a 1 ms clock.
    let last = game.parse_position(&format!("-{}", &full[1..])).unwrap();
    for name in engine.player_names() {
        let mut p = engine.player(&name, options).unwrap();
        assert_eq!(p.decide(last.as_ref()).unwrap().mv.index(), 0, "{name}");
    }
    // The perfect X off the dictionary's tree (X on an edge, O in the corner) still moves.
    let off = game
        .parse_position(&format!("OX{}", "-".repeat(62)))
        .unwrap();
    let mut perfect = engine.player("perfect", options).unwrap();
    let d = perfect.decide(off.as_ref()).unwrap();
    assert_eq!(d.how.as_deref(), Some("search"));
}

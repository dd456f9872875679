//! One set of checks every game and variant passes through the public interface
//! (`tictaclatin::core::conformance`): legal moves, play and take back, the position text,
//! results that agree with the status, the engine's line protocol, and players that make
//! only legal moves.

use tictaclatin::core::Game;
use tictaclatin::core::conformance::{check_players, check_protocol, check_rules};
use tictaclatin::games::{self, GameChoice, GameKind};

/// Every game, and classic in each size with a few line lengths.
fn choices() -> Vec<GameChoice> {
    let classic = |size, in_a_row| GameChoice {
        kind: GameKind::Classic,
        size: Some(size),
        in_a_row,
    };
    let mut all: Vec<GameChoice> = GameKind::ALL.into_iter().map(GameChoice::of).collect();
    all.extend([
        classic(4, None),
        classic(4, Some(3)),
        classic(5, None),
        classic(5, Some(4)),
        classic(6, Some(4)),
        classic(7, None),
        classic(7, Some(5)),
    ]);
    all
}

fn game(choice: GameChoice) -> std::sync::Arc<dyn Game> {
    games::build(choice).unwrap_or_else(|e| panic!("{choice:?}: {e}"))
}

/// Every check that fails, named by its game, in one message.
fn all_pass(check: impl Fn(&dyn Game) -> Result<(), String>) {
    let failures: Vec<String> = choices()
        .into_iter()
        .filter_map(|choice| check(game(choice).as_ref()).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn random_games_keep_every_rule_of_the_interface() {
    all_pass(|game| check_rules(game, 3, 18));
}

#[test]
fn the_engine_protocol_names_legal_moves_and_ends() {
    all_pass(|game| check_protocol(game, game.engine().as_ref(), 18));
}

#[test]
fn every_player_makes_only_legal_moves() {
    all_pass(|game| check_players(game, game.engine().as_ref(), 12, 18));
}

#[test]
fn every_game_is_found_by_its_key_and_its_title_and_rules_say_something() {
    for choice in choices() {
        let game = game(choice);
        let again = GameChoice::from_key(&game.key()).expect("its own key");
        assert_eq!(games::build(again).map(|g| g.key()), Ok(game.key()));
        assert!(
            !game.title().is_empty() && !game.rules().is_empty(),
            "{}",
            game.key()
        );
    }
}

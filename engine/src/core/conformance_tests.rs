//! What every game promises through the interface, checked the same way for each: its legal
//! moves, playing and taking back, its position text, its results, the engine's line
//! protocol and its players. The tests below run these on every game and variant,
//! and core's own tests on a tiny game of their own. Each check says what broke instead of
//! panicking, so one run names every game that fails.

use std::time::Duration;

use super::protocol;
use super::session::History;
use super::{Engine, Game, Move, PlayerOptions, Position, Side, Status};
use crate::games::{self, GameChoice, GameKind};

/// A small deterministic sequence (splitmix64), so a failing walk is the same every run.
struct Walk(u64);

impl Walk {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }
}

/// `games` random games of `game` from its start, each position checked on the way:
/// legal moves, moves refused, move names, the position text and the result.
pub fn check_rules(game: &dyn Game, games: usize, seed: u64) -> Result<(), String> {
    let mut walk = Walk(seed);
    for _ in 0..games {
        let mut history = History::new(game.start());
        loop {
            let position = history.position();
            check_position(game, position)?;
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[walk.below(legal.len())];
            check_undo(&mut history, mv)?;
        }
        let moves = history.moves().to_vec();
        let replayed = History::replay(game, &moves).map_err(|e| format!("replay: {e}"))?;
        same(
            game,
            replayed.position(),
            history.position(),
            "a replayed game",
        )?;
    }
    Ok(())
}

/// Everything one position promises on its own.
pub fn check_position(game: &dyn Game, position: &dyn Position) -> Result<(), String> {
    let here = || format!("{} at {}", game.key(), position.text());
    let legal = position.legal_moves();
    if !legal.windows(2).all(|w| w[0] < w[1]) {
        return Err(format!(
            "{}: legal moves not lowest first, once each",
            here()
        ));
    }
    if legal.is_empty() != position.status().is_over() {
        return Err(format!(
            "{}: {} legal moves while {:?}",
            here(),
            legal.len(),
            position.status()
        ));
    }
    check_result(game, position).map_err(|e| format!("{}: {e}", here()))?;
    let again = game
        .parse_position(&position.text())
        .map_err(|e| format!("{}: its own text does not read back: {e}", here()))?;
    same(game, again.as_ref(), position, "the text read back")?;
    // Every move a position has not got is refused, never a panic, up to past the board.
    for index in 0..game.layout().cell_count() + 8 {
        let mv = Move::new(index);
        match (position.play(mv), legal.contains(&mv)) {
            (Ok(_), false) => return Err(format!("{}: plays move {index}, not legal", here())),
            (Err(e), true) => return Err(format!("{}: refuses legal move {index}: {e}", here())),
            _ => {}
        }
    }
    for &mv in &legal {
        let name = game.move_name(position, mv);
        if game.parse_move(position, &name) != Ok(mv) {
            return Err(format!(
                "{}: the move named {name} does not read back",
                here()
            ));
        }
    }
    for junk in [
        "",
        " ",
        "zz99",
        "-1",
        "\u{1b}[2J",
        "b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2",
    ] {
        if let Ok(mv) = game.parse_move(position, junk)
            && !legal.contains(&mv)
            && !position.status().is_over()
            && position.play(mv).is_ok()
        {
            return Err(format!("{}: {junk:?} reads as a move", here()));
        }
    }
    Ok(())
}

/// A result that agrees with itself: a win shows its line or the points that decided it.
fn check_result(game: &dyn Game, position: &dyn Position) -> Result<(), String> {
    let points = game.decided_on_points(position);
    match (position.status(), points) {
        (Status::InPlay, Some(_)) => Err("decided on points while in play".into()),
        (Status::Won(side), Some([first, second])) => {
            let ahead = if first > second {
                Side::First
            } else {
                Side::Second
            };
            if first == second || ahead != side {
                return Err(format!("won by {side:?} on points {first} : {second}"));
            }
            Ok(())
        }
        (Status::Draw, Some([first, second])) if first != second => {
            Err(format!("a draw on points {first} : {second}"))
        }
        (Status::Won(side), None) => {
            if position.marked_lines().iter().any(|line| line.side == side) {
                Ok(())
            } else {
                Err(format!("won by {side:?} without a line of its own"))
            }
        }
        _ => Ok(()),
    }
}

/// Plays `mv`, takes it back, plays it again by redo and once more as new: every way
/// leads to the same position.
fn check_undo(history: &mut History, mv: Move) -> Result<(), String> {
    let before = history.position().text();
    history
        .play(mv)
        .map_err(|e| format!("at {before}: legal move {} refused: {e}", mv.index()))?;
    let after = history.position().text();
    if history.take_back(|_| true) != [mv] || history.position().text() != before {
        return Err(format!("at {before}: move {} not taken back", mv.index()));
    }
    if history.redo_one() != Some(mv) || history.position().text() != after {
        return Err(format!("at {before}: move {} not redone", mv.index()));
    }
    Ok(())
}

/// Two positions the interface cannot tell apart.
fn same(game: &dyn Game, a: &dyn Position, b: &dyn Position, what: &str) -> Result<(), String> {
    let seen = |p: &dyn Position| (p.text(), p.to_move(), p.status(), p.legal_moves());
    if seen(a) != seen(b) {
        return Err(format!(
            "{}: {what} differs: {:?} vs {:?}",
            game.key(),
            seen(a),
            seen(b)
        ));
    }
    Ok(())
}

/// The engine's line protocol along a random game: `move` names a legal move the position
/// reads back, `analyze` names only legal moves, each once, a finished game is `over`, and
/// nonsense is an `error`.
pub fn check_protocol(game: &dyn Game, engine: &dyn Engine, seed: u64) -> Result<(), String> {
    let options = PlayerOptions {
        movetime: Duration::from_millis(20),
        ..PlayerOptions::seeded(seed)
    };
    let player = engine
        .player(&engine.player_names()[0], options)
        .map_err(|e| format!("{}: {e}", game.key()))?;
    let mut session = protocol::ProtocolSession::new(game, engine, player);
    for junk in ["", "analyze", "hello world", "move ???", "\u{7}\u{1b}"] {
        let reply = session.reply(junk).unwrap_or_default();
        if !reply.starts_with("error ") {
            return Err(format!("{}: {junk:?} -> {reply:?}", game.key()));
        }
    }
    let mut walk = Walk(seed);
    let mut position = game.start();
    loop {
        let text = position.text();
        let legal = position.legal_moves();
        let reply = session.reply(&format!("move {text}")).unwrap_or_default();
        if legal.is_empty() {
            if !reply.starts_with("over ") {
                return Err(format!("{}: move {text} -> {reply:?}", game.key()));
            }
            return Ok(());
        }
        let named = reply
            .strip_prefix("move ")
            .and_then(|r| r.split(' ').next());
        match named.map(|name| game.parse_move(position.as_ref(), name)) {
            Some(Ok(mv)) if legal.contains(&mv) => {}
            _ => return Err(format!("{}: move {text} -> {reply:?}", game.key())),
        }
        // Hints may search for a while: the first two positions show their form.
        if position.stones() < 2 {
            let reply = session
                .reply(&format!("analyze {text}"))
                .unwrap_or_default();
            let mut named = Vec::new();
            for pair in reply.split(' ').skip(1) {
                let name = pair.split_once('=').map_or(pair, |(name, _)| name);
                match game.parse_move(position.as_ref(), name) {
                    Ok(mv) if legal.contains(&mv) && !named.contains(&mv) => named.push(mv),
                    _ => return Err(format!("{}: analyze {text} -> {reply:?}", game.key())),
                }
            }
            if !reply.starts_with("analyze") {
                return Err(format!("{}: analyze {text} -> {reply:?}", game.key()));
            }
        }
        let mv = legal[walk.below(legal.len())];
        position = position
            .play(mv)
            .map_err(|e| format!("{}: {text}: {e}", game.key()))?;
    }
}

/// Each player the engine names plays a game against itself from the start, within `plies`
/// moves, and makes only legal moves; names it cannot build here (a book file) are skipped.
pub fn check_players(
    game: &dyn Game,
    engine: &dyn Engine,
    plies: usize,
    seed: u64,
) -> Result<(), String> {
    let options = PlayerOptions {
        movetime: Duration::from_millis(10),
        ..PlayerOptions::seeded(seed)
    };
    for name in engine.player_names() {
        let Ok(mut player) = engine.player(&name, options) else {
            continue;
        };
        let mut position = game.start();
        for _ in 0..plies {
            if position.status().is_over() {
                break;
            }
            let Some(decision) = player.decide(position.as_ref()) else {
                return Err(format!(
                    "{} {name}: no move at {}",
                    game.key(),
                    position.text()
                ));
            };
            if !position.legal_moves().contains(&decision.mv) {
                return Err(format!(
                    "{} {name}: illegal move {} at {}",
                    game.key(),
                    decision.mv.index(),
                    position.text()
                ));
            }
            position = position
                .play(decision.mv)
                .map_err(|e| format!("{} {name}: {e}", game.key()))?;
        }
    }
    Ok(())
}

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

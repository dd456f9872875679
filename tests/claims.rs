//! Every proof the analysis states on searched classic boards (5x5, three and four in a row)
//! holds: each `W≤n` figure of 500 positions at depth 5 is played out against an exhaustive
//! defender, a plain minimax of n plies written here from the rules alone (through the games
//! interface), and so is each `L≤n`.

use std::sync::Arc;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use tictaclatin::core::root::SearchSettings;
use tictaclatin::core::{Budget, Claim, Game, Hint, Outcome, Position, Status, Value};
use tictaclatin::games::{self, GameChoice, GameKind};

fn classic(size: u8, k: u8) -> Arc<dyn Game> {
    games::build(GameChoice {
        kind: GameKind::Classic,
        size: Some(size),
        in_a_row: Some(k),
    })
    .expect("a classic board")
}

/// A position in play after `plies` random moves, if the game lasts that long.
fn random_position(
    game: &dyn Game,
    plies: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<Box<dyn Position>> {
    let mut position = game.start();
    for _ in 0..plies {
        let moves = position.legal_moves();
        position = position
            .play(moves[rng.random_range(0..moves.len())])
            .ok()?;
        if position.status() != Status::InPlay {
            return None;
        }
    }
    Some(position)
}

/// Whether the side to move wins within `plies` plies, its own moves counted, whatever the
/// other side does.
fn wins_within(position: &dyn Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let me = position.to_move();
    position.legal_moves().into_iter().any(|mv| {
        let after = position.play(mv).expect("a legal move");
        match after.status() {
            Status::Won(side) => side == me,
            Status::Draw => false,
            Status::InPlay => loses_within(after.as_ref(), plies - 1),
        }
    })
}

/// Whether every move of the side to move lets the other side win within `plies` plies of
/// now (the move included).
fn loses_within(position: &dyn Position, plies: u32) -> bool {
    plies >= 2
        && position.legal_moves().into_iter().all(|mv| {
            let after = position.play(mv).expect("a legal move");
            after.status() == Status::InPlay && wins_within(after.as_ref(), plies - 1)
        })
}

/// Whether what `claim` says of playing `mv` in `position` is so.
fn holds(position: &dyn Position, mv: tictaclatin::core::Move, claim: Claim) -> bool {
    let mover = position.to_move();
    let after = position.play(mv).expect("a legal move");
    match (claim, after.status()) {
        (Claim::WinWithin(n), Status::Won(side)) => side == mover && n >= 1,
        (Claim::WinWithin(n), Status::InPlay) => loses_within(after.as_ref(), n - 1),
        (Claim::LossWithin(n), Status::InPlay) => wins_within(after.as_ref(), n - 1),
        _ => true,
    }
}

#[test]
fn every_win_and_loss_bound_survives_an_exhaustive_defender() {
    let boards = [(5, 3), (5, 4)];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5EED_C1A1);
    let (mut positions, mut wins, mut losses) = (0, 0, 0);
    while positions < 500 {
        let (size, k) = boards[positions % boards.len()];
        let game = classic(size, k);
        let plies = rng.random_range(6..18);
        let Some(position) = random_position(game.as_ref(), plies, &mut rng) else {
            continue;
        };
        positions += 1;
        let analysis = game
            .engine()
            .analysis(position.as_ref(), &SearchSettings::new(Budget::Depth(5), 1))
            .expect("an analysis of a searched board");
        for &(mv, figure) in &analysis.moves {
            let Hint::Proven(claim) = figure else {
                continue;
            };
            match claim {
                Claim::WinWithin(_) => wins += 1,
                Claim::LossWithin(_) => losses += 1,
                Claim::Exact(_) => continue,
            }
            assert!(
                holds(position.as_ref(), mv, claim),
                "{}: {mv:?} is {} by the analysis, not by play",
                position.text(),
                claim.short()
            );
        }
    }
    // Enough of both kinds to mean something. The root's principal variation search
    // proves a win only for the best move (the others are bounds under it), so a won
    // position gives one `W≤n`; a loss comes with every move that fails low into one.
    assert!(wins >= 25 && losses > 100, "{wins} wins, {losses} losses");
}

/// The exact value of playing `mv` in `position`, for the side playing it, by plain minimax.
fn move_value(position: &dyn Position, mv: tictaclatin::core::Move) -> Value {
    let after = position.play(mv).expect("a legal move");
    let at_once = |outcome| Value { outcome, plies: 1 };
    match after.status() {
        Status::Won(side) if side == position.to_move() => at_once(Outcome::Win),
        Status::Won(_) => at_once(Outcome::Loss),
        Status::Draw => at_once(Outcome::Draw),
        Status::InPlay => exact(after.as_ref()).before_move(),
    }
}

/// The exact value of `position` for the side to move by plain minimax to the end: the
/// outcome, and the plies under best play (the fastest win, the slowest loss).
fn exact(position: &dyn Position) -> Value {
    position
        .legal_moves()
        .into_iter()
        .map(|mv| move_value(position, mv))
        .max()
        .expect("a position in play has a move")
}

/// Where a big board's hints say a move's exact value (the prover settled it), it is the
/// value plain minimax finds, plies included: 40 positions of 5x5 four in a row with 7 to
/// 9 cells left.
#[test]
fn exact_hints_on_a_searched_board_are_the_minimax_values() {
    let game = classic(5, 4);
    let engine = game.engine();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xE8AC7);
    let (mut positions, mut exact_hints) = (0, 0);
    while positions < 40 {
        let plies = rng.random_range(16..19);
        let Some(position) = random_position(game.as_ref(), plies, &mut rng) else {
            continue;
        };
        positions += 1;
        for (mv, hint) in engine.hints(position.as_ref()) {
            let Hint::Proven(Claim::Exact(value)) = hint else {
                continue;
            };
            exact_hints += 1;
            let truth = move_value(position.as_ref(), mv);
            assert_eq!(value, truth, "{}: {mv:?}", position.text());
        }
    }
    // Near the end the prover settles nearly every move.
    assert!(exact_hints > 200, "{exact_hints} exact hints");
}

/// A move that lets the other side win at once has that win in its line: the line behind
/// every losing move of X on this 7x7 five-in-a-row board (O has four on row 1, e1 open)
/// goes on to O's e1, the search's threat rule notwithstanding.
#[test]
fn a_losing_move_s_line_shows_the_win_it_allows() {
    let game = classic(7, 5);
    let position = game
        .parse_position("OOOO---/-------/-------/------X/-------/-------/XXX----")
        .expect("a position");
    let analysis = game
        .engine()
        .analysis(position.as_ref(), &SearchSettings::new(Budget::Depth(3), 1))
        .expect("an analysis");
    let e1 = game.parse_move(position.as_ref(), "e1").expect("e1");
    let mut losing = 0;
    for &(mv, figure) in &analysis.moves {
        if mv == e1 {
            continue;
        }
        let lost = Value {
            outcome: Outcome::Loss,
            plies: 2,
        };
        assert!(
            [Claim::LossWithin(2), Claim::Exact(lost)].contains(&match figure {
                Hint::Proven(claim) => claim,
                other => panic!("{mv:?}: {other:?} is no proof"),
            }),
            "{mv:?}: {figure:?}"
        );
        assert_eq!(analysis.line(mv), [mv, e1], "{mv:?}");
        losing += 1;
    }
    assert_eq!(losing, 49 - 8 - 1);
}

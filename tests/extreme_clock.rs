//! Contest matches: the clock, forfeits, the end messages and points, seeded series.

use std::time::{Duration, Instant};

// The contest's clock is a measurement tool of the strength example; its tests run here.
#[path = "../examples/extreme_strength/clock.rs"]
mod clock;

use clock::{Series, play_game, play_series, random_opening};
use tictaclatin::core::game_loop::End;
use tictaclatin::core::{CellId, Decision, Player, PlayerOptions, Position, Side, Tally};
use tictaclatin::games::extreme::players::ExtremeGreedy;
use tictaclatin::games::extreme::{ExtremeEngine, State};
use tictaclatin::games::kit::baselines::RandomPlayer;

/// The position when the game ended (a forfeit leaves the game unfinished).
fn last(result: &clock::GameResult) -> State {
    *result
        .played
        .last
        .as_any()
        .downcast_ref()
        .expect("an extreme game ends on an extreme position")
}

/// Plays its first legal move after spinning for `delay` (a stand-in for a slow bot).
struct Slow {
    delay: Duration,
}

impl Player for Slow {
    fn name(&self) -> String {
        "slow".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let start = Instant::now();
        while start.elapsed() < self.delay {
            std::hint::spin_loop();
        }
        position.legal_moves().first().map(|&c| Decision::new(c))
    }
}

/// Always plays cell 0 (A1a1), legal or not.
struct Stubborn;

impl Player for Stubborn {
    fn name(&self) -> String {
        "stubborn".into()
    }

    fn decide(&mut self, _: &dyn Position) -> Option<Decision> {
        Some(Decision::new(CellId::new(0)))
    }
}

#[test]
fn going_over_the_limit_forfeits_68_points() {
    let mut slow = Slow {
        delay: Duration::from_millis(30),
    };
    let mut random = RandomPlayer::new(1);
    let result = play_game(
        [&mut random, &mut slow],
        Some(Duration::from_millis(10)),
        &[],
    );
    assert_eq!(result.played.end, End::TimeOut);
    assert_eq!(result.played.winner, Some(Side::First));
    assert_eq!(result.points(), [68, 0]);
    assert_eq!(
        result.moves.len(),
        1,
        "random moved, the slow player timed out"
    );
    assert!(result.played.overrun.unwrap() >= Duration::from_millis(30));
    assert!(
        result.summary().starts_with("X wins (time out after 0.0"),
        "{}",
        result.summary()
    );
}

#[test]
fn an_illegal_move_forfeits() {
    let mut random = RandomPlayer::new(2);
    let result = play_game([&mut Stubborn, &mut random], None, &[]);
    // Stubborn's first A1a1 is legal; the next one is taken.
    assert_eq!(result.played.end, End::InvalidMove);
    assert_eq!(result.played.winner, Some(Side::Second));
    assert_eq!(result.points(), [0, 68]);
    assert_eq!(result.summary(), "O wins (invalid move); points X 0 O 68");
}

#[test]
fn finished_games_carry_the_end_and_both_players_points() {
    let mut seen = [false; 2];
    for seed in 0..60 {
        let mut a = RandomPlayer::new(seed);
        let mut b = RandomPlayer::new(seed + 1000);
        let result = play_game([&mut a, &mut b], None, &[]);
        match result.played.end {
            End::Won => {
                let winner = result.played.winner.expect("a winner");
                assert_eq!(result.points()[winner.index()], 68);
                assert_eq!(result.points()[winner.other().index()], 0);
                seen[0] = true;
            }
            End::OnPoints => {
                // No pattern: the small boards' points, and the side ahead wins.
                let winner = result.played.winner.expect("a winner on points");
                assert_eq!(result.points(), last(&result).board().points());
                assert!(result.points()[winner.index()] > result.points()[winner.other().index()]);
                assert!(result.points()[0] + result.points()[1] <= 68);

                assert!(
                    result.summary().ends_with(&format!(
                        "wins (on points); points X {} O {}",
                        result.points()[0],
                        result.points()[1]
                    )),
                    "{}",
                    result.summary()
                );
                seen[1] = true;
            }
            End::Draw => {
                assert_eq!(result.played.winner, None);
                assert_eq!(
                    result.points()[0],
                    result.points()[1],
                    "a draw at equal points"
                );
            }
            other => panic!("random players forfeited: {other:?}"),
        }
        assert!(last(&result).status().is_over());
    }
    assert_eq!(seen, [true, true], "both wins occur among random games");
}

#[test]
fn a_seed_replays_the_same_series() {
    let engine = ExtremeEngine;
    let series = Series {
        games: 4,
        limit: None,
        opening_plies: 2,
        seed: 99,
        options: PlayerOptions::seeded(0),
    };
    let run = || {
        let mut games = Vec::new();
        let tally = play_series(&engine, ["greedy", "random"], &series, |_, r| {
            games.push(r.moves.iter().map(|m| m.cell).collect::<Vec<_>>());
        })
        .unwrap();
        (games, tally)
    };
    let (first, tally) = run();
    assert_eq!(run().0, first);
    // Pairs share their opening, sides swapped.
    assert_eq!(first[0][..2], first[1][..2]);
    assert_eq!(first[0][..2], random_opening(99, 2)[..]);
    assert_ne!(first[0][..2], first[2][..2]);
    assert_eq!(tally.first_wins + tally.second_wins + tally.draws, 4);
    assert!(
        tally.first_wins > tally.second_wins,
        "greedy beats random: {tally:?}"
    );
}

#[test]
fn greedy_beats_random() {
    let mut tally = Tally::default();
    for seed in 0..20 {
        let mut greedy = ExtremeGreedy::new(seed);
        let mut random = RandomPlayer::new(seed);
        let (players, side): ([&mut dyn Player; 2], Side) = if seed % 2 == 0 {
            ([&mut greedy, &mut random], Side::First)
        } else {
            ([&mut random, &mut greedy], Side::Second)
        };
        tally.record(&play_game(players, None, &[]).played, side);
    }
    let points = tally.first_wins as f64 + tally.draws as f64 / 2.0;
    assert!(points >= 16.0, "greedy scored {points} of 20");
}

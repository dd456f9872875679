//! The one game loop and the one tally of its games, so a clock, a forfeit and a result
//! mean the same everywhere. A player is timed around its `decide` call and cannot be
//! interrupted: one that goes over forfeits once it answers, as the contest simulator's
//! would after its alarm.

use std::fmt;
use std::time::{Duration, Instant};

use super::game::Game;
use super::moves::Move;
use super::player::Player;
use super::position::Position;
use super::side::{Side, Status};

/// How long a player may think, and what breaking a rule costs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Clock {
    /// An illegal move (or none) is a bug in the player, reported as an error.
    Off,
    /// An illegal move or none forfeits the game, as does a move over the limit.
    Contest(Option<Duration>),
}

/// The game is there for its contest points.
#[derive(Clone, Copy)]
pub struct Rules<'a> {
    pub game: &'a dyn Game,
    pub clock: Clock,
}

/// A player broke the rules with no clock on: a bug in that player.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("player {player} made an illegal move in {position}: {reason}")]
pub struct IllegalMove {
    pub player: String,
    pub position: String,
    pub reason: String,
}

/// `players[0]` moves for the first side; `moved` sees every move (the position before it,
/// the move, the time it took) before the next is asked for.
pub fn play_game(
    rules: Rules<'_>,
    start: Box<dyn Position>,
    players: [&mut dyn Player; 2],
    moved: &mut dyn FnMut(&dyn Position, Move, Duration),
) -> Result<Played, IllegalMove> {
    let mut position = start;
    let [first, second] = players;
    loop {
        if let Some(end) = End::of(rules.game, position.as_ref()) {
            let winner = position.status().winner();
            return Ok(played(rules, position, end, winner, None));
        }
        let side = position.to_move();
        let player: &mut dyn Player = match side {
            Side::First => &mut *first,
            Side::Second => &mut *second,
        };
        let started = Instant::now();
        let decision = player.decide(position.as_ref());
        let took = started.elapsed();
        let forfeit =
            |end, position, overrun| Ok(played(rules, position, end, Some(side.other()), overrun));
        if let Clock::Contest(Some(limit)) = rules.clock
            && took > limit
        {
            return forfeit(End::TimeOut, position, Some(took));
        }
        let next = match &decision {
            Some(d) => position.play(d.mv).map_err(|e| e.to_string()),
            None => Err("no move while the game is in play".to_string()),
        };
        match (next, rules.clock) {
            (Ok(next), _) => {
                if let Some(d) = decision {
                    moved(position.as_ref(), d.mv, took);
                }
                position = next;
            }
            (Err(_), Clock::Contest(_)) => return forfeit(End::InvalidMove, position, None),
            (Err(reason), Clock::Off) => {
                return Err(IllegalMove {
                    player: player.name(),
                    position: position.text(),
                    reason,
                });
            }
        }
    }
}

fn played(
    rules: Rules<'_>,
    last: Box<dyn Position>,
    end: End,
    winner: Option<Side>,
    overrun: Option<Duration>,
) -> Played {
    Played {
        end,
        winner,
        points: rules.game.contest_points(last.as_ref(), winner),
        last,
        overrun,
    }
}

/// `players[0]` moves first in the even-numbered games and is the tally's first player.
pub fn play_match(
    rules: Rules<'_>,
    start: &dyn Position,
    players: [&mut dyn Player; 2],
    games: u64,
) -> Result<Tally, IllegalMove> {
    let [a, b] = players;
    let mut tally = Tally::default();
    for game in 0..games {
        let (order, a_side): ([&mut dyn Player; 2], _) = if game % 2 == 0 {
            ([&mut *a, &mut *b], Side::First)
        } else {
            ([&mut *b, &mut *a], Side::Second)
        };
        let played = play_game(rules, start.clone_box(), order, &mut |_, _, _| {})?;
        tally.record(&played, a_side);
    }
    Ok(tally)
}

/// How a game ended, in the words of extreme tic-tac-toe's contest simulator.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    /// By a line (or pattern).
    Won,
    /// No line, and the side with more points won.
    OnPoints,
    Draw,
    TimeOut,
    /// An illegal move, or none.
    InvalidMove,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::Won => "won",
            End::OnPoints => "on points",
            End::Draw => "draw",
            End::TimeOut => "time out",
            End::InvalidMove => "invalid move",
        })
    }
}

impl End {
    /// How a game over by the rules ended; `None` while it is in play.
    pub fn of(game: &dyn Game, position: &dyn Position) -> Option<End> {
        Some(match position.status() {
            Status::InPlay => return None,
            Status::Won(_) if game.decided_on_points(position).is_some() => End::OnPoints,
            Status::Won(_) => End::Won,
            Status::Draw => End::Draw,
        })
    }
}

/// A finished game: `winner` by the rules or the opponent's forfeit; `points` where the
/// game scores a contest; `last` is unfinished after a forfeit.
#[derive(Clone, Debug)]
pub struct Played {
    pub end: End,
    pub winner: Option<Side>,
    pub points: Option<[u32; 2]>,
    pub last: Box<dyn Position>,
    /// After a time out, how long the offender took.
    pub overrun: Option<Duration>,
}

/// Results of games between two players, "first" the player named first (in a match, the
/// one that moves first in the even-numbered games); arrays are (first, second).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    pub games: u64,
    pub first_wins: u64,
    pub second_wins: u64,
    pub draws: u64,
    /// Games lost by going over the clock.
    pub time_outs: [u64; 2],
    /// Games lost by an illegal move or none, with a clock on.
    pub invalid_moves: [u64; 2],
    /// Of the wins, those won on points.
    pub on_points: u64,
    /// Of the wins, those won by a line (or a pattern of small boards).
    pub line_wins: [u64; 2],
    /// The contest's points, summed, for games that score them.
    pub points: [u64; 2],
}

impl Tally {
    pub fn record(&mut self, played: &Played, first_side: Side) {
        // 0 for the first player, 1 for the second.
        let player = |side: Side| usize::from(side != first_side);
        self.games += 1;
        match played.winner.map(player) {
            Some(0) => self.first_wins += 1,
            Some(_) => self.second_wins += 1,
            None => self.draws += 1,
        }
        if let Some(winner) = played.winner.map(player) {
            let loser = 1 - winner;
            match played.end {
                End::OnPoints => self.on_points += 1,
                End::Won => self.line_wins[winner] += 1,
                End::TimeOut => self.time_outs[loser] += 1,
                End::InvalidMove => self.invalid_moves[loser] += 1,
                End::Draw => {}
            }
        }
        if let Some(points) = played.points {
            for side in [Side::First, Side::Second] {
                self.points[player(side)] += u64::from(points[side.index()]);
            }
        }
    }

    /// Of the games; 0 when there were none.
    pub fn percent(&self, count: u64) -> f64 {
        100.0 * count as f64 / self.games.max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    use crate::core::Decision;
    use crate::core::toy_tests::Toy;

    fn rules(move_limit: Option<Duration>) -> Rules<'static> {
        Rules {
            game: &Toy,
            clock: move_limit.map_or(Clock::Off, |limit| Clock::Contest(Some(limit))),
        }
    }

    /// Plays the same cell every time: illegal from its second move on.
    struct Stubborn;

    impl Player for Stubborn {
        fn name(&self) -> String {
            "stubborn".into()
        }
        fn decide(&mut self, _: &dyn Position) -> Option<Decision> {
            Some(Decision::new(Move::new(0)))
        }
    }

    #[test]
    fn an_illegal_move_is_reported_with_its_position() {
        let err = play_game(
            rules(None),
            Toy.start(),
            [&mut Stubborn, &mut Stubborn],
            &mut |_, _, _| {},
        )
        .unwrap_err();
        assert_eq!(err.player, "stubborn");
        assert_eq!(err.position, "X---");
        assert!(err.to_string().contains("a is taken"), "{err}");
    }

    #[test]
    fn with_a_clock_an_illegal_move_forfeits() {
        let clock = Some(Duration::from_secs(60));
        let played = play_game(
            rules(clock),
            Toy.start(),
            [&mut Stubborn, &mut Stubborn],
            &mut |_, _, _| {},
        )
        .expect("a forfeit, not an error");
        // X's a stands; O's a is taken: O forfeits, X wins.
        assert_eq!(played.end, End::InvalidMove);
        assert_eq!(played.winner, Some(Side::First));
        let mut tally = Tally::default();
        tally.record(&played, Side::First);
        assert_eq!((tally.first_wins, tally.invalid_moves), (1, [0, 1]));
    }

    /// Thinks for longer than any clock of a millisecond allows, then plays the first free cell.
    struct Slow;

    impl Player for Slow {
        fn name(&self) -> String {
            "slow".into()
        }
        fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
            let started = std::time::Instant::now();
            // Busy, not asleep: the clock measures what the player takes.
            while started.elapsed() < Duration::from_millis(5) {
                std::hint::spin_loop();
            }
            position.legal_moves().first().copied().map(Decision::new)
        }
    }

    #[test]
    fn going_over_the_clock_forfeits() {
        let clock = Some(Duration::from_millis(1));
        let played = play_game(
            rules(clock),
            Toy.start(),
            [&mut Slow, &mut Slow],
            &mut |_, _, _| {},
        )
        .unwrap();
        assert_eq!(played.end, End::TimeOut);
        assert_eq!(
            played.winner,
            Some(Side::Second),
            "the first mover was too slow"
        );
        assert_eq!(End::TimeOut.to_string(), "time out");
    }

    #[test]
    fn a_game_won_on_points_is_a_win_in_the_tally_and_equal_points_a_draw() {
        use crate::games::extreme::adapter::Extreme;
        use crate::games::extreme::testing::{X_31_O_28, one_move_from_the_points};
        use crate::games::kit::baselines::RandomPlayer;
        let rules = Rules {
            game: &Extreme,
            clock: Clock::Off,
        };
        let (x_31, o_28) = X_31_O_28;
        let mut tally = Tally::default();
        for (x_won, expected) in [
            (&x_31[..], (End::OnPoints, Some(Side::First), [31, 28])),
            (&x_31[..5], (End::Draw, None, [28, 28])),
        ] {
            // O's one legal move ends the game with every small board decided, no line.
            let (start, _) = one_move_from_the_points(x_won, &o_28);
            let (mut x, mut o) = (RandomPlayer::new(1), RandomPlayer::new(2));
            let played =
                play_game(rules, Box::new(start), [&mut x, &mut o], &mut |_, _, _| {}).unwrap();
            let (end, winner, points) = expected;
            assert_eq!(played.end, end);
            assert_eq!(played.winner, winner);
            assert_eq!(played.points, Some(points), "the small boards' points");
            tally.record(&played, Side::First);
        }
        assert_eq!(tally.first_wins, 1);
        assert_eq!(tally.second_wins, 0);
        assert_eq!(tally.draws, 1);
        assert_eq!(tally.on_points, 1);
        assert_eq!(tally.points, [31 + 28, 28 + 28]);
        assert_eq!(End::OnPoints.to_string(), "on points");
    }

    #[test]
    fn the_observer_sees_every_move_in_order_with_its_time() {
        let mut seen = Vec::new();
        let mut observer = |before: &dyn Position, mv: Move, took: Duration| {
            seen.push((before.stones(), mv, took));
        };
        let played = play_game(
            rules(None),
            Toy.start(),
            [&mut Slow, &mut Slow],
            &mut observer,
        )
        .expect("legal moves");
        assert_eq!(seen.len(), played.last.stones());
        for (i, &(stones, _, took)) in seen.iter().enumerate() {
            assert_eq!(stones, i, "each move seen once, before the next");
            assert!(
                took >= Duration::from_millis(5),
                "the player's thinking time"
            );
        }
    }

    #[test]
    fn a_match_alternates_who_moves_first_and_tallies_the_first_named() {
        // Slow always plays the first legal cell, so both orders replay one game each.
        let rules = rules(None);
        let one = play_game(
            rules,
            Toy.start(),
            [&mut Slow, &mut Slow],
            &mut |_, _, _| {},
        )
        .unwrap();
        let tally = play_match(rules, Toy.start().as_ref(), [&mut Slow, &mut Slow], 2).unwrap();
        assert_eq!(tally.games, 2);
        match one.winner {
            // The same player (first to move) wins both: one win each.
            Some(_) => assert_eq!((tally.first_wins, tally.second_wins), (1, 1)),
            None => assert_eq!(tally.draws, 2),
        }
        assert_eq!(tally.first_wins + tally.second_wins + tally.draws, 2);
    }
}

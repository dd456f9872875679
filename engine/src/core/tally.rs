//! The one tally of games between two players, wherever they are played.

use std::fmt;
use std::time::Duration;

use super::game::Game;
use super::position::Position;
use super::side::{Side, Status};

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
        if self.games == 0 {
            0.0
        } else {
            100.0 * count as f64 / self.games as f64
        }
    }

    /// `player`: 0 first, 1 second.
    pub fn wins(&self, player: usize) -> u64 {
        [self.first_wins, self.second_wins][player]
    }

    pub fn losses(&self, player: usize) -> u64 {
        self.wins(1 - player)
    }

    /// The clock, an illegal move or none.
    pub fn forfeits(&self, player: usize) -> u64 {
        self.time_outs[player] + self.invalid_moves[player]
    }

    /// Match points: 1 a win (by a line, on points or by forfeit), 0.5 a draw.
    pub fn score(&self, player: usize) -> f64 {
        self.wins(player) as f64 + self.draws as f64 / 2.0
    }

    /// `412 W / 80 D / 8 L (82.4 % / 16.0 % / 1.6 %)`.
    pub fn line(&self, player: usize) -> String {
        let (w, d, l) = (self.wins(player), self.draws, self.losses(player));
        format!(
            "{w} W / {d} D / {l} L ({:.1} % / {:.1} % / {:.1} %)",
            self.percent(w),
            self.percent(d),
            self.percent(l)
        )
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line(0))
    }
}

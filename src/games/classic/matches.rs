//! Seeded games between two players, for measuring strength. Deliberately small: the
//! `tournament` command is the real tool; this is what the tests and the README's figures
//! use until it speaks the games interface.

use std::fmt;

use crate::core::{Player, Position, Side, Status};

/// Results from one player's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn add(&mut self, result: Status, me: Side) {
        match result {
            Status::Won(side) if side == me => self.wins += 1,
            Status::Won(_) => self.losses += 1,
            Status::Draw | Status::InPlay => self.draws += 1,
        }
    }

    pub fn percent(count: u32, games: u32) -> f64 {
        100.0 * count as f64 / games.max(1) as f64
    }
}

impl fmt::Display for Tally {
    /// `412 W / 80 D / 8 L (82.4 % / 16.0 % / 1.6 %)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.games();
        write!(
            f,
            "{} W / {} D / {} L ({:.1} % / {:.1} % / {:.1} %)",
            self.wins,
            self.draws,
            self.losses,
            Tally::percent(self.wins, g),
            Tally::percent(self.draws, g),
            Tally::percent(self.losses, g)
        )
    }
}

/// A player that gave no move in play, or an illegal one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MatchError {
    pub player: String,
    pub position: String,
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} gave no legal move in {}", self.player, self.position)
    }
}

impl std::error::Error for MatchError {}

/// Plays one game from `start` to its end; `players[0]` moves for the first side.
pub fn play_game(
    start: &dyn Position,
    players: [&mut dyn Player; 2],
) -> Result<Status, MatchError> {
    let mut position = start.clone_box();
    let [first, second] = players;
    while !position.status().is_over() {
        let player: &mut dyn Player = match position.to_move() {
            Side::First => &mut *first,
            Side::Second => &mut *second,
        };
        let decision = player.decide(position.as_ref());
        let refused = || MatchError {
            player: player.name(),
            position: position.text(),
        };
        let next = decision.and_then(|d| position.play(d.cell).ok());
        position = next.ok_or_else(refused)?;
    }
    Ok(position.status())
}

/// `games` games of `a` against `b`, `a` moving first in the even-numbered ones; the tally
/// is `a`'s.
pub fn play_match(
    start: &dyn Position,
    a: &mut dyn Player,
    b: &mut dyn Player,
    games: u32,
) -> Result<Tally, MatchError> {
    let mut tally = Tally::default();
    for game in 0..games {
        let (result, a_side) = if game % 2 == 0 {
            (play_game(start, [&mut *a, &mut *b])?, Side::First)
        } else {
            (play_game(start, [&mut *b, &mut *a])?, Side::Second)
        };
        tally.add(result, a_side);
    }
    Ok(tally)
}

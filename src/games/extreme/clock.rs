//! Contest matches: two players, a time limit per move (each bonus move has its own), and
//! the contest's results: a win by pattern, a win on points or a draw (every small board
//! decided without a pattern: more points win), a time out or an invalid move (both
//! forfeits, 68 points to the opponent).
//!
//! A player is timed around its `decide` call and cannot be interrupted: one that goes
//! over forfeits once it answers, as the simulator's would after its alarm.
//!
//! Series are seeded: each pair of games starts from the same random opening with the
//! sides swapped, and each player gets a seed derived from the series seed and the game.
//! Players that search for a time (`max`, `alphabeta`, and `hard` when its cap cuts a
//! search short) depend on the machine's speed, so only the openings and the choices of
//! `random`, `greedy`, `easy` and `medium` repeat exactly.

use std::time::{Duration, Instant};

use rand::RngExt;

use crate::core::tournament::Played;
use crate::core::{Engine, Game, Player, PlayerError, PlayerOptions, Side};

use super::adapter::{Extreme, ExtremeEngine, cell_of};
use super::cell::Cell;
use super::players::rng;
use super::rules::State;

/// The contest's limit per move.
pub const CONTEST_MOVE_LIMIT: Duration = Duration::from_secs(16);

/// How a game ended, in the simulator's words: the tournament's own ends (a pattern of
/// small boards is `Won`; every small board decided without one is `OnPoints`, or `Draw`
/// at equal points).
pub use crate::core::tournament::End;

/// One move of a game and the time it took.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Timed {
    pub cell: Cell,
    pub side: Side,
    pub bonus: bool,
    /// `None` for an opening move, which nobody chose.
    pub took: Option<Duration>,
}

/// A finished game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameResult {
    pub end: End,
    /// The winner by pattern or on points, or the opponent of the side that forfeited;
    /// `None` for a draw.
    pub winner: Option<Side>,
    /// The contest's points (first, second).
    pub points: [u32; 2],
    pub moves: Vec<Timed>,
    /// The position when the game ended (a forfeit leaves the game unfinished).
    pub last: State,
    /// After a time out, how long the offender took.
    pub overrun: Option<Duration>,
}

impl GameResult {
    /// Match points for `side`: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn score(&self, side: Side) -> f64 {
        match self.winner {
            Some(s) if s == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The simulator's closing lines: who won, how, and both players' points.
    pub fn summary(&self) -> String {
        let who = match self.winner {
            Some(side) => format!("{} wins", side.letter()),
            None => "a draw".to_string(),
        };
        let overrun = self.overrun.map_or(String::new(), |t| {
            format!(" after {:.3} s", t.as_secs_f64())
        });
        format!(
            "{who} ({}{overrun}); points X {} O {}",
            self.end, self.points[0], self.points[1]
        )
    }
}

/// Plays one game from `opening` (moves made for both, unchecked by the clock).
/// `limit` is the time per move; `None` for no clock.
pub fn play_game(
    players: [&mut dyn Player; 2],
    limit: Option<Duration>,
    opening: &[Cell],
) -> GameResult {
    let mut state = State::START;
    let mut moves = Vec::new();
    for &cell in opening {
        let Ok(next) = state.play(cell) else { break };
        moves.push(Timed {
            cell,
            side: state.to_move(),
            bonus: state.bonus(),
            took: None,
        });
        state = next;
    }
    loop {
        // The result is the tournament's, from the position's status.
        if let Some(played) = Played::over(&Extreme, &state) {
            return GameResult {
                end: played.end,
                winner: played.winner,
                points: played.points.unwrap_or_default(),
                moves,
                last: state,
                overrun: None,
            };
        }
        let side = state.to_move();
        let started = Instant::now();
        let decision = players[side.index()].decide(&state);
        let took = started.elapsed();
        if limit.is_some_and(|l| took > l) {
            let mut result = forfeit(End::TimeOut, side, moves, state);
            result.overrun = Some(took);
            return result;
        }
        let next = decision
            .and_then(|d| cell_of(d.cell))
            .and_then(|cell| state.play(cell).ok().map(|next| (cell, next)));
        let Some((cell, next)) = next else {
            return forfeit(End::InvalidMove, side, moves, state);
        };
        moves.push(Timed {
            cell,
            side,
            bonus: state.bonus(),
            took: Some(took),
        });
        state = next;
    }
}

fn forfeit(end: End, offender: Side, moves: Vec<Timed>, last: State) -> GameResult {
    let winner = Some(offender.other());
    GameResult {
        end,
        winner,
        points: Extreme.contest_points(&last, winner).unwrap_or_default(),
        moves,
        last,
        overrun: None,
    }
}

/// `plies` random legal moves from the start, from `seed`.
pub fn random_opening(seed: u64, plies: usize) -> Vec<Cell> {
    let mut rng = rng(seed);
    let mut state = State::START;
    let mut cells = Vec::new();
    for _ in 0..plies {
        let moves: Vec<Cell> = state.moves().cells().collect();
        if moves.is_empty() {
            break;
        }
        let cell = moves[rng.random_range(0..moves.len())];
        state = state.play_unchecked(cell);
        cells.push(cell);
    }
    cells
}

/// A series between two named players.
#[derive(Clone, Copy, Debug)]
pub struct Series {
    pub games: usize,
    /// The clock's limit per move; `None` for none.
    pub limit: Option<Duration>,
    /// Random moves before the players take over, the same for both games of a pair.
    pub opening_plies: usize,
    pub seed: u64,
    /// What the players are built with (their seeds are replaced per game).
    pub options: PlayerOptions,
}

/// One player's results over a series.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    /// Wins by a pattern of small boards (the rest: on points, or by forfeit).
    pub pattern_wins: u32,
    /// Draws: equal points at the end.
    pub even: u32,
    pub losses: u32,
    pub forfeits: u32,
    /// The contest's points, summed.
    pub points: u32,
    /// Match points: 1 a win (pattern, points or forfeit), 0.5 a draw.
    pub score: f64,
}

impl Tally {
    fn add(&mut self, game: &GameResult, side: Side) {
        let score = game.score(side);
        self.score += score;
        self.points += game.points[side.index()];
        match score {
            1.0 => {
                self.wins += 1;
                self.pattern_wins += u32::from(game.end == End::Won);
            }
            0.0 => {
                self.losses += 1;
                self.forfeits += u32::from(matches!(game.end, End::TimeOut | End::InvalidMove));
            }
            _ => self.even += 1,
        }
    }
}

/// Plays `series` between `names` (game `i`: `names[i % 2]` moves first), calling `each`
/// after every game with its index and result. Returns both players' tallies.
pub fn play_series(
    engine: &ExtremeEngine,
    names: [&str; 2],
    series: &Series,
    mut each: impl FnMut(usize, &GameResult),
) -> Result<[Tally; 2], PlayerError> {
    let mut tallies = [Tally::default(); 2];
    for game in 0..series.games {
        let seed = series
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(game as u64);
        let opening = random_opening(
            series.seed.wrapping_add((game / 2) as u64),
            series.opening_plies,
        );
        let first = game % 2;
        let options = |i: u64| PlayerOptions {
            seed: seed.wrapping_mul(2).wrapping_add(i),
            ..series.options
        };
        let mut x = engine.player(names[first], options(0))?;
        let mut o = engine.player(names[1 - first], options(1))?;
        let result = play_game([x.as_mut(), o.as_mut()], series.limit, &opening);
        tallies[first].add(&result, Side::First);
        tallies[1 - first].add(&result, Side::Second);
        each(game, &result);
    }
    Ok(tallies)
}

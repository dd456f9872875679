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

use std::time::Duration;

use rand::RngExt;

// Relative to this file, whichever crate takes it in.
#[path = "alphabeta.rs"]
mod alphabeta;

use alphabeta::AlphaBeta;
use tictaclatin::core::game_loop::{self, Clock, Played, Rules};
use tictaclatin::core::{Engine, Move, Player, PlayerError, PlayerOptions, Position, Side, Tally};
use tictaclatin::games::extreme::cell::cell_of;
use tictaclatin::games::extreme::players::rng;
use tictaclatin::games::extreme::{Extreme, ExtremeCell, ExtremeEngine, State};

/// One move of a game and the time it took.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Timed {
    pub cell: ExtremeCell,
    pub side: Side,
    pub bonus: bool,
    /// `None` for an opening move, which nobody chose.
    pub took: Option<Duration>,
}

/// A finished game: the game loop's result and every move with its time.
#[derive(Clone, Debug)]
pub struct GameResult {
    pub played: Played,
    pub moves: Vec<Timed>,
}

impl GameResult {
    /// The contest's points (first, second).
    pub fn points(&self) -> [u32; 2] {
        self.played.points.unwrap_or_default()
    }

    /// The simulator's closing lines: who won, how, and both players' points.
    pub fn summary(&self) -> String {
        let played = &self.played;
        let who = match played.winner {
            Some(side) => format!("{} wins", side.letter()),
            None => "a draw".to_string(),
        };
        let overrun = played.overrun.map_or(String::new(), |t| {
            format!(" after {:.3} s", t.as_secs_f64())
        });
        let [x, o] = self.points();
        format!("{who} ({}{overrun}); points X {x} O {o}", played.end)
    }
}

/// One move of the game as the contest records it.
fn timed(before: &State, cell: ExtremeCell, took: Option<Duration>) -> Timed {
    Timed {
        cell,
        side: before.to_move(),
        bonus: before.bonus(),
        took,
    }
}

/// Plays one game from `opening` (moves made for both, unchecked by the clock) under the
/// contest's rules: an illegal move or none forfeits, and so does going over `limit`, the
/// time per move (`None` for no clock).
pub fn play_game(
    players: [&mut dyn Player; 2],
    limit: Option<Duration>,
    opening: &[ExtremeCell],
) -> GameResult {
    let mut state = State::START;
    let mut moves = Vec::new();
    for &cell in opening {
        let Ok(next) = state.play(cell) else { break };
        moves.push(timed(&state, cell, None));
        state = next;
    }
    let rules = Rules {
        game: &Extreme,
        clock: Clock::Contest(limit),
    };
    let mut record = |before: &dyn Position, mv: Move, took| {
        if let (Some(before), Some(cell)) = (before.as_any().downcast_ref(), cell_of(mv.placed())) {
            moves.push(timed(before, cell, Some(took)));
        }
    };
    let played = game_loop::play_game(rules, Box::new(state), players, &mut record)
        .expect("under the contest's rules a broken rule forfeits");
    GameResult { played, moves }
}

/// `plies` random legal moves from the start, from `seed`.
pub fn random_opening(seed: u64, plies: usize) -> Vec<ExtremeCell> {
    let mut rng = rng(seed);
    let mut state = State::START;
    let mut cells = Vec::new();
    for _ in 0..plies {
        let moves: Vec<ExtremeCell> = state.moves().cells().collect();
        if moves.is_empty() {
            break;
        }
        let cell = moves[rng.random_range(0..moves.len())];
        state = state.play_unchecked(cell);
        cells.push(cell);
    }
    cells
}

/// One of the engine's players, or the yardstick `alphabeta` (a contest-style search).
pub fn player(
    engine: &ExtremeEngine,
    name: &str,
    options: PlayerOptions,
) -> Result<Box<dyn Player>, PlayerError> {
    match name {
        "alphabeta" => Ok(Box::new(AlphaBeta::new(options.movetime))),
        name => engine.player(name, options),
    }
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

/// Plays `series` between `names` (game `i`: `names[i % 2]` moves first), calling `each`
/// after every game with its index and result. The tally's first player is `names[0]`.
pub fn play_series(
    engine: &ExtremeEngine,
    names: [&str; 2],
    series: &Series,
    mut each: impl FnMut(usize, &GameResult),
) -> Result<Tally, PlayerError> {
    let mut tally = Tally::default();
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
        let mut x = player(engine, names[first], options(0))?;
        let mut o = player(engine, names[1 - first], options(1))?;
        let result = play_game([x.as_mut(), o.as_mut()], series.limit, &opening);
        let names_first_side = if first == 0 {
            Side::First
        } else {
            Side::Second
        };
        tally.record(&result.played, names_first_side);
        each(game, &result);
    }
    Ok(tally)
}

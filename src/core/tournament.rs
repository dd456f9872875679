//! Many games between two players, spread over threads.
//!
//! Every game draws its randomness from a seed derived from (tournament seed, game index)
//! alone, and the tally is a sum, so the same seed gives the same results on any number of
//! threads.

use std::fmt;
use std::ops::AddAssign;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use std::time::Duration;

use super::{Engine, Game, Player, PlayerOptions, Position, Side, Status};

/// Results of a run, from the first player's and second player's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    pub games: u64,
    pub first_wins: u64,
    pub second_wins: u64,
    pub draws: u64,
}

impl Tally {
    fn record(&mut self, result: GameResult) {
        self.games += 1;
        match result {
            GameResult::Won(Side::First) => self.first_wins += 1,
            GameResult::Won(Side::Second) => self.second_wins += 1,
            GameResult::Draw => self.draws += 1,
        }
    }

    /// `count` as a percentage of the games (0 when there were none).
    pub fn percent(&self, count: u64) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            100.0 * count as f64 / self.games as f64
        }
    }
}

impl AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        self.games += other.games;
        self.first_wins += other.first_wins;
        self.second_wins += other.second_wins;
        self.draws += other.draws;
    }
}

/// A player broke the rules: a bug in that player, reported rather than hidden.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    pub player: String,
    pub position: String,
    pub reason: String,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "player {} made an illegal move in {}: {}",
            self.player, self.position, self.reason
        )
    }
}

impl std::error::Error for IllegalMove {}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    Won(Side),
    Draw,
}

/// Plays one game from `start` to the end; how it ended.
pub fn play_game(
    start: Box<dyn Position>,
    first: &mut dyn Player,
    second: &mut dyn Player,
) -> Result<GameResult, IllegalMove> {
    let mut position = start;
    loop {
        match position.status() {
            Status::Won(side) => return Ok(GameResult::Won(side)),
            Status::Draw => return Ok(GameResult::Draw),
            Status::InPlay => {}
        }
        let player: &mut dyn Player = match position.to_move() {
            Side::First => first,
            Side::Second => second,
        };
        let chosen = player.decide(position.as_ref());
        let illegal = |reason: String| IllegalMove {
            player: player.name(),
            position: position.text(),
            reason,
        };
        let Some(decision) = chosen else {
            return Err(illegal("no move while the game is in play".into()));
        };
        position = position
            .play(decision.cell)
            .map_err(|e| illegal(e.to_string()))?;
    }
}

/// SplitMix64's finaliser: spreads nearby inputs (game 0, 1, 2...) over unrelated outputs.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seeds of game `index`'s first and second player.
pub fn game_seeds(seed: u64, index: u64) -> (u64, u64) {
    let game = mix(mix(seed) ^ index);
    (mix(game ^ 1), mix(game ^ 2))
}

/// Shared between the threads of a run and whoever watches it: a stop request (Ctrl-C) and
/// a count of finished games (the progress bar).
#[derive(Default)]
pub struct Control {
    pub stop: AtomicBool,
    pub finished: AtomicU64,
}

impl Control {
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// One pairing: who moves first, who second (player names the game's engine knows), how
/// many games, which seed, and how long a searching player may think per move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub first: String,
    pub second: String,
    pub games: u64,
    pub seed: u64,
    pub movetime: Duration,
}

/// The game and its engine, shared by every thread of a run.
#[derive(Clone, Copy)]
pub struct Arena<'a> {
    pub game: &'a dyn Game,
    pub engine: &'a dyn Engine,
}

/// Games are handed out to threads in blocks of this many, so threads rarely contend.
const BLOCK: u64 = 32;

/// Plays the pairing on `threads` threads. Stops early when `control.stop` is set, returning
/// the games finished by then (`Tally::games` tells how many).
pub fn run(
    pairing: &Pairing,
    arena: Arena<'_>,
    threads: usize,
    control: &Control,
) -> Result<Tally, IllegalMove> {
    let next = AtomicU64::new(0);
    let results: Vec<Result<Tally, IllegalMove>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| scope.spawn(|| worker(pairing, arena, &next, control)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a tournament thread panicked"))
            .collect()
    });
    let mut total = Tally::default();
    for tally in results {
        total += tally?;
    }
    Ok(total)
}

/// Takes blocks of game indices until all are played or a stop is requested.
fn worker(
    pairing: &Pairing,
    arena: Arena<'_>,
    next: &AtomicU64,
    control: &Control,
) -> Result<Tally, IllegalMove> {
    let mut tally = Tally::default();
    loop {
        let start = next.fetch_add(BLOCK, Ordering::Relaxed);
        if start >= pairing.games {
            return Ok(tally);
        }
        for index in start..(start + BLOCK).min(pairing.games) {
            if control.stopped() {
                return Ok(tally);
            }
            let (first_seed, second_seed) = game_seeds(pairing.seed, index);
            let result = play_one(pairing, arena, first_seed, second_seed).inspect_err(|_| {
                control.stop.store(true, Ordering::Relaxed);
            })?;
            tally.record(result);
            control.finished.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Builds both players with their seeds and plays one game.
fn play_one(
    pairing: &Pairing,
    arena: Arena<'_>,
    first_seed: u64,
    second_seed: u64,
) -> Result<GameResult, IllegalMove> {
    let build = |name: &str, seed: u64| {
        let options = PlayerOptions {
            seed,
            movetime: pairing.movetime,
            threads: 1,
        };
        arena.engine.player(name, options).map_err(|e| IllegalMove {
            player: name.to_string(),
            position: arena.game.start().text(),
            reason: e.to_string(),
        })
    };
    let mut first = build(&pairing.first, first_seed)?;
    let mut second = build(&pairing.second, second_seed)?;
    play_game(arena.game.start(), first.as_mut(), second.as_mut())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    use crate::core::{CellId, Decision};
    use crate::games::latin::adapter::{Latin, LatinEngine};
    use crate::games::latin::solver::Solver;

    fn pairing(first: &str, second: &str, games: u64, seed: u64) -> Pairing {
        Pairing {
            first: first.into(),
            second: second.into(),
            games,
            seed,
            movetime: Duration::from_millis(100),
        }
    }

    fn engine() -> LatinEngine {
        LatinEngine::new(Arc::new(Solver::new()))
    }

    #[test]
    fn thread_count_does_not_change_the_results() {
        let engine = engine();
        let arena = Arena {
            game: &Latin,
            engine: &engine,
        };
        let p = pairing("greedy", "random", 300, 5);
        let one = run(&p, arena, 1, &Control::default()).expect("legal games");
        let three = run(&p, arena, 3, &Control::default()).expect("legal games");
        assert_eq!(one, three);
        assert_eq!(one.games, 300);
        assert_eq!(one.first_wins + one.second_wins + one.draws, 300);
        let other_seed = run(
            &pairing("greedy", "random", 300, 6),
            arena,
            2,
            &Control::default(),
        );
        assert_ne!(Ok(one), other_seed, "the seed matters");
    }

    #[test]
    fn a_stop_request_ends_the_run_early() {
        let engine = engine();
        let arena = Arena {
            game: &Latin,
            engine: &engine,
        };
        let control = Control::default();
        control.stop.store(true, Ordering::Relaxed);
        let tally =
            run(&pairing("random", "random", 1000, 1), arena, 2, &control).expect("legal games");
        assert_eq!(tally.games, 0);
    }

    /// Plays the same cell every time: illegal from its second move on.
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
    fn an_illegal_move_is_reported_with_its_position() {
        let err = play_game(Latin.start(), &mut Stubborn, &mut Stubborn).unwrap_err();
        assert_eq!(err.player, "stubborn");
        assert_eq!(err.position, "X---/----/----/----");
        assert!(err.to_string().contains("a1 is taken"), "{err}");
    }

    #[test]
    fn game_seeds_differ_by_game_and_side() {
        let (a, b) = game_seeds(1, 0);
        let (c, _) = game_seeds(1, 1);
        let (d, _) = game_seeds(2, 0);
        assert!(a != b && a != c && a != d);
    }
}

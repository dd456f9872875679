//! Many games between two players, spread over threads. Every game's randomness comes from
//! (tournament seed, game index) alone and the tally is a sum, so a seed gives the same
//! results on any number of threads (unless a player searches for a time).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::game_loop::{Clock, IllegalMove, Played, Rules, Tally, play_game};
use super::threads;
use super::{Engine, Game, Move, PlayerOptions, Position, Side};

/// SplitMix64's finaliser: spreads nearby inputs (game 0, 1, 2...) over unrelated outputs.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Of game `index`'s first and second player.
pub fn game_seeds(seed: u64, index: u64) -> [u64; 2] {
    let game = mix(mix(seed) ^ index);
    [mix(game ^ 1), mix(game ^ 2)]
}

/// A stop request (Ctrl-C), shared with the signal handler.
#[derive(Default)]
pub struct Control {
    /// In an `Arc` so that a signal handler can hold it.
    pub stop: Arc<AtomicBool>,
}

impl Control {
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Player names the game's engine knows, `first` moving first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub first: String,
    pub second: String,
    pub games: u64,
    pub seed: u64,
    pub movetime: Duration,
    pub bot_threads: usize,
    pub move_limit: Option<Duration>,
}

/// Sees each finished game (its index, moves and end) from any of the run's threads.
pub type Keep<'a> = &'a (dyn Fn(u64, &[Move], &Played) + Sync);

#[derive(Clone, Copy)]
pub struct Arena<'a> {
    pub game: &'a dyn Game,
    pub engine: &'a dyn Engine,
    pub keep: Option<Keep<'a>>,
}

/// Games are handed out to threads in blocks of this many, so threads rarely contend.
const BLOCK: u64 = 32;

/// On `threads` threads, the calling thread one of them, stopping early on `control.stop`
/// with the games finished by then. Threads the system refuses are done without.
pub fn run(
    pairing: &Pairing,
    arena: Arena<'_>,
    threads: usize,
    control: &Control,
) -> Result<Tally, IllegalMove> {
    let next = AtomicU64::new(0);
    let tally = Mutex::new(Tally::default());
    let play = || worker(pairing, arena, &next, control, &tally);
    std::thread::scope(|scope| {
        let mut helpers = Vec::new();
        for _ in 1..threads.max(1) {
            match threads::spawn_scoped(scope, "tournament", "a tournament thread", play) {
                Ok(helper) => helpers.push(helper),
                Err(error) => {
                    threads::note_fewer(&error, "the games were played on fewer threads");
                    break;
                }
            }
        }
        let mine = play();
        // A helper's panic is the calling thread's to pass on, as if it had played there.
        let theirs = (helpers.into_iter())
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        std::iter::once(mine)
            .chain(theirs)
            .collect::<Result<(), _>>()
    })?;
    Ok(tally.into_inner().unwrap_or_else(PoisonError::into_inner))
}

fn worker(
    pairing: &Pairing,
    arena: Arena<'_>,
    next: &AtomicU64,
    control: &Control,
    tally: &Mutex<Tally>,
) -> Result<(), IllegalMove> {
    loop {
        let start = next.fetch_add(BLOCK, Ordering::Relaxed);
        if start >= pairing.games {
            return Ok(());
        }
        for index in start..(start + BLOCK).min(pairing.games) {
            if control.stopped() {
                return Ok(());
            }
            let mut moves = Vec::new();
            let played = play_one(pairing, arena, game_seeds(pairing.seed, index), &mut moves)
                .inspect_err(|_| control.stop.store(true, Ordering::Relaxed))?;
            if let Some(keep) = arena.keep {
                keep(index, &moves, &played);
            }
            let mut sum = tally.lock().unwrap_or_else(PoisonError::into_inner);
            sum.record(&played, Side::First);
        }
    }
}

fn play_one(
    pairing: &Pairing,
    arena: Arena<'_>,
    [first_seed, second_seed]: [u64; 2],
    moves: &mut Vec<Move>,
) -> Result<Played, IllegalMove> {
    let build = |name: &str, seed: u64| {
        let options = PlayerOptions {
            seed,
            movetime: pairing.movetime,
            threads: pairing.bot_threads.max(1),
        };
        arena.engine.player(name, options).map_err(|e| IllegalMove {
            player: name.to_string(),
            position: arena.game.start().text(),
            reason: e.to_string(),
        })
    };
    let mut first = build(&pairing.first, first_seed)?;
    let mut second = build(&pairing.second, second_seed)?;
    let rules = Rules {
        game: arena.game,
        // No clock at all without a limit: an illegal move is then a bug in the player.
        clock: (pairing.move_limit).map_or(Clock::Off, |limit| Clock::Contest(Some(limit))),
    };
    play_game(
        rules,
        arena.game.start(),
        [first.as_mut(), second.as_mut()],
        &mut |_: &dyn Position, mv, _| moves.push(mv),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    use crate::games::latin::adapter::{Latin, LatinEngine};
    use crate::games::latin::solver::Solver;

    fn pairing(first: &str, second: &str, games: u64, seed: u64) -> Pairing {
        Pairing {
            first: first.into(),
            second: second.into(),
            games,
            seed,
            movetime: Duration::from_millis(100),
            bot_threads: 1,
            move_limit: None,
        }
    }

    fn engine() -> LatinEngine {
        LatinEngine::new(Arc::new(Solver::new()))
    }

    /// Tic-Tac-Latin's arena, keeping no games.
    fn arena(engine: &LatinEngine) -> Arena<'_> {
        Arena {
            game: &Latin,
            engine,
            keep: None,
        }
    }

    #[test]
    fn thread_count_does_not_change_the_results() {
        let engine = engine();
        let arena = arena(&engine);
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
        let arena = arena(&engine);
        let control = Control::default();
        control.stop.store(true, Ordering::Relaxed);
        let tally =
            run(&pairing("random", "random", 1000, 1), arena, 2, &control).expect("legal games");
        assert_eq!(tally.games, 0);
    }

    #[test]
    fn game_seeds_differ_by_game_and_side() {
        let [a, b] = game_seeds(1, 0);
        let [c, _] = game_seeds(1, 1);
        let [d, _] = game_seeds(2, 0);
        assert!(a != b && a != c && a != d);
    }
}

//! Many games between two players, spread over threads.
//!
//! Every game draws its randomness from a seed derived from (tournament seed, game index)
//! alone, and the tally is a sum, so the same seed gives the same results on any number of
//! threads (a player that searches for a time depends on the machine's speed too).
//!
//! With a clock (a contest's time per move), a player that goes over it, or plays an illegal
//! move or none, forfeits the game, as in extreme tic-tac-toe's contest; without one, an
//! illegal move is a bug in the player, reported rather than hidden. Games that score a
//! contest's points (see [`Game::contest_points`]) have them summed. Who won is the final
//! position's [`Status`], as everywhere: a game won on points counts as a win (and is
//! counted apart in [`Tally::on_points`] for the words).

use std::fmt;
use std::ops::AddAssign;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use std::time::{Duration, Instant};

use super::threads;
use super::{Engine, Game, Player, PlayerOptions, Position, Side, Status};

/// Results of a run, from the first player's and second player's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    pub games: u64,
    pub first_wins: u64,
    pub second_wins: u64,
    pub draws: u64,
    /// Games each side lost by going over the clock (first, second).
    pub time_outs: [u64; 2],
    /// Games each side lost by an illegal move or none, with a clock on (first, second).
    pub invalid_moves: [u64; 2],
    /// Of the wins, those won on points (no line; more points, see [`End::OnPoints`]).
    pub on_points: u64,
    /// The contest's points, summed (first, second), for games that score them.
    pub points: [u64; 2],
}

impl Tally {
    fn record(&mut self, played: &Played) {
        self.games += 1;
        match played.winner {
            Some(Side::First) => self.first_wins += 1,
            Some(Side::Second) => self.second_wins += 1,
            None => self.draws += 1,
        }
        if played.end == End::OnPoints {
            self.on_points += 1;
        }
        let forfeits = match played.end {
            End::TimeOut => Some(&mut self.time_outs),
            End::InvalidMove => Some(&mut self.invalid_moves),
            _ => None,
        };
        if let (Some(count), Some(winner)) = (forfeits, played.winner) {
            count[winner.other().index()] += 1;
        }
        if let Some([f, s]) = played.points {
            self.points[0] += u64::from(f);
            self.points[1] += u64::from(s);
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
        self.on_points += other.on_points;
        for i in 0..2 {
            self.time_outs[i] += other.time_outs[i];
            self.invalid_moves[i] += other.invalid_moves[i];
            self.points[i] += other.points[i];
        }
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

/// How a game ended, in the words of extreme tic-tac-toe's contest simulator, with a win
/// on points named apart from a draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    /// A line (or pattern) won.
    Won,
    /// No line, and the side with more points won (see [`Position::decided_on_points`]).
    OnPoints,
    /// The game ended without a winner.
    Draw,
    /// A player went over the clock.
    TimeOut,
    /// A player played an illegal move, or none.
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
    /// How a game over by the rules ended: a line, the points, or a draw; `None` while it
    /// is in play. Taken from the position's status, as every result is.
    pub fn of(position: &dyn Position) -> Option<End> {
        Some(match position.status() {
            Status::InPlay => return None,
            Status::Won(_) if position.decided_on_points().is_some() => End::OnPoints,
            Status::Won(_) => End::Won,
            Status::Draw => End::Draw,
        })
    }
}

/// A finished game: how it ended, who won (by the rules, or the opponent of a player who
/// forfeited) and the contest's points, where the game scores them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Played {
    pub end: End,
    pub winner: Option<Side>,
    pub points: Option<[u32; 2]>,
}

impl Played {
    /// A game over by the rules (`None` while in play): how it ended, its winner (the
    /// position's status) and the contest's points.
    pub fn over(game: &dyn Game, position: &dyn Position) -> Option<Played> {
        let end = End::of(position)?;
        let winner = position.status().winner();
        Some(Played {
            end,
            winner,
            points: game.contest_points(position, winner),
        })
    }
}

/// How one game is played: the game (for its contest points) and the clock, if any.
#[derive(Clone, Copy)]
pub struct Rules<'a> {
    pub game: &'a dyn Game,
    /// The time a player has for each move (a bonus move has its own); over it, it forfeits.
    pub move_limit: Option<Duration>,
}

/// Plays one game from `start` to the end; how it ended.
pub fn play_game(
    rules: Rules<'_>,
    start: Box<dyn Position>,
    first: &mut dyn Player,
    second: &mut dyn Player,
) -> Result<Played, IllegalMove> {
    let mut position = start;
    loop {
        if let Some(played) = Played::over(rules.game, position.as_ref()) {
            return Ok(played);
        }
        let side = position.to_move();
        let player: &mut dyn Player = match side {
            Side::First => &mut *first,
            Side::Second => &mut *second,
        };
        match next_move(rules, position.as_ref(), player)? {
            Ok(next) => position = next,
            Err(end) => return Ok(forfeit(rules, position.as_ref(), end, side)),
        }
    }
}

/// The position after `player`'s move, or with a clock how it forfeited; without a clock,
/// an illegal move is an error.
fn next_move(
    rules: Rules<'_>,
    position: &dyn Position,
    player: &mut dyn Player,
) -> Result<Result<Box<dyn Position>, End>, IllegalMove> {
    let started = Instant::now();
    let chosen = player.decide(position);
    if rules
        .move_limit
        .is_some_and(|limit| started.elapsed() > limit)
    {
        return Ok(Err(End::TimeOut));
    }
    let illegal = |reason: String| IllegalMove {
        player: player.name(),
        position: position.text(),
        reason,
    };
    let played = match chosen {
        Some(decision) => position
            .play(decision.cell)
            .map_err(|e| illegal(e.to_string())),
        None => Err(illegal("no move while the game is in play".into())),
    };
    match (played, rules.move_limit) {
        (Ok(next), _) => Ok(Ok(next)),
        (Err(_), Some(_)) => Ok(Err(End::InvalidMove)),
        (Err(e), None) => Err(e),
    }
}

/// `offender` forfeits: the opponent wins, with the contest's points for a win.
fn forfeit(rules: Rules<'_>, position: &dyn Position, end: End, offender: Side) -> Played {
    let winner = Some(offender.other());
    Played {
        end,
        winner,
        points: rules.game.contest_points(position, winner),
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
/// many games, which seed, how long a searching player may think per move and on how many
/// threads, and the clock, if any.
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

/// The game and its engine, shared by every thread of a run.
#[derive(Clone, Copy)]
pub struct Arena<'a> {
    pub game: &'a dyn Game,
    pub engine: &'a dyn Engine,
}

/// Games are handed out to threads in blocks of this many, so threads rarely contend.
const BLOCK: u64 = 32;

/// Plays the pairing on `threads` threads, the calling thread one of them. Stops early when
/// `control.stop` is set, returning the games finished by then (`Tally::games` tells how
/// many). Threads the system refuses are done without (noted, see [`threads::note_fewer`]):
/// at worst every game is played on the calling thread.
pub fn run(
    pairing: &Pairing,
    arena: Arena<'_>,
    threads: usize,
    control: &Control,
) -> Result<Tally, IllegalMove> {
    let next = AtomicU64::new(0);
    let play = || worker(pairing, arena, &next, control);
    let results: Vec<Result<Tally, IllegalMove>> = std::thread::scope(|scope| {
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
        let mut results = vec![play()];
        // A helper's panic is the calling thread's to pass on, as if it had played there.
        results.extend(
            helpers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))),
        );
        results
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
            let played = play_one(pairing, arena, first_seed, second_seed).inspect_err(|_| {
                control.stop.store(true, Ordering::Relaxed);
            })?;
            tally.record(&played);
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
        move_limit: pairing.move_limit,
    };
    play_game(rules, arena.game.start(), first.as_mut(), second.as_mut())
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
            bot_threads: 1,
            move_limit: None,
        }
    }

    fn rules(move_limit: Option<Duration>) -> Rules<'static> {
        Rules {
            game: &Latin,
            move_limit,
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
        let err = play_game(rules(None), Latin.start(), &mut Stubborn, &mut Stubborn).unwrap_err();
        assert_eq!(err.player, "stubborn");
        assert_eq!(err.position, "X---/----/----/----");
        assert!(err.to_string().contains("a1 is taken"), "{err}");
    }

    #[test]
    fn with_a_clock_an_illegal_move_forfeits() {
        let clock = Some(Duration::from_secs(60));
        let played = play_game(rules(clock), Latin.start(), &mut Stubborn, &mut Stubborn)
            .expect("a forfeit, not an error");
        // X's a1 stands; O's a1 is taken: O forfeits, X wins.
        assert_eq!(played.end, End::InvalidMove);
        assert_eq!(played.winner, Some(Side::First));
        let mut tally = Tally::default();
        tally.record(&played);
        assert_eq!((tally.first_wins, tally.invalid_moves), (1, [0, 1]));
    }

    /// Thinks for longer than any clock of a millisecond allows, then plays a1.
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
        let played = play_game(rules(clock), Latin.start(), &mut Slow, &mut Slow).unwrap();
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
        use crate::games::extreme::players::RandomPlayer;
        use crate::games::extreme::testing::{X_31_O_28, one_move_from_the_points};
        let rules = Rules {
            game: &Extreme,
            move_limit: None,
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
            let played = play_game(rules, Box::new(start), &mut x, &mut o).unwrap();
            let (end, winner, points) = expected;
            assert_eq!(played.end, end);
            assert_eq!(played.winner, winner);
            assert_eq!(played.points, Some(points), "the small boards' points");
            tally.record(&played);
        }
        assert_eq!(tally.first_wins, 1);
        assert_eq!(tally.second_wins, 0);
        assert_eq!(tally.draws, 1);
        assert_eq!(tally.on_points, 1);
        assert_eq!(tally.points, [31 + 28, 28 + 28]);
        assert_eq!(End::OnPoints.to_string(), "on points");
    }

    #[test]
    fn game_seeds_differ_by_game_and_side() {
        let (a, b) = game_seeds(1, 0);
        let (c, _) = game_seeds(1, 1);
        let (d, _) = game_seeds(2, 0);
        assert!(a != b && a != c && a != d);
    }
}

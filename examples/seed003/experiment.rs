//! The experiment under each reading: the published figures, our faithful player, and the
//! C# program under three models of how its `new Random()` calls are seeded.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};

use super::csharp::{Fixes, RandomSource, Winner, play_game_with};
use super::dotnet_random::DotNetRandom;
use tictaclatin::core::Tally;
use tictaclatin::core::game_loop::{self, Clock, Rules};
use tictaclatin::core::{Game, Player, PlayerOptions, Side};
use tictaclatin::games::classic::Variant;

/// Games per order in the seed's experiment.
pub const GAMES: u32 = 50_000;

/// The seed's figures: computer (the rule-list player) wins, human (the random player)
/// wins, draws.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Figures {
    pub computer: u32,
    pub human: u32,
    pub draws: u32,
}

impl Figures {
    pub fn games(self) -> u32 {
        self.computer + self.human + self.draws
    }

    pub fn percents(self) -> [f64; 3] {
        let g = f64::from(self.games().max(1));
        [self.computer, self.human, self.draws].map(|n| 100.0 * f64::from(n) / g)
    }
}

/// The published figures in one order, as the engine keeps them for the `tournament`
/// command.
pub fn published(player_first: bool) -> Figures {
    let g = Variant::new(3, None).expect("3x3 is a variant");
    let (first, second) = if player_first {
        ("rule-list", "random")
    } else {
        ("random", "rule-list")
    };
    let p = g
        .engine()
        .published(first, second)
        .expect("seed 003's figures for both orders");
    let (computer, human) = if player_first {
        (p.first_wins, p.second_wins)
    } else {
        (p.second_wins, p.first_wins)
    };
    let count = |n: u64| u32::try_from(n).expect("50,000 games");
    Figures {
        computer: count(computer),
        human: count(human),
        draws: count(p.draws),
    }
}

/// Our faithful `rule-list` (one stone per turn) against `random`, through the games
/// interface, as the `tournament` command would play it.
pub fn faithful(games: u32, player_first: bool, seed: u64) -> Figures {
    let g = Variant::new(3, None).expect("3x3 is a variant");
    let engine = g.engine();
    let player = |name: &str, seed| {
        engine
            .player(name, PlayerOptions::seeded(seed))
            .expect("3x3 has both players")
    };
    let (mut rule_list, mut random) = (player("rule-list", seed), player("random", seed ^ 0x5EED));
    let mut tally = Tally::default();
    let side = if player_first {
        Side::First
    } else {
        Side::Second
    };
    let rules = Rules {
        game: &g,
        clock: Clock::Off,
    };
    for _ in 0..games {
        let players: [&mut dyn Player; 2] = if player_first {
            [rule_list.as_mut(), random.as_mut()]
        } else {
            [random.as_mut(), rule_list.as_mut()]
        };
        let played = game_loop::play_game(rules, g.start(), players, &mut |_, _, _| {})
            .expect("both players move legally");
        tally.record(&played, side);
    }
    Figures {
        computer: tally.first_wins as u32,
        human: tally.second_wins as u32,
        draws: tally.draws as u32,
    }
}

/// How the C# program's `new Random()` calls are seeded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seeding {
    /// Each with a seed of its own (.NET Core and later): independent streams.
    Independent,
    /// .NET Framework's `Environment.TickCount`, which changes every 15.6 ms on Windows,
    /// far slower than a game: every generator of a game gets one seed, a fresh random one
    /// per game.
    OneSeedPerGame,
    /// The clock itself: TickCount from `start`, advancing 15 or 16 ms every
    /// `games_per_tick` games, so whole runs of games repeat the same seed.
    Clock { start: i32, games_per_tick: u32 },
}

/// What the C# program reports, plus what it does not say.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Replay {
    pub computer: u32,
    pub human: u32,
    pub draws: u32,
    /// Computer turns that placed more than one stone.
    pub extra_stone_turns: u32,
    /// Computer turns that placed none (rule 5 found no cell).
    pub passes: u32,
    pub computer_turns: u32,
    /// Games counted as a draw or a loss although the computer held a line.
    pub uncounted_wins: u32,
    /// Distinct seeds the generators got (for the seeded models).
    pub distinct_seeds: u32,
}

impl Replay {
    pub fn figures(self) -> Figures {
        Figures {
            computer: self.computer,
            human: self.human,
            draws: self.draws,
        }
    }
}

/// Seeds every `new Random()` per the model.
struct Source {
    seeding: Seeding,
    rng: Xoshiro256PlusPlus,
    game_seed: i32,
}

impl RandomSource for Source {
    fn new_random(&mut self) -> DotNetRandom {
        match self.seeding {
            Seeding::Independent => DotNetRandom::new((self.rng.next_u32() >> 1) as i32),
            _ => DotNetRandom::new(self.game_seed),
        }
    }
}

/// Runs `Main` for `games` games on 3x3.
pub fn replay(games: u32, computer_first: bool, seeding: Seeding, seed: u64) -> Replay {
    replay_with(games, computer_first, seeding, Fixes::NONE, seed)
}

/// `replay` with some of the program's quirks corrected.
pub fn replay_with(
    games: u32,
    computer_first: bool,
    seeding: Seeding,
    fixes: Fixes,
    seed: u64,
) -> Replay {
    let mut source = Source {
        seeding,
        rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        game_seed: 0,
    };
    let mut out = Replay::default();
    let mut last_seed = None;
    for game in 0..games {
        source.game_seed = match seeding {
            Seeding::Independent => 0,
            Seeding::OneSeedPerGame => (source.rng.next_u32() >> 1) as i32,
            Seeding::Clock {
                start,
                games_per_tick,
            } => {
                let tick = (game / games_per_tick.max(1)) as i64;
                // 64 ticks a second: 15.625 ms on average, as 15 and 16 alternate.
                start.wrapping_add((tick * 15625 / 1000) as i32)
            }
        };
        if seeding != Seeding::Independent && last_seed != Some(source.game_seed) {
            out.distinct_seeds += 1;
            last_seed = Some(source.game_seed);
        }
        let (result, t) = play_game_with(3, computer_first, fixes, &mut source);
        match result {
            Winner::Computer => out.computer += 1,
            Winner::Human => out.human += 1,
            Winner::Draw => out.draws += 1,
        }
        if result != Winner::Computer && t.holds_line(b'o') {
            out.uncounted_wins += 1;
        }
        out.computer_turns += t.computer_stones_per_turn.len() as u32;
        let turns = &t.computer_stones_per_turn;
        out.extra_stone_turns += turns.iter().filter(|&&n| n > 1).count() as u32;
        out.passes += turns.iter().filter(|&&n| n == 0).count() as u32;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_figures_add_up() {
        assert_eq!(published(false).games(), GAMES);
        assert_eq!(published(true).games(), GAMES);
        let [w, l, _] = published(false).percents();
        assert!((w - 85.972).abs() < 1e-9 && (l - 0.584).abs() < 1e-9);
    }

    /// With its quirks corrected the program is the player the seed describes, which our
    /// `rule-list` implements separately: their results must agree within chance.
    #[test]
    fn the_corrected_program_plays_like_our_rule_list() {
        let games = 20_000;
        for first in [false, true] {
            let ours = faithful(games, first, 3).percents();
            let theirs = replay_with(games, first, Seeding::Independent, Fixes::ALL, 3)
                .figures()
                .percents();
            for (a, b) in ours.iter().zip(theirs) {
                // Four standard errors of a difference of two shares of 20,000 games.
                let p = (a + b) / 200.0;
                let se = (2.0 * p * (1.0 - p) / games as f64).sqrt() * 100.0;
                assert!(
                    (a - b).abs() <= 4.0 * se + 0.05,
                    "first {first}: {ours:?} vs {theirs:?}"
                );
            }
        }
    }

    #[test]
    fn a_clock_repeats_seeds_in_runs() {
        let r = replay(
            100,
            false,
            Seeding::Clock {
                start: 1000,
                games_per_tick: 10,
            },
            0,
        );
        assert_eq!(r.distinct_seeds, 10);
        assert_eq!(r.figures().games(), 100);
    }
}

//! Qubic's hot paths: `cargo bench --bench qubic`.
//!
//! Figures are recorded in the README's Qubic section. Run on an otherwise idle machine.

use std::sync::OnceLock;
use std::time::Duration;

use divan::{Bencher, black_box};
use tictaclatin::core::Difficulty;
use tictaclatin::core::game_loop::{Clock, Rules, play_game};
use tictaclatin::core::root::SearchSettings;
use tictaclatin::core::{Budget, Move, Player, Position, Side};
use tictaclatin::games::qubic::adapter::patashnik_index;
use tictaclatin::games::qubic::dictionary::verify::{self, VerifyOptions};
use tictaclatin::games::qubic::dictionary::{self, Canonical, Dictionary};
use tictaclatin::games::qubic::players::{Perfect, RandomPlayer, levels};
use tictaclatin::games::qubic::{Geometry, Qubic, QubicBoard, QubicGame, strategy};

fn main() {
    divan::main();
}

fn patashnik() -> &'static Dictionary {
    static DICTIONARY: OnceLock<Dictionary> = OnceLock::new();
    DICTIONARY.get_or_init(|| {
        dictionary::parse(&Qubic, dictionary::PATASHNIK, Canonical::Required).unwrap()
    })
}

/// Positions met in games of the perfect X against random and medium O players: the X
/// positions the verifier and the bot see.
fn game_positions() -> &'static Vec<QubicBoard> {
    static POSITIONS: OnceLock<Vec<QubicBoard>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut out = Vec::new();
        for seed in 0..40 {
            let budget = Budget::Time(Duration::from_millis(5));
            let mut x = Perfect::new("perfect", patashnik_index(), SearchSettings::new(budget, 1));
            let mut o: Box<dyn Player> = if seed % 2 == 0 {
                Box::new(RandomPlayer::new(seed))
            } else {
                Box::new(
                    levels::player(Difficulty::Medium, Duration::from_millis(5), seed).unwrap(),
                )
            };
            let rules = Rules {
                game: &QubicGame,
                clock: Clock::Off,
            };
            let start = Box::new(QubicBoard::EMPTY);
            let mut x_to_move = |before: &dyn Position, _: Move, _: Duration| {
                if before.to_move() == Side::First {
                    out.push(QubicBoard::of(before));
                }
            };
            play_game(rules, start, [&mut x, o.as_mut()], &mut x_to_move).expect("legal moves");
        }
        out
    })
}

/// The canonical form (smallest of 192 images) of positions from real games.
#[divan::bench]
fn canonical_form(bencher: Bencher) {
    let boards = game_positions();
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % boards.len();
        black_box(Qubic.canonical(black_box(boards[i])))
    });
}

/// X's move by the header's procedure (win, block, dictionary, forced win).
#[divan::bench]
fn x_move(bencher: Bencher) {
    let index = patashnik_index();
    let boards = game_positions();
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % boards.len();
        black_box(strategy::choose(&Qubic, &index, black_box(boards[i])))
    });
}

/// Verifying the subtrees under 20 dictionary positions with 3 stones a side.
#[divan::bench(sample_count = 5)]
fn verify_subset() -> usize {
    let d = patashnik();
    d.entries
        .iter()
        .filter(|e| e.board.stones() == 6)
        .take(20)
        .map(|e| {
            let start = e.board.with_move(e.play);
            verify::verify_from(&Qubic, d, start, VerifyOptions::default())
                .unwrap()
                .positions
        })
        .sum()
}

//! Baseline players that know only the rules, not the solver: yardsticks for the levels.

use super::{PlayerRng, random_cell, rng_from_seed};
use crate::core::Position;
use crate::games::kit::baselines::{Greedy, Step};
use crate::games::latin::game::tactics::{safe_cells, winning_cells};
use crate::games::latin::game::{Board, Cell, Status};
use crate::games::latin::position::board_of;

/// Takes a move that wins at once; otherwise a random move after which the opponent cannot
/// win at once; otherwise any random move (the shared `greedy` of `kit::baselines`).
pub fn greedy(seed: u64) -> Greedy {
    Greedy::new(seed, greedy_steps)
}

fn greedy_steps(position: &dyn Position) -> Option<[Step; 3]> {
    let board = board_of(position).filter(|b| !b.status().is_over())?;
    Some([
        Step::at_random(winning_cells(board).into()),
        Step::at_random(safe_cells(board).into()),
        Step::at_random(board.empty_cells().into()),
    ])
}

/// The deepest search `lookahead-N` accepts: beyond it a move takes too long early in the
/// game for a baseline (the search has no table).
pub const MAX_LOOKAHEAD: u32 = 6;

/// A depth-limited search: plays randomly among the moves with the best outcome it can
/// prove within `depth` plies (counting its own move): a forced win, else a move not lost
/// within that horizon, else any move.
pub(crate) struct Lookahead {
    depth: u32,
    rng: PlayerRng,
}

impl Lookahead {
    pub fn new(depth: u32, seed: u64) -> Lookahead {
        Lookahead {
            depth: depth.clamp(1, MAX_LOOKAHEAD),
            rng: rng_from_seed(seed),
        }
    }

    pub fn name(&self) -> String {
        format!("lookahead-{}", self.depth)
    }

    pub fn choose(&mut self, board: Board) -> Option<Cell> {
        let mut best = Horizon::Lost;
        let mut cells = 0u16;
        for cell in Cell::in_mask(board.empty_cells()) {
            let h = move_horizon(board, cell, self.depth);
            if h > best {
                (best, cells) = (h, 0);
            }
            if h == best {
                cells |= cell.bit();
            }
        }
        random_cell(cells, &mut self.rng)
    }
}

/// What a bounded search can prove, for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Horizon {
    Lost,
    /// Nothing forced within the horizon (or a proven draw).
    Open,
    Won,
}

impl Horizon {
    fn flip(self) -> Horizon {
        match self {
            Horizon::Lost => Horizon::Won,
            Horizon::Open => Horizon::Open,
            Horizon::Won => Horizon::Lost,
        }
    }
}

/// The outcome of playing `cell`, for the side playing it, proven within `depth` plies
/// counting this move.
fn move_horizon(board: Board, cell: Cell, depth: u32) -> Horizon {
    let child = board.with_move(cell);
    match child.status() {
        Status::Won(side) if side == board.to_move() => Horizon::Won,
        Status::Won(_) => Horizon::Lost,
        Status::Draw => Horizon::Open,
        Status::InPlay => position_horizon(child, depth - 1).flip(),
    }
}

/// The outcome for the side to move in an in-play position, within `depth` plies.
fn position_horizon(board: Board, depth: u32) -> Horizon {
    if depth == 0 {
        return Horizon::Open;
    }
    let mut best = Horizon::Lost;
    for cell in Cell::in_mask(board.empty_cells()) {
        best = best.max(move_horizon(board, cell, depth));
        if best == Horizon::Won {
            break; // nothing beats a forced win
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Player;
    use crate::games::latin::game::testing::{board, cell};
    use crate::games::latin::players::RandomPlayer;
    use crate::games::latin::position::latin_cell;

    /// The cell `player` picks on `board`, asked through the core interface.
    fn choose(player: &mut dyn Player, board: Board) -> Option<Cell> {
        latin_cell(player.decide(&board)?.mv.placed())
    }

    /// Every player plays only legal moves and stops when the game is over.
    #[test]
    fn baselines_play_legal_moves_to_the_end() {
        let players: Vec<Box<dyn Player>> = vec![
            Box::new(RandomPlayer::new(1)),
            Box::new(greedy(2)),
            Box::new(Lookahead::new(3, 3)),
        ];
        for mut player in players {
            let mut b = Board::EMPTY;
            while !b.status().is_over() {
                let c = choose(player.as_mut(), b).expect("a move while in play");
                b = b.play(c).expect("a legal move");
            }
            assert_eq!(
                choose(player.as_mut(), b),
                None,
                "{} after the end",
                player.name()
            );
        }
    }

    #[test]
    fn greedy_and_lookahead_take_a_win_and_avoid_a_loss() {
        // X to move: d1 wins at once (XXOX).
        let win = board("XXO-/O---/----/----");
        // X to move: only d2 stops O's OOXO threat.
        let threat = board("X---/OOX-/----/----");
        for seed in 0..20 {
            assert_eq!(choose(&mut greedy(seed), win), Some(cell("d1")));
            assert_eq!(choose(&mut greedy(seed), threat), Some(cell("d2")));
            assert_eq!(Lookahead::new(2, seed).choose(win), Some(cell("d1")));
            assert_eq!(Lookahead::new(2, seed).choose(threat), Some(cell("d2")));
        }
    }

    #[test]
    fn lookahead_one_sees_only_its_own_win() {
        let threat = board("X---/OOX-/----/----");
        let moves: std::collections::HashSet<Cell> = (0..40)
            .filter_map(|seed| Lookahead::new(1, seed).choose(threat))
            .collect();
        assert!(moves.len() > 1, "depth 1 does not see O's threat");
    }

    /// Builds a player from a seed.
    type Maker = dyn Fn(u64) -> Box<dyn Player>;

    /// The moves of a whole game of `make(seed)` against itself.
    fn game(make: &Maker, seed: u64) -> Vec<Cell> {
        let (mut first, mut second) = (make(seed), make(seed + 1000));
        let mut board = Board::EMPTY;
        let mut moves = Vec::new();
        while !board.status().is_over() {
            let player = if moves.len() % 2 == 0 {
                &mut first
            } else {
                &mut second
            };
            let cell = choose(player.as_mut(), board).expect("the game is on");
            board = board.play(cell).expect("a legal move");
            moves.push(cell);
        }
        moves
    }

    #[test]
    fn the_seed_decides_the_game() {
        let players: [(&str, &Maker); 4] = [
            ("random", &|s| Box::new(RandomPlayer::new(s))),
            ("heuristic", &|s| {
                Box::new(crate::games::latin::players::Heuristic::new(s))
            }),
            ("greedy", &|s| Box::new(greedy(s))),
            ("lookahead-2", &|s| Box::new(Lookahead::new(2, s))),
        ];
        for (name, make) in players {
            assert_eq!(
                game(make, 8),
                game(make, 8),
                "{name}: same seed, other game"
            );
            let differ = (9..20).any(|seed| game(make, seed) != game(make, 8));
            assert!(differ, "{name} ignores its seed");
        }
    }
}

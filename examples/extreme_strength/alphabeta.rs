//! A yardstick, no player of the program's: a plain iterative-deepening alpha-beta with a
//! line-count evaluation, as the 2018 contest's entries were (no table; the last best root
//! move first). It knows the rules in full, so it loses on search and evaluation, not on
//! rules. Like the bot, it keeps a tenth of its time back, at most 60 ms.

use std::time::{Duration, Instant};

use tictaclatin::core::{BlockState, Decision, Player, Position, Side, Status};
use tictaclatin::games::extreme::cell::cell_id;
use tictaclatin::games::extreme::patterns::PATTERNS;
use tictaclatin::games::extreme::players::state_of;
use tictaclatin::games::extreme::{ExtremeCell, State};

const WIN: i32 = 10_000_000;
/// A finished game decided on points: ahead on points beats any guess.
const POINTS_END: i32 = 1_000_000;
/// Per live pattern holding 0..3 of one's stones (of a small board's cells).
const SMALL_LINE: [i32; 4] = [0, 1, 10, 100];
/// The same of the big board's small boards.
const BIG_LINE: [i32; 4] = [0, 200, 2_000, 20_000];
const BOARD: i32 = 1_000;

pub struct AlphaBeta {
    movetime: Duration,
}

impl AlphaBeta {
    pub fn new(movetime: Duration) -> AlphaBeta {
        AlphaBeta { movetime }
    }

    pub fn choose(&self, state: &State) -> Option<ExtremeCell> {
        let margin = (self.movetime / 10).min(Duration::from_millis(60));
        let deadline = Instant::now() + self.movetime.saturating_sub(margin);
        let mut moves: Vec<ExtremeCell> = state.moves().cells().collect();
        let mut best = *moves.first()?;
        let mut search = Search {
            deadline,
            nodes: 0,
            stopped: false,
        };
        for depth in 1..=64 {
            match search.root(state, &moves, depth) {
                Some(cell) => best = cell,
                None => break,
            }
            if let Some(i) = moves.iter().position(|&c| c == best) {
                moves[..=i].rotate_right(1);
            }
            if state.stones() as usize + depth >= 256 {
                break;
            }
        }
        Some(best)
    }
}

struct Search {
    deadline: Instant,
    nodes: u64,
    stopped: bool,
}

impl Search {
    /// `None` if time ran out first.
    fn root(&mut self, state: &State, moves: &[ExtremeCell], depth: usize) -> Option<ExtremeCell> {
        let mut alpha = -WIN - 1;
        let mut best = None;
        for &cell in moves {
            let score = self.child(state, cell, depth - 1, alpha, WIN + 1);
            if self.stopped {
                return None;
            }
            if score > alpha {
                alpha = score;
                best = Some(cell);
            }
        }
        best
    }

    /// The child's own score if the mover moves again.
    fn child(
        &mut self,
        state: &State,
        cell: ExtremeCell,
        depth: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let child = state.play_unchecked(cell);
        if child.to_move() == state.to_move() && !child.status().is_over() {
            self.negamax(&child, depth, alpha, beta)
        } else {
            -self.negamax(&child, depth, -beta, -alpha)
        }
    }

    fn negamax(&mut self, state: &State, depth: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && Instant::now() >= self.deadline {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if state.status().is_over() || depth == 0 {
            return evaluate(state);
        }
        let mut best = -WIN - 1;
        for cell in state.moves().cells() {
            let score = self.child(state, cell, depth - 1, alpha, beta);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// For the side to move.
fn evaluate(state: &State) -> i32 {
    let me = state.to_move();
    let margin = |[x, o]: [u32; 2]| x as i32 - o as i32;
    // An end on points by its margin, below a win by pattern (68 contest points).
    let for_x = match (state.status(), state.decided_on_points()) {
        (Status::InPlay, _) => lines(state, Side::First) - lines(state, Side::Second),
        (_, Some(points)) => {
            let m = margin(points);
            m.signum() * POINTS_END + m
        }
        (Status::Won(Side::First), None) => WIN,
        (Status::Won(Side::Second), None) => -WIN,
        (Status::Draw, None) => 0,
    };
    if me == Side::First { for_x } else { -for_x }
}

fn lines(state: &State, side: Side) -> i32 {
    let board = state.board();
    let won = board.won(side);
    let blocked = board.won(side.other()) | board.drawn();
    let mut score = won.count_ones() as i32 * BOARD;
    for b in (0..16).filter(|&b| board.block(b) == BlockState::Open) {
        let own = board.stones(side, b);
        let opp = board.stones(side.other(), b);
        score += PATTERNS
            .iter()
            .filter(|&&p| p & opp == 0)
            .map(|&p| SMALL_LINE[(own & p).count_ones() as usize])
            .sum::<i32>();
    }
    score
        + PATTERNS
            .iter()
            .filter(|&&p| p & blocked == 0)
            .map(|&p| BIG_LINE[(won & p).count_ones().min(3) as usize])
            .sum::<i32>()
}

impl Player for AlphaBeta {
    fn name(&self) -> String {
        "alphabeta".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let state = state_of(position)?;
        self.choose(&state).map(|c| Decision::new(cell_id(c)))
    }
}

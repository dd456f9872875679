//! UCT on the fast rules: playouts that take a small-board win when there is one, else
//! block one, else play at random; the tree kept from one move to the next.

use std::time::{Duration, Instant};

use tictaclatin::core::{Decision, Player, Position};
use tictaclatin::games::extreme::cell::cell_id;
use tictaclatin::games::extreme::players::state_of;

use super::rules::{Fast, IN_PLAY, TABLES, Tables, cell, nth_bit};

/// Exploration, rewards in [0, 1].
pub const C: f32 = 0.35;
/// Nodes kept at most; past it the tree stops growing (playouts go on).
const MAX_NODES: usize = 12_000_000;

#[derive(Clone, Copy)]
struct Node {
    /// (board << 4) | local of the move that led here.
    mv: u8,
    /// The side that made it (0 for X): the rewards are its.
    mover: u8,
    expanded: bool,
    children: u32,
    count: u16,
    visits: u32,
    reward: f32,
}

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    #[inline]
    pub fn next(&mut self) -> u64 {
        // wyrand
        self.0 = self.0.wrapping_add(0xA076_1D64_78BD_642F);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xE703_7ED1_A0B4_28DB);
        (t >> 64) as u64 ^ t as u64
    }

    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next() >> 32) * u64::from(n)) >> 32) as u32
    }
}

/// The small boards where `side` could win at once if sent there, and the closed boards
/// too when there is one (a closed board gives an open move, to any of them).
#[inline]
fn gifts(f: &Fast, t: &Tables, side: usize) -> u16 {
    let mut boards = 0u16;
    let mut open = !f.closed;
    while open != 0 {
        let b = open.trailing_zeros() as usize;
        open &= open - 1;
        if t.completes(f.stones[side][b]) & f.empty(b) != 0 {
            boards |= 1 << b;
        }
    }
    if boards != 0 { boards | f.closed } else { 0 }
}

/// A playout's move: a small-board win, else a block, else any cell; with `safe`, among
/// blocks and then the rest the cells that do not send the opponent to a board they can
/// win at once come first.
#[inline]
pub fn policy_move(f: &Fast, t: &Tables, rng: &mut Rng, safe: bool) -> (usize, usize) {
    let me = f.side as usize;
    let boards = f.boards();
    let unsafe_cells = if safe { gifts(f, t, me ^ 1) } else { 0 };
    let classes = |b: usize| -> [u16; 5] {
        let empty = f.empty(b);
        let blocks = t.completes(f.stones[me ^ 1][b]) & empty;
        let ok = empty & !unsafe_cells;
        [
            t.completes(f.stones[me][b]) & empty,
            blocks & ok,
            ok,
            blocks,
            empty,
        ]
    };
    if boards.count_ones() == 1 {
        let b = boards.trailing_zeros() as usize;
        let m = classes(b);
        let pick = *m.iter().find(|&&m| m != 0).expect("a move");
        return (b, nth_bit(pick, rng.below(pick.count_ones())));
    }
    // An open move: the same over every open board.
    let mut masks = [[0u16; 16]; 5];
    let mut counts = [0u32; 5];
    let mut rest = boards;
    while rest != 0 {
        let b = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        for (k, m) in classes(b).into_iter().enumerate() {
            masks[k][b] = m;
            counts[k] += m.count_ones();
        }
    }
    let k = (0..5).find(|&k| counts[k] > 0).expect("a move");
    let mut n = rng.below(counts[k]);
    for (b, &m) in masks[k].iter().enumerate() {
        let c = m.count_ones();
        if n < c {
            return (b, nth_bit(m, n));
        }
        n -= c;
    }
    unreachable!()
}

/// The plain policy's bookkeeping beside the fast rules, kept move by move so a move costs
/// no pass over the boards: per side and open small board the cells that would win it at
/// once, the boards that have one, and the count of empty cells on open boards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Threats {
    cells: [[u16; 16]; 2],
    boards: [u16; 2],
    free: u32,
}

impl Threats {
    #[inline]
    pub fn new(f: &Fast, t: &Tables) -> Threats {
        let mut th = Threats {
            cells: [[0; 16]; 2],
            boards: [0; 2],
            free: 0,
        };
        let mut open = !f.closed;
        while open != 0 {
            let b = open.trailing_zeros() as usize;
            open &= open - 1;
            th.board(f, t, b);
            th.free += f.empty(b).count_ones();
        }
        th
    }

    #[inline]
    fn board(&mut self, f: &Fast, t: &Tables, b: usize) {
        let bit = 1u16 << b;
        let empty = if f.closed & bit != 0 { 0 } else { f.empty(b) };
        for s in 0..2 {
            let c = t.completes(f.stones[s][b]) & empty;
            self.cells[s][b] = c;
            self.boards[s] = if c != 0 {
                self.boards[s] | bit
            } else {
                self.boards[s] & !bit
            };
        }
    }

    /// After a move on board `b` (open before it) to `f`.
    #[inline]
    pub fn played(&mut self, f: &Fast, t: &Tables, b: usize) {
        self.free -= 1;
        if f.closed & (1 << b) != 0 {
            self.free -= f.empty(b).count_ones();
        }
        self.board(f, t, b);
    }

    /// The plain policy's move (as [`policy_move`] without `safe`, the same odds).
    #[inline]
    pub fn choose(&self, f: &Fast, rng: &mut Rng) -> (usize, usize) {
        let me = f.side as usize;
        if f.target < 16 {
            let b = f.target as usize;
            let mut pick = self.cells[me][b];
            if pick == 0 {
                pick = self.cells[me ^ 1][b];
                if pick == 0 {
                    pick = f.empty(b);
                }
            }
            return (b, nth_bit(pick, rng.below(pick.count_ones())));
        }
        for side in [me, me ^ 1] {
            let boards = self.boards[side];
            if boards != 0 {
                if boards & (boards - 1) == 0 {
                    let b = boards.trailing_zeros() as usize;
                    let m = self.cells[side][b];
                    return (b, nth_bit(m, rng.below(m.count_ones())));
                }
                let mut total = 0;
                let mut rest = boards;
                while rest != 0 {
                    total += self.cells[side][rest.trailing_zeros() as usize].count_ones();
                    rest &= rest - 1;
                }
                return pick_among(boards, |b| self.cells[side][b], rng.below(total));
            }
        }
        pick_among(!f.closed, |b| f.empty(b), rng.below(self.free))
    }
}

/// The `n`th cell (from 0) of `cells(b)` over `boards` in order.
#[inline]
fn pick_among(mut boards: u16, cells: impl Fn(usize) -> u16, mut n: u32) -> (usize, usize) {
    loop {
        let b = boards.trailing_zeros() as usize;
        boards &= boards - 1;
        let m = cells(b);
        let c = m.count_ones();
        if n < c {
            return (b, nth_bit(m, n));
        }
        n -= c;
    }
}

/// X's reward at the end of a playout from `f`.
pub fn playout(f: Fast, t: &Tables, rng: &mut Rng, safe: bool) -> f32 {
    if safe {
        let mut f = f;
        while f.result == IN_PLAY {
            let (b, l) = policy_move(&f, t, rng, safe);
            f.play(t, b, l);
        }
        return f.x_reward();
    }
    plain_playout(f, t, rng)
}

#[inline(always)]
fn plain_playout(mut f: Fast, t: &Tables, rng: &mut Rng) -> f32 {
    let mut th = Threats::new(&f, t);
    while f.result == IN_PLAY {
        let (b, l) = th.choose(&f, rng);
        f.play(t, b, l);
        th.played(&f, t, b);
    }
    f.x_reward()
}

pub struct Mcts {
    pub movetime: Duration,
    rng: Rng,
    nodes: Vec<Node>,
    root: u32,
    root_state: Option<Fast>,
    /// Of the last search.
    pub playouts: u64,
    /// Playouts avoid sending the opponent to a board it can win at once.
    pub safe: bool,
    /// Exploration.
    pub c: f32,
    /// A node with a move that wins the game keeps only such moves.
    pub decisive: bool,
    /// The root's visits kept from the last search.
    pub kept: u32,
}

fn root_node() -> Node {
    Node {
        mv: 0,
        mover: 2,
        expanded: false,
        children: 0,
        count: 0,
        visits: 0,
        reward: 0.0,
    }
}

impl Mcts {
    pub fn new(movetime: Duration, seed: u64) -> Mcts {
        Mcts {
            movetime,
            rng: Rng::new(seed),
            nodes: Vec::new(),
            root: 0,
            root_state: None,
            playouts: 0,
            safe: false,
            c: C,
            decisive: true,
            kept: 0,
        }
    }

    fn expand(&mut self, at: usize, f: &Fast) {
        if self.nodes.len() >= MAX_NODES {
            return;
        }
        let mut moves = f.moves();
        // A move that wins the game by pattern is the only child kept (a decisive move):
        // the tree wastes no visit on the rest, and the node above learns its loss at once.
        let t = &*TABLES;
        let me = f.side as usize;
        let decisive: [u16; 16] = std::array::from_fn(|b| {
            if moves[b] != 0 && t.has_pattern(f.won[me] | 1 << b) {
                t.completes(f.stones[me][b]) & moves[b]
            } else {
                0
            }
        });
        if self.decisive && decisive.iter().any(|&m| m != 0) {
            moves = decisive;
        }
        let first = self.nodes.len() as u32;
        for (b, &m) in moves.iter().enumerate() {
            let mut rest = m;
            while rest != 0 {
                let l = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.nodes.push(Node {
                    mv: (b << 4 | l) as u8,
                    mover: f.side,
                    ..root_node()
                });
            }
        }
        let count = (self.nodes.len() as u32 - first) as u16;
        let node = &mut self.nodes[at];
        node.expanded = true;
        node.children = first;
        node.count = count;
    }

    fn select(&mut self, at: usize) -> usize {
        let node = self.nodes[at];
        let log = (node.visits.max(1) as f32).ln();
        let mut best = (f32::MIN, node.children as usize);
        let start = self.rng.below(u32::from(node.count)) as usize;
        for i in 0..node.count as usize {
            let c = node.children as usize + (start + i) % node.count as usize;
            let child = &self.nodes[c];
            if child.visits == 0 {
                return c;
            }
            let n = child.visits as f32;
            let ucb = child.reward / n + self.c * (log / n).sqrt();
            if ucb > best.0 {
                best = (ucb, c);
            }
        }
        best.1
    }

    fn iterate(&mut self, t: &Tables, path: &mut Vec<usize>) {
        let mut f = self.root_state.expect("a root");
        let mut at = self.root as usize;
        path.clear();
        path.push(at);
        while f.result == IN_PLAY {
            if !self.nodes[at].expanded {
                if self.nodes[at].visits > 0 || at == self.root as usize {
                    self.expand(at, &f);
                }
                if !self.nodes[at].expanded {
                    break;
                }
            }
            at = self.select(at);
            let mv = self.nodes[at].mv as usize;
            f.play(t, mv >> 4, mv & 15);
            path.push(at);
            if self.nodes[at].visits == 0 {
                break;
            }
        }
        let x = if f.result == IN_PLAY {
            playout(f, t, &mut self.rng, self.safe)
        } else {
            f.x_reward()
        };
        for &n in path.iter() {
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.reward += if node.mover == 0 { x } else { 1.0 - x };
        }
    }

    /// Keeps the subtree of the node reached from the old root by the moves since (up to
    /// four plies), copied to a fresh arena; else starts anew.
    fn reroot(&mut self, t: &Tables, now: &Fast) {
        let found = self.root_state.and_then(|old| {
            let mut frontier = vec![(self.root as usize, old)];
            for _ in 0..4 {
                let mut next = Vec::new();
                for (at, f) in frontier {
                    if f == *now {
                        return Some(at);
                    }
                    let node = self.nodes[at];
                    for c in node.children as usize..node.children as usize + node.count as usize {
                        let mut g = f;
                        let mv = self.nodes[c].mv as usize;
                        let (b, l) = (mv >> 4, mv & 15);
                        // Only the moves played since lead on: a stone `now` lacks does not.
                        if now.stones[g.side as usize][b] & (1 << l) != 0 {
                            g.play(t, b, l);
                            next.push((c, g));
                        }
                    }
                }
                frontier = next;
            }
            frontier.iter().find(|(_, f)| f == now).map(|&(at, _)| at)
        });
        let mut fresh = Vec::new();
        if let Some(at) = found {
            fresh.push(self.nodes[at]);
            let mut i = 0;
            while i < fresh.len() {
                let node = fresh[i];
                let first = fresh.len() as u32;
                for c in node.children as usize..node.children as usize + node.count as usize {
                    fresh.push(self.nodes[c]);
                }
                fresh[i].children = first;
                i += 1;
            }
        } else {
            fresh.push(root_node());
        }
        self.kept = fresh[0].visits;
        self.nodes = fresh;
        self.root = 0;
        self.root_state = Some(*now);
    }

    /// The most visited move, after searching until `deadline`.
    pub fn choose(&mut self, now: &Fast, deadline: Instant) -> (usize, usize) {
        let t = &*TABLES;
        self.reroot(t, now);
        let mut path = Vec::with_capacity(256);
        self.playouts = 0;
        loop {
            for _ in 0..16 {
                self.iterate(t, &mut path);
            }
            self.playouts += 16;
            if Instant::now() >= deadline {
                break;
            }
        }
        let root = self.nodes[0];
        let best = (root.children as usize..root.children as usize + root.count as usize)
            .max_by_key(|&c| self.nodes[c].visits)
            .expect("a move");
        let mv = self.nodes[best].mv as usize;
        (mv >> 4, mv & 15)
    }
}

impl Player for Mcts {
    fn name(&self) -> String {
        "mcts".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let start = Instant::now();
        let state = state_of(position)?;
        if state.status().is_over() {
            return None;
        }
        // A twentieth of the budget, at most 15 ms (the engine's margin is 60 ms; a move
        // forfeits only past the budget and 100 ms).
        let margin = (self.movetime / 20).min(Duration::from_millis(15));
        let (b, l) = self.choose(&Fast::from_state(&state), start + self.movetime - margin);
        Some(Decision::new(cell_id(cell(b, l))))
    }
}

//! Greedy wildcard compression up to symmetry. A wildcard line stands for `base + o on w`
//! for each wildcard cell `w`, all with one move; every (position, o stone) pair names a
//! candidate line, its base and move brought to canonical form (the move marked as a fourth
//! cell value), and the fewest lines are a set cover, chosen greedily.

use std::collections::BinaryHeap;

use rayon::prelude::*;

use tictaclatin_engine::core::threads;

use tictaclatin_engine::games::qubic::board::QubicBoard;
use tictaclatin_engine::games::qubic::cell::bits;
use tictaclatin_engine::games::qubic::dictionary::wildcard::WildLine;
use tictaclatin_engine::games::qubic::geometry::Geometry;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CompressOptions {
    /// Also group a position under the images of its move by the position's own
    /// symmetries (the same move up to symmetry).
    pub move_images: bool,
    /// Greedy runs with different tie orders; the smallest result is kept.
    pub tries: u32,
}

impl Default for CompressOptions {
    fn default() -> Self {
        CompressOptions {
            move_images: true,
            tries: 1,
        }
    }
}

impl CompressOptions {
    /// What suits `positions` positions: 1000 tie orders for a dictionary the size of
    /// Patashnik's (under a second: 666 lines instead of 672), one for millions.
    pub fn for_size(positions: usize) -> CompressOptions {
        CompressOptions {
            move_images: positions <= 100_000,
            tries: if positions <= 10_000 { 1000 } else { 1 },
        }
    }
}

/// A candidate line: its base and move, and the members (positions by index) it can cover
/// with the wildcard cell of each.
pub(crate) struct Group<B, P> {
    pub base: B,
    pub play: P,
    pub members: Vec<(u32, u8)>,
}

/// Lines standing for the same positions as `positions` (each with X's move), up to
/// symmetry, as few as the search finds; sorted by stones then text.
pub fn compress<G: Geometry + ?Sized>(
    g: &G,
    positions: &[(QubicBoard, usize)],
    options: CompressOptions,
) -> Vec<WildLine> {
    let groups = match threads::pool() {
        Ok(pool) => pool.install(|| groups(g, positions, options, true)),
        // No threads to be had: the same groups, built on this thread alone.
        Err(error) => {
            threads::note_fewer(&error, "the compression ran on one thread");
            groups(g, positions, options, false)
        }
    };
    let count = positions.len();
    let (wild, plain) = (0..options.tries.max(1))
        .map(|attempt| {
            let chosen = greedy(&groups, count, attempt);
            cover(&groups, count, &prune(&groups, count, chosen))
        })
        .min_by_key(|(wild, plain)| wild.len() + plain.len())
        .expect("at least one try");
    let mut lines: Vec<WildLine> = wild
        .into_iter()
        .map(|(id, wildcards)| WildLine {
            base: groups[id].base,
            wildcards,
            play: groups[id].play,
        })
        .chain(plain.into_iter().map(|i| {
            let (board, play) = positions[i];
            WildLine::plain(board, play)
        }))
        .collect();
    sort_lines(g, &mut lines);
    lines
}

/// The greedy set cover: repeatedly the group covering most positions not yet covered.
/// Ties go to the first group in a fixed order, shuffled by `attempt` after the first try.
pub(crate) fn greedy<B, P>(groups: &[Group<B, P>], count: usize, attempt: u32) -> Vec<usize> {
    let tie = |id: usize| -> u64 {
        if attempt == 0 {
            u64::MAX - id as u64
        } else {
            mix(id as u64 ^ u64::from(attempt) << 40)
        }
    };
    let mut covered = vec![false; count];
    let mut chosen = Vec::new();
    let mut heap: BinaryHeap<(usize, u64, usize)> = groups
        .iter()
        .enumerate()
        .map(|(id, group)| (group.members.len(), tie(id), id))
        .collect();
    while let Some((size, key, id)) = heap.pop() {
        if size < 2 {
            break; // the rest are plain lines
        }
        let live = groups[id]
            .members
            .iter()
            .filter(|&&(i, _)| !covered[i as usize])
            .count();
        if live < size {
            heap.push((live, key, id));
            continue;
        }
        for &(i, _) in &groups[id].members {
            covered[i as usize] = true;
        }
        chosen.push(id);
    }
    chosen
}

/// Drops chosen groups whose every member another chosen group also holds, smallest first.
fn prune(groups: &[Group<QubicBoard, usize>], count: usize, mut chosen: Vec<usize>) -> Vec<usize> {
    let mut cover = vec![0u32; count];
    for &id in &chosen {
        for &(i, _) in &groups[id].members {
            cover[i as usize] += 1;
        }
    }
    chosen.sort_by_key(|&id| (groups[id].members.len(), id));
    chosen.retain(|&id| {
        let members = &groups[id].members;
        if members.iter().any(|&(i, _)| cover[i as usize] < 2) {
            return true;
        }
        for &(i, _) in members {
            cover[i as usize] -= 1;
        }
        false
    });
    chosen
}

/// The wildcards of each chosen group (the members no earlier chosen group holds; groups left
/// with none are dropped), and the positions no chosen group holds.
pub(crate) fn cover<B, P>(
    groups: &[Group<B, P>],
    count: usize,
    chosen: &[usize],
) -> (Vec<(usize, u64)>, Vec<usize>) {
    let mut taken = vec![false; count];
    let mut lines = Vec::new();
    for &id in chosen {
        let mut wildcards = 0u64;
        for &(i, cell) in &groups[id].members {
            if !taken[i as usize] {
                taken[i as usize] = true;
                wildcards |= 1 << cell;
            }
        }
        if wildcards != 0 {
            lines.push((id, wildcards));
        }
    }
    let plain = (0..count).filter(|&i| !taken[i]).collect();
    (lines, plain)
}

/// A fixed 64-bit mixing function (splitmix64's finaliser), for reproducible tie orders.
fn mix(mut z: u64) -> u64 {
    z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ z >> 31
}

/// Every candidate group, by canonical base and move, from one sorted flat list (a map of
/// lists takes far more memory for a complete dictionary's tens of millions of candidates);
/// the same with `parallel` (on the current rayon pool) or not.
fn groups<G: Geometry + ?Sized>(
    g: &G,
    positions: &[(QubicBoard, usize)],
    options: CompressOptions,
    parallel: bool,
) -> Vec<Group<QubicBoard, usize>> {
    let candidates_of = |(i, &(board, play)): (usize, &(QubicBoard, usize))| {
        let mut out = Vec::new();
        for mv in move_images(g, board, play, options) {
            for stone in bits(board.o()) {
                let (canon, canon_play, sym) = g.canonical_marked(board.without(stone), mv);
                let cell = g.map_cell(sym, stone) as u8;
                out.push((canon, canon_play as u8, i as u32, cell));
            }
        }
        out
    };
    let mut candidates: Vec<(QubicBoard, u8, u32, u8)>;
    if parallel {
        candidates = positions
            .par_iter()
            .enumerate()
            .flat_map_iter(candidates_of)
            .collect();
        candidates.par_sort_unstable();
    } else {
        candidates = positions
            .iter()
            .enumerate()
            .flat_map(candidates_of)
            .collect();
        candidates.sort_unstable();
    }
    let mut groups = Vec::new();
    for run in candidates.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
        let mut members: Vec<(u32, u8)> = run.iter().map(|&(_, _, m, cell)| (m, cell)).collect();
        // One wildcard per position and group, however many ways it fits.
        members.dedup_by_key(|&mut (m, _)| m);
        // Groups of one are never chosen (a plain line does as well), so they are not kept.
        if members.len() >= 2 {
            let (base, play) = (run[0].0, usize::from(run[0].1));
            groups.push(Group {
                base,
                play,
                members,
            });
        }
    }
    groups
}

/// The move and, if asked, its other images under the position's own symmetries.
fn move_images<G: Geometry + ?Sized>(
    g: &G,
    board: QubicBoard,
    play: usize,
    options: CompressOptions,
) -> Vec<usize> {
    if !options.move_images {
        return vec![play];
    }
    let mut moves: Vec<usize> = g
        .stabiliser(board)
        .into_iter()
        .map(|s| g.map_cell(s, play))
        .collect();
    moves.sort_unstable();
    moves.dedup();
    moves
}

/// Lines in a stable order: fewer stones first (the order of play), then by text.
pub fn sort_lines<G: Geometry + ?Sized>(g: &G, lines: &mut [WildLine]) {
    lines.sort_by_cached_key(|line| {
        let stones = line.base.stones() + u32::from(line.wildcards != 0);
        (stones, line.format(g))
    });
}

/// Every position the lines stand for, with its move.
pub fn expand(lines: &[WildLine]) -> Vec<(QubicBoard, usize)> {
    lines
        .iter()
        .flat_map(|l| l.positions().into_iter().map(move |b| (b, l.play)))
        .collect()
}

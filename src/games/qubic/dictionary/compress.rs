//! Greedy wildcard compression up to symmetry.
//!
//! A wildcard line stands for the positions `base + o on w` for each wildcard cell `w`, all
//! with the same move. Two dictionary positions can share a line when some images of them,
//! each less one o stone, give the same base with the same move. So every (position, o stone)
//! pair names a candidate line: the base and the move, brought to a canonical form over the
//! symmetries (the move marked as a fourth cell value). Candidates with the same canonical
//! pair are one group; the wildcard of each member is where its o stone lands.
//!
//! Choosing the fewest lines is set cover; the greedy choice takes the group covering most
//! positions not yet covered, again and again, refreshing sizes lazily. Where a position has
//! symmetries of its own, the move's images under them are equally good moves, and each
//! gives more candidates ([`Options::move_images`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::wildcard::WildLine;
use crate::games::qubic::board::{Board, Side};
use crate::games::qubic::cell::bits;
use crate::games::qubic::geometry::Geometry;
use crate::games::qubic::hash::FastMap;

/// Choices of the compressor.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// Also group a position under the images of its move by the position's own
    /// symmetries (the same move up to symmetry).
    pub move_images: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { move_images: true }
    }
}

/// A candidate line: canonical base and move, and the members it can cover with the
/// wildcard cell of each.
struct Group {
    base: Board,
    play: usize,
    members: Vec<(u32, u8)>,
}

/// Lines standing for the same positions as `positions` (each with X's move), up to
/// symmetry, as few as the greedy choice finds; sorted by stones then text.
pub fn compress<G: Geometry + ?Sized>(
    g: &G,
    positions: &[(Board, usize)],
    options: Options,
) -> Vec<WildLine> {
    let groups = groups(g, positions, options);
    let mut covered = vec![false; positions.len()];
    let mut lines = Vec::new();
    let mut heap: BinaryHeap<(usize, Reverse<usize>)> = groups
        .iter()
        .enumerate()
        .map(|(id, group)| (group.members.len(), Reverse(id)))
        .collect();
    while let Some((size, Reverse(id))) = heap.pop() {
        if size < 2 {
            break; // the rest are plain lines
        }
        let group = &groups[id];
        let live: Vec<(u32, u8)> = group
            .members
            .iter()
            .copied()
            .filter(|&(i, _)| !covered[i as usize])
            .collect();
        if live.len() < size {
            heap.push((live.len(), Reverse(id)));
            continue;
        }
        let mut wildcards = 0u64;
        for &(i, cell) in &live {
            covered[i as usize] = true;
            wildcards |= 1 << cell;
        }
        lines.push(WildLine {
            base: group.base,
            wildcards,
            play: group.play,
        });
    }
    for (i, &(board, play)) in positions.iter().enumerate() {
        if !covered[i] {
            lines.push(WildLine::plain(board, play));
        }
    }
    sort_lines(g, &mut lines);
    lines
}

/// Every candidate group, in a fixed order (by canonical base and move).
fn groups<G: Geometry + ?Sized>(
    g: &G,
    positions: &[(Board, usize)],
    options: Options,
) -> Vec<Group> {
    let mut by_key: FastMap<(Board, u8), Vec<(u32, u8)>> = FastMap::default();
    for (i, &(board, play)) in positions.iter().enumerate() {
        for mv in move_images(g, board, play, options) {
            for stone in bits(board.o()) {
                let base = board.without(stone);
                let (canon, canon_play, sym) = g.canonical_marked(base, mv);
                let cell = g.map_cell(sym, stone) as u8;
                let members = by_key.entry((canon, canon_play as u8)).or_default();
                // One wildcard per position and group, however many ways it fits.
                if !members.iter().any(|&(m, _)| m == i as u32) {
                    members.push((i as u32, cell));
                }
            }
        }
    }
    let mut groups: Vec<Group> = by_key
        .into_iter()
        .map(|((base, play), members)| Group {
            base,
            play: play as usize,
            members,
        })
        .collect();
    groups.sort_by_key(|g| (g.base, g.play));
    groups
}

/// The move and, if asked, its other images under the position's own symmetries.
fn move_images<G: Geometry + ?Sized>(
    g: &G,
    board: Board,
    play: usize,
    options: Options,
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
pub fn expand(lines: &[WildLine]) -> Vec<(Board, usize)> {
    lines
        .iter()
        .flat_map(|l| l.positions().into_iter().map(move |b| (b, l.play)))
        .collect()
}

/// The position after X's move, in canonical form: two entries agree up to symmetry when
/// this is the same (and the positions before the move are the same up to symmetry).
pub fn canonical_after<G: Geometry + ?Sized>(g: &G, board: Board, play: usize) -> (Board, Board) {
    (
        g.canonical(board).0,
        g.canonical(board.with_stone(play, Side::First)).0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::qubic::dictionary::small::FourByFourThree;
    use crate::games::qubic::dictionary::wildcard;
    use std::collections::BTreeSet;

    #[test]
    fn the_seeds_second_moves_fold_into_one_line_up_to_symmetry() {
        // Seed 002: after x on b2 and X's answer c2, O's nine replies up to symmetry.
        let g = FourByFourThree::get();
        let line = wildcard::read(g, "OO...xX.OOO.OOOO").unwrap();
        let positions: Vec<(Board, usize)> = expand(&[line]);
        let lines = compress(g, &positions, Options::default());
        assert_eq!(lines.len(), 1);
        let set = |ps: &[(Board, usize)]| -> BTreeSet<(Board, Board)> {
            ps.iter().map(|&(b, p)| canonical_after(g, b, p)).collect()
        };
        assert_eq!(set(&expand(&lines)), set(&positions));
    }
}

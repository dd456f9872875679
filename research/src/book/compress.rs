//! Wildcard compression (greedy) and expansion.
//!
//! Positions with the same move that differ only in where the opponent's one stone is can
//! share a line: that stone's possible cells become wildcards. Choosing the fewest lines is a
//! set-cover problem, so this is greedy: repeatedly take the (remaining stones, move) group
//! that covers the most positions not yet covered. Positions are kept as written (no
//! symmetry is applied), so expanding gives back exactly the positions compressed.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use tictaclatin_engine::games::latin::book::BookLine;
use tictaclatin_engine::games::latin::book::{Book, sort_lines};
use tictaclatin_engine::games::latin::game::{Board, Cell, Side, Symmetries};

/// The same positions as `book`, in as few lines as the greedy choice finds, sorted. The
/// book must not hold a position twice (`Book::index` checks; the commands refuse such files).
pub fn compress(book: &Book) -> Book {
    let side = book.side();
    let positions = plain_positions(book);
    let groups = groups(&positions, side.other());
    let mut covered = vec![false; positions.len()];
    let mut lines = Vec::new();

    // Max-heap of (live size, earliest group first); sizes are refreshed lazily when popped.
    let mut heap: BinaryHeap<(usize, Reverse<usize>)> = groups
        .iter()
        .enumerate()
        .map(|(id, group)| (group.members.len(), Reverse(id)))
        .collect();
    while let Some((size, Reverse(id))) = heap.pop() {
        if size < 2 {
            break; // a group of one is just a plain line
        }
        let group = &groups[id];
        let live: Vec<usize> = group
            .members
            .iter()
            .copied()
            .filter(|&i| !covered[i])
            .collect();
        if live.len() < size {
            heap.push((live.len(), Reverse(id)));
            continue;
        }
        let mut wildcards = 0;
        for &i in &live {
            covered[i] = true;
            wildcards |= positions[i].0.occupied() & !group.base.occupied();
        }
        lines.push(BookLine {
            side,
            base: group.base,
            wildcards,
            play: group.play,
        });
    }
    lines.extend(
        positions
            .iter()
            .zip(&covered)
            .filter(|&(_, &done)| !done)
            .map(|(&(board, play), _)| BookLine::plain(board, play)),
    );
    sort_lines(&mut lines);
    Book::from_lines(side, lines)
}

/// The same positions as `book`, one plain line each, sorted.
pub fn expand(book: &Book) -> Book {
    let mut lines: Vec<BookLine> = plain_positions(book)
        .into_iter()
        .map(|(board, play)| BookLine::plain(board, play))
        .collect();
    sort_lines(&mut lines);
    Book::from_lines(book.side(), lines)
}

/// Every position of the book with its move, wildcards expanded, in file order.
fn plain_positions(book: &Book) -> Vec<(Board, Cell)> {
    book.lines()
        .iter()
        .flat_map(|n| {
            n.line
                .positions()
                .into_iter()
                .map(move |b| (b, n.line.play))
        })
        .collect()
}

/// A candidate line: the stones less one of the opponent's, the move, and the positions
/// (indices) it can stand for.
struct Group {
    base: Board,
    play: Cell,
    members: Vec<usize>,
}

/// The candidate lines, in a stable order (by masks and move), so compression is
/// deterministic.
fn groups(positions: &[(Board, Cell)], opponent: Side) -> Vec<Group> {
    let mut groups: BTreeMap<(u32, Cell), Group> = BTreeMap::new();
    for (i, &(board, play)) in positions.iter().enumerate() {
        for stone in Cell::in_mask(board.mask(opponent)) {
            let base = without(board, stone);
            groups
                .entry((Symmetries::key(base), play))
                .or_insert_with(|| Group {
                    base,
                    play,
                    members: Vec::new(),
                })
                .members
                .push(i);
        }
    }
    groups.into_values().collect()
}

/// `board` with the stone on `cell` taken away.
fn without(board: Board, cell: Cell) -> Board {
    let clear = !cell.bit();
    Board::from_masks(
        board.mask(Side::First) & clear,
        board.mask(Side::Second) & clear,
    )
    .expect("taking the last mover's stone keeps the counts legal")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(text: &str) -> Book {
        Book::parse(text, None).unwrap()
    }

    fn texts(book: &Book) -> Vec<String> {
        book.lines().iter().map(|n| n.line.to_string()).collect()
    }

    #[test]
    fn seed_example_compresses_to_two_lines() {
        // The small example's eight second-move positions, on a 4x4 board.
        let plain = book(
            "o....xX.........\n.o...xX.........\n..o..xX.........\n...o.xX.........\n\
             ....ox...X......\n.....xo..X......\n.....x.o.X......\n.....xX.o.......\n",
        );
        let small = compress(&plain);
        assert_eq!(texts(&small), ["....OxOO.X......", "OOOO.xX.O......."]);
        assert_eq!(texts(&expand(&small)), texts(&expand(&plain)));
    }

    #[test]
    fn expand_lists_every_wildcard() {
        let plain = expand(&book("OO...xX.........\n"));
        assert_eq!(texts(&plain), [".o...xX.........", "o....xX........."]);
    }
}

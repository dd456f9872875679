//! Wildcard compression and expansion of books: positions with one move that differ only in
//! the opponent's one stone share a line (the greedy cover of `dictionary::compress`). No
//! symmetry is applied, so expanding gives back exactly the positions compressed.

use std::collections::BTreeMap;

use crate::dictionary::compress::{Group, cover, greedy};
use tictaclatin_engine::games::latin::book::BookLine;
use tictaclatin_engine::games::latin::book::{Book, sort_lines};
use tictaclatin_engine::games::latin::game::{Board, Cell, Side, Symmetries};

/// The same positions as `book`, in as few lines as the greedy choice finds, sorted. The
/// book must not hold a position twice (`Book::index` checks; the commands refuse such files).
pub fn compress(book: &Book) -> Book {
    let side = book.side();
    let positions = plain_positions(book);
    let groups = groups(&positions, side.other());
    let chosen = greedy(&groups, positions.len(), 0);
    let (wild, plain) = cover(&groups, positions.len(), &chosen);
    let mut lines: Vec<BookLine> = wild
        .into_iter()
        .map(|(id, wildcards)| BookLine {
            side,
            base: groups[id].base,
            wildcards: wildcards as u16,
            play: groups[id].play,
        })
        .chain(plain.into_iter().map(|i| {
            let (board, play) = positions[i];
            BookLine::plain(board, play)
        }))
        .collect();
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

/// The candidate lines, in a stable order (by masks and move), so compression is
/// deterministic.
fn groups(positions: &[(Board, Cell)], opponent: Side) -> Vec<Group<Board, Cell>> {
    let mut groups: BTreeMap<(u32, Cell), Group<Board, Cell>> = BTreeMap::new();
    for (i, &(board, play)) in positions.iter().enumerate() {
        for stone in Cell::in_mask(board.mask(opponent)) {
            let [first, second] = [Side::First, Side::Second].map(|s| board.mask(s) & !stone.bit());
            // Taking away a stone of the side that moved last keeps the counts legal.
            let base = Board::from_masks(first, second).expect("legal counts");
            groups
                .entry((Symmetries::key(base), play))
                .or_insert_with(|| Group {
                    base,
                    play,
                    members: Vec::new(),
                })
                .members
                .push((i as u32, stone.index() as u8));
        }
    }
    groups.into_values().collect()
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
    fn the_small_example_compresses_to_two_lines() {
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

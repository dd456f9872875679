//! The strategy book through the library: canonical forms, export then verify, the failures
//! verify must catch, compression round trips, and the book player.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use tictaclatin::games::latin::book::{Book, BookError, BookLine, book_cells};
use tictaclatin::games::latin::game::{Board, Cell, Side, Status, Symmetries};
use tictaclatin::games::latin::players::BookPlayer;
use tictaclatin::games::latin::solver::Solver;
use tictaclatin_research::book::{self, Unsound, export::ExportOptions};

fn solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(Solver::new)
}

const SIDES: [Side; 2] = [Side::First, Side::Second];

fn options(compress: bool, omit_obvious: bool) -> ExportOptions {
    ExportOptions {
        compress,
        omit_obvious,
    }
}

fn plain(side: Side) -> Book {
    book::export(solver(), side, options(false, false))
}

/// The set of positions a book stands for, each with the position after its move, as
/// canonical keys (so two books agree when they say the same thing up to symmetry).
fn meaning(book: &Book) -> BTreeSet<(u32, u32)> {
    let syms = solver().symmetries();
    book.lines()
        .iter()
        .flat_map(|n| {
            n.line.positions().into_iter().map(move |p| {
                (
                    syms.canonical_key(p),
                    syms.canonical_key(p.with_move(n.line.play)),
                )
            })
        })
        .collect()
}

/// Replaces line `index` (0-based among entries) of the book text.
fn edit(book: &Book, index: usize, replacement: Option<String>) -> Book {
    let lines = book.lines().iter().enumerate().filter_map(|(i, n)| {
        if i == index {
            replacement
                .as_ref()
                .map(|text| BookLine::parse(text).unwrap())
        } else {
            Some(n.line)
        }
    });
    Book::from_lines(book.side(), lines)
}

#[test]
fn canonical_form_is_the_same_for_all_32_images_of_every_book_position() {
    let syms = Symmetries::default();
    for side in SIDES {
        for n in plain(side).lines() {
            let position = n.line.positions()[0];
            let (key, s) = syms.canonical(position);
            // Exported positions are written in canonical form already.
            assert_eq!(Symmetries::key(position), key, "{}", n.line);
            assert_eq!(syms.apply(s, position), position);
            for image in 0..32 {
                let (k, t) = syms.canonical(syms.apply(image, position));
                assert_eq!(k, key, "image {image} of {}", n.line);
                assert_eq!(
                    Symmetries::key(syms.apply(t, syms.apply(image, position))),
                    key
                );
            }
        }
    }
}

#[test]
fn every_export_verifies_for_both_sides() {
    for side in SIDES {
        let full = plain(side);
        let expected_positions = full.positions();
        for (compress, omit) in [(false, false), (true, false), (false, true), (true, true)] {
            let book = book::export(solver(), side, options(compress, omit));
            let verified = book::verify(&book, solver())
                .unwrap_or_else(|e| panic!("{side:?} {compress} {omit}: {e}"));
            // Every book of a side covers the same positions; omitted ones are obvious.
            assert_eq!(verified.positions, expected_positions);
            assert_eq!(verified.from_book, book.positions());
            assert_eq!(verified.from_book + verified.obvious, verified.positions);
            if !omit {
                assert_eq!(verified.obvious, 0);
            }
        }
    }
}

#[test]
fn export_is_stable_and_sorted() {
    for side in SIDES {
        let a = plain(side).to_text();
        assert_eq!(a, plain(side).to_text());
        let stones: Vec<u32> = plain(side)
            .lines()
            .iter()
            .map(|n| n.line.base.moves_made())
            .collect();
        assert!(stones.windows(2).all(|w| w[0] <= w[1]));
    }
}

#[test]
fn a_removed_entry_fails_verify_naming_its_position() {
    for side in SIDES {
        // Without obvious moves every entry is needed: nothing else answers it.
        let book = book::export(solver(), side, options(false, true));
        let index = book.lines().len() / 2;
        let removed = book.lines()[index].line.positions()[0];
        let err = book::verify(&edit(&book, index, None), solver()).unwrap_err();
        match &err {
            Unsound::NoEntry { position } => assert_eq!(
                solver().symmetries().canonical_key(*position),
                solver().symmetries().canonical_key(removed)
            ),
            other => panic!("expected a missing entry, got {other}"),
        }
        assert!(err.to_string().contains(&book_cells(removed)), "{err}");
    }
}

/// A legal move in `line`'s position whose value is worse than the position's.
fn worse_move(line: &BookLine) -> Option<Cell> {
    let position = line.positions()[0];
    let best = solver().value(position)?;
    Cell::in_mask(position.empty_cells())
        .find(|&c| solver().move_value(position, c).unwrap() < best)
}

#[test]
fn a_worse_move_fails_verify_naming_its_line() {
    for side in SIDES {
        let book = plain(side);
        let (index, n, cell) = book
            .lines()
            .iter()
            .enumerate()
            .find_map(|(i, n)| worse_move(&n.line).map(|c| (i, n, c)))
            .expect("some entry has a worse alternative");
        let changed = BookLine::plain(n.line.positions()[0], cell);
        let err =
            book::verify(&edit(&book, index, Some(changed.to_string())), solver()).unwrap_err();
        assert!(
            matches!(err, Unsound::WorseMove { line: Some(l), .. } if l == index + 1),
            "{err}"
        );
        let message = err.to_string();
        assert!(
            message.starts_with(&format!("line {}: ", index + 1)),
            "{message}"
        );
        assert!(
            message.contains(&book_cells(n.line.positions()[0])),
            "{message}"
        );
    }
}

#[test]
fn an_unreachable_entry_fails_verify() {
    let syms = solver().symmetries();
    for side in SIDES {
        let book = plain(side);
        let known: BTreeSet<u32> = meaning(&book).into_iter().map(|(k, _)| k).collect();
        // An opening (up to three stones) of the book's side that the book does not hold:
        // the perfect player never lets the game get there.
        let mut openings = vec![Board::EMPTY];
        for _ in 0..3 {
            let longer: Vec<Board> = openings
                .iter()
                .flat_map(|b| Cell::in_mask(b.empty_cells()).map(move |c| b.with_move(c)))
                .collect();
            openings.extend(longer);
        }
        let extra = openings
            .into_iter()
            .find(|p| p.to_move() == side && !known.contains(&syms.canonical_key(*p)))
            .expect("the perfect player avoids some opening");
        let play = solver().best_move(extra).unwrap().cell;
        let lines = book
            .lines()
            .iter()
            .map(|n| n.line)
            .chain([BookLine::plain(extra, play)]);
        let err = book::verify(&Book::from_lines(side, lines), solver()).unwrap_err();
        assert!(
            matches!(err, Unsound::Unreachable { line, .. } if line == book.lines().len() + 1),
            "{err}"
        );
        assert!(err.to_string().contains(&book_cells(extra)), "{err}");
    }
}

#[test]
fn compress_then_expand_gives_back_the_same_positions() {
    for side in SIDES {
        for omit in [false, true] {
            let full = book::export(solver(), side, options(false, omit));
            let small = book::compress(&full);
            assert!(small.lines().len() < full.lines().len());
            assert_eq!(small.positions(), full.positions());
            let again = book::expand(&small);
            assert_eq!(again.to_text(), full.to_text(), "expand(compress(b)) == b");
            assert_eq!(meaning(&again), meaning(&full));
            // Round trip through the text form.
            let reread = Book::parse(&small.to_text(), None).unwrap();
            assert_eq!(reread.to_text(), small.to_text());
        }
    }
}

/// Every game the book player can meet, against every reply: it never loses, never leaves
/// its book, and agrees in value with the perfect player.
#[test]
fn the_book_player_never_loses_and_never_leaves_its_book() {
    for side in SIDES {
        for omit in [false, true] {
            let book = book::export(solver(), side, options(true, omit));
            let player = BookPlayer::new(&book, "book").unwrap();
            assert_eq!(player.side(), side);
            let mut stack = vec![Board::EMPTY];
            let mut games = 0u64;
            while let Some(board) = stack.pop() {
                match board.status() {
                    Status::Won(winner) => {
                        assert_eq!(winner, side, "lost {board}");
                        games += 1;
                        continue;
                    }
                    Status::Draw => {
                        games += 1;
                        continue;
                    }
                    Status::InPlay => {}
                }
                if board.to_move() == side {
                    let cell = player
                        .book_move(board)
                        .expect("the book or an obvious move");
                    assert_eq!(solver().move_value(board, cell), solver().value(board));
                    stack.push(board.play(cell).expect("a legal move"));
                } else {
                    // Every reply, without symmetry: this exercises every image lookup.
                    stack.extend(Cell::in_mask(board.empty_cells()).map(|c| board.with_move(c)));
                }
                if games > 200_000 {
                    break; // enough games; the roll-out in verify covers the rest
                }
            }
        }
    }
}

/// A book player from a book file (either side; the lines say which), named `book:PATH`.
fn from_file(path: &std::path::Path) -> Result<BookPlayer, BookError> {
    BookPlayer::new(&Book::read(path, None)?, format!("book:{}", path.display()))
}

#[test]
fn the_book_player_reads_files_and_says_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.txt");
    std::fs::write(&good, plain(Side::Second).to_text()).unwrap();
    let player = from_file(&good).unwrap();
    assert_eq!(player.side(), Side::Second);
    assert!(player.name().starts_with("book:"));
    let opening = Board::EMPTY.with_move("a1".parse().unwrap());
    assert!(player.book_move(opening).is_some());

    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "# header\nX...............\nX.......\n").unwrap();
    let err = from_file(&bad).err().unwrap();
    assert!(
        err.to_string().starts_with("line 3: expected 16 cells"),
        "{err}"
    );
    let missing = from_file(&dir.path().join("none.txt")).err().unwrap();
    assert!(missing.to_string().contains("cannot read"), "{missing}");
}

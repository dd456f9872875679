//! The prover against facts from outside it: the values of small boards known since long
//! before this program (3x3 and n in a row on n x n drawn, three in a row won from 4x4 on,
//! four in a row drawn on 5x5, as Berlekamp, Conway and Guy's "Winning Ways" reports), and
//! the exact 4x4 table on random positions, plies included.

mod common;

use common::classic::{random_position, variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use tictaclatin::core::{Outcome, Value};
use tictaclatin::games::classic::proof::{self, ProofLimits, Want};
use tictaclatin::games::classic::solver::ClassicSolver;
use tictaclatin::games::classic::{ClassicBoard, Variant};

fn nodes(n: u64) -> ProofLimits {
    ProofLimits {
        nodes: n,
        time: None,
    }
}

fn empty_board_outcome(size: u8, k: u8) -> Option<Outcome> {
    proof::prove(
        ClassicBoard::empty(variant(size, k)),
        nodes(20_000_000),
        Want::Outcome,
    )
    .outcome
}

#[test]
fn small_boards_have_their_known_values() {
    assert_eq!(empty_board_outcome(3, 3), Some(Outcome::Draw));
    assert_eq!(empty_board_outcome(4, 3), Some(Outcome::Win));
    assert_eq!(empty_board_outcome(4, 4), Some(Outcome::Draw));
    assert_eq!(empty_board_outcome(5, 3), Some(Outcome::Win));
    assert_eq!(empty_board_outcome(6, 3), Some(Outcome::Win));
    assert_eq!(empty_board_outcome(5, 4), Some(Outcome::Draw));
    // Four in a row is a first-player win from 6x5 on (the m,n,k-game literature).
    assert_eq!(empty_board_outcome(6, 4), Some(Outcome::Win));
    assert_eq!(empty_board_outcome(7, 4), Some(Outcome::Win));
}

#[test]
fn n_in_a_row_on_n_by_n_is_drawn() {
    for n in 3..=7 {
        let proof = proof::prove(
            ClassicBoard::empty(variant(n, n)),
            nodes(5_000_000),
            Want::Value,
        );
        let cells = u32::from(n) * u32::from(n);
        assert_eq!(proof.value(), Some(Value::draw_in(cells)), "{n}x{n}");
        // Erdős and Selfridge's potential holds from 4x4 on, by hand: 2n + 2 lines of n
        // empty cells count (2n + 2) / 2^n (10/16 on 4x4), and X's first stone adds those
        // of the lines through it, at most 4 (3 on 4x4: 13/16 in all): below 1. So the
        // search stops at the empty board (a question or two of it); 3x3 (8/8) needs more.
        if n >= 4 {
            assert!(proof.nodes <= 20, "{n}x{n}: {} positions", proof.nodes);
        }
    }
}

/// A position of `stones` random moves still in play, if the game did not end on the way.
#[test]
fn agrees_with_the_4x4_tables_plies_included() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut checked = 0;
    for k in [3, 4] {
        let v = variant(4, k);
        let solver = ClassicSolver::new(v).unwrap();
        while checked < 200 * u32::from(k - 2) {
            let stones = rng.random_range(0..12);
            let Some(board) = random_position(v, stones, &mut rng) else {
                continue;
            };
            let proven = proof::prove(board, nodes(2_000_000), Want::Value).value();
            assert_eq!(proven, solver.value(board), "{board:?}");
            checked += 1;
        }
    }
}

#[test]
fn a_node_limit_gives_the_same_answer_every_run_and_says_when_it_is_short() {
    let board = ClassicBoard::empty(variant(7, 5));
    let first = proof::prove(board, nodes(3_000), Want::Outcome);
    let second = proof::prove(board, nodes(3_000), Want::Outcome);
    assert_eq!(
        first.outcome, None,
        "7x7 five in a row takes more than 3,000 positions"
    );
    assert_eq!((first.outcome, first.nodes), (second.outcome, second.nodes));
    // A finished game has nothing to prove.
    let won = ClassicBoard::new(Variant::CLASSIC, 0b111, 0b11000).unwrap();
    assert_eq!(proof::prove(won, nodes(1000), Want::Value).value(), None);
}

/// `solve` on a classic board, with more flags.
fn solve_board(size: &str, k: &str, more: &[&str]) -> std::process::Output {
    let board = [
        "solve",
        "--game",
        "classic",
        "--size",
        size,
        "--in-a-row",
        k,
    ];
    common::tictaclatin(&[&board[..], more].concat())
}

/// What `solve` prints for a classic board at a node limit (it must succeed).
fn solve(size: &str, k: &str, nodes: &str) -> String {
    let out = solve_board(size, k, &["--nodes", nodes]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    common::stdout(&out)
}

#[test]
fn solve_proves_a_big_board_or_says_it_did_not() {
    // X makes an open two on its second stone and a three on its third: 5 plies.
    let text = solve("5", "3", "100000");
    assert!(
        text.starts_with("5x5, 3 in a row: first player wins in 5 plies."),
        "{text}"
    );
    let text = solve("7", "5", "1000");
    assert!(
        text.starts_with("7x7, 5 in a row: not proven within 1,000 positions."),
        "{text}"
    );
}

/// The boards a strategy of O's closes: 7x7 with six in a row at once (the lines' weight,
/// worked out by hand in the prover's unit test), 6x6 and 7x7 with five after a search.
#[test]
fn solve_proves_the_draws_of_five_and_six_in_a_row() {
    let text = solve("7", "6", "100");
    assert!(text.starts_with("7x7, 6 in a row: draw"), "{text}");
    assert!(text.contains("lines' weight settles"), "{text}");
    let text = solve("6", "5", "10000000");
    assert!(text.starts_with("6x6, 5 in a row: draw"), "{text}");
    let text = solve("7", "5", "10000000");
    assert!(text.starts_with("7x7, 5 in a row: draw"), "{text}");
}

/// `solve --out` writes a board's proof and checks it; `book verify` checks the file again,
/// and names what is wrong in a damaged one (exit 1, nothing else said to be proven).
#[test]
fn a_written_proof_is_checked_again_and_a_damaged_one_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("6x6-5.proof");
    let path = file.to_str().unwrap();
    let out = solve_board("6", "5", &["--out", path]);
    let text = common::stdout(&out);
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert!(
        text.contains("Verified: on 6x6, 5 in a row, the first player never"),
        "{text}"
    );
    let out = common::tictaclatin(&["book", "verify", "--game", "classic", path]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert!(common::stdout(&out).contains("Checked without search"));
    // Flags naming another board than the file's are refused.
    let other = ["book", "verify", "--game", "classic", "--size", "7", path];
    let out = common::tictaclatin(&other);
    assert_eq!(out.status.code(), Some(2));
    let said = common::stderr(&out);
    assert!(
        said.contains("the file proves 6x6, 5 in a row, not 7x7"),
        "{said}"
    );
    // X's first move left without an answer.
    let proof = std::fs::read_to_string(&file).unwrap();
    let damaged: Vec<&str> = proof
        .lines()
        .filter(|l| !l.starts_with("X-----/"))
        .collect();
    std::fs::write(&file, damaged.join("\n")).unwrap();
    let out = common::tictaclatin(&["book", "verify", "--game", "classic", path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(common::stdout(&out).is_empty());
    assert!(
        common::stderr(&out)
            .contains("X-----/------/------/------/------/------: no move written for O"),
        "{}",
        common::stderr(&out)
    );
}

/// A long proof goes one of X's first moves at a time and keeps each one proven, so a run
/// stopped or out of budget goes on from the rest; a damaged file is refused by its line.
#[test]
fn a_proof_by_first_moves_is_taken_up_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("5x5-4.progress");
    let path = file.to_str().unwrap();
    let progress = |nodes: &str| solve_board("5", "4", &["--nodes", nodes, "--progress", path]);
    // Six first moves up to symmetry; at 30 positions a job, each is split into O's reply
    // and X's moves after it, which proves some and leaves the rest.
    let text = common::stdout(&progress("30"));
    assert!(
        text.starts_with("c3: not proven (30 positions in "),
        "{text}"
    );
    let open = "\nc3 c2 b3: not proven (O's d3, then each of X's 21 moves).";
    assert!(text.contains(open), "{text}");
    let held = "a1: O holds X off every line (O's c3, then each of X's 13 moves).";
    assert!(text.contains(held), "{text}");
    assert!(
        text.ends_with("Not proven yet: run again with the same --progress file and a larger --nodes to go on.\n"),
        "{text}"
    );
    let kept = std::fs::read_to_string(&file).unwrap();
    assert!(
        kept.starts_with("board 5x5, 4 in a row\nc3 open: 30\n"),
        "{kept}"
    );
    assert!(
        kept.contains("\na1 held: O's c3, then each of X's 13 moves\n"),
        "{kept}"
    );
    // Run again at the same budget, a job not proven before goes straight to its split.
    let text = common::stdout(&progress("30"));
    let again = "c3: not proven (not within 30 positions, before); trying O's replies and X's moves after them.\n";
    assert!(text.starts_with(again), "{text}");
    assert!(text.contains("a1: O holds X off every line (proven before)."));
    // A line cut short by a kill goes, and its job is done again.
    std::fs::write(&file, format!("{kept}c3 hel")).unwrap();
    let text = common::stdout(&progress("100000"));
    assert!(
        text.contains("a1: O holds X off every line (proven before)."),
        "{text}"
    );
    assert!(text.ends_with("5x5, 4 in a row: draw: O holds X off after each of X's first moves, and by strategy stealing O cannot win either.\n"), "{text}");
    // The file is checked: its board, each line's words, each job's moves.
    for (text, said) in [
        (
            "board 6x6, 5 in a row\n",
            "line 1: not `board 5x5, 4 in a row`",
        ),
        (
            "board 5x5, 4 in a row\na1 held: x\nz9 held: x\n",
            "line 3: not `MOVES held: ...`",
        ),
        (
            "board 5x5, 4 in a row\na1 a1 held: x\n",
            "line 2: not `MOVES held: ...`",
        ),
    ] {
        std::fs::write(&file, text).unwrap();
        let out = progress("1000");
        assert_eq!(out.status.code(), Some(2));
        assert!(
            common::stderr(&out).contains(said),
            "{}",
            common::stderr(&out)
        );
    }
    // A first move X wins after is proven by beating each of O's replies.
    let path = dir.path().join("5x5-3.progress");
    let more = ["--nodes", "20", "--progress", path.to_str().unwrap()];
    let text = common::stdout(&solve_board("5", "3", &more));
    let won = "\nc3: X wins (whatever O plays).\nSo the first player wins 5x5, 3 in a row.\n";
    assert!(text.ends_with(won), "{text}");
    let text = common::stdout(&solve_board("5", "3", &more));
    assert_eq!(
        text,
        "c3: X wins (proven before).\nSo the first player wins 5x5, 3 in a row.\n"
    );
    let out = common::tictaclatin(&["solve", "--game", "qubic", "--progress", "F"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains("--progress is for classic boards past 4x4"));
    // Proofs go one size past the boards one plays, written and checked as the others.
    let text = solve("8", "8", "100");
    assert!(text.starts_with("8x8: draw"), "{text}");
    let proof = dir.path().join("8x8.proof");
    let out = solve_board("8", "8", &["--out", proof.to_str().unwrap()]);
    assert!(common::stdout(&out).contains("Verified: on 8x8, the first player never"));
    let out = common::tictaclatin(&[
        "book",
        "verify",
        "--game",
        "classic",
        "--size",
        "8",
        proof.to_str().unwrap(),
    ]);
    assert!(
        common::stdout(&out).starts_with("Verified: on 8x8"),
        "{}",
        common::stderr(&out)
    );
}

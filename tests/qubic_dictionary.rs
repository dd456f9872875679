//! Patashnik's dictionary and the classic 4x4 example through the library: both formats read
//! to the same canonical positions, the verifier proves Patashnik's exhaustive and finds
//! broken ones, compression keeps every position and move up to symmetry, bad lines are
//! named. The README's figures (the complete dictionary, compression, timings) are
//! `examples/qubic_measure.rs`'s.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use tictaclatin::core::Side;
use tictaclatin::games::qubic::dictionary::verify::{self, VerifyReport, VerifyRules};
use tictaclatin::games::qubic::dictionary::{
    self, Canonical, Dictionary, DictionaryError, LineProblem,
};
use tictaclatin::games::qubic::strategy::Rule;
use tictaclatin::games::qubic::{Geometry, Qubic, QubicBoard};
use tictaclatin_research::dictionary::small::{EXAMPLE_DICTIONARY, FourByFourThree};
use tictaclatin_research::dictionary::{compress, export};

/// Patashnik's positions in the wildcard notation (951 lines, Arthur O'Dwyer's).
const PATASHNIK_WILDCARD: &str = include_str!("../assets/qubic/oracle.patashnik-qubic-partial.txt");

fn patashnik() -> Dictionary {
    dictionary::parse(&Qubic, dictionary::PATASHNIK, Canonical::Required).unwrap()
}

/// The full verification, once for the whole test binary (about 15 s on 2 cores).
fn full_report() -> &'static VerifyReport {
    static REPORT: OnceLock<VerifyReport> = OnceLock::new();
    REPORT.get_or_init(|| {
        let options = verify::VerifyOptions {
            parallel: true,
            ..Default::default()
        };
        verify::verify(&Qubic, &patashnik(), options).unwrap_or_else(|e| panic!("{e}"))
    })
}

/// Each position with its move as a class: (canonical position, canonical position after
/// the move). Two dictionaries agree up to symmetry when these sets are equal.
fn classes<G: Geometry + ?Sized>(
    g: &G,
    positions: &[(QubicBoard, usize)],
) -> BTreeSet<(QubicBoard, QubicBoard)> {
    positions
        .iter()
        .map(|&(b, p)| {
            let after = b.with_stone(p, Side::First);
            (g.canonical(b).0, g.canonical(after).0)
        })
        .collect()
}

#[test]
fn the_small_examples_second_moves_fold_into_one_line_up_to_symmetry() {
    // After x on b2 and X's answer c2, O's nine replies up to symmetry.
    let g = FourByFourThree::get();
    let line =
        tictaclatin::games::qubic::dictionary::wildcard::read(g, "OO...xX.OOO.OOOO").unwrap();
    let positions = compress::expand(&[line]);
    let lines = compress::compress(g, &positions, compress::CompressOptions::default());
    assert_eq!(lines.len(), 1);
    assert_eq!(
        classes(g, &compress::expand(&lines)),
        classes(g, &positions)
    );
}

#[test]
fn both_formats_hold_the_same_2929_canonical_positions() {
    let plain = patashnik();
    assert_eq!(plain.len(), 2929);
    assert_eq!(plain.entries[0].line, 52, "51 header lines");
    assert_eq!(
        (plain.entries[0].board, plain.entries[0].play),
        (QubicBoard::EMPTY, 0)
    );
    assert!(plain.entries.iter().all(|e| Qubic.is_canonical(e.board)));
    let wild = dictionary::parse(&Qubic, PATASHNIK_WILDCARD, Canonical::Required).unwrap();
    assert_eq!(wild.len(), 2929);
    let set = |d: &Dictionary| -> BTreeSet<(QubicBoard, usize)> {
        d.entries.iter().map(|e| (e.board, e.play)).collect()
    };
    assert_eq!(set(&plain), set(&wild));
    let index = plain.index(&Qubic);
    assert!(index.repeats.is_empty(), "2929 distinct classes");
}

#[test]
fn patashniks_dictionary_is_exhaustive_and_every_entry_is_reached() {
    let report = full_report();
    assert_eq!(report.positions, 2_014_931);
    assert_eq!(report.deepest, 59);
    assert_eq!(report.by_rule[Rule::Dictionary as usize], 2929);
    assert_eq!(
        report.by_rule.iter().sum::<usize>(),
        report.positions,
        "every position by one rule"
    );
    assert!(report.unreached.is_empty());
    assert!(
        report
            .summary()
            .starts_with("exhaustive: 2014931 positions, deepest game 59 plies")
    );
    let pruned = export::pruned(&patashnik(), report);
    assert_eq!(pruned.len(), 2929);
}

#[test]
fn a_missing_entry_is_named_by_the_verifier() {
    // Drop `x14o 12` (line 53): X on 0, O on 15; no forced win exists that early. Rolled
    // out from that position (from the empty board it comes after O's 14 smaller replies).
    let mut d = patashnik();
    assert_eq!(d.entries[1].line, 53);
    d.entries.remove(1);
    let start = QubicBoard::EMPTY.with_move(0).with_move(15);
    let err = verify::verify_from(&Qubic, &d, start, verify::VerifyOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "X has no winning continuation in 'x14o': the position is not in the dictionary \
         and has no forced win"
    );
}

#[test]
fn a_subtree_verifies_on_its_own() {
    // From the first entry with 4 stones a side, after X's move: every game is X's.
    let d = patashnik();
    let entry = d.entries.iter().find(|e| e.board.stones() == 8).unwrap();
    let start = entry.board.with_move(entry.play);
    let report = verify::verify_from(&Qubic, &d, start, verify::VerifyOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    println!("line {}: {}", entry.line, report.summary());
    assert!(report.positions > 50, "{}", report.summary());
    assert!(report.deepest <= 59);
}

#[test]
fn compression_keeps_every_position_and_move_up_to_symmetry() {
    let d = patashnik();
    let positions = export::positions(&d);
    let options = compress::CompressOptions {
        move_images: true,
        tries: 8,
    };
    let lines = compress::compress(&Qubic, &positions, options);
    assert!(lines.len() <= 680, "{} lines", lines.len());
    let expanded = compress::expand(&lines);
    assert_eq!(
        expanded.len(),
        2929,
        "one position per wildcard, none twice"
    );
    assert_eq!(classes(&Qubic, &expanded), classes(&Qubic, &positions));
    // The text reads back (the images need not be canonical) to the same classes.
    let text = export::wildcard_text(&Qubic, &export::credit(), &lines);
    let back = dictionary::parse(&Qubic, &text, Canonical::AnyImage).unwrap();
    assert_eq!(
        classes(&Qubic, &export::positions(&back)),
        classes(&Qubic, &positions)
    );
    assert!(back.index(&Qubic).repeats.is_empty());
}

#[test]
fn the_seeds_small_dictionary_is_exhaustive_by_itself() {
    let g = FourByFourThree::get();
    let d = dictionary::parse(g, EXAMPLE_DICTIONARY, Canonical::AnyImage).unwrap();
    assert_eq!(d.len(), 91);
    // As printed, its positions are not all in our canonical form.
    let err = dictionary::parse(g, EXAMPLE_DICTIONARY, Canonical::Required).unwrap_err();
    assert!(
        err.to_string().starts_with("line 2: not canonical"),
        "{err}"
    );
    let only = verify::VerifyOptions {
        rules: VerifyRules::DictionaryOnly,
        ..Default::default()
    };
    let report = verify::verify(g, &d, only).unwrap();
    assert_eq!((report.positions, report.deepest), (58, 5));
    assert!(report.unreached.is_empty());
    assert_eq!(d.index(g).repeats.len(), 33);
    // With the header's rules, X wins at once after its second move: lines 3 to 12 are
    // never consulted.
    let report = verify::verify(g, &d, verify::VerifyOptions::default()).unwrap();
    assert_eq!(report.positions, 10);
    let unreached_lines: BTreeSet<usize> = report
        .unreached
        .iter()
        .map(|&e| d.entries[e].line)
        .collect();
    assert_eq!(unreached_lines, (3..=12).collect());
    let pruned = export::pruned(&d, &report);
    let lines = compress::compress(
        g,
        &export::positions(&pruned),
        compress::CompressOptions::default(),
    );
    assert_eq!(
        lines.len(),
        2,
        "the first move and one line of second moves"
    );
}

#[test]
fn bad_lines_are_named() {
    let g = &Qubic;
    let err = |text: &str| {
        let e = dictionary::parse(g, text, Canonical::Required).unwrap_err();
        match &e {
            DictionaryError::Line { line, problem, .. } => (*line, problem.clone(), e.to_string()),
            other => panic!("{other}"),
        }
    };
    let (line, problem, text) = err("# header\n 0\n62ox 0\n");
    assert_eq!((line, problem), (3, LineProblem::NotCanonical));
    assert!(text.starts_with("line 3: not canonical"), "{text}");
    let (line, problem, _) = err(" 0\nxxxx8oooo 9\n");
    assert_eq!(line, 2);
    assert!(matches!(problem, LineProblem::Finished { .. }));
    let (_, problem, _) = err("x14x 12\n");
    assert_eq!(problem, LineProblem::UnevenCounts { x: 2, o: 0 });
    let (_, problem, text) = err(&format!("X{}Z{}\n", ".".repeat(40), ".".repeat(22)));
    assert!(matches!(problem, LineProblem::BadCharacter { ch: 'Z', .. }));
    assert!(text.contains("'Z' at 3b3"), "{text}");
    let (_, problem, _) = err("X..\n");
    assert!(
        matches!(
            problem,
            LineProblem::BadCharacter { .. }
                | LineProblem::TooManyCells { .. }
                | LineProblem::NoMove
        ),
        "{problem:?}"
    );
    let (_, problem, _) = err(&format!("{}\n", "X".repeat(63)));
    assert_eq!(problem, LineProblem::NoMove);
    assert!(matches!(
        dictionary::parse(g, "# nothing\n", Canonical::Required),
        Err(DictionaryError::Empty)
    ));
    let missing = dictionary::read_text(std::path::Path::new("/nonexistent/q.dict"));
    assert!(
        missing
            .unwrap_err()
            .to_string()
            .starts_with("cannot read /nonexistent/q.dict")
    );
}

/// A complete dictionary made from a verification (every position X meets, but where it
/// wins at once) needs no rule but "win at once": shown on a subtree, which meets the same
/// positions by either rule. The whole one (2 million positions, minutes and 1 GB) is
/// `cargo run --release --example qubic_measure -- complete_dictionary`.
#[test]
fn a_complete_dictionary_verifies_by_itself() {
    let d = patashnik();
    let entry = d.entries.iter().find(|e| e.board.stones() == 4).unwrap();
    let start = entry.board.with_move(entry.play);
    let report = verify::verify_from(&Qubic, &d, start, verify::VerifyOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    // About 9,400 positions, answered by blocks, the dictionary and forced wins.
    let complete = export::complete(&report);
    assert!(complete.len() > 1000, "{}", report.summary());
    let d = Dictionary {
        entries: complete
            .iter()
            .enumerate()
            .map(|(i, &(board, play))| dictionary::DictionaryEntry {
                line: i + 1,
                board,
                play,
            })
            .collect(),
    };
    let options = verify::VerifyOptions {
        rules: VerifyRules::WinThenDictionary,
        ..Default::default()
    };
    let check = verify::verify_from(&Qubic, &d, start, options).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(check.positions, report.positions);
    assert!(check.unreached.is_empty());
}

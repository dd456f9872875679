//! The Qubic prover on positions small enough for a test: it proves forced wins, refutes
//! attacks O's threats break, and the dictionary it writes for a position a few moves in
//! passes the verifier. The whole proof from the empty cube is `tictaclatin solve --game
//! qubic` (minutes; docs/qubic-proof.md).

use tictaclatin::games::qubic::dictionary::verify::{self, VerifyRules};
use tictaclatin::games::qubic::dictionary::{self, Canonical, Dictionary};
use tictaclatin::games::qubic::prover::text::dictionary_text;
use tictaclatin::games::qubic::prover::{self, Budgets, ProverLimits, QubicProof};
use tictaclatin::games::qubic::{Qubic, QubicBoard};

fn board(x: &[usize], o: &[usize]) -> QubicBoard {
    let mask = |cells: &[usize]| cells.iter().fold(0u64, |m, &c| m | 1 << c);
    QubicBoard::from_masks(mask(x), mask(o))
}

fn prove(b: QubicBoard) -> QubicProof {
    let limits = ProverLimits {
        positions: 2_000_000,
        ..ProverLimits::default()
    };
    prover::prove(b, Budgets::default(), limits)
}

/// Patashnik's dictionary position on `line` (its entries start on line 52).
fn patashnik_position(line: usize) -> QubicBoard {
    let d = dictionary::parse(&Qubic, dictionary::PATASHNIK, Canonical::Required).unwrap();
    d.entries.iter().find(|e| e.line == line).unwrap().board
}

/// The prover's dictionary for its proof from `start`, written and read back as a file.
fn written(proof: &QubicProof) -> Dictionary {
    let entries = proof.entries().unwrap();
    let text = dictionary_text(&entries, "Made in a test.");
    dictionary::parse(&Qubic, &text, Canonical::Required).unwrap()
}

#[test]
fn a_double_threat_is_proven_at_once() {
    // X on 1 2 (row 1) and 4 8 (column a): 0 makes two threes, a win in 3.
    let proof = prove(board(&[1, 2, 4, 8], &[40, 45, 51, 60]));
    assert!(proof.x_wins());
    assert_eq!(proof.stopped, None);
    assert_eq!(
        proof.search.expansions, 0,
        "settled by the forced-win search"
    );
    assert!(proof.entries().unwrap().is_empty());
}

#[test]
fn o_s_double_threat_refutes_x_s_attack() {
    // X would win with 0 (two threes, as above), but O threatens 19 (16 17 18) and X's block
    // there makes no three; then O's 21 makes two threes (20 and 29) at once.
    let b = board(&[1, 2, 4, 8, 42, 58], &[16, 17, 18, 22, 23, 25]);
    let proof = prove(b);
    assert!(proof.x_does_not_win(), "{:?}", proof.search.root());
    assert!(proof.entries().is_err());
    // With O's 18 on 63 instead, O has no three to gain time with, and X's attack wins.
    let attack = prove(board(&[1, 2, 4, 8, 42, 58], &[16, 17, 63, 22, 23, 25]));
    assert!(attack.x_wins());
    assert_eq!(attack.search.expansions, 0);
}

#[test]
fn a_position_needing_search_is_proven_and_its_dictionary_verifies() {
    // Four stones in: X on 0 and 3, O on 20 and 40 (Patashnik's line 59). The forced-win
    // search alone does not settle it.
    let start = patashnik_position(59);
    let proof = prove(start);
    assert!(proof.x_wins());
    assert!(proof.search.expansions > 1);
    let d = written(&proof);
    assert!(d.len() >= 2, "{} entries", d.len());
    let report = verify::verify_from(&Qubic, &d, start, verify::VerifyOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.unreached.is_empty(), "every entry is used");
    assert_eq!(report.by_rule[2], d.len());
    // Every entry is needed: without the first (the start's own move), X is stuck.
    let mut missing = d.clone();
    missing.entries.retain(|e| e.board != start);
    assert!(
        verify::verify_from(&Qubic, &missing, start, verify::VerifyOptions::default()).is_err()
    );
}

#[test]
fn the_proof_is_the_same_on_one_thread_and_on_several() {
    let start = patashnik_position(60);
    let on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let proof = pool.install(|| prove(start));
        (proof.search.positions, proof.entries().unwrap())
    };
    assert_eq!(on(1), on(3));
}

/// The shipped dictionary `solve --game qubic --out` wrote: its entries are canonical and
/// distinct, and a subtree verifies here (the whole is `book verify`, about 20 s).
#[test]
fn the_shipped_proof_reads_and_a_subtree_verifies() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/qubic/proof.dictionary");
    let text = dictionary::read_text(std::path::Path::new(path)).unwrap();
    let d = dictionary::parse(&Qubic, &text, Canonical::Required).unwrap();
    assert_eq!(d.len(), 2736);
    assert_eq!(
        (d.entries[0].board, d.entries[0].play),
        (QubicBoard::EMPTY, 0)
    );
    assert!(d.index(&Qubic).repeats.is_empty());
    // From the first entry two moves each in, after X's move there.
    let entry = d.entries.iter().find(|e| e.board.stones() == 4).unwrap();
    let start = entry.board.with_move(entry.play);
    let report = verify::verify_from(&Qubic, &d, start, verify::VerifyOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(report.by_rule[2] > 5, "{}", report.summary());
}

#[test]
fn a_dictionary_without_forced_wins_written_out_still_needs_rule_four() {
    // The prover leaves the forced wins to the verifier's search: with X playing the
    // dictionary alone (win at once, else the dictionary), the same dictionary is stuck.
    let start = patashnik_position(60);
    let d = written(&prove(start));
    let only = verify::VerifyOptions {
        rules: VerifyRules::WinThenDictionary,
        ..verify::VerifyOptions::default()
    };
    assert!(verify::verify_from(&Qubic, &d, start, only).is_err());
}

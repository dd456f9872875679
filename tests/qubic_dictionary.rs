//! Patashnik's dictionary through the library: both formats read to the same positions,
//! every position is canonical under our code, and the verifier proves it exhaustive.

use std::collections::BTreeSet;

use tictaclatin::games::qubic::dictionary::{self, Canonical, verify};
use tictaclatin::games::qubic::{Board, Geometry, Qubic};

fn patashnik() -> dictionary::Dictionary {
    dictionary::parse(&Qubic, dictionary::PATASHNIK, Canonical::Required).unwrap()
}

#[test]
fn both_formats_hold_the_same_2929_canonical_positions() {
    let plain = patashnik();
    assert_eq!(plain.len(), 2929);
    assert_eq!(plain.entries[0].line, 52, "51 header lines");
    assert_eq!(
        (plain.entries[0].board, plain.entries[0].play),
        (Board::EMPTY, 0)
    );
    assert!(plain.entries.iter().all(|e| Qubic.is_canonical(e.board)));
    let wild =
        dictionary::parse(&Qubic, dictionary::PATASHNIK_WILDCARD, Canonical::Required).unwrap();
    let set = |d: &dictionary::Dictionary| -> BTreeSet<(Board, usize)> {
        d.entries.iter().map(|e| (e.board, e.play)).collect()
    };
    assert_eq!(set(&plain), set(&wild));
    let index = plain.index(&Qubic);
    assert_eq!(index.len(), 2929, "2929 distinct classes");
    assert!(index.repeats.is_empty());
}

#[test]
#[ignore = "the full verify; run with --ignored --nocapture"]
fn full_verify_of_patashnik() {
    let d = patashnik();
    let report = verify::verify(
        &Qubic,
        &d,
        verify::Options {
            parallel: true,
            time_moves: true,
            dictionary_only: false,
        },
    );
    match report {
        Ok(r) => {
            println!("{}", r.summary());
            println!("by rule {:?}, unreached {}", r.by_rule, r.unreached.len());
            let t = &r.move_times;
            println!(
                "moves {}: median {:?} p99 {:?} max {:?}",
                t.len(),
                t[t.len() / 2],
                t[t.len() * 99 / 100],
                t[t.len() - 1]
            );
        }
        Err(e) => panic!("{e}"),
    }
}

#[test]
#[ignore = "figures for the README; run with --ignored --nocapture"]
fn figures() {
    use tictaclatin::games::qubic::dictionary::small::{FourByFourThree, SEED_DICTIONARY};
    use tictaclatin::games::qubic::dictionary::{compress, export};
    let g = FourByFourThree::get();
    let d = dictionary::parse(g, SEED_DICTIONARY, Canonical::AnyImage).unwrap();
    println!("seed dict: {} positions", d.len());
    println!("  repeats {:?}", d.index(g).repeats);
    for dictionary_only in [false, true] {
        let options = verify::Options {
            dictionary_only,
            ..Default::default()
        };
        match verify::verify(g, &d, options) {
            Ok(r) => println!(
                "  only {dictionary_only}: {} by rule {:?} unreached {:?}",
                r.summary(),
                r.by_rule,
                r.unreached
            ),
            Err(e) => println!("  only {dictionary_only}: fails: {e}"),
        }
    }
    let d = patashnik();
    let positions = export::positions(&d);
    for (move_images, tries) in [(false, 1), (true, 1), (true, 20), (true, 200)] {
        let t = std::time::Instant::now();
        let options = compress::Options { move_images, tries };
        let lines = compress::compress(&Qubic, &positions, options);
        println!(
            "patashnik compressed (move images {move_images}, tries {tries}): {} lines ({} plain) in {:?}",
            lines.len(),
            lines.iter().filter(|l| l.wildcards == 0).count(),
            t.elapsed()
        );
    }
}

#[test]
#[ignore = "the complete dictionary's size; minutes; run with --ignored --nocapture"]
fn complete_dictionary_figures() {
    use tictaclatin::games::qubic::dictionary::{compress, export};
    let d = patashnik();
    let options = verify::Options {
        parallel: true,
        ..Default::default()
    };
    let report = verify::verify(&Qubic, &d, options).unwrap();
    println!("{}", report.summary());
    let complete = export::complete(&report);
    println!("complete: {} plain lines", complete.len());
    let text = export::runlength_text(&Qubic, &export::credit(), &complete);
    println!("complete run-length text: {} bytes", text.len());
    for tries in [1, 4] {
        let t = std::time::Instant::now();
        let lines = compress::compress(
            &Qubic,
            &complete,
            compress::Options {
                move_images: false,
                tries,
            },
        );
        println!(
            "complete compressed (tries {tries}): {} lines ({} plain) in {:?}",
            lines.len(),
            lines.iter().filter(|l| l.wildcards == 0).count(),
            t.elapsed()
        );
    }
}

//! The shipped books in `assets/` are exactly what the export command writes today, and
//! they verify. If the perfect player's tie-breaks change, this fails: regenerate the books
//! with the one-liner in the README (section "Strategy book").

use std::path::Path;
use std::process::Command;

const REGENERATE: &str = "for s in first second; do cargo run --release -- book export \
                          --side $s --compress > assets/book-$s.txt; done";

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn shipped_books_equal_a_fresh_export_and_verify() {
    for side in ["first", "second"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("assets/book-{side}.txt"));
        let shipped = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e}; regenerate with: {REGENERATE}", path.display()));
        let (code, fresh, err) = run(&["book", "export", "--side", side, "--compress"]);
        assert_eq!(code, Some(0), "{err}");
        assert!(
            shipped == fresh,
            "{} differs from a fresh export (did the perfect player change?); regenerate \
             with: {REGENERATE}",
            path.display()
        );
        let (code, out, err) = run(&["book", "verify", path.to_str().unwrap(), "--side", side]);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains("positions, the side never loses"), "{out}");
    }
}

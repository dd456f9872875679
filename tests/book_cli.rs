//! The `book` commands through the real binary: output, messages and exit statuses.

use std::path::Path;
mod common;

use common::{stderr, stdout, tictaclatin as run};

fn export(side: &str, extra: &[&str]) -> String {
    let mut args = vec!["book", "export", "--side", side];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The entry lines of a book text (no comments).
fn entries(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('#')).collect()
}

#[test]
fn export_then_verify_succeeds_for_both_sides() {
    let dir = tempfile::tempdir().unwrap();
    for side in ["first", "second"] {
        for extra in [&[][..], &["--compress"], &["--compress", "--omit-obvious"]] {
            let file = write(dir.path(), "book.txt", &export(side, extra));
            let out = run(&["book", "verify", &file, "--side", side]);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{side} {extra:?}: {}",
                stderr(&out)
            );
            let text = stdout(&out);
            assert!(text.starts_with("exhaustive: "), "{text}");
            assert!(text.contains(" positions, the side never loses"), "{text}");
        }
    }
}

#[test]
fn a_removed_entry_exits_1_naming_the_position() {
    let dir = tempfile::tempdir().unwrap();
    let book = export("first", &["--omit-obvious"]);
    let lines = entries(&book);
    let removed = lines[lines.len() / 3];
    let kept: Vec<&str> = lines.iter().copied().filter(|l| *l != removed).collect();
    let file = write(dir.path(), "holed.txt", &kept.join("\n"));
    let out = run(&["book", "verify", &file, "--side", "first"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    // The position as the book writes it: the move's capital is an empty cell.
    let position = removed.replace('X', ".");
    assert!(
        stderr(&out).contains(&format!("no entry for position {position}")),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_worse_move_exits_1_naming_the_line() {
    use tictaclatin::games::latin::book::{BookLine, book_cells};
    use tictaclatin::games::latin::game::Cell;
    use tictaclatin::games::latin::solver::Solver;

    let dir = tempfile::tempdir().unwrap();
    let solver = Solver::new();
    let book = export("second", &[]);
    let mut lines: Vec<String> = entries(&book)
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    // The first entry whose position has a move worse than its value: play that instead.
    let (index, line, worse) = lines
        .iter()
        .enumerate()
        .find_map(|(i, text)| {
            let line = BookLine::parse(text).unwrap();
            let position = line.positions()[0];
            let best = solver.value(position)?;
            Cell::in_mask(position.empty_cells())
                .find(|&c| solver.move_value(position, c).unwrap() < best)
                .map(|c| (i, line, c))
        })
        .expect("some entry has a worse alternative");
    let position = line.positions()[0];
    lines[index] = BookLine::plain(position, worse).to_string();
    let file = write(dir.path(), "worse.txt", &lines.join("\n"));
    let out = run(&["book", "verify", &file, "--side", "second"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let expected = format!(
        "line {}: in position {} ({position}) the book plays {worse}, into a ",
        index + 1,
        book_cells(position)
    );
    assert!(stderr(&out).contains(&expected), "{}", stderr(&out));
}

#[test]
fn malformed_files_exit_2_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    for (text, expected) in [
        (
            "# c\nX...............\n..x.Z...........\n",
            "line 3: bad character 'Z' in column 5",
        ),
        ("X...............\nX..\n", "line 2: expected 16 cells"),
        ("x...............\n", "line 1: no move"),
        ("\n\nxxxo.oo.....X...\n", "line 3: the game is already over"),
        (
            "xo.....X........\nx...o........X..\n",
            "line 2: position x...o........... is already",
        ),
        ("# nothing\n", "the book has no entries"),
    ] {
        let file = write(dir.path(), "bad.txt", text);
        for args in [
            vec!["book", "verify", &file, "--side", "first"],
            vec!["book", "compress", &file],
        ] {
            let out = run(&args);
            assert_eq!(out.status.code(), Some(2), "{text:?} {args:?}");
            assert!(
                stderr(&out).contains(expected),
                "{text:?}: {}",
                stderr(&out)
            );
            assert!(!stderr(&out).contains("panicked"));
        }
    }
    let out = run(&["book", "verify", "/no/such/book.txt", "--side", "first"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read /no/such/book.txt"));
    // The wrong side for the file.
    let file = write(dir.path(), "first.txt", "X...............\n");
    let out = run(&["book", "verify", &file, "--side", "second"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 1: this is an entry of the first player's book"));
}

#[test]
fn compress_and_expand_round_trip_and_report_savings() {
    let dir = tempfile::tempdir().unwrap();
    for side in ["first", "second"] {
        let plain = export(side, &[]);
        let compressed = export(side, &["--compress"]);
        let file = write(dir.path(), "plain.txt", &plain);
        let out = run(&["book", "compress", &file]);
        assert!(out.status.success());
        assert_eq!(
            stdout(&out),
            compressed,
            "compress(export) == export --compress"
        );
        let saved = entries(&plain).len() - entries(&compressed).len();
        assert!(saved > 0);
        assert!(
            stderr(&out).contains(&format!("{saved} lines saved")),
            "{}",
            stderr(&out)
        );

        let file = write(dir.path(), "small.txt", &compressed);
        let out = run(&["book", "expand", &file]);
        assert!(out.status.success());
        assert_eq!(stdout(&out), plain, "expand(compress(b)) == b");
    }
}

/// A Qubic-style dictionary is the first player's: `--side first` is accepted, `--side
/// second` is refused in one line rather than ignored.
#[test]
fn a_dictionary_is_verified_for_the_first_side_only() {
    let small = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/classic/seed002-4x4-three.txt"
    );
    let game = ["--game", "classic", "--size", "4", "--in-a-row", "3"];
    let verify = |side: &str| {
        let mut args = vec!["book", "verify", small, "--side", side];
        args.extend_from_slice(&game);
        run(&args)
    };
    let first = verify("first");
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(
        stdout(&first).starts_with("exhaustive: "),
        "{}",
        stdout(&first)
    );
    let second = verify("second");
    assert_eq!(second.status.code(), Some(2), "{}", stderr(&second));
    let err = stderr(&second);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("dictionary is the first player's (X's)"),
        "{err}"
    );
    assert!(stdout(&second).is_empty());
    // Qubic too, refused before its dictionary is read.
    let out = run(&[
        "book", "verify", "--game", "qubic", "--side", "second", small,
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// The seed's 4x4 dictionary is printed as the seed wrote it (not every line the smallest
/// of its images): `book export` takes it as `book verify` does, and what it writes verifies.
#[test]
fn the_small_dictionary_exports_and_its_export_verifies() {
    let game = ["--game", "classic", "--size", "4", "--in-a-row", "3"];
    let dir = tempfile::tempdir().unwrap();
    for extra in [&[][..], &["--complete"], &["--compress"]] {
        let mut args = vec!["book", "export"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&game);
        let out = run(&args);
        assert!(out.status.success(), "{extra:?}: {}", stderr(&out));
        let file = dir.path().join("small.txt");
        std::fs::write(&file, &out.stdout).unwrap();
        let mut args = vec!["book", "verify", file.to_str().unwrap()];
        args.extend_from_slice(&game);
        let verified = run(&args);
        assert!(
            verified.status.success(),
            "{extra:?}: {}",
            stderr(&verified)
        );
        assert!(
            stdout(&verified).contains("Every entry is reached"),
            "{extra:?}"
        );
    }
}

//! Game records as a user meets them: a tournament keeps its games, and every record it
//! wrote reads back, replays by the rules and adds up to the tournament's own tally.

mod common;

use std::fs;

use common::{stderr, stdout, tictaclatin as run};
use tictaclatin::core::Side;
use tictaclatin::record::{self, Outcome};

/// 1,000 games of each game (a solved one, a searched one of each kind) are written, read
/// back and replayed to the results the tournament counted.
#[test]
fn a_tournament_keeps_every_game_and_its_records_add_up() {
    let games: [&[&str]; 5] = [
        &["--game", "latin"],
        &["--game", "classic", "--size", "3"],
        &["--game", "classic", "--size", "7", "--in-a-row", "5"],
        &["--game", "qubic"],
        &["--game", "extreme"],
    ];
    for game in games {
        let dir = tempfile::tempdir().unwrap();
        let mut args = vec!["tournament", "--first", "greedy", "--second", "random"];
        args.extend_from_slice(&["--games", "1000", "--json", "--record"]);
        args.push(dir.path().to_str().unwrap());
        args.extend_from_slice(game);
        let out = run(&args);
        assert!(out.status.success(), "{game:?}: {}", stderr(&out));
        let tally: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        let mut counted = [0u64; 3];
        let mut files = 0;
        for entry in fs::read_dir(dir.path()).unwrap() {
            let path = entry.unwrap().path();
            let record =
                record::read_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            files += 1;
            assert_eq!(record.tag("First"), Some("greedy"));
            let last = record.positions().pop().unwrap();
            assert_eq!(
                record.outcome,
                Outcome::of(last.as_ref()),
                "{}",
                path.display()
            );
            counted[match record.outcome {
                Outcome::Won(Side::First) => 0,
                Outcome::Won(Side::Second) => 1,
                _ => 2,
            }] += 1;
        }
        assert_eq!(files, 1000, "{game:?}");
        let expected = ["first_wins", "second_wins", "draws"].map(|k| tally[k].as_u64().unwrap());
        assert_eq!(counted, expected, "{game:?}");
    }
}

/// A directory the records cannot go in stops the tournament with one clear line.
#[test]
fn records_that_cannot_be_written_stop_the_run_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    fs::write(&file, "not a directory").unwrap();
    let out = run(&[
        "tournament",
        "--first",
        "greedy",
        "--second",
        "random",
        "--games",
        "3",
        "--record",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("cannot make") && err.contains("a-file"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), "not a directory");
}

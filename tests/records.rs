//! Game records as a user meets them: a tournament keeps its games, and every record it
//! wrote reads back, replays by the rules and adds up to the tournament's own tally.

mod common;

use std::fs;

use common::{stderr, stdout, tictaclatin as run};
use tictaclatin::core::{Side, Status};
use tictaclatin::record;

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
            assert_eq!(record.outcome, last.status(), "{}", path.display());
            counted[match record.outcome {
                Status::Won(Side::First) => 0,
                Status::Won(Side::Second) => 1,
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

/// A kept game's record, as the terminal game writes it: `FIRST` against `SECOND`.
fn kept(game: &str, players: [(&str, &str); 2], moves: &str, result: &str, time: &str) -> String {
    let [(first, first_player), (second, second_player)] = players;
    format!(
        "[Record \"1\"]\n[Game \"{game}\"]\n[Date \"2026-11-24\"]\n[Time \"{time}\"]\n\
         [First \"{first}\"]\n[FirstPlayer \"{first_player}\"]\n[Second \"{second}\"]\n\
         [SecondPlayer \"{second_player}\"]\n[Result \"{result}\"]\n\n{moves} {result}\n"
    )
}

/// A data folder with its (empty) records folder.
fn data_with_records() -> (tempfile::TempDir, std::path::PathBuf) {
    let data = tempfile::tempdir().unwrap();
    let records = data.path().join("records");
    fs::create_dir_all(&records).unwrap();
    (data, records)
}

fn games_in(data: &std::path::Path, args: &[&str]) -> std::process::Output {
    in_data(data, &[&["games"], args].concat())
}

/// `games` lists the kept games newest first, with numbers that stay with their games
/// under every filter; a file that is not a record is named, and nothing is changed.
#[test]
fn games_lists_the_kept_games_newest_first_and_filters_them() {
    let (data, records) = data_with_records();
    let you = ("You", "human");
    let files = [
        (
            "20261124-100000-classic-3.txt",
            kept(
                "classic-3",
                [you, ("Bot", "easy")],
                "1. a1 b1 2. a2 b2 3. a3",
                "1-0",
                "10:00:00",
            ),
        ),
        (
            "20261124-110000-latin.txt",
            kept("latin", [("Bot", "hard"), you], "1. a1 b1", "*", "11:00:00"),
        ),
        (
            "20261124-120000-classic-3.txt",
            kept(
                "classic-3",
                [("Bot", "hard"), you],
                "1. a1 b1 2. a2 b2 3. a3",
                "1-0",
                "12:00:00",
            ),
        ),
    ];
    for (name, text) in &files {
        fs::write(records.join(name), text).unwrap();
    }
    let out = games_in(data.path(), &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let list = stdout(&out);
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 3, "{list}");
    assert!(
        lines[0].trim_start().starts_with("1  2026-11-24 12:00"),
        "{list}"
    );
    assert!(
        lines[0].contains("Bot (hard) - You") && lines[0].contains("1-0"),
        "{list}"
    );
    assert!(
        lines[2].trim_start().starts_with("3  2026-11-24 10:00"),
        "{list}"
    );

    let only = |args: &[&str]| {
        let out = games_in(data.path(), args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let numbers: Vec<String> = stdout(&out)
            .lines()
            .map(|l| l.split_whitespace().next().unwrap().to_string())
            .collect();
        numbers
    };
    assert_eq!(only(&["--result", "won"]), ["3"]);
    assert_eq!(only(&["--result", "lost"]), ["1"]);
    assert_eq!(only(&["--result", "unfinished"]), ["2"]);
    assert_eq!(only(&["--opponent", "HARD"]), ["1", "2"]);
    assert_eq!(only(&["--game", "classic"]), ["1", "3"]);
    assert_eq!(only(&["--game", "latin", "--result", "won"]), ["No"]);

    // A damaged file is named, the rest still listed, and it is left as it is.
    let junk = records.join("20261124-130000-latin.txt");
    fs::write(&junk, [0xff, 0x00, 0x12]).unwrap();
    let out = games_in(data.path(), &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("20261124-130000-latin.txt: line 1: not UTF-8"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout(&out).lines().count(), 3);
    assert_eq!(fs::read(&junk).unwrap(), [0xff, 0x00, 0x12]);

    let out = games_in(data.path(), &["--game", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("neither a game"), "{}", stderr(&out));
}

/// `games` lines its columns up whatever the titles ("Classic 7x7, 4 in a row", "Extreme
/// tic-tac-toe"), the players' names (double-width ones too) and the results.
#[test]
fn games_keeps_its_columns_in_line_for_every_title() {
    use unicode_width::UnicodeWidthStr;

    let (data, records) = data_with_records();
    let you = ("You", "human");
    let games = [
        (
            "classic-7k4",
            "Classic 7x7, 4 in a row",
            [you, ("Bot", "hard")],
            "1-0",
            "You - Bot (hard)",
        ),
        (
            "extreme",
            "Extreme tic-tac-toe",
            [("Bot", "max"), you],
            "1/2-1/2",
            "Bot (max) - You",
        ),
        (
            "latin",
            "Tic-Tac-Latin",
            [("猫猫", "human"), ("Ada", "human")],
            "0-1",
            "猫猫 - Ada",
        ),
        (
            "classic-3",
            "Classic 3x3",
            [you, ("Bot", "easy")],
            "*",
            "You - Bot (easy)",
        ),
    ];
    let mut files = Vec::new();
    for (i, (key, _, players, result, _)) in games.iter().enumerate() {
        let name = format!("20261124-1{i}0000-{key}.txt");
        let text = kept(key, *players, "1. a1 b1", result, &format!("1{i}:00:00"));
        fs::write(records.join(&name), text).unwrap();
        files.push(name);
    }
    let out = games_in(data.path(), &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let list = stdout(&out);
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), games.len(), "{list}");
    let column = |line: &str, text: &str| {
        let at = line
            .find(text)
            .unwrap_or_else(|| panic!("{text} in {line}"));
        line[..at].width()
    };
    let mut columns = Vec::new();
    // Newest first: the last written is the first line.
    for (line, (game, file)) in lines.iter().zip(games.iter().zip(&files).rev()) {
        let (_, title, _, result, players) = game;
        let at_result = column(line, &format!("  {result}")) + 2;
        columns.push((
            column(line, title),
            column(line, players),
            at_result,
            column(line, file),
        ));
    }
    assert!(
        columns.iter().all(|c| *c == columns[0]),
        "{columns:?}:\n{list}"
    );
}

/// Asked for unfinished games, `games` also names the game saved to be resumed, which is
/// not a record until it ends.
#[test]
fn unfinished_games_include_the_one_saved_to_resume() {
    use tictaclatin::core::session::{Mode, Resumed};
    use tictaclatin::core::{Difficulty, Move};
    use tictaclatin::store::{SavedGame, Store};

    let data = tempfile::tempdir().unwrap();
    let out = games_in(data.path(), &["--result", "unfinished"]);
    assert!(!stdout(&out).contains("waits"), "{}", stdout(&out));

    let game = tictaclatin::games::build(tictaclatin::games::GameChoice::of(
        tictaclatin::games::GameKind::Latin,
    ))
    .unwrap();
    let moves = ["b2", "c3"].map(|name| Move::place(game.parse_cell(name).unwrap()));
    let session = Resumed::new(Mode::VsBot, Some(Side::First), Difficulty::Hard);
    let store = Store::new(data.path().to_path_buf(), true);
    store
        .save_game(&SavedGame::new("latin", session, moves.to_vec()))
        .unwrap();
    let out = games_in(data.path(), &["--result", "unfinished"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let listed = stdout(&out);
    assert!(
        listed.contains("An unfinished game of Tic-Tac-Latin (bot, 2 moves) waits to be resumed"),
        "{listed}"
    );
    assert!(
        !listed.contains("No games kept"),
        "the unfinished game answers: {listed}"
    );
    let out = games_in(data.path(), &["--result", "won"]);
    assert!(
        !stdout(&out).contains("waits"),
        "only when asked for unfinished games"
    );
}

fn annotate(args: &[&str]) -> std::process::Output {
    let mut all = vec!["annotate"];
    all.extend_from_slice(args);
    run(&all)
}

/// Classic 3x3 from the corner: only the centre holds the draw for O (any other reply
/// loses), and with X threatening a line, only the block delays the loss. The exact
/// annotator marks both, and leaves X's moves (all best) alone.
#[test]
fn annotate_judges_a_solved_game_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.txt");
    let text = "[Record \"1\"]\n[Game \"classic-3\"]\n[Result \"1-0\"]\n\n\
                1. a1 b1 2. b2 c1 {my own note} 3. c3 1-0\n";
    fs::write(&file, text).unwrap();
    let out = annotate(&[file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let annotated = stdout(&out);
    assert!(
        annotated.contains("[Annotator \"tictaclatin, exact\"]"),
        "{annotated}"
    );
    let back = record::read(&annotated).unwrap();
    let glyphs: Vec<_> = back.moves.iter().map(|m| m.glyph).collect();
    use tictaclatin::record::Glyph;
    assert_eq!(
        glyphs,
        [None, Some(Glyph::Blunder), None, Some(Glyph::Mistake), None],
        "{annotated}"
    );
    let b1 = back.moves[1].comment.as_deref().unwrap();
    assert!(
        b1.starts_with("b1 let X force a win in") && b1.contains("b2 kept the draw"),
        "{b1}"
    );
    assert!(back.moves[3].comment.as_deref().unwrap().contains("; c3 "));
    // The file itself is untouched without --in-place; with it, it holds the annotation.
    assert_eq!(fs::read_to_string(&file).unwrap(), text);
    let out = annotate(&[file.to_str().unwrap(), "--in-place"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(&file).unwrap(), annotated);
}

/// Classic 7x7, five in a row: X holds a1..d1 with e1 open, so O must block at e1; O's g7
/// lets X win at once. The search proves that, and marks it whatever the depth.
#[test]
fn annotate_marks_a_searched_blunder_by_what_the_search_proves() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.txt");
    let text = "[Record \"1\"]\n[Game \"classic-7k5\"]\n[Result \"1-0\"]\n\n\
                1. a1 a7 2. b1 b7 3. c1 c7 4. d1 g7 5. e1 1-0\n";
    fs::write(&file, text).unwrap();
    for depth in ["2", "4"] {
        let out = annotate(&[file.to_str().unwrap(), "--depth", depth]);
        assert!(out.status.success(), "{}", stderr(&out));
        let annotated = stdout(&out);
        assert!(
            annotated.contains(&format!("search depth {depth}")),
            "{annotated}"
        );
        let back = record::read(&annotated).unwrap();
        assert_eq!(
            back.moves[7].glyph,
            Some(tictaclatin::record::Glyph::Blunder),
            "{annotated}"
        );
        // Marked as the search's judgement, with the better move and the punishment.
        let comment = back.moves[7].comment.as_deref().unwrap();
        assert!(
            comment.starts_with(&format!("judged by search at depth {depth}")),
            "{comment}"
        );
        assert!(comment.contains("better e1: e1"), "{comment}");
        assert!(comment.ends_with("; punished by e1"), "{comment}");
        // The same on every run.
        assert_eq!(
            stdout(&annotate(&[file.to_str().unwrap(), "--depth", depth])),
            annotated
        );
    }
}

/// A bad record is one line naming the file and the line, exit status 2, the file kept.
#[test]
fn annotate_refuses_a_bad_record_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.txt");
    let text = "[Record \"1\"]\n[Game \"classic-3\"]\n[Result \"*\"]\n\n1. a1 a1 *\n";
    fs::write(&file, text).unwrap();
    let out = annotate(&[file.to_str().unwrap(), "--in-place"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("bad.txt: line 5: move 2 (a1) is illegal"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), text);
}

/// A record whose `[Game]` names no game (there is no 9x9 classic) is unreadable to
/// `games` as it is to `replay`: named on stderr with why, exit 1, the file left as it is,
/// the others listed. Asked for by its number, `replay` and `annotate` give that reason.
#[test]
fn games_refuses_a_record_of_no_game_as_replay_does() {
    let (data, records) = data_with_records();
    let you = ("You", "human");
    let fine = kept("latin", [("Bot", "hard"), you], "1. a1 b1", "*", "11:00:00");
    fs::write(records.join("20261124-110000-latin.txt"), fine).unwrap();
    let none = kept(
        "classic-9",
        [you, ("Bot", "hard")],
        "1. a1",
        "*",
        "12:00:00",
    );
    let file = records.join("20261124-120000-classic-9.txt");
    fs::write(&file, &none).unwrap();

    let out = games_in(data.path(), &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let reason = "line 2: 'classic-9' is no game this build knows";
    let err = stderr(&out);
    assert!(
        err.contains(&format!("20261124-120000-classic-9.txt: {reason}")),
        "{err}"
    );
    let list = stdout(&out);
    assert_eq!(list.lines().count(), 1, "{list}");
    assert!(
        list.trim_start().starts_with("2  2026-11-24 11:00"),
        "{list}"
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), none);

    for command in ["replay", "annotate"] {
        let out = in_data(data.path(), &[command, "1"]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let err = stderr(&out);
        assert!(
            err.contains(&format!("20261124-120000-classic-9.txt: {reason}")),
            "{command}: {err}"
        );
    }
}

/// The binary with these arguments and `data` as its data directory.
fn in_data(data: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .args(args)
        .env("TICTACLATIN_DATA_DIR", data)
        .env("TICTACLATIN_CONFIG", "/nonexistent/config.toml")
        .output()
        .unwrap()
}

/// `annotate N` takes a game's number in `tictaclatin games`, as `replay N` does, and
/// `--in-place` writes that game's file; a number with no game is refused.
#[test]
fn annotate_takes_a_number_from_games() {
    let (data, records) = data_with_records();
    let you = ("You", "human");
    let older = kept(
        "classic-3",
        [you, ("Bot", "easy")],
        "1. a1 b1",
        "*",
        "10:00:00",
    );
    let newer = kept("latin", [("Bot", "hard"), you], "1. a1 b2", "*", "11:00:00");
    let older_file = records.join("20261124-100000-classic-3.txt");
    let newer_file = records.join("20261124-110000-latin.txt");
    fs::write(&older_file, &older).unwrap();
    fs::write(&newer_file, &newer).unwrap();

    let out = in_data(data.path(), &["annotate", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let annotated = stdout(&out);
    assert!(annotated.contains("[Game \"classic-3\"]"), "{annotated}");
    assert!(annotated.contains("b1??"), "{annotated}");
    // The file's name as `games` lists it works as well as its number.
    let named = in_data(data.path(), &["annotate", "20261124-100000-classic-3.txt"]);
    assert!(named.status.success(), "{}", stderr(&named));
    assert_eq!(stdout(&named), annotated);

    let out = in_data(data.path(), &["annotate", "1", "--in-place"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let written = fs::read_to_string(&newer_file).unwrap();
    assert!(
        written.contains("[Annotator \"tictaclatin, exact\"]"),
        "{written}"
    );
    assert_eq!(fs::read_to_string(&older_file).unwrap(), older);

    let out = in_data(data.path(), &["annotate", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no game number 3"),
        "{}",
        stderr(&out)
    );
}

/// A record's number is the one `games` lists, and only that: `annotate N` prints the game
/// listed as N, whose first tag is the format's version (`[Format "1"]`, not the old
/// `[Record "1"]`, which read as a number); old records still read and keep their number
/// when annotated in place.
#[test]
fn a_records_number_is_the_one_games_lists() {
    let (data, records) = data_with_records();
    let you = ("You", "human");
    for hour in 10..13 {
        let text = kept(
            "classic-3",
            [you, ("Bot", "easy")],
            "1. a1 b1",
            "*",
            &format!("{hour}:00:00"),
        );
        assert!(text.starts_with("[Record \"1\"]\n"));
        fs::write(
            records.join(format!("20261124-{hour}0000-classic-3.txt")),
            text,
        )
        .unwrap();
    }
    let listed = |data: &std::path::Path| {
        let out = games_in(data, &[]);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
            .lines()
            .map(|line| {
                line.split_whitespace()
                    .map(String::from)
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>()
    };
    let before = listed(data.path());
    assert_eq!(before.len(), 3);
    for (row, number) in before.iter().zip(["1", "2", "3"]) {
        assert_eq!(row[0], number);
        let out = in_data(data.path(), &["annotate", number]);
        assert!(out.status.success(), "{}", stderr(&out));
        let annotated = stdout(&out);
        assert!(annotated.starts_with("[Format \"1\"]\n"), "{annotated}");
        assert!(!annotated.contains("[Record"), "{annotated}");
        // The game listed as N: the same time (its row's third word).
        assert!(
            annotated.contains(&format!("[Time \"{}:00\"]", row[2])),
            "{number}: {annotated}"
        );
        let out = in_data(data.path(), &["annotate", number, "--in-place"]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    assert_eq!(listed(data.path()), before);
}

/// The annotator tag says how the game was judged: exactly for a solved game (Tic-Tac-Latin,
/// classic up to 4x4) even with nothing to judge, by search (with its depth) where the
/// game is searched.
#[test]
fn the_annotator_tag_says_how_the_game_was_judged() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("latin", "", "exact"),
        ("latin", "1. a1 b2", "exact"),
        ("classic-4", "", "exact"),
        ("classic-5", "", "search depth 4"),
        ("classic-7k5", "1. a1 b1", "search depth 4"),
    ];
    for (game, moves, how) in cases {
        let file = dir.path().join(format!("{game}.txt"));
        let text = format!("[Record \"1\"]\n[Game \"{game}\"]\n[Result \"*\"]\n\n{moves} *\n");
        fs::write(&file, text).unwrap();
        let out = annotate(&[file.to_str().unwrap()]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let annotated = stdout(&out);
        assert!(
            annotated.contains(&format!("[Annotator \"tictaclatin, {how}\"]")),
            "{game} {moves:?}: {annotated}"
        );
    }
}

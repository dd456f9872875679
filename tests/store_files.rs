//! The record of results and the saved game survive a round trip, a damaged or newer file is
//! set aside to `*.bak` with a notice, `--no-save` writes nothing, and `tictaclatin stats`
//! prints the record. Every test works in its own temporary directory.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use tictaclatin::config::Mode;
use tictaclatin::core::session::Resumed;
use tictaclatin::core::{Difficulty, Game, Outcome, Side};
use tictaclatin::games::latin::adapter::Latin;
use tictaclatin::store::{Counted, RecordKey, SavedGame, Stats, Store, VERSION};

fn store(dir: &Path) -> Store {
    Store::new(dir.to_path_buf(), true)
}

fn vs_bot(difficulty: Difficulty) -> RecordKey {
    RecordKey {
        game: "latin".into(),
        mode: Mode::VsBot,
        difficulty: Some(difficulty),
    }
}

fn two_people() -> RecordKey {
    RecordKey {
        game: "latin".into(),
        mode: Mode::TwoHumans,
        difficulty: None,
    }
}

fn some_stats() -> Stats {
    let mut stats = Stats::default();
    for outcome in [Outcome::Draw, Outcome::Loss, Outcome::Draw, Outcome::Draw] {
        stats.record(vs_bot(Difficulty::Perfect), outcome);
    }
    stats.record(vs_bot(Difficulty::Easy), Outcome::Win);
    stats.record(two_people(), Outcome::Loss);
    stats
}

fn some_game() -> SavedGame {
    let mut session = Resumed::new(Mode::VsBot, Some(Side::Second), Difficulty::Hard);
    session.weakest = Some(Difficulty::Easy);
    let cells = |names: &[&str]| {
        names
            .iter()
            .map(|c| Latin.parse_cell(c).unwrap().into())
            .collect()
    };
    SavedGame {
        redo: cells(&["d4"]),
        ..SavedGame::new("latin", session, cells(&["b2", "c3", "a1"]))
    }
}

#[test]
fn stats_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    assert_eq!(store.load_stats().value, Stats::default());

    let stats = some_stats();
    store.save_stats(&stats).unwrap();
    let loaded = store.load_stats();
    assert_eq!(loaded.notice, None);
    assert_eq!(loaded.value, stats);
    let perfect = loaded.value.get(&vs_bot(Difficulty::Perfect));
    assert_eq!((perfect.wins, perfect.draws, perfect.losses), (0, 3, 1));
    assert_eq!((perfect.streak, perfect.best_streak), (2, 2));

    let text = fs::read_to_string(store.stats_path()).unwrap();
    assert!(
        text.starts_with(&format!("version = {VERSION}\n")),
        "{text}"
    );
}

#[test]
fn recording_a_result_updates_the_saved_record() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path().join("new/sub").as_path());
    store
        .count(&Counted::Game(vs_bot(Difficulty::Medium), Outcome::Win))
        .unwrap();
    let stats = store
        .count(&Counted::Game(vs_bot(Difficulty::Medium), Outcome::Win))
        .unwrap()
        .value;
    assert_eq!(stats.get(&vs_bot(Difficulty::Medium)).wins, 2);
    assert_eq!(store.load_stats().value, stats);
}

#[test]
fn saved_game_round_trip_and_clear() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    assert_eq!(store.load_game("latin").value, None);

    let game = some_game();
    store.save_game(&game).unwrap();
    let loaded = store.load_game("latin");
    assert_eq!(loaded.notice, None);
    assert_eq!(loaded.value.as_ref(), Some(&game));
    assert_eq!(loaded.value.unwrap().history().unwrap().moves().len(), 3);

    store.clear_game("latin").unwrap();
    assert!(!store.game_path("latin").exists());
    assert_eq!(store.load_game("latin").value, None);
    store.clear_game("latin").unwrap(); // nothing to clear is fine
}

#[test]
fn a_damaged_file_is_moved_aside_with_a_notice_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    fs::write(store.stats_path(), "version = 1\nrecords = [[[").unwrap();

    let loaded = store.load_stats();
    assert_eq!(loaded.value, Stats::default());
    let notice = loaded.notice.expect("the user is told");
    assert!(notice.contains("damaged"), "{notice}");
    assert!(notice.contains("stats.toml.bak"), "{notice}");
    assert!(!store.stats_path().exists());
    let backup = dir.path().join("stats.toml.bak");
    assert_eq!(
        fs::read_to_string(backup).unwrap(),
        "version = 1\nrecords = [[["
    );

    // Told once: the next load finds no file and says nothing.
    assert_eq!(store.load_stats().notice, None);
    // And saving starts a fresh file.
    store.save_stats(&some_stats()).unwrap();
    assert_eq!(store.load_stats().value, some_stats());
}

#[test]
fn earlier_backups_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let backups = ["stats.toml.bak", "stats.toml.1.bak", "stats.toml.2.bak"];
    for (i, backup) in backups.iter().enumerate() {
        let damaged = format!("damaged number {i} [");
        fs::write(store.stats_path(), &damaged).unwrap();
        let notice = store.load_stats().notice.unwrap();
        assert!(notice.contains(backup), "{notice}");
        assert_eq!(
            fs::read_to_string(dir.path().join(backup)).unwrap(),
            damaged
        );
    }
    // The first backup still holds the first damaged file.
    assert_eq!(
        fs::read_to_string(dir.path().join(backups[0])).unwrap(),
        "damaged number 0 ["
    );
}

#[test]
fn a_data_directory_that_is_a_file_is_reported_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    fs::write(&data, "I am a file").unwrap();
    let store = store(&data);
    let notice = store.load_stats().notice.unwrap();
    let expected = format!("the data directory {} is not a directory", data.display());
    assert!(notice.contains(&expected), "{notice}");
    assert!(!notice.contains("damaged"), "{notice}");
    // Said once, by the record, not again by the unfinished game.
    assert_eq!(store.load_game("latin").notice, None);
    let err = store.save_game(&some_game()).unwrap_err().to_string();
    assert!(
        err.contains("could not save your unfinished game to"),
        "{err}"
    );
    assert!(err.contains(&expected), "{err}");
    assert_eq!(fs::read_to_string(&data).unwrap(), "I am a file");
}

#[test]
fn stats_command_names_a_data_directory_that_is_a_file() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    fs::write(&data, "").unwrap();
    let out = stats_command(&data, home.path());
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let expected = format!("the data directory {} is not a directory", data.display());
    assert!(stderr.contains(&expected), "{stderr}");
    assert!(!stderr.contains("damaged"), "{stderr}");
    assert_eq!(stderr.matches("is not a directory").count(), 1, "{stderr}");
}

#[test]
fn a_game_that_cannot_be_replayed_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let text = "version = 1\nmode = \"bot\"\nhuman = \"first\"\ndifficulty = \"perfect\"\n\
                moves = [\"a1\", \"a1\"]\n";
    fs::write(store.game_path("latin"), text).unwrap();
    let loaded = store.load_game("latin");
    assert_eq!(loaded.value, None);
    assert!(loaded.notice.unwrap().contains("move 2 (a1) is illegal"));
    assert!(dir.path().join("saved-game.toml.bak").exists());
}

#[test]
fn a_saved_game_from_a_newer_version_is_left_where_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let newer = format!(
        "version = {}\nmoves = \"in a format we do not know\"\n",
        VERSION + 1
    );
    fs::write(store.game_path("latin"), &newer).unwrap();

    let loaded = store.load_game("latin");
    assert_eq!(loaded.value, None);
    let notice = loaded.notice.unwrap();
    assert!(notice.contains("newer tictaclatin"), "{notice}");
    assert!(notice.contains("left as it is"), "{notice}");
    assert_eq!(fs::read_to_string(store.game_path("latin")).unwrap(), newer);
    assert!(!dir.path().join("saved-game.toml.bak").exists());
}

#[test]
fn no_save_writes_nothing_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let read_only = Store::new(dir.path().join("data"), false);
    read_only.save_stats(&some_stats()).unwrap();
    read_only.save_game(&some_game()).unwrap();
    read_only
        .count(&Counted::Game(two_people(), Outcome::Draw))
        .unwrap();
    assert!(!dir.path().join("data").exists());

    // A damaged file is reported but left where it is.
    let writable = store(dir.path());
    fs::write(writable.stats_path(), "not toml at all {").unwrap();
    let read_only = Store::new(dir.path().to_path_buf(), false);
    let loaded = read_only.load_stats();
    assert!(loaded.notice.unwrap().contains("saving is off"));
    assert!(read_only.stats_path().exists());
    assert!(!dir.path().join("stats.toml.bak").exists());
    read_only.clear_game("latin").unwrap();
}

fn stats_command(data: &Path, home: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .arg("stats")
        .env_clear()
        .env("HOME", home)
        .env("TICTACLATIN_DATA_DIR", data)
        .output()
        .unwrap()
}

#[test]
fn stats_command_prints_the_record_as_a_table() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");

    let out = stats_command(&data, home.path());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("No games recorded yet.\n"), "{text}");

    store(&data).save_stats(&some_stats()).unwrap();
    store(&data).save_game(&some_game()).unwrap();
    let out = stats_command(&data, home.path());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..4],
        [
            "game       mode    level    games  won drawn   lost  streak  best",
            "latin      bot     perfect      4    0     3      1       2     2",
            "latin      bot     easy         1    1     0      0       1     1",
            "latin      humans  -            1    0     0      1       0     0",
        ]
    );
    assert!(
        text.contains("An unfinished game of Tic-Tac-Latin (bot, 3 moves)"),
        "{text}"
    );
    assert!(
        text.contains(&format!("Data: {}", data.display())),
        "{text}"
    );

    // Puzzles tried get a table of their own: one solved then one failed.
    for (number, solved) in [(7, true), (8, false)] {
        let puzzle = Counted::Puzzle {
            game: "qubic".into(),
            number,
            first: 1500.0,
            solved,
        };
        store(&data).count(&puzzle).unwrap();
    }
    let text = String::from_utf8(stats_command(&data, home.path()).stdout).unwrap();
    let puzzles: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("puzzles"))
        .collect();
    assert_eq!(
        puzzles[0], "puzzles    rating solved failed streak best",
        "{text}"
    );
    let row: Vec<&str> = puzzles[1].split_whitespace().collect();
    assert_eq!(
        (row[0], &row[2..]),
        ("qubic", &["1", "1", "0", "1"][..]),
        "{text}"
    );
}

#[test]
fn stats_command_reports_a_damaged_file_without_touching_it() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    fs::create_dir_all(&data).unwrap();
    fs::write(data.join("stats.toml"), "garbage [").unwrap();
    let out = stats_command(&data, home.path());
    assert_eq!(out.status.code(), Some(1), "a script must notice");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("damaged"), "{stderr}");
    assert!(data.join("stats.toml").exists());
    assert!(!data.join("stats.toml.bak").exists());
}

/// `stats` only reads, so it must not blame `--no-save` (which the user never gave): it says
/// each file was left as it is, and what the game will do with it.
#[test]
fn stats_command_says_what_the_game_will_do_with_an_unusable_file() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    fs::create_dir_all(&data).unwrap();
    // A record from a newer version loads (what it adds is kept); an unfinished game from
    // one cannot be played here, and stays for that version.
    fs::write(
        data.join("saved-game.toml"),
        format!("version = {}\n", VERSION + 1),
    )
    .unwrap();
    fs::write(data.join("stats.toml"), "records = [").unwrap();
    let out = stats_command(&data, home.path());
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("saving is off"), "{stderr}");
    assert!(
        stderr.contains("written by a newer tictaclatin"),
        "{stderr}"
    );
    assert!(stderr.contains("left as it is"), "{stderr}");
    let bak = data.join("saved-game.toml.bak");
    assert!(!stderr.contains("saved-game.toml.bak"), "{stderr}");
    // The damaged record is the one the game will move aside.
    assert!(
        stderr.contains(&format!(
            "move it aside to {}",
            data.join("stats.toml.bak").display()
        )),
        "{stderr}"
    );
    // The record is reported the same way, not silently skipped.
    assert!(stderr.contains("stats.toml: it is damaged"), "{stderr}");
    // No "No games recorded yet": the record is unreadable, not empty.
    assert!(!String::from_utf8_lossy(&out.stdout).contains("No games"));
    assert!(data.join("saved-game.toml").exists() && !bak.exists());
}

/// A newer build's game this build does not know keeps its file: it is never read, moved or
/// deleted, while the known games' files are used as usual.
#[test]
fn a_saved_game_of_an_unknown_game_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let unknown = dir.path().join("saved-game-chess.toml");
    let text = "version = 2\ngame = \"chess\"\nmode = \"bot\"\nmoves = [\"e4\"]\n";
    fs::write(&unknown, text).unwrap();
    store.save_game(&some_game()).unwrap();
    let loaded = store.load_games();
    assert!(loaded.iter().all(|(_, l)| l.notice.is_none()));
    let games: Vec<&str> = loaded
        .iter()
        .filter(|(_, l)| l.value.is_some())
        .map(|(key, _)| key.as_str())
        .collect();
    assert_eq!(games, ["latin"]);
    store.clear_game("latin").unwrap();
    assert_eq!(
        fs::read_to_string(&unknown).unwrap(),
        text,
        "kept as it was"
    );
}

/// A Tic-Tac-Latin game saved by the build before games were named (format 1, no `game`)
/// resumes as Tic-Tac-Latin.
#[test]
fn a_game_saved_before_games_were_named_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(dir.path());
    let old = "version = 1\nmode = \"bot\"\nhuman = \"first\"\ndifficulty = \"hard\"\n\
               moves = [\"b2\", \"c3\"]\n";
    fs::write(store.game_path("latin"), old).unwrap();
    let loaded = store.load_game("latin");
    assert_eq!(loaded.notice, None);
    let game = loaded.value.expect("resumable");
    assert_eq!(game.game, "latin");
    assert_eq!(game.moves.len(), 2);
}

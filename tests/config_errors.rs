//! Every kind of bad config file gets an error naming the file, line, column and key, what
//! was expected and how to fix it; through the binary, `config check` exits 2.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use tictaclatin::config::{self, ConfigError, ErrorKind};
use tictaclatin::keys::KeyNameError;
use tictaclatin::symbols::SymbolError;

/// Writes `text` to a config file in a fresh temporary directory and reads it.
fn read(text: &str) -> (ConfigError, PathBuf, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, text).unwrap();
    let err = config::read_file(&path, true).expect_err("the file is bad");
    (err, path, dir)
}

/// The error is at `line:col`, about `key`, and its message says where in words too.
fn assert_located(err: &ConfigError, path: &Path, line: usize, col: usize, key: Option<&str>) {
    assert_eq!(err.position, Some((line, col)), "{err}");
    assert_eq!(err.key.as_deref(), key, "{err}");
    let shown = err.to_string();
    assert!(shown.starts_with(&path.display().to_string()), "{shown}");
    assert!(
        shown.contains(&format!("line {line}, column {col}")),
        "{shown}"
    );
    if let Some(key) = key {
        assert!(shown.contains(&format!("`{key}`")), "{shown}");
    }
    assert!(shown.contains("\n  fix: "), "{shown}");
}

#[test]
fn invalid_toml() {
    let (err, path, _dir) = read("[symbols]\nfirst = X\n");
    assert_eq!(err.kind, ErrorKind::Syntax);
    assert_located(&err, &path, 2, 9, None);
    assert!(err.problem.contains("not valid TOML"), "{err}");
    assert!(err.fix.contains("double quotes"), "{err}");
}

/// A game that cannot be made is located at the value that is wrong: the size out of
/// range, the line length that does not fit the size (not the `kind` line above them).
#[test]
fn a_game_that_cannot_be_made_is_located_at_the_wrong_value() {
    let (err, path, _dir) = read("[game]\nkind = \"classic\"\nsize = 9\n");
    assert_eq!(err.kind, ErrorKind::BadValue);
    assert_located(&err, &path, 3, 8, Some("game.size"));
    assert_eq!(err.fix, "use a size from 3 to 7");
    let (err, path, _dir) = read("[game]\nkind = \"classic\"\nsize = 4\nin_a_row = 5\n");
    assert_located(&err, &path, 4, 12, Some("game.in_a_row"));
    assert!(err.fix.starts_with("use an in_a_row from 3 to 4"), "{err}");
}

#[test]
fn wrong_type() {
    let (err, path, _dir) = read("[game]\nhints = 1\nbot_delay_ms = 10\n");
    assert_eq!(err.kind, ErrorKind::WrongType);
    assert_located(&err, &path, 2, 9, Some("game.hints"));
    assert!(
        err.problem
            .contains("expected true, false or \"auto\", found an integer"),
        "{err}"
    );

    let (err, path, _dir) = read("[symbols]\nfirst = 7\n");
    assert_eq!(err.kind, ErrorKind::WrongType);
    assert_located(&err, &path, 2, 9, Some("symbols.first"));
    assert!(err.problem.contains("found an integer"), "{err}");

    let (err, _, _dir) = read("symbols = \"X\"\n");
    assert_eq!(err.kind, ErrorKind::WrongType);
    assert!(err.problem.contains("expected a table"), "{err}");
}

#[test]
fn unknown_key_with_a_suggestion_for_a_typo() {
    let (err, path, _dir) = read("[symbols]\nfirst = \"A\"\nsecnod = \"B\"\n");
    assert_eq!(err.kind, ErrorKind::UnknownKey);
    assert_located(&err, &path, 3, 1, Some("symbols.secnod"));
    assert!(err.fix.contains("did you mean `second`?"), "{err}");

    let (err, path, _dir) = read("\n[colours]\nfirst = \"red\"\n");
    assert_eq!(err.kind, ErrorKind::UnknownKey);
    assert_located(&err, &path, 2, 2, Some("colours"));
    assert!(err.fix.contains("did you mean `colors`?"), "{err}");

    // No suggestion for something nothing like a key: the list of keys instead.
    let (err, _, _dir) = read("[game]\nbanana = 1\n");
    assert!(
        err.fix
            .contains("mode, first, difficulty, hints, bot_delay_ms"),
        "{err}"
    );
}

#[test]
fn a_string_other_than_auto_for_hints_is_quoted_back() {
    // "auto" is a string too, so "found a string" would not say what is wrong.
    let (err, path, _dir) = read("[game]\nhints = \"yes\"\n");
    assert_eq!(err.kind, ErrorKind::BadValue);
    assert_located(&err, &path, 2, 9, Some("game.hints"));
    assert_eq!(
        err.problem,
        "expected true, false or \"auto\", found \"yes\""
    );
    assert!(err.fix.contains("hints = true"), "{err}");
}

#[test]
fn an_action_with_no_key() {
    let (err, path, _dir) = read("[keys]\nundo = \"z\"\nquit = []\n");
    assert_eq!(err.kind, ErrorKind::NoKey);
    assert_located(&err, &path, 3, 8, Some("keys.quit"));
    assert!(
        err.problem.contains("every action needs at least one key"),
        "{err}"
    );
    assert!(err.fix.contains("quit = [\"q\"]"), "{err}");
}

#[test]
fn position_characters_as_symbols() {
    // `-` and `.` are empty cells and `/` separates rows in the position text.
    for (c, col) in [("-", 9), (".", 9), ("/", 9)] {
        let (err, path, _dir) = read(&format!("[symbols]\nfirst = \"{c}\"\n"));
        let c = c.chars().next().unwrap();
        assert_eq!(err.kind, ErrorKind::Symbol(SymbolError::PositionChar(c)));
        assert_located(&err, &path, 2, col, Some("symbols.first"));
        assert!(err.fix.contains("other than -, . and /"), "{err}");
    }
}

#[test]
fn hint_characters_as_symbols() {
    // Hints write W3, D and L2 on empty cells: a stone like them would read as a hint.
    for (c, col) in [("D", 10), ("l", 10), ("w", 10)] {
        let (err, path, _dir) = read(&format!("[symbols]\nsecond = \"{c}\"\n"));
        let c = c.chars().next().unwrap();
        assert_eq!(err.kind, ErrorKind::Symbol(SymbolError::HintChar(c)));
        assert_located(&err, &path, 2, col, Some("symbols.second"));
        assert!(err.problem.contains("read as a hint"), "{err}");
        assert!(err.fix.contains("other than W, D, L"), "{err}");
    }
}

/// The bot's time per move was `movetime_ms`, too near the people's clock: the old key
/// names the new one, which sets the same milliseconds.
#[test]
fn the_old_name_of_the_bots_time_names_the_new_one() {
    let (err, path, _dir) = read("[game]\nmovetime_ms = 500\n");
    assert_eq!(err.kind, ErrorKind::UnknownKey);
    assert_located(&err, &path, 2, 1, Some("game.movetime_ms"));
    assert!(
        err.problem
            .contains("`movetime_ms` in [game] is now called `bot_time_ms`"),
        "{err}"
    );
    assert!(err.fix.contains("rename it: `bot_time_ms = 1000`"), "{err}");

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config.toml");
    fs::write(&file, "[game]\nbot_time_ms = 500\n").unwrap();
    let settings = config::read_file(&file, true).unwrap().unwrap();
    assert_eq!(settings.movetime, std::time::Duration::from_millis(500));
}

#[test]
fn what_the_board_draws_as_symbols() {
    // A rank the hints give, the cursor's bracket, the last move's dot, a line of the grid.
    for c in ["2", "·", "[", "•", "┼"] {
        let (err, path, _dir) = read(&format!("[symbols]\nfirst = \"{c}\"\n"));
        let c = c.chars().next().unwrap();
        assert_eq!(err.kind, ErrorKind::Symbol(SymbolError::BoardMark(c)));
        assert_located(&err, &path, 2, 9, Some("symbols.first"));
        assert!(err.problem.contains("the board draws it"), "{err}");
        assert!(err.fix.contains("the board does not draw"), "{err}");
    }
}

#[test]
fn emoji_sequences_as_symbols() {
    // A family joined with U+200D, a flag, a skin tone, a heart made emoji by U+FE0F.
    for (text, code_points) in [
        ("👨\u{200D}👩\u{200D}👧", 5),
        ("🇫🇷", 2),
        ("👍🏽", 2),
        ("❤\u{FE0F}", 2),
    ] {
        let (err, path, _dir) = read(&format!("[symbols]\nsecond = \"{text}\"\n"));
        let expected = SymbolError::Sequence { code_points };
        assert_eq!(err.kind, ErrorKind::Symbol(expected), "{text}");
        assert_located(&err, &path, 2, 10, Some("symbols.second"));
        assert!(err.problem.contains("different widths"), "{err}");
        assert!(err.fix.contains("single-code-point symbol like"), "{err}");
    }
    // An accented letter (e + U+0301) stays one column and is accepted.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, "[symbols]\nfirst = \"e\u{301}\"\n").unwrap();
    assert!(config::read_file(&path, true).is_ok());
}

#[test]
fn a_comma_as_a_symbol() {
    let (err, path, _dir) = read("[symbols]\nfirst = \",\"\n");
    assert_eq!(err.kind, ErrorKind::Symbol(SymbolError::Comma));
    assert_located(&err, &path, 2, 9, Some("symbols.first"));
    assert!(err.problem.contains("--symbols"), "{err}");
}

#[test]
fn the_other_sides_letter_as_a_symbol() {
    // The error points at the side that took the wrong letter, wherever it is written.
    let (err, path, _dir) = read("[symbols]\nfirst = \"o\"\nsecond = \"🐙\"\n");
    assert_eq!(err.kind, ErrorKind::SameSymbol);
    assert_located(&err, &path, 2, 9, Some("symbols.first"));
    assert!(err.problem.contains("read backwards"), "{err}");
    assert!(err.fix.contains("keep X for the first side"), "{err}");

    let (err, path, _dir) = read("[symbols]\nfirst = \"🦀\"\nsecond = \"X\"\n");
    assert!(err.problem.contains("second side cannot use 'X'"), "{err}");
    assert_located(&err, &path, 3, 10, Some("symbols.second"));
}

#[test]
fn one_letter_in_two_cases_for_the_two_sides() {
    let (err, path, _dir) = read("[symbols]\nfirst = \"o\"\nsecond = \"O\"\n");
    assert_eq!(err.kind, ErrorKind::SameSymbol);
    assert_located(&err, &path, 3, 10, Some("symbols.second"));
    assert!(err.problem.contains("differ only in case"), "{err}");
}

#[test]
fn empty_symbol() {
    let (err, path, _dir) = read("[symbols]\nfirst = \"\"\n");
    assert_eq!(err.kind, ErrorKind::Symbol(SymbolError::Empty));
    assert_located(&err, &path, 2, 9, Some("symbols.first"));
    assert!(err.problem.contains("empty"), "{err}");
}

#[test]
fn symbol_of_more_than_one_character() {
    let (err, path, _dir) = read("[symbols]\nsecond = \"OO\"\n");
    assert_eq!(
        err.kind,
        ErrorKind::Symbol(SymbolError::TooMany { count: 2 })
    );
    assert_located(&err, &path, 2, 10, Some("symbols.second"));
    assert!(err.problem.contains("2 characters"), "{err}");
    assert!(
        err.fix.contains("exactly one visible character or emoji"),
        "{err}"
    );
}

#[test]
fn whitespace_symbol() {
    let (err, path, _dir) = read("[symbols]\nfirst = \" \"\n");
    assert_eq!(err.kind, ErrorKind::Symbol(SymbolError::Whitespace));
    assert_located(&err, &path, 2, 9, Some("symbols.first"));
}

#[test]
fn control_character_symbol() {
    let (err, path, _dir) = read("[symbols]\nfirst = \"\\u0007\"\n");
    assert_eq!(err.kind, ErrorKind::Symbol(SymbolError::Control));
    assert_located(&err, &path, 2, 9, Some("symbols.first"));
    // The invisible character is shown escaped, not printed raw to the terminal.
    assert!(err.problem.contains("\\u{7}"), "{err}");
}

#[test]
fn both_sides_the_same_symbol() {
    let (err, path, _dir) = read("[symbols]\nfirst = \"🦀\"\nsecond = \"🦀\"\n");
    assert_eq!(err.kind, ErrorKind::SameSymbol);
    assert_located(&err, &path, 3, 10, Some("symbols.second"));

    // Setting one side to the other side's default clashes too.
    let (err, path, _dir) = read("[symbols]\nfirst = \"O\"\n");
    assert_eq!(err.kind, ErrorKind::SameSymbol);
    assert_located(&err, &path, 2, 9, Some("symbols.first"));
}

#[test]
fn unknown_colour_name() {
    let (err, path, _dir) = read("[colors]\nhighlight = \"yelow\"\n");
    assert_eq!(err.kind, ErrorKind::UnknownColor);
    assert_located(&err, &path, 2, 13, Some("colors.highlight"));
    assert!(err.fix.contains("did you mean \"yellow\"?"), "{err}");
    assert!(err.fix.contains("#ff8800"), "{err}");
}

#[test]
fn unknown_key_name() {
    let (err, path, _dir) = read("[keys]\nundo = [\"u\", \"ctrl-zz\"]\n");
    assert_eq!(
        err.kind,
        ErrorKind::KeyName(KeyNameError::Unknown("ctrl-zz".into()))
    );
    assert_located(&err, &path, 2, 14, Some("keys.undo"));
    assert!(err.fix.contains("shift-tab"), "{err}");
}

#[test]
fn reserved_keys_cannot_be_bound() {
    let (err, _, _dir) = read("[keys]\nnew = \"ctrl-c\"\n");
    assert_eq!(err.kind, ErrorKind::KeyName(KeyNameError::CtrlC));
    let (err, _, _dir) = read("[keys]\nnew = \"2\"\n");
    assert_eq!(err.kind, ErrorKind::KeyName(KeyNameError::CellName('2')));
    let (err, _, _dir) = read("[keys]\nundo = \"a\"\n");
    assert_eq!(err.kind, ErrorKind::KeyName(KeyNameError::CellName('a')));
}

/// Ctrl-M, Ctrl-I, Ctrl-[ and Ctrl-H reach the game as Enter, Tab, Esc and Backspace.
#[test]
fn ctrl_keys_that_arrive_as_another_key_are_refused() {
    for (name, twin) in [
        ("ctrl-m", "enter"),
        ("ctrl-i", "tab"),
        ("ctrl-[", "esc"),
        ("ctrl-h", "backspace"),
    ] {
        let (err, path, _dir) = read(&format!("[keys]\nnew = [\"{name}\"]\n"));
        let expected = KeyNameError::Twin {
            name: name.into(),
            twin,
        };
        assert_eq!(err.kind, ErrorKind::KeyName(expected));
        assert_located(&err, &path, 2, 8, Some("keys.new"));
        assert!(err.problem.contains("can never fire"), "{err}");
        assert!(err.problem.contains(&format!("bind \"{twin}\"")), "{err}");
    }
}

#[test]
fn same_key_bound_to_two_actions() {
    // `t` is the hints key by default; binding it to undo as well clashes.
    let (err, path, _dir) = read("[keys]\nundo = [\"z\", \"t\"]\n");
    assert_eq!(err.kind, ErrorKind::KeyBoundTwice);
    assert_located(&err, &path, 2, 14, Some("keys.undo"));
    assert!(
        err.problem
            .contains("\"t\" is bound to both `undo` and `hints`"),
        "{err}"
    );

    // Both written in the file: pointed at the later one.
    let (err, path, _dir) = read("[keys]\nnew = \"x\"\nredo = \"x\"\n");
    assert_eq!(err.kind, ErrorKind::KeyBoundTwice);
    assert_located(&err, &path, 3, 8, Some("keys.redo"));

    // Moving `t` off hints at the same time is fine.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ok.toml");
    fs::write(&path, "[keys]\nundo = [\"z\", \"t\"]\nhints = \"x\"\n").unwrap();
    assert!(config::read_file(&path, true).is_ok());
}

#[test]
fn unreadable_file() {
    // A directory where the file should be cannot be read, even by root.
    let dir = tempfile::tempdir().unwrap();
    let err = config::read_file(dir.path(), true).unwrap_err();
    assert_eq!(err.kind, ErrorKind::Unreadable);
    assert!(
        err.to_string().contains("cannot read the config file"),
        "{err}"
    );
    assert!(
        err.to_string()
            .starts_with(&dir.path().display().to_string()),
        "{err}"
    );

    let path = dir.path().join("latin1.toml");
    fs::write(&path, b"[names]\nyou = \"Jos\xe9\"\n").unwrap();
    let err = config::read_file(&path, true).unwrap_err();
    assert_eq!(err.kind, ErrorKind::Unreadable);
    assert_eq!(err.position, Some((2, 11)));
}

#[test]
fn missing_file_named_explicitly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nope.toml");
    let err = config::read_file(&path, true).unwrap_err();
    assert_eq!(err.kind, ErrorKind::Missing);
    // The default file missing is no error: the defaults apply.
    assert_eq!(config::read_file(&path, false), Ok(None));
}

#[test]
fn config_check_exits_2_and_says_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    fs::write(&path, "[game]\ndificulty = \"easy\"\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .args(["config", "check"])
        .arg(&path)
        .env("HOME", dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("bad.toml:2:1 (line 2, column 1)"),
        "{stderr}"
    );
    assert!(stderr.contains("did you mean `difficulty`?"), "{stderr}");
}

/// The game itself, bare or as `play`, with flags: a broken file stops it with exit status 2
/// and a located message, and nothing reaches stdout (no escape codes: the terminal is
/// never touched).
#[test]
fn the_game_refuses_a_broken_config_before_opening_the_screen() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("[symbols]\nfirst = \"\"\n", "bad.toml:2:9"),
        ("[symbols]\nfirst = \"O\"\n", "bad.toml:2:"),
        ("[keys]\nundo = \"h\"\n", "bad.toml:2:"),
        ("color = \"yes\"\n", "bad.toml:1:"),
    ];
    for (text, located) in cases {
        let path = dir.path().join("bad.toml");
        fs::write(&path, text).unwrap();
        for args in [
            vec![],
            vec!["play", "--difficulty", "easy"],
            vec!["--mode", "demo"],
        ] {
            let out = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
                .args(&args)
                .arg("--config")
                .arg(&path)
                .env("HOME", dir.path())
                .env("TICTACLATIN_DATA_DIR", dir.path().join("data"))
                .output()
                .unwrap();
            let stderr = String::from_utf8(out.stderr).unwrap();
            assert_eq!(out.status.code(), Some(2), "{args:?} {text:?}: {stderr}");
            assert!(out.stdout.is_empty(), "{args:?}: stdout untouched");
            assert!(stderr.contains(located), "{text:?}: {stderr}");
            assert!(stderr.contains("fix:"), "{text:?}: {stderr}");
        }
    }
}

#[test]
fn a_bad_bot_delay_in_the_environment_is_refused_too() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
        .env("HOME", dir.path())
        .env("TICTACLATIN_BOT_DELAY_MS", "soon")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("TICTACLATIN_BOT_DELAY_MS"), "{stderr}");
}

/// The flag and the environment variable take the file's 0-10000 ms too, with a message that
/// says so; a delay of years would leave "Bot is thinking…" on screen forever.
#[test]
fn the_bot_delay_is_limited_on_the_command_line_and_in_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], env: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tictaclatin"));
        command
            .args(args)
            .env("HOME", dir.path())
            .env("XDG_CONFIG_HOME", dir.path().join(".config"))
            .env_remove("TICTACLATIN_CONFIG")
            .env_remove("TICTACLATIN_BOT_DELAY_MS")
            .env("TICTACLATIN_DATA_DIR", dir.path().join("data"));
        if let Some(value) = env {
            command.env("TICTACLATIN_BOT_DELAY_MS", value);
        }
        let out = command.output().unwrap();
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    for args in [
        &["play", "--bot-delay", "18446744073709551615"][..],
        &["--bot-delay", "10001"],
        &["config", "show", "--bot-delay=-1"],
    ] {
        let (code, stderr) = run(args, None);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("a whole number of milliseconds from 0 to 10000"),
            "{args:?}: {stderr}"
        );
    }
    let (code, stderr) = run(&[], Some("18446744073709551615"));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("TICTACLATIN_BOT_DELAY_MS"), "{stderr}");
    assert!(stderr.contains("from 0 to 10000"), "{stderr}");
    // The top of the range is fine.
    let (code, stderr) = run(&["config", "show", "--bot-delay", "10000"], None);
    assert_eq!(code, Some(0), "{stderr}");
}

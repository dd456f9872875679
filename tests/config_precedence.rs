//! Settings layer as built-in defaults < config file < environment < flags, and the config
//! commands find, create and show the file. Nothing here reads or changes the real home
//! directory or this process's environment: the environment is passed in as a value, and the
//! binary runs with HOME and the XDG directories pointed at a temporary directory.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use tictaclatin::config::{self, Env, First, GameSettings, Layer, Mode, Settings};
use tictaclatin::core::Difficulty;
use tictaclatin::core::Side;

const FILE: &str = r#"
color = true
[symbols]
first = "🦀"
[game]
mode = "humans"
first = "bot"
difficulty = "easy"
"#;

fn symbols(settings: &Settings) -> (String, String) {
    let s = &settings.symbols;
    (
        s.get(Side::First).to_string(),
        s.get(Side::Second).to_string(),
    )
}

#[test]
fn each_layer_overrides_the_one_below() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, FILE).unwrap();
    let default = Some(path.clone());

    // Defaults alone: no file at the default place.
    let none = config::load(&[], &Env::default(), Some(dir.path().join("x"))).unwrap();
    assert!(!none.file_read);
    assert_eq!(none.settings, Settings::default());

    // The file over the defaults; keys it leaves out keep their defaults.
    let file = config::load(&[], &Env::default(), default.clone()).unwrap();
    assert!(file.file_read);
    let s = &file.settings;
    assert_eq!(symbols(s), ("🦀".into(), "O".into()));
    assert_eq!(
        (s.mode, s.first, s.difficulty),
        (Mode::TwoHumans, First::Bot, Difficulty::Easy)
    );
    assert!(s.color);
    assert_eq!(s.keys, Settings::default().keys);

    // The environment over the file.
    let env = Env::from_vars([
        ("NO_COLOR", "1"),
        ("TICTACLATIN_MODE", "demo"),
        ("TICTACLATIN_DIFFICULTY", "hard"),
        ("TICTACLATIN_SYMBOLS", "A,B"),
    ]);
    let s = config::load(&[], &env, default.clone()).unwrap().settings;
    assert_eq!(symbols(&s), ("A".into(), "B".into()));
    assert_eq!(
        (s.mode, s.first, s.difficulty),
        (Mode::Demo, First::Bot, Difficulty::Hard)
    );
    assert!(!s.color);

    // Flags over the environment.
    let flags = Layer {
        game: GameSettings {
            mode: Some(Mode::VsBot),
            first: Some(First::BotChooses),
            difficulty: Some(Difficulty::Medium),
            ..GameSettings::default()
        },
        symbols: Some("猫,🐙".parse().unwrap()),
        ..Layer::default()
    };
    let s = config::load(&[flags], &env, default).unwrap().settings;
    assert_eq!(symbols(&s), ("猫".into(), "🐙".into()));
    assert_eq!(
        (s.mode, s.first, s.difficulty),
        (Mode::VsBot, First::BotChooses, Difficulty::Medium)
    );
}

#[test]
fn the_file_flag_beats_the_environment_variable() {
    let dir = tempfile::tempdir().unwrap();
    let from_env = dir.path().join("env.toml");
    let from_flag = dir.path().join("flag.toml");
    fs::write(&from_env, "[game]\ndifficulty = \"easy\"\n").unwrap();
    fs::write(&from_flag, "[game]\ndifficulty = \"hard\"\n").unwrap();
    let env = Env::from_vars([("TICTACLATIN_CONFIG", from_env.to_str().unwrap())]);

    let by_env = config::load(&[], &env, None).unwrap();
    assert_eq!(by_env.settings.difficulty, Difficulty::Easy);
    let flags = Layer {
        config: Some(from_flag.clone()),
        ..Layer::default()
    };
    let by_flag = config::load(&[flags], &env, None).unwrap();
    assert_eq!(by_flag.settings.difficulty, Difficulty::Hard);
    assert_eq!(by_flag.location.unwrap().path, from_flag);
}

#[test]
fn a_crab_alone_is_a_complete_file() {
    let s = config::parse(
        "[symbols]\nfirst = \"🦀\"\n",
        config::Origin::Env("t".into()),
    )
    .unwrap();
    assert_eq!(symbols(&s), ("🦀".into(), "O".into()));
    assert_eq!(s.symbols.get(Side::First).width(), 2);
}

#[test]
fn a_bad_environment_value_names_the_variable() {
    let env = Env::from_vars([("TICTACLATIN_SYMBOLS", "XX,O")]);
    let err = config::load(&[], &env, None).unwrap_err();
    let shown = err.to_string();
    assert!(
        shown.starts_with("environment variable TICTACLATIN_SYMBOLS"),
        "{shown}"
    );
    assert!(shown.contains("2 characters"), "{shown}");
}

/// The binary with a clean environment whose home is `home`.
fn run(home: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tictaclatin"));
    command
        .args(args)
        .env_clear()
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"));
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn config_path_init_and_check_work_on_the_default_location() {
    let home = tempfile::tempdir().unwrap();
    let expected = home.path().join(".config/tictaclatin/config.toml");

    let out = run(home.path(), &["config", "path"], &[]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).trim(), expected.display().to_string());

    let out = run(home.path(), &["config", "check"], &[]);
    assert!(out.status.success());
    assert!(
        stdout(&out).starts_with("ok (there is no"),
        "{}",
        stdout(&out)
    );

    let out = run(home.path(), &["config", "init"], &[]);
    assert!(out.status.success());
    assert_eq!(fs::read_to_string(&expected).unwrap(), config::DEFAULT_FILE);

    // Never overwrites: a second init leaves the edited file alone and says so.
    fs::write(&expected, "[symbols]\nfirst = \"🦀\"\n").unwrap();
    let out = run(home.path(), &["config", "init"], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    assert_eq!(
        fs::read_to_string(&expected).unwrap(),
        "[symbols]\nfirst = \"🦀\"\n"
    );

    let out = run(home.path(), &["config", "check"], &[]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "ok\n");
}

#[test]
fn config_path_follows_the_environment_variable() {
    let home = tempfile::tempdir().unwrap();
    let elsewhere = home.path().join("elsewhere.toml");
    let elsewhere_text = elsewhere.to_str().unwrap();
    let out = run(
        home.path(),
        &["config", "path"],
        &[("TICTACLATIN_CONFIG", elsewhere_text)],
    );
    assert_eq!(stdout(&out).trim(), elsewhere_text);
}

#[test]
fn config_show_prints_the_layered_settings() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("c.toml");
    fs::write(&path, FILE).unwrap();
    let path_text = path.to_str().unwrap();
    let env = [
        ("TICTACLATIN_CONFIG", path_text),
        ("TICTACLATIN_DIFFICULTY", "hard"),
    ];

    let out = run(
        home.path(),
        &["config", "show", "--mode", "bot", "--no-save"],
        &env,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(
        text.contains(&format!("# config file: {path_text}\n")),
        "{text}"
    );
    assert!(text.contains("symbols.first     = \"🦀\"\n"), "{text}"); // the file
    assert!(text.contains("game.difficulty   = \"hard\"\n"), "{text}"); // the environment
    assert!(text.contains("game.mode         = \"bot\"\n"), "{text}"); // the flag
    assert!(text.contains("game.first        = \"bot\"\n"), "{text}"); // the file again
    assert!(text.contains("keys.quit         = [\"q\"]\n"), "{text}"); // a default
    assert!(text.contains("(saving off)"), "{text}");

    // A bad flag value is refused by the argument parser, exit 2.
    let out = run(home.path(), &["config", "show", "--symbols", "X,X"], &env);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("both sides use 'X'"));
}

/// `config show` prints what a config file would say: colour names in lowercase, hex as the
/// file writes it, every `=` in one column, and the whole output is a file `config check`
/// accepts and that reads back to the same settings.
#[test]
fn config_show_prints_a_config_file_that_reads_back_the_same() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("c.toml");
    let text = "[colors]\nfirst = \"LightRed\"\nsecond = \"#FF8800\"\nhighlight = \"12\"\n\
                [names]\nyou = \"Ada \\\"A\\\" L\"\n[game]\nhints = false\n\
                [keys]\ndifficulty = [\"X\", \"f2\"]\n";
    fs::write(&path, text).unwrap();
    let path_text = path.to_str().unwrap();
    let out = run(home.path(), &["config", "show", "--config", path_text], &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown = stdout(&out);
    assert!(
        shown.contains("colors.first      = \"lightred\"\n"),
        "{shown}"
    );
    assert!(
        shown.contains("colors.second     = \"#ff8800\"\n"),
        "{shown}"
    );
    assert!(shown.contains("colors.highlight  = \"12\"\n"), "{shown}");
    assert!(
        shown.contains("keys.difficulty   = [\"X\", \"f2\"]\n"),
        "{shown}"
    );
    assert!(shown.contains("game.hints        = false\n"), "{shown}");
    let columns: Vec<usize> = shown
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.find(" = ").expect("every setting line has ` = `"))
        .collect();
    assert_eq!(columns.len(), 40, "{shown}");
    assert!(columns.iter().all(|&c| c == columns[0]), "{shown}");

    let expected = config::read_file(&path, true).unwrap().unwrap();
    let again = config::parse(&shown, config::Origin::File("shown.toml".into())).unwrap();
    assert_eq!(again, expected);
}

/// `--config PATH` names the file for `config path`, `init` and `check` too, as it does for
/// the game, and beats TICTACLATIN_CONFIG.
#[test]
fn the_config_subcommands_take_the_config_flag() {
    let home = tempfile::tempdir().unwrap();
    let mine = home.path().join("sub/mine.toml");
    let mine_text = mine.to_str().unwrap();
    let env = [("TICTACLATIN_CONFIG", "/nowhere/else.toml")];

    let out = run(
        home.path(),
        &["config", "path", "--config", mine_text],
        &env,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout(&out).trim(), mine_text);

    let out = run(
        home.path(),
        &["config", "init", "--config", mine_text],
        &env,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(fs::read_to_string(&mine).unwrap(), config::DEFAULT_FILE);
    // A second init changes nothing and exits 1.
    fs::write(&mine, "[symbols]\nfirst = \"-\"\n").unwrap();
    let out = run(
        home.path(),
        &["config", "init", "--config", mine_text],
        &env,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        fs::read_to_string(&mine).unwrap(),
        "[symbols]\nfirst = \"-\"\n"
    );

    let out = run(
        home.path(),
        &["config", "check", "--config", mine_text],
        &env,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mine.toml:2:9"));

    // A path and --config at once is ambiguous: refused.
    let out = run(
        home.path(),
        &["config", "check", mine_text, "--config", mine_text],
        &env,
    );
    assert_eq!(out.status.code(), Some(2));
}

/// `--config` (and `--no-save`, `--no-color`) may stand before the subcommand, as an alias
/// would put them; a flag after the subcommand wins. Game settings before a command that
/// does not play are refused with where they belong.
#[test]
fn settings_flags_may_stand_before_the_subcommand() {
    let home = tempfile::tempdir().unwrap();
    let mine = home.path().join("mine.toml");
    fs::write(&mine, "[symbols]\nfirst = \"🦀\"\n").unwrap();
    let mine = mine.to_str().unwrap();
    let other = home.path().join("other.toml");
    let other = other.to_str().unwrap();

    let out = run(home.path(), &["--config", mine, "stats"], &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout(&out).contains("No games recorded yet"));

    let out = run(
        home.path(),
        &["--config", mine, "--no-save", "config", "show"],
        &[],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown = stdout(&out);
    assert!(shown.contains(&format!("# config file: {mine}")), "{shown}");
    assert!(shown.contains("(saving off)"), "{shown}");
    assert!(shown.contains("symbols.first     = \"🦀\""), "{shown}");

    let out = run(home.path(), &["--config", mine, "config", "path"], &[]);
    assert_eq!(stdout(&out).trim(), mine);
    let out = run(
        home.path(),
        &["--config", mine, "config", "path", "--config", other],
        &[],
    );
    assert_eq!(
        stdout(&out).trim(),
        other,
        "the flag nearer the command wins"
    );

    for args in [
        vec!["--mode", "bot", "stats"],
        vec!["--symbols", "A,B", "config", "path"],
    ] {
        let out = run(home.path(), &args, &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(&format!("{} ", args[0])), "{stderr}");
        assert!(stderr.contains("config show"), "{stderr}");
    }
    // A flag the command takes itself is pointed after that command, not after `play`.
    for (args, fix) in [
        (
            vec!["--size", "0", "move", "--game", "classic", "XXX"],
            "tictaclatin move --size",
        ),
        (
            vec!["--game", "qubic", "analyze", "0"],
            "tictaclatin analyze --game",
        ),
    ] {
        let out = run(home.path(), &args, &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(fix), "{stderr}");
        assert!(!stderr.contains("`play`"), "{stderr}");
    }
}

/// The environment is a layer of its own under every flag, wherever the flag stands, and
/// commands that do not play do not read it.
#[test]
fn the_environment_is_under_the_flags_before_and_after_the_subcommand() {
    let home = tempfile::tempdir().unwrap();
    let env = [
        ("TICTACLATIN_MODE", "demo"),
        ("TICTACLATIN_DIFFICULTY", "easy"),
    ];
    for args in [
        &["--mode", "bot", "config", "show", "--no-save"][..],
        &["config", "show", "--no-save", "--mode", "bot"],
    ] {
        let out = run(home.path(), args, &env);
        assert!(out.status.success(), "{args:?}");
        let shown = stdout(&out);
        assert!(
            shown.contains("game.mode         = \"bot\"\n"),
            "{args:?}: {shown}"
        );
        assert!(shown.contains("game.difficulty   = \"easy\"\n"), "{shown}");
    }
    let out = run(home.path(), &["stats"], &env);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(home.path(), &["stats"], &[("TICTACLATIN_MODE", "nonsense")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `--help` says what `config init` does over an existing file and what the game's exit
/// statuses are.
#[test]
fn help_gives_the_exit_statuses() {
    let home = tempfile::tempdir().unwrap();
    let init = stdout(&run(home.path(), &["config", "init", "--help"], &[]));
    assert!(
        init.contains("nothing changes and the exit status is 1"),
        "{init}"
    );
    for args in [&["play", "--help"][..], &["--help"]] {
        let help = stdout(&run(home.path(), args, &[]));
        assert!(help.contains("0 after quitting with q or Ctrl-C"), "{help}");
        assert!(help.contains("128 + the signal's number"), "{help}");
    }
}

/// `config init` where the config directory is a file says which file is in the way and
/// what to do, instead of "File exists (os error 17)"; nothing is changed.
#[test]
fn config_init_names_a_file_where_the_directory_should_be() {
    let home = tempfile::tempdir().unwrap();
    let config_dir = home.path().join(".config/tictaclatin");
    fs::create_dir_all(config_dir.parent().unwrap()).unwrap();
    fs::write(&config_dir, "I am a file").unwrap();
    let out = run(home.path(), &["config", "init"], &[]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    let expected = format!(
        "{} is a file, where a directory should be; move or rename that file, or choose \
         another place with --config PATH",
        config_dir.display()
    );
    assert!(err.contains(&expected), "{err}");
    assert!(!err.contains("os error"), "{err}");
    assert_eq!(fs::read_to_string(&config_dir).unwrap(), "I am a file");
    // A file further up is named the same way.
    let deep = home.path().join(".config/tictaclatin/sub/config.toml");
    let out = run(
        home.path(),
        &["config", "init", "--config", deep.to_str().unwrap()],
        &[],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(&expected),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A file where the default config folder would be means there is no config file: the
/// settings are the defaults (the game starts); a `--config` path through that file says so.
#[test]
fn a_file_where_the_config_folder_would_be_is_no_config_file() {
    let home = tempfile::tempdir().unwrap();
    let config_dir = home.path().join(".config/tictaclatin");
    fs::create_dir_all(config_dir.parent().unwrap()).unwrap();
    fs::write(&config_dir, "I am a file").unwrap();
    let out = run(home.path(), &["config", "show"], &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout(&out).contains("(not there: defaults)"),
        "{}",
        stdout(&out)
    );
    let named = config_dir.join("mine.toml");
    let out = run(
        home.path(),
        &["config", "show", "--config", named.to_str().unwrap()],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a folder on its path is a file"), "{err}");
    assert_eq!(fs::read_to_string(&config_dir).unwrap(), "I am a file");
}

//! What a package installs beside the binary, made by the binary itself: the shells'
//! completions and the manual page, from the same definitions as `--help`.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{stderr, stdout, tictaclatin};

/// The old spellings that still work but are not offered anywhere.
const HIDDEN: [&str; 2] = ["movetime", "move-time"];

/// The commands `help_args`' help lists (not `help` itself).
fn commands(help_args: &[&str]) -> Vec<String> {
    let help = stdout(&tictaclatin(help_args));
    let section = help.split("Commands:\n").nth(1).unwrap_or_default();
    let section = section.split("\n\n").next().unwrap();
    let names = section
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "));
    let names = names.filter_map(|line| line.split_whitespace().next());
    names
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

#[test]
fn the_bash_completion_is_valid_bash_and_offers_no_hidden_alias() {
    let out = tictaclatin(&["completions", "bash"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let script = stdout(&out);
    let mut bash = Command::new("bash")
        .arg("-n")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash runs");
    bash.stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let checked = bash.wait_with_output().unwrap();
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    for command in commands(&["--help"]) {
        assert!(
            script.contains(&format!("tictaclatin__subcmd__{command}")),
            "{command}"
        );
    }
    for shell in ["bash", "zsh", "fish"] {
        let out = tictaclatin(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(
            script.contains("bot-time") && script.contains("clock"),
            "{shell}"
        );
        for old in HIDDEN {
            assert!(!script.contains(old), "{shell} offers --{old}");
        }
    }
}

#[test]
fn the_manual_page_lists_every_command_and_no_hidden_alias() {
    let out = tictaclatin(&["man"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(
        page.starts_with(".ie") || page.contains(".TH tictaclatin"),
        "{page}"
    );
    let listed = commands(&["--help"]);
    assert!(
        listed.len() > 10 && listed.iter().any(|c| c == "man"),
        "{listed:?}"
    );
    for command in &listed {
        assert!(
            page.contains(&format!("tictaclatin\\-{command}(1)")),
            "{command}"
        );
        // Each command's own page, and a command's commands on it (`book verify`).
        let out = tictaclatin(&["man", command]);
        assert!(out.status.success(), "{command}: {}", stderr(&out));
        let sub_page = stdout(&out);
        assert!(
            sub_page.contains(&format!(".TH tictaclatin-{command} ")),
            "{sub_page}"
        );
        for sub in commands(&[command, "--help"]) {
            assert!(
                sub_page.contains(&format!("tictaclatin\\-{command}\\-{sub}(1)")),
                "{sub}"
            );
        }
        for old in HIDDEN {
            assert!(!sub_page.contains(old), "man {command} shows --{old}");
        }
    }
    let unknown = tictaclatin(&["man", "book", "nope"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("no command `nope` in `tictaclatin book`"));
}

/// The binary carries its books: `book verify` without a file, run where no checkout is,
/// verifies the shipped ones, with the same report as for the files in `assets/`.
#[test]
fn the_shipped_books_are_inside_the_binary() {
    let elsewhere = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tictaclatin"))
            .args(args)
            .current_dir(elsewhere.path())
            .env("TICTACLATIN_DATA_DIR", "/nonexistent/never-written")
            .env("TICTACLATIN_CONFIG", "/nonexistent/config.toml")
            .output()
            .expect("the binary runs");
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        stdout(&out)
    };
    let assets = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    let first = run(&["book", "verify", &format!("{assets}/book-first.txt")]);
    let second = run(&["book", "verify", &format!("{assets}/book-second.txt")]);
    assert!(first.contains("first player's book"), "{first}");
    assert_eq!(run(&["book", "verify"]), format!("{first}{second}"));
    assert_eq!(run(&["book", "verify", "--side", "second"]), second);
    let classic: Vec<&str> = "book verify --game classic --size 4 --in-a-row 3"
        .split(' ')
        .collect();
    let example = format!("{assets}/classic/seed002-4x4-three.txt");
    let from_file = run(&[&classic[..], &[example.as_str()]].concat());
    // The same report but for the line numbers: the file has four lines of comments.
    let shipped = run(&classic);
    assert_eq!(
        shipped.lines().next(),
        from_file.lines().next(),
        "{shipped}"
    );
    assert_eq!(
        shipped.lines().count(),
        from_file.lines().count(),
        "{shipped}"
    );
}

//! Every `console` example of the README and of docs/ runs as shown. A block's `$` lines run
//! in one shell, in order (so a block may set a variable or write a file for the next line),
//! with the real binary on the PATH as `tictaclatin`; what each prints, stdout and stderr
//! together, must be the lines shown under it up to the next `$` line. `$ echo $?` shows the
//! exit status of the command before it. A line ending in `\` goes on on the next line.
//!
//! Each block runs in a fresh home, `<tmp>/home/ada`, which is also the working directory
//! (with the repository's `assets/` linked in), and keeps its data in the default place
//! under it; nothing of the machine's own settings or data leaks in. The temporary prefix is
//! taken out of the output, so a path prints as `/home/ada/...`, as the docs show it.
#![cfg(unix)]

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Stdio};

/// Ends each command's output in the shell's output.
const END: char = '\u{1e}';

struct Example {
    /// `file:line` of the `$` line.
    place: String,
    command: String,
    shown: String,
}

/// The examples of one `console` block, in order.
fn console_blocks(file: &str, text: &str) -> Vec<Vec<Example>> {
    let mut blocks = Vec::new();
    let mut block: Option<Vec<Example>> = None;
    let mut continued = false;
    for (number, line) in text.lines().enumerate() {
        let Some(examples) = block.as_mut() else {
            if line.trim_end() == "```console" {
                block = Some(Vec::new());
            }
            continue;
        };
        if line.starts_with("```") {
            blocks.extend(block.take());
        } else if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                place: format!("{file}:{}", number + 1),
                command: command.to_string(),
                shown: String::new(),
            });
            continued = command.ends_with('\\');
        } else {
            let example = examples
                .last_mut()
                .unwrap_or_else(|| panic!("{file}:{}: output before any `$` line", number + 1));
            if continued {
                example.command.push('\n');
                example.command.push_str(line);
                continued = line.ends_with('\\');
            } else {
                example.shown.push_str(line);
                example.shown.push('\n');
            }
        }
    }
    assert!(block.is_none(), "{file}: a console block is not closed");
    blocks
}

/// Runs a block's commands in one shell in a fresh home; each command's output (stdout and
/// stderr as they interleave), with the temporary prefix taken out of it.
fn run_block(examples: &[Example]) -> Vec<String> {
    let root = tempfile::tempdir().expect("a temporary directory");
    let root_path = root.path().canonicalize().unwrap();
    let home = root_path.join("home/ada");
    let bin = root_path.join("bin");
    fs::create_dir_all(&home).unwrap();
    fs::create_dir_all(&bin).unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    symlink(repo.join("assets"), home.join("assets")).unwrap();
    symlink(env!("CARGO_BIN_EXE_tictaclatin"), bin.join("tictaclatin")).unwrap();

    let mut script = String::from("exec 2>&1\n");
    for example in examples {
        script.push_str(&example.command);
        // The marker keeps the command's status for a `$ echo $?` after it.
        script.push_str("\ns=$?; printf '\\036'; (exit $s)\n");
    }
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let output = Command::new("sh")
        .arg("-c")
        .arg(script)
        .current_dir(&home)
        .env_clear()
        .env("PATH", path)
        .env("HOME", &home)
        .env(
            "TICTACLATIN_DATA_DIR",
            home.join(".local/share/tictaclatin"),
        )
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    let text = String::from_utf8_lossy(&output.stdout).replace(root_path.to_str().unwrap(), "");
    let mut outputs: Vec<String> = text.split(END).map(str::to_string).collect();
    // After the last marker: nothing.
    outputs.pop();
    outputs
}

#[test]
fn every_console_example_of_the_readme_and_the_docs_runs_as_shown() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec!["README.md".to_string()];
    let mut docs: Vec<String> = fs::read_dir(repo.join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    pages.extend(docs);

    let mut ran = 0;
    let mut wrong = Vec::new();
    for page in &pages {
        let text = fs::read_to_string(repo.join(page)).unwrap();
        for block in console_blocks(page, &text) {
            let outputs = run_block(&block);
            assert_eq!(
                outputs.len(),
                block.len(),
                "{}: the shell stopped",
                block[0].place
            );
            for (example, output) in block.iter().zip(&outputs) {
                ran += 1;
                if *output != example.shown {
                    wrong.push(format!(
                        "{}: $ {}\n--- shown:\n{}--- printed:\n{}",
                        example.place, example.command, example.shown, output
                    ));
                }
            }
        }
    }
    assert!(
        ran >= 30,
        "only {ran} examples found: are the console blocks still there?"
    );
    assert!(
        wrong.is_empty(),
        "{} of {ran} examples print something else:\n\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

//! `tictaclatin config path|init|check|show`: find, create and validate the config file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::Failure;
use super::settings_args::SettingsArgs;
use tictaclatin::config::{self, Action, Env, Location, Settings};
use tictaclatin::game::Side;

#[derive(Args, Debug)]
pub struct ConfigArgs {
    #[command(subcommand)]
    command: ConfigCommand,
}

#[derive(Subcommand, Debug)]
enum ConfigCommand {
    /// Print the path of the config file that is read (TICTACLATIN_CONFIG overrides it)
    Path,
    /// Write the commented default config file to that path (never overwrites a file)
    Init,
    /// Check a config file (by default the one `config path` prints): prints `ok` or what
    /// is wrong, with exit status 2
    Check {
        /// The file to check
        path: Option<PathBuf>,
    },
    /// Print the settings in effect: the config file, then the environment, then the flags
    Show(SettingsArgs),
}

pub fn run(args: ConfigArgs) -> Result<(), Failure> {
    match args.command {
        ConfigCommand::Path => {
            let location = location(None)?;
            println!("{}", location.path.display());
            Ok(())
        }
        ConfigCommand::Init => init(&location(None)?.path),
        ConfigCommand::Check { path } => check(&location(path.as_deref())?),
        ConfigCommand::Show(settings) => show(&settings),
    }
}

/// The file named by `path`, else by the environment, else the default one.
fn location(path: Option<&Path>) -> Result<Location, Failure> {
    config::locate(path, &Env::from_process(), config::default_path()).ok_or_else(|| {
        Failure::bad_input(format!(
            "cannot find a config directory (no home directory?); set {} to a file",
            config::CONFIG_VAR
        ))
    })
}

fn init(path: &Path) -> Result<(), Failure> {
    if path.exists() {
        return Err(Failure {
            message: format!(
                "{} already exists; left it unchanged (`tictaclatin config check` validates it)",
                path.display()
            ),
            code: 1,
        });
    }
    let fail = |e: std::io::Error| Failure {
        message: format!("could not write {}: {e}", path.display()),
        code: 1,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(fail)?;
    }
    // create_new refuses to replace a file that appeared since the check above.
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(fail)?;
    file.write_all(config::DEFAULT_FILE.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(fail)?;
    println!("wrote {}", path.display());
    Ok(())
}

fn check(location: &Location) -> Result<(), Failure> {
    let read = config::read_file(&location.path, location.explicit)
        .map_err(|e| Failure::bad_input(e.to_string()))?;
    match read {
        Some(_) => println!("ok"),
        None => println!(
            "ok (there is no {}, so the built-in defaults apply)",
            location.path.display()
        ),
    }
    Ok(())
}

fn show(args: &SettingsArgs) -> Result<(), Failure> {
    let loaded = args.load()?;
    match (&loaded.location, loaded.file_read) {
        (Some(location), true) => println!("config file: {}", location.path.display()),
        (Some(location), false) => {
            println!(
                "config file: {} (not there: defaults)",
                location.path.display()
            )
        }
        (None, _) => println!("config file: none (defaults)"),
    }
    print!("{}", describe(&loaded.settings));
    let store = args.store()?;
    let saving = if store.saves() { "on" } else { "off" };
    println!("data: {} (saving {saving})", store.dir().display());
    Ok(())
}

/// The settings, one per line, in the words of the config file.
fn describe(s: &Settings) -> String {
    let mut out = String::new();
    let mut line = |key: &str, value: String| out.push_str(&format!("{key:<13} {value}\n"));
    let (first, second) = (s.symbols.get(Side::First), s.symbols.get(Side::Second));
    line("symbols", format!("{first} {second}"));
    let n = &s.names;
    line(
        "names",
        format!(
            "first {:?}, second {:?}, you {:?}, bot {:?}",
            n.first, n.second, n.you, n.bot
        ),
    );
    let c = &s.colors;
    line(
        "colors",
        format!(
            "first {}, second {}, highlight {}, hint_win {}, hint_draw {}, hint_loss {}",
            c.first, c.second, c.highlight, c.hint_win, c.hint_draw, c.hint_loss
        ),
    );
    line("color", if s.color { "on" } else { "off" }.into());
    line("mode", s.mode.to_string());
    line("first", s.first.to_string());
    line("difficulty", s.difficulty.to_string());
    line("hints", format!("{:?}", s.hints).to_lowercase());
    line("bot_delay_ms", s.bot_delay.as_millis().to_string());
    for action in Action::ALL {
        let keys: Vec<String> = s
            .keys
            .keys_for(action)
            .iter()
            .map(|k| k.to_string())
            .collect();
        line(&format!("keys.{action}"), keys.join(" "));
    }
    out
}

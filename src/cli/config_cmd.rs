//! `tictaclatin config path|init|check|show`: find, create and validate the config file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::Failure;
use super::settings_args::SettingsArgs;
use tictaclatin::config::{self, Env, Hints, Location, Settings};
use tictaclatin::core::Side;
use tictaclatin::keys::Action;

/// `--config PATH` for the subcommands that only need to know which file.
#[derive(Args, Debug)]
pub(crate) struct ConfigFlag {
    /// Use this config file instead of the default one (also TICTACLATIN_CONFIG)
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub(crate) enum ConfigCommand {
    /// Print the path of the config file that is read: --config, else TICTACLATIN_CONFIG,
    /// else the default
    Path(ConfigFlag),
    /// Write the commented default config file to that path. An existing file is never
    /// overwritten: then nothing changes and the exit status is 1
    Init(ConfigFlag),
    /// Check a config file (by default the one `config path` prints): prints `ok` or what
    /// is wrong, with exit status 2
    Check {
        /// The file to check (the same as --config PATH)
        #[arg(conflicts_with = "config")]
        path: Option<PathBuf>,
        #[command(flatten)]
        flag: ConfigFlag,
    },
    /// Print the settings in effect (the config file, then the environment, then the flags)
    /// as config file lines
    Show(Box<SettingsArgs>),
}

/// `outer` holds the flags given before `config`: they count as if given after it, where
/// the flag after wins.
pub fn run(command: ConfigCommand, outer: &SettingsArgs) -> Result<(), Failure> {
    let file = |given: Option<PathBuf>| location(given.or(outer_file(outer)?).as_deref());
    match command {
        ConfigCommand::Path(flag) => {
            outln!("{}", file(flag.config)?.path.display());
            Ok(())
        }
        ConfigCommand::Init(flag) => init(&file(flag.config)?.path),
        ConfigCommand::Check { path, flag } => check(&file(path.or(flag.config))?),
        ConfigCommand::Show(settings) => show(&settings, outer),
    }
}

/// The `--config` given before `config path|init|check`; a game setting there would do
/// nothing, so it is refused with where it has an effect.
fn outer_file(outer: &SettingsArgs) -> Result<Option<PathBuf>, Failure> {
    match outer.game_only_flag() {
        Some(flag) => Err(Failure::bad_input(format!(
            "{flag} does nothing for this config command; `tictaclatin config show {flag} \
             ...` shows its effect"
        ))),
        None => Ok(outer.layer.config.clone()),
    }
}

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
        return Err(Failure::other(format!(
            "{} already exists; left it unchanged (`tictaclatin config check` validates it)",
            path.display()
        )));
    }
    let fail =
        |e: std::io::Error| Failure::other(format!("could not write {}: {e}", path.display()));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // "File exists (os error 17)" would not say which file is in the way.
        if let Some(file) = file_in_the_way(dir) {
            return Err(Failure::other(format!(
                "cannot create {}: {} is a file, where a directory should be; move or \
                     rename that file, or choose another place with --config PATH (or {})",
                path.display(),
                file.display(),
                config::CONFIG_VAR
            )));
        }
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
    outln!("wrote {}", path.display());
    Ok(())
}

fn file_in_the_way(dir: &Path) -> Option<&Path> {
    dir.ancestors()
        .find(|p| fs::metadata(p).is_ok_and(|m| !m.is_dir()))
}

fn check(location: &Location) -> Result<(), Failure> {
    let read = config::read_file(&location.path, location.explicit)
        .map_err(|e| Failure::bad_input(e.to_string()))?;
    match read {
        Some(_) => outln!("ok"),
        None => outln!(
            "ok (there is no {}, so the built-in defaults apply)",
            location.path.display()
        ),
    }
    Ok(())
}

fn show(args: &SettingsArgs, outer: &SettingsArgs) -> Result<(), Failure> {
    let loaded = args.load(outer)?;
    // Comments, so the whole output is itself a config file `config check` accepts.
    match (&loaded.location, loaded.file_read) {
        (Some(location), read) => {
            let missing = if read { "" } else { " (not there: defaults)" };
            outln!("# config file: {}{missing}", location.path.display());
        }
        (None, _) => outln!("# config file: none (defaults)"),
    }
    let store = args.store(outer)?;
    let saving = if store.saves() { "on" } else { "off" };
    outln!("# data: {} (saving {saving})", store.dir().display());
    out!("{}", describe(&loaded.settings));
    Ok(())
}

/// The settings as config file lines, one per key (`colors.first = "lightred"`), with the
/// `=` signs aligned. TOML reads a dotted key as the key in its table, so the text can be
/// copied into a config file as it is.
fn describe(s: &Settings) -> String {
    let (n, c) = (&s.names, &s.colors);
    let mut lines: Vec<(String, String)> = Vec::new();
    let mut add = |key: &str, value: String| lines.push((key.to_string(), value));
    add("color", s.color.to_string());
    add("keep_records", s.keep_records.to_string());
    add("symbols.first", quote(s.symbol(Side::First)));
    add("symbols.second", quote(s.symbol(Side::Second)));
    add("names.first", quote(&n.first));
    add("names.second", quote(&n.second));
    add("names.you", quote(&n.you));
    add("names.bot", quote(&n.bot));
    for (key, color) in [
        ("first", c.first),
        ("second", c.second),
        ("highlight", c.highlight),
        ("hint_win", c.hint_win),
        ("hint_draw", c.hint_draw),
        ("hint_loss", c.hint_loss),
    ] {
        add(&format!("colors.{key}"), quote(&config::color_name(color)));
    }
    add("game.kind", quote(s.game.kind.name()));
    if let Some(size) = s.game.size {
        add("game.size", size.to_string());
    }
    if let Some(k) = s.game.in_a_row {
        add("game.in_a_row", k.to_string());
    }
    add("game.mode", quote(s.mode.name()));
    add("game.first", quote(s.first.name()));
    add("game.difficulty", quote(s.difficulty.name()));
    let hints = match s.hints {
        Hints::Auto => quote("auto"),
        Hints::On => "true".into(),
        Hints::Off => "false".into(),
    };
    add("game.hints", hints);
    add("game.bot_delay_ms", s.bot_delay.as_millis().to_string());
    add("game.bot_time_ms", s.movetime.as_millis().to_string());
    for action in Action::ALL {
        let keys: Vec<String> = s
            .keys
            .keys_for(action)
            .iter()
            .map(|k| quote(&k.to_string()))
            .collect();
        add(&format!("keys.{action}"), format!("[{}]", keys.join(", ")));
    }
    let width = lines.iter().map(|(key, _)| key.len()).max().unwrap_or(0);
    lines
        .iter()
        .map(|(key, value)| format!("{key:<width$} = {value}\n"))
        .collect()
}

fn quote(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

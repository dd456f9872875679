//! `tictaclatin serve`: friends join the game over SSH, with nothing to install.

use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use tictaclatin::config::Mode;
use tictaclatin::serve::{self, ServeOptions, Welcome};

use super::Failure;
use super::settings_args::SettingsArgs;

#[derive(Args, Debug, Clone)]
#[command(
    long_about = "Let friends play over the network with a plain SSH client: `ssh -p 2222 \
    NAME@HOST` opens the lobby (rooms, who is here, the best players), `ssh -t -p 2222 NAME@HOST \
    ROOM` goes straight to a room. The user name is the person's name, their SSH key who they \
    are: a seat, a name and a rating are their key's. In a room the first two people play each \
    other, everyone after watches; alone, a person can play the bot. The password is a code \
    made once and kept (or a key listed with --authorized-keys, or any key with --open). A \
    dropped player's game waits for them. Ctrl-C or SIGTERM tells every player, keeps every \
    game and exits with status 0.",
    after_help = "Nothing but the game is served: commands, files (sftp) and forwarding are \
    refused."
)]
pub(crate) struct ServeArgs {
    #[command(flatten)]
    pub settings: SettingsArgs,
    /// The port to listen on
    #[arg(long, default_value_t = 2222)]
    pub port: u16,
    /// The address to listen on: all of this machine's, or 127.0.0.1 for this machine only
    #[arg(long, default_value = "0.0.0.0", value_name = "ADDRESS")]
    pub bind: IpAddr,
    /// The code friends type as the password, as hard to guess as 40 random bits (by default
    /// a random code, made once and kept in the data directory)
    #[arg(long, value_name = "CODE")]
    pub code: Option<String>,
    /// Make a fresh random code, kept from now on (the old one no longer lets anyone in)
    #[arg(long, conflicts_with = "code")]
    pub new_code: bool,
    /// Let in only the keys listed in FILE (one a line, as in OpenSSH's authorized_keys); no
    /// code is made
    #[arg(long, value_name = "FILE", conflicts_with = "code")]
    pub authorized_keys: Option<PathBuf>,
    /// A public server: anyone with an SSH key gets in, and no code is made
    #[arg(long, conflicts_with_all = ["code", "authorized_keys"])]
    pub open: bool,
    /// At most this many connections at once
    #[arg(long, default_value_t = 128, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..))]
    pub max_connections: u16,
    /// At most this many connections from one address
    #[arg(long, default_value_t = 16, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..))]
    pub max_per_address: u16,
    /// Seconds a player may be away from a game in progress before the one left may claim it
    /// or call it off
    #[arg(long, default_value_t = 60, value_name = "SECONDS",
          value_parser = clap::value_parser!(u16).range(1..))]
    pub claim_after: u16,
    /// Minutes without a key before a player is let go (their game waits in the room)
    #[arg(long, default_value_t = 30, value_name = "MINUTES",
          value_parser = clap::value_parser!(u16).range(1..))]
    pub idle_minutes: u16,
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(args: &ServeArgs, outer: &SettingsArgs) -> Result<(), Failure> {
    if let Some(code) = &args.code {
        serve::code::check(code).map_err(Failure::bad_input)?;
    }
    let mut settings = args.settings.load(outer)?.settings;
    // Friends come to play each other: two players unless a mode was asked for.
    let mode_given = outer.layer.game.mode.is_some() || args.settings.layer.game.mode.is_some();
    if !mode_given {
        settings.mode = Mode::TwoHumans;
    }
    let keys = match &args.authorized_keys {
        Some(path) => serve::authorized::read(path).map_err(Failure::bad_input)?,
        None => Vec::new(),
    };
    let host = match args.bind.is_unspecified() {
        true => host_name().unwrap_or_else(|| "<this machine's address>".into()),
        false => args.bind.to_string(),
    };
    let options = ServeOptions {
        bind: args.bind,
        port: args.port,
        code: args.code.clone(),
        new_code: args.new_code,
        keys,
        open: args.open,
        host,
        settings,
        store: args.settings.store(outer)?,
        max_connections: args.max_connections.into(),
        max_per_address: args.max_per_address.into(),
        handshake: Duration::from_secs(60),
        idle: Duration::from_secs(u64::from(args.idle_minutes) * 60),
        claim_after: Duration::from_secs(args.claim_after.into()),
    };
    serve::run(options, print_welcome).map_err(|message| Failure { message, code: 1 })
}

/// What the host tells friends: the lines to type, the code, and the host key's
/// fingerprint to check.
fn print_welcome(welcome: &Welcome) {
    let join = &welcome.join;
    let lobby = join.replace(" ROOM", "").replace("ssh -t ", "ssh ");
    let mut lines = vec![
        format!("tictaclatin serve: listening on {}", welcome.address),
        format!("Join the lobby:      {lobby}   (NAME: the name to play under)"),
        format!("Or a room, straight: {join}   (the same ROOM, the same room)"),
    ];
    match &welcome.code {
        Some(code) => lines.push(format!(
            "Code (the password): {code}   (the same at every start; --new-code makes another)"
        )),
        None if welcome.open => lines.push("Way in: any SSH key (--open)".into()),
        None => lines.push("Way in: a key listed in --authorized-keys".into()),
    }
    lines.push(format!(
        "Host key: {} (ssh shows it on the first connection: check it is this one)",
        welcome.fingerprint
    ));
    lines.push(match welcome.saves {
        true => "Ctrl-C stops the server; unfinished games are kept.".into(),
        false => "Ctrl-C stops the server; nothing is kept (--no-save).".into(),
    });
    let mut out = std::io::stdout().lock();
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
}

/// This machine's name, for the command to type (its address on the network may do better).
fn host_name() -> Option<String> {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname").ok()?;
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_string())
}

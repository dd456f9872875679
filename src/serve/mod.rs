//! `tictaclatin serve`: the terminal game for people who join over SSH with nothing to
//! install. The user name is the person's name, their key who they are; they start in the
//! lobby, or in the room their command names.
//!
//! The server (russh, on tokio) only carries bytes: each person's screen runs on a thread of
//! its own (`guest.rs`): the lobby (`lobby.rs`, with who is where in `presence.rs`), or a
//! room's table with the same `App` as at home (`at_table.rs`), reading their keystrokes
//! (`input.rs`) and drawing into their connection (`outbox.rs`). The room (`room.rs`,
//! `table.rs`) keeps its players' boards one game and its seats their owners'; the keeper
//! (`keeper.rs`) writes rooms' games and results into the ledger (`ledger.rs`: people, results,
//! ratings, kept games, in SQLite); the bots' searches take turns (`bots.rs`); what every
//! connection shares is `server.rs`. Who gets in, and how many, is `handler.rs`, `code.rs`,
//! `authorized.rs`, `limits.rs` and `sources.rs` (what is remembered of each address); the
//! host key and the code are kept by `secrets.rs`.

mod at_table;
pub mod authorized;
mod bots;
pub mod code;
mod guest;
mod handler;
pub mod input;
mod keeper;
pub mod ledger;
pub mod limits;
mod lobby;
pub mod log;
mod outbox;
mod presence;
mod room;
pub mod rooms;
pub mod secrets;
mod server;
mod sources;
pub mod table;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use russh::keys::PublicKey;
use russh::server::Config;
use russh::{MethodKind, MethodSet};
use tokio::net::{TcpListener, TcpStream};

use self::handler::Connection;
use self::keeper::Keeper;
use self::ledger::Ledger;
use self::limits::{Limits, Stage};
use self::log::log;
use self::rooms::Rooms;
use self::server::Server;
use crate::config::Settings;
use crate::store::Store;
use crate::tui::Signal;

/// How the server is run.
pub struct ServeOptions {
    pub bind: IpAddr,
    /// 0 lets the system choose (the tests do).
    pub port: u16,
    /// The code to use rather than the kept one (ignored with `keys`).
    pub code: Option<String>,
    /// A fresh code, kept from now on, rather than the kept one.
    pub new_code: bool,
    /// The only keys let in, when given: then no code is made.
    pub keys: Vec<PublicKey>,
    /// Anyone with a key gets in (a public server): no code is made.
    pub open: bool,
    /// This machine as friends reach it (its name or address), for the lines to type.
    pub host: String,
    /// The game's settings, as `play` takes them.
    pub settings: Settings,
    /// The data directory: the host key, the rooms' games, the records and stats.
    pub store: Store,
    pub max_connections: usize,
    pub max_per_address: usize,
    /// A connection not in by then (past the code or key) is closed.
    pub handshake: Duration,
    /// A player without a key for this long is let go (the game waits in the room).
    pub idle: Duration,
    /// A player away from a game in progress this long may lose it to the one left.
    pub claim_after: Duration,
}

/// What a friend needs, once the server listens.
pub struct Welcome {
    pub address: SocketAddr,
    /// How a person joins a room, with `NAME` and `ROOM` to fill in.
    pub join: String,
    /// The password, unless keys are the way in.
    pub code: Option<String>,
    pub fingerprint: String,
    /// Whether games are kept on disk (not with `--no-save`).
    pub saves: bool,
    /// Any key gets in.
    pub open: bool,
}

/// How long the stopping server waits for every screen's last words.
const GOODBYE_PATIENCE: Duration = Duration::from_secs(3);

/// Runs the server until SIGTERM or Ctrl-C: then every player is told, every game is kept,
/// and it returns. `welcome` is called once it listens.
pub fn run(options: ServeOptions, welcome: impl FnOnce(&Welcome)) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start: {e}"))?;
    runtime.block_on(serve(options, welcome))
}

async fn serve(options: ServeOptions, welcome: impl FnOnce(&Welcome)) -> Result<(), String> {
    let folder = folder(&options.store);
    let saves = options.store.saves();
    let host_key = secrets::host_key(&folder, saves).map_err(|e| e.to_string())?;
    let fingerprint = secrets::fingerprint(&host_key);
    let code = match (&options.code, options.keys.is_empty() && !options.open) {
        (_, false) => None,
        (Some(code), true) => Some(code.clone()),
        (None, true) => {
            Some(secrets::code(&folder, saves, options.new_code).map_err(|e| e.to_string())?)
        }
    };
    // A key is asked for first on every server: it is who the person is.
    let methods = match code {
        Some(_) => MethodSet::from(&[MethodKind::PublicKey, MethodKind::Password][..]),
        None => MethodSet::from(&[MethodKind::PublicKey][..]),
    };
    let config = Arc::new(Config {
        server_id: russh::SshId::Standard(
            format!("SSH-2.0-tictaclatin_{}", env!("CARGO_PKG_VERSION")).into(),
        ),
        methods: methods.clone(),
        keys: vec![host_key],
        // Three tries at the code (counted by the handler: OpenSSH's first "none" probe is
        // no try), each refusal taking a second: guessing the code is hopeless.
        max_auth_attempts: handler::TRIES + 1,
        auth_rejection_time: Duration::from_secs(1),
        auth_rejection_time_initial: Some(Duration::ZERO),
        // A dead link is noticed within about a minute, a quiet one is not cut by SSH (the
        // game's own idle time does that).
        keepalive_interval: Some(Duration::from_secs(15)),
        keepalive_max: 4,
        inactivity_timeout: None,
        // A person's keys are a few bytes: a small window bounds what one may send ahead.
        window_size: 64 * 1024,
        nodelay: true,
        preferred: algorithms(),
        ..Config::default()
    });
    let listener = TcpListener::bind((options.bind, options.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", options.bind, options.port))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("cannot listen: {e}"))?;
    let port = match address.port() {
        22 => String::new(),
        port => format!("-p {port} "),
    };
    let join = format!("ssh -t {port}NAME@{} ROOM", options.host);
    let ledger = match saves {
        true => Ledger::open(&folder.join("ledger.sqlite"))?,
        false => Ledger::in_memory(),
    };
    let (keeper, keeper_thread) =
        Keeper::spawn(Arc::new(ledger), saves).map_err(|e| format!("cannot start: {e}"))?;
    let settings = &options.settings;
    let words = room::Words {
        symbols: [crate::core::Side::First, crate::core::Side::Second]
            .map(|side| settings.symbol(side).to_string()),
        swap: settings.keys.first_key(crate::keys::Action::Swap),
        join: join.clone(),
        you: settings.names.you.clone(),
        claim_after: options.claim_after,
    };
    let rooms = Arc::new(Rooms::new(keeper.clone(), words));
    let told = Arc::downgrade(&rooms);
    keeper.on_failure(move |room, note| {
        if let Some(rooms) = told.upgrade() {
            rooms.tell(room, note);
        }
    });
    let server = Arc::new(Server {
        code: code.clone(),
        methods,
        keys: options.keys.clone(),
        open: options.open,
        rooms,
        settings: options.settings.clone(),
        idle: options.idle,
        connections: Arc::default(),
    });
    welcome(&Welcome {
        address,
        join,
        code,
        fingerprint,
        saves: options.store.saves(),
        open: options.open,
    });
    let limits = Limits::new(options.max_connections, options.max_per_address);
    let signal = accept(&listener, &server, &config, &limits, options.handshake).await?;
    drop(listener);
    log(&format!(
        "stopping ({signal}): writing the games, telling every player"
    ));
    // Written first, so that each player is told truly whether their game is kept.
    keeper.flush();
    server.rooms.stop(signal);
    let _ = tokio::time::timeout(GOODBYE_PATIENCE, server.connections.until_zero()).await;
    keeper.stop();
    let _ = keeper_thread.join();
    match keeper.failures() {
        None if options.store.saves() => log("stopped: every unfinished game is kept"),
        None => log("stopped: nothing is kept (--no-save)"),
        Some(lost) => log(&format!("stopped: could not keep {lost}")),
    }
    Ok(())
}

/// Only what costs an attacker as much as the server (no finite-field Diffie-Hellman, whose
/// big groups take a second of the server's time each) and what ssh-audit finds sound:
/// curve25519, with the post-quantum hybrid first; authenticated ciphers and
/// encrypt-then-MAC.
fn algorithms() -> russh::Preferred {
    use russh::{cipher, kex, mac};
    use std::borrow::Cow;
    russh::Preferred {
        kex: Cow::Borrowed(&[
            kex::MLKEM768X25519_SHA256,
            kex::CURVE25519,
            kex::CURVE25519_PRE_RFC_8731,
            kex::EXTENSION_SUPPORT_AS_SERVER,
            kex::EXTENSION_OPENSSH_STRICT_KEX_AS_SERVER,
        ]),
        cipher: Cow::Borrowed(&[
            cipher::CHACHA20_POLY1305,
            cipher::AES_256_GCM,
            cipher::AES_128_GCM,
            cipher::AES_256_CTR,
            cipher::AES_128_CTR,
        ]),
        mac: Cow::Borrowed(&[mac::HMAC_SHA512_ETM, mac::HMAC_SHA256_ETM]),
        ..russh::Preferred::DEFAULT
    }
}

/// Takes connections until a signal asks the server to stop; returns that signal.
async fn accept(
    listener: &TcpListener,
    server: &Arc<Server>,
    config: &Arc<Config>,
    limits: &Arc<Limits>,
    handshake: Duration,
) -> Result<Signal, String> {
    use tokio::signal::unix::{SignalKind, signal};
    let stop = |e: std::io::Error| format!("cannot watch for signals: {e}");
    let mut terminate = signal(SignalKind::terminate()).map_err(stop)?;
    let mut interrupt = signal(SignalKind::interrupt()).map_err(stop)?;
    let mut hangup = signal(SignalKind::hangup()).map_err(stop)?;
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => admit(stream, peer, server, config, limits, handshake),
                // Out of file descriptors, most likely: the connections held end in time.
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            },
            _ = terminate.recv() => return Ok(Signal::TERMINATE),
            _ = interrupt.recv() => return Ok(Signal::INTERRUPT),
            _ = hangup.recv() => return Ok(Signal::HANGUP),
        }
    }
}

/// Serves one connection, if the limits let it in; one not in a game by `handshake` is cut.
fn admit(
    stream: TcpStream,
    peer: SocketAddr,
    server: &Arc<Server>,
    config: &Arc<Config>,
    limits: &Arc<Limits>,
    handshake: Duration,
) {
    let Some((stream, second)) = with_second_handle(stream) else {
        return;
    };
    let Ok(slot) = limits.admit(peer.ip(), Some(second), Instant::now()) else {
        return; // refused: closed at once, before a byte of SSH
    };
    let slot = Arc::new(slot);
    let connection = Connection::new(Arc::clone(server), peer.ip(), Arc::clone(&slot));
    let config = Arc::clone(config);
    let connections = Arc::clone(&server.connections);
    connections.up();
    tokio::spawn(async move {
        let deadline = Instant::now() + handshake;
        let watch = {
            let slot = Arc::downgrade(&slot);
            tokio::spawn(async move {
                tokio::time::sleep_until(deadline.into()).await;
                if let Some(slot) = slot.upgrade()
                    && !slot.is_playing()
                {
                    slot.reached(Stage::Late);
                    slot.cut();
                }
            })
        };
        if let Ok(Ok(session)) = tokio::time::timeout(
            handshake,
            russh::server::run_stream(config, stream, connection),
        )
        .await
        {
            let _ = session.await;
        }
        watch.abort();
        connections.down();
    });
}

/// The stream, and a second handle on its socket to cut it with.
fn with_second_handle(stream: TcpStream) -> Option<(TcpStream, std::net::TcpStream)> {
    let std = stream.into_std().ok()?;
    let second = std.try_clone().ok()?;
    let stream = TcpStream::from_std(std).ok()?;
    let _ = stream.set_nodelay(true);
    Some((stream, second))
}

/// Where the server's own files are in the data directory.
pub fn folder(store: &Store) -> PathBuf {
    store.dir().join("serve")
}

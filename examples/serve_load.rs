//! Load for `tictaclatin serve`: many rooms of two players, each a real SSH session (russh's
//! client) with a terminal, playing classic 3x3 games against each other on 127.0.0.1.
//!
//! Each player's screen is read as a terminal would (vt100). A key's latency is the time from
//! sending it to the moment both players' screens show the move (the turn passes, or the
//! game ends); the server's memory is read from /proc. Prints the figures docs/online.md
//! quotes.
//!
//!     cargo build --release && cargo run --release --example serve_load -- [ROOMS] [GAMES]
//!
//! ROOMS defaults to 50 (100 players), GAMES (per room) to 4; a room pauses `PAUSE` between
//! moves, a quick player's pace.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::client;
use russh::keys::PublicKeyOrCertificate;
use tokio::sync::watch;

const CODE: &str = "load-test-code";
const PAUSE: Duration = Duration::from_millis(100);
/// How long the server is watched with everyone seated and nobody moving.
const IDLE: Duration = Duration::from_secs(3);
/// A room whose screens have not shown a move by then is reported stuck.
const PATIENCE: Duration = Duration::from_secs(30);

/// A drawn game: X b2 a3 b1 a2 c3, O a1 c1 b3 c2.
const DRAW: [&str; 9] = ["b2", "a1", "a3", "c1", "b1", "b3", "a2", "c2", "c3"];

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true) // the server started here, on loopback
    }
}

/// One player: their SSH channel, and their screen as it stands.
struct Player {
    writer: russh::ChannelWriteHalf<client::Msg>,
    screen: Arc<Mutex<vt100::Parser>>,
    changed: watch::Receiver<u64>,
    _session: client::Handle<Trusting>,
}

impl Player {
    async fn join(port: u16, room: &str) -> Player {
        let config = Arc::new(client::Config {
            nodelay: true,
            ..client::Config::default()
        });
        let mut session = client::connect(config, ("127.0.0.1", port), Trusting)
            .await
            .expect("connect");
        let auth = session
            .authenticate_password(room, CODE)
            .await
            .expect("authenticate");
        assert!(auth.success(), "the code is refused");
        let channel = session.channel_open_session().await.expect("a channel");
        channel
            .request_pty(false, "xterm", 80, 24, 0, 0, &[])
            .await
            .expect("a terminal");
        channel.request_shell(false).await.expect("the game");
        let (mut reader, writer) = channel.split();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            24.try_into().unwrap(),
            80.try_into().unwrap(),
            0,
        )));
        let (tell, changed) = watch::channel(0u64);
        let parser = Arc::clone(&screen);
        tokio::spawn(async move {
            let mut count = 0;
            while let Some(message) = reader.wait().await {
                if let russh::ChannelMsg::Data { data } = message {
                    parser.lock().unwrap().process(&data);
                    count += 1;
                    let _ = tell.send(count);
                }
            }
        });
        Player {
            writer,
            screen,
            changed,
            _session: session,
        }
    }

    fn shows(&self, text: &str) -> bool {
        self.screen
            .lock()
            .unwrap()
            .screen()
            .contents()
            .contains(text)
    }

    /// Waits until the screen shows `text`; the time it took, or `None` past the patience.
    async fn until(&mut self, text: &str) -> Option<Instant> {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            if self.shows(text) {
                return Some(Instant::now());
            }
            tokio::time::timeout_at(deadline, self.changed.changed())
                .await
                .ok()?
                .ok()?;
        }
    }

    async fn send(&self, keys: &str) {
        self.writer
            .data_bytes(keys.as_bytes().to_vec())
            .await
            .expect("send");
    }
}

/// Plays `games` games in room `index` once every room is seated (`ready`); returns each
/// key's latency (both screens).
async fn play_room(
    port: u16,
    index: usize,
    games: usize,
    ready: Arc<(tokio::sync::Barrier, tokio::sync::Barrier)>,
) -> Vec<Duration> {
    let room = format!("r{index}");
    let mut first = Player::join(port, &room).await;
    first
        .until("You are first in")
        .await
        .expect("the start screen");
    let mut second = Player::join(port, &room).await;
    second.until("chooses the game").await.expect("waiting");
    first.send("\r").await;
    first.until("play X").await.expect("seated");
    second.until("play O").await.expect("seated");
    // The handshakes of 100 connections at once are not what a key waits on in play; the
    // idle server is measured between the two.
    ready.0.wait().await;
    ready.1.wait().await;
    // Rooms start a little apart, so their moves are spread over time as people's are.
    tokio::time::sleep(PAUSE * index as u32 / 50).await;
    let mut latencies = Vec::new();
    let names = [format!("{room} 1"), format!("{room} 2")];
    for game in 0..games {
        // The sides swap each game: the seat playing X alternates.
        let x = game % 2;
        for (ply, cell) in DRAW.iter().enumerate() {
            tokio::time::sleep(PAUSE).await;
            let mover = (x + ply) % 2;
            let next = &names[1 - mover];
            let symbol = if ply % 2 == 0 { "O" } else { "X" };
            let shown = match ply {
                8 => "Game over".to_string(),
                _ => format!("{next}'s turn ({symbol})"),
            };
            let sent = Instant::now();
            let (a, b) = if mover == 0 {
                first.send(cell).await;
                (first.until(&shown).await, second.until(&shown).await)
            } else {
                second.send(cell).await;
                (second.until(&shown).await, first.until(&shown).await)
            };
            let (Some(a), Some(b)) = (a, b) else {
                eprintln!("room {room}: a move did not show in {PATIENCE:?}");
                return latencies;
            };
            latencies.push(a.max(b) - sent);
        }
        // The swap key after a game: the next one, sides swapped.
        tokio::time::sleep(PAUSE).await;
        let starter = &names[1 - x];
        first.send("s").await;
        let shown = format!("{starter}'s turn (X)");
        let sent = Instant::now();
        if let (Some(a), Some(b)) = (first.until(&shown).await, second.until(&shown).await) {
            latencies.push(a.max(b) - sent);
        }
    }
    latencies
}

/// The server's memory now and at its peak, in KiB, from /proc.
fn memory(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// The server's processor time so far (user and system), from /proc.
fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<u64> = after_name
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    // utime and stime are fields 14 and 15 of the line, 11 and 12 after the name.
    let ticks = fields.get(10).copied().unwrap_or(0) + fields.get(11).copied().unwrap_or(0);
    Duration::from_millis(ticks * 10) // 100 ticks a second on Linux
}

fn start_server(data: &std::path::Path, rooms: usize) -> (Child, u16) {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("tictaclatin")))
        .filter(|path| path.exists())
        .unwrap_or_else(|| PathBuf::from("target/release/tictaclatin"));
    let players = (rooms * 2 + 8).to_string();
    let mut child = Command::new(binary)
        .args([
            "serve",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--code",
            CODE,
        ])
        .args(["--game", "classic", "--size", "3"])
        .args(["--max-connections", &players, "--max-per-address", &players])
        .env("TICTACLATIN_DATA_DIR", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts (cargo build --release first)");
    let stdout = child.stdout.take().unwrap();
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(stdout));
    let port = lines
        .find_map(|line| {
            line.ok()?
                .strip_prefix("tictaclatin serve: listening on 127.0.0.1:")?
                .parse()
                .ok()
        })
        .expect("the server says where it listens");
    // Keep reading, so the server never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    (child, port)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at]
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let rooms: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let data = tempfile::tempdir().expect("a data directory");
    let (mut server, port) = start_server(data.path(), rooms);
    let pid = server.id();
    let (empty_rss, _) = memory(pid);
    let barrier = || tokio::sync::Barrier::new(rooms + 1);
    let ready = Arc::new((barrier(), barrier()));
    let plays: Vec<_> = (0..rooms)
        .map(|room| tokio::spawn(play_room(port, room, games, Arc::clone(&ready))))
        .collect();
    if tokio::time::timeout(PATIENCE, ready.0.wait())
        .await
        .is_err()
    {
        eprintln!("not every room was seated in {PATIENCE:?}");
        let _ = server.kill();
        return;
    }
    let (seated_rss, _) = memory(pid);
    let idle_before = cpu_time(pid);
    tokio::time::sleep(IDLE).await;
    let idle_cpu = cpu_time(pid) - idle_before;
    ready.1.wait().await;
    let cpu_before = cpu_time(pid);
    let started = Instant::now();
    let mut latencies = Vec::new();
    for play in plays {
        latencies.extend(play.await.expect("a room's play"));
    }
    let wall = started.elapsed();
    let cpu = cpu_time(pid) - cpu_before;
    let (rss, peak) = memory(pid);
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    let stopped = server.wait().expect("the server stops");
    latencies.sort();
    let expected = rooms * games * (DRAW.len() + 1);
    println!(
        "rooms {rooms} ({} players), games per room {games}, pause {} ms between moves",
        rooms * 2,
        PAUSE.as_millis()
    );
    println!(
        "keys measured {} of {expected}; latency to both screens: p50 {:.1} ms, p99 {:.1} ms, \
         max {:.1} ms",
        latencies.len(),
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3,
    );
    println!(
        "server memory: {} MiB with nobody in, {} MiB with everyone seated, peak {} MiB with \
         every room playing (now {} MiB)",
        empty_rss / 1024,
        seated_rss / 1024,
        peak / 1024,
        rss / 1024
    );
    println!(
        "server processor time with everyone seated and no key pressed: {:.0}% of one core",
        idle_cpu.as_secs_f64() / IDLE.as_secs_f64() * 100.0
    );
    println!(
        "server processor time: {:.1} s over {:.1} s of play ({:.0}% of one core)",
        cpu.as_secs_f64(),
        wall.as_secs_f64(),
        cpu.as_secs_f64() / wall.as_secs_f64() * 100.0
    );
    println!("server exit after SIGTERM: {stopped}");
}

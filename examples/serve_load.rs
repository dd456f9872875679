//! Load for `tictaclatin serve`: many pairs of players, each a real SSH session (russh's
//! client, each from a loopback address of its own) with a terminal, who meet through the
//! lobby ("play anyone") and play classic 3x3 games against each other in their room.
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

#[path = "ssh_clients/mod.rs"]
mod clients;

use std::sync::Arc;
use std::time::{Duration, Instant};

use clients::{Player, Run, cpu_time, machine, memory, percentile, play_then_stop, start_server};

const CODE: &str = "rz8d-quarry-5mv2";
const PAUSE: Duration = Duration::from_millis(100);
/// How long the server is watched with everyone seated and nobody moving.
const IDLE: Duration = Duration::from_secs(3);
/// A room whose screens have not shown a move by then is reported stuck.
const PATIENCE: Duration = Duration::from_secs(30);

/// A drawn game: X b2 a3 b1 a2 c3, O a1 c1 b3 c2.
const DRAW: [&str; 9] = ["b2", "a1", "a3", "c1", "b1", "b3", "a2", "c2", "c3"];

/// Plays `games` games in room `index` once every room is seated (`ready`); returns each
/// key's latency (both screens).
async fn play_room(
    port: u16,
    index: usize,
    games: usize,
    ready: Arc<(tokio::sync::Barrier, tokio::sync::Barrier)>,
    pairing: Arc<tokio::sync::Mutex<()>>,
) -> Vec<Duration> {
    // Each player from a machine of their own, as on a network, into the lobby.
    let join = |n: usize| async move {
        let name = format!("p{n}");
        let player = Player::join(port, machine(n as u16), &name, "", CODE).await;
        let mut player = player.expect("in");
        player
            .until("tictaclatin online", PATIENCE)
            .await
            .expect("the lobby");
        player
    };
    let (mut first, mut second) = (join(2 * index).await, join(2 * index + 1).await);
    // Both ask to play anyone, one pair at a time, so each pair meets: the second waits, the
    // first is paired with them, and both go into a room of their own, where whoever is in
    // first chooses the game.
    let turn = pairing.lock().await;
    second.send("p").await;
    second
        .until("Waiting for someone", PATIENCE)
        .await
        .expect("waiting");
    first.send("p").await;
    let (a, b) = (
        first.until("chooses the game", PATIENCE),
        second.until("chooses the game", PATIENCE),
    );
    // "... chooses the game" is what the one who waits for the other reads.
    let second_chooses = tokio::select! {
        _ = a => true,
        _ = b => false,
    };
    drop(turn);
    let mut names = [format!("p{}", 2 * index), format!("p{}", 2 * index + 1)];
    if second_chooses {
        std::mem::swap(&mut first, &mut second);
        names.swap(0, 1);
    }
    first
        .until("You are first in", PATIENCE)
        .await
        .expect("the start screen");
    let room = format!("the room of {}", names[0]);
    first.send("\r").await;
    first
        .until("Your turn (X)", PATIENCE)
        .await
        .expect("seated");
    second.until("You play O", PATIENCE).await.expect("seated");
    // The handshakes of 100 connections at once are not what a key waits on in play; the
    // idle server is measured between the two.
    ready.0.wait().await;
    ready.1.wait().await;
    // Rooms start a little apart, so their moves are spread over time as people's are.
    tokio::time::sleep(PAUSE * index as u32 / 50).await;
    let mut latencies = Vec::new();
    for game in 0..games {
        // The sides swap each game: the seat playing X alternates.
        let x = game % 2;
        for (ply, cell) in DRAW.iter().enumerate() {
            tokio::time::sleep(PAUSE).await;
            let mover = (x + ply) % 2;
            let next = &names[1 - mover];
            let symbol = if ply % 2 == 0 { "O" } else { "X" };
            // The mover reads whose turn it is; the one to move reads "Your turn".
            let (to_mover, to_next) = match ply {
                8 => ("Game over".to_string(), "Game over".to_string()),
                _ => (
                    format!("{next}'s turn ({symbol})"),
                    format!("Your turn ({symbol})"),
                ),
            };
            let sent = Instant::now();
            let (moving, other) = match mover {
                0 => (&mut first, &mut second),
                _ => (&mut second, &mut first),
            };
            moving.send(cell).await;
            let a = moving.until(&to_mover, PATIENCE).await;
            let b = other.until(&to_next, PATIENCE).await;
            let (Some(a), Some(b)) = (a, b) else {
                eprintln!("room {room}: a move did not show in {PATIENCE:?}");
                return latencies;
            };
            latencies.push(a.max(b) - sent);
        }
        // The swap key after a game: the next one, sides swapped.
        tokio::time::sleep(PAUSE).await;
        first.send("s").await;
        let (starts, waits) = match x {
            0 => (&mut second, &mut first),
            _ => (&mut first, &mut second),
        };
        let sent = Instant::now();
        let a = starts.until("Your turn (X)", PATIENCE).await;
        let b = waits
            .until(&format!("{}'s turn (X)", names[1 - x]), PATIENCE)
            .await;
        if let (Some(a), Some(b)) = (a, b) {
            latencies.push(a.max(b) - sent);
        }
    }
    latencies
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let rooms: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let data = tempfile::tempdir().expect("a data directory");
    let players = (rooms * 2 + 8).to_string();
    let (mut server, port) = start_server(data.path(), CODE, &["--max-connections", &players]);
    let pid = server.id();
    let (empty_rss, _) = memory(pid);
    let barrier = || tokio::sync::Barrier::new(rooms + 1);
    let ready = Arc::new((barrier(), barrier()));
    let pairing = Arc::new(tokio::sync::Mutex::new(()));
    let plays: Vec<_> = (0..rooms)
        .map(|room| {
            let (ready, pairing) = (Arc::clone(&ready), Arc::clone(&pairing));
            tokio::spawn(play_room(port, room, games, ready, pairing))
        })
        .collect();
    // Everyone meets through the lobby one pair at a time: that takes a while.
    let meeting = Instant::now();
    if tokio::time::timeout(PATIENCE * 10, ready.0.wait())
        .await
        .is_err()
    {
        eprintln!("not every room was seated in {PATIENCE:?}");
        let _ = server.kill();
        return;
    }
    let met = meeting.elapsed();
    let (seated_rss, _) = memory(pid);
    let idle_before = cpu_time(pid);
    tokio::time::sleep(IDLE).await;
    let idle_cpu = cpu_time(pid) - idle_before;
    ready.1.wait().await;
    let Run {
        timings: latencies,
        wall,
        cpu,
        rss,
        peak,
        stopped,
    } = play_then_stop(server, plays).await;
    let expected = rooms * games * (DRAW.len() + 1);
    println!(
        "rooms {rooms} ({} players, paired through the lobby in {:.1} s), games per room \
         {games}, pause {} ms between moves",
        rooms * 2,
        met.as_secs_f64(),
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

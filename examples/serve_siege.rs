//! The siege of `tictaclatin serve`: each way a stranger can try to keep friends out, run
//! on 127.0.0.1 beside honest players, who log in and play as usual. Prints, for each attack,
//! how hard it pressed, how long honest logins and keys took, and the server's memory and
//! processor time; docs/online.md quotes the figures.
//!
//!     cargo build --release && ./target/release/examples/serve_siege [SECONDS]
//!
//! Each attack runs on a server of its own for about SECONDS (default 8) and comes from
//! loopback addresses of its own, as machines on a network would; the honest players each
//! come from an address of their own too.

#[path = "ssh_clients/mod.rs"]
mod clients;

use std::process::{Child, Command};
use std::time::{Duration, Instant};

use clients::{Attack, Player, cpu_time, machine, memory, percentile, start_server};

const CODE: &str = "rz8d-quarry-5mv2";
const PATIENCE: Duration = Duration::from_secs(10);

/// A drawn game: X b2 a3 b1 a2 c3, O a1 c1 b3 c2.
const DRAW: [&str; 9] = ["b2", "a1", "a3", "c1", "b1", "b3", "a2", "c2", "c3"];

/// Honest people measured: their machines are numbered from here on, apart from attackers'.
const HONEST: u16 = 1000;

#[derive(Clone, Copy)]
enum Siege {
    Nothing,
    IdleSockets,
    KeyExchanges,
    ResizeFlood,
    EndedGames,
}

impl Siege {
    fn name(self) -> &'static str {
        match self {
            Siege::Nothing => "no attack",
            Siege::IdleSockets => "200 idle sockets from 13 machines, reopened when cut",
            Siege::KeyExchanges => "key exchanges from 4 machines, 16 at a time",
            Siege::ResizeFlood => "a watcher's window changes, as fast as they go",
            Siege::EndedGames => "8 machines x 16 connections whose game ended, held",
        }
    }

    fn start(self, port: u16) -> Option<Attack> {
        Some(match self {
            Siege::Nothing => return None,
            Siege::IdleSockets => clients::idle_sockets(port, 10, 13, 200),
            Siege::KeyExchanges => clients::key_exchanges(port, 30, 4, 16),
            Siege::ResizeFlood => clients::resize_flood(port, machine(40), "den", CODE),
            Siege::EndedGames => clients::ended_games(port, 50, 8, 16, CODE),
        })
    }
}

/// What the honest players saw during one attack.
#[derive(Default)]
struct Seen {
    logins: Vec<Duration>,
    keys: Vec<Duration>,
    failed: usize,
}

/// A person logs in from a machine of their own: the time to their first screen.
async fn login(port: u16, n: u16) -> Option<Duration> {
    let started = Instant::now();
    let name = format!("solo{n}");
    let mut player = Player::join(port, machine(HONEST + n), &name, &name, CODE)
        .await
        .ok()?;
    player.until("You are first in", PATIENCE).await?;
    Some(started.elapsed())
}

/// Two people seated in `den`, X to move.
async fn seat_pair(port: u16) -> Option<(Player, Player)> {
    let join = |n, name| Player::join(port, machine(n), name, "den", CODE);
    let mut ana = join(HONEST - 2, "ana").await.ok()?;
    ana.until("You are first in", PATIENCE).await?;
    let mut ben = join(HONEST - 1, "ben").await.ok()?;
    ben.until("chooses the game", PATIENCE).await?;
    ana.send("\r").await;
    ana.until("Your turn (X)", PATIENCE).await?;
    ben.until("You play O", PATIENCE).await?;
    Some((ana, ben))
}

/// The pair plays its `game`th game (a draw), each key timed to both screens.
async fn play(pair: &mut (Player, Player), game: usize, seen: &mut Seen) {
    {
        let x = game % 2; // the sides swap each game
        for (ply, cell) in DRAW.iter().enumerate() {
            tokio::time::sleep(Duration::from_millis(50)).await;
            let mover = (x + ply) % 2;
            let next = ["ana", "ben"][1 - mover];
            let (to_mover, to_next) = match ply {
                8 => ("Game over".to_string(), "Game over".to_string()),
                _ => (format!("{next}'s turn"), "Your turn".to_string()),
            };
            let (moving, other) = match mover {
                0 => (&mut pair.0, &mut pair.1),
                _ => (&mut pair.1, &mut pair.0),
            };
            let sent = Instant::now();
            moving.send(cell).await;
            match (
                moving.until(&to_mover, PATIENCE).await,
                other.until(&to_next, PATIENCE).await,
            ) {
                (Some(a), Some(b)) => seen.keys.push(a.max(b) - sent),
                _ => {
                    seen.failed += 1;
                    return;
                }
            }
        }
        pair.0.send("s").await; // the next game, sides swapped
        // Ana moves first in the next game when Ben did in this one.
        let next = match x {
            0 => "ben's turn (X)",
            _ => "Your turn (X)",
        };
        let _ = pair.0.until(next, PATIENCE).await;
    }
}

/// One attack on a server of its own, beside honest players, for about `length`.
async fn besiege(siege: Siege, length: Duration) -> (Seen, u64, f64, u64, f64) {
    let data = tempfile::tempdir().expect("a data directory");
    let (server, port) = start_server(data.path(), CODE, &[]);
    let pid = server.id();
    let mut seen = Seen::default();
    let Some(mut pair) = seat_pair(port).await else {
        eprintln!("{}: the honest pair could not sit down", siege.name());
        return (seen, 0, 0.0, 0, 0.0);
    };
    let attack = siege.start(port);
    tokio::time::sleep(Duration::from_secs(1)).await; // under way
    let (cpu_before, started) = (cpu_time(pid), Instant::now());
    let mut game = 0;
    while started.elapsed() < length {
        for n in 0..4 {
            match login(port, (game * 4 + n) as u16).await {
                Some(took) => seen.logins.push(took),
                None => seen.failed += 1,
            }
        }
        play(&mut pair, game, &mut seen).await;
        game += 1;
    }
    let wall = started.elapsed().as_secs_f64();
    let cpu = (cpu_time(pid) - cpu_before).as_secs_f64() / wall * 100.0;
    let done = attack.as_ref().map_or(0, Attack::done);
    let rate = done as f64 / (wall + 1.0);
    let (_, peak) = memory(pid);
    drop(attack);
    // Idle again: the processor time over the second after the attack stopped.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = cpu_time(pid);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = (cpu_time(pid) - after).as_secs_f64() * 100.0;
    stop(server);
    (seen, peak, cpu, (rate.round()) as u64, idle)
}

fn stop(mut server: Child) {
    let _ = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status();
    let _ = server.wait();
}

fn ms(duration: Duration) -> String {
    format!("{:.1}", duration.as_secs_f64() * 1e3)
}

#[tokio::main]
async fn main() {
    let seconds: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let length = Duration::from_secs(seconds);
    println!(
        "| attack | its pace (a second) | honest logins: p50 / max ms | keys to both screens: \
         p50 / p99 / max ms | failed | server peak memory | server processor time | a second \
         after |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for siege in [
        Siege::Nothing,
        Siege::IdleSockets,
        Siege::KeyExchanges,
        Siege::ResizeFlood,
        Siege::EndedGames,
    ] {
        let (mut seen, peak, cpu, rate, idle) = besiege(siege, length).await;
        seen.logins.sort();
        seen.keys.sort();
        println!(
            "| {} | {rate} | {} / {} ({} logins) | {} / {} / {} ({} keys) | {} | {} MiB | {cpu:.0}% \
             | {idle:.0}% |",
            siege.name(),
            ms(percentile(&seen.logins, 0.5)),
            ms(seen.logins.last().copied().unwrap_or_default()),
            seen.logins.len(),
            ms(percentile(&seen.keys, 0.5)),
            ms(percentile(&seen.keys, 0.99)),
            ms(seen.keys.last().copied().unwrap_or_default()),
            seen.keys.len(),
            seen.failed,
            peak / 1024,
        );
    }
}

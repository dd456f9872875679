//! Load for `tictaclatin serve`'s bots: many people, each a real SSH session from a loopback
//! address of their own and alone in a room of their own, play the extreme tic-tac-toe bot
//! (its strongest level, a second a move), all moving at the same moment, then each again as
//! soon as their bot has answered.
//!
//! A person's wait is the time from sending their move to the moment their screen shows the
//! bot's answer (their turn again); the server's memory and processor time are read from
//! /proc. Prints the figures docs/online.md quotes.
//!
//!     cargo build --release && cargo run --release --example serve_bots -- [PEOPLE] [MOVES]
//!
//! PEOPLE defaults to 50, MOVES (each person's) to 3.

#[path = "ssh_clients/mod.rs"]
mod clients;

use std::sync::Arc;
use std::time::{Duration, Instant};

use clients::{Player, Run, machine, memory, percentile, play_then_stop, start_server};

const CODE: &str = "rz8d-quarry-5mv2";
/// Longer than any wait for the bot's answer with 50 people on a 2-core machine (20 s).
const PATIENCE: Duration = Duration::from_secs(120);
/// How long a move is given to show before another is tried (a closed small board's cell).
const TRY: Duration = Duration::from_secs(2);
/// How often a screen is looked at while waiting for one of several texts.
const LOOK: Duration = Duration::from_millis(5);

/// Waits until the screen shows one of `texts`: its index, or `None` past `patience`.
async fn until_any(player: &Player, texts: &[&str], patience: Duration) -> Option<usize> {
    let deadline = Instant::now() + patience;
    while Instant::now() < deadline {
        let screen = player.contents();
        if let Some(found) = texts.iter().position(|t| screen.contains(t)) {
            return Some(found);
        }
        tokio::time::sleep(LOOK).await;
    }
    None
}

/// The empty cells of the small boards the screen says may be played in ("play in C3", or
/// any), read off the drawn board: an 80 x 24 terminal draws cell `c` `r` of board `B` `b`
/// at row 2 + 5 (b - 1) + r - 1, column 4 + 9 B + 2 c (A and a counted from 0).
fn candidates(screen: &str) -> Vec<String> {
    let rows: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let only: Option<String> = screen
        .split("play in ")
        .nth(1)
        .map(|rest| rest.chars().take(2).collect());
    let empty = |y: usize, x: usize| {
        rows.get(y)
            .is_none_or(|row| row.iter().skip(x).take(2).all(|c| *c == ' '))
    };
    let letter = |first: u8, n: usize| char::from(first + n as u8);
    (0..256)
        .filter_map(|n: usize| {
            let (board_col, board_row, col, row) = (n / 64, n / 16 % 4, n / 4 % 4, n % 4);
            let board = format!("{}{}", letter(b'A', board_col), board_row + 1);
            let open = only.as_ref().is_none_or(|o| *o == board)
                && empty(2 + 5 * board_row + row, 4 + 9 * board_col + 2 * col);
            open.then(|| format!("{board}{}{}", letter(b'a', col), row + 1))
        })
        .collect()
}

/// One person: joins room `b{index}`, starts a game against the bot once everyone is in
/// (`ready`), then makes `moves` moves; returns the waits for the bot's answers.
async fn play(
    port: u16,
    index: usize,
    moves: usize,
    ready: Arc<tokio::sync::Barrier>,
) -> Vec<Duration> {
    let name = format!("b{index}");
    let mut person = Player::join(port, machine(index as u16), &name, &name, CODE)
        .await
        .expect("in");
    person
        .until("Enter start", PATIENCE)
        .await
        .expect("the start screen");
    person.send("\r").await;
    person.until("Your turn", PATIENCE).await.expect("the game");
    ready.wait().await;
    let mut waits = Vec::new();
    let mut seed = index as u64 + 1;
    while waits.len() < moves {
        let mut cells = candidates(&person.contents());
        if cells.is_empty() {
            eprintln!("person {index}: no cell to play");
            break;
        }
        let mut answered = None;
        while answered.is_none() && !cells.is_empty() {
            // A cell drawn at random (xorshift, seeded by the person).
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let cell = cells.swap_remove(seed as usize % cells.len());
            let sent = Instant::now();
            person.send(&cell).await;
            let played = [format!("You played {cell}"), format!("{cell} wins")];
            answered = match until_any(&person, &[&played[0], &played[1]], TRY).await {
                Some(0) => Some((sent, true)),
                Some(_) => Some((sent, false)), // a bonus move: the person moves again
                None => None,
            };
        }
        let Some((sent, bot_to_move)) = answered else {
            eprintln!("person {index}: no move played");
            break;
        };
        if bot_to_move {
            match until_any(&person, &["Your turn", "Game over"], PATIENCE).await {
                Some(0) => waits.push(sent.elapsed()),
                _ => {
                    eprintln!("person {index}: no answer from the bot");
                    break;
                }
            }
        }
    }
    waits
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let people: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let moves: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let data = tempfile::tempdir().expect("a data directory");
    let connections = (people + 8).to_string();
    let flags = [
        "--game",
        "extreme",
        "--mode",
        "bot",
        "--max-connections",
        &connections,
    ];
    let (server, port) = start_server(data.path(), CODE, &flags);
    let pid = server.id();
    let ready = Arc::new(tokio::sync::Barrier::new(people + 1));
    let plays: Vec<_> = (0..people)
        .map(|n| tokio::spawn(play(port, n, moves, Arc::clone(&ready))))
        .collect();
    ready.wait().await;
    let (seated, _) = memory(pid);
    let Run {
        timings: waits,
        wall,
        cpu,
        rss,
        peak,
        stopped,
    } = play_then_stop(server, plays).await;
    let secs = |d: Duration| d.as_secs_f64();
    println!("people {people}, moves each {moves}, each alone against the extreme bot (max)");
    println!(
        "answers {} of {}; move to the bot's answer on screen: p50 {:.1} s, p99 {:.1} s, \
         max {:.1} s",
        waits.len(),
        people * moves,
        secs(percentile(&waits, 0.50)),
        secs(percentile(&waits, 0.99)),
        waits.last().map_or(0.0, |d| secs(*d)),
    );
    println!(
        "server memory: {} MiB with everyone in a game, peak {} MiB, {} MiB at the end",
        seated / 1024,
        peak / 1024,
        rss / 1024
    );
    println!(
        "server processor time: {:.1} s over {:.1} s of play ({:.0}% of one core), {:.2} s an \
         answer",
        secs(cpu),
        secs(wall),
        secs(cpu) / secs(wall) * 100.0,
        secs(cpu) / waits.len().max(1) as f64
    );
    println!("server exit after SIGTERM: {stopped}");
}

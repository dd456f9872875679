//! The one event type of the game loop, and the thread that reads the terminal.
//!
//! Everything that can change the screen arrives as an [`Event`] on one channel: keys, mouse
//! and resizes from the input thread, ticks for timed things (the bot's display delay), and
//! the bot thread's messages. One loop owns the [`App`](super::App) and applies them in order.

use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self as term, KeyEvent, KeyEventKind, MouseEvent};

use crate::game::Cell;
use crate::solver::Solver;

/// How often the input thread sends a [`Event::Tick`] when nothing else happens.
pub const TICK: Duration = Duration::from_millis(50);

#[derive(Clone)]
pub enum Event {
    Key(KeyEvent),
    Mouse(MouseEvent),
    /// The terminal's new size: columns, rows.
    Resize(u16, u16),
    /// Time passes; carries the current time so the app stays free of clocks (and tests can
    /// move time forward by hand).
    Tick(Instant),
    /// The solver finished building; hints and review can use it.
    SolverReady(Arc<Solver>),
    /// The bot picked `cell` for the request tagged `ticket`.
    BotMoved {
        ticket: u64,
        cell: Cell,
    },
    /// The terminal's input failed or closed; the game should end.
    InputClosed(String),
    /// The bot could not choose a move (it panicked); the message says why.
    BotFailed(String),
    /// A signal asked the program to stop (its name: `SIGTERM`, `SIGHUP`…); the game is
    /// saved and the terminal restored on the way out.
    Terminate(&'static str),
}

impl std::fmt::Debug for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::Key(k) => write!(f, "Key({:?})", k.code),
            Event::Mouse(m) => write!(f, "Mouse({:?} {},{})", m.kind, m.column, m.row),
            Event::Resize(w, h) => write!(f, "Resize({w}, {h})"),
            Event::Tick(_) => write!(f, "Tick"),
            Event::SolverReady(_) => write!(f, "SolverReady"),
            Event::BotMoved { ticket, cell } => write!(f, "BotMoved({ticket}, {cell})"),
            Event::InputClosed(why) => write!(f, "InputClosed({why})"),
            Event::BotFailed(why) => write!(f, "BotFailed({why})"),
            Event::Terminate(signal) => write!(f, "Terminate({signal})"),
        }
    }
}

/// Starts the thread that turns terminal input into events, with a tick every [`TICK`].
/// It ends when the receiving side is dropped.
pub fn spawn_input(events: Sender<Event>) -> JoinHandle<()> {
    thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            let read = std::panic::catch_unwind(|| read_input(&events));
            let why = match read {
                Ok(Ok(())) => return,
                Ok(Err(error)) => error.to_string(),
                Err(_) => "the input thread panicked".to_string(),
            };
            let _ = events.send(Event::InputClosed(why));
        })
        .expect("spawn the input thread")
}

fn read_input(events: &Sender<Event>) -> std::io::Result<()> {
    let mut next_tick = Instant::now() + TICK;
    loop {
        let wait = next_tick.saturating_duration_since(Instant::now());
        if term::poll(wait)? {
            let event = match term::read()? {
                // Key releases (reported by some terminals) would act twice.
                term::Event::Key(key) if key.kind != KeyEventKind::Release => Event::Key(key),
                term::Event::Mouse(mouse) => Event::Mouse(mouse),
                term::Event::Resize(w, h) => Event::Resize(w, h),
                _ => continue,
            };
            if events.send(event).is_err() {
                return Ok(());
            }
        }
        let now = Instant::now();
        if now >= next_tick {
            next_tick = now + TICK;
            if events.send(Event::Tick(now)).is_err() {
                return Ok(());
            }
        }
    }
}

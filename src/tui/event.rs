//! The game loop's one event type, all on one channel, and the thread that reads the terminal.

use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self as term, KeyEvent, KeyEventKind, MouseEvent};

use crate::core::review::{Judgement, Mark};
use crate::core::threads::{self, SpawnError};
use crate::core::{Analysis, Decision, Engine, Hint, Move};

/// How often the input thread sends a [`Event::Tick`] when nothing else happens.
pub const TICK: Duration = Duration::from_millis(50);

#[derive(Clone)]
pub enum Event {
    Key(KeyEvent),
    Mouse(MouseEvent),
    /// The terminal's new size: columns, rows.
    Resize(u16, u16),
    /// Carries the time so the app stays free of clocks (tests move time by hand).
    Tick(Instant),
    /// The engine of the game with key `game` is built.
    EngineReady {
        game: String,
        engine: Arc<dyn Engine>,
    },
    /// The bot decided its move for the request tagged `ticket`.
    BotMoved {
        ticket: u64,
        decision: Decision,
    },
    /// The request tagged `ticket` waits for its turn on a busy server with `ahead` searches
    /// before it (`None`: its search has begun).
    BotWaiting {
        ticket: u64,
        ahead: Option<usize>,
    },
    HintsReady(SearchedHints),
    /// Every move of a finished game judged (on a searched board, by a search a move).
    ReviewReady(Judged),
    /// The terminal's input failed or closed; the game should end.
    InputClosed(String),
    /// The bot could not choose a move (it panicked); the message says why.
    BotFailed(String),
    /// A signal asked the program to stop: it saves and restores the terminal on the way out.
    Terminate(Signal),
}

/// Hints the bot's thread worked out, for the position whose text is `position`.
#[derive(Clone, Debug)]
pub struct SearchedHints {
    pub position: String,
    pub hints: Vec<(Move, Hint)>,
    /// The search behind them, with the line for each move, where there was one.
    pub analysis: Option<Analysis>,
}

impl SearchedHints {
    /// The line starting with `mv`, where the search gave one.
    pub fn line(&self, mv: Move) -> Option<&[Move]> {
        let line = self.analysis.as_ref()?.line(mv);
        (line.first() == Some(&mv)).then_some(line)
    }
}

/// Which game a review is of: the game's key and its moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameMoves {
    pub game: String,
    pub moves: Vec<Move>,
}

/// Every move of a game judged, in order (`None` where the engine says nothing).
#[derive(Clone, Debug)]
pub struct Judged {
    pub of: GameMoves,
    pub judgements: Vec<Option<Judgement>>,
}

impl Judged {
    /// The judgement of move `ply` (1-based).
    pub fn at(&self, ply: usize) -> Option<&Judgement> {
        self.judgements.get(ply.checked_sub(1)?)?.as_ref()
    }

    /// How move `ply` is marked; sound where it was not judged.
    pub fn mark(&self, ply: usize) -> Mark {
        self.at(ply).map_or(Mark::Sound, Judgement::mark)
    }
}

/// A signal that stops the game the orderly way (see `tui::run`): its number.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Signal(i32);

impl Signal {
    /// Every signal that ends a program unless caught, and can be caught: the terminal
    /// closing (SIGHUP), `kill` and its kin, timers and limits. Not the faults a program
    /// raises against itself (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGSYS, SIGTRAP, SIGABRT),
    /// after which it cannot go on to save; SIGKILL and SIGSTOP cannot be caught at all.
    pub const ALL: &[i32] = {
        use signal_hook::consts::*;
        &[
            SIGHUP,
            SIGINT,
            SIGQUIT,
            SIGTERM,
            SIGUSR1,
            SIGUSR2,
            SIGALRM,
            SIGVTALRM,
            SIGPROF,
            SIGXCPU,
            SIGXFSZ,
            // Linux's own, which end a program there (SIGIO is ignored elsewhere).
            #[cfg(target_os = "linux")]
            SIGIO,
            #[cfg(target_os = "linux")]
            libc::SIGPWR,
            #[cfg(target_os = "linux")]
            libc::SIGSTKFLT,
        ]
    };

    pub const HANGUP: Signal = Signal(signal_hook::consts::SIGHUP);
    pub const INTERRUPT: Signal = Signal(signal_hook::consts::SIGINT);
    pub const TERMINATE: Signal = Signal(signal_hook::consts::SIGTERM);

    /// The signal with this number, if it is one the game handles.
    pub fn from_number(number: i32) -> Option<Signal> {
        Signal::ALL.contains(&number).then_some(Signal(number))
    }

    /// 128 + its number, as shells report a program a signal stopped.
    pub fn exit_status(self) -> u8 {
        128 + self.0 as u8
    }
}

impl std::fmt::Display for Signal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(signal_hook::low_level::signal_name(self.0).unwrap_or("a signal"))
    }
}

/// Starts the thread that turns terminal input into events, with a tick every [`TICK`].
pub fn spawn_input(events: Sender<Event>) -> Result<JoinHandle<()>, SpawnError> {
    threads::spawn("input", "the input thread", move || {
        let why = match std::panic::catch_unwind(|| read_input(&events)) {
            Ok(Ok(())) => return,
            Ok(Err(error)) => error.to_string(),
            Err(_) => "the input thread panicked".to_string(),
        };
        let _ = events.send(Event::InputClosed(why));
    })
}

fn read_input(events: &Sender<Event>) -> std::io::Result<()> {
    let mut next_tick = Instant::now() + TICK;
    loop {
        if term::poll(next_tick.saturating_duration_since(Instant::now()))? {
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

/// For tests' failure messages.
#[cfg(test)]
impl std::fmt::Debug for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Event::Key(k) => write!(f, "Key({:?})", k.code),
            Event::Mouse(m) => write!(f, "Mouse({:?} {},{})", m.kind, m.column, m.row),
            Event::Resize(w, h) => write!(f, "Resize({w}, {h})"),
            Event::Tick(_) => write!(f, "Tick"),
            Event::EngineReady { game, .. } => write!(f, "EngineReady({game})"),
            Event::BotMoved { ticket, decision } => {
                write!(f, "BotMoved({ticket}, {})", decision.mv.index())
            }
            Event::BotWaiting { ticket, ahead } => write!(f, "BotWaiting({ticket}, {ahead:?})"),
            Event::HintsReady(searched) => write!(f, "HintsReady({})", searched.position),
            Event::ReviewReady(judged) => write!(f, "ReviewReady({} moves)", judged.of.moves.len()),
            Event::InputClosed(why) => write!(f, "InputClosed({why})"),
            Event::BotFailed(why) => write!(f, "BotFailed({why})"),
            Event::Terminate(signal) => write!(f, "Terminate({signal})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_have_their_names_and_exit_statuses() {
        use signal_hook::consts::{SIGHUP, SIGKILL, SIGSEGV, SIGUSR1};
        assert_eq!(Signal::TERMINATE.exit_status(), 143);
        assert_eq!(Signal::from_number(SIGHUP).unwrap().exit_status(), 129);
        assert_eq!(Signal::from_number(SIGUSR1).unwrap().to_string(), "SIGUSR1");
        assert_eq!(Signal::from_number(SIGKILL), None);
        assert_eq!(Signal::from_number(SIGSEGV), None);
    }
}

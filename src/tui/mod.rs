//! The terminal game. Data flows one way: input and bot threads -> [`Event`] ->
//! [`App::update`] -> draw, in one loop ([`run_loop`]) that owns the `App`. Searches stay on
//! the bot thread; hints that are table lookups are read while drawing.

pub mod app;
pub mod bot;
pub mod command;
pub mod event;
pub mod geometry;
pub mod overlays;
pub mod screens;
mod seat;
pub mod shared;
pub mod terminal;
pub mod text;
pub mod widgets;

use std::io;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Instant;

use ratatui::Terminal;
use ratatui::backend::Backend;

pub use crate::store::Memory;
pub use app::App;
use app::Exit;
pub use bot::{Bot, BotRequest};
pub use event::{Event, Signal};
pub use screens::play::Online;
pub use screens::play::recording::Opening;
pub use screens::start::menu::Asked;

use crate::config::Settings;
use crate::core::threads::{self, SpawnError};

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ending {
    /// `None` when the player quit.
    pub signal: Option<Signal>,
    pub save_error: Option<String>,
    /// The full account of what could not be read or saved (the screen showed a short one).
    pub notices: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The game stops before anything is played: nothing is saved over.
    #[error("{0}; the game cannot run without it (any unfinished game is kept as it was)")]
    Thread(#[from] SpawnError),
    #[error("terminal error: {0}")]
    Terminal(#[from] io::Error),
}

/// Plays in the real terminal until the player quits or a signal stops it. On every way out
/// it can catch (a signal, a failing terminal, a panic) the game is saved, the terminal restored.
pub fn run(
    settings: Settings,
    memory: Memory,
    seed: u64,
    asked: Asked,
    opening: Opening,
) -> Result<Ending, RunError> {
    let (tx, rx) = mpsc::channel();
    let movetime = settings.movetime;
    let mut app = App::new(settings, memory, Instant::now());
    let bot = Bot::spawn(tx.clone(), seed, movetime, Arc::clone(&app.shared.watch))?;
    let signals = watch_signals(tx.clone())?;
    let mut terminal = terminal::init()?;
    let size = terminal.size()?;
    tx.send(Event::Resize(size.width, size.height))
        .map_err(io::Error::other)?;
    if let Err(error) = event::spawn_input(tx) {
        terminal::restore();
        signals.close();
        return Err(error.into());
    }
    app.start.asked_for(asked, &app.shared.memory);
    app.open(opening);
    app.initial_requests().into_iter().for_each(|r| bot.ask(r));
    let result = panic::catch_unwind(AssertUnwindSafe(|| {
        run_loop(
            &mut terminal,
            &mut app,
            &rx,
            |request| bot.ask(request),
            |_| terminal::suspend(),
        )
    }));
    // Save first: it matters most, and a hung-up terminal cannot slow it down.
    let saved = app.save_on_exit();
    terminal::restore();
    // Restored above; ratatui's own restoring on drop would print to stderr, which panics
    // (exit 101) when the terminal has hung up. Its buffers go with the process.
    std::mem::forget(terminal);
    signals.close();
    result.unwrap_or_else(|panic| panic::resume_unwind(panic))?;
    let signal = match app.exit {
        Some(Exit::Failed(why)) => return Err(io::Error::other(why).into()),
        Some(Exit::Signal(signal)) => Some(signal),
        _ => None,
    };
    Ok(Ending {
        signal,
        save_error: saved,
        notices: app.shared.memory.details().to_vec(),
    })
}

/// Turns every signal that would end the program into [`Event::Terminate`], so the loop
/// ends the normal way: saving, then restoring the terminal.
fn watch_signals(events: Sender<Event>) -> Result<signal_hook::iterator::Handle, RunError> {
    let mut signals = signal_hook::iterator::Signals::new(Signal::ALL)?;
    let handle = signals.handle();
    threads::spawn("signals", "the signal watcher thread", move || {
        // Only the signals registered above arrive, and each is a `Signal`.
        for signal in signals.forever().filter_map(Signal::from_number) {
            if events.send(Event::Terminate(signal)).is_err() {
                return;
            }
        }
    })?;
    Ok(handle)
}

/// Draws, waits for events and applies them until the app wants to quit; generic over the
/// backend so tests can drive it with `TestBackend`.
pub fn run_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: &Receiver<Event>,
    mut ask_bot: impl FnMut(BotRequest),
    mut suspend: impl FnMut(&mut Terminal<B>) -> io::Result<()>,
) -> io::Result<()> {
    let draw_error = |e: B::Error| io::Error::other(e.to_string());
    while !app.should_quit() {
        terminal
            .draw(|frame| frame.render_widget(&*app, frame.area()))
            .map_err(draw_error)?;
        let Ok(event) = events.recv() else {
            return Ok(()); // every sender is gone: nothing more can happen
        };
        // Apply everything already waiting before drawing again, so a burst of input never
        // queues up behind slow redraws.
        for event in std::iter::once(event).chain(events.try_iter()) {
            if let Event::Resize(..) = event {
                terminal.autoresize().map_err(draw_error)?;
            }
            for request in app.update(event) {
                ask_bot(request);
            }
            if app.should_quit() {
                break;
            }
            if app.take_suspend() {
                suspend(terminal)?;
                resumed(terminal, app, &mut ask_bot).map_err(draw_error)?;
                break; // draw at once for the returning player; later input waits
            }
        }
    }
    Ok(())
}

/// Back from a suspension the screen is unknown and its size may have changed unseen, so
/// both of ratatui's buffers are forgotten (`Terminal::clear` would ask the terminal where
/// its cursor is, see `terminal::init`) and the app learns the size.
fn resumed<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    ask_bot: &mut impl FnMut(BotRequest),
) -> Result<(), B::Error> {
    terminal.autoresize()?;
    terminal.swap_buffers();
    terminal.swap_buffers();
    let size = terminal.size()?;
    for request in app.update(Event::Resize(size.width, size.height)) {
        ask_bot(request);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use crate::config::Settings;

    fn ctrl(c: char) -> Event {
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
    }

    /// Ctrl-Z suspends through the loop's `suspend`, and the screen is painted whole again
    /// afterwards, though what the shell left there is unknown to ratatui.
    #[test]
    fn ctrl_z_suspends_and_the_whole_screen_is_drawn_again() {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let mut app = App::new(Settings::default(), Memory::default(), Instant::now());
        let (tx, rx) = mpsc::channel();
        tx.send(Event::Resize(80, 24)).unwrap();
        tx.send(ctrl('z')).unwrap();
        let mut suspended = 0;
        let suspend = |terminal: &mut Terminal<TestBackend>| {
            suspended += 1;
            // The shell had the screen meanwhile: what it showed is gone on return.
            terminal.backend_mut().clear().unwrap();
            // The next event quits, after the loop has drawn once more.
            tx.send(ctrl('c')).unwrap();
            Ok(())
        };
        run_loop(&mut terminal, &mut app, &rx, |_| {}, suspend).unwrap();
        assert_eq!(suspended, 1);
        let screen = terminal.backend().to_string();
        assert!(screen.contains("Mode"), "{screen}");
    }

    /// Driven through the loop on a `TestBackend`: a finished game (two people, classic
    /// 3x3) writes exactly one record, even when undone after its end and ended again.
    #[test]
    fn a_finished_game_writes_exactly_one_record() {
        let dir = tempfile::tempdir().unwrap();
        let settings = Settings {
            mode: crate::config::Mode::TwoHumans,
            game: crate::games::GameChoice {
                size: Some(3),
                ..crate::games::GameChoice::of(crate::games::GameKind::Classic)
            },
            ..Settings::default()
        };
        let store = crate::store::Store::new(dir.path().to_path_buf(), true);
        let mut app = App::new(settings, Memory::load(store), Instant::now());
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let (tx, rx) = mpsc::channel();
        tx.send(Event::Resize(80, 24)).unwrap();
        tx.send(Event::Key(KeyEvent::new(
            KeyCode::Enter,
            KeyModifiers::NONE,
        )))
        .unwrap();
        for c in "a1b1a2b2a3ua3".chars() {
            tx.send(Event::Key(KeyEvent::new(
                KeyCode::Char(c),
                KeyModifiers::NONE,
            )))
            .unwrap();
        }
        tx.send(ctrl('c')).unwrap();
        run_loop(&mut terminal, &mut app, &rx, |_| {}, |_| Ok(())).unwrap();
        let kept: Vec<_> = std::fs::read_dir(dir.path().join("records"))
            .unwrap()
            .collect();
        assert_eq!(kept.len(), 1, "{kept:?}");
    }
}

#[cfg(test)]
mod drop_game_tests;

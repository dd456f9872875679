//! Taking over the terminal and giving it back on every way out: normal quit, error,
//! Ctrl-C (a key in raw mode, so a normal quit) and panic (a hook restores first).

use std::io::{self, Stdout, Write, stdout};
use std::panic;
use std::thread;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

/// Raw mode, the alternate screen and mouse capture; installs the panic hook first so a
/// panic at any later point leaves a usable terminal.
pub fn init() -> io::Result<Terminal<CrosstermBackend<Stdout>>> {
    install_panic_hook();
    let started = enter().and_then(|()| Terminal::new(CrosstermBackend::new(stdout())));
    if started.is_err() {
        restore();
    }
    started
}

fn enter() -> io::Result<()> {
    enable_raw_mode()?;
    // Clear by escape code: `Terminal::clear` asks the terminal where the cursor is, and a
    // terminal that never answers (some emulators, test harnesses) would stall start-up.
    execute!(
        stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        Hide,
        Clear(ClearType::All)
    )
}

/// Ctrl-Z: raw mode makes it a plain key, so the game gives the terminal back and raises
/// SIGTSTP itself. Without job control the system drops the signal and the game goes on.
pub fn suspend() -> io::Result<()> {
    restore();
    signal_hook::low_level::raise(signal_hook::consts::SIGTSTP)?;
    enter()
}

/// Leaves the terminal as it was; safe to call more than once, errors ignored.
pub fn restore() {
    let _ = disable_raw_mode();
    let _ = write_restore(&mut stdout());
}

/// The escape codes that undo [`init`]'s: mouse capture off, main screen, cursor shown.
fn write_restore(out: &mut impl Write) -> io::Result<()> {
    execute!(out, DisableMouseCapture, LeaveAlternateScreen, Show)?;
    out.flush()
}

/// A panic of the main thread (the one drawing) restores the terminal before its message.
/// Worker threads report their own panics as events: printed, they would scribble over
/// the game's screen.
fn install_panic_hook() {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if thread::current().name() == Some("main") {
            restore();
            previous(info);
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restoring_leaves_the_screen_shows_the_cursor_and_frees_the_mouse() {
        let mut out = Vec::new();
        write_restore(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\x1b[?1049l"), "{text:?}");
        assert!(text.contains("\x1b[?25h"), "{text:?}");
        assert!(text.contains("\x1b[?1000l"), "{text:?}");
    }
}

//! The terminal game: a ratatui screen to play against the bot or a friend.
//!
//! Data flows one way: input thread and bot thread -> [`Event`] -> [`App::update`] -> draw.
//! One loop ([`run_loop`]) owns the `App`; the bot thread owns the solving; nothing else
//! changes the state.

pub mod app;
pub mod bot;
pub mod event;
pub mod keys;
pub mod options;
pub mod review;
pub mod terminal;
pub mod ui;

use std::io;
use std::sync::mpsc::{self, Receiver};
use std::time::Instant;

use ratatui::Terminal;
use ratatui::backend::Backend;

pub use app::App;
pub use bot::{Bot, BotRequest};
pub use event::Event;
pub use options::Options;

/// Plays the game in the real terminal until the player quits.
pub fn run(options: Options) -> io::Result<()> {
    let (tx, rx) = mpsc::channel();
    let bot = Bot::spawn(tx.clone(), options.seed);
    let mut terminal = terminal::init()?;
    let size = terminal.size()?;
    tx.send(Event::Resize(size.width, size.height))
        .map_err(io::Error::other)?;
    event::spawn_input(tx);
    let mut app = App::new(options, Instant::now());
    let result = run_loop(&mut terminal, &mut app, &rx, |request| bot.ask(request));
    terminal::restore();
    result?;
    match app.failure() {
        Some(why) => Err(io::Error::other(why.to_string())),
        None => Ok(()),
    }
}

/// Draws, waits for events and applies them until the app wants to quit. Generic over the
/// backend so tests can drive it with `TestBackend`; `ask_bot` receives the bot requests.
pub fn run_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    events: &Receiver<Event>,
    mut ask_bot: impl FnMut(BotRequest),
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
        }
    }
    Ok(())
}

//! What the screen opens on besides the start screen: a kept game's record to step
//! through (`tictaclatin replay`), or a new game from a given position (`--position`, and
//! "play on from here" on the review screen).

use crate::config::{First, Mode};
use crate::core::Position;
use crate::core::session::Session;
use crate::record::Record;
use crate::tui::app::{App, Keeping, Screen};
use crate::tui::screens::review::ReviewScreen;
use crate::tui::status::StatusLine;

/// What the screen opens on.
#[derive(Default)]
pub enum Opening {
    /// The start screen.
    #[default]
    Menu,
    /// The review of a record; the name it is known by (its file).
    Replay(Box<Record>, String),
    /// A new game of the settings' game, mode and side from this position.
    Position(Box<dyn Position>),
}

impl App {
    /// Opens what the command line asked for.
    pub fn open(&mut self, opening: Opening) {
        match opening {
            Opening::Menu => {}
            Opening::Replay(record, name) => self.open_record(&record, &name),
            Opening::Position(start) => {
                let (mode, starter) = (self.shared.settings.mode, self.shared.settings.first);
                self.start_from(start, mode, starter);
            }
        }
    }

    /// Shows a record on the review screen at its first move: a game of two people (who
    /// played it is in the status line), never saved, its result not counted again.
    pub fn open_record(&mut self, record: &Record, name: &str) {
        let game = record.game.clone();
        let difficulty = self.shared.settings.difficulty;
        let mut session = Session::new(game, Mode::TwoHumans, First::You, difficulty)
            .from_start(record.start_position());
        for entry in &record.moves {
            // `record::read` replayed these already.
            if session.history.play(entry.mv).is_err() {
                break;
            }
        }
        session.mark_counted();
        self.shared.memory.release();
        self.play.keeping = Keeping::Replay;
        self.play.session = session;
        self.play.resumed = true;
        self.play.hints = false;
        self.show_new_game();
        self.play.replayed = Some(Box::new(record.clone()));
        let first = record.tag("First").unwrap_or("?");
        let second = record.tag("Second").unwrap_or("?");
        // Written as `tictaclatin games` lists the players.
        let lead = format!("{name}: {first} - {second}, {}.", record.outcome.token());
        if record.moves.is_empty() {
            self.shared.status = StatusLine::note(format!("{lead} No moves."));
        } else {
            // The footer lists review's keys; with them the line would wrap over it.
            self.screen = Screen::Review(ReviewScreen::first());
            self.shared.status = StatusLine::note(lead);
        }
    }

    /// A new game of the game on the board from `start`, with these players. It is not
    /// written to resume (see [`Keeping::FromPosition`]) and leaves any unfinished game of
    /// this kind as it is; its record is kept when it ends.
    pub fn start_from(&mut self, start: Box<dyn Position>, mode: Mode, starter: First) {
        let game = self.play.session.game.clone();
        let session =
            Session::new(game, mode, starter, self.play.session.difficulty).from_start(start);
        self.shared.memory.release();
        self.shared.memory.dismiss_notices();
        self.play.keeping = Keeping::FromPosition;
        self.play.session = session;
        self.play.resumed = false;
        self.play.hints = self.shared.settings.hints.on();
        self.show_new_game();
        self.shared.status = StatusLine::turn(&self.play.keeping.note(), &self.turn_text());
    }
}

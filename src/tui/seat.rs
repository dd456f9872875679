//! The seam for a game played across the network (`tictaclatin serve`): every player has a
//! terminal game of their own, with its own screens, cursor, hints and review, while the
//! room on the server owns the game they share. The server reads the game each one has on
//! the board, and brings each board to the room's game; the rest of the terminal game is
//! the one played at home.

use crate::core::session::Session;
use crate::tui::app::{App, Screen};
use crate::tui::shared::StatusLine;

impl App {
    /// The game on the board, once one was started (before that the start screen only
    /// shows choices).
    pub fn session(&self) -> Option<&Session> {
        self.play.has_game.then_some(&self.play.session)
    }

    /// Brings the board to `room`'s game: the same game played on (or taken back) keeps
    /// this player's screen, cursor and hints and says the move; any other game is put on
    /// the game screen as a new one.
    pub fn follow(&mut self, room: &Session) {
        if !(self.play.has_game && continues(&self.play.session, room)) {
            self.play.session = room.clone();
            self.play.resumed = false;
            self.play.show_new_game(&mut self.shared);
            self.screen = Screen::Play;
            return;
        }
        let before = self.play.session.moves().len();
        let session = &mut self.play.session;
        session.history = room.history.clone();
        session.kept.names_swapped = room.kept.names_swapped;
        session.kept.human = room.kept.human;
        session.kept.difficulty = room.kept.difficulty;
        if let Some(gone) = room.timed_out() {
            session.time_out(gone);
        }
        self.play.bot.cancel();
        self.play.bot_note = None;
        self.play.replayed = None;
        self.play.follow_legal_moves();
        // A review steps through moves that may be gone now.
        if matches!(self.screen, Screen::Review(_)) {
            self.screen = Screen::Play;
        }
        let moves = self.play.session.moves();
        self.shared.status = match moves.last() {
            Some(last) if moves.len() == before + 1 => {
                self.play.after_move_status(*last, &self.shared.settings)
            }
            _ => StatusLine::turn("", &self.play.turn_text(&self.shared.settings)),
        };
    }

    /// Takes any game off the board (the room has none yet): back to the start screen.
    pub fn clear_board(&mut self) {
        self.play.has_game = false;
        self.play.bot.cancel();
        self.screen = Screen::Start;
    }

    /// Says `note` where the screen showing says things: the start screen's line or the
    /// status line.
    pub fn say(&mut self, note: impl Into<String>) {
        let note = note.into();
        match self.screen {
            Screen::Start => self.start.note = Some(note),
            _ => self.shared.status = StatusLine::note(note),
        }
    }
}

/// Whether `room` is `board`'s game played on or taken back: the same game, players and
/// start, with the moves of one a beginning of the other's.
fn continues(board: &Session, room: &Session) -> bool {
    let (a, b) = (board.moves(), room.moves());
    let shorter = a.len().min(b.len());
    board.game.key() == room.game.key()
        && board.kept.mode == room.kept.mode
        && board.history.position_at(0).text() == room.history.position_at(0).text()
        && a[..shorter] == b[..shorter]
}

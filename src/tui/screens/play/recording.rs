//! The record of the game on the board: kept when it ends, or written from the review.

use std::time::SystemTime;

use crate::config::{First, Mode, Settings};
use crate::core::game_loop::End;
use crate::core::session::{Controller, Session};
use crate::core::{Outcome, Position, Side, Status};
use crate::record::{self, MoveEntry, Record};
use crate::store::{Counted, record_key, write_new_record};
use crate::tui::screens::play::PlayScreen;
use crate::tui::screens::play::keeping::Keeping;
use crate::tui::shared::{Shared, StatusLine};

/// Said when a finished game is left out of the record because the sides were swapped.
pub const NOT_RECORDED: &str = "Not recorded: sides were swapped.";

#[derive(Default)]
pub enum Opening {
    #[default]
    Menu,
    /// The review of a record; the name it is known by (its file).
    Replay(Box<Record>, String),
    Position(Box<dyn Position>),
    /// A puzzle of the game's shipped set, by its place in it (from 0, the easiest).
    Puzzle(usize),
}

impl PlayScreen {
    /// The record of the game on the board as it stands, `ended` (UTC) its date.
    pub fn game_record(&self, ended: SystemTime, settings: &Settings) -> Record {
        let session = &self.session;
        let game = session.game.clone();
        let mut record = Record::new(game.clone());
        let (date, time) = record::utc(ended);
        record.set_tag("Date", date);
        record.set_tag("Time", time);
        for (side, name) in [(Side::First, "First"), (Side::Second, "Second")] {
            record.set_tag(name, self.name(side, settings));
            let kind = match self.session.controller(side) {
                Controller::Human => "human".to_string(),
                // The level the result counts at, so `games --opponent easy` finds a game
                // counted against easy.
                Controller::Bot => game.level_name(session.level_played(side)).to_string(),
            };
            record.set_tag(&format!("{name}Player"), kind);
        }
        if session.kept.swapped {
            record.set_tag("Swapped", "the players named are those at the end");
        }
        let history = &session.history;
        let start = history.position_at(0);
        if start.text() != game.start().text() {
            record.start = Some(start.clone_box());
        }
        record.moves = history
            .moves()
            .iter()
            .map(|&mv| MoveEntry::new(mv))
            .collect();
        let end = history.position();
        let status = session.status();
        record.outcome = status;
        if status.is_over() {
            let how = if session.timed_out().is_some() {
                End::TimeOut
            } else if game.decided_on_points(end).is_some() {
                End::OnPoints
            } else if status == Status::Draw {
                End::Draw
            } else {
                End::Won
            };
            record.set_tag("Termination", record::termination(how));
        }
        if let Some([first, second]) = game.points(end) {
            record.set_tag("Points", format!("{first}-{second}"));
        }
        if let Some(limit) = settings.move_limit {
            record.set_tag("MoveLimit", format!("{} s", limit.as_secs_f64()));
        }
        record
    }

    /// A game just ended (and counted, once): its record is kept when a person played it
    /// (not the demo, not a copy of another window's game) and records are kept.
    fn keep_finished_record(&mut self, ended: SystemTime, shared: &mut Shared) {
        if self.session.kept.mode == Mode::Demo
            || !self.keeping.records()
            || !shared.settings.keep_records
            || !shared.memory.saves()
        {
            return;
        }
        let record = self.game_record(ended, &shared.settings);
        if let Err(why) = shared.memory.keep_record(&record, ended) {
            shared
                .status
                .add(&format!("The game's record was not kept: {why}"));
        }
    }

    /// The record the review screen writes: a replayed one as it was read.
    pub(crate) fn record_to_write(&self, now: SystemTime, settings: &Settings) -> Record {
        match &self.replayed {
            Some(record) => (**record).clone(),
            None => self.game_record(now, settings),
        }
    }

    /// The review screen's write key: the record goes to a new file in the current directory.
    pub fn write_record(&mut self, shared: &mut Shared) {
        let now = SystemTime::now();
        let written = std::env::current_dir()
            .map_err(|e| format!("no current directory: {e}"))
            .and_then(|dir| {
                write_new_record(&dir, &self.record_to_write(now, &shared.settings), now)
                    .map_err(|e| format!("cannot write in {}: {e}", dir.display()))
            });
        shared.status = StatusLine::note(match written {
            Ok(path) => format!("Record written to {}.", path.display()),
            Err(why) => format!("The record was not written: {why}."),
        });
    }

    /// The review screen's play-on key: a new game from the position after move `shown`,
    /// the person taking the side to move; whether it started.
    pub fn play_on(&mut self, shown: usize, shared: &mut Shared) -> bool {
        let position = self.session.history.position_at(shown).clone_box();
        if position.status().is_over() {
            shared.status = StatusLine::note(
                "The game is over at this move: step back to a move to play on from.",
            );
            return false;
        }
        let mode = match self.keeping {
            Keeping::Replay => shared.settings.mode,
            _ => self.session.kept.mode,
        };
        let starter = match position.to_move() {
            Side::First => First::You,
            Side::Second => First::Bot,
        };
        self.start_from(position, mode, starter, shared);
        true
    }

    /// Puts a record on the board to review, never saved or counted again; whether it has moves.
    pub fn open_record(&mut self, record: &Record, name: &str, shared: &mut Shared) -> bool {
        let game = record.game.clone();
        let difficulty = shared.settings.difficulty;
        let mut session = Session::new(game, Mode::TwoHumans, First::You, difficulty)
            .from_start(record.start_position());
        for entry in &record.moves {
            // `record::read` replayed these already.
            if session.history.play(entry.mv).is_err() {
                break;
            }
        }
        // A kept game looked at again does not count again.
        session.kept.counted = true;
        shared.memory.release();
        self.keeping = Keeping::Replay;
        self.session = session;
        self.resumed = true;
        self.hints = false;
        self.show_new_game(shared);
        self.replayed = Some(Box::new(record.clone()));
        let first = record.tag("First").unwrap_or("?");
        let second = record.tag("Second").unwrap_or("?");
        // Written as `tictaclatin games` lists the players.
        let result = record::result_token(record.outcome);
        let lead = format!("{name}: {first} - {second}, {result}.");
        // On review, the footer lists its keys; with them the line would wrap over it.
        let no_moves = if record.moves.is_empty() {
            " No moves."
        } else {
            ""
        };
        shared.status = StatusLine::note(format!("{lead}{no_moves}"));
        !record.moves.is_empty()
    }

    /// A new game of the game on the board from `start`, with these players (see
    /// [`Keeping::FromPosition`]).
    pub fn start_from(
        &mut self,
        start: Box<dyn Position>,
        mode: Mode,
        starter: First,
        shared: &mut Shared,
    ) {
        let game = self.session.game.clone();
        let session =
            Session::new(game, mode, starter, self.session.kept.difficulty).from_start(start);
        self.start_session(session, shared);
    }

    /// `session`, a game from a position, on the board (see [`Keeping::FromPosition`]).
    pub fn start_session(&mut self, session: Session, shared: &mut Shared) {
        shared.memory.release();
        shared.memory.dismiss_notices();
        self.keeping = Keeping::FromPosition;
        self.session = session;
        self.resumed = false;
        self.hints = shared.settings.hints.on();
        self.show_new_game(shared);
        // With saving off the player knows nothing is kept: no note says it will be.
        let note = if shared.memory.saves() {
            self.keeping.note()
        } else {
            String::new()
        };
        shared.status = StatusLine::turn(&note, &self.turn_text(&shared.settings));
    }

    /// Once per game, when it ends: the result goes into the record.
    pub fn count_result(&mut self, shared: &mut Shared) {
        if !self.has_game {
            return;
        }
        let Some(finished) = self.session.take_result() else {
            return;
        };
        // A puzzle counts as one, when the person's moves are judged.
        if self.puzzle.is_some() {
            return;
        }
        if finished.outcome == Outcome::Loss && self.session.kept.mode == Mode::VsBot {
            self.find_missed(shared);
        }
        let key = self.session.game.key();
        if !self.keeping.records() {
            shared
                .status
                .add("Not recorded: another window plays this game.");
            return;
        }
        let mut saved = Ok(None);
        if let Some(record) = record_key(&key, &finished) {
            saved = shared.memory.count(Counted::Game(record, finished.outcome));
            // The level changed during the game: say where the result went.
            if let (Mode::VsBot, Some((_, Some(level)))) = (self.session.kept.mode, finished.counts)
                && level != self.session.kept.difficulty
            {
                let name = self.game().level_name(level);
                shared.status.add(&format!(
                    "Recorded at {name}, the weakest level the bot played."
                ));
            }
        } else if self.session.kept.swapped {
            // Not counted, so not listed either: no record of it is kept.
            shared.status.add(NOT_RECORDED);
            return;
        }
        // Not saved, or the record was damaged meanwhile and set aside: said at once.
        let trouble = saved.unwrap_or_else(|why| Some(why.to_string()));
        if let Some(trouble) = trouble {
            shared.status.add(&format!("({trouble})"));
        }
        self.keep_finished_record(SystemTime::now(), shared);
    }
}

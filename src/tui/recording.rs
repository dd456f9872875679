//! The record of the game on the board: made when a game a person played ends and kept in
//! the data folder's `records/` (see [`Store::keep_record`](crate::store::Store)), or
//! written on request from the review screen.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::app::{App, Keeping};
use super::status::StatusLine;
use crate::config::{First, Mode};
use crate::core::game_loop::End;
use crate::core::session::Controller;
use crate::core::{Side, Status};
use crate::record::{self, Entry, Record, RecordOutcome};

impl App {
    /// The record of the game on the board as it stands, with the tags a person's game
    /// has: when (`ended`, in UTC), who played each side, how it ended.
    pub fn game_record(&self, ended: SystemTime) -> Record {
        let session = &self.play.session;
        let game = session.game.clone();
        let mut record = Record::new(game.clone());
        let (date, time) = record::utc(ended);
        record.set_tag("Date", date);
        record.set_tag("Time", time);
        for side in [Side::First, Side::Second] {
            let (name, player) = match side {
                Side::First => ("First", "FirstPlayer"),
                Side::Second => ("Second", "SecondPlayer"),
            };
            record.set_tag(name, self.name(side));
            let kind = match self.play.session.controller(side) {
                Controller::Human => "human".to_string(),
                // The level the result counts at, so `games --opponent easy` finds a game
                // counted against easy.
                Controller::Bot => game.level_name(session.level_played(side)).to_string(),
            };
            record.set_tag(player, kind);
        }
        let history = &session.history;
        let start = history.position_at(0);
        if start.text() != game.start().text() {
            record.start = Some(start.clone_box());
        }
        record.moves = history.moves().iter().map(|&mv| Entry::new(mv)).collect();
        let end = history.position();
        let status = session.status();
        record.outcome = match status {
            Status::Won(side) => RecordOutcome::Won(side),
            Status::Draw => RecordOutcome::Draw,
            Status::InPlay => RecordOutcome::Unfinished,
        };
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
        if let Some(limit) = self.shared.settings.move_limit {
            record.set_tag("MoveLimit", format!("{} s", limit.as_secs_f64()));
        }
        record
    }

    /// A game just ended (and counted, once): its record is kept, when a person played it
    /// (not the demo, not a copy of another window's game) and records are kept. A failed
    /// write is said in the status line.
    pub(super) fn keep_finished_record(&mut self, ended: SystemTime) {
        if self.play.session.mode == Mode::Demo
            || !self.play.keeping.records()
            || !self.shared.settings.keep_records
            || !self.shared.memory.saves()
        {
            return;
        }
        let record = self.game_record(ended);
        if let Err(why) = self.shared.memory.keep_record(&record, ended) {
            self.shared.status = StatusLine::note(format!(
                "{} The game's record was not kept: {why}",
                self.shared.status.text
            ));
        }
    }

    /// The record the review screen writes: a replayed record as it was read, else the
    /// game on the board's.
    pub(super) fn record_to_write(&self, now: SystemTime) -> Record {
        match &self.play.replayed {
            Some(record) => (**record).clone(),
            None => self.game_record(now),
        }
    }

    /// The review screen's write key: the record goes to a new file in the current
    /// directory, and the status line says where (or why not).
    pub(super) fn write_record(&mut self) {
        let now = SystemTime::now();
        let written = std::env::current_dir()
            .map_err(|e| format!("no current directory: {e}"))
            .and_then(|dir| write_record_file(&self.record_to_write(now), &dir, now));
        self.shared.status = StatusLine::note(match written {
            Ok(path) => format!("Record written to {}.", path.display()),
            Err(why) => format!("The record was not written: {why}."),
        });
    }

    /// The review screen's play-on key: a new game from the position after move `shown`,
    /// the person (against the bot) taking the side to move there.
    pub(super) fn play_on(&mut self, shown: usize) {
        let position = self.play.session.history.position_at(shown).clone_box();
        if position.status().is_over() {
            self.shared.status = StatusLine::note(
                "The game is over at this move: step back to a move to play on from.",
            );
            return;
        }
        let mode = match self.play.keeping {
            Keeping::Replay => self.shared.settings.mode,
            _ => self.play.session.mode,
        };
        let starter = match position.to_move() {
            Side::First => First::You,
            Side::Second => First::Bot,
        };
        self.start_from(position, mode, starter);
    }
}

/// Writes `record` to a new file in `dir` named by `now` and its game, never over
/// another; returns its path, or why it could not be written.
pub fn write_record_file(record: &Record, dir: &Path, now: SystemTime) -> Result<PathBuf, String> {
    let stamp = record::file_stamp(now);
    let key = record.game.key();
    let text = record.to_text();
    for n in 1..1000 {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!("-{n}")
        };
        let path = dir.join(format!("{stamp}-{key}{suffix}.txt"));
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path);
        match file {
            Ok(mut file) => {
                use std::io::Write;
                return file
                    .write_all(text.as_bytes())
                    .map(|()| path.clone())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(format!("cannot write {}: {e}", path.display())),
        }
    }
    Err(format!(
        "too many records named {stamp}-{key} in {}",
        dir.display()
    ))
}

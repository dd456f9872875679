//! The record of the game on the board: made when a game a person played ends and kept in
//! the data folder's `records/` (see [`Store::keep_record`](crate::store::Store)), or
//! written on request from the review screen.

use std::time::SystemTime;

use super::app::App;
use super::status::StatusLine;
use crate::config::Mode;
use crate::core::game_loop::End;
use crate::core::session::Controller;
use crate::core::{Side, Status};
use crate::record::{self, Entry, Outcome, Record};

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
            let kind = match self.controller(side) {
                Controller::Human => "human".to_string(),
                Controller::Bot => game.level_name(session.level_of(side)).to_string(),
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
            Status::Won(side) => Outcome::Won(side),
            Status::Draw => Outcome::Draw,
            Status::InPlay => Outcome::Unfinished,
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
        if let Some(limit) = self.settings.move_limit {
            record.set_tag("MoveLimit", format!("{} s", limit.as_secs_f64()));
        }
        record
    }

    /// A game just ended (and counted, once): its record is kept, when a person played it
    /// (not the demo, not a copy of another window's game) and records are kept. A failed
    /// write is said in the status line.
    pub(super) fn keep_finished_record(&mut self, ended: SystemTime) {
        if self.mode() == Mode::Demo
            || !self.play.keeping.records()
            || !self.settings.keep_records
            || !self.memory.saves()
        {
            return;
        }
        let record = self.game_record(ended);
        if let Err(why) = self.memory.keep_record(&record, ended) {
            self.status = StatusLine::note(format!(
                "{} The game's record was not kept: {why}",
                self.status.text
            ));
        }
    }
}

//! A person at a room's table: their terminal game (the same `App` as at home) brought
//! together with the room's game after every event (see [`super::table`]), their seat's
//! names and hints as the table has them, and the claim of a game whose other player left.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use super::room::{Role, Room};
use super::table::{MemberId, Settled};
use crate::core::Move;
use crate::core::session::Session;
use crate::tui::{App, BotRequest, Online};

/// The game on a board, as far as the room cares: which game, whose, from where, and the
/// moves.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Snapshot {
    game: String,
    mode: crate::config::Mode,
    start: String,
    moves: Vec<Move>,
    sides: (bool, Option<crate::core::Side>),
    /// The side that lost by leaving, once its game was claimed.
    gone: Option<crate::core::Side>,
}

impl Snapshot {
    fn of(session: &Session) -> Snapshot {
        Snapshot {
            game: session.game.key(),
            mode: session.kept.mode,
            start: session.history.position_at(0).text(),
            moves: session.moves().to_vec(),
            sides: (session.kept.names_swapped, session.kept.human),
            gone: session.timed_out(),
        }
    }
}

pub(crate) struct AtTable {
    pub app: App,
    pub room: Arc<Room>,
    pub id: MemberId,
    /// The board as last agreed with the table.
    synced: Option<Snapshot>,
    /// The room's version the board last saw.
    seen: u64,
    role: Role,
    /// The table's hints, which a game between two people holds every board to.
    hints: Option<bool>,
    /// What the person calls themself ("You").
    you: String,
}

impl AtTable {
    pub fn new(app: App, room: Arc<Room>, id: MemberId) -> AtTable {
        let you = app.shared.settings.names.you.clone();
        let mut at = AtTable {
            app,
            room,
            id,
            synced: None,
            seen: 0,
            role: Role::Watching,
            hints: None,
            you,
        };
        at.app.play.online = Some(Online::Player);
        at.sync();
        at
    }

    /// The bot moves only for the person whose game against it is on the table: a
    /// watcher's board waits for that person's bot.
    pub fn may_ask(&self, request: &BotRequest) -> bool {
        !matches!(request, BotRequest::Move { .. })
            || matches!(self.role, Role::Seated { bot: true, .. })
    }

    /// The board's change goes to the table (or is put back, with why); the table's
    /// changes come to the board.
    pub fn sync(&mut self) {
        let board = self.app.session().map(Snapshot::of);
        let mut refused = None;
        if board.is_some() && board != self.synced {
            let session = self.app.session().expect("a game is on the board").clone();
            match self.room.propose(self.id, &session, self.app.play.hints) {
                Ok(accepted) => {
                    self.synced = board.clone();
                    self.seen = accepted.version;
                    // A puzzle is no game: the ledger lists games.
                    if accepted.finished.is_some() && self.app.play.puzzle.is_none() {
                        // Into the server's ledger, whatever the host's own settings keep.
                        self.room.record(&self.game_record(), None);
                    }
                }
                Err(why) => {
                    self.seen = 0;
                    refused = Some(why);
                }
            }
        }
        if let Some(view) = self.room.look(self.id, self.seen) {
            self.seen = view.version;
            self.role = view.role;
            self.hints = view.hints;
            self.app.play.online = Some(match view.role {
                Role::Watching => Online::Watcher,
                _ => Online::Player,
            });
            match &view.session {
                Some(table) => {
                    self.name_seats(&view.names, table);
                    if Some(Snapshot::of(table)) != board || refused.is_some() {
                        self.app.follow(table);
                    }
                }
                None => self.app.clear_board(),
            }
            self.synced = self.app.session().map(Snapshot::of);
            if !view.notes.is_empty() {
                self.app.say(view.notes.join(" "));
            }
        }
        // A game between two people has hints for both or for neither, chosen at its start.
        if let Some(hints) = self.hints
            && self.app.play.hints != hints
            && self.app.session().is_some()
        {
            self.app.play.hints = hints;
            let on = if hints { "on" } else { "off" };
            if self.role != Role::Watching {
                refused.get_or_insert(format!(
                    "Hints are {on} for both players in this game, as chosen at its start."
                ));
            }
        }
        if let Some(why) = refused {
            self.app.say(why);
        }
    }

    /// The seats' names on this board: "You" for the person's own.
    fn name_seats(&mut self, names: &[String; 2], table: &Session) {
        let settings = &mut self.app.shared.settings.names;
        [settings.first, settings.second] = names.clone();
        // Against the bot the one seated person is "you"; a watcher reads their name.
        settings.you = match table.kept.mode == crate::config::Mode::VsBot {
            true => names[0].clone(),
            false => self.you.clone(),
        };
    }

    /// The game on the board as a record, its players named as they are.
    fn game_record(&self) -> crate::record::Record {
        let mut settings = self.app.shared.settings.clone();
        let [first, second] = self.room.real_names();
        settings.names.first = first.clone();
        settings.names.second = second;
        settings.names.you = first;
        self.app.play.game_record(SystemTime::now(), &settings)
    }

    /// While the opponent is away from a game in progress: the time left before this
    /// player may claim it, counting down, then how to. `W` claims the win, `X` calls the
    /// game off, once they may.
    pub fn claim(&mut self, key: Option<char>) -> bool {
        let Some((left, other)) = self.room.claim_in(self.id) else {
            return false;
        };
        if left > Duration::ZERO {
            self.app.say(format!(
                "{other} left: you may claim the game in {} s, or wait for them.",
                left.as_secs() + 1
            ));
            return false;
        }
        let settled = match key {
            Some(key @ ('W' | 'X')) => self.room.settle(self.id, key == 'W'),
            _ => {
                self.app.say(format!(
                    "{other} has not come back: W claims the win, X calls the game off (or \
                     wait for them)."
                ));
                return false;
            }
        };
        if let Some(settled) = settled {
            let mut record = self.game_record();
            let why = match settled {
                Settled::Abandoned(side) => {
                    record.outcome = crate::core::Status::Won(side);
                    "won: the other player left and did not come back"
                }
                Settled::CalledOff => "called off: a player left and did not come back",
            };
            record.set_tag("Ended", why);
            self.room.record(&record, Some(settled));
        }
        true
    }
}

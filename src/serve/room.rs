//! A room: the people in it, in the order they came, and its table.
//!
//! The first person in a room with no game chooses one on the start screen; a two-player
//! game seats the next person as Player 2, and everyone after watches. A seat is its
//! owner's until the game ends (see [`super::table`]). Whenever the table changes, everyone
//! else in the room is woken to bring their board to it; what the room says to one person
//! (someone joined, left, came back) waits in their notes.

use std::sync::mpsc::Sender;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::keeper::Keeper;
use super::ledger::{Ending, GameResult};
use super::table::{self, Change, MemberId, Person, PersonId, Seat, Settled, Sitter, Table};
use crate::config::Mode;
use crate::core::session::{Finished, Session};
use crate::core::{Outcome, Side, Status};
use crate::tui::Event;

pub struct Room {
    pub name: String,
    words: Words,
    state: Mutex<State>,
    keeper: Keeper,
}

#[derive(Default)]
struct State {
    members: Vec<Member>,
    table: Option<Table>,
    /// Counts the table's changes: a board that saw this many is up to date.
    version: u64,
}

struct Member {
    id: MemberId,
    person: Person,
    /// Wakes the member's game loop.
    wake: Sender<Event>,
    notes: Vec<String>,
}

/// What the room says things with, from the server's settings.
#[derive(Clone, Debug)]
pub struct Words {
    /// The symbols of the first and second sides.
    pub symbols: [String; 2],
    /// The first key that swaps sides.
    pub swap: String,
    /// How a person joins a room again, with `NAME` and `ROOM` to fill in: `ssh -t -p
    /// 2222 NAME@host ROOM`.
    pub join: String,
    /// What a person calls themself on their own screen ("You").
    pub you: String,
    /// How long a player may be away from a game in progress before the one left may claim
    /// it (lichess gives about a minute in fast games).
    pub claim_after: Duration,
}

/// What the others in a room with no game yet are told.
const FIRST_CHOOSES: &str = "The first to join chooses the game; it shows here once it starts.";

/// What a person's board is to show, when it changed since they last looked.
pub struct View {
    pub version: u64,
    /// The game on the table.
    pub session: Option<Session>,
    pub role: Role,
    pub notes: Vec<String>,
    /// The seats' names as this person reads them: their own is "You".
    pub names: [String; 2],
    /// The table's hints, which every board of a game between two people follows; `None`
    /// when the person chooses their own (their game against the bot, or none yet).
    pub hints: Option<bool>,
}

/// Where a person is in the room.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    /// Choosing the game: the first person, before there is one.
    Choosing,
    /// At a seat; `bot` when their own bot plays the other side.
    Seated {
        seat: Seat,
        bot: bool,
    },
    Watching,
}

/// What the table took.
pub struct Accepted {
    pub version: u64,
    /// The game has just ended: what its result counts as, for the records.
    pub finished: Option<Finished>,
}

impl Room {
    /// A room holding `table` (a game kept from before), with nobody in it yet.
    pub fn new(name: String, words: Words, table: Option<Table>, keeper: Keeper) -> Room {
        Room {
            name,
            words,
            state: Mutex::new(State {
                table,
                ..State::default()
            }),
            keeper,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `person` comes in as `id`: back to their own seat, to a free seat at a game that
    /// has one, else to watch (or choose, in an empty room with no game).
    pub fn join(&self, id: MemberId, person: Person, wake: Sender<Event>) {
        let mut state = self.lock();
        let name = person.name.clone();
        let first = state.members.is_empty();
        let (own, others) = match &mut state.table {
            Some(table) => {
                let seat = table.seat_owned_by(&person.id).or_else(|| free_seat(table));
                match seat {
                    Some(seat) => {
                        let back = table.sitter(seat).is_some();
                        table.seats[seat.index()] = Some(Sitter::here(person.clone(), id));
                        let on = match (table.in_progress(), table.settled) {
                            (true, _) => " The game goes on.",
                            (false, Some(_)) => " Its game is over: n starts another.",
                            (false, None) => "",
                        };
                        let joined = if back { "is back" } else { "joined" };
                        let you = self.you_are(table, seat, &person);
                        let over = table.settled_note().map(|n| n + " ").unwrap_or_default();
                        (
                            format!("{over}{}{you}", on.trim_start()),
                            Some(format!("{name} {joined}.{on}")),
                        )
                    }
                    None => (table.watching(), Some(format!("{name} is watching."))),
                }
            }
            None if first => (
                format!(
                    "You are first in {}: choose the game; the next to join plays you.",
                    self.name
                ),
                None,
            ),
            None => (
                FIRST_CHOOSES.into(),
                Some(format!(
                    "{name} joined: they play you once you start the game."
                )),
            ),
        };
        if let Some(note) = others {
            state.tell_others(Some(id), note);
        }
        state.members.push(Member {
            id,
            person,
            wake,
            notes: vec![own],
        });
        state.version += 1;
    }

    /// `id` leaves (quit, or the link dropped). Their seat at a game in progress waits for
    /// them; any other seat is given up. Returns whether the room is empty now.
    pub fn leave(&self, id: MemberId) -> bool {
        let mut state = self.lock();
        state.members.retain(|m| m.id != id);
        let seat = state.table.as_ref().and_then(|t| t.seat_of(id));
        if let (Some(table), Some(seat)) = (&mut state.table, seat) {
            let name = table.name(seat).to_string();
            let opponent = table.sitter(seat.other()).and_then(|s| s.here);
            let note = if table.in_progress() && table.between_two() {
                let sitter = table.seats[seat.index()].as_mut().expect("seated");
                sitter.here = None;
                sitter.away = Some(Instant::now());
                format!("{name} left: the game waits for them.")
            } else {
                table.seats[seat.index()] = None;
                format!("{name} left.")
            };
            state.tell_others(Some(id), note.clone());
            if let Some(opponent) = opponent.filter(|_| note.contains("waits")) {
                let counts = "If they do not come back, you may claim it or call it off.";
                state.tell(opponent, counts.into());
            }
        } else if state.table.is_none() && !state.members.is_empty() {
            // The one choosing left: the next person chooses now.
            let next = &mut state.members[0];
            next.notes
                .push("You choose the game now; the next to join plays you.".into());
            let _ = next.wake.send(Event::Tick(Instant::now()));
        }
        state.version += 1;
        state.members.is_empty()
    }

    /// What `id`'s board is to show, when anything changed since version `seen` or the
    /// room has something to tell them.
    pub fn look(&self, id: MemberId, seen: u64) -> Option<View> {
        let mut state = self.lock();
        let version = state.version;
        let role = state.role(id);
        let table = state.table.as_ref();
        let session = table.map(|t| t.session.clone());
        let names = Seat::BOTH.map(|seat| match table {
            Some(t) if t.seat_of(id) == Some(seat) => self.words.you.clone(),
            Some(t) => t.name(seat).to_string(),
            None => String::new(),
        });
        let hints = table
            .filter(|t| t.session.kept.mode == Mode::TwoHumans)
            .map(|t| t.hints && (role != Role::Watching || t.session.status().is_over()));
        let member = state.members.iter_mut().find(|m| m.id == id)?;
        if version == seen && member.notes.is_empty() {
            return None;
        }
        Some(View {
            version,
            session,
            role,
            notes: std::mem::take(&mut member.notes),
            names,
            hints,
        })
    }

    /// How long until `id` may claim the game their opponent left: zero when they may
    /// now, `None` when there is nothing to claim; and the opponent's name.
    pub fn claim_in(&self, id: MemberId) -> Option<(Duration, String)> {
        let state = self.lock();
        let table = state.table.as_ref()?;
        let seat = table.seat_of(id)?;
        let left = table.claim_in(seat, Instant::now(), self.words.claim_after)?;
        Some((left, table.name(seat.other()).to_string()))
    }

    /// `id` ends the game their opponent left: `win` claims it, else it is called off.
    /// What its result counts as, for the records, when it was theirs to end.
    pub fn settle(&self, id: MemberId, win: bool) -> Option<Settled> {
        let mut state = self.lock();
        let table = state.table.as_mut()?;
        let seat = table.seat_of(id)?;
        if table.claim_in(seat, Instant::now(), self.words.claim_after)? > Duration::ZERO {
            return None;
        }
        let side = table.side_of(seat)?;
        let settled = match win {
            true => Settled::Abandoned(side),
            false => Settled::CalledOff,
        };
        table.settled = Some(settled);
        table.recorded = true;
        if win {
            // Lost as on time: the game is over on every board, the winner's.
            table.session.time_out(side.other());
        }
        let (name, other) = (table.name(seat).to_string(), table.name(seat.other()));
        let note = match settled {
            Settled::Abandoned(_) => format!("{name} wins: {other} left and did not come back."),
            Settled::CalledOff => format!("{name} called the game off: {other} did not come back."),
        };
        self.keeper.keep(&self.name, table);
        // The one who won reads it on their board; a game called off is said to all.
        state.tell_others(win.then_some(id), note);
        state.version += 1;
        Some(settled)
    }

    /// `id` changed their board to `board` (with `hints` on or off): the table takes it,
    /// or the refusal says why (their board is then put back).
    pub fn propose(&self, id: MemberId, board: &Session, hints: bool) -> Result<Accepted, String> {
        let mut state = self.lock();
        let waiting = state.first_unseated(id);
        let me = state.members.iter().find(|m| m.id == id);
        let me = me.map(|m| m.person.clone());
        let me_name = me.as_ref().map(|p| p.name.clone());
        let chooses = state.members.first().map(|m| m.id) == Some(id);
        let seated_before = state
            .table
            .as_ref()
            .map(|t| t.seats.clone().map(|s| s.map(|s| s.person.id)));
        let kind =
            (state.table.as_ref()).map_or(Change::NewGame, |t| table::change(&t.session, board));
        match (&mut state.table, me) {
            (None, Some(me)) if chooses => {
                let chooser = Sitter::here(me, id);
                state.table = Some(Table::new(board.clone(), chooser, waiting, hints));
            }
            (None, _) => return Err(FIRST_CHOOSES.into()),
            (Some(table), _) => {
                table.judge(id, board)?;
                table.take(id, board, hints, waiting);
            }
        }
        if let (Change::TookBack(_), Some(me)) = (kind, &me_name) {
            state.tell_others(Some(id), format!("{me} took back their last move."));
        }
        let table = state.table.as_mut().expect("set above");
        let finished = table.finish();
        self.keeper.keep(&self.name, table);
        // Whoever sits down now (the next to join) is told where, and everyone seated is
        // told again when the game or the sides change.
        let table = table.clone();
        for seat in Seat::BOTH {
            let Some((sitter, member)) = table.sitter(seat).and_then(|s| Some((s, s.here?))) else {
                continue;
            };
            let sat_down = seated_before
                .as_ref()
                .is_none_or(|before| before[seat.index()].as_ref() != Some(&sitter.person.id));
            if sat_down || matches!(kind, Change::NewGame | Change::Sides) {
                state.tell(member, self.you_are(&table, seat, &sitter.person));
            }
        }
        state.version += 1;
        let version = state.version;
        for member in state.members.iter().filter(|m| m.id != id) {
            let _ = member.wake.send(Event::Tick(Instant::now()));
        }
        Ok(Accepted { version, finished })
    }

    /// "You play O against ana.", before the first move of two people's game the hints and
    /// how to swap sides; for a person without a key, first, how to take the seat back.
    fn you_are(&self, table: &Table, seat: Seat, person: &Person) -> String {
        let Some(side) = table.side_of(seat) else {
            return "Your game.".into();
        };
        let symbol = &self.words.symbols[side.index()];
        let two = table.session.kept.mode == Mode::TwoHumans;
        let playing = match two {
            true => format!("You play {symbol} against {}.", table.name(seat.other())),
            false => format!("You play {symbol}."),
        };
        if let PersonId::Ticket(ticket) = &person.id {
            let again = (self.words.join.replace("NAME", &person.name))
                .replace("ROOM", &format!("{} {ticket}", self.name));
            return format!("{playing} No key: to take this seat back, join with: {again}");
        }
        match two && table.session.moves().is_empty() {
            true => format!(
                "{playing} Hints are {} for both; {} before the first move swaps sides.",
                if table.hints { "on" } else { "off" },
                self.words.swap
            ),
            false => playing,
        }
    }

    /// The names of the seats' owners.
    pub fn real_names(&self) -> [String; 2] {
        let state = self.lock();
        let table = state.table.as_ref();
        Seat::BOTH.map(|seat| table.map_or_else(String::new, |t| t.name(seat).to_string()))
    }

    /// A finished game's result (its record from the board of whoever ended it, `settled`
    /// when its players ended it) into the ledger, under its players: rated when it was
    /// played between two people without hints.
    pub fn record(&self, record: &crate::record::Record, settled: Option<Settled>) {
        let state = self.lock();
        let Some(table) = &state.table else { return };
        let bot = || Person {
            name: "the bot".into(),
            id: PersonId::Ticket(String::new()),
        };
        let player = |side| {
            let seat = match table.session.kept.mode {
                Mode::TwoHumans => table.seat_for(side),
                _ if table.session.kept.human == Some(side) => Some(Seat::One),
                _ => None,
            };
            seat.and_then(|seat| table.sitter(seat))
                .map_or_else(bot, |s| s.person.clone())
        };
        let outcome = match (settled, record.outcome) {
            (Some(Settled::Abandoned(side)), _) | (None, Status::Won(side)) => match side {
                Side::First => Outcome::Win,
                Side::Second => Outcome::Loss,
            },
            _ => Outcome::Draw,
        };
        let ending = match settled {
            None => Ending::Played,
            Some(Settled::Abandoned(_)) => Ending::Abandoned,
            Some(Settled::CalledOff) => Ending::CalledOff,
        };
        self.keeper.finished(GameResult {
            game: table.session.game.key(),
            seats: [player(Side::First), player(Side::Second)],
            outcome,
            ending,
            rated: table.between_two() && !table.hints,
            record: record.to_text(),
            ended: std::time::SystemTime::now(),
        });
    }

    /// The room as the lobby lists it to the person `id`.
    pub fn line(&self, id: &PersonId) -> super::lobby::RoomLine {
        let state = self.lock();
        let table = state.table.as_ref();
        let seated = |id| table.is_some_and(|t| t.seat_of(id).is_some());
        let choosing = table.is_none() as usize;
        let watching = state.members.iter().filter(|m| !seated(m.id)).count()
            - choosing.min(state.members.len());
        let what = match table {
            None => match state.members.first() {
                Some(chooser) => format!("{} is choosing the game", chooser.person.name),
                None => "empty".into(),
            },
            Some(table) if table.settled.is_some() => table.settled_note().unwrap_or_default(),
            Some(table) => {
                let game = table.session.game.title();
                match table.session.kept.mode {
                    Mode::TwoHumans if table.sitter(Seat::Two).is_none() => {
                        format!("{}, a free seat: {game}", table.name(Seat::One))
                    }
                    Mode::TwoHumans => format!(
                        "{} vs {}: {game}",
                        table.name(Seat::One),
                        table.name(Seat::Two)
                    ),
                    _ => format!("{} vs the bot: {game}", table.name(Seat::One)),
                }
            }
        };
        let yours = table.is_some_and(|t| t.seat_owned_by(id).is_some());
        super::lobby::RoomLine {
            name: self.name.clone(),
            what,
            watching,
            yours,
        }
    }

    /// Whether the unfinished game on the table is kept on disk; `None` with no such game.
    pub fn kept_game(&self) -> Option<bool> {
        let on = self.lock().table.as_ref().is_some_and(Table::in_progress);
        on.then(|| self.keeper.keeps(&self.name))
    }

    /// Says `note` to everyone in the room.
    pub fn tell_everyone(&self, note: String) {
        self.lock().tell_others(None, note);
    }
}

/// A seat nobody owns at a game for two people, if there is one.
fn free_seat(table: &Table) -> Option<Seat> {
    let seats: &[Seat] = match table.session.kept.mode {
        Mode::TwoHumans => &Seat::BOTH,
        Mode::VsBot => &[Seat::One],
        Mode::Demo => &[],
    };
    seats
        .iter()
        .copied()
        .find(|seat| table.sitter(*seat).is_none())
}

impl State {
    fn role(&self, id: MemberId) -> Role {
        match &self.table {
            None if self.members.first().map(|m| m.id) == Some(id) => Role::Choosing,
            None => Role::Watching,
            Some(table) => match table.seat_of(id) {
                Some(seat) => Role::Seated {
                    seat,
                    bot: table.session.kept.mode != Mode::TwoHumans,
                },
                None => Role::Watching,
            },
        }
    }

    /// The person who has waited longest without a seat, other than `id`, as a sitter.
    fn first_unseated(&self, id: MemberId) -> Option<Sitter> {
        let table = self.table.as_ref();
        let unseated = |m: &&Member| m.id != id && table.is_none_or(|t| t.seat_of(m.id).is_none());
        let first = self.members.iter().find(unseated);
        first.map(|m| Sitter::here(m.person.clone(), m.id))
    }

    fn tell(&mut self, id: MemberId, note: String) {
        if let Some(member) = self.members.iter_mut().find(|m| m.id == id) {
            member.notes.push(note);
        }
    }

    /// Says `note` to everyone but `id` (everyone, with none), and wakes them to see it.
    fn tell_others(&mut self, id: Option<MemberId>, note: String) {
        for member in self.members.iter_mut().filter(|m| Some(m.id) != id) {
            member.notes.push(note.clone());
            let _ = member.wake.send(Event::Tick(Instant::now()));
        }
    }
}

impl Table {
    /// Once a game, when it is over: what its result counts as (none for the demo).
    fn finish(&mut self) -> Option<Finished> {
        let over = self.session.status().is_over();
        if !over || self.recorded || self.session.kept.mode == Mode::Demo {
            return None;
        }
        self.recorded = true;
        let mut copy = self.session.clone();
        copy.kept.counted = false;
        copy.take_result()
    }
}

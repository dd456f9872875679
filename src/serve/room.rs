//! A room: the people who joined it by its name, in the order they came, and its table.
//!
//! The first person in a room with no game chooses one on the start screen; a two-player
//! game seats the next person as Player 2, and everyone after watches. Whenever the table
//! changes, everyone else in the room is woken to bring their board to it; what the room
//! says to one person (someone joined, left, took a seat) waits in their notes.

use std::sync::mpsc::Sender;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use super::keeper::Keeper;
use super::table::{self, Change, MemberId, Seat, Table, Taken};
use crate::config::Mode;
use crate::core::session::{Finished, Session};
use crate::tui::{Event, Signal};

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
}

/// What a person's board is to show, when it changed since they last looked.
pub struct View {
    pub version: u64,
    /// The game on the table.
    pub session: Option<Session>,
    pub role: Role,
    pub notes: Vec<String>,
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
    pub fn new(name: String, words: Words, table: Option<Session>, keeper: Keeper) -> Room {
        let table = table.map(|session| Table {
            session,
            seats: [None, None],
            recorded: false,
        });
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

    /// The names of the seats, as the players' boards show them: `den 1`, `den 2`.
    pub fn seat_names(&self) -> [String; 2] {
        [format!("{} 1", self.name), format!("{} 2", self.name)]
    }

    /// `id` comes in: to a free seat at a game that has one, else to watch (or choose, in
    /// an empty room with no game).
    pub fn join(&self, id: MemberId, wake: Sender<Event>) {
        let names = self.seat_names();
        let mut state = self.lock();
        let free = state.table.as_ref().and_then(|table| {
            let seats = match table.session.kept.mode {
                Mode::TwoHumans => &[Seat::One, Seat::Two][..],
                Mode::VsBot => &[Seat::One][..],
                Mode::Demo => &[][..],
            };
            seats
                .iter()
                .copied()
                .find(|seat| table.seats[seat.index()].is_none())
        });
        let first = state.members.is_empty();
        let own = match (&mut state.table, free) {
            (Some(table), Some(seat)) => {
                table.seats[seat.index()] = Some(id);
                let name = &names[seat.index()];
                let game_on = if table.in_progress() {
                    " The game goes on."
                } else {
                    ""
                };
                let you = self.you_are(table, seat);
                state.tell_others(Some(id), format!("{name} joined.{game_on}"));
                format!("{you}{game_on}")
            }
            (Some(_), None) => {
                state.tell_others(Some(id), "Someone joined to watch.".into());
                "You are watching: a seat may free up later.".into()
            }
            (None, _) if first => format!(
                "You are first in {}: choose the game; the next to join plays you.",
                self.name
            ),
            (None, _) => "The first to join chooses the game; it shows here once it starts.".into(),
        };
        state.members.push(Member {
            id,
            wake,
            notes: vec![own],
        });
        state.version += 1;
    }

    /// `id` leaves (quit, or the link dropped): their seat is free for them, or anyone, to
    /// take; the others are told. Returns whether the room is empty now.
    pub fn leave(&self, id: MemberId) -> bool {
        let names = self.seat_names();
        let mut state = self.lock();
        state.members.retain(|m| m.id != id);
        let seat = state.table.as_ref().and_then(|t| t.seat_of(id));
        if let (Some(table), Some(seat)) = (&mut state.table, seat) {
            table.seats[seat.index()] = None;
            let name = &names[seat.index()];
            let note = if table.in_progress() {
                format!(
                    "{name} left: the game waits for them to join {} again.",
                    self.name
                )
            } else {
                format!("{name} left.")
            };
            state.tell_others(Some(id), note);
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
        let session = state.table.as_ref().map(|t| t.session.clone());
        let member = state.members.iter_mut().find(|m| m.id == id)?;
        if version == seen && member.notes.is_empty() {
            return None;
        }
        Some(View {
            version,
            session,
            role,
            notes: std::mem::take(&mut member.notes),
        })
    }

    /// `id` changed their board to `board`: the table takes it, or the refusal says why
    /// (their board is then put back).
    pub fn propose(&self, id: MemberId, board: &Session) -> Result<Accepted, String> {
        let names = self.seat_names();
        let mut state = self.lock();
        let waiting = state.first_unseated(id);
        let chooses = state.members.first().map(|m| m.id) == Some(id);
        let seated_before = state.table.as_ref().map(|t| t.seats);
        let kind = state
            .table
            .as_ref()
            .map_or(Change::NewGame, |t| table::change(&t.session, board));
        match &mut state.table {
            None if !chooses => {
                return Err(
                    "The first to join chooses the game; it shows here once it starts.".into(),
                );
            }
            None => state.table = Some(Table::new(board.clone(), id, waiting)),
            Some(table) => {
                let taken: Taken = table.judge(id, board, &names)?;
                table.take(id, board, taken, waiting);
                if let Some(seat) = taken.sat {
                    let name = &names[seat.index()];
                    state.tell_others(Some(id), format!("A watcher took {name}'s seat."));
                }
            }
        }
        let table = state.table.as_mut().expect("set above");
        let finished = table.finish();
        self.keeper.keep(&self.name, &table.session);
        // Whoever sits down now (the next to join, a watcher) is told where, and everyone
        // seated is told again when the game or the sides change.
        let table = table.clone();
        for seat in [Seat::One, Seat::Two] {
            let Some(member) = table.seats[seat.index()] else {
                continue;
            };
            let sat_down = seated_before.is_none_or(|before| before[seat.index()] != Some(member));
            if sat_down || matches!(kind, Change::NewGame | Change::Sides) {
                let you = self.you_are(&table, seat);
                state.tell(member, you);
            }
        }
        state.version += 1;
        let version = state.version;
        for member in state.members.iter().filter(|m| m.id != id) {
            let _ = member.wake.send(Event::Tick(Instant::now()));
        }
        Ok(Accepted { version, finished })
    }

    /// "You are den 2 and play O.", and before the first move of two people's game, how
    /// to swap sides.
    fn you_are(&self, table: &Table, seat: Seat) -> String {
        let name = &self.seat_names()[seat.index()];
        let Some(side) = table.side_of(seat) else {
            return format!("You are {name}.");
        };
        let symbol = &self.words.symbols[side.index()];
        let fresh = table.session.moves().is_empty() && table.session.kept.mode == Mode::TwoHumans;
        match fresh {
            true => format!(
                "You are {name} and play {symbol} ({} before the first move swaps sides).",
                self.words.swap
            ),
            false => format!("You are {name} and play {symbol}."),
        }
    }

    /// A finished game's record (from the board of whoever ended it) goes into the
    /// records, its result into the stats where it counts.
    pub fn record(&self, record: crate::record::Record, finished: &Finished) {
        let key = record.game.key();
        let result = crate::store::record_key(&key, finished).map(|k| (k, finished.outcome));
        self.keeper.finished(record, result);
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

    /// Every board in the room is told the server stops.
    pub fn stop(&self, signal: Signal) {
        for member in &self.lock().members {
            let _ = member.wake.send(Event::Terminate(signal));
        }
    }
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

    /// The person who has waited longest without a seat, other than `id`.
    fn first_unseated(&self, id: MemberId) -> Option<MemberId> {
        self.members
            .iter()
            .map(|m| m.id)
            .find(|&m| m != id && self.table.as_ref().is_none_or(|t| t.seat_of(m).is_none()))
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

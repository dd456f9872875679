//! Every room, by name: the SSH user name is the room. A room lives while someone is in it;
//! its game is kept on disk and comes back when someone joins it again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use super::keeper::Keeper;
use super::ledger::Claim;
use super::lobby::{LobbyView, RoomLine};
use super::presence::Presence;
use super::room::{Room, Words};
use super::table::{MemberId, Person, PersonId, Sitter, Table};
use crate::core::session::Session;
use crate::store::SavedGame;
use crate::tui::{Event, Signal};

/// The longest room name.
pub const MAX_NAME: usize = 32;

/// The longest name of a person.
pub const MAX_PERSON: usize = 20;

pub struct Rooms {
    open: Mutex<HashMap<String, Arc<Room>>>,
    /// Who is on the server, and where.
    pub presence: Presence,
    keeper: Keeper,
    words: Words,
    next_member: AtomicU64,
}

/// A user name as a room's name: lower case, letters, digits, `-`, `_` and `.`, not
/// starting with a dot (it names a folder); `None` for any other.
pub fn room_name(user: &str) -> Option<String> {
    person_name(&user.to_ascii_lowercase(), MAX_NAME)
}

/// A user name as a person's name (up to `max` long): letters, digits, `-`, `_` and `.`, not
/// starting with a dot, kept as typed; `None` for any other.
pub fn person_name(user: &str, max: usize) -> Option<String> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    let fits = !user.is_empty() && user.len() <= max && user.chars().all(allowed);
    (fits && !user.starts_with('.')).then(|| user.to_string())
}

impl Rooms {
    pub fn new(keeper: Keeper, words: Words) -> Rooms {
        Rooms {
            open: Mutex::default(),
            presence: Presence::default(),
            keeper,
            words,
            next_member: AtomicU64::new(1),
        }
    }

    /// `person` joins the room `name` (a valid room name); `wake` wakes their game loop.
    pub fn enter(&self, name: &str, person: Person, wake: Sender<Event>) -> (Arc<Room>, MemberId) {
        let id = self.next_member.fetch_add(1, Ordering::Relaxed);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let room = open
            .entry(name.to_string())
            .or_insert_with(|| {
                let (words, keeper) = (self.words.clone(), self.keeper.clone());
                Arc::new(Room::new(name.to_string(), words, self.kept(name), keeper))
            })
            .clone();
        room.join(id, person, wake);
        (room, id)
    }

    /// `id` leaves `room`; a room left empty is closed (its game stays kept).
    pub fn leave(&self, room: &Arc<Room>, id: MemberId) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if room.leave(id) {
            open.remove(&room.name);
        }
    }

    /// Whether `person` may go by their name: a name is its key's, from the first time a key
    /// used it; a person without a key takes no keyed person's name. Why not, if not.
    pub fn check_name(&self, person: &Person) -> Result<(), String> {
        let name = &person.name;
        let ledger = self.keeper.ledger();
        let refused = match &person.id {
            PersonId::Key(key) => match ledger.claim(key, name) {
                Ok(()) => Ok(None),
                Err(Claim::Taken) => Ok(Some(format!(
                    "{name} is someone else's name here (it goes with their key): choose another \
                     name, the user name you type before the @."
                ))),
                Err(Claim::KnownAs(known)) => Ok(Some(format!(
                    "Your key goes by {known} here: join as {known} (the user name before the @)."
                ))),
                Err(Claim::Failed(why)) => Err(why),
            },
            PersonId::Ticket(_) => match ledger.key_of(name) {
                Ok(Some(_)) => Ok(Some(format!(
                    "{name} is the name of someone with a key here: join with that key, or \
                     choose another name."
                ))),
                other => other.map(|_| None),
            },
        };
        match refused {
            Ok(refused) => refused.map_or(Ok(()), Err),
            Err(why) => {
                super::log::log(&format!("could not check the name {name}: {why}"));
                Ok(())
            }
        }
    }

    /// What the lobby shows `person`, with the best players of `game` (a game's key).
    pub fn lobby_view(&self, person: &Person, game: &str) -> LobbyView {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let mut rooms: Vec<RoomLine> = open.values().map(|room| room.line(&person.id)).collect();
        drop(open);
        let ledger = self.keeper.ledger();
        // The person's games kept in rooms nobody is in now, to go back to.
        for name in ledger.rooms_of(&person.id).unwrap_or_default() {
            if !rooms.iter().any(|r| r.name == name) {
                let (what, watching, yours) = ("a game kept for its players".into(), 0, true);
                rooms.push(RoomLine {
                    name,
                    what,
                    watching,
                    yours,
                });
            }
        }
        rooms.sort_by(|a, b| a.name.cmp(&b.name));
        let best = ledger.best(game, 5).unwrap_or_default();
        let rating = |person: &Person| match &person.id {
            PersonId::Key(key) => ledger.rating(key, game).ok().flatten().map(|r| r.rating),
            PersonId::Ticket(_) => None,
        };
        let people = self.presence.people().into_iter();
        let people = people.map(|(p, place)| (rating(&p), p.name, place));
        LobbyView {
            rooms,
            people: people.collect(),
            best: best.into_iter().map(|(name, r)| (name, r.rating)).collect(),
            mine: rating(person),
        }
    }

    /// Says `note` to everyone in room `name`, if it is open.
    pub fn tell(&self, name: &str, note: String) {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(room) = open.get(name) {
            room.tell_everyone(note);
        }
    }

    /// Everyone on the server is told it stops, in a room or in the lobby.
    pub fn stop(&self, signal: Signal) {
        self.presence.tell_everyone(Event::Terminate(signal));
    }

    /// The game kept for room `name`, to resume: its players away until they come back.
    fn kept(&self, name: &str) -> Option<Table> {
        let kept = self.keeper.kept(name)?;
        let saved = SavedGame::from_text(&kept.saved, &kept.game).ok()?;
        let session = Session::resumed(saved.game().ok()?, &saved.session, &saved.moves).ok()?;
        let away = |person| Sitter {
            person,
            here: None,
            away: Some(Instant::now()),
        };
        Some(Table {
            session,
            seats: kept.seats.map(|seat| seat.map(away)),
            hints: kept.hints,
            recorded: false,
            settled: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_names_are_plain_and_short() {
        assert_eq!(room_name("Kitchen").as_deref(), Some("kitchen"));
        assert_eq!(room_name("den-2_b.x").as_deref(), Some("den-2_b.x"));
        for bad in ["", ".hidden", "a/b", "..", "ünï", &"x".repeat(MAX_NAME + 1)] {
            assert_eq!(room_name(bad), None, "{bad}");
        }
    }
}

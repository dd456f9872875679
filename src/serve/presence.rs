//! Who is on the server and where, for the lobby: each person from the moment their game
//! opens, in the lobby or in a room; the invitations between them; and the people waiting
//! to play anyone, paired as they come (the next two waiting for the same game).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use super::table::Person;
use crate::tui::Event;

/// One person's place in the presence list.
pub type HereId = u64;

#[derive(Default)]
pub struct Presence {
    inner: Mutex<Inner>,
    /// Counts the changes, so the lobby redraws only when something changed.
    version: AtomicU64,
}

#[derive(Default)]
struct Inner {
    people: Vec<Here>,
    next: HereId,
}

struct Here {
    id: HereId,
    person: Person,
    place: Place,
    wake: Sender<Event>,
    /// Waiting to play anyone at this game (its key).
    waiting: Option<String>,
    /// A room to go to: paired there, or invited by this person.
    called: Option<Call>,
}

/// Where a person is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Place {
    Lobby,
    Room(String),
}

/// A room someone is asked to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Call {
    pub room: String,
    /// Who invited them; `None` when they were paired to play anyone.
    pub by: Option<String>,
}

impl Presence {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Something changed: lobbies redraw, and `wake` (when given) is woken to see it.
    fn changed(&self, wake: Option<&Sender<Event>>) {
        self.version.fetch_add(1, Ordering::Relaxed);
        if let Some(wake) = wake {
            let _ = wake.send(Event::Tick(Instant::now()));
        }
    }

    pub fn version(&self) -> u64 {
        self.version.load(Ordering::Relaxed)
    }

    pub fn arrive(&self, person: &Person, wake: Sender<Event>) -> HereId {
        let mut inner = self.lock();
        inner.next += 1;
        let id = inner.next;
        inner.people.push(Here {
            id,
            person: person.clone(),
            place: Place::Lobby,
            wake,
            waiting: None,
            called: None,
        });
        drop(inner);
        self.changed(None);
        id
    }

    pub fn depart(&self, id: HereId) {
        self.lock().people.retain(|here| here.id != id);
        self.changed(None);
    }

    /// Wakes everyone with `event` (the server stops).
    pub fn tell_everyone(&self, event: Event) {
        for here in &self.lock().people {
            let _ = here.wake.send(event.clone());
        }
    }

    /// `id` is now at `place`; going into a room ends their wait to play anyone.
    pub fn moved(&self, id: HereId, place: Place) {
        if let Some(here) = self.lock().people.iter_mut().find(|here| here.id == id) {
            if place != Place::Lobby {
                here.waiting = None;
            }
            here.place = place;
        }
        self.changed(None);
    }

    /// Who is here and where, in the order they came.
    pub fn people(&self) -> Vec<(Person, Place)> {
        (self.lock().people.iter())
            .map(|h| (h.person.clone(), h.place.clone()))
            .collect()
    }

    /// `from` invites the person named `to` (in the lobby) to `room`; false when there is no
    /// such person in the lobby.
    pub fn invite(&self, from: &str, to: &str, room: &str) -> bool {
        let mut inner = self.lock();
        let Some(here) = (inner.people.iter_mut())
            .find(|h| h.person.name.eq_ignore_ascii_case(to) && h.place == Place::Lobby)
        else {
            return false;
        };
        here.called = Some(Call {
            room: room.to_string(),
            by: Some(from.to_string()),
        });
        let wake = here.wake.clone();
        drop(inner);
        self.changed(Some(&wake));
        true
    }

    /// The room `id` is asked to, once (an invitation, or the room of a pairing).
    pub fn take_call(&self, id: HereId) -> Option<Call> {
        let mut inner = self.lock();
        inner.people.iter_mut().find(|h| h.id == id)?.called.take()
    }

    /// `id` waits to play anyone at `game`: paired with the person who has waited longest
    /// for it, both are called to a new room (`id` gets theirs back at once); `None` while
    /// nobody else waits.
    pub fn play_anyone(&self, id: HereId, game: &str) -> Option<String> {
        let mut inner = self.lock();
        let partner = inner
            .people
            .iter()
            .position(|h| h.id != id && h.waiting.as_deref() == Some(game));
        let Some(partner) = partner else {
            if let Some(here) = inner.people.iter_mut().find(|h| h.id == id) {
                here.waiting = Some(game.to_string());
            }
            drop(inner);
            self.changed(None);
            return None;
        };
        // Named by the two (a `+` no typed room name holds), so it is theirs alone.
        let me = inner.people.iter().find(|h| h.id == id);
        let me = me.map(|h| h.person.name.as_str()).unwrap_or_default();
        let room = format!("{}+{me}", inner.people[partner].person.name).to_lowercase();
        // The one who asks now goes in at once and chooses the game; the one who waited
        // follows when woken.
        let other = &mut inner.people[partner];
        other.waiting = None;
        other.called = Some(Call {
            room: room.clone(),
            by: None,
        });
        let wake = other.wake.clone();
        drop(inner);
        self.changed(Some(&wake));
        Some(room)
    }

    /// Whether `id` waits to play anyone, and at which game.
    pub fn waiting(&self, id: HereId) -> Option<String> {
        let inner = self.lock();
        inner.people.iter().find(|h| h.id == id)?.waiting.clone()
    }

    pub fn stop_waiting(&self, id: HereId) {
        if let Some(here) = self.lock().people.iter_mut().find(|h| h.id == id) {
            here.waiting = None;
        }
        self.changed(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::table::PersonId;

    fn person(name: &str) -> Person {
        Person {
            name: name.into(),
            id: PersonId::Ticket(name.into()),
        }
    }

    fn arrive(presence: &Presence, name: &str) -> (HereId, std::sync::mpsc::Receiver<Event>) {
        let (wake, woken) = std::sync::mpsc::channel();
        (presence.arrive(&person(name), wake), woken)
    }

    #[test]
    fn the_next_two_waiting_for_the_same_game_are_paired_in_a_room_of_their_own() {
        let presence = Presence::default();
        let (ana, ana_woken) = arrive(&presence, "ana");
        let (ben, _) = arrive(&presence, "ben");
        let (cy, _) = arrive(&presence, "cy");
        assert_eq!(presence.play_anyone(ana, "latin"), None);
        assert_eq!(
            presence.play_anyone(ben, "qubic"),
            None,
            "another game: no pair"
        );
        let room = presence.play_anyone(cy, "latin").expect("paired with ana");
        assert_eq!(room, "ana+cy", "a name no typed room name can take");
        assert!(ana_woken.try_recv().is_ok(), "ana is woken");
        let call = presence.take_call(ana).unwrap();
        assert_eq!((call.room, call.by), (room, None));
        assert_eq!(presence.take_call(ana), None, "once");
        assert_eq!(presence.waiting(ben).as_deref(), Some("qubic"));
    }

    #[test]
    fn an_invitation_reaches_a_person_in_the_lobby_by_name() {
        let presence = Presence::default();
        let (ana, _) = arrive(&presence, "ana");
        let (ben, _) = arrive(&presence, "Ben");
        assert!(presence.invite("ana", "ben", "ana"));
        assert_eq!(presence.take_call(ben).unwrap().by.as_deref(), Some("ana"));
        presence.moved(ana, Place::Room("ana".into()));
        assert!(!presence.invite("ben", "ana", "ben"), "ana is in a room");
        assert!(!presence.invite("ana", "nobody", "ana"));
        presence.depart(ben);
        assert_eq!(
            presence.people(),
            [(person("ana"), Place::Room("ana".into()))]
        );
    }
}

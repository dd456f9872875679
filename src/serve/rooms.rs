//! Every room, by name: the SSH user name is the room. A room lives while someone is in it;
//! its game is kept on disk and comes back when someone joins it again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};

use super::keeper::Keeper;
use super::room::{Room, Words};
use super::table::MemberId;
use crate::core::session::Session;
use crate::tui::{Event, Signal};

/// The longest room name.
pub const MAX_NAME: usize = 32;

pub struct Rooms {
    open: Mutex<HashMap<String, Arc<Room>>>,
    keeper: Keeper,
    words: Words,
    next_member: AtomicU64,
}

/// A user name as a room's name: lower case, letters, digits, `-`, `_` and `.`, not
/// starting with a dot (it names a folder); `None` for any other.
pub fn room_name(user: &str) -> Option<String> {
    let name = user.to_ascii_lowercase();
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    let fits = !name.is_empty() && name.len() <= MAX_NAME && name.chars().all(allowed);
    (fits && !name.starts_with('.')).then_some(name)
}

impl Rooms {
    pub fn new(keeper: Keeper, words: Words) -> Rooms {
        Rooms {
            open: Mutex::default(),
            keeper,
            words,
            next_member: AtomicU64::new(1),
        }
    }

    /// Someone joins the room `name` (a valid room name); `wake` wakes their game loop.
    pub fn enter(&self, name: &str, wake: Sender<Event>) -> (Arc<Room>, MemberId) {
        let id = self.next_member.fetch_add(1, Ordering::Relaxed);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let room = open
            .entry(name.to_string())
            .or_insert_with(|| {
                let kept = self.kept(name);
                Arc::new(Room::new(
                    name.to_string(),
                    self.words.clone(),
                    kept,
                    self.keeper.clone(),
                ))
            })
            .clone();
        room.join(id, wake);
        (room, id)
    }

    /// `id` leaves `room`; a room left empty is closed (its game stays kept).
    pub fn leave(&self, room: &Arc<Room>, id: MemberId) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if room.leave(id) {
            open.remove(&room.name);
        }
    }

    /// Says `note` to everyone in room `name`, if it is open.
    pub fn tell(&self, name: &str, note: String) {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(room) = open.get(name) {
            room.tell_everyone(note);
        }
    }

    /// Every board in every room is told the server stops.
    pub fn stop(&self, signal: Signal) {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        for room in open.values() {
            room.stop(signal);
        }
    }

    /// The game kept for room `name`, to resume.
    fn kept(&self, name: &str) -> Option<Session> {
        let saved = self.keeper.kept(name)?;
        let game = saved.game().ok()?;
        let mut session = Session::resumed(game, &saved.session, &saved.moves).ok()?;
        session.history.restore_redo(&saved.redo);
        Some(session)
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

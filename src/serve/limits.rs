//! Who the server lets in, and how many, so that no stranger can keep a friend out.
//!
//! Each address keeps to its share: at most `per_address` connections and a quarter of them
//! still in their handshake (not yet past the code or key), a pace of new connections, and
//! a penalty when it misbehaves (see [`super::sources`]). When the server is full, the
//! address holding the most handshakes loses its own youngest, so an address with many
//! unfinished handshakes only ever cuts its own: a person typing the code from an address
//! of their own is never cut for another's newcomer. Players in a game are never cut.

use std::collections::BTreeMap;
use std::net::{IpAddr, Shutdown, TcpStream};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use super::sources::{Misdeed, Refusal, Sources, source};

/// The limits, and the connections held.
pub(crate) struct Limits {
    total: usize,
    per_address: usize,
    /// Handshakes one address may have at once.
    handshakes: usize,
    held: Mutex<Held>,
}

#[derive(Default)]
struct Held {
    /// By age: the youngest last.
    connections: BTreeMap<u64, Connection>,
    next: u64,
    sources: Sources,
}

struct Connection {
    source: IpAddr,
    stage: Stage,
    /// A second handle on the connection's socket: shutting it down ends the connection,
    /// whatever the task serving it is waiting for.
    socket: Option<TcpStream>,
}

/// How far a connection got.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Stage {
    /// In its handshake: nothing tried yet.
    Handshake,
    /// In its handshake, with a wrong code tried.
    WrongCode,
    /// Still in its handshake at the deadline: cut.
    Late,
    /// Past the code or key.
    In,
    /// In a game: never cut for a newcomer.
    Playing,
}

impl Stage {
    fn waiting(self) -> bool {
        matches!(self, Stage::Handshake | Stage::WrongCode)
    }

    /// What ending at this stage earns the address.
    fn misdeed(self) -> Option<Misdeed> {
        match self {
            Stage::Handshake => Some(Misdeed::NoTry),
            Stage::WrongCode => Some(Misdeed::WrongCode),
            Stage::Late => Some(Misdeed::TooSlow),
            Stage::In | Stage::Playing => None,
        }
    }
}

/// A connection's place, given back when it is dropped.
pub(crate) struct Slot {
    limits: Arc<Limits>,
    id: u64,
}

impl Limits {
    pub fn new(total: usize, per_address: usize) -> Arc<Limits> {
        Arc::new(Limits {
            total,
            per_address,
            handshakes: (per_address / 4).max(1),
            held: Mutex::default(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A place for a new connection from `address`, or why not. `socket` is the connection's
    /// second handle, to cut it if it comes to that.
    pub fn admit(
        self: &Arc<Limits>,
        address: IpAddr,
        socket: Option<TcpStream>,
        now: Instant,
    ) -> Result<Slot, Refusal> {
        let mut held = self.lock();
        held.sources.allow(address, now)?;
        let source = source(address);
        let here = |held: &Held, waiting: bool| {
            held.connections
                .values()
                .filter(|c| c.source == source && (!waiting || c.stage.waiting()))
                .count()
        };
        let waiting_here = here(&held, true);
        if here(&held, false) >= self.per_address || waiting_here >= self.handshakes {
            return Err(Refusal::Full);
        }
        if held.connections.len() >= self.total {
            held.make_room(waiting_here, now)?;
        }
        let id = held.next;
        held.next += 1;
        held.connections.insert(
            id,
            Connection {
                source,
                stage: Stage::Handshake,
                socket,
            },
        );
        Ok(Slot {
            limits: Arc::clone(self),
            id,
        })
    }
}

impl Held {
    /// Cuts the youngest handshake of the address holding the most, when that is more than
    /// the newcomer's address would hold with the newcomer (`own` now).
    fn make_room(&mut self, own: usize, now: Instant) -> Result<(), Refusal> {
        let mut counts: BTreeMap<IpAddr, usize> = BTreeMap::new();
        for c in self.connections.values().filter(|c| c.stage.waiting()) {
            *counts.entry(c.source).or_default() += 1;
        }
        let (&heaviest, &most) = counts.iter().max_by_key(|&(_, n)| n).ok_or(Refusal::Full)?;
        if most <= own + 1 {
            return Err(Refusal::Full);
        }
        let youngest = self
            .connections
            .iter()
            .rev()
            .find(|(_, c)| c.source == heaviest && c.stage.waiting())
            .map(|(&id, _)| id)
            .ok_or(Refusal::Full)?;
        if let Some(cut) = self.connections.remove(&youngest) {
            shut(cut.socket);
            self.penalise(heaviest, Misdeed::NoTry, now);
        }
        Ok(())
    }

    fn penalise(&mut self, source: IpAddr, misdeed: Misdeed, now: Instant) {
        if self.sources.penalise(source, misdeed, now) {
            let left = self.sources.penalty_left(source, now).as_secs();
            super::log::log(&format!(
                "{source} refused for {left} s: its connections keep failing to get in"
            ));
        }
    }
}

fn shut(socket: Option<TcpStream>) {
    if let Some(socket) = socket {
        let _ = socket.shutdown(Shutdown::Both);
    }
}

impl Slot {
    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> T) -> Option<T> {
        self.limits.lock().connections.get_mut(&self.id).map(f)
    }

    /// The connection got this far (never back).
    pub fn reached(&self, stage: Stage) {
        self.with(|c| c.stage = c.stage.max(stage));
    }

    /// Whether the connection is in a game.
    pub fn is_playing(&self) -> bool {
        self.with(|c| c.stage == Stage::Playing).unwrap_or(false)
    }

    /// Ends the connection now.
    pub fn cut(&self) {
        self.with(|c| shut(c.socket.take()));
    }

    /// Ends the connection after `grace`, if it is still open then. A connection with
    /// nothing more to do is closed by its client, as OpenSSH's does once its channel
    /// closes (ending it from here first can lose the last words on the client's screen).
    pub fn cut_after(self: &Arc<Slot>, grace: std::time::Duration) {
        let slot = Arc::downgrade(self);
        tokio::spawn(async move {
            tokio::time::sleep(grace).await;
            if let Some(slot) = slot.upgrade() {
                slot.cut();
            }
        });
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut held = self.limits.lock();
        if let Some(gone) = held.connections.remove(&self.id)
            && let Some(misdeed) = gone.stage.misdeed()
        {
            held.penalise(gone.source, misdeed, Instant::now());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Slot {
        /// Whether the connection still holds its place (a newcomer may have cut it).
        fn held(&self) -> bool {
            self.with(|_| ()).is_some()
        }
    }

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[test]
    fn an_address_keeps_to_its_share_of_handshakes_and_of_connections() {
        let limits = Limits::new(100, 8);
        let now = Instant::now();
        let admit = |n| limits.admit(ip(n), None, now);
        let first = admit(1).unwrap();
        let _second = admit(1).unwrap();
        assert_eq!(
            admit(1).err(),
            Some(Refusal::Full),
            "two handshakes at once"
        );
        first.reached(Stage::Playing);
        let third = admit(1).unwrap();
        assert!(admit(2).is_ok(), "another address is not held back");
        third.reached(Stage::In);
        let _players: Vec<_> = (0..5)
            .map(|_| {
                let player = admit(1).unwrap();
                player.reached(Stage::Playing);
                player
            })
            .collect();
        assert_eq!(admit(1).err(), Some(Refusal::Full), "eight connections");
    }

    #[test]
    fn when_full_the_address_with_most_handshakes_loses_its_youngest_never_a_player() {
        let limits = Limits::new(4, 16);
        let now = Instant::now();
        let admit = |n| limits.admit(ip(n), None, now);
        let friend = admit(1).unwrap();
        let attacker: Vec<_> = (0..3).map(|_| admit(9).unwrap()).collect();
        let newcomer = admit(2).unwrap();
        assert!(friend.held() && newcomer.held());
        assert!(attacker[0].held() && attacker[1].held() && !attacker[2].held());
        // The attacker's newcomers cut only their own.
        let again = admit(9);
        assert_eq!(again.err(), Some(Refusal::Full));
        assert!(friend.held() && newcomer.held());
        // Players are never cut: with nobody's share above the newcomer's, it is refused.
        for slot in [&friend, &newcomer, &attacker[0], &attacker[1]] {
            slot.reached(Stage::Playing);
        }
        assert_eq!(admit(3).err(), Some(Refusal::Full));
        // A place given back makes room without cutting anyone.
        drop(newcomer);
        assert!(admit(3).is_ok());
    }

    #[test]
    fn connections_that_fail_earn_their_address_a_refusal() {
        let limits = Limits::new(100, 16);
        let now = Instant::now();
        // Four connections that never got the code right earn more than the least penalty.
        for _ in 0..4 {
            let slot = limits.admit(ip(5), None, now).unwrap();
            slot.reached(Stage::WrongCode);
        }
        assert_eq!(
            limits.admit(ip(5), None, Instant::now()).err(),
            Some(Refusal::Penalised)
        );
        // Getting in earns nothing.
        for _ in 0..10 {
            limits.admit(ip(6), None, now).unwrap().reached(Stage::In);
        }
        assert!(limits.admit(ip(6), None, now).is_ok());
    }
}

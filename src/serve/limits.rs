//! How many connections the server holds, in all and from one address, so that no stranger
//! can use them all up.
//!
//! A connection still in its handshake (not yet past the code or key and into a game) holds
//! its place only until a newcomer needs it: when a limit is reached, the oldest connection still in its
//! handshake (from the same address, when that address's limit is the one reached) is cut
//! to make room. Connections held open and never finished, however many, so never keep a
//! player out. Players who are in are never cut for a newcomer: past the limits with
//! nobody to cut, the newcomer is refused.

use std::collections::HashMap;
use std::net::{IpAddr, Shutdown, TcpStream};
use std::sync::{Arc, Mutex, PoisonError};

/// The limits, and the connections held.
pub(crate) struct Limits {
    pub total: usize,
    pub per_address: usize,
    held: Mutex<Held>,
}

#[derive(Default)]
struct Held {
    connections: HashMap<u64, Connection>,
    next: u64,
}

struct Connection {
    address: IpAddr,
    /// Past the handshake and playing: never cut for a newcomer.
    joined: bool,
    /// A second handle on the connection's socket: shutting it down ends the connection,
    /// whatever the task serving it is waiting for.
    socket: Option<TcpStream>,
}

/// A connection's place, given back when it is dropped.
pub(crate) struct Place {
    limits: Arc<Limits>,
    id: u64,
}

impl Limits {
    pub fn new(total: usize, per_address: usize) -> Arc<Limits> {
        Arc::new(Limits {
            total,
            per_address,
            held: Mutex::default(),
        })
    }

    /// A place for a new connection from `address`, making room by cutting the oldest
    /// connection still in its handshake when a limit is reached; `None` when nobody can be
    /// cut. `socket` is the connection's second handle, to cut it in its turn.
    pub fn admit(self: &Arc<Limits>, address: IpAddr, socket: Option<TcpStream>) -> Option<Place> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        let from_here = |held: &Held| {
            held.connections
                .values()
                .filter(|c| c.address == address)
                .count()
        };
        if from_here(&held) >= self.per_address {
            held.cut_oldest_waiting(Some(address))?;
        }
        if held.connections.len() >= self.total {
            held.cut_oldest_waiting(None)?;
        }
        let id = held.next;
        held.next += 1;
        held.connections.insert(
            id,
            Connection {
                address,
                joined: false,
                socket,
            },
        );
        Some(Place {
            limits: Arc::clone(self),
            id,
        })
    }
}

impl Held {
    /// Cuts the oldest connection still in its handshake (from `address`, if given);
    /// `None` when there is none.
    fn cut_oldest_waiting(&mut self, address: Option<IpAddr>) -> Option<()> {
        let oldest = self
            .connections
            .iter()
            .filter(|(_, c)| !c.joined && address.is_none_or(|a| c.address == a))
            .map(|(&id, _)| id)
            .min()?;
        let cut = self.connections.remove(&oldest)?;
        if let Some(socket) = cut.socket {
            let _ = socket.shutdown(Shutdown::Both);
        }
        Some(())
    }
}

impl Place {
    /// The connection is in a game: it is never cut for a newcomer now.
    pub fn joined(&self) {
        let mut held = self
            .limits
            .held
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(connection) = held.connections.get_mut(&self.id) {
            connection.joined = true;
        }
    }

    /// Whether the connection is past its handshake.
    pub fn is_joined(&self) -> bool {
        let held = self
            .limits
            .held
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        held.connections.get(&self.id).is_some_and(|c| c.joined)
    }

    /// Ends the connection now (its handshake took too long).
    pub fn cut(&self) {
        let mut held = self
            .limits
            .held
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(socket) = held
            .connections
            .get_mut(&self.id)
            .and_then(|c| c.socket.take())
        {
            let _ = socket.shutdown(Shutdown::Both);
        }
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut held = self
            .limits
            .held
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        held.connections.remove(&self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Place {
        /// Whether the connection still holds its place (a newcomer may have cut it).
        fn held(&self) -> bool {
            let held = self
                .limits
                .held
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            held.connections.contains_key(&self.id)
        }
    }

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[test]
    fn a_newcomer_cuts_the_oldest_handshake_from_its_address_never_a_player() {
        let limits = Limits::new(100, 3);
        let first = limits.admit(ip(1), None).unwrap();
        let second = limits.admit(ip(1), None).unwrap();
        let third = limits.admit(ip(1), None).unwrap();
        second.joined();
        let newcomer = limits.admit(ip(1), None).unwrap();
        assert!(!first.held(), "the oldest handshake made room");
        assert!(second.held() && third.held() && newcomer.held());
        // Everyone from here is in: nobody to cut.
        third.joined();
        newcomer.joined();
        assert!(limits.admit(ip(1), None).is_none());
        // Another address is not held back by this one.
        assert!(limits.admit(ip(2), None).is_some());
    }

    #[test]
    fn the_overall_limit_cuts_any_address_s_oldest_handshake() {
        let limits = Limits::new(2, 10);
        let a = limits.admit(ip(1), None).unwrap();
        let b = limits.admit(ip(2), None).unwrap();
        let c = limits.admit(ip(3), None).unwrap();
        assert!(!a.held() && b.held() && c.held());
        // A place given back makes room without cutting anyone.
        drop(b);
        let d = limits.admit(ip(4), None).unwrap();
        assert!(c.held() && d.held());
    }
}

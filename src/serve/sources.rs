//! What the server remembers of each address that connects, as OpenSSH's `PerSourcePenalties`
//! does: how fast it opens connections (a steady pace with a small burst), and the penalty
//! its misbehaviour has earned. Penalties add up as they are earned; once an address has
//! earned [`PENALTY_MIN`] it is refused until they are served, at most [`PENALTY_MAX`].
//! A person who mistypes the code once or twice is never refused: an address that keeps
//! failing, or that keeps opening connections and dropping them, is.
//!
//! IPv6 addresses count by their /64, the block one machine is given.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// New connections one address may open at once, then one every [`PACE`].
const BURST: u32 = 16;
const PACE: Duration = Duration::from_secs(2);

/// Penalties start to refuse once this much is earned, and never add up past the most.
const PENALTY_MIN: Duration = Duration::from_secs(15);
const PENALTY_MAX: Duration = Duration::from_secs(600);

/// Addresses remembered at most; past it, new ones are let in unremembered rather than
/// letting the table grow (served penalties are forgotten first).
const MAX_SOURCES: usize = 65_536;

/// What a connection did that earns its address a penalty.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Misdeed {
    /// Closed, or cut to make room, before trying to get in.
    NoTry,
    /// Came too fast: refused by the pace.
    TooFast,
    /// Tried the code and never got it right.
    WrongCode,
    /// Still not in at the handshake's deadline.
    TooSlow,
}

impl Misdeed {
    fn penalty(self) -> Duration {
        Duration::from_secs(match self {
            Misdeed::NoTry | Misdeed::TooFast => 1,
            Misdeed::WrongCode => 5,
            Misdeed::TooSlow => 10,
        })
    }
}

/// Why an address is not let in now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// It is serving a penalty.
    Penalised,
    /// It opens connections faster than its pace.
    TooFast,
    /// Its share of connections, or of handshakes, is taken.
    Full,
}

#[derive(Default)]
pub(crate) struct Sources {
    known: HashMap<IpAddr, Source>,
}

struct Source {
    /// When the pace lets the next connection in with no burst left (GCRA's theoretical
    /// arrival time).
    pace: Instant,
    /// When the penalties earned are served.
    served: Instant,
    /// Refusing: the penalties reached the minimum and are not served yet.
    refusing: bool,
}

/// The address as a source: IPv4 as it is (also when written as IPv6), IPv6 by its /64.
pub fn source(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & (!0u128 << 64)).into()),
        },
        v4 @ IpAddr::V4(_) => v4,
    }
}

impl Sources {
    /// Whether `address` may open a connection now; a connection let in uses up its pace.
    pub fn allow(&mut self, address: IpAddr, now: Instant) -> Result<(), Refusal> {
        let Some(source) = self.get(address, now) else {
            return Ok(()); // too many addresses to remember: let in, unremembered
        };
        if source.refusing && source.served > now {
            return Err(Refusal::Penalised);
        }
        source.refusing = false;
        let next = source.pace.max(now) + PACE;
        if next <= now + PACE * BURST {
            source.pace = next;
            return Ok(());
        }
        self.penalise(address, Misdeed::TooFast, now);
        Err(Refusal::TooFast)
    }

    /// Adds `misdeed`'s penalty to what `address` has earned; true when that starts a refusal
    /// now (for the log).
    pub fn penalise(&mut self, address: IpAddr, misdeed: Misdeed, now: Instant) -> bool {
        let Some(source) = self.get(address, now) else {
            return false;
        };
        source.served = (source.served.max(now) + misdeed.penalty()).min(now + PENALTY_MAX);
        let starts = !source.refusing && source.served - now >= PENALTY_MIN;
        source.refusing |= starts;
        starts
    }

    /// The time left of `address`'s penalty.
    pub fn penalty_left(&self, address: IpAddr, now: Instant) -> Duration {
        self.known
            .get(&source(address))
            .map_or(Duration::ZERO, |s| s.served.saturating_duration_since(now))
    }

    fn get(&mut self, address: IpAddr, now: Instant) -> Option<&mut Source> {
        if self.known.len() >= MAX_SOURCES {
            self.known.retain(|_, s| s.served > now || s.pace > now);
        }
        let fits = self.known.len() < MAX_SOURCES;
        match self.known.entry(source(address)) {
            std::collections::hash_map::Entry::Occupied(known) => Some(known.into_mut()),
            std::collections::hash_map::Entry::Vacant(new) if fits => Some(new.insert(Source {
                pace: now,
                served: now,
                refusing: false,
            })),
            std::collections::hash_map::Entry::Vacant(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_burst_is_let_in_then_the_pace_holds_and_other_addresses_are_not_held_back() {
        let mut sources = Sources::default();
        let now = Instant::now();
        for _ in 0..BURST {
            assert_eq!(sources.allow(ip("10.0.0.1"), now), Ok(()));
        }
        assert_eq!(sources.allow(ip("10.0.0.1"), now), Err(Refusal::TooFast));
        assert_eq!(sources.allow(ip("10.0.0.2"), now), Ok(()));
        // One more at each step of the pace.
        assert_eq!(sources.allow(ip("10.0.0.1"), now + PACE), Ok(()));
        assert_eq!(
            sources.allow(ip("10.0.0.1"), now + PACE),
            Err(Refusal::TooFast)
        );
    }

    #[test]
    fn penalties_refuse_once_they_reach_the_minimum_and_until_they_are_served() {
        let mut sources = Sources::default();
        let now = Instant::now();
        let typo = ip("10.0.0.3");
        // Two connections that never got the code right: not refused yet.
        assert!(!sources.penalise(typo, Misdeed::WrongCode, now));
        assert!(!sources.penalise(typo, Misdeed::WrongCode, now));
        assert_eq!(sources.allow(typo, now), Ok(()));
        // A third: 15 s earned, refused for all of them.
        assert!(sources.penalise(typo, Misdeed::WrongCode, now));
        assert_eq!(sources.allow(typo, now), Err(Refusal::Penalised));
        let later = now + Duration::from_secs(14);
        assert_eq!(sources.allow(typo, later), Err(Refusal::Penalised));
        assert_eq!(sources.allow(typo, now + PENALTY_MIN), Ok(()));
        // They never add up past the most.
        for _ in 0..1000 {
            sources.penalise(typo, Misdeed::TooSlow, now);
        }
        assert_eq!(sources.penalty_left(typo, now), PENALTY_MAX);
    }

    #[test]
    fn ipv6_counts_by_its_64_block_and_mapped_ipv4_as_ipv4() {
        assert_eq!(source(ip("2001:db8::1")), source(ip("2001:db8::ffff:2")));
        assert_ne!(source(ip("2001:db8::1")), source(ip("2001:db8:0:1::1")));
        assert_eq!(source(ip("::ffff:10.0.0.1")), ip("10.0.0.1"));
    }
}

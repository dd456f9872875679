//! A search in progress, seen from another thread: its latest report, and the way to tell
//! it to answer now with what it had finished (a move-now key never costs a legal move).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::analysis::Budget;
use super::moves::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Thinking {
    /// The deepest iteration finished (plies, the move included); 0 before the first.
    pub depth: u32,
    pub best: Option<Move>,
    /// Every thread's.
    pub nodes: u64,
    pub elapsed: Duration,
    pub budget: Budget,
}

impl Thinking {
    /// 0 before any time has passed.
    pub fn nodes_per_second(&self) -> u64 {
        let micros = self.elapsed.as_micros();
        if micros == 0 {
            return 0;
        }
        u64::try_from(u128::from(self.nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
    }
}

#[derive(Debug, Default)]
pub struct Watch {
    stop: AtomicBool,
    cancel: AtomicBool,
    latest: Mutex<Option<Thinking>>,
}

impl Watch {
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Nobody waits for the answer any more (an undo, the person left): the search stops as
    /// on a move-now, and one still waiting for its turn to begin never begins.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.stop();
    }

    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// A new search begins: forget the last one's report and any stop meant for it.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.cancel.store(false, Ordering::Relaxed);
        *self.lock() = None;
    }

    pub fn report(&self, thinking: Thinking) {
        *self.lock() = Some(thinking);
    }

    pub fn latest(&self) -> Option<Thinking> {
        *self.lock()
    }

    /// A watcher that panicked mid-report left a whole `Thinking` or none: the value is
    /// still good, so a poisoned lock is taken as it is.
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Thinking>> {
        self.latest
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_is_seen_until_the_next_search_resets_it() {
        let watch = Watch::default();
        assert!(!watch.stopped());
        watch.stop();
        assert!(watch.stopped());
        assert!(!watch.cancelled(), "a move-now is no cancel");
        watch.reset();
        assert!(!watch.stopped());
        watch.cancel();
        assert!(watch.stopped() && watch.cancelled());
        watch.reset();
        assert!(!watch.stopped() && !watch.cancelled());
    }

    #[test]
    fn the_latest_report_wins_and_a_reset_forgets_it() {
        let watch = Watch::default();
        assert_eq!(watch.latest(), None);
        let at = |depth| Thinking {
            depth,
            best: Some(Move::new(depth as usize)),
            nodes: 2_000_000,
            elapsed: Duration::from_millis(500),
            budget: Budget::Time(Duration::from_secs(1)),
        };
        watch.report(at(3));
        watch.report(at(4));
        assert_eq!(watch.latest().map(|t| t.depth), Some(4));
        assert_eq!(at(4).nodes_per_second(), 4_000_000);
        watch.reset();
        assert_eq!(watch.latest(), None);
    }
}

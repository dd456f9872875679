//! When a search must stop: a little before its budget runs out, so the move, the thread
//! joins and the reply all fit inside the budget even on a busy machine.

use std::time::{Duration, Instant};

/// The most kept back from a budget.
const MAX_MARGIN: Duration = Duration::from_millis(60);

/// The stopping time of one search.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    start: Instant,
    stop_at: Option<Instant>,
}

/// What is kept back from `budget`: a tenth of it, at most 60 ms. A thread may be parked
/// by the scheduler for tens of milliseconds on a busy machine; 60 ms covers that, and
/// leaves 94 % of a 1 s budget to search.
pub fn margin(budget: Duration) -> Duration {
    (budget / 10).min(MAX_MARGIN)
}

impl Deadline {
    /// Stop a margin before `budget` has passed since `start`.
    pub fn new(start: Instant, budget: Duration) -> Deadline {
        Deadline {
            start,
            stop_at: Some(start + budget.saturating_sub(margin(budget))),
        }
    }

    /// Never stop for time (a depth-limited search).
    pub fn none(start: Instant) -> Deadline {
        Deadline {
            start,
            stop_at: None,
        }
    }

    pub fn passed(&self) -> bool {
        self.stop_at.is_some_and(|at| Instant::now() >= at)
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_margin_is_small_but_real() {
        assert_eq!(margin(Duration::from_secs(1)), Duration::from_millis(60));
        assert_eq!(
            margin(Duration::from_millis(100)),
            Duration::from_millis(10)
        );
        assert_eq!(margin(Duration::from_secs(16)), MAX_MARGIN);
        let start = Instant::now();
        assert!(!Deadline::new(start, Duration::from_secs(60)).passed());
        assert!(Deadline::new(start, Duration::ZERO).passed());
        assert!(!Deadline::none(start).passed());
    }
}

//! The bot's turn as the game screen sees it. An answer counts only while its ticket is the
//! one waited for, and shows no sooner than the display delay after the request, so the bot
//! never seems to move before the person's own move has been seen.

use std::time::{Duration, Instant};

use crate::core::{Decision, Outcome, Side};

/// The side the bot takes when it chooses, given the exact outcome of the empty board for
/// the first player (`None` where not solved), with why. On a draw it moves first, leaving the
/// person the second side's fewer safe replies early on; unsolved, it moves first for the initiative.
pub fn side_to_take(first_player: Option<Outcome>) -> (Side, &'static str) {
    match first_player {
        Some(Outcome::Loss) => (Side::Second, "the first player loses with best play"),
        Some(Outcome::Win) => (Side::First, "the first player wins with best play"),
        Some(Outcome::Draw) => (
            Side::First,
            "best play draws, and the second player has more ways to lose",
        ),
        None => (Side::First, "moving first gives it the initiative"),
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
enum State {
    Idle,
    /// Asked with this ticket at this time.
    Thinking {
        ticket: u64,
        since: Instant,
    },
    /// Answered; the move is shown once `at` has passed.
    Ready {
        decision: Decision,
        at: Instant,
    },
}

#[derive(Clone, Debug)]
pub struct BotTurn {
    state: State,
    last_ticket: u64,
    /// How long after a request its answer is shown, at the earliest.
    delay: Duration,
    /// A request was cancelled before its answer came: its search is to be stopped.
    dropped: bool,
}

impl BotTurn {
    pub fn new(delay: Duration) -> BotTurn {
        BotTurn {
            state: State::Idle,
            last_ticket: 0,
            delay,
            dropped: false,
        }
    }

    pub fn busy(&self) -> bool {
        self.state != State::Idle
    }

    /// When the bot was asked, while it is thinking (not once it has answered).
    pub fn asked_at(&self) -> Option<Instant> {
        match self.state {
            State::Thinking { since, .. } => Some(since),
            _ => None,
        }
    }

    /// Whether the request `ticket` is the one waited for, not answered yet.
    pub fn awaits(&self, ticket: u64) -> bool {
        matches!(self.state, State::Thinking { ticket: t, .. } if t == ticket)
    }

    /// Asks at `now`: the new request's ticket, or `None` when a request is already under
    /// way (asked, or answered and waiting to be shown).
    pub fn request(&mut self, now: Instant) -> Option<u64> {
        if self.busy() {
            return None;
        }
        self.last_ticket += 1;
        self.state = State::Thinking {
            ticket: self.last_ticket,
            since: now,
        };
        Some(self.last_ticket)
    }

    /// Takes the bot's answer to `ticket` if it is the request waited for, and ignores it
    /// otherwise. Returns the move to play when it is already due at `now`.
    pub fn accept(&mut self, ticket: u64, decision: Decision, now: Instant) -> Option<Decision> {
        match self.state {
            State::Thinking { ticket: t, since } if t == ticket => {
                self.state = State::Ready {
                    decision,
                    at: since + self.delay,
                };
                self.due(now)
            }
            _ => None,
        }
    }

    /// The answered move, once its display delay has passed at `now`; it is handed out
    /// once, and the bot is idle again.
    pub fn due(&mut self, now: Instant) -> Option<Decision> {
        match std::mem::replace(&mut self.state, State::Idle) {
            State::Ready { decision, at } if now >= at => Some(decision),
            state => {
                self.state = state;
                None
            }
        }
    }

    pub fn cancel(&mut self) {
        self.dropped |= self.asked_at().is_some();
        self.state = State::Idle;
    }

    /// Whether a request was cancelled while the bot searched (or waited), since last asked.
    pub fn take_dropped(&mut self) -> bool {
        std::mem::take(&mut self.dropped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::core::Game;
    use crate::games::latin::adapter::Latin;

    fn cell(name: &str) -> Decision {
        Decision::new(Latin.parse_move(Latin.start().as_ref(), name).unwrap())
    }

    const DELAY: Duration = Duration::from_millis(500);

    /// A bot asked at `now` whose answer, b2, came at once and waits out the delay.
    fn b2_waiting(now: Instant) -> (BotTurn, u64) {
        let mut bot = BotTurn::new(DELAY);
        let ticket = bot.request(now).unwrap();
        assert_eq!(bot.accept(ticket, cell("b2"), now), None);
        (bot, ticket)
    }

    #[test]
    fn a_request_gets_a_new_ticket_and_is_not_repeated() {
        let now = Instant::now();
        let mut bot = BotTurn::new(DELAY);
        assert!(!bot.busy());
        assert_eq!(bot.request(now), Some(1));
        assert!(bot.busy());
        assert_eq!(bot.request(now), None, "already asked");
        bot.cancel();
        assert!(!bot.busy());
        assert!(bot.take_dropped(), "its search is to be stopped");
        assert!(!bot.take_dropped(), "once");
        assert_eq!(bot.request(now), Some(2), "tickets never repeat");
    }

    #[test]
    fn only_the_request_waited_for_is_awaited_until_answered() {
        let now = Instant::now();
        let mut bot = BotTurn::new(DELAY);
        let ticket = bot.request(now).unwrap();
        assert!(bot.awaits(ticket));
        assert!(!bot.awaits(ticket + 1), "another request's");
        assert_eq!(bot.accept(ticket, cell("b2"), now), None);
        assert!(!bot.awaits(ticket), "answered");
        assert!(!bot.take_dropped(), "answered, not cancelled");
    }

    #[test]
    fn an_answer_is_shown_once_the_delay_after_the_request_has_passed() {
        let now = Instant::now();
        let mut bot = BotTurn::new(DELAY);
        let ticket = bot.request(now).unwrap();
        let later = now + Duration::from_millis(200);
        assert_eq!(bot.accept(ticket, cell("b2"), later), None, "too soon");
        assert!(bot.busy(), "the answer waits");
        assert_eq!(bot.request(later), None, "and is not asked again");
        assert_eq!(bot.due(now + Duration::from_millis(499)), None);
        assert_eq!(bot.due(now + DELAY), Some(cell("b2")));
        assert!(!bot.busy());
        assert_eq!(bot.due(now + DELAY), None, "handed out once");
    }

    #[test]
    fn a_late_answer_is_due_at_once() {
        let now = Instant::now();
        let mut bot = BotTurn::new(DELAY);
        let ticket = bot.request(now).unwrap();
        assert_eq!(
            bot.accept(ticket, cell("c3"), now + DELAY),
            Some(cell("c3"))
        );
        assert!(!bot.busy());
        let mut quick = BotTurn::new(Duration::ZERO);
        let ticket = quick.request(now).unwrap();
        assert_eq!(quick.accept(ticket, cell("a1"), now), Some(cell("a1")));
    }

    #[test]
    fn stale_answers_are_ignored() {
        let now = Instant::now();
        let mut bot = BotTurn::new(Duration::ZERO);
        let old = bot.request(now).unwrap();
        bot.cancel();
        assert_eq!(bot.accept(old, cell("a1"), now), None, "cancelled");
        assert!(!bot.busy());
        let new = bot.request(now).unwrap();
        assert_eq!(bot.accept(old, cell("a1"), now), None, "an older ticket");
        assert!(bot.busy(), "still waiting for the new one");
        assert_eq!(bot.accept(new, cell("d4"), now), Some(cell("d4")));
    }

    #[test]
    fn an_answer_arriving_twice_counts_once() {
        let now = Instant::now();
        let (mut bot, ticket) = b2_waiting(now);
        assert_eq!(
            bot.accept(ticket, cell("c3"), now + DELAY),
            None,
            "not waited for"
        );
        assert_eq!(bot.due(now + DELAY), Some(cell("b2")));
    }

    #[test]
    fn the_bot_takes_the_side_best_play_favours_and_the_first_on_a_draw() {
        assert_eq!(side_to_take(Some(Outcome::Win)).0, Side::First);
        assert_eq!(side_to_take(Some(Outcome::Loss)).0, Side::Second);
        let (side, why) = side_to_take(Some(Outcome::Draw));
        assert_eq!(side, Side::First);
        assert!(why.starts_with("best play draws"), "{why}");
        assert_eq!(side_to_take(None).0, Side::First);
        assert!(side_to_take(None).1.contains("initiative"));
    }

    #[test]
    fn cancelling_drops_an_answer_waiting_to_be_shown() {
        let now = Instant::now();
        let (mut bot, _) = b2_waiting(now);
        bot.cancel();
        assert_eq!(bot.due(now + DELAY), None);
        assert!(!bot.take_dropped(), "its search was over");
    }
}

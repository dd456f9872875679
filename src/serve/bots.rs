//! The server's bots take turns to search: at most as many searches at once as the machine
//! has cores, the rest waiting in order of arrival, each run on a thread of the pool's. A
//! search then has a core of its own, as at home, and the memory searches take (their
//! tables, tens of MiB) follows the cores, not the number of people playing a bot.

use std::collections::VecDeque;
use std::num::NonZero;
use std::sync::{Arc, Condvar, LazyLock, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use crate::tui::bot::Gate;

/// How soon a waiter sees it is no longer wanted: the cancel comes from the person's
/// screen, which knows nothing of the pool.
const LOOK: Duration = Duration::from_millis(50);

pub struct Pool {
    places: usize,
    line: Mutex<Line>,
    moved: Condvar,
    /// A thread a place, where the searches run. The allocator keeps what a thread frees
    /// for that thread (glibc's arenas): on these few threads each search's tables reuse the
    /// last one's, where on the bots' threads the freed tables piled up in every arena.
    /// `None` when the system refused them: the searches run on the bots' threads.
    threads: Option<rayon::ThreadPool>,
}

#[derive(Default)]
struct Line {
    running: usize,
    /// The waiters' numbers, first come first.
    waiting: VecDeque<u64>,
    next: u64,
}

impl Pool {
    pub fn new(places: usize) -> Pool {
        let threads = rayon::ThreadPoolBuilder::new()
            .num_threads(places.max(1))
            .thread_name(|i| format!("search-{i}"))
            .build();
        Pool {
            places: places.max(1),
            line: Mutex::default(),
            moved: Condvar::new(),
            threads: threads.ok(),
        }
    }

    /// The process's pool, a place a core: every person's bot goes through it.
    pub fn shared() -> Arc<Pool> {
        static POOL: LazyLock<Arc<Pool>> = LazyLock::new(|| {
            let cores = std::thread::available_parallelism().map_or(1, NonZero::get);
            Arc::new(Pool::new(cores))
        });
        Arc::clone(&POOL)
    }

    /// No change to the line is left half made by a panic: it is taken as it is.
    fn lock(&self) -> MutexGuard<'_, Line> {
        self.line.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Gate for Pool {
    fn enter(&self, gone: &dyn Fn() -> bool, ahead: &mut dyn FnMut(usize)) -> bool {
        let mut line = self.lock();
        let me = line.next;
        line.next += 1;
        line.waiting.push_back(me);
        let mut told = None;
        loop {
            let at = line.waiting.iter().position(|&n| n == me).unwrap_or(0);
            let gone = gone();
            if gone || at == 0 && line.running < self.places {
                line.waiting.remove(at);
                line.running += usize::from(!gone);
                drop(line);
                // Everyone behind moved up, and the next may have a place too.
                self.moved.notify_all();
                return !gone;
            }
            let before = at + line.running;
            if told != Some(before) {
                told = Some(before);
                ahead(before);
            }
            let woken = self.moved.wait_timeout(line, LOOK);
            line = woken.unwrap_or_else(PoisonError::into_inner).0;
        }
    }

    fn leave(&self) {
        self.lock().running -= 1;
        self.moved.notify_all();
    }

    fn run(&self, search: &mut (dyn FnMut() + Send)) {
        match &self.threads {
            Some(threads) => threads.install(search),
            None => search(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::{self, Receiver};
    use std::thread::{self, JoinHandle};

    use crate::core::{Decision, Difficulty, Engine, Game, Move, Player, Position, Watch};
    use crate::games::extreme::adapter::Extreme;
    use crate::tui::{Bot, BotRequest, Event};

    /// Long enough on a busy machine; a bot that hangs fails the test after it instead.
    const PATIENCE: Duration = Duration::from_secs(60);

    /// A waiter on its own thread: it reports each count ahead of it, then whether it got
    /// a place; with one, it records `name` in `order` and gives the place back.
    fn waiter(
        pool: &Arc<Pool>,
        name: &'static str,
        order: &Arc<Mutex<Vec<&'static str>>>,
        gone: &Arc<AtomicBool>,
    ) -> (Receiver<usize>, JoinHandle<bool>) {
        let (tell, told) = mpsc::channel();
        let (pool, order, gone) = (Arc::clone(pool), Arc::clone(order), Arc::clone(gone));
        let thread = thread::spawn(move || {
            let entered = pool.enter(&|| gone.load(Ordering::Relaxed), &mut |n| {
                tell.send(n).unwrap();
            });
            if entered {
                order.lock().unwrap().push(name);
                pool.leave();
            }
            entered
        });
        (told, thread)
    }

    fn never() -> bool {
        false
    }

    #[test]
    fn k_searches_run_at_once_and_the_rest_wait_their_turn_in_order() {
        let pool = Arc::new(Pool::new(2));
        let mut silent = |n| panic!("a free place is taken at once, not after {n} ahead");
        assert!(pool.enter(&never, &mut silent));
        assert!(pool.enter(&never, &mut silent));
        let order = Arc::default();
        let stays = Arc::new(AtomicBool::new(false));
        let (first_told, first) = waiter(&pool, "first", &order, &stays);
        assert_eq!(
            first_told.recv_timeout(PATIENCE).unwrap(),
            2,
            "both places taken"
        );
        let (second_told, second) = waiter(&pool, "second", &order, &stays);
        assert_eq!(
            second_told.recv_timeout(PATIENCE).unwrap(),
            3,
            "and the first waiter"
        );
        pool.leave();
        assert!(first.join().unwrap() && second.join().unwrap());
        assert_eq!(*order.lock().unwrap(), ["first", "second"]);
        pool.leave();
        assert!(pool.enter(&never, &mut silent), "every place given back");
    }

    #[test]
    fn a_cancelled_waiter_leaves_its_place_in_line_to_the_next() {
        let pool = Arc::new(Pool::new(1));
        assert!(pool.enter(&never, &mut |_| {}));
        let order = Arc::default();
        let (cancelled, stays) = (Arc::new(AtomicBool::new(false)), Arc::default());
        let (first_told, first) = waiter(&pool, "cancelled", &order, &cancelled);
        assert_eq!(first_told.recv_timeout(PATIENCE).unwrap(), 1);
        let (second_told, second) = waiter(&pool, "second", &order, &stays);
        assert_eq!(
            second_told.recv_timeout(PATIENCE).unwrap(),
            2,
            "behind the search and the first"
        );
        cancelled.store(true, Ordering::Relaxed);
        assert_eq!(second_told.recv_timeout(PATIENCE).unwrap(), 1, "moved up");
        assert!(!first.join().unwrap(), "it never runs");
        pool.leave();
        assert!(second.join().unwrap());
        assert_eq!(*order.lock().unwrap(), ["second"]);
        assert!(pool.enter(&never, &mut |n| panic!("{n} ahead")));
    }

    /// Plays the first cell at once: the searching is not what is tested.
    struct Quick;

    impl Player for Quick {
        fn name(&self) -> String {
            "quick".into()
        }

        fn decide(&mut self, _position: &dyn Position) -> Option<Decision> {
            Some(Decision::new(Move::new(0)))
        }
    }

    #[test]
    fn a_bot_waits_its_turn_says_so_and_gives_its_place_back_when_cancelled_or_gone() {
        let pool = Arc::new(Pool::new(1));
        assert!(pool.enter(&never, &mut |_| {}));
        let (tx, rx) = mpsc::channel();
        let watch = Arc::new(Watch::default());
        let quick = Box::new(|_: &dyn Engine, _| Ok(Box::new(Quick) as Box<dyn Player>));
        let gate: Arc<dyn Gate> = pool.clone();
        let bot = Bot::spawn_with(tx, 1, Arc::clone(&watch), quick, Some(gate)).unwrap();
        let next = || rx.recv_timeout(PATIENCE).expect("the bot answers");
        let ask = |ticket| {
            bot.ask(BotRequest::Move {
                ticket,
                game: Extreme.key(),
                position: Extreme.start(),
                difficulty: Difficulty::Perfect,
                vary: false,
            });
        };
        bot.ask(BotRequest::Load(Arc::new(Extreme)));
        assert!(matches!(next(), Event::EngineReady { .. }));
        ask(1);
        assert!(matches!(
            next(),
            Event::BotWaiting {
                ticket: 1,
                ahead: Some(1)
            }
        ));
        watch.cancel(); // the person took their move back
        ask(2);
        // The second is behind the running search alone: the first has left the line.
        assert!(matches!(
            next(),
            Event::BotWaiting {
                ticket: 2,
                ahead: Some(1)
            }
        ));
        pool.leave();
        assert!(matches!(
            next(),
            Event::BotWaiting {
                ticket: 2,
                ahead: None
            }
        ));
        assert!(matches!(next(), Event::BotMoved { ticket: 2, .. }));
        assert!(pool.enter(&never, &mut |n| panic!("{n} ahead: the bot kept its place")));
        ask(3);
        assert!(matches!(
            next(),
            Event::BotWaiting {
                ticket: 3,
                ahead: Some(1)
            }
        ));
        drop(bot); // the person left
        assert!(
            rx.recv_timeout(PATIENCE).is_err(),
            "the bot thread ends, answering nothing"
        );
        pool.leave();
        assert!(pool.enter(&never, &mut |n| panic!("{n} ahead: a place kept")));
    }
}

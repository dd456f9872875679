//! The root of every searched game's analysis (a game supplies [`Root`]): iterative
//! deepening and a principal variation search over the root moves. Each root move keeps its
//! own state (its table) between iterations, so at a depth or a node budget the analysis is
//! the same on every run and on any number of threads.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::analysis::{Analysis, Budget};
use super::moves::Move;
use super::threads;
use super::value::{Claim, Hint};
use super::watch::{Thinking, Watch};

/// Seen by every job: the clock, a stop through the watch, or the driver dropping the
/// iteration anyway.
#[derive(Debug)]
pub(crate) struct Halt {
    abort: AtomicBool,
    deadline: Option<Instant>,
    watch: Option<Arc<Watch>>,
}

impl Halt {
    /// Read every few hundred nodes: it reads the clock.
    pub fn halted(&self) -> bool {
        self.abort.load(Ordering::Relaxed)
            || self.watch.as_ref().is_some_and(|w| w.stopped())
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn raise(&self) {
        self.abort.store(true, Ordering::Relaxed);
    }
}

/// What one job may spend: `nodes` at most (more and its iteration is dropped anyway), and
/// it stops when `halt` says so. The first iteration has neither limit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits<'a> {
    /// In an `Arc`, for a search that keeps it in its own state for the job.
    pub halt: Option<&'a Arc<Halt>>,
    pub nodes: u64,
}

impl Limits<'_> {
    pub const NONE: Limits<'static> = Limits {
        halt: None,
        nodes: u64::MAX,
    };

    pub fn halt(&self) -> Option<&Halt> {
        self.halt.map(|h| &**h)
    }
}

/// One root move searched, its score for the side playing it; `proven`: no guess went in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Searched {
    pub score: i32,
    pub proven: bool,
    pub nodes: u64,
}

/// A window on a root move's score, for the side playing it.
pub(crate) type Window = (i32, i32);

pub(crate) trait Root: Sync {
    type Move: Copy + Send + Sync;
    /// What one root move keeps from one iteration to the next (its table).
    type State: Send;

    /// Beyond every score.
    const INFINITY: i32;

    /// In the order of the first iteration.
    fn moves(&self) -> Vec<Self::Move>;

    /// Moves proven before any search, with their scores; they rank first among equals.
    fn proofs(&self) -> Vec<(Self::Move, i32)> {
        Vec::new()
    }

    /// The deepest iteration worth running (the plies left in the game, say).
    fn max_depth(&self) -> u32;

    /// For one of `count` root moves (the tables share a fixed total).
    fn state(&self, count: usize) -> Self::State;

    /// The score of `mv` searched `depth` plies (the move included) within `window`;
    /// `None` when `limits` stopped it.
    fn search(
        &self,
        state: &mut Self::State,
        mv: Self::Move,
        depth: u32,
        window: Window,
        limits: Limits<'_>,
    ) -> Option<Searched>;

    fn claim(&self, score: i32, proven: bool) -> Option<Claim>;

    /// What the bound "at most `searched.score`" proves: by default only a loss within.
    fn bound_claim(&self, searched: Searched) -> Option<Claim> {
        match self.claim(searched.score, false) {
            Some(Claim::LossWithin(plies)) => Some(Claim::LossWithin(plies)),
            _ => None,
        }
    }

    /// Deeper iterations would change nothing.
    fn settled(&self, best: Searched, depth: u32) -> bool;

    /// The line from `mv` as its state has it after a search `depth` plies deep, `mv` first.
    fn line(&self, state: &Self::State, mv: Self::Move, depth: u32) -> Vec<Self::Move>;

    fn id(&self, mv: Self::Move) -> Move;
}

/// The moves `next` picks in turn from `now`, until `plies` or either has none.
pub(crate) fn follow<S, M: Copy>(
    mut now: S,
    plies: usize,
    mut next: impl FnMut(&S) -> Option<M>,
    play: impl Fn(&S, M) -> Option<S>,
) -> Vec<M> {
    let mut line = Vec::new();
    while line.len() < plies
        && let Some(mv) = next(&now)
        && let Some(after) = play(&now, mv)
    {
        line.push(mv);
        now = after;
    }
    line
}

/// `first`, then [`follow`], at most `depth` moves in all; empty where `first` does not play.
pub(crate) fn line_from<S, M: Copy>(
    start: &S,
    first: M,
    depth: u32,
    next: impl FnMut(&S) -> Option<M>,
    play: impl Fn(&S, M) -> Option<S>,
) -> Vec<M> {
    let Some(after) = play(start, first) else {
        return Vec::new();
    };
    let rest = depth.saturating_sub(1) as usize;
    std::iter::once(first)
        .chain(follow(after, rest, next, play))
        .collect()
}

#[derive(Clone, Debug)]
pub struct SearchSettings {
    pub budget: Budget,
    /// The result is the same on any number.
    pub threads: usize,
    pub watch: Option<Arc<Watch>>,
    /// How many of the best moves get an exact score, the rest only a bound.
    pub ranked: usize,
}

impl SearchSettings {
    pub fn new(budget: Budget, threads: usize) -> SearchSettings {
        SearchSettings {
            budget,
            threads,
            watch: None,
            ranked: 1,
        }
    }

    /// On one thread, the same on every machine; the bot's first, second and third choice
    /// scored exactly so that they can be ranked.
    pub fn hints(nodes: u64) -> SearchSettings {
        SearchSettings {
            ranked: 3,
            ..SearchSettings::new(Budget::Nodes(nodes), 1)
        }
    }
}

/// The bits of each of `count` tables sharing `2^total` slots, each 2^10 to 2^18 slots.
pub(crate) fn table_bits(total: u32, count: usize) -> u32 {
    let share = usize::BITS - count.max(1).next_power_of_two().leading_zeros() - 1;
    total.saturating_sub(share).clamp(10, 18)
}

/// What is kept back from a time budget, so that the move is made in time even on a busy
/// machine: a tenth of it, at most 60 ms (a thread may be parked by the scheduler for tens of
/// milliseconds; 60 ms covers that and leaves 94 % of a 1 s budget to search).
pub(crate) fn margin(budget: Duration) -> Duration {
    (budget / 10).min(Duration::from_millis(60))
}

/// None for a budget past any clock (`Duration::MAX`), which an `Instant` cannot hold.
fn deadline(start: Instant, budget: Duration) -> Option<Instant> {
    start.checked_add(budget.saturating_sub(margin(budget)))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Value {
    Exact(Searched),
    /// It failed low: at most this score.
    AtMost(Searched),
}

impl Value {
    /// Higher first, an exact score before a bound of the same.
    fn rank(self) -> (i32, bool) {
        match self {
            Value::Exact(s) => (s.score, true),
            Value::AtMost(s) => (s.score, false),
        }
    }
}

/// An iteration's moves best first and its nodes; cut short, its best move searched in full
/// if there is one.
type Iteration<M> = Result<(Vec<Rooted<M>>, u64), Option<Rooted<M>>>;

/// One root move in a finished iteration.
#[derive(Clone, Debug)]
struct Rooted<M> {
    /// Among the root moves (its state's).
    index: usize,
    mv: M,
    value: Value,
    line: Vec<M>,
}

/// `None` when there is no move. An iteration cut short is dropped, but the first always
/// finishes, so a legal move always comes.
pub(crate) fn analyze<R: Root>(root: &R, settings: &SearchSettings) -> Option<Analysis> {
    let start = Instant::now();
    let moves = root.moves();
    let proofs = root.proofs();
    // Every limit but the budget's own is none.
    let (max_depth, node_limit, movetime) = match settings.budget {
        Budget::Depth(d) => (d.max(1), u64::MAX, None),
        Budget::Nodes(n) => (u32::MAX, n, None),
        Budget::Time(t) => (u32::MAX, u64::MAX, Some(t)),
    };
    let halt = Arc::new(Halt {
        abort: AtomicBool::new(false),
        deadline: movetime.and_then(|t| deadline(start, t)),
        watch: settings.watch.clone(),
    });
    let states: Vec<Mutex<R::State>> = moves
        .iter()
        .map(|_| Mutex::new(root.state(moves.len())))
        .collect();
    let mut order: Vec<usize> = (0..moves.len()).collect();
    let mut done: Option<(Vec<Rooted<R::Move>>, u32)> = None;
    let mut nodes = 0u64;
    let run = Run {
        root,
        moves: &moves,
        states: &states,
        threads: settings.threads.max(1),
        ranked: settings.ranked,
    };
    for depth in 1..=max_depth.min(root.max_depth()) {
        if moves.is_empty() {
            break;
        }
        // The first iteration always finishes; later ones stop at the budget.
        let limits = if depth == 1 {
            Limits::NONE
        } else {
            Limits {
                halt: Some(&halt),
                nodes: node_limit.saturating_sub(nodes),
            }
        };
        let (ranked, spent) = match run.iteration(&order, depth, limits) {
            Ok(found) => found,
            // Under a clock, a move searched in full at the deeper depth and better than
            // every other searched there (the last best move among them) is the one to play.
            Err(Some(better)) if movetime.is_some() => {
                if let Some((ranked, _)) = &mut done {
                    ranked.retain(|r| r.index != better.index);
                    ranked.insert(0, better);
                }
                break;
            }
            Err(_) => break,
        };
        nodes += spent;
        if depth > 1 && nodes > node_limit {
            break;
        }
        order = ranked.iter().map(|r| r.index).collect();
        let best = match ranked[0].value {
            Value::Exact(s) => s,
            Value::AtMost(_) => unreachable!("the first ranked is searched exactly"),
        };
        let settled = root.settled(best, depth);
        if let Some(watch) = &settings.watch {
            watch.report(Thinking {
                depth,
                best: Some(root.id(ranked[0].mv)),
                nodes,
                elapsed: start.elapsed(),
                budget: settings.budget,
            });
        }
        done = Some((ranked, depth));
        if settled || halt.halted() {
            break;
        }
    }
    let (searched, depth) = done.unwrap_or((Vec::new(), 0));
    into_analysis(root, proofs, searched, depth, nodes)
}

fn into_analysis<R: Root>(
    root: &R,
    proofs: Vec<(R::Move, i32)>,
    searched: Vec<Rooted<R::Move>>,
    depth: u32,
    nodes: u64,
) -> Option<Analysis> {
    let proved = proofs.into_iter().map(|(mv, score)| Rooted {
        index: usize::MAX,
        mv,
        value: Value::Exact(Searched {
            score,
            proven: true,
            nodes: 0,
        }),
        line: vec![mv],
    });
    let mut ranked: Vec<Rooted<R::Move>> = proved.collect();
    ranked.sort_by_key(|r| std::cmp::Reverse(r.value.rank()));
    // The searched come best first (a cut iteration's best in front); a proof ranks first
    // among equals.
    let best = match (ranked.first(), searched.first()) {
        (Some(p), Some(s)) if s.value.rank() > p.value.rank() => s,
        (p, s) => p.or(s)?,
    };
    let (best_mv, pv) = (root.id(best.mv), ids(root, &best.line));
    ranked.extend(searched);
    ranked.sort_by_key(|r| root.id(r.mv).index());
    let figure = |value| match value {
        Value::Exact(s) => root
            .claim(s.score, s.proven)
            .map_or(Hint::Guess(s.score), Hint::Proven),
        Value::AtMost(s) => root
            .bound_claim(s)
            .map_or(Hint::AtMost(s.score), Hint::Proven),
    };
    Some(Analysis {
        moves: ranked
            .iter()
            .map(|r| (root.id(r.mv), figure(r.value)))
            .collect(),
        lines: ranked.iter().map(|r| ids(root, &r.line)).collect(),
        best: best_mv,
        pv,
        depth,
        nodes,
    })
}

fn ids<R: Root>(root: &R, line: &[R::Move]) -> Vec<Move> {
    line.iter().map(|&m| root.id(m)).collect()
}

/// The `k`th highest exact score among `values` (the lowest there is, with fewer): what a
/// move must beat to be among the `k` the analysis ranks exactly.
fn kth_best(values: &[Option<Value>], k: usize) -> i32 {
    let mut exact: Vec<i32> = values
        .iter()
        .filter_map(|v| match v {
            Some(Value::Exact(s)) => Some(s.score),
            _ => None,
        })
        .collect();
    exact.sort_unstable_by(|a, b| b.cmp(a));
    exact[exact.len().min(k) - 1]
}

struct Run<'a, R: Root> {
    root: &'a R,
    moves: &'a [R::Move],
    states: &'a [Mutex<R::State>],
    threads: usize,
    ranked: usize,
}

impl<R: Root> Run<'_, R> {
    /// One iteration over `order` (the last one's ranking), best first, and its nodes.
    ///
    /// Principal variation search in rounds, the same on any number of threads: the others
    /// are tested with a null window at the best score so far, all at once; the one that
    /// beat it by most gets the full window and raises it, and the rest are tested again,
    /// until none beats it. A move that fails a test keeps the bound it failed with.
    fn iteration(&self, order: &[usize], depth: u32, limits: Limits<'_>) -> Iteration<R::Move> {
        let mut spent = 0;
        let left = |spent: u64| Limits {
            nodes: limits.nodes.saturating_sub(spent),
            ..limits
        };
        let mut values: Vec<Option<Value>> = vec![None; order.len()];
        let window = (-R::INFINITY, R::INFINITY);
        let full = |at: usize, spent: u64| self.jobs(&[(order[at], window)], depth, left(spent))[0];
        // Cut short: the best of the moves scored exactly so far, if any.
        let cut = |values: &[Option<Value>]| {
            let exact = |(at, v): (usize, &Option<Value>)| match v {
                Some(Value::Exact(s)) => Some((at, s.score)),
                _ => None,
            };
            let (at, _) = values
                .iter()
                .enumerate()
                .filter_map(exact)
                .rev()
                .max_by_key(|&(_, s)| s)?;
            Some(self.rooted(order[at], values[at]?, depth))
        };
        // The first `ranked` moves get the full window at once; every other must beat the
        // worst of the exact scores' top `ranked` to get one.
        let ranked = self.ranked.clamp(1, order.len().max(1));
        let firsts: Vec<(usize, Window)> = order[..ranked].iter().map(|&i| (i, window)).collect();
        for (at, found) in self
            .jobs(&firsts, depth, left(spent))
            .into_iter()
            .enumerate()
        {
            let Some(found) = found else {
                return Err(cut(&values));
            };
            spent += found.nodes;
            values[at] = Some(Value::Exact(found));
        }
        let mut alpha = kth_best(&values, ranked);
        let mut open: Vec<usize> = (ranked..order.len()).collect();
        while !open.is_empty() {
            let tests: Vec<(usize, Window)> = open
                .iter()
                .map(|&at| (order[at], (alpha, alpha + 1)))
                .collect();
            let Some(tested) = self
                .jobs(&tests, depth, left(spent))
                .into_iter()
                .collect::<Option<Vec<_>>>()
            else {
                return Err(cut(&values));
            };
            spent += tested.iter().map(|s| s.nodes).sum::<u64>();
            let mut beat: Vec<(usize, i32)> = Vec::new();
            for (&at, found) in open.iter().zip(tested) {
                if found.score > alpha {
                    beat.push((at, found.score));
                } else {
                    values[at] = Some(Value::AtMost(found));
                }
            }
            // The one that beat the best score by most (the earlier ranked of equals).
            let Some(&(top, _)) = beat.iter().rev().max_by_key(|&&(_, score)| score) else {
                break;
            };
            let Some(found) = full(top, spent) else {
                return Err(cut(&values));
            };
            spent += found.nodes;
            values[top] = Some(Value::Exact(found));
            alpha = kth_best(&values, ranked);
            open = beat
                .iter()
                .map(|&(at, _)| at)
                .filter(|&at| at != top)
                .collect();
        }
        let mut ranked: Vec<Rooted<R::Move>> = order
            .iter()
            .zip(values)
            .map(|(&index, value)| Some(self.rooted(index, value?, depth)))
            .collect::<Option<_>>()
            .ok_or(None)?;
        // Best first; equals keep the order they were searched in.
        ranked.sort_by_key(|r| std::cmp::Reverse(r.value.rank()));
        Ok((ranked, spent))
    }

    fn rooted(&self, index: usize, value: Value, depth: u32) -> Rooted<R::Move> {
        Rooted {
            index,
            mv: self.moves[index],
            value,
            line: self.line(index, depth),
        }
    }

    fn line(&self, index: usize, depth: u32) -> Vec<R::Move> {
        let state = self.states[index]
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        self.root.line(&state, self.moves[index], depth)
    }

    /// Each job a root move's index and its window, on the run's threads; `None` for those
    /// cut short. Past the node limit the rest are stopped: the iteration is dropped.
    fn jobs(
        &self,
        jobs: &[(usize, Window)],
        depth: u32,
        limits: Limits<'_>,
    ) -> Vec<Option<Searched>> {
        let next = AtomicUsize::new(0);
        let finished = AtomicU64::new(0);
        let cut = AtomicBool::new(false);
        let results: Vec<Mutex<Option<Searched>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
        let work = || {
            loop {
                let at = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(index, window)) = jobs.get(at) else {
                    break;
                };
                if cut.load(Ordering::Relaxed) {
                    break;
                }
                let mut state = self.states[index]
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                let found = self
                    .root
                    .search(&mut state, self.moves[index], depth, window, limits);
                drop(state);
                let Some(found) = found else {
                    cut.store(true, Ordering::Relaxed);
                    limits.halt.inspect(|h| h.raise());
                    break;
                };
                let total = finished.fetch_add(found.nodes, Ordering::Relaxed) + found.nodes;
                if total > limits.nodes {
                    // Over the node limit: the job counts as cut short.
                    cut.store(true, Ordering::Relaxed);
                    limits.halt.inspect(|h| h.raise());
                    break;
                }
                *results[at].lock().unwrap_or_else(PoisonError::into_inner) = Some(found);
            }
        };
        let helpers = self.threads.min(jobs.len()).saturating_sub(1);
        std::thread::scope(|scope| {
            for _ in 0..helpers {
                if let Err(error) =
                    threads::spawn_scoped(scope, "analysis", "an analysis thread", work)
                {
                    // The jobs run on the threads there are: the result is the same.
                    threads::note_fewer(&error, "the analysis ran on fewer threads");
                    break;
                }
            }
            work();
        });
        results
            .into_iter()
            .map(|r| r.into_inner().unwrap_or_else(PoisonError::into_inner))
            .collect()
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
        assert_eq!(margin(Duration::from_secs(16)), Duration::from_millis(60));
    }

    #[test]
    fn a_budget_past_any_clock_has_no_deadline() {
        let now = Instant::now();
        assert_eq!(deadline(now, Duration::MAX), None);
        assert_eq!(
            deadline(now, Duration::from_secs(1)),
            Some(now + Duration::from_millis(940))
        );
    }

    /// A made-up game: move `m` is worth `VALUES[m]` minus a little per ply searched,
    /// each search costs `depth` nodes per move, and what it saw of the watch is kept.
    struct Toy {
        seen: Mutex<Vec<u32>>,
        watch: Option<Arc<Watch>>,
    }

    const VALUES: [i32; 6] = [3, 9, 1, 9, -4, 7];

    impl Toy {
        fn new(watch: Option<Arc<Watch>>) -> Toy {
            Toy {
                seen: Mutex::new(Vec::new()),
                watch,
            }
        }
    }

    impl Root for Toy {
        type Move = usize;
        type State = ();
        const INFINITY: i32 = 1000;

        fn moves(&self) -> Vec<usize> {
            (0..VALUES.len()).collect()
        }

        fn max_depth(&self) -> u32 {
            20
        }

        fn state(&self, _count: usize) {}

        fn search(
            &self,
            (): &mut (),
            mv: usize,
            depth: u32,
            (alpha, beta): Window,
            limits: Limits<'_>,
        ) -> Option<Searched> {
            if let Some(latest) = self.watch.as_ref().and_then(|w| w.latest()) {
                self.seen.lock().unwrap().push(latest.depth);
            }
            if limits.halt().is_some_and(Halt::halted) {
                return None;
            }
            let value = VALUES[mv] - depth as i32;
            // Fail-hard, as a search that knows only its window would answer.
            Some(Searched {
                score: value.clamp(alpha, beta),
                proven: false,
                nodes: u64::from(depth),
            })
        }

        fn claim(&self, _score: i32, _proven: bool) -> Option<Claim> {
            None
        }

        fn settled(&self, _best: Searched, _depth: u32) -> bool {
            false
        }

        fn line(&self, (): &(), mv: usize, _depth: u32) -> Vec<usize> {
            vec![mv]
        }

        fn id(&self, mv: usize) -> Move {
            Move::new(mv)
        }
    }

    #[test]
    fn the_tables_share_a_fixed_total() {
        assert_eq!(table_bits(19, 1), 18);
        assert_eq!(table_bits(19, 2), 18);
        assert_eq!(table_bits(19, 3), 17);
        assert_eq!(table_bits(19, 16), 15);
        assert_eq!(table_bits(19, 17), 14);
        assert_eq!(table_bits(19, 49), 13);
        assert_eq!(table_bits(19, 10_000), 10);
    }

    #[test]
    fn the_best_is_the_highest_score_and_the_earlier_of_equals() {
        let analysis = analyze(&Toy::new(None), &SearchSettings::new(Budget::Depth(3), 1)).unwrap();
        assert_eq!(analysis.best, Move::new(1), "9 twice: the first in order");
        assert_eq!(analysis.figure(Move::new(1)), Some(Hint::Guess(6)));
        // Every other move was tested at the best's score and failed low there.
        for mv in [0, 2, 3, 4, 5] {
            assert_eq!(analysis.figure(Move::new(mv)), Some(Hint::AtMost(6)));
        }
        assert_eq!(analysis.line(Move::new(4)), [Move::new(4)]);
        assert_eq!(analysis.pv, [Move::new(1)]);
    }

    /// Ranking three: the three best (9, 9, 7 less the depth) get exact scores, the
    /// others a bound at the third's, on any number of threads; the best is unchanged.
    #[test]
    fn ranking_the_best_three_scores_them_exactly_and_bounds_the_rest() {
        for threads in [1, 3] {
            let settings = SearchSettings {
                ranked: 3,
                ..SearchSettings::new(Budget::Depth(3), threads)
            };
            let analysis = analyze(&Toy::new(None), &settings).unwrap();
            assert_eq!(analysis.best, Move::new(1));
            let figure = |mv| analysis.figure(Move::new(mv)).unwrap();
            assert_eq!(figure(1), Hint::Guess(6));
            assert_eq!(figure(3), Hint::Guess(6));
            assert_eq!(figure(5), Hint::Guess(4));
            for mv in [0, 2, 4] {
                assert_eq!(figure(mv), Hint::AtMost(4), "move {mv}");
            }
        }
    }

    #[test]
    fn threads_change_nothing_and_a_node_budget_drops_the_iteration_it_cuts() {
        // 6 moves at depth d cost 6d nodes, and the first iteration re-searches the three
        // that beat move 0: depths 1..=4 take 63, the fifth 93 in all.
        let at = |budget, threads| analyze(&Toy::new(None), &SearchSettings::new(budget, threads));
        let one = at(Budget::Nodes(92), 1).unwrap();
        assert_eq!((one.depth, one.nodes), (4, 63));
        for threads in [2, 3, 8] {
            assert_eq!(at(Budget::Nodes(92), threads), Some(one.clone()));
        }
        assert_eq!(at(Budget::Nodes(93), 2).unwrap().depth, 5);
    }

    #[test]
    fn a_stopped_watch_still_gets_a_legal_move_from_the_first_iteration() {
        let watch = Arc::new(Watch::default());
        watch.stop();
        let settings = SearchSettings {
            watch: Some(watch.clone()),
            ..SearchSettings::new(Budget::Depth(10), 2)
        };
        let analysis = analyze(&Toy::new(Some(watch.clone())), &settings).unwrap();
        assert_eq!(analysis.depth, 1);
        assert!(VALUES.len() > analysis.best.index());
        let report = watch.latest().unwrap();
        assert_eq!((report.depth, report.best), (1, Some(analysis.best)));
    }

    #[test]
    fn reports_come_after_each_iteration_with_growing_depth() {
        let watch = Arc::new(Watch::default());
        let toy = Toy::new(Some(watch.clone()));
        let settings = SearchSettings {
            watch: Some(watch.clone()),
            ..SearchSettings::new(Budget::Depth(6), 1)
        };
        let analysis = analyze(&toy, &settings).unwrap();
        let seen = toy.seen.into_inner().unwrap();
        // Depth d's jobs see the report of depth d - 1 (none during the first).
        let mut expected: Vec<u32> = (1..6).flat_map(|d| [d; 6]).collect();
        expected.sort_unstable();
        assert_eq!(seen, expected);
        assert_eq!(watch.latest().unwrap().depth, analysis.depth);
        assert_eq!(watch.latest().unwrap().nodes, analysis.nodes);
    }
}

//! The verifier: X plays by the header's procedure against every O reply, each X-to-move
//! position once per symmetry class (in a table the threads share), until every game ends
//! in X's win (a proof that X wins) or a position where X has no winning continuation.
//! When X's move leaves a three, every O reply but the block loses at once to rule (1):
//! those games end two plies later and are counted without being played out.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::core::threads;
use crate::core::words::plural;

use super::runlength::format_position;
use super::{Dictionary, Index};
use crate::games::qubic::board::{FastMap, FastSet, QubicBoard, Side};
use crate::games::qubic::cell::bits;
use crate::games::qubic::geometry::Geometry;
use crate::games::qubic::strategy::{self, Rule, Stuck};
use crate::games::qubic::threats::{Refuted, threats};

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct VerifyOptions {
    /// On every core (this thread alone if no pool can start).
    pub parallel: bool,
    pub time_moves: bool,
    pub rules: VerifyRules,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum VerifyRules {
    /// Win, block, dictionary, forced win.
    #[default]
    Procedure,
    /// For a complete dictionary.
    WinThenDictionary,
    /// Every O reply played out: is the dictionary exhaustive by itself?
    DictionaryOnly,
}

/// In the (canonical) position's coordinates. Small: a verification keeps millions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Met {
    pub position: QubicBoard,
    pub play: u8,
    pub rule: Rule,
}

#[derive(Clone, Debug)]
pub struct VerifyReport {
    /// X-to-move positions met, up to symmetry.
    pub positions: usize,
    /// In the order of [`Rule`].
    pub by_rule: [usize; 4],
    /// Plies of the longest game.
    pub deepest: u32,
    pub elapsed: Duration,
    /// Indices of the entries no game reaches.
    pub unreached: Vec<usize>,
    pub repeats: Vec<usize>,
    /// Sorted by stones, then position.
    pub met: Vec<Met>,
    /// Sorted; when asked for.
    pub move_times: Vec<Duration>,
}

impl VerifyReport {
    pub fn summary(&self) -> String {
        format!(
            "exhaustive: {}, deepest game {}, {:.1} s",
            plural(self.positions as u64, "position", "positions"),
            plural(self.deepest as u64, "ply", "plies"),
            self.elapsed.as_secs_f64()
        )
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Failure {
    #[error("X has no winning continuation in '{}': {why}", format_position(*.position))]
    Stuck { position: QubicBoard, why: Stuck },
    #[error("O wins in '{}'", format_position(*.position))]
    Lost { position: QubicBoard },
    #[error("the game ends in a draw in '{}'", format_position(*.position))]
    Draw { position: QubicBoard },
}

pub fn verify<G: Geometry + ?Sized>(
    g: &G,
    dictionary: &Dictionary,
    options: VerifyOptions,
) -> Result<VerifyReport, Failure> {
    verify_from(g, dictionary, QubicBoard::EMPTY, options)
}

/// From `start` (either side to move, game on); the deepest game counts the plies before
/// `start` too.
pub fn verify_from<G: Geometry + ?Sized>(
    g: &G,
    dictionary: &Dictionary,
    start: QubicBoard,
    options: VerifyOptions,
) -> Result<VerifyReport, Failure> {
    let clock = Instant::now();
    let index = dictionary.index(g);
    let rollout = Rollout {
        g,
        index: &index,
        options,
        shards: (0..SHARDS)
            .map(|_| Mutex::new(FastMap::default()))
            .collect(),
        deepest: AtomicU32::new(0),
        times: Mutex::new(Vec::new()),
    };
    let result = match options.parallel.then(threads::pool) {
        None => rollout.visit::<false>(start),
        Some(Ok(pool)) => {
            let result = pool.install(|| rollout.visit::<true>(start));
            pool.broadcast(|_| forget_refuted());
            result
        }
        Some(Err(error)) => {
            threads::note_fewer(&error, "the verification ran on one thread");
            rollout.visit::<false>(start)
        }
    };
    forget_refuted();
    if let Err(failure) = result {
        if options.parallel {
            // Threads race: the sequential run names the first failure in a fixed order.
            let sequential = VerifyOptions {
                parallel: false,
                ..options
            };
            return verify_from(g, dictionary, start, sequential);
        }
        return Err(failure);
    }
    Ok(rollout.report(dictionary, clock.elapsed()))
}

thread_local! {
    static REFUTED: std::cell::RefCell<Refuted> = std::cell::RefCell::new(Refuted::default());
}

/// Memory for the report.
fn forget_refuted() {
    REFUTED.take();
}

/// Per thread: a table of 2^20 slots, 26 MB.
const REFUTED_KEPT: usize = 900_000;

/// `None` while a thread is still choosing X's move.
type Slot = Option<(u8, Rule)>;

const SHARDS: usize = 64;

struct Rollout<'a, G: ?Sized> {
    g: &'a G,
    index: &'a Index,
    options: VerifyOptions,
    /// Sharded by hash so threads rarely wait.
    shards: Vec<Mutex<FastMap<QubicBoard, Slot>>>,
    deepest: AtomicU32,
    times: Mutex<Vec<Duration>>,
}

impl<G: Geometry + ?Sized> Rollout<'_, G> {
    fn shard(&self, board: QubicBoard) -> &Mutex<FastMap<QubicBoard, Slot>> {
        let h = (board.x() ^ board.o().rotate_left(17)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.shards[(h >> 58) as usize % SHARDS]
    }

    /// False when some thread already has `canon`.
    fn claim(&self, canon: QubicBoard) -> bool {
        match lock(self.shard(canon)).entry(canon) {
            std::collections::hash_map::Entry::Occupied(_) => false,
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(None);
                true
            }
        }
    }

    /// Game on, either side to move.
    fn visit<const PAR: bool>(&self, start: QubicBoard) -> Result<(), Failure> {
        match start.to_move() {
            Side::First => self.visit_x::<PAR>(self.g.canonical(start).0),
            Side::Second => self.visit_o::<PAR>(start),
        }
    }

    /// X to move in `canon` (canonical, game on).
    fn visit_x<const PAR: bool>(&self, canon: QubicBoard) -> Result<(), Failure> {
        if !self.claim(canon) {
            return Ok(());
        }
        let clock = self.options.time_moves.then(Instant::now);
        let choice = match self.options.rules {
            VerifyRules::Procedure => REFUTED.with_borrow_mut(|refuted| {
                // Bounded: the set only saves time, so it is dropped when large.
                if refuted.len() > REFUTED_KEPT {
                    refuted.clear();
                }
                strategy::choose_with(self.g, self.index, canon, refuted)
            }),
            VerifyRules::WinThenDictionary => {
                strategy::win_then_dictionary(self.g, self.index, canon)
            }
            VerifyRules::DictionaryOnly => strategy::from_dictionary(self.index, canon),
        };
        let choice = choice.map_err(|why| Failure::Stuck {
            position: canon,
            why,
        })?;
        if let Some(clock) = clock {
            lock(&self.times).push(clock.elapsed());
        }
        let slot = Some((choice.cell as u8, choice.rule));
        lock(self.shard(canon)).insert(canon, slot);
        let after = canon.with_move(choice.cell);
        if self.g.completes_line(after, choice.cell) {
            self.deepest.fetch_max(after.stones(), Relaxed);
            return Ok(());
        }
        self.visit_o::<PAR>(after)
    }

    fn visit_o<const PAR: bool>(&self, after: QubicBoard) -> Result<(), Failure> {
        let g = self.g;
        let empty = g.empty_cells(after);
        if empty == 0 {
            return Err(Failure::Draw { position: after });
        }
        let lines = g.lines();
        let o_wins = threats(lines, after.o(), after.x()).wins & empty;
        if o_wins != 0 {
            let cell = o_wins.trailing_zeros() as usize;
            return Err(Failure::Lost {
                position: after.with_stone(cell, Side::Second),
            });
        }
        let x_wins = threats(lines, after.x(), after.o()).wins & empty;
        // Replies that leave X a win at once end the game two plies later, by rule (1).
        let replies = match x_wins.count_ones() {
            _ if self.options.rules == VerifyRules::DictionaryOnly => empty,
            0 => empty,
            1 => x_wins,
            _ => 0,
        };
        if empty & !replies != 0 {
            self.deepest.fetch_max(after.stones() + 2, Relaxed);
        }
        let next = |reply: usize| -> Result<(), Failure> {
            let board = after.with_stone(reply, Side::Second);
            if g.empty_cells(board) == 0 {
                return Err(Failure::Draw { position: board });
            }
            self.visit_x::<PAR>(g.canonical(board).0)
        };
        if PAR && replies.count_ones() > 1 {
            let cells: Vec<usize> = bits(replies).collect();
            cells.into_par_iter().try_for_each(next)
        } else {
            bits(replies).try_for_each(next)
        }
    }

    fn report(self, dictionary: &Dictionary, elapsed: Duration) -> VerifyReport {
        let count = self.shards.iter().map(|s| lock(s).len()).sum();
        let mut met = Vec::with_capacity(count);
        for shard in self.shards {
            met.extend(lock(&shard).drain().map(|(position, slot)| {
                let (play, rule) = slot.expect("every claimed position was decided");
                Met {
                    position,
                    play,
                    rule,
                }
            }));
        }
        // Each position once: the order is total without a stable sort's buffer.
        met.sort_unstable_by_key(|m| (m.position.stones(), m.position));
        let mut by_rule = [0; 4];
        let mut reached = FastSet::default();
        for m in &met {
            by_rule[m.rule as usize] += 1;
            if m.rule == Rule::Dictionary {
                reached.insert(m.position);
            }
        }
        // By class, so an entry repeating another's class counts as reached with it.
        let unreached = (0..dictionary.len())
            .filter(|&e| !reached.contains(&self.g.canonical(dictionary.entries[e].board).0))
            .collect();
        let mut move_times = std::mem::take(&mut *lock(&self.times));
        move_times.sort();
        VerifyReport {
            positions: met.len(),
            by_rule,
            deepest: self.deepest.into_inner(),
            elapsed,
            unreached,
            repeats: self.index.repeats.clone(),
            met,
            move_times,
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().expect("no thread panics holding it")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_name_the_position_in_run_length() {
        // X on 0, O on 2: `x1o` in Patashnik's form.
        let position = QubicBoard::EMPTY
            .with_stone(0, Side::First)
            .with_stone(2, Side::Second);
        assert_eq!(
            Failure::Stuck {
                position,
                why: Stuck::NotXsTurn
            }
            .to_string(),
            "X has no winning continuation in 'x1o': it is not X's turn"
        );
        assert_eq!(Failure::Lost { position }.to_string(), "O wins in 'x1o'");
        assert_eq!(
            Failure::Draw { position }.to_string(),
            "the game ends in a draw in 'x1o'"
        );
    }
}

//! The exhaustive alpha-beta search behind every proof, with a table of bounds on canonical
//! positions and the threat knowledge that cuts most of the tree (a side with no line it can
//! still fill in its moves left cannot win); every score is exact within its window.

use std::time::{Duration, Instant};

use super::rules::{Rules, Sides};
use super::table::{Bounds, Table};
use crate::games::kit::exact::Score;
use crate::games::kit::lines::bits;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ProofLimits {
    pub nodes: u64,
    pub time: Option<Duration>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OutOfBudget;

pub(crate) struct Search<'a> {
    rules: &'a Rules,
    table: Table,
    pub nodes: u64,
    limits: ProofLimits,
    started: Instant,
}

const CLOCK_EVERY: u64 = 4096;

/// How many of its first moves a side that must hold the other off tries for one that
/// does so at once.
const LOOK: usize = 4;

/// What the lines say of one side's chances.
#[derive(Clone, Copy, Default)]
struct Chances {
    /// Empty cells where the side would complete a line at once.
    wins: u64,
    /// The fewest stones it still needs for a line it can fill in its moves left (`None`:
    /// no such line).
    need: Option<u32>,
}

impl Chances {
    /// Counts a line holding `own` of the side's stones and none of the other's, when the
    /// side has `moves` stones left to play.
    fn count(&mut self, line: u64, own: u64, empty: u64, k: u32, moves: u32) {
        let missing = k - own.count_ones();
        if missing <= moves {
            self.need = Some(self.need.map_or(missing, |n| n.min(missing)));
        }
        if missing == 1 {
            self.wins |= line & empty;
        }
    }
}

/// What the lines say of a position, for the side to move ("me") and the other side.
#[derive(Default)]
struct Lines {
    me: Chances,
    them: Chances,
}

impl Lines {
    /// Bounds on the score from the lines alone: my fastest possible win comes with my
    /// `need`-th stone, ply `2 need - 1`, and their fastest at ply `2 need`; a side with no
    /// line it can fill cannot win.
    fn bounds(&self) -> (Score, Score) {
        let upper = self
            .me
            .need
            .map_or(Score::DRAW, |n| Score::win_in(2 * n - 1));
        let lower = self
            .them
            .need
            .map_or(Score::DRAW, |n| Score::loss_in(2 * n));
        (lower, upper)
    }
}

impl<'a> Search<'a> {
    pub fn new(rules: &'a Rules, limits: ProofLimits) -> Search<'a> {
        // No bigger than the positions the limit or the board allows.
        let positions = limits.nodes.min(1 << rules.full.count_ones().min(40));
        Search::with_table(rules, limits, Table::with_capacity(positions))
    }

    /// A search that starts from what others proved: a bound holds in any window.
    pub fn with_table(rules: &'a Rules, limits: ProofLimits, table: Table) -> Search<'a> {
        let (nodes, started) = (0, Instant::now());
        Search {
            rules,
            table,
            nodes,
            limits,
            started,
        }
    }

    pub fn into_table(self) -> Table {
        self.table
    }

    fn over_budget(&self) -> bool {
        self.nodes >= self.limits.nodes
            || (self.nodes.is_multiple_of(CLOCK_EVERY)
                && self
                    .limits
                    .time
                    .is_some_and(|t| self.started.elapsed() >= t))
    }

    fn read_lines(&self, sides: Sides, empty: u64) -> Lines {
        let left = empty.count_ones();
        // The side to move plays ceil(left / 2) more stones, the other floor(left / 2).
        let (my_moves, their_moves) = (left.div_ceil(2), left / 2);
        let k = self.rules.k;
        let mut lines = Lines::default();
        for &line in self.rules.lines {
            let (mine, theirs) = (line & sides.me, line & sides.them);
            if theirs == 0 {
                lines.me.count(line, mine, empty, k, my_moves);
            }
            if mine == 0 {
                lines.them.count(line, theirs, empty, k, their_moves);
            }
        }
        lines
    }

    /// The exact score of an in-play position if it lies in `(alpha, beta)`; otherwise a
    /// bound on the far side of the window (fail-soft).
    pub fn score(
        &mut self,
        sides: Sides,
        mut alpha: Score,
        mut beta: Score,
    ) -> Result<Score, OutOfBudget> {
        self.nodes += 1;
        if self.over_budget() {
            return Err(OutOfBudget);
        }
        let empty = self.rules.full & !(sides.me | sides.them);
        let lines = self.read_lines(sides, empty);
        if let Some(settled) = settled_by_lines(&lines, empty, alpha, beta) {
            return Ok(settled);
        }
        let canonical = self.rules.canonical(sides);
        let known = self.table.get(canonical.key);
        if let Some(b) = known {
            if b.lower == b.upper || b.lower >= beta {
                return Ok(b.lower);
            }
            if b.upper <= alpha {
                return Ok(b.upper);
            }
            alpha = alpha.max(b.lower);
            beta = beta.min(b.upper);
        }
        if let Some(held) = self.held(sides, alpha, beta) {
            return Ok(held);
        }
        let (alpha0, beta0) = (alpha, beta);
        let hint = known
            .and_then(|b| b.best)
            .map(|c| self.rules.board_cell(canonical, c));
        let mut moves = if lines.them.wins != 0 {
            vec![lines.them.wins.trailing_zeros()]
        } else {
            ordered_moves(self.rules, sides, empty, hint, beta <= Score::DRAW)
        };
        let (mut best, mut best_move) = (Score::LOWEST, None);
        let closing = (beta <= Score::DRAW).then(|| self.closing(sides, &moves));
        if let Some(cell) = closing.flatten() {
            // At least a draw, which reaches `beta`: no other move is searched.
            (best, best_move) = (Score::DRAW, Some(cell));
            moves.clear();
        }
        for &cell in &moves {
            let child = self.score(
                sides.after(cell),
                beta.after_move(),
                alpha.max(best).after_move(),
            )?;
            let score = child.before_move();
            if score > best {
                best = score;
                best_move = Some(cell);
                if best >= beta {
                    break;
                }
            }
        }
        let bounds = Bounds {
            lower: if best > alpha0 { best } else { Score::LOWEST },
            upper: if best < beta0 { best } else { Score::HIGHEST },
            best: best_move.map(|c| self.rules.canonical_cell(canonical, c)),
        };
        self.table.store(canonical.key, empty.count_ones(), bounds);
        Ok(best)
    }

    /// A move of the side to move that completes a line, or after which the other side's
    /// score is at most `keeps` (searched in a null window); tried in the search's order.
    pub fn reply(&mut self, sides: Sides, keeps: Score) -> Result<Option<u32>, OutOfBudget> {
        let canonical = self.rules.canonical(sides);
        let hint = (self.table.get(canonical.key).and_then(|b| b.best))
            .map(|c| self.rules.board_cell(canonical, c));
        let empty = self.rules.full & !(sides.me | sides.them);
        for cell in ordered_moves(self.rules, sides, empty, hint, keeps == Score::DRAW) {
            let child = sides.after(cell);
            let completes = self.rules.lines.iter().any(|&l| l & !child.them == 0);
            if completes || self.score(child, keeps, keeps.above())? <= keeps {
                return Ok(Some(cell));
            }
        }
        Ok(None)
    }

    /// A draw as the bound the window needs, when a side is held off every line by a
    /// strategy of the other's (`hold`): the side to move cannot win (a score at most a draw,
    /// enough when `alpha` is a draw or more), or the other side cannot (at least a draw).
    fn held(&self, sides: Sides, alpha: Score, beta: Score) -> Option<Score> {
        let holds =
            |maker, breaker, to_move| self.rules.holder.hold(maker, breaker, to_move).is_some();
        let me_held = alpha >= Score::DRAW && holds(sides.me, sides.them, true);
        let them_held = !me_held && beta <= Score::DRAW && holds(sides.them, sides.me, false);
        (me_held || them_held).then_some(Score::DRAW)
    }

    /// The first of `moves`' first few after which the side to move holds the other off
    /// every line: tried before the rest, it settles the position as a draw at least.
    fn closing(&self, sides: Sides, moves: &[u32]) -> Option<u32> {
        let holds = |&&c: &&u32| {
            self.rules
                .holder
                .hold(sides.them, sides.me | 1 << c, true)
                .is_some()
        };
        moves.iter().take(LOOK).find(holds).copied()
    }
}

/// Every empty cell, the `hint` first (the table's move), then by what the lines through it are worth
/// to either side (a line with more stones of one side and none of the other, more; when
/// `holding` the other side off, its lines alone, much more), then nearer the centre,
/// then the lowest cell: the same order on every run.
pub(super) fn ordered_moves(
    rules: &Rules,
    sides: Sides,
    empty: u64,
    hint: Option<u32>,
    holding: bool,
) -> Vec<u32> {
    let mut worth = [0u32; 64];
    for &line in rules.lines {
        let (mine, theirs) = (line & sides.me, line & sides.them);
        let value = match (mine.count_ones(), theirs.count_ones(), holding) {
            (0, 0, false) => 1,
            (m, 0, false) => 4 << (2 * m),
            (0, t, false) => 3 << (2 * t),
            // Holding the other side off: its lines count, doubling with each stone.
            (0, 0, true) => 2,
            (_, 0, true) => 1,
            (0, t, true) => 1 << t,
            _ => continue,
        };
        for cell in bits(line & empty) {
            worth[cell] += value;
        }
    }
    let size = rules.full.count_ones().isqrt() as i32;
    let centre = |c: u32| {
        let (r, col) = (c as i32 / size, c as i32 % size);
        (2 * r - size + 1).pow(2) + (2 * col - size + 1).pow(2)
    };
    let mut moves: Vec<u32> = bits(empty).map(|c| c as u32).collect();
    moves.sort_by_key(|&c| {
        (
            Some(c) != hint,
            std::cmp::Reverse(worth[c as usize]),
            centre(c),
            c,
        )
    });
    moves
}

/// The score where the lines alone settle it: a win at once, two threats to block, the last
/// empty cell, nobody able to fill a line (a draw), or a bound outside the window (a win too
/// slow to matter).
fn settled_by_lines(lines: &Lines, empty: u64, alpha: Score, beta: Score) -> Option<Score> {
    if lines.me.wins != 0 {
        return Some(Score::win_in(1));
    }
    if lines.them.wins.count_ones() >= 2 {
        return Some(Score::loss_in(2));
    }
    if empty.count_ones() == 1 {
        return Some(Score::DRAW);
    }
    let (lower, upper) = lines.bounds();
    if lower == upper || upper <= alpha {
        return Some(upper);
    }
    (lower >= beta).then_some(lower)
}

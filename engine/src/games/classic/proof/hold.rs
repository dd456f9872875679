//! How a side (the breaker) keeps the other (the maker) from every line, proven without
//! search; the prover closes a position with it, and a proof's reader checks it.
//!
//! The breaker's strategy mixes two: some disjoint pairs of empty cells, each answered by its
//! twin (Hales and Jewett's pairing), so that every line holding a pair gets a breaker's
//! stone; and, for the lines holding no pair, Erdős and Selfridge's weight: a line with `e`
//! cells neither side nor a pair holds weighs `2^-e`, and the breaker takes the unpaired cell
//! whose lines weigh most, which outweighs the maker's next unpaired move, so the sum never
//! grows and never reaches the 1 a completed line weighs. It holds when the sum is below 1
//! with the breaker to move, or below 1 after the maker's heaviest cell. (A maker's move on
//! a pair does not touch those lines: their paired cells are counted as the maker's.)
//!
//! A pair may serve several lines of one row, column or diagonal (in a row of seven, the
//! third and fourth cells serve all three lines of five): pairs are chosen ray by ray.

use crate::games::classic::variant::Variant;
use crate::games::kit::lines::bits;

/// A weight in units of 2^-8: a line of at most 7 cells weighs exactly.
const ONE: u32 = 1 << 8;

/// The most sets of pairs tried before giving up on a position.
const STEPS: u32 = 30;

/// A set of pairs of positions on a ray.
type Set = Vec<(u8, u8)>;

/// A ray's cells in order, and its lines as cells.
struct Ray {
    cells: Vec<u32>,
    lines: Vec<u64>,
}

/// A variant's rows, columns and diagonals long enough for a line (rays), to find and check
/// a breaker's strategy.
pub(crate) struct Holder {
    rays: Vec<Ray>,
    /// For a ray of each length, indexed by `open << len | free`, the least sets of pairs
    /// covering every open line (see `covers`).
    covers: Vec<Vec<Vec<Set>>>,
    full: u64,
}

impl Holder {
    pub fn new(variant: Variant) -> Holder {
        let (n, k) = (i32::from(variant.size()), u32::from(variant.k()));
        let inside = |r: i32, c: i32| (0..n).contains(&r) && (0..n).contains(&c);
        let mut rays = Vec::new();
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            // A ray from each cell with no cell before it in the direction.
            for (r, c) in (0..n * n)
                .map(|i| (i / n, i % n))
                .filter(|&(r, c)| !inside(r - dr, c - dc))
            {
                let cells: Vec<u32> = (0..n)
                    .map(|i| (r + i * dr, c + i * dc))
                    .take_while(|&(r, c)| inside(r, c))
                    .map(|(r, c)| (r * n + c) as u32)
                    .collect();
                if cells.len() >= k as usize {
                    let windows = cells.windows(k as usize);
                    let lines = windows
                        .map(|w| w.iter().fold(0, |m, &c| m | 1 << c))
                        .collect();
                    rays.push(Ray { cells, lines });
                }
            }
        }
        let covers = (0..=n as u32)
            .map(|len| match len >= k {
                true => (0..1u32 << (2 * len - k + 1))
                    .map(|i| covers(len, k, i))
                    .collect(),
                false => Vec::new(),
            })
            .collect();
        let full = variant.full_mask();
        Holder { rays, covers, full }
    }

    /// The breaker's pairs when the strategy holds the maker off (none: the weight alone).
    pub fn hold(&self, maker: u64, breaker: u64, maker_to_move: bool) -> Option<Vec<[u32; 2]>> {
        let empty = self.full & !(maker | breaker);
        let mut rays = Vec::new();
        for ray in &self.rays {
            let (open, free) = on_ray(ray, empty, breaker);
            let len = ray.cells.len();
            if open != 0 {
                rays.push((ray, &self.covers[len][(open << len | free) as usize]));
            }
        }
        let (mut pairs, mut steps) = (Vec::new(), 0);
        let covering = Covering {
            rays: &rays,
            empty,
            breaker,
            maker_to_move,
        };
        covering
            .cover(0, 0, 0, &mut pairs, &mut steps)
            .then_some(pairs)
    }

    /// Checks a breaker's strategy as a proof gives it: its pairs on empty cells, none
    /// shared, and the open lines holding no pair light enough; what is wrong if not, its
    /// cells named by `name`.
    pub fn check(
        &self,
        (maker, breaker, maker_to_move): (u64, u64, bool),
        pairs: &[[u32; 2]],
        name: impl Fn(u64) -> String,
    ) -> Result<(), String> {
        let mut used = maker | breaker;
        for &[a, b] in pairs {
            let pair = 1u64 << a | 1 << b;
            if a == b || used & pair != 0 {
                return Err(format!(
                    "the pair {} is on a taken cell or shares one",
                    name(pair)
                ));
            }
            used |= pair;
        }
        let free = self.full & !used;
        let masks: Vec<u64> = pairs.iter().map(|&[a, b]| 1 << a | 1 << b).collect();
        let unpaired = self.rays.iter().flat_map(|ray| ray.lines.iter().copied());
        let unpaired: Vec<u64> = unpaired
            .filter(|&l| l & breaker == 0 && masks.iter().all(|&m| m & !l != 0))
            .collect();
        if light(unpaired.iter().copied(), free, maker_to_move) {
            return Ok(());
        }
        let heaviest = unpaired
            .iter()
            .max_by_key(|&&l| std::cmp::Reverse((l & free).count_ones()));
        let line = name(heaviest.copied().unwrap_or_default());
        Err(format!(
            "the lines without a pair weigh too much, as {line} does"
        ))
    }
}

/// The open lines of `ray` (bit s: the line from its s-th cell, no breaker's stone) and the
/// empty cells in them (bit p: the ray's p-th cell).
fn on_ray(ray: &Ray, empty: u64, breaker: u64) -> (u32, u32) {
    let (mut open, mut free) = (0, 0);
    for (s, line) in ray
        .lines
        .iter()
        .enumerate()
        .filter(|(_, l)| *l & breaker == 0)
    {
        open |= 1 << s;
        for (p, &c) in ray.cells.iter().enumerate() {
            free |= ((line & empty) >> c & 1) as u32 * (1 << p);
        }
    }
    (open, free)
}

/// Whether `lines`, counting only their cells in `free`, weigh little enough (module doc).
fn light(lines: impl Iterator<Item = u64>, free: u64, maker_to_move: bool) -> bool {
    let mut sum = 0;
    let mut weight = [0u32; 64];
    for line in lines {
        let term = ONE >> (line & free).count_ones();
        sum += term;
        if sum >= ONE {
            return false;
        }
        for cell in bits(line & free) {
            weight[cell] += term;
        }
    }
    let gain = if maker_to_move {
        weight.iter().max().copied().unwrap_or(0)
    } else {
        0
    };
    sum + gain < ONE
}

/// One position's search for pairs: each ray with open lines either covered by one of its
/// sets of pairs or left to the weight, the ray with the fewest sets left first.
struct Covering<'a> {
    rays: &'a [(&'a Ray, &'a Vec<Set>)],
    empty: u64,
    breaker: u64,
    maker_to_move: bool,
}

impl Covering<'_> {
    /// The open lines of the rays in `rays` (bits of `self.rays`).
    fn open_lines(&self, rays: u64) -> impl Iterator<Item = u64> + '_ {
        let chosen = self
            .rays
            .iter()
            .enumerate()
            .filter(move |(i, _)| rays >> i & 1 == 1);
        let lines = chosen.flat_map(|(_, (ray, _))| ray.lines.iter().copied());
        lines.filter(|l| l & self.breaker == 0)
    }

    /// `paired` and `weighed`: the rays decided (bits of `self.rays`); `used`: the paired
    /// cells, whose pairs are in `pairs`.
    fn cover(
        &self,
        paired: u64,
        weighed: u64,
        used: u64,
        pairs: &mut Vec<[u32; 2]>,
        steps: &mut u32,
    ) -> bool {
        let free = self.empty & !used;
        let all = (1u64 << self.rays.len()) - 1;
        if light(self.open_lines(all & !paired), free, self.maker_to_move) {
            return true;
        }
        *steps += 1;
        // The rays left to the weight only get heavier as cells are paired.
        if *steps > STEPS || !light(self.open_lines(weighed), free, false) {
            return false;
        }
        let fits = |ray: &Ray, set: &Set| {
            let cell = |p: u8| used >> ray.cells[p as usize];
            set.iter().all(|&(a, b)| (cell(a) | cell(b)) & 1 == 0)
        };
        let next = (0..self.rays.len())
            .filter(|i| (paired | weighed) >> i & 1 == 0)
            .min_by_key(|&i| {
                self.rays[i]
                    .1
                    .iter()
                    .filter(|set| fits(self.rays[i].0, set))
                    .count()
            });
        let Some(i) = next else { return false };
        let (ray, sets) = self.rays[i];
        for set in sets.iter().filter(|set| fits(ray, set)) {
            let before = pairs.len();
            pairs.extend(
                set.iter()
                    .map(|&(a, b)| [ray.cells[a as usize], ray.cells[b as usize]]),
            );
            let taken = pairs[before..]
                .iter()
                .fold(used, |m, &[a, b]| m | 1 << a | 1 << b);
            if self.cover(paired | 1 << i, weighed, taken, pairs, steps) {
                return true;
            }
            pairs.truncate(before);
            if *steps > STEPS {
                return false;
            }
        }
        self.cover(paired, weighed | 1 << i, used, pairs, steps)
    }
}

/// The least sets of disjoint pairs of free positions on a ray of `len` cells such that each
/// open line (bit s of `index >> len`: positions s..s + k) holds a pair (free: the low `len`
/// bits), fewest pairs first.
fn covers(len: u32, k: u32, index: u32) -> Vec<Set> {
    fn extend(k: u32, free: u32, open: u32, set: &mut Set, found: &mut Vec<Set>) {
        let held = |s: u32| {
            set.iter()
                .any(|&(a, b)| s <= u32::from(a) && u32::from(b) < s + k)
        };
        let Some(s) = (0..32).find(|&s| open >> s & 1 == 1 && !held(s)) else {
            return found.push(set.clone());
        };
        let used = set.iter().fold(0, |m, &(a, b)| m | 1 << a | 1 << b);
        for a in s..s + k {
            for b in a + 1..s + k {
                if free >> a & 1 == 1 && free >> b & 1 == 1 && used & (1 << a | 1 << b) == 0 {
                    set.push((a as u8, b as u8));
                    extend(k, free, open, set, found);
                    set.pop();
                }
            }
        }
    }
    let (free, open) = (index & ((1 << len) - 1), index >> len);
    let mut found = Vec::new();
    extend(k, free, open, &mut Vec::new(), &mut found);
    let mask = |set: &Set| set.iter().fold(0u32, |m, &(a, b)| m | 1 << a | 1 << b);
    found.sort_by_key(|set| (set.len(), mask(set)));
    let mut least: Vec<Set> = Vec::new();
    for set in found {
        if !least.iter().any(|l| mask(l) & mask(&set) == mask(l)) {
            least.push(set);
        }
    }
    least
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 7x7 with six in a row, by hand: 36 lines of 6 empty cells weigh 36/64; the centre
    /// lies on the most lines, 8, so X's heaviest first move adds 8/64: 44/64 < 1. With five
    /// in a row the empty board's 60 lines weigh 60/32, more than 1.
    #[test]
    fn the_weight_holds_seven_by_seven_six_from_the_start() {
        let six = Holder::new(Variant::new(7, Some(6)).unwrap());
        assert_eq!(six.hold(0, 0, true), Some(vec![]));
        let five = Holder::new(Variant::new(7, Some(5)).unwrap());
        assert!(five.check((0, 0, false), &[], |m| m.to_string()).is_err());
    }

    /// Whether the maker can force a line when the breaker only blocks (stronger than the
    /// game, where the breaker's own line would end it), by trying everything.
    fn maker_forces(
        lines: &[u64],
        empty: u64,
        maker: u64,
        maker_to_move: bool,
        seen: &mut std::collections::HashMap<(u64, u64, bool), bool>,
    ) -> bool {
        if lines.iter().any(|&l| l & !maker == 0) {
            return true;
        }
        let open: Vec<u64> = lines
            .iter()
            .copied()
            .filter(|&l| l & !(maker | empty) == 0)
            .collect();
        if open.is_empty() || empty == 0 {
            return false;
        }
        if let Some(&known) = seen.get(&(empty, maker, maker_to_move)) {
            return known;
        }
        let mut moves = bits(empty);
        let forced = match maker_to_move {
            true => {
                moves.any(|c| maker_forces(&open, empty & !(1 << c), maker | 1 << c, false, seen))
            }
            false => moves.all(|c| maker_forces(&open, empty & !(1 << c), maker, true, seen)),
        };
        seen.insert((empty, maker, maker_to_move), forced);
        forced
    }

    /// On random positions of 4x4 and 5x5 boards, every strategy `hold` finds is checked
    /// against every way the game can go on, and against its own reader.
    #[test]
    fn whatever_hold_finds_holds_against_every_move() {
        use crate::games::kit::rng::{random_bit, rng_from_seed};
        let mut rng = rng_from_seed(41);
        let mut held = 0;
        for (n, k, stones) in [(4, 3, 4), (4, 4, 2), (5, 4, 12), (5, 3, 14), (5, 5, 10)] {
            let v = Variant::new(n, Some(k)).unwrap();
            let (holder, lines) = (
                Holder::new(v),
                crate::games::classic::lines::Lines::of(v).all(),
            );
            for _ in 0..200 {
                let (mut maker, mut breaker) = (0u64, 0u64);
                for i in 0..stones {
                    let cell = random_bit(v.full_mask() & !(maker | breaker), &mut rng).unwrap();
                    *(if i % 2 == 0 { &mut maker } else { &mut breaker }) |= 1 << cell;
                }
                let to_move = random_bit(0b11, &mut rng) == Some(0);
                let Some(pairs) = holder.hold(maker, breaker, to_move) else {
                    continue;
                };
                held += 1;
                let empty = v.full_mask() & !(maker | breaker);
                let forced = maker_forces(lines, empty, maker, to_move, &mut Default::default());
                assert!(
                    !forced,
                    "{n}x{n}, {k}: maker {maker:#x}, breaker {breaker:#x}"
                );
                assert_eq!(
                    holder.check((maker, breaker, to_move), &pairs, |m| m.to_string()),
                    Ok(())
                );
            }
        }
        assert!(held > 200, "only {held} positions held");
    }

    /// A row of seven, five in a row: its middle pair holds all three lines.
    #[test]
    fn one_pair_serves_every_line_of_a_ray() {
        assert_eq!(covers(7, 5, 0b111 << 7 | 0b1111111)[0], vec![(2, 3)]);
        // With the third and fourth cells taken, two pairs are needed.
        assert_eq!(covers(7, 5, 0b111 << 7 | 0b1110011)[0].len(), 2);
    }
}

//! Puzzles: positions where the side to move has exactly one move that wins, or, where best
//! play draws, exactly one move that keeps the draw while every other loses. Found on seeded
//! random games, one per class of positions the board's symmetries make alike, and proven:
//! by the engine's value of every move (a table's or a proof's) on boards of up to 64
//! cells; on extreme tic-tac-toe's, where the engine guesses, by a search of every reply
//! for the one move that wins soonest.

use std::collections::HashSet;

use tictaclatin_engine::core::{CellId, Claim, Engine, Game, Hint, Move, Outcome, Position, Side};
use tictaclatin_engine::games::kit::lines::{automorphisms, square};
use tictaclatin_engine::games::kit::rng::{pick, rng_from_seed};

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// As `move` and `analyze` read it.
    pub position: String,
    /// The one move that wins (or saves), by name.
    pub answer: String,
    /// How many of the mover's moves the win takes, this one included; 0 for a saving move.
    pub moves: u32,
    /// The wrong moves that do not lose at once: the ones that tempt.
    pub tempting: usize,
}

impl Puzzle {
    /// The line `puzzle export` prints: position, answer, length; the shipped set adds the
    /// tempting moves.
    pub fn line(&self) -> String {
        format!("{} {} {}", self.position, self.answer, self.moves)
    }

    pub fn stored(&self) -> String {
        format!("{} {}", self.line(), self.tempting)
    }

    /// A stored line read back; the position is the words before the last three.
    pub fn read(line: &str) -> Option<Puzzle> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [position @ .., answer, moves, tempting] = words.as_slice() else {
            return None;
        };
        Some(Puzzle {
            position: position.join(" "),
            answer: (*answer).to_string(),
            moves: moves.parse().ok()?,
            tempting: tempting.parse().ok()?,
        })
    }

    /// Harder with a longer win and more moves that tempt.
    pub fn difficulty(&self) -> usize {
        self.moves as usize * 4 + self.tempting
    }
}

/// The puzzle `position` is, when it is one, from the proven value of every move: exact
/// where a table solves the game, bounded ("a win within 5 moves") where a proof does.
pub fn judge(game: &dyn Game, engine: &dyn Engine, position: &dyn Position) -> Option<Puzzle> {
    if position.status().is_over() {
        return None;
    }
    let values: Vec<_> = values(game, engine, position)?
        .into_iter()
        .collect::<Option<_>>()?;
    let best = values.iter().map(|&(_, outcome, _)| outcome).max()?;
    let right: Vec<_> = values
        .iter()
        .filter(|&&(_, outcome, _)| outcome == best)
        .collect();
    let &[&(answer, _, plies)] = right.as_slice() else {
        return None;
    };
    let moves = match best {
        // One move alone is forced: no puzzle.
        _ if values.len() == 1 => return None,
        Outcome::Win => plies.div_ceil(2),
        // A saving move only where every other move loses.
        Outcome::Draw => 0,
        Outcome::Loss => return None,
    };
    let tempting = values
        .iter()
        .filter(|&&(mv, outcome, plies)| mv != answer && !(outcome == Outcome::Loss && plies <= 2))
        .count();
    Some(Puzzle {
        position: position.text(),
        answer: game.move_name(position, answer),
        moves,
        tempting,
    })
}

/// A move, its outcome, and the plies it takes at most.
type Valued = (Move, Outcome, u32);

/// Each move's value, where it is proven: by the engine's values on boards of up to 64
/// cells; on bigger ones (extreme's, where the engine guesses) by `soonest_wins`, none where
/// no move wins as soon.
fn values(
    game: &dyn Game,
    engine: &dyn Engine,
    position: &dyn Position,
) -> Option<Vec<Option<Valued>>> {
    match game.layout().cell_count() {
        ..=64 => Some(engine.hints(position).into_iter().map(proven).collect()),
        _ => Some(soonest_wins(position)?.into_iter().map(Some).collect()),
    }
}

/// A move's value, as `judge` reads it, where the engine proves it.
fn proven((mv, hint): (Move, Hint)) -> Option<Valued> {
    match hint {
        Hint::Proven(Claim::Exact(value)) => Some((mv, value.outcome, value.plies)),
        Hint::Proven(Claim::WinWithin(plies)) => Some((mv, Outcome::Win, plies)),
        Hint::Proven(Claim::LossWithin(plies)) => Some((mv, Outcome::Loss, plies)),
        _ => None,
    }
}

/// A move that wins soonest (or keeps the draw, where none wins), proven as `judge` proves
/// a puzzle's answer: the clue past a puzzle's first move.
pub fn best_move(game: &dyn Game, engine: &dyn Engine, position: &dyn Position) -> Option<Move> {
    let values = values(game, engine, position)?;
    let rank = |&(_, outcome, plies): &Valued| (outcome, std::cmp::Reverse(plies));
    values
        .iter()
        .flatten()
        .max_by_key(|v| rank(v))
        .map(|&(mv, ..)| mv)
}

/// The longest win `soonest_wins` looks for, in the mover's moves.
const SOONEST: u32 = 3;

/// Each move's value as `judge` reads it, where one move or more wins within `SOONEST`
/// moves: those winning soonest win, the moves the other side answers with a win are lost,
/// the rest are taken as draws (no win as short). Moves are counted as the engine counts
/// them, two plies a move (a bonus move is a ply).
fn soonest_wins(position: &dyn Position) -> Option<Vec<Valued>> {
    let side = position.to_move();
    let after = |mv| position.play(mv).expect("a legal move plays");
    let moves: Vec<_> = position
        .legal_moves()
        .into_iter()
        .map(|mv| (mv, after(mv)))
        .collect();
    let wins_within = |n: u32| -> Vec<bool> {
        let wins = |(_, p): &(Move, Box<dyn Position>)| forces_win(p.as_ref(), side, 2 * n - 1);
        moves.iter().map(wins).collect()
    };
    let (n, wins) = (1..=SOONEST)
        .map(|n| (n, wins_within(n)))
        .find(|(_, wins)| wins.contains(&true))?;
    let value = |((mv, p), win): (&(Move, Box<dyn Position>), bool)| match () {
        _ if win => (*mv, Outcome::Win, 2 * n),
        _ if forces_win(p.as_ref(), side.other(), 1) => (*mv, Outcome::Loss, 2),
        _ => (*mv, Outcome::Draw, 0),
    };
    Some(moves.iter().zip(wins).map(value).collect())
}

/// `side` wins within `plies` more moves of either side, whatever the other side plays.
fn forces_win(position: &dyn Position, side: Side, plies: u32) -> bool {
    let status = position.status();
    if status.is_over() || plies == 0 {
        return status.winner() == Some(side);
    }
    let mut next = position.legal_moves().into_iter();
    let wins = |mv| forces_win(position.play(mv).expect("legal").as_ref(), side, plies - 1);
    match position.to_move() == side {
        true => next.any(wins),
        false => next.all(wins),
    }
}

/// The board's symmetries, as where each cell goes: those keeping its lines where it has
/// at most 64 cells, else the turns and flips of its square of cells (which keep extreme's
/// small boards, their patterns and their points).
fn symmetries(game: &dyn Game) -> Vec<Vec<u8>> {
    let layout = game.layout();
    let cells = layout.cell_count();
    if cells <= 64 {
        return automorphisms(&lines(game), cells);
    }
    let n = usize::from(layout.blocks.cols * layout.cells.cols);
    let turn = |t: usize, cell: usize| {
        let (r, c) = (cell / n, cell % n);
        let (r, c) = if t & 4 == 0 { (r, c) } else { (c, r) };
        let flip = |x: usize, bit| if t & bit == 0 { x } else { n - 1 - x };
        (flip(r, 1) * n + flip(c, 2)) as u8
    };
    (0..8)
        .map(|t| (0..cells).map(|cell| turn(t, cell)).collect())
        .collect()
}

/// The same key for every position the board's `symmetries` make alike.
fn class(symmetries: &[Vec<u8>], position: &dyn Position) -> Vec<Option<Side>> {
    let count = symmetries.first().map_or(0, Vec::len);
    let cells: Vec<_> = (0..count).map(|c| position.at(CellId::new(c))).collect();
    let image = |perm: &Vec<u8>| {
        let mut image = vec![None; count];
        for (&stone, &to) in cells.iter().zip(perm) {
            image[usize::from(to)] = stone;
        }
        image
    };
    symmetries.iter().map(image).min().unwrap_or_default()
}

/// The shipped sets as `puzzle generate` printed them: the game's key, how many in a row
/// make a line, the set.
const SHIPPED: [(&str, u8, &str); 9] = [
    ("latin", 4, include_str!("../puzzles/latin.txt")),
    ("classic-3", 3, include_str!("../puzzles/classic-3.txt")),
    ("classic-4", 4, include_str!("../puzzles/classic-4.txt")),
    ("classic-4k3", 3, include_str!("../puzzles/classic-4k3.txt")),
    ("classic-5k4", 4, include_str!("../puzzles/classic-5k4.txt")),
    ("classic-6k4", 4, include_str!("../puzzles/classic-6k4.txt")),
    ("classic-7k5", 5, include_str!("../puzzles/classic-7k5.txt")),
    // Qubic's classes come from its own lines: the length is not used.
    ("qubic", 4, include_str!("../puzzles/qubic.txt")),
    // Extreme's classes come from its square of cells: the length is not used either.
    ("extreme", 4, include_str!("../puzzles/extreme.txt")),
];

pub fn shipped(key: &str) -> bool {
    SHIPPED.iter().any(|(k, ..)| *k == key)
}

/// The shipped set of the game `key`, easiest first; empty where none is shipped.
pub fn set(key: &str) -> Vec<Puzzle> {
    let set = SHIPPED.iter().find(|(k, ..)| *k == key);
    set.map_or(vec![], |(.., set)| {
        set.lines().filter_map(Puzzle::read).collect()
    })
}

/// A puzzle's rating before anyone here has tried it, from its difficulty's rank in its
/// `set` (puzzles alike in difficulty alike in rating): 600 for the easiest, 2400 for the
/// hardest, the span of lichess's common puzzles.
pub fn first_rating(set: &[Puzzle], number: usize) -> f64 {
    let difficulty = set.get(number).map_or(0, Puzzle::difficulty);
    let below = set.iter().filter(|p| p.difficulty() < difficulty).count();
    let alike = set.iter().filter(|p| p.difficulty() == difficulty).count();
    // The middle of the places the puzzles alike hold.
    let place = below as f64 + alike.saturating_sub(1) as f64 / 2.0;
    600.0 + 1800.0 * place / set.len().saturating_sub(1).max(1) as f64
}

/// The puzzle of `set` to give a player rated `rating`: the one not `tried` rated nearest,
/// or the nearest of all once every one has been tried.
pub fn next_for(set: &[Puzzle], rating: f64, tried: impl Fn(usize) -> bool) -> Option<usize> {
    let distance = |&n: &usize| (first_rating(set, n) - rating).abs() as u64;
    let untried = (0..set.len()).filter(|&n| !tried(n)).min_by_key(distance);
    untried.or_else(|| (0..set.len()).min_by_key(distance))
}

/// The lines whose symmetries make positions alike: the game's own where it names them
/// (Qubic's 76), else a square board's (the shipped sets say how many in a row; the size
/// is the game's).
fn lines(game: &dyn Game) -> Vec<u64> {
    let named = game.lines().into_iter();
    let named: Vec<u64> = named
        .map(|l| l.iter().map(|c| 1 << c.index()).sum())
        .collect();
    let n = game.layout().cells.cols;
    let in_a_row = SHIPPED.iter().find(|(key, ..)| *key == game.key());
    match named.is_empty() {
        true => square(n, in_a_row.map_or(n, |&(_, k, _)| k)),
        false => named,
    }
}

/// Random games played from the start before a board too small for `count` puzzles gives
/// what it has.
const GAMES: usize = 20_000;

/// Up to `count` puzzles, one a class, easiest first, from random games played from the
/// start with `seed`.
pub fn generate(game: &dyn Game, engine: &dyn Engine, count: usize, seed: u64) -> Vec<Puzzle> {
    let symmetries = symmetries(game);
    let mut rng = rng_from_seed(seed);
    let (mut seen, mut found) = (HashSet::new(), Vec::new());
    for _ in 0..GAMES {
        let mut position = game.start();
        // A threat left standing in a random game makes a puzzle of each position after it,
        // alike but for a stone or two: a game gives each answer once, and a class passed
        // over for that waits for another game.
        let mut answers = HashSet::new();
        while !position.status().is_over() && found.len() < count {
            let key = class(&symmetries, position.as_ref());
            if !seen.contains(&key) {
                let puzzle = judge(game, engine, position.as_ref());
                if puzzle
                    .as_ref()
                    .is_none_or(|p| answers.insert(p.answer.clone()))
                {
                    seen.insert(key);
                    found.extend(puzzle);
                }
            }
            let Some(mv) = pick(&position.legal_moves(), &mut rng) else {
                break;
            };
            position = position.play(mv).expect("a legal move plays");
        }
    }
    found.sort_by_key(Puzzle::difficulty);
    found
}

/// Whether `puzzle` is what `judge` finds in its position again: exactly one answer, the
/// same, at the same length.
pub fn verify(game: &dyn Game, engine: &dyn Engine, puzzle: &Puzzle) -> Result<(), String> {
    let position = game
        .parse_position(&puzzle.position)
        .map_err(|e| format!("{}: {e}", puzzle.position))?;
    match judge(game, engine, position.as_ref()) {
        Some(found) if found == *puzzle => Ok(()),
        Some(found) => Err(format!("{} is now {}", puzzle.stored(), found.stored())),
        None => Err(format!("{} has no single answer", puzzle.stored())),
    }
}

/// The classes of `puzzles` are all different (one puzzle a class).
pub fn distinct(game: &dyn Game, puzzles: &[Puzzle]) -> Result<(), String> {
    let symmetries = symmetries(game);
    let mut seen = HashSet::new();
    for puzzle in puzzles {
        let position = game
            .parse_position(&puzzle.position)
            .map_err(|e| e.to_string())?;
        if !seen.insert(class(&symmetries, position.as_ref())) {
            return Err(format!("{} repeats a class", puzzle.position));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tictaclatin_engine::games::of_key;

    #[test]
    fn every_shipped_puzzle_has_one_answer_and_a_class_of_its_own() {
        for (key, _, set) in SHIPPED {
            let game = of_key(key).unwrap();
            let engine = game.engine();
            let puzzles: Vec<Puzzle> = set.lines().map(|l| Puzzle::read(l).unwrap()).collect();
            let enough = if key == "classic-3" { 290 } else { 500 };
            assert!(puzzles.len() >= enough, "{key}: {}", puzzles.len());
            for puzzle in &puzzles {
                verify(game.as_ref(), engine.as_ref(), puzzle).unwrap();
            }
            distinct(game.as_ref(), &puzzles).unwrap();
        }
    }

    /// Extreme's board turned half round: one class, and its puzzle the same puzzle turned.
    #[test]
    fn an_extreme_puzzle_turned_is_the_same_puzzle() {
        let game = of_key("extreme").unwrap();
        let engine = game.engine();
        let turned = |name: &str| {
            let cell = game.parse_cell(name).unwrap();
            game.cell_name(CellId::new(255 - cell.index()))
        };
        let puzzle = set("extreme").pop().unwrap();
        let [cells, last, side] = puzzle.position.split(' ').collect::<Vec<_>>()[..] else {
            panic!("{}", puzzle.position);
        };
        let cells: String = cells.chars().rev().collect();
        let position = game.parse_position(&puzzle.position).unwrap();
        let half_round = format!("{cells} {} {side}", turned(last));
        let half_round = game.parse_position(&half_round).unwrap();
        let symmetries = symmetries(game.as_ref());
        assert_eq!(symmetries.len(), 8);
        assert_eq!(
            class(&symmetries, position.as_ref()),
            class(&symmetries, half_round.as_ref())
        );
        let found = judge(game.as_ref(), engine.as_ref(), half_round.as_ref()).unwrap();
        assert_eq!(found.answer, turned(&puzzle.answer));
        assert_eq!(
            (found.moves, found.tempting),
            (puzzle.moves, puzzle.tempting)
        );
    }

    #[test]
    fn puzzles_alike_in_difficulty_start_alike_in_rating() {
        let puzzle = |moves, tempting| Puzzle {
            position: String::new(),
            answer: String::new(),
            moves,
            tempting,
        };
        let set = [puzzle(0, 0), puzzle(1, 0), puzzle(1, 0), puzzle(3, 2)];
        let ratings: Vec<f64> = (0..4).map(|n| first_rating(&set, n)).collect();
        assert_eq!(ratings, [600.0, 1500.0, 1500.0, 2400.0]);
        assert_eq!(next_for(&set, 1400.0, |n| n == 1), Some(2), "not tried yet");
        assert_eq!(
            next_for(&set, 2000.0, |_| true),
            Some(3),
            "all tried: the nearest"
        );
    }

    #[test]
    fn a_wrong_answer_or_length_is_caught() {
        let game = of_key("classic-3").unwrap();
        let engine = game.engine();
        // X to move wins at c1 and only there (and must: O's a2 b2 wait for c2).
        let position = game.parse_position("XX-/OO-/---").unwrap();
        let puzzle = judge(game.as_ref(), engine.as_ref(), position.as_ref()).unwrap();
        assert_eq!((puzzle.answer.as_str(), puzzle.moves), ("c1", 1));
        let wrong = Puzzle {
            answer: "c2".into(),
            ..puzzle.clone()
        };
        let err = verify(game.as_ref(), engine.as_ref(), &wrong).unwrap_err();
        assert!(err.contains("c2 1") && err.contains("c1 1"), "{err}");
        let longer = Puzzle { moves: 2, ..puzzle };
        assert!(verify(game.as_ref(), engine.as_ref(), &longer).is_err());
        // Two winning moves (c1 and a3 each complete a line for X): no puzzle.
        let two = game.parse_position("XX-/X-O/-OO").unwrap();
        assert_eq!(judge(game.as_ref(), engine.as_ref(), two.as_ref()), None);
        // One empty cell, which wins: forced, no puzzle.
        let forced = game.parse_position("XX-/OOX/XOO").unwrap();
        assert_eq!(judge(game.as_ref(), engine.as_ref(), forced.as_ref()), None);
    }
}

//! A proof written down (`solve --out`) so that a reader checks it without search (`book
//! verify`): the prover's move in every position the other side's moves lead to, down to the
//! end of the game or, for a draw, to a position where a strategy of O's holds X off every
//! line (`hold`): a pairing, listed, or the lines' weight, which the reader works out itself
//! wherever no line is written. The reader tries every move of the other side, follows the
//! prover's, and checks each strategy against the lines.
//!
//! ```text
//! tictaclatin proof 1
//! board 6x6 5
//! claim draw
//! X-----/------/------/------/------/------ c3
//! X-----/-X--X-/-OOOO-/----X-/------/------ pairing e1 d1, c1 b1, a2 d2, ...
//! ```
//!
//! A position may be written in any of its symmetric forms, its move in that form's frame.
//! A draw's claim is that X never completes a line; that O cannot win either is strategy
//! stealing (an extra stone never hurts X), not checked here.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use super::rules::{Canonical, Rules, Sides};
use super::search::{OutOfBudget, Search};
use super::{ProofLimits, Prover, Want};
use crate::core::{Outcome, Side};
use crate::games::classic::board::ClassicBoard;
use crate::games::classic::cell::ClassicCell;
use crate::games::classic::text;
use crate::games::classic::variant::Variant;
use crate::games::kit::exact::Score;
use crate::games::kit::lines::bits;

/// A proof's first line.
pub const HEADER: &str = "tictaclatin proof 1";

/// What a proof proves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Claim {
    /// X never completes a line: O's moves are written.
    Draw,
    /// X completes a line whatever O does: X's moves are written.
    FirstWins,
}

impl Claim {
    const ALL: [Claim; 2] = [Claim::Draw, Claim::FirstWins];

    fn word(self) -> &'static str {
        match self {
            Claim::Draw => "draw",
            Claim::FirstWins => "first player wins",
        }
    }

    fn prover(self) -> Side {
        match self {
            Claim::Draw => Side::Second,
            Claim::FirstWins => Side::First,
        }
    }
}

/// What a check went through: the claim holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Checked {
    pub variant: Variant,
    pub claim: Claim,
    pub positions: usize,
    pub moves: usize,
    pub pairings: usize,
    pub weights: usize,
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CertificateError {
    #[error("not proven within the limits: no proof written")]
    NotProven,
    #[error("line {0}: {1}")]
    Syntax(usize, String),
    /// What is wrong in a position, written as `move` reads it.
    #[error("{0}: {1}")]
    Wrong(String, String),
}

/// A written line's content: the prover's move, or O's pairing.
enum Step {
    Move(u32),
    Pairing(Vec<[u32; 2]>),
}

/// Proves `variant`'s empty board and writes the proof.
pub fn write(variant: Variant, limits: ProofLimits) -> Result<String, CertificateError> {
    let prover = Prover::new(variant);
    let empty = ClassicBoard::empty(variant);
    // The writer asks the search that proved the board: its table answers most questions.
    let mut search = Search::new(&prover.rules, limits);
    let proof = prover.prove_in(&mut search, empty, Want::Value);
    let (claim, plies) = match (proof.outcome, proof.plies) {
        (Some(Outcome::Win), Some(plies)) => (Claim::FirstWins, plies),
        (Some(Outcome::Draw), Some(plies)) => (Claim::Draw, plies),
        _ => return Err(CertificateError::NotProven),
    };
    let (size, k) = (variant.size(), variant.k());
    let mut writer = Writer {
        rules: &prover.rules,
        search,
        claim,
        done: HashSet::new(),
        text: format!(
            "{HEADER}\nboard {size}x{size} {k}\nclaim {}\n",
            claim.word()
        ),
    };
    let written = writer.walk(empty, plies);
    written.map_err(|_| CertificateError::NotProven)?;
    Ok(writer.text)
}

struct Writer<'a> {
    rules: &'a Rules,
    search: Search<'a>,
    claim: Claim,
    done: HashSet<Sides>,
    text: String,
}

impl Writer<'_> {
    /// Writes the proof below `board`, where X's win, if claimed, comes within `plies`: the
    /// shortest wins keep the proof small.
    fn walk(&mut self, board: ClassicBoard, plies: u32) -> Result<(), OutOfBudget> {
        let key = self.rules.canonical(Sides::of(board)).key;
        if board.status().is_over() || !self.done.insert(key) {
            return Ok(());
        }
        if self.claim == Claim::Draw {
            let (x, o) = (board.stones(Side::First), board.stones(Side::Second));
            let x_moves = board.to_move() == Side::First;
            if let Some(pairs) = self.rules.holder.hold(x, o, x_moves) {
                // The reader weighs every position itself: the weight alone goes unwritten.
                if !pairs.is_empty() {
                    self.line(board, Step::Pairing(pairs));
                }
                return Ok(());
            }
        }
        if board.to_move() != self.claim.prover() {
            return bits(board.empty_cells())
                .try_for_each(|cell| self.walk(board.with_move(cell_of(board, cell)), plies - 1));
        }
        // The other side, to move next, does not win (a draw's O keeps X off), or loses
        // within the plies left (X's win): a score at most `keeps`.
        let keeps = match self.claim {
            Claim::Draw => Score::DRAW,
            Claim::FirstWins => Score::loss_in(plies - 1),
        };
        let cell = self
            .search
            .reply(Sides::of(board), keeps)?
            .ok_or(OutOfBudget)?;
        self.line(board, Step::Move(cell));
        self.walk(board.with_move(cell_of(board, cell as usize)), plies - 1)
    }

    fn line(&mut self, board: ClassicBoard, step: Step) {
        let name = |cell: u32| cell_of(board, cell as usize).name(board.variant());
        let step = match step {
            Step::Move(cell) => name(cell),
            Step::Pairing(pairs) => {
                let pairs: Vec<String> = pairs
                    .iter()
                    .map(|[a, b]| format!("{} {}", name(*a), name(*b)))
                    .collect();
                format!("pairing {}", pairs.join(", "))
            }
        };
        let _ = writeln!(self.text, "{} {step}", text::format(board));
    }
}

fn cell_of(board: ClassicBoard, cell: usize) -> ClassicCell {
    ClassicCell::new(board.variant(), cell).expect("a cell of the board")
}

/// Checks a proof: every move of the other side tried, the prover's followed, each strategy
/// checked against the lines.
pub fn verify(proof: &str) -> Result<Checked, CertificateError> {
    let lines: Vec<&str> = proof.lines().map(str::trim).collect();
    let header = |at: usize, word: &str| {
        let line = lines.get(at).and_then(|l| l.strip_prefix(word));
        line.ok_or_else(|| CertificateError::Syntax(at + 1, format!("expected `{word}`")))
    };
    header(0, HEADER)?;
    let (size, k) = header(1, "board ")?.split_once(' ').unwrap_or_default();
    let variant = (size.split('x').next().and_then(|n| n.parse().ok()))
        .and_then(|n| Variant::for_proof(n, k.parse().ok()).ok())
        .ok_or_else(|| CertificateError::Syntax(2, "a board is written `board 6x6 5`".into()))?;
    let claim = header(2, "claim ")?;
    let claim = Claim::ALL.into_iter().find(|c| c.word() == claim);
    let claim = claim
        .ok_or_else(|| CertificateError::Syntax(3, "claim `draw` or `first player wins`".into()))?;
    let rules = Rules::new(variant);
    if !rules.symmetries_keep_lines() {
        let what = "its symmetries do not keep its lines".into();
        return Err(CertificateError::Wrong(variant.to_string(), what));
    }
    let mut steps = HashMap::new();
    for (at, line) in lines
        .iter()
        .enumerate()
        .skip(3)
        .filter(|(_, l)| !l.is_empty())
    {
        let (canonical, step) = read_step(&rules, variant, line)
            .map_err(|why| CertificateError::Syntax(at + 1, why))?;
        steps.insert(canonical.key, step);
    }
    let mut reader = Reader {
        rules: &rules,
        steps,
        claim,
        seen: HashSet::new(),
        checked: Checked {
            variant,
            claim,
            positions: 0,
            moves: 0,
            pairings: 0,
            weights: 0,
        },
    };
    reader.check(ClassicBoard::empty(variant))?;
    Ok(reader.checked)
}

/// A line after the header: a position and its step, the step's cells in the canonical frame.
fn read_step(rules: &Rules, variant: Variant, line: &str) -> Result<(Canonical, Step), String> {
    let (position, step) = line.split_once(' ').ok_or("a position and its move")?;
    let board = text::parse(variant, position).map_err(|e| e.to_string())?;
    let canonical = rules.canonical(Sides::of(board));
    let cell = |name: &str| {
        let cell = ClassicCell::parse(variant, name).map_err(|e| e.to_string())?;
        Ok::<u32, String>(rules.canonical_cell(canonical, cell.index() as u32).into())
    };
    let Some(pairs) = step.trim().strip_prefix("pairing") else {
        return Ok((canonical, Step::Move(cell(step.trim())?)));
    };
    let pair = |pair: &str| match pair.split_whitespace().collect::<Vec<_>>()[..] {
        [a, b] => Ok([cell(a)?, cell(b)?]),
        _ => Err(format!("a pair is two cells, not `{}`", pair.trim())),
    };
    let pairs = pairs.split(',').map(pair).collect::<Result<_, _>>()?;
    Ok((canonical, Step::Pairing(pairs)))
}

struct Reader<'a> {
    rules: &'a Rules,
    steps: HashMap<Sides, Step>,
    claim: Claim,
    seen: HashSet<Sides>,
    checked: Checked,
}

impl Reader<'_> {
    fn check(&mut self, board: ClassicBoard) -> Result<(), CertificateError> {
        let wrong = |what: String| Err(CertificateError::Wrong(text::format(board), what));
        let against = format!("against the claim ({})", self.claim.word());
        if let Some((side, _)) = board.winning_line() {
            return match (side == Side::First) == (self.claim == Claim::FirstWins) {
                true => Ok(()),
                false => wrong(format!("{} completes a line, {against}", side.letter())),
            };
        }
        if board.empty_cells() == 0 {
            return match self.claim {
                Claim::Draw => Ok(()),
                Claim::FirstWins => wrong(format!("the board fills, {against}")),
            };
        }
        let canonical = self.rules.canonical(Sides::of(board));
        if !self.seen.insert(canonical.key) {
            return Ok(());
        }
        self.checked.positions += 1;
        let prover_moves = board.to_move() == self.claim.prover();
        let (x, o) = (board.stones(Side::First), board.stones(Side::Second));
        let held = (x, o, board.to_move() == Side::First);
        let names = |mask: u64| {
            let names: Vec<String> = bits(mask)
                .map(|c| cell_of(board, c).name(board.variant()))
                .collect();
            names.join("-")
        };
        match self.steps.get(&canonical.key) {
            Some(Step::Move(cell)) if prover_moves => {
                let cell = cell_of(
                    board,
                    self.rules.board_cell(canonical, *cell as u8) as usize,
                );
                if board.at(cell).is_some() {
                    return wrong(format!(
                        "the move {} is on a taken cell",
                        cell.name(board.variant())
                    ));
                }
                self.checked.moves += 1;
                self.check(board.with_move(cell))
            }
            Some(Step::Pairing(pairs)) if self.claim == Claim::Draw => {
                let pairs: Vec<[u32; 2]> = (pairs.iter())
                    .map(|p| p.map(|c| self.rules.board_cell(canonical, c as u8)))
                    .collect();
                self.checked.pairings += 1;
                self.rules.holder.check(held, &pairs, names).or_else(wrong)
            }
            _ if self.claim == Claim::Draw && self.rules.holder.check(held, &[], names).is_ok() => {
                self.checked.weights += 1;
                Ok(())
            }
            _ if prover_moves => wrong(format!(
                "no move written for {}",
                self.claim.prover().letter()
            )),
            _ => bits(board.empty_cells())
                .try_for_each(|cell| self.check(board.with_move(cell_of(board, cell)))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: ProofLimits = ProofLimits {
        nodes: 50_000_000,
        time: None,
    };

    fn board(size: u8, k: u8) -> Variant {
        Variant::new(size, Some(k)).unwrap()
    }

    /// Every board gets a proof its reader accepts, with the outcome
    /// known from elsewhere (the tables up to 4x4, the published values beyond).
    #[test]
    fn every_proven_board_writes_a_proof_that_checks() {
        for v in Variant::all() {
            let text = write(v, LIMITS).unwrap_or_else(|e| panic!("{v}: {e}"));
            let checked = verify(&text).unwrap_or_else(|e| panic!("{v}: {e}"));
            let wins = v.k() == 3 && v.size() >= 4 || v.k() == 4 && v.size() >= 6;
            let claim = if wins { Claim::FirstWins } else { Claim::Draw };
            assert_eq!((checked.variant, checked.claim), (v, claim), "{v}");
        }
    }

    /// Three errors planted in 6x6 with five in a row's proof, each caught and named.
    #[test]
    fn a_planted_error_is_caught_and_named() {
        let text = write(board(6, 5), LIMITS).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let root = lines
            .iter()
            .position(|l| l.starts_with("X-----/------"))
            .unwrap();
        let edit = |at: usize, line: Option<String>| {
            let mut edited: Vec<String> = lines.iter().map(ToString::to_string).collect();
            match line {
                Some(line) => edited[at] = line,
                None => drop(edited.remove(at)),
            }
            verify(&edited.join("\n")).unwrap_err()
        };
        // The reply to X's corner opening left out: named by its position.
        let missing = edit(root, None);
        let expected = format!("{}: no move written for O", &lines[root][..41]);
        assert_eq!(missing.to_string(), expected);
        // That reply moved onto X's stone.
        let taken = edit(root, Some(lines[root].replace(" c3", " a1")));
        assert_eq!(
            taken.to_string(),
            format!("{}: the move a1 is on a taken cell", &lines[root][..41])
        );
        // A pairing cut to its first pair leaves lines without one; the heaviest is named.
        let at = lines.iter().position(|l| l.contains(" pairing ")).unwrap();
        let cut = lines[at].split(',').next().unwrap().to_string();
        let open = edit(at, Some(cut)).to_string();
        let heavy = ": the lines without a pair weigh too much, as ";
        let line = open.split(heavy).nth(1).expect(&open);
        assert_eq!(line.split('-').count(), 5, "five cells: {open}");
    }
}

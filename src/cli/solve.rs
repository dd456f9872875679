//! `tictaclatin solve`: the value of a game's empty board, by a table, by a proof search
//! within a budget (classic past 4x4; the answer says when it is not reached), or by Qubic's
//! prover (proof-number and threat-space search), which can write its proof as a dictionary.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;

use super::Failure;
use super::game_args::build;
use tictaclatin::config::GameChoiceArgs;
use tictaclatin::core::bounded;
use tictaclatin::core::{Game, Outcome, Side};
use tictaclatin::games::GameKind;
use tictaclatin::games::classic::proof::certificate::{self, Claim};
use tictaclatin::games::classic::proof::{self, ProofLimits, Prover, Want};
use tictaclatin::games::classic::{ClassicBoard, ClassicCell, Variant};
use tictaclatin::games::qubic::dictionary::{self as qubic_dictionary, Canonical, verify};
use tictaclatin::games::qubic::prover::{self, Budgets, Stop, text::dictionary_text};
use tictaclatin::games::qubic::{self, Qubic};

/// Positions a proof may visit when neither `--nodes` nor `--bot-time` is given.
const DEFAULT_NODES: u64 = 20_000_000;

#[derive(Args, Debug, Default, Clone)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    pub game: GameChoiceArgs,
    /// Classic boards past 4x4 and Qubic: the most positions the proof may visit (the same
    /// answer on every run; classic's default 20,000,000 unless --bot-time is given, Qubic's
    /// none)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Write the proof and check it (`book verify --game G FILE` checks it again): Qubic's
    /// as a dictionary in Patashnik's format; a classic board's as every move of the
    /// prover's, down to the end or to a position a pairing or the lines' weight holds
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// A long classic proof, one of X's first moves at a time, each within the budget: each
    /// one proven is added to FILE, and a run given the same FILE goes on from the rest
    #[arg(long, value_name = "FILE")]
    pub progress: Option<PathBuf>,
}

pub fn run(args: &SolveArgs) -> Result<(), Failure> {
    let classic = classic_variant(&args.game)?;
    if let Some(file) = &args.progress {
        // A proof in jobs is the run's memory, not one file anyone can check.
        let Some(variant) = classic.filter(|v| !v.is_solvable() && args.out.is_none()) else {
            let why = "--progress is for classic boards past 4x4, without --out";
            return Err(Failure::bad_input(why));
        };
        return Jobs::run(variant, limits(args), file);
    }
    if args.game.choice().kind == GameKind::Qubic {
        build(&args.game)?;
        return prove_qubic(args);
    }
    // Proofs go one size past the boards one plays, which `build` refuses.
    let game = || build(&args.game);
    match classic {
        Some(variant) if !variant.is_solvable() => {
            if !prove_classic(variant, limits(args)) {
                return not_written(args, "not proven");
            }
        }
        None if args.out.is_some() => {
            game()?;
            return Err(Failure::bad_input(
                "--out writes the proofs of Qubic and the classic boards; this game has none",
            ));
        }
        _ => solve_by_table(game()?.as_ref())?,
    }
    match (&args.out, classic) {
        (Some(out), Some(variant)) => write_certificate(variant, limits(args), out),
        _ => Ok(()),
    }
}

/// Not proven: a failure only if a file was asked for, since none is written.
fn not_written(args: &SolveArgs, why: &str) -> Result<(), Failure> {
    let failure =
        |out: &PathBuf| Failure::other(format!("nothing written to {}: {why}", out.display()));
    args.out.as_ref().map_or(Ok(()), |out| Err(failure(out)))
}

/// The classic board to solve, up to 8x8.
pub fn classic_variant(args: &GameChoiceArgs) -> Result<Option<Variant>, Failure> {
    let choice = args.choice();
    if choice.kind != GameKind::Classic {
        return Ok(None);
    }
    let variant = Variant::for_proof(choice.size.unwrap_or(3), choice.in_a_row);
    variant
        .map(Some)
        .map_err(|e| Failure::bad_input(format!("classic tic-tac-toe: {e}")))
}

/// Writes the classic board's proof to `out` (see `book verify`), and checks it.
fn write_certificate(variant: Variant, limits: ProofLimits, out: &Path) -> Result<(), Failure> {
    let text = certificate::write(variant, limits).map_err(|e| Failure::other(e.to_string()))?;
    std::fs::write(out, &text).map_err(|e| Failure::cannot_write(out, e))?;
    outln!(
        "Wrote {} ({} lines).",
        out.display(),
        group(text.lines().count() as u64)
    );
    verify_certificate(&text, None)
}

/// Checks a classic board's proof and says what it proves; `asked`: the board the flags
/// named, which the proof's must be.
pub fn verify_certificate(text: &str, asked: Option<Variant>) -> Result<(), Failure> {
    let started = Instant::now();
    let checked = certificate::verify(text).map_err(|e| Failure::other(e.to_string()))?;
    if let Some(asked) = asked.filter(|&v| v != checked.variant) {
        let proves = format!("the file proves {}, not {asked}", checked.variant);
        return Err(Failure::bad_input(proves));
    }
    let claim = match checked.claim {
        Claim::Draw => {
            "the first player never completes a line (and, by strategy stealing, \
                        the second cannot win: a draw)"
        }
        Claim::FirstWins => "the first player completes a line whatever the second does",
    };
    outln!("Verified: on {}, {claim}.", checked.variant);
    let n = |n: usize, one, many| count(n as u64, one, many);
    outln!(
        "Checked without search in {:.3} s: {}, {}, {}, {} held by the lines' weight.",
        started.elapsed().as_secs_f64(),
        n(checked.positions, "position", "positions"),
        n(checked.moves, "move", "moves"),
        n(checked.pairings, "pairing", "pairings"),
        n(checked.weights, "position", "positions")
    );
    Ok(())
}

/// `--nodes` and `--bot-time` as the proof's limits; a time alone leaves positions unbounded.
fn limits(args: &SolveArgs) -> ProofLimits {
    let time = args.game.movetime;
    let nodes = match (args.nodes, time) {
        (Some(n), _) => n,
        (None, Some(_)) => u64::MAX,
        (None, None) => DEFAULT_NODES,
    };
    ProofLimits { nodes, time }
}

/// Proves the board and says what it found: whether it proved its outcome.
fn prove_classic(variant: Variant, limits: ProofLimits) -> bool {
    let proof = proof::prove(ClassicBoard::empty(variant), limits, Want::Value);
    let Some(outcome) = proof.outcome else {
        outln!("{variant}: not proven within {}.", budget(limits));
        outln!(
            "Positions searched: {} in {:.3} s.",
            group(proof.nodes),
            proof.elapsed.as_secs_f64()
        );
        return false;
    };
    let value = match (outcome, proof.plies) {
        (Outcome::Draw, _) => "draw (perfect play fills the board)".to_string(),
        (Outcome::Win, Some(p)) => format!("first player wins in {p} plies"),
        (Outcome::Win, None) => "first player wins".to_string(),
        (Outcome::Loss, Some(p)) => format!("second player wins in {p} plies"),
        (Outcome::Loss, None) => "second player wins".to_string(),
    };
    outln!("{variant}: {value}.");
    outln!(
        "Proven by search (to positions a pairing or the lines' weight settles): {} \
         (folded by {} symmetries) in {:.3} s.",
        positions(proof.outcome_nodes),
        proof.symmetries,
        proof.outcome_elapsed.as_secs_f64()
    );
    // A short win comes with its plies; any other win or loss needs a search more for them.
    if outcome != Outcome::Draw && proof.nodes > proof.outcome_nodes {
        match proof.plies {
            Some(_) => outln!(
                "Its length proven too: {} in {:.3} s in all.",
                positions(proof.nodes),
                proof.elapsed.as_secs_f64()
            ),
            None => outln!("Its length not proven within {}.", budget(limits)),
        }
    }
    true
}

/// A long classic proof split into jobs, each searched within the budget and each one
/// settled kept in a file, so that a run stopped or out of budget is taken up where it was.
/// A job is a position after X's move, held when O holds X off every line: proven by the
/// search, or past its budget by O's reply the search tries first, then each of X's moves
/// (up to symmetry) held in turn. The file is the run's memory, not a proof to check.
struct Jobs<'a> {
    prover: Prover,
    limits: ProofLimits,
    file: &'a Path,
    /// The file, opened once to add a line a job.
    out: std::fs::File,
    /// What the file says of each job, by its moves (`d4 e4 f5`): held, won by X, or not
    /// proven within so many positions.
    known: HashMap<String, Known>,
}

/// What the file says of a job.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Known {
    Held,
    Won,
    Open(u64),
}

impl Jobs<'_> {
    fn run(variant: Variant, limits: ProofLimits, file: &Path) -> Result<(), Failure> {
        let bad = |e: String| Failure::bad_input(format!("{}: {e}", file.display()));
        let mut kept = match bounded::read_text_file(file, &bounded::BOOK) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            read => read.map_err(|e| bad(e.to_string()))?,
        };
        // A line cut short (the run killed while writing it) goes, and its job is done again.
        let whole = kept.rfind('\n').map_or(0, |end| end + 1);
        if kept.is_empty() || whole < kept.len() {
            kept.truncate(whole);
            if kept.is_empty() {
                kept = format!("board {variant}\n");
            }
            std::fs::write(file, &kept).map_err(|e| bad(e.to_string()))?;
        }
        let (mut lines, header) = (kept.lines().enumerate(), format!("board {variant}"));
        if lines.next().map(|(_, l)| l) != Some(&header) {
            return Err(bad(format!(
                "line 1: not `{header}`: the file is for another board"
            )));
        }
        let words = "`MOVES held: ...`, `MOVES won: ...` or `MOVES open: N`";
        let read = |(n, line)| {
            read_job(variant, line).ok_or_else(|| bad(format!("line {}: not {words}", n + 1)))
        };
        let known = lines.map(read).collect::<Result<HashMap<_, _>, _>>()?;
        let out = std::fs::OpenOptions::new().append(true).open(file);
        let mut jobs = Jobs {
            out: out.map_err(|e| Failure::cannot_write(file, e))?,
            prover: Prover::new(variant),
            limits,
            file,
            known,
        };
        match jobs.each_held(&[], ClassicBoard::empty(variant))?.0 {
            Some(true) => outln!(
                "{variant}: draw: O holds X off after each of X's first moves, and by \
                 strategy stealing O cannot win either."
            ),
            Some(false) => outln!("So the first player wins {variant}."),
            None => outln!(
                "Not proven yet: run again with the same --progress file and a larger --nodes \
                 to go on."
            ),
        }
        Ok(())
    }

    /// Whether O holds X off after each of X's moves on `board` (up to symmetry), reached by
    /// `moves`: on to the last unless X wins after one; and how many moves there are.
    fn each_held(
        &mut self,
        moves: &[ClassicCell],
        board: ClassicBoard,
    ) -> Result<(Option<bool>, usize), Failure> {
        let (mut held, xs) = (Some(true), self.prover.moves(board));
        for &cell in &xs {
            let path = [moves, &[cell]].concat();
            match self.held(&path, board.play(cell).expect("an empty cell"))? {
                Some(false) => return Ok((Some(false), xs.len())),
                proven => held = held.and(proven),
            }
        }
        Ok((held, xs.len()))
    }

    /// Whether O holds X off every line after `moves`, X's the last (`None`: not proven).
    fn held(
        &mut self,
        moves: &[ClassicCell],
        board: ClassicBoard,
    ) -> Result<Option<bool>, Failure> {
        let names: Vec<String> = moves.iter().map(|c| c.name(board.variant())).collect();
        let path = names.join(" ");
        let known = self.known.get(&path).copied();
        let limited = |n| self.limits.time.is_none() && n >= self.limits.nodes;
        let (mut proven, mut how) = match known {
            Some(k @ (Known::Held | Known::Won)) => {
                (Some(k == Known::Held), "proven before".into())
            }
            // Not proven before within as many positions: only its split is worth a try.
            Some(Known::Open(n)) if limited(n) => {
                (None, format!("not within {} positions, before", group(n)))
            }
            _ => {
                let started = Instant::now();
                let (proven, nodes) = self.prover.holds(board, self.limits);
                let secs = started.elapsed().as_secs_f64();
                if proven.is_none() && limited(self.limits.nodes) {
                    self.keep(&format!("{path} open: {}\n", self.limits.nodes))?;
                }
                (proven, format!("{} in {secs:.1} s", positions(nodes)))
            }
        };
        // Two moves more complete no line while X has this few stones.
        if proven.is_none()
            && board.stones(Side::First).count_ones() + 1 < board.variant().k().into()
        {
            outln!("{path}: not proven ({how}); trying O's replies and X's moves after them.");
            (proven, how) = self.split(moves, board)?;
        }
        let (word, said) = match proven {
            Some(true) => ("held", "O holds X off every line"),
            Some(false) => ("won", "X wins"),
            None => ("", "not proven"),
        };
        outln!("{path}: {said} ({how}).");
        if proven.is_some() && !matches!(known, Some(Known::Held | Known::Won)) {
            self.keep(&format!("{path} {word}: {how}\n"))?;
        }
        Ok(proven)
    }

    /// Adds a line to the file.
    fn keep(&self, line: &str) -> Result<(), Failure> {
        std::io::Write::write_all(&mut &self.out, line.as_bytes())
            .map_err(|e| Failure::cannot_write(self.file, e))
    }

    /// O's replies in the search's order until one is not beaten, then each of X's moves
    /// after it: held if every one is; X wins if X beats every reply.
    fn split(
        &mut self,
        moves: &[ClassicCell],
        board: ClassicBoard,
    ) -> Result<(Option<bool>, String), Failure> {
        for reply in self.prover.moves(board) {
            let after = board.play(reply).expect("an empty cell");
            let (held, xs) = self.each_held(&[moves, &[reply]].concat(), after)?;
            if held != Some(false) {
                let reply = reply.name(board.variant());
                return Ok((held, format!("O's {reply}, then each of X's {xs} moves")));
            }
        }
        Ok((Some(false), "whatever O plays".into()))
    }
}

/// A line of the progress file, as its job's moves (each legal) and what is known of it.
fn read_job(variant: Variant, line: &str) -> Option<(String, Known)> {
    let (head, rest) = line.split_once(": ")?;
    let (moves, word) = head.rsplit_once(' ')?;
    let mut board = ClassicBoard::empty(variant);
    for name in moves.split(' ') {
        board = board.play(ClassicCell::parse(variant, name).ok()?).ok()?;
    }
    let known = match word {
        "held" => Known::Held,
        "won" => Known::Won,
        "open" => Known::Open(rest.parse().ok()?),
        _ => return None,
    };
    Some((moves.to_string(), known))
}

/// Proves that X wins Qubic from the empty cube; with `--out`, writes and verifies the
/// dictionary. Not proven within the limits: says how far it got (exit 1 if a file was
/// asked for, since none is written).
fn prove_qubic(args: &SolveArgs) -> Result<(), Failure> {
    let limits = prover::ProverLimits {
        positions: args.nodes.unwrap_or(u64::MAX),
        time: args.game.movetime,
        ..prover::ProverLimits::default()
    };
    let proof = prover::prove(qubic::QubicBoard::EMPTY, Budgets::default(), limits);
    let search = &proof.search;
    let searched = format!(
        "{} positions (folded by the 192 symmetries), {} more inside the threat searches, \
         in {:.1} s",
        group(search.positions),
        group(search.threat_positions),
        proof.elapsed.as_secs_f64()
    );
    if !proof.x_wins() {
        let root = search.root();
        let why = match proof.stopped {
            Some(Stop::Positions) => "the positions allowed ran out".to_string(),
            Some(Stop::Time) => "the time allowed ran out".to_string(),
            Some(Stop::Memory) => format!(
                "{} positions filled memory",
                group(search.graph.count() as u64)
            ),
            None => {
                "the search found that X does not win: a bug, since Patashnik proved it does".into()
            }
        };
        println!("Qubic: not proven: {why}.");
        println!(
            "Searched {searched}; at the empty cube, proof number {} and disproof number {}.",
            group(u64::from(root.proof)),
            group(u64::from(root.disproof))
        );
        return not_written(args, "X's win is not proven");
    }
    println!("Qubic: the first player (X) wins.");
    println!("Proven by proof-number search with a threat-space search at its leaves: {searched}.");
    let entries = proof.entries().map_err(|e| Failure::other(e.to_string()))?;
    let moves = group(entries.len() as u64);
    println!("The proof: a dictionary of {moves} moves (Patashnik's has 2,929).");
    match &args.out {
        Some(out) => write_and_verify(out, &entries, search),
        None => Ok(()),
    }
}

/// Writes the dictionary to `out`, reads it back and verifies it as `book verify` does.
fn write_and_verify(
    out: &Path,
    entries: &[(qubic::QubicBoard, usize)],
    search: &prover::Search,
) -> Result<(), Failure> {
    // The same file on every run: positions, not the time.
    let made = format!(
        "The search judged {} positions ({} more inside the threat searches).",
        group(search.positions),
        group(search.threat_positions)
    );
    let text = dictionary_text(entries, &made);
    std::fs::write(out, &text).map_err(|e| Failure::cannot_write(out, e))?;
    println!("Wrote {}.", out.display());
    let in_file = |e: String| Failure::other(format!("{}: {e}", out.display()));
    let dictionary = qubic_dictionary::parse(&Qubic, &text, Canonical::Required)
        .map_err(|e| in_file(e.to_string()))?;
    let options = verify::VerifyOptions {
        parallel: true,
        ..verify::VerifyOptions::default()
    };
    let report =
        verify::verify(&Qubic, &dictionary, options).map_err(|e| in_file(e.to_string()))?;
    println!("Verified: {}.", report.summary());
    Ok(())
}

fn budget(limits: ProofLimits) -> String {
    let time = limits.time.map(|t| format!("{} ms", t.as_millis()));
    match (limits.nodes, time) {
        (u64::MAX, Some(t)) => t,
        (n, Some(t)) => format!("{} positions or {t}", group(n)),
        (n, None) => format!("{} positions", group(n)),
    }
}

fn solve_by_table(game: &dyn Game) -> Result<(), Failure> {
    let started = Instant::now();
    let engine = game.engine();
    let elapsed = started.elapsed();
    let start = game.start();
    let (Some(value), Some(solved)) = (engine.value(start.as_ref()), engine.solved()) else {
        return Err(Failure::bad_input(format!(
            "{} is not solved by a table here; `solve` works for the games that are \
             (Tic-Tac-Latin, classic 3x3 and 4x4) and proves classic boards up to 8x8 and Qubic",
            game.title()
        )));
    };
    // A draw that fills the board: say so, since "draw" alone gives no length.
    let note = match value.outcome {
        Outcome::Draw if value.plies as usize == start.legal_moves().len() => {
            " (perfect play fills the board)"
        }
        _ => "",
    };
    outln!("Empty board: {value} for the first player{note}.");
    outln!(
        "Reachable positions in play: {} ({} classes under the {} symmetries).",
        group(solved.positions),
        group(solved.classes),
        solved.symmetries
    );
    outln!(
        "Solved in {:.1} ms; table {:.1} MiB.",
        elapsed.as_secs_f64() * 1000.0,
        solved.bytes as f64 / (1024.0 * 1024.0)
    );
    Ok(())
}

/// 5284445 -> "5,284,445".
/// `n` with the word for one or many, as a person writes it ("1 position", "2 positions").
fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group(n), if n == 1 { one } else { many })
}

fn positions(n: u64) -> String {
    count(n, "position", "positions")
}

fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

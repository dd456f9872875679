//! Dictionaries made from a verifier's report: the pruned dictionary (the entries some game
//! reaches) and the complete one (every position X meets where it does not win at once, so
//! a player needs only "win at once, else look up"), as text in either format.

use tictaclatin_engine::games::qubic::board::QubicBoard;
use tictaclatin_engine::games::qubic::dictionary::verify::VerifyReport;
use tictaclatin_engine::games::qubic::dictionary::wildcard::WildLine;
use tictaclatin_engine::games::qubic::dictionary::{Dictionary, runlength};
use tictaclatin_engine::games::qubic::geometry::Geometry;
use tictaclatin_engine::games::qubic::strategy::Rule;

/// The dictionary without the entries no game reaches, in file order.
pub fn pruned(dictionary: &Dictionary, report: &VerifyReport) -> Dictionary {
    let mut kept = vec![true; dictionary.len()];
    for &e in &report.unreached {
        kept[e] = false;
    }
    let entries = dictionary.entries.iter().zip(kept);
    Dictionary {
        entries: entries.filter_map(|(e, keep)| keep.then_some(*e)).collect(),
    }
}

/// Every position X meets with its move, except where X wins at once: the dictionary's
/// moves, the blocks and the forced wins written out. Canonical positions, sorted.
pub fn complete(report: &VerifyReport) -> Vec<(QubicBoard, usize)> {
    report
        .met
        .iter()
        .filter(|m| m.rule != Rule::Win)
        .map(|m| (m.position, usize::from(m.play)))
        .collect()
}

/// The positions of a dictionary with their moves.
pub fn positions(dictionary: &Dictionary) -> Vec<(QubicBoard, usize)> {
    dictionary
        .entries
        .iter()
        .map(|e| (e.board, e.play))
        .collect()
}

/// Patashnik's format, one line per position, after `header` (lines starting with `#`).
pub fn runlength_text<G: Geometry + ?Sized>(
    g: &G,
    header: &[String],
    positions: &[(QubicBoard, usize)],
) -> String {
    let lines = positions.iter();
    text(header, lines.map(|&(b, p)| runlength::format_line(g, b, p)))
}

/// The small example's notation, one line per [`WildLine`], after `header`.
pub fn wildcard_text<G: Geometry + ?Sized>(g: &G, header: &[String], lines: &[WildLine]) -> String {
    text(header, lines.iter().map(|line| line.format(g)))
}

/// `header` as comments, then `lines`, each line ending in a newline.
fn text(header: &[String], lines: impl Iterator<Item = String>) -> String {
    let comments = header.iter().map(|l| format!("# {l}"));
    comments.chain(lines).map(|line| line + "\n").collect()
}

/// The credit Patashnik's notice asks for, for the header of anything made from it.
pub fn credit() -> Vec<String> {
    vec![
        "Made from Oren Patashnik's Qubic dictionary (\"Qubic: 4x4x4 Tic-Tac-Toe\",".into(),
        "Mathematics Magazine 53(4), 1980), put in its form by Ken Thompson in 1978;".into(),
        "its moves are unchanged.".into(),
    ]
}

//! A proof's entries as a dictionary file in Patashnik's run-length format, with a header
//! that says how X plays from it (his header's procedure) and how to check it.

use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::dictionary::runlength::format_line;
use crate::games::qubic::geometry::Qubic;

/// The file: the header, a line of dashes (where the entries begin, as in Patashnik's
/// file), one entry per line.
pub fn dictionary_text(entries: &[(QubicBoard, usize)], made: &str) -> String {
    let mut lines = header(entries.len(), made);
    lines.push("-".repeat(72));
    lines.extend(entries.iter().map(|&(b, p)| format_line(&Qubic, b, p)));
    lines.into_iter().map(|line| line + "\n").collect()
}

fn header(count: usize, made: &str) -> Vec<String> {
    vec![
        format!("A dictionary of {count} moves for the first player of Qubic (4x4x4 tic-tac-toe),"),
        "proving that the first player wins. Made by tictaclatin's prover (proof-number".into(),
        "search with a threat-space search at its leaves), not taken from Oren Patashnik's".into(),
        "dictionary, whose format and procedure it follows.".into(),
        made.into(),
        String::new(),
        "Each line is a position, a space and the first player's (X's) move. A position is".into(),
        "a string of x's, o's and numbers (that many empty cells), trailing empty cells".into(),
        "left out; cells are numbered 16 * layer + 4 * row + column, 0 to 63. Positions are".into(),
        "canonical: the smallest of their 192 symmetric images, comparing cells 0 to 63 with"
            .into(),
        "x < o < empty.".into(),
        String::new(),
        "X plays: (1) win immediately if possible, else (2) block O's three, else (3) the".into(),
        "dictionary's move for the position's canonical form, else (4) a forced win: threes".into(),
        "O must block at once, ending in two threes at once (if a block makes a three of O's,"
            .into(),
        "X blocks it and the sequence goes on only if that block makes a three).".into(),
        String::new(),
        "Check it with: tictaclatin book verify --game qubic FILE".into(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::qubic::dictionary::{self, Canonical};

    #[test]
    fn the_file_reads_back_as_canonical_run_length_entries() {
        let entries = [
            (QubicBoard::EMPTY, 0),
            (QubicBoard::EMPTY.with_move(0).with_move(15), 12),
        ];
        let text = dictionary_text(&entries, "Made in a test.");
        assert!(text.contains("\n----"));
        let read = dictionary::parse(&Qubic, &text, Canonical::Required).unwrap();
        let back: Vec<(QubicBoard, usize)> =
            read.entries.iter().map(|e| (e.board, e.play)).collect();
        assert_eq!(back, entries);
        assert!(text.starts_with("A dictionary of 2 moves"));
    }
}

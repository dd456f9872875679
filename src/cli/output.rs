//! What a command prints: every line escaped ([`escape`]), so nothing read from a file or
//! typed reaches the terminal raw; and a write that fails ends the command in one line
//! rather than a panic.

use std::fmt;
use std::io::{self, Write};

use tictaclatin::core::words::escape;
use unicode_width::UnicodeWidthStr;

fn write_escaped(out: &mut impl Write, text: &str) -> io::Result<()> {
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(escape(line).as_bytes())?;
    }
    out.flush()
}

/// Prints on standard output (see [`outln!`](crate::cli)). A write that fails (`>/dev/full`)
/// ends the program: one line on standard error, exit status 1. A closed pipe has ended it
/// already, quietly (SIGPIPE, see `main`).
pub fn print(text: fmt::Arguments) {
    if let Err(e) = write_escaped(&mut io::stdout().lock(), &text.to_string()) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            warn(&format!("cannot write the output: {e}"));
        }
        std::process::exit(1);
    }
}

/// Prints clap's help, version or error and ends the program with its status, as
/// `clap::Error::exit` does, or with status 1 and one line where the help cannot be written.
pub fn exit(e: &clap::Error) -> ! {
    if let Err(why) = e.print() {
        warn(&format!("cannot write the output: {why}"));
        std::process::exit(1);
    }
    std::process::exit(e.exit_code())
}

/// Prints on standard error (see [`errln!`](crate::cli)). Where that fails there is no
/// one left to tell: the program ends with exit status 1.
pub fn print_err(text: fmt::Arguments) {
    if write_escaped(&mut io::stderr().lock(), &text.to_string()).is_err() {
        std::process::exit(1);
    }
}

/// Prints `tictaclatin: line` on standard error, ignoring a failure: this is said as the
/// program ends (after the terminal has hung up there is nowhere to write).
pub fn warn(line: &str) {
    let _ = write_escaped(&mut io::stderr().lock(), &format!("tictaclatin: {line}\n"));
}

/// Rows as lines of columns `gap` apart, each as wide on screen as its widest cell (a name
/// may hold double-width characters) and at least its `min`; a column where `right` holds is
/// right-aligned, the others padded after the cell but for the last.
pub fn columns(
    rows: &[Vec<String>],
    min: &[usize],
    right: impl Fn(usize) -> bool,
    gap: &str,
) -> Vec<String> {
    let mut widths = min.to_vec();
    for row in rows {
        widths.resize(widths.len().max(row.len()), 0);
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.width());
        }
    }
    let line = |row: &Vec<String>| {
        let cells = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (cell, width))| {
                let pad = " ".repeat(width - cell.width());
                match (right(i), i + 1 == row.len()) {
                    (true, _) => format!("{pad}{cell}"),
                    (false, true) => cell.clone(),
                    (false, false) => format!("{cell}{pad}"),
                }
            });
        cells.collect::<Vec<_>>().join(gap)
    };
    rows.iter().map(line).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_escaped_and_the_newlines_kept() {
        let mut out = Vec::new();
        write_escaped(&mut out, "a\u{1b}[2J\nb\u{7}\n").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "a\\u{1b}[2J\nb\\u{7}\n");
    }
}

//! Reading text without trusting its size: a line at a time with a cap on its length (the
//! engine's requests), and whole files with a cap on their lines and their size (books and
//! dictionaries). `/dev/zero` or a line of a gigabyte is refused after the cap, not read
//! into memory first.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

/// The longest line read: far over any request or book line (the longest position, an
/// extreme one, is under 300 bytes).
pub const LINE_CAP: usize = 64 * 1024;

/// The largest book or dictionary file read: the complete Qubic dictionary, the largest
/// file the tools write, takes 70.4 MB.
pub const FILE_CAP: u64 = 128 * 1024 * 1024;

/// What [`read_line`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Line {
    /// A line, now in the buffer without its newline.
    Read,
    /// The input ended before any byte of a line.
    End,
    /// The line runs past the cap; the buffer is empty and the rest of the line is still
    /// to be read (or skipped with [`skip_line`]).
    TooLong,
}

/// Reads the next line into `line` (cleared first, the newline left out), holding at most
/// `cap` bytes of it. A longer line stops the read as soon as it passes the cap.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, cap: usize) -> io::Result<Line> {
    line.clear();
    let mut started = false;
    loop {
        let buffer = fill(input)?;
        if buffer.is_empty() {
            return Ok(if started { Line::Read } else { Line::End });
        }
        started = true;
        let newline = buffer.iter().position(|&b| b == b'\n');
        let chunk = &buffer[..newline.unwrap_or(buffer.len())];
        if line.len() + chunk.len() > cap {
            line.clear();
            return Ok(Line::TooLong);
        }
        line.extend_from_slice(chunk);
        let used = chunk.len() + usize::from(newline.is_some());
        input.consume(used);
        if newline.is_some() {
            return Ok(Line::Read);
        }
    }
}

/// The input's next bytes (none at its end), read again when a signal interrupts the read.
fn fill(input: &mut impl BufRead) -> io::Result<&[u8]> {
    while let Err(e) = input.fill_buf() {
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
    // The bytes the last call buffered; only at the input's end is the input asked again.
    input.fill_buf()
}

/// Reads and drops the rest of a line, its newline included, keeping nothing.
pub fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = fill(input)?;
        if buffer.is_empty() {
            return Ok(());
        }
        let newline = buffer.iter().position(|&b| b == b'\n');
        let used = newline.map_or(buffer.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            return Ok(());
        }
    }
}

/// Why a text file was refused before it was read whole.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Refused {
    /// A line longer than [`LINE_CAP`] (the 1-based line number).
    #[error(
        "line {0} is longer than {kib} KiB: not a book or dictionary, whose lines are short",
        kib = LINE_CAP / 1024
    )]
    LongLine(usize),
    /// More than [`FILE_CAP`] bytes.
    #[error(
        "it is larger than {} MiB: not a book or dictionary (the largest, the complete \
         Qubic dictionary, is 70 MB)",
        FILE_CAP / (1024 * 1024)
    )]
    TooLarge,
    /// A line that is not UTF-8 (the 1-based line number).
    #[error("line {0} is not UTF-8 text")]
    NotText(usize),
}

/// The text of a book or dictionary file, read a line at a time within [`LINE_CAP`] and
/// [`FILE_CAP`]. A file over either cap is an `InvalidData` error carrying [`Refused`]:
/// callers name the file, as they do for a file that cannot be opened.
pub fn read_text_file(path: &Path) -> io::Result<String> {
    read_text_file_within(path, LINE_CAP, FILE_CAP)
}

/// [`read_text_file`] with caps of the caller's (a game record is far smaller than a book).
pub fn read_text_file_within(path: &Path, line_cap: usize, file_cap: u64) -> io::Result<String> {
    let file = File::open(path)?;
    let refused = |why: Refused| io::Error::new(io::ErrorKind::InvalidData, why);
    // A regular file says its size: refuse a huge one without reading it.
    if file.metadata()?.len() > file_cap {
        return Err(refused(Refused::TooLarge));
    }
    let mut input = BufReader::new(file);
    let (mut text, mut line, mut number) = (String::new(), Vec::new(), 0);
    loop {
        number += 1;
        match read_line(&mut input, &mut line, line_cap)? {
            Line::End => return Ok(text),
            Line::TooLong => return Err(refused(Refused::LongLine(number))),
            Line::Read => {}
        }
        // Devices and pipes have no size to check first.
        if (text.len() + line.len() + 1) as u64 > file_cap {
            return Err(refused(Refused::TooLarge));
        }
        let line = std::str::from_utf8(&line).map_err(|_| refused(Refused::NotText(number)))?;
        text.push_str(line);
        text.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Cursor, Read};

    #[test]
    fn refusals_say_what_the_file_is_not() {
        assert_eq!(
            Refused::LongLine(3).to_string(),
            "line 3 is longer than 64 KiB: not a book or dictionary, whose lines are short"
        );
        assert_eq!(
            Refused::TooLarge.to_string(),
            "it is larger than 128 MiB: not a book or dictionary (the largest, the complete \
             Qubic dictionary, is 70 MB)"
        );
        assert_eq!(Refused::NotText(2).to_string(), "line 2 is not UTF-8 text");
    }

    fn lines(input: &[u8], cap: usize) -> Vec<Result<String, Line>> {
        let mut input = BufReader::with_capacity(4, Cursor::new(input.to_vec()));
        let mut line = Vec::new();
        let mut out = Vec::new();
        loop {
            match read_line(&mut input, &mut line, cap).unwrap() {
                Line::End => return out,
                Line::Read => out.push(Ok(String::from_utf8(line.clone()).unwrap())),
                Line::TooLong => {
                    out.push(Err(Line::TooLong));
                    skip_line(&mut input).unwrap();
                }
            }
        }
    }

    #[test]
    fn lines_come_without_their_newline_and_the_last_may_lack_one() {
        assert_eq!(
            lines(b"ab\n\ncdefgh\nij", 10),
            [
                Ok("ab".into()),
                Ok(String::new()),
                Ok("cdefgh".into()),
                Ok("ij".into())
            ]
        );
        assert_eq!(lines(b"", 10), []);
    }

    #[test]
    fn a_line_over_the_cap_is_refused_skipped_and_the_next_one_read() {
        assert_eq!(
            lines(b"0123456789\n0123456789x\nok\n", 10),
            [Ok("0123456789".into()), Err(Line::TooLong), Ok("ok".into())]
        );
        // Refused as soon as it passes the cap: the rest is still unread.
        let mut input = BufReader::with_capacity(4, Cursor::new(b"0123456789abc\nz".to_vec()));
        let mut line = Vec::new();
        assert_eq!(read_line(&mut input, &mut line, 5).unwrap(), Line::TooLong);
        assert!(line.is_empty());
        let mut rest = String::new();
        input.read_to_string(&mut rest).unwrap();
        assert!(rest.ends_with("abc\nz"), "{rest}");
    }

    #[test]
    fn a_file_with_a_huge_line_is_refused_by_line_number() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("book.txt");
        let text = format!("# fine\n{}\n", "x".repeat(LINE_CAP + 1));
        std::fs::write(&path, text).unwrap();
        let error = read_text_file(&path).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(
            error
                .to_string()
                .starts_with("line 2 is longer than 64 KiB"),
            "{error}"
        );
    }

    #[test]
    fn a_file_reads_back_whole_with_a_newline_after_each_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("book.txt");
        std::fs::write(&path, "a\r\nb\n\nc").unwrap();
        assert_eq!(read_text_file(&path).unwrap(), "a\r\nb\n\nc\n");
        std::fs::write(&path, b"ok\n\xff\n").unwrap();
        let error = read_text_file(&path).unwrap_err();
        assert_eq!(error.to_string(), "line 2 is not UTF-8 text");
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_device_is_refused_at_the_line_cap() {
        let error = read_text_file(Path::new("/dev/zero")).unwrap_err();
        assert!(error.to_string().starts_with("line 1 is longer"), "{error}");
    }
}

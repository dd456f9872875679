//! Reading without trusting what is read: a line at a time with a cap on its length, and
//! whole regular files with caps on their size and lines for each kind of file. A FIFO or
//! `/dev/zero` is refused before it is read, a file of a gigabyte by its size.

use std::fs::{File, Metadata};
use std::io::{self, BufRead, Read};
use std::path::Path;

/// The longest line read: far over any request or book line (the longest position, an
/// extreme one, is under 300 bytes).
pub const LINE_CAP: usize = 64 * 1024;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Line {
    Read,
    /// The input ended before any byte of a line.
    End,
    /// The buffer is empty and the rest of the line is still to be read or skipped.
    TooLong,
}

/// Reads the next line into `line`, without its newline; a line longer than `cap` stops
/// the read as soon as it passes the cap.
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

/// Read again when a signal interrupts the read.
fn fill(input: &mut impl BufRead) -> io::Result<&[u8]> {
    while let Err(e) = input.fill_buf() {
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
    // The bytes the last call buffered; only at the input's end is the input asked again.
    input.fill_buf()
}

/// The rest of a line, its newline included.
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

/// A kind of file read whole. The caps sit far above any real file of the kind, so only a
/// damaged or hostile one meets them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Kind {
    /// As in "not a book or dictionary".
    pub name: &'static str,
    /// How large real ones get, said when one is refused as too large.
    pub largest: &'static str,
    pub file_cap: u64,
    pub line_cap: usize,
}

pub const BOOK: Kind = Kind {
    name: "a book or dictionary",
    largest: "the largest, the complete Qubic dictionary, is 70 MB",
    file_cap: 128 * 1024 * 1024,
    line_cap: LINE_CAP,
};

/// Line numbers are 1-based.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Refused {
    #[error(
        "line {line} is longer than {}: not {}, whose lines are short",
        size(.kind.line_cap as u64),
        .kind.name
    )]
    LongLine { line: usize, kind: Kind },
    #[error("it is larger than {}: not {} ({})", size(.0.file_cap), .0.name, .0.largest)]
    TooLarge(Kind),
    #[error("line {0} is not UTF-8 text")]
    NotText(usize),
    #[error("it is {0}, not a regular file")]
    NotAFile(&'static str),
}

/// `64 KiB`, `4 MiB`.
fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1024 * 1024 => format!("{} MiB", b / (1024 * 1024)),
        b => format!("{} KiB", b / 1024),
    }
}

fn refused(why: Refused) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, why)
}

pub fn refusal(e: &io::Error) -> Option<&Refused> {
    e.get_ref()?.downcast_ref()
}

fn check(metadata: &Metadata, kind: &Kind) -> io::Result<()> {
    if !metadata.is_file() {
        return Err(refused(Refused::NotAFile(what_it_is(metadata))));
    }
    if metadata.len() > kind.file_cap {
        return Err(refused(Refused::TooLarge(*kind)));
    }
    Ok(())
}

fn what_it_is(metadata: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = metadata.file_type();
        if kind.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if metadata.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

#[cfg(unix)]
fn open_without_waiting(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    File::options()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_waiting(path: &Path) -> io::Result<File> {
    File::open(path)
}

/// The one way the program reads a file whole. Anything but a regular file within the size
/// cap is refused by its metadata before it is opened (a FIFO's open waits for a writer; a
/// device may act on being opened), and again after, in case it was swapped in between;
/// never more than the cap is read, even if the file grows. A refusal is an `InvalidData`
/// error carrying [`Refused`]: callers name the file.
pub fn read_file(path: &Path, kind: &Kind) -> io::Result<Vec<u8>> {
    check(&std::fs::metadata(path)?, kind)?;
    let file = open_without_waiting(path)?;
    check(&file.metadata()?, kind)?;
    let mut bytes = Vec::new();
    file.take(kind.file_cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > kind.file_cap {
        return Err(refused(Refused::TooLarge(*kind)));
    }
    Ok(bytes)
}

/// UTF-8, each line within the kind's line cap.
pub fn read_text_file(path: &Path, kind: &Kind) -> io::Result<String> {
    let bytes = read_file(path, kind)?;
    if let Some(long) = bytes
        .split(|&b| b == b'\n')
        .position(|line| line.len() > kind.line_cap)
    {
        let line = long + 1;
        return Err(refused(Refused::LongLine { line, kind: *kind }));
    }
    String::from_utf8(bytes).map_err(|e| {
        let before = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let newlines = before.iter().filter(|&&b| b == b'\n').count();
        refused(Refused::NotText(newlines + 1))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor};

    #[test]
    fn refusals_say_what_the_file_is_not() {
        assert_eq!(
            Refused::LongLine {
                line: 3,
                kind: BOOK
            }
            .to_string(),
            "line 3 is longer than 64 KiB: not a book or dictionary, whose lines are short"
        );
        assert_eq!(
            Refused::TooLarge(BOOK).to_string(),
            "it is larger than 128 MiB: not a book or dictionary (the largest, the complete \
             Qubic dictionary, is 70 MB)"
        );
        assert_eq!(Refused::NotText(2).to_string(), "line 2 is not UTF-8 text");
        assert_eq!(
            Refused::NotAFile("a device").to_string(),
            "it is a device, not a regular file"
        );
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
        let error = read_text_file(&path, &BOOK).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(
            error
                .to_string()
                .starts_with("line 2 is longer than 64 KiB"),
            "{error}"
        );
    }

    #[test]
    fn a_file_reads_back_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("book.txt");
        std::fs::write(&path, "a\r\nb\n\nc").unwrap();
        assert_eq!(read_text_file(&path, &BOOK).unwrap(), "a\r\nb\n\nc");
        std::fs::write(&path, b"ok\n\xff\n").unwrap();
        let error = read_text_file(&path, &BOOK).unwrap_err();
        assert_eq!(error.to_string(), "line 2 is not UTF-8 text");
    }

    #[test]
    fn a_file_over_its_cap_is_refused_by_its_size() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.txt");
        std::fs::write(&path, "x\n".repeat(600)).unwrap();
        let small = Kind {
            file_cap: 1024,
            ..BOOK
        };
        let error = read_file(&path, &small).unwrap_err().to_string();
        assert!(error.starts_with("it is larger than 1 KiB"), "{error}");
    }

    /// A device, a directory or a FIFO is refused before anything waits on it.
    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_opened() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.unwrap().success());
        for (path, what) in [
            (Path::new("/dev/zero"), "a device"),
            (dir.path(), "a directory"),
            (fifo.as_path(), "a named pipe (FIFO)"),
        ] {
            let error = read_file(path, &BOOK).unwrap_err().to_string();
            assert_eq!(error, format!("it is {what}, not a regular file"));
        }
    }
}

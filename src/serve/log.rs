use std::io::Write;
use std::time::SystemTime;

/// A line on the server's terminal, with the time.
pub fn log(line: &str) {
    let (_, time) = crate::record::utc(SystemTime::now());
    let _ = writeln!(std::io::stderr().lock(), "{time} {line}");
}

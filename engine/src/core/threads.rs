//! Starting threads the system may refuse (a limit on processes, too little memory) with
//! an error rather than a panic. Work that can run on fewer threads does, and the first
//! such fallback is noted ([`note_fewer`]) for the command line to tell once.

use std::io;
use std::sync::{Mutex, PoisonError};
use std::thread::{self, JoinHandle, Scope, ScopedJoinHandle};

#[derive(Debug, thiserror::Error)]
#[error("could not start {what}: {source}{}", limit_note(.source))]
pub struct SpawnError {
    /// "the bot thread".
    pub what: String,
    pub source: io::Error,
}

/// EAGAIN (`WouldBlock`) is what a limit on processes gives; say so, the code alone says
/// little.
fn limit_note(source: &io::Error) -> &'static str {
    if source.kind() == io::ErrorKind::WouldBlock {
        " (the system allows no more threads; see `ulimit -u`)"
    } else {
        ""
    }
}

/// `what` says what the thread is for in the error.
pub fn spawn<T, F>(name: &str, what: &str, work: F) -> Result<JoinHandle<T>, SpawnError>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    let builder = thread::Builder::new().name(name.into());
    builder.spawn(work).map_err(spawn_error(what))
}

fn spawn_error(what: &str) -> impl FnOnce(io::Error) -> SpawnError {
    let what = what.to_string();
    |source| SpawnError { what, source }
}

pub fn spawn_scoped<'scope, 'env, T, F>(
    scope: &'scope Scope<'scope, 'env>,
    name: &str,
    what: &str,
    work: F,
) -> Result<ScopedJoinHandle<'scope, T>, SpawnError>
where
    F: FnOnce() -> T + Send + 'scope,
    T: Send + 'scope,
{
    let builder = thread::Builder::new().name(name.into());
    builder.spawn_scoped(scope, work).map_err(spawn_error(what))
}

/// A rayon pool on every core. Building one explicitly is the only way to hear that its
/// threads cannot start: rayon's global pool, built on first use, panics instead.
pub fn pool() -> Result<rayon::ThreadPool, SpawnError> {
    rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("rayon-{i}"))
        .build()
        .map_err(|e| SpawnError {
            what: "a pool of worker threads".into(),
            source: system_error(&e),
        })
}

/// The system's error inside rayon's, as an `io::Error` of its own (rayon's cannot be
/// taken apart), so the message reads as any other refused thread's.
fn system_error(error: &rayon::ThreadPoolBuildError) -> io::Error {
    let inner = std::error::Error::source(error).and_then(|s| s.downcast_ref::<io::Error>());
    match inner {
        Some(inner) => match inner.raw_os_error() {
            Some(code) => io::Error::from_raw_os_error(code),
            None => io::Error::new(inner.kind(), inner.to_string()),
        },
        None => io::Error::other(error.to_string()),
    }
}

static FEWER: Mutex<Option<String>> = Mutex::new(None);

/// `instead` says how ("the search runs on fewer threads"). Only the first note is kept:
/// one refusal usually brings more, and they say the same.
pub fn note_fewer(error: &SpawnError, instead: &str) {
    let mut fewer = FEWER.lock().unwrap_or_else(PoisonError::into_inner);
    if fewer.is_none() {
        *fewer = Some(format!("{error}; {instead}"));
    }
}

pub fn fewer_note() -> Option<String> {
    FEWER.lock().unwrap_or_else(PoisonError::into_inner).clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_thread_says_what_it_was_for_and_why() {
        let error = SpawnError {
            what: "the bot thread".into(),
            source: io::Error::from(io::ErrorKind::WouldBlock),
        };
        let text = error.to_string();
        assert!(
            text.starts_with("could not start the bot thread: "),
            "{text}"
        );
        assert!(text.ends_with("(the system allows no more threads; see `ulimit -u`)"));
        let other = SpawnError {
            what: "x".into(),
            source: io::Error::other("no"),
        };
        assert_eq!(other.to_string(), "could not start x: no");
        let source = std::error::Error::source(&other).map(ToString::to_string);
        assert_eq!(source.as_deref(), Some("no"));
    }

    #[test]
    fn threads_that_start_run_their_work() {
        let handle = spawn("t", "a test thread", || 6 * 7).unwrap();
        assert_eq!(handle.join().unwrap(), 42);
        let answer = thread::scope(|s| {
            spawn_scoped(s, "t", "a test thread", || 42)
                .unwrap()
                .join()
                .unwrap()
        });
        assert_eq!(answer, 42);
        assert!(pool().unwrap().install(rayon::current_num_threads) >= 1);
    }
}

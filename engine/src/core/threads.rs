//! Starting threads the system may refuse (a limit on processes, too little memory).
//!
//! Every thread is started through [`spawn`], [`spawn_scoped`] or [`pool`], which return an
//! error rather than panic. Where the work can run on fewer threads (a search, the games of a
//! tournament, a verification) it does, and the first such fallback is noted here with
//! [`note_fewer`] for the command line to tell once ([`fewer_note`]); where it cannot (the
//! terminal game's own threads) the caller says what failed and stops.

use std::io;
use std::sync::{Mutex, PoisonError};
use std::thread::{self, JoinHandle, Scope, ScopedJoinHandle};

/// A thread that could not start: what it was for and the system's reason.
#[derive(Debug, thiserror::Error)]
#[error("could not start {what}: {source}{}", limit_note(.source))]
pub struct SpawnError {
    /// What the thread was for, as a message names it: "the bot thread".
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

/// Starts a thread named `name`; `what` says what it is for in the error.
pub fn spawn<T, F>(name: &str, what: &str, work: F) -> Result<JoinHandle<T>, SpawnError>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    thread::Builder::new()
        .name(name.into())
        .spawn(work)
        .map_err(|source| SpawnError {
            what: what.into(),
            source,
        })
}

/// Starts a thread of `scope` named `name`; `what` says what it is for in the error.
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
    thread::Builder::new()
        .name(name.into())
        .spawn_scoped(scope, work)
        .map_err(|source| SpawnError {
            what: what.into(),
            source,
        })
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

/// The first fallback to fewer threads of this process, as one sentence.
static FEWER: Mutex<Option<String>> = Mutex::new(None);

/// Notes that work meant for more threads goes on with fewer because `error`; `instead`
/// says how ("the search runs on fewer threads"). Only the first note is kept: one refusal
/// usually brings more, and they say the same.
pub fn note_fewer(error: &SpawnError, instead: &str) {
    let mut fewer = FEWER.lock().unwrap_or_else(PoisonError::into_inner);
    if fewer.is_none() {
        *fewer = Some(format!("{error}; {instead}"));
    }
}

/// The note of the first fallback to fewer threads, if any work had to.
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

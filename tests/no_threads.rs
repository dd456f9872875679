//! The real binary where the system refuses every new thread, as a limit on processes does
//! (`prlimit --nproc=1`): each command either goes on with the threads it has (a search, a
//! tournament, a verification, on the calling thread) or says in one line what could not
//! start and exits 1 (the terminal game, leaving the terminal and the saved game as they
//! were). Never a panic.
//!
//! `RLIMIT_NPROC` cannot do it here: the kernel does not apply it to root, and the tests
//! (and CI) may run as root. So the child gets a seccomp filter instead, which makes the
//! kernel answer every request for a thread with EAGAIN, the very error a process limit
//! gives: `clone` with `CLONE_THREAD` fails, and `clone3` (whose flags a filter cannot
//! read) reports itself missing so that the C library falls back to `clone`. Processes and
//! everything else are untouched.

// Setting a process limit or a seccomp filter in the child takes libc, unsafe by nature.
#![allow(unsafe_code)]
#![cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]

mod common;

use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Output, Stdio};

use common::{stderr, stdout};
use tictaclatin::config::Mode;
use tictaclatin::core::session::Resumed;
use tictaclatin::core::{Difficulty, Game, Side};
use tictaclatin::games::latin::adapter::Latin;
use tictaclatin::store::{SavedGame, Store};

/// The kernel's name for this machine's system-call convention (`AUDIT_ARCH_*`).
#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: u32 = 0xC000_003E;
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: u32 = 0xC000_00B7;

/// Offsets into the kernel's `struct seccomp_data`: the call's number, the architecture,
/// the low half of the first argument (little-endian: clone's flags).
const NR: u32 = 0;
const ARCH: u32 = 4;
const ARG0: u32 = 16;

fn statement(code: u32, k: u32) -> libc::sock_filter {
    libc::sock_filter {
        code: code as u16,
        jt: 0,
        jf: 0,
        k,
    }
}

fn jump(code: u32, k: u32, jt: u8, jf: u8) -> libc::sock_filter {
    libc::sock_filter {
        code: code as u16,
        jt,
        jf,
        k,
    }
}

/// Installs the filter in the calling process (the child, between fork and exec).
fn refuse_new_threads() -> io::Result<()> {
    use libc::{BPF_ABS, BPF_JEQ, BPF_JMP, BPF_JSET, BPF_K, BPF_LD, BPF_RET, BPF_W};
    let allow = libc::SECCOMP_RET_ALLOW;
    let errno = |e: i32| libc::SECCOMP_RET_ERRNO | e as u32;
    let load = |offset| statement(BPF_LD | BPF_W | BPF_ABS, offset);
    let filter = [
        /* 0 */ load(ARCH),
        /* 1 */ jump(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH, 1, 0),
        /* 2 */ statement(BPF_RET | BPF_K, allow),
        /* 3 */ load(NR),
        /* 4 */ jump(BPF_JMP | BPF_JEQ | BPF_K, libc::SYS_clone3 as u32, 0, 1),
        /* 5 */ statement(BPF_RET | BPF_K, errno(libc::ENOSYS)),
        /* 6 */ jump(BPF_JMP | BPF_JEQ | BPF_K, libc::SYS_clone as u32, 0, 3),
        /* 7 */ load(ARG0),
        /* 8 */ jump(BPF_JMP | BPF_JSET | BPF_K, libc::CLONE_THREAD as u32, 0, 1),
        /* 9 */ statement(BPF_RET | BPF_K, errno(libc::EAGAIN)),
        /* 10 */ statement(BPF_RET | BPF_K, allow),
    ];
    let program = libc::sock_fprog {
        len: filter.len() as u16,
        filter: filter.as_ptr() as *mut libc::sock_filter,
    };
    // SAFETY: plain system calls on this process; `program` points at `filter`, alive for
    // the call. No allocation happens here (this runs between fork and exec).
    unsafe {
        let (one, none): (libc::c_ulong, libc::c_ulong) = (1, 0);
        let mode = libc::c_ulong::from(libc::SECCOMP_MODE_FILTER);
        let program: *const libc::sock_fprog = &program;
        if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, one, none, none, none) != 0
            || libc::prctl(libc::PR_SET_SECCOMP, mode, program, none, none) != 0
        {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// The binary with `args`, isolated as `common::tictaclatin` does, unable to start threads.
fn without_threads(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tictaclatin"));
    command
        .args(args)
        .env("TICTACLATIN_DATA_DIR", "/nonexistent/never-written")
        .env("TICTACLATIN_CONFIG", "/nonexistent/config.toml")
        .stdin(Stdio::null());
    // SAFETY: the hook only makes system calls (see `refuse_new_threads`).
    unsafe {
        command.pre_exec(refuse_new_threads);
    }
    command
}

fn run_without_threads(args: &[&str]) -> Output {
    without_threads(args).output().expect("the binary runs")
}

/// Nothing on stderr looks like a panic.
fn no_panic(args: &[&str], out: &Output) {
    let err = stderr(out);
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{args:?}: {err}"
    );
}

/// The filter does what the tests rely on: a thread is refused with EAGAIN, and the same
/// command runs without it (so a failure below is the program's, not the harness's).
#[test]
fn the_harness_refuses_threads_and_nothing_else() {
    let args = [
        "tournament",
        "--first",
        "random",
        "--second",
        "greedy",
        "--games",
        "20",
        "--threads",
        "2",
    ];
    let free = common::tictaclatin(&args);
    assert!(free.status.success(), "{}", stderr(&free));
    assert!(
        !stderr(&free).contains("could not start"),
        "{}",
        stderr(&free)
    );
    let refused = run_without_threads(&args);
    assert!(
        stderr(&refused).contains("could not start a tournament thread"),
        "{}",
        stderr(&refused)
    );
}

/// `move --game extreme` searches on the calling thread when no other may start: the
/// analysis's jobs all run there (its answer does not depend on the threads), and the note
/// says so once.
#[test]
fn an_extreme_search_runs_on_the_calling_thread() {
    let position = format!("{} - x", "-".repeat(256));
    let args = [
        "move",
        "--game",
        "extreme",
        "--bot-time",
        "50",
        "--threads",
        "4",
        &position,
    ];
    let out = run_without_threads(&args);
    no_panic(&args, &out);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.contains("(depth "), "{text}");
    let err = stderr(&out);
    assert!(
        err.contains("note: could not start an analysis thread"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A tournament plays every game on the calling thread.
#[test]
fn a_tournament_plays_on_the_calling_thread() {
    let args = [
        "tournament",
        "--first",
        "random",
        "--second",
        "greedy",
        "--games",
        "40",
        "--threads",
        "4",
    ];
    let out = run_without_threads(&args);
    no_panic(&args, &out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("40 games"), "{}", stdout(&out));
    let err = stderr(&out);
    // Ctrl-C is caught without a thread: the run still stops with its results.
    assert!(!err.contains("Ctrl-C will end the run at once"), "{err}");
    assert!(
        err.contains("note: could not start a tournament thread"),
        "{err}"
    );
    // The same games as with threads: the seed decides them, not the threads.
    let free = common::tictaclatin(&args);
    assert_eq!(stdout(&free), stdout(&out));
}

/// Qubic's dictionary is verified on the calling thread, with the same result.
#[test]
fn a_dictionary_is_verified_on_the_calling_thread() {
    let small = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/classic/seed002-4x4-three.txt"
    );
    let args = [
        "book",
        "verify",
        "--game",
        "classic",
        "--size",
        "4",
        "--in-a-row",
        "3",
        small,
    ];
    let out = run_without_threads(&args);
    no_panic(&args, &out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("note: could not start a pool of worker threads"),
        "{}",
        stderr(&out)
    );
    let free = common::tictaclatin(&args);
    let figures = |text: &str| text.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(figures(&stdout(&out)), figures(&stdout(&free)));
}

/// The terminal game, whose bot and input need threads of their own, says in one line what
/// could not start and exits 1, in a real pseudo-terminal: the terminal is left as it was
/// (no alternate screen, not raw), and the saved unfinished game is kept as it was.
#[test]
fn the_terminal_game_says_what_failed_and_keeps_the_saved_game() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data");
    let store = Store::new(data.clone(), true);
    let saved = SavedGame::new(
        "latin",
        Resumed {
            weakest: Some(Difficulty::Hard),
            ..Resumed::new(Mode::VsBot, Some(Side::First), Difficulty::Hard)
        },
        ["b2", "c3"]
            .iter()
            .map(|c| Latin.parse_cell(c).unwrap().into())
            .collect(),
    );
    store.save_game(&saved).unwrap();
    let before = snapshot(&data);

    let (master, slave) = open_pty();
    let mut command = without_threads(&["--game", "latin"]);
    command
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env_remove("TICTACLATIN_CONFIG")
        .env("TICTACLATIN_DATA_DIR", &data)
        .env("TERM", "xterm-256color")
        .stdin(Stdio::from(slave.try_clone().unwrap()))
        .stdout(Stdio::from(slave.try_clone().unwrap()))
        .stderr(Stdio::piped());
    // SAFETY: only system calls: a session of its own with the terminal as its controlling
    // terminal, as a shell gives a program it starts.
    unsafe {
        command.pre_exec(|| {
            if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let child = command.spawn().expect("the game starts");
    drop(command); // its copies of the terminal's slave end, so reading the master can end
    let out = within_a_minute(child);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("tictaclatin: could not start the bot thread: ")
            && err.contains("the game cannot run without it"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    // The terminal is as it was: still line by line with echo (not raw)...
    let mut modes = std::mem::MaybeUninit::<libc::termios>::zeroed();
    // SAFETY: tcgetattr fills the struct from an open terminal descriptor.
    let modes = unsafe {
        assert_eq!(libc::tcgetattr(slave.as_raw_fd(), modes.as_mut_ptr()), 0);
        modes.assume_init()
    };
    assert_ne!(modes.c_lflag & libc::ICANON, 0, "raw mode was left on");
    assert_ne!(modes.c_lflag & libc::ECHO, 0, "echo was left off");
    // ...and every screen it switched to was left again.
    drop(slave);
    let shown = read_all(master);
    let enters = shown.matches("\u{1b}[?1049h").count();
    let leaves = shown.matches("\u{1b}[?1049l").count();
    assert!(leaves >= enters, "{shown:?}");
    // The saved game is untouched.
    assert_eq!(snapshot(&data), before);
    assert_eq!(store.load_game("latin").value, Some(saved));
}

/// The child's output once it ends; killed, and the test failed, if it runs a minute (a
/// game that opened after all would wait for keys forever).
fn within_a_minute(child: std::process::Child) -> Output {
    let pid = child.id() as libc::pid_t;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(child.wait_with_output()));
    match rx.recv_timeout(std::time::Duration::from_secs(60)) {
        Ok(out) => out.unwrap(),
        Err(_) => {
            // SAFETY: a pid we started and nobody has reaped yet.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            panic!("the game was still running after a minute");
        }
    }
}

/// Every file under `dir` with its bytes, sorted by name.
fn snapshot(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap_or_default();
            (path.display().to_string(), bytes)
        })
        .collect();
    files.sort();
    files
}

/// A pseudo-terminal of 30 x 100: its master and slave ends.
fn open_pty() -> (OwnedFd, OwnedFd) {
    let (mut master, mut slave) = (-1, -1);
    let size = libc::winsize {
        ws_row: 30,
        ws_col: 100,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two descriptors we then own; the other pointers may be null.
    unsafe {
        let opened = libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        );
        assert_eq!(opened, 0, "{}", io::Error::last_os_error());
        (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave))
    }
}

/// Everything written to the terminal, once every slave end is closed (the read then ends
/// with EIO).
fn read_all(master: OwnedFd) -> String {
    let mut bytes = Vec::new();
    let mut file = std::fs::File::from(master);
    let mut buffer = [0; 4096];
    while let Ok(n) = file.read(&mut buffer) {
        if n == 0 {
            break;
        }
        bytes.extend_from_slice(&buffer[..n]);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

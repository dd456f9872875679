//! What a player's screen is to receive, between the thread that draws it and the task that
//! sends it over SSH: the drawing never waits on the network, and a player whose link
//! cannot keep up is let go rather than kept in memory without end.

use std::io;
use std::sync::{Mutex, PoisonError};

use tokio::sync::Notify;

/// Screen output not yet sent beyond this, the player's link is too slow to play on.
pub const MAX_UNSENT: usize = 1 << 20;

#[derive(Default)]
pub(crate) struct Outbox {
    unsent: Mutex<Unsent>,
    ready: Notify,
}

#[derive(Default)]
struct Unsent {
    bytes: Vec<u8>,
    /// Nothing more will come: send what is left, then close.
    closing: bool,
    /// Someone is still there to read the last bytes (not when their link is gone).
    read: bool,
}

impl Outbox {
    /// Queues `bytes` for sending; an error when more than [`MAX_UNSENT`] would wait.
    pub fn push(&self, bytes: &[u8]) -> io::Result<()> {
        let mut unsent = self.unsent.lock().unwrap_or_else(PoisonError::into_inner);
        if unsent.bytes.len() + bytes.len() > MAX_UNSENT {
            let slow = "the connection is too slow to keep up with the game";
            return Err(io::Error::other(slow));
        }
        unsent.bytes.extend_from_slice(bytes);
        drop(unsent);
        self.ready.notify_one();
        Ok(())
    }

    /// Nothing more will be pushed: the sender sends what waits, then ends; `read` when
    /// someone is still there to read it.
    pub fn close(&self, read: bool) {
        let mut unsent = self.unsent.lock().unwrap_or_else(PoisonError::into_inner);
        unsent.closing = true;
        unsent.read = read;
        drop(unsent);
        self.ready.notify_one();
    }

    /// Whether the last bytes, once sent, are read by someone (after [`Outbox::close`]).
    pub fn read_to_the_end(&self) -> bool {
        self.unsent
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .read
    }

    /// The bytes waiting, as soon as there are some; `None` once closed and all sent.
    pub async fn next(&self) -> Option<Vec<u8>> {
        loop {
            {
                let mut unsent = self.unsent.lock().unwrap_or_else(PoisonError::into_inner);
                if !unsent.bytes.is_empty() {
                    return Some(std::mem::take(&mut unsent.bytes));
                }
                if unsent.closing {
                    return None;
                }
            }
            self.ready.notified().await;
        }
    }
}

/// The terminal the game draws on: ratatui's output collected and handed to the outbox at
/// each flush (once a frame).
pub(crate) struct Screen {
    frame: Vec<u8>,
    outbox: std::sync::Arc<Outbox>,
}

impl Screen {
    pub fn new(outbox: std::sync::Arc<Outbox>) -> Screen {
        Screen {
            frame: Vec::new(),
            outbox,
        }
    }
}

impl io::Write for Screen {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.frame.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.frame.is_empty() {
            return Ok(());
        }
        let sent = self.outbox.push(&self.frame);
        self.frame.clear();
        sent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn bytes_come_out_in_order_then_the_end() {
        let outbox = Outbox::default();
        outbox.push(b"ab").unwrap();
        outbox.push(b"c").unwrap();
        assert_eq!(outbox.next().await.as_deref(), Some(&b"abc"[..]));
        outbox.push(b"d").unwrap();
        outbox.close(true);
        assert_eq!(outbox.next().await.as_deref(), Some(&b"d"[..]));
        assert_eq!(outbox.next().await, None);
    }

    #[test]
    fn a_link_that_cannot_keep_up_is_refused_more() {
        let outbox = Outbox::default();
        outbox.push(&vec![0; MAX_UNSENT]).unwrap();
        assert!(outbox.push(b"x").is_err());
    }
}

//! What every connection of the server shares.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use russh::keys::PublicKey;
use russh::server::Handle;
use russh::{ChannelId, MethodSet};
use tokio::sync::Notify;

use super::limits::Slot;
use super::outbox::Outbox;
use super::rooms::Rooms;
use crate::config::Settings;

/// What every connection shares.
pub struct Server {
    pub code: Option<String>,
    /// The one way in: the code (password) or a listed key.
    pub methods: MethodSet,
    pub keys: Vec<PublicKey>,
    /// Any key gets in.
    pub open: bool,
    pub rooms: Arc<Rooms>,
    pub settings: Settings,
    pub idle: Duration,
    /// Connections still open: a stopping server waits (a little) for their clients to
    /// read their last words and close.
    pub connections: Arc<Pending>,
}

/// A count that can be waited on to reach zero.
#[derive(Default)]
pub struct Pending {
    count: AtomicUsize,
    zero: Notify,
}

impl Pending {
    pub fn up(&self) {
        self.count.fetch_add(1, Ordering::SeqCst);
    }

    pub fn down(&self) {
        if self.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.zero.notify_waiters();
        }
    }

    pub async fn until_zero(&self) {
        loop {
            let zero = self.zero.notified();
            if self.count.load(Ordering::SeqCst) == 0 {
                return;
            }
            zero.await;
        }
    }
}

/// How long a screen that is not read may hold up its connection before it is cut.
const SEND_PATIENCE: Duration = Duration::from_secs(30);

/// How long the last words of a connection whose game ended may take, and how long after
/// them the client has to close the connection.
pub const GOODBYE: Duration = Duration::from_secs(5);

/// Sends a person's screen as the game draws it, and closes their connection after its
/// last bytes (a connection whose game ended keeps no place); a connection that does
/// not read its screen is cut.
pub fn send_screen(handle: Handle, channel: ChannelId, outbox: Arc<Outbox>, slot: Arc<Slot>) {
    tokio::spawn(async move {
        while let Some(bytes) = outbox.next().await {
            let sent = tokio::time::timeout(SEND_PATIENCE, handle.data(channel, bytes)).await;
            if !matches!(sent, Ok(Ok(()))) {
                slot.cut();
                break;
            }
        }
        if outbox.read_to_the_end() {
            let goodbye = async {
                let _ = handle.exit_status_request(channel, 0).await;
                let _ = handle.eof(channel).await;
                let _ = handle.close(channel).await;
            };
            let _ = tokio::time::timeout(GOODBYE, goodbye).await;
            slot.cut_after(GOODBYE);
        } else {
            slot.cut(); // its link or channel is gone: nothing to wait for
        }
    });
}

//! What every screen reads and may change ([`Shared`]): the settings, the memory of earlier
//! runs, the engines the bot thread built, the status line and the clock. It knows no
//! screen, so each screen's keys can take it beside their own state.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use crate::config::Settings;
use crate::core::{Engine, Game, Watch};
use crate::keys::Action;
use crate::store::Memory;
use crate::tui::status::StatusLine;

/// What every screen reads and may change.
pub struct Shared {
    pub settings: Settings,
    pub memory: Memory,
    /// The engines the bot thread has built, by game key.
    pub engines: HashMap<String, Arc<dyn Engine>>,
    pub status: StatusLine,
    /// The time of the latest tick.
    pub now: Instant,
    /// The bot's searches as they go, shared with the bot thread; the move-now key stops one.
    pub watch: Arc<Watch>,
}

impl Shared {
    /// Nothing built, nothing said yet, at `now`.
    pub fn new(settings: Settings, memory: Memory, now: Instant) -> Shared {
        Shared {
            settings,
            memory,
            engines: HashMap::new(),
            status: StatusLine::default(),
            now,
            watch: Arc::default(),
        }
    }

    /// The engine of `game`, once the bot thread has built it.
    pub fn engine(&self, game: &dyn Game) -> Option<&dyn Engine> {
        self.engines.get(&game.key()).map(AsRef::as_ref)
    }

    /// The first key bound to an action, for messages.
    pub fn key(&self, action: Action) -> String {
        self.settings.keys.first_key(action)
    }
}

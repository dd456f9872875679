//! What every screen reads and may change.

use crate::config::Settings;
use crate::core::{Engine, Game, Watch};
use crate::keys::Action;
use crate::store::Memory;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

pub struct Shared {
    pub settings: Settings,
    pub memory: Memory,
    pub engines: HashMap<String, Arc<dyn Engine>>,
    pub status: StatusLine,
    pub now: Instant,
    /// The bot's searches as they go, shared with the bot thread; the move-now key stops one.
    pub watch: Arc<Watch>,
}

impl Shared {
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

    pub fn engine(&self, game: &dyn Game) -> Option<&dyn Engine> {
        self.engines.get(&game.key()).map(AsRef::as_ref)
    }

    pub fn key(&self, action: Action) -> String {
        self.settings.keys.first_key(action)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum StatusKind {
    #[default]
    Note,
    /// A move that could not be played; shown as an error.
    Illegal,
    /// Ends with the sentence saying whose turn it is, which starts at byte `turn_at`; when
    /// the bot is asked to move, "Bot is thinking…" replaces that sentence.
    Turn { turn_at: usize },
}

#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct StatusLine {
    pub kind: StatusKind,
    pub text: String,
}

impl StatusLine {
    pub fn note(text: impl Into<String>) -> StatusLine {
        StatusLine {
            kind: StatusKind::Note,
            text: text.into(),
        }
    }

    pub fn illegal(text: impl Into<String>) -> StatusLine {
        StatusLine {
            kind: StatusKind::Illegal,
            text: text.into(),
        }
    }

    /// `lead` (what just happened, possibly empty), then whose turn it is.
    pub fn turn(lead: &str, turn: &str) -> StatusLine {
        StatusLine {
            kind: StatusKind::Turn {
                turn_at: lead.len(),
            },
            text: format!("{lead}{turn}"),
        }
    }

    /// `more` after what the line says, which then no longer ends with whose turn it is.
    pub fn add(&mut self, more: &str) {
        *self = StatusLine::note(format!("{} {more}", self.text));
    }

    /// The same line with its turn sentence replaced by `turn`; `None` when it has none.
    pub fn with_turn(&self, turn: &str) -> Option<StatusLine> {
        match self.kind {
            StatusKind::Turn { turn_at } => Some(StatusLine::turn(&self.text[..turn_at], turn)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_turn_sentence_is_replaced() {
        let line = StatusLine::turn("You played b2. ", "Bot to move (O).");
        assert_eq!(line.text, "You played b2. Bot to move (O).");
        let thinking = line.with_turn("Bot is thinking…").unwrap();
        assert_eq!(thinking.text, "You played b2. Bot is thinking…");
        assert_eq!(StatusLine::note("Bot takes X.").with_turn("x"), None);
    }
}

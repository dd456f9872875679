//! The status line under the grid: its words and what kind of message it is, so neither
//! the renderer nor the app has to read the meaning back from the words.

/// What kind of message the status line holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum StatusKind {
    /// Anything else: a reply to a key, a result, a question.
    #[default]
    Note,
    /// A move that could not be played; shown as an error.
    Illegal,
    /// Ends with the sentence saying whose turn it is, which starts at byte `turn_at`; when
    /// the bot is asked to move, "Bot is thinking…" replaces that sentence.
    Turn { turn_at: usize },
}

/// The status line.
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

//! What the play and review screens' widgets read: the play screen, the shared state, and
//! which screen shows.

use crate::config::Mode;
use crate::core::review::{self, MoveReview};
use crate::core::{Difficulty, Position};
use crate::keys::Action;
use crate::tui::event::{GameMoves, Judged};
use crate::tui::screens::Screen;
use crate::tui::screens::play::{Online, PlayScreen};
use crate::tui::shared::Shared;

#[derive(Clone, Copy)]
pub struct PlayView<'a> {
    pub play: &'a PlayScreen,
    pub shared: &'a Shared,
    pub screen: Screen,
}

impl<'a> PlayView<'a> {
    /// In a demo whose second bot plays at its own level, that level.
    pub fn demo_second_level(&self) -> Option<Difficulty> {
        let session = &self.play.session;
        session
            .second_level
            .filter(|_| session.kept.mode == Mode::Demo)
    }

    /// The small boards the mover may play in now (extreme), in order; `None` without them.
    pub fn open_blocks(&self) -> Option<Vec<u8>> {
        let position = self.play.position();
        let game = self.play.game();
        if game.blocks(position).is_empty() || self.play.status().is_over() {
            return None;
        }
        let mut blocks: Vec<u8> = position
            .legal_moves()
            .into_iter()
            .filter_map(|mv| self.play.game().move_cell(position, mv))
            .map(|cell| game.place(cell).block)
            .collect();
        blocks.sort_unstable();
        blocks.dedup();
        Some(blocks)
    }

    pub fn review_shown(&self) -> Option<usize> {
        match self.screen {
            Screen::Review(review) => Some(review.shown()),
            _ => None,
        }
    }

    /// The position the screen shows: in review, the one after the move being looked at.
    pub fn shown_position(&self) -> &'a dyn Position {
        match self.screen {
            Screen::Review(review) => self.play.session.history.position_at(review.shown()),
            _ => self.play.position(),
        }
    }

    /// Whether a game-screen key does something in this mode and state (else no footer item).
    pub fn offers(&self, action: Action) -> bool {
        let (session, mode) = (&self.play.session, self.play.session.kept.mode);
        if self.play.online == Some(Online::Watcher) {
            return matches!(action, Action::Help | Action::Quit)
                || (action == Action::Review && session.status().is_over());
        }
        match action {
            Action::Undo | Action::Redo if session.timed_out().is_some() => false,
            // A puzzle is played against the perfect bot, from its side.
            Action::Swap | Action::Difficulty if self.play.puzzle.is_some() => false,
            Action::Place | Action::Undo | Action::Redo | Action::Swap => mode != Mode::Demo,
            Action::Difficulty => mode != Mode::TwoHumans,
            Action::Review => session.status().is_over(),
            Action::PlayOn | Action::WriteRecord => matches!(self.screen, Screen::Review(_)),
            // Only a search can be cut short; a solved game's bot answers from its table.
            Action::MoveNow => mode != Mode::TwoHumans && !self.play.game().solved(),
            _ => true,
        }
    }

    pub fn time_left(&self) -> Option<std::time::Duration> {
        let limit = self.shared.settings.move_limit?;
        let (started, ..) = self.play.turn_clock?;
        Some(limit.saturating_sub(self.shared.now.duration_since(started)))
    }

    pub fn game_moves(&self) -> GameMoves {
        GameMoves {
            game: self.play.session.game.key(),
            moves: self.play.history().moves().to_vec(),
        }
    }

    pub fn judged(&self) -> Option<&'a Judged> {
        let judged = self.play.judged.as_ref()?;
        (judged.of == self.game_moves()).then_some(judged)
    }

    pub fn judging(&self) -> bool {
        matches!(self.screen, Screen::Review(_))
            && !self.play.game().solved()
            && self.judged().is_none()
            && self.play.engine(self.shared).is_some()
    }

    /// The review of the move ending the shown position, in review mode.
    pub fn review(&self) -> Option<MoveReview> {
        let shown = self.review_shown()?;
        review::review_move(self.play.engine(self.shared)?, self.play.history(), shown)
    }
}

//! The game on the board as the screen showing draws it ([`PlayView`]): the play screen's
//! state, what every screen shares, and which screen shows (in review, the move shown).
//! What the play and review screens' widgets read (hints, the review's judgements, the
//! clock, the bot's search) is worked out here, from their states alone.

use crate::config::Mode;
use crate::core::review::{self, MoveReview};
use crate::core::{Difficulty, Hint, Move, Position};
use crate::keys::Action;
use crate::tui::event::{GameMoves, Judged};
use crate::tui::screens::Screen;
use crate::tui::screens::play::hints::{self, Advice};
use crate::tui::screens::play::{PlayScreen, SearchedHints};
use crate::tui::shared::Shared;

/// The moves of a hint's line the panel shows, the hinted move first.
const LINE_SHOWN: usize = 6;

/// The game on the board as the screen showing draws it.
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
        session.second_level.filter(|_| session.mode == Mode::Demo)
    }

    /// In a game of small boards closed once decided (extreme tic-tac-toe), those the mover
    /// may play in now, in order; `None` in a game without them or one that is over.
    pub fn open_blocks(&self) -> Option<Vec<u8>> {
        let position = self.play.position();
        let game = self.play.game();
        if game.blocks(position).is_empty() || self.play.status().is_over() {
            return None;
        }
        let mut blocks: Vec<u8> = position
            .legal_moves()
            .into_iter()
            .filter_map(|mv| self.play.landing(position, mv))
            .map(|cell| game.place(cell).block)
            .collect();
        blocks.sort_unstable();
        blocks.dedup();
        Some(blocks)
    }

    /// On the review screen, the number of moves shown (1 up to all).
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

    /// Whether a game-screen key does something in this mode and state, so the footer
    /// shows only those: no placing, undo or swap in the bot's demo, no level without a bot,
    /// no review before the end.
    pub fn offers(&self, action: Action) -> bool {
        match action {
            Action::Undo | Action::Redo if self.play.session.timed_out().is_some() => false,
            Action::Place | Action::Undo | Action::Redo | Action::Swap => {
                self.play.session.mode != Mode::Demo
            }
            Action::Difficulty => self.play.session.mode != Mode::TwoHumans,
            Action::Review => self.play.session.status().is_over(),
            Action::PlayOn | Action::WriteRecord => matches!(self.screen, Screen::Review(_)),
            // Only a search can be cut short; a solved game's bot answers from its table.
            Action::MoveNow => {
                self.play.session.mode != Mode::TwoHumans && !self.play.game().solved()
            }
            _ => true,
        }
    }

    /// With a contest clock, the time the person to move has left.
    pub fn time_left(&self) -> Option<std::time::Duration> {
        let limit = self.shared.settings.move_limit?;
        let (started, ..) = self.play.turn_clock?;
        Some(limit.saturating_sub(self.shared.now.duration_since(started)))
    }

    /// The panel's word on saving, when the game is not simply kept.
    pub fn saving_fact(&self) -> Option<String> {
        if !self.play.in_progress() {
            return None;
        }
        self.play.keeping.fact(&self.shared.memory)
    }

    /// What each legal move is worth to the side to move, when hints are on and known.
    pub fn hint_values(&self) -> Option<Vec<(Move, Hint)>> {
        if !self.hints_shown() {
            return None;
        }
        let engine = self.play.engine(self.shared)?;
        if engine.instant_hints() {
            return Some(engine.hints(self.play.position()));
        }
        let searched = self.searched_hints()?;
        Some(searched.hints.clone())
    }

    /// Hints are on, on the play screen, for a game still going: a game lost on time
    /// leaves moves on the board that nobody will play.
    fn hints_shown(&self) -> bool {
        self.play.hints && self.screen == Screen::Play && !self.play.status().is_over()
    }

    /// The searched hints, when they are for the position on the board.
    fn searched_hints(&self) -> Option<&'a SearchedHints> {
        let searched = self.play.searched_hints.as_ref()?;
        (searched.position == self.play.position().text()).then_some(searched)
    }

    /// The line behind the hint under the cursor, as the game names its moves, the move
    /// itself first; `None` without a hint there or a line known for it.
    pub fn hint_line(&self) -> Option<Vec<String>> {
        let mv = self.cursor_move()?;
        let hints = self.hint_values()?;
        if !hints.iter().any(|&(hinted, _)| hinted == mv) {
            return None;
        }
        let position = self.play.position();
        let searched = self.searched_hints().map(|searched| &searched.lines);
        let line = hints::line_from(self.play.engine(self.shared)?, position, mv, searched)?;
        Some(hints::names(self.play.game(), position, &line))
    }

    /// The hint under the cursor in words, with the line behind it: "c3 wins in 2 moves:
    /// c3 b2 d4".
    pub fn hint_text(&self) -> Option<String> {
        let mv = self.cursor_move()?;
        let (_, advice) = self.advice()?.into_iter().find(|&(m, _)| m == mv)?;
        let position = self.play.position();
        let opponent = self
            .play
            .name(position.to_move().other(), &self.shared.settings);
        let opponent = if opponent == "You" {
            "you".to_string()
        } else {
            opponent
        };
        let name = self.play.game().move_name(position, mv);
        let mut text = format!("{name} {}", advice.words(&opponent));
        if let Some(line) = self.hint_line().filter(|line| line.len() > 1) {
            let shown = line.len().min(LINE_SHOWN);
            let more = if line.len() > shown { " …" } else { "" };
            text += &format!(": {}{more}", line[..shown].join(" "));
        }
        Some(text)
    }

    /// The engine's own figure for the move under the cursor and, where a search gave the
    /// hints, how far it went: for the details view.
    pub fn engine_text(&self) -> Option<String> {
        let mv = self.cursor_move()?;
        let hints = self.hint_values()?;
        let (_, hint) = hints.into_iter().find(|&(m, _)| m == mv)?;
        let name = self.play.game().move_name(self.play.position(), mv);
        // A proven figure counts plies, as the script commands print it.
        let counted = hint.to_string().ends_with(|c: char| c.is_ascii_digit());
        let plies = if matches!(hint, Hint::Proven(_)) && counted {
            " plies"
        } else {
            ""
        };
        Some(match self.searched_hints() {
            Some(searched) => format!(
                "{name}: {hint}{plies} · depth {} · {} nodes",
                searched.lines.depth, searched.lines.nodes
            ),
            None => format!("{name}: {hint}{plies}"),
        })
    }

    /// The hints as the board shows them: proven results in moves, the bot's first
    /// choices, nothing else (see [`hints::advise`]).
    pub fn advice(&self) -> Option<Vec<(Move, Advice)>> {
        self.hint_values().map(|hints| hints::advise(&hints))
    }

    /// The move the cursor's cell makes.
    fn cursor_move(&self) -> Option<Move> {
        let play = self.play;
        play.game().move_at(play.position(), play.cursor)
    }

    /// The game on the board and its moves, as a review names them.
    pub fn game_moves(&self) -> GameMoves {
        GameMoves {
            game: self.play.session.game.key(),
            moves: self.play.history().moves().to_vec(),
        }
    }

    /// The searched review of the game on the board, once the bot's thread judged it.
    pub fn judged(&self) -> Option<&'a Judged> {
        let judged = self.play.judged.as_ref()?;
        (judged.of == self.game_moves()).then_some(judged)
    }

    /// On a searched board in review, the review's judgements are being worked out.
    pub fn judging(&self) -> bool {
        matches!(self.screen, Screen::Review(_))
            && !self.play.game().solved()
            && self.judged().is_none()
            && self.play.engine(self.shared).is_some()
    }

    /// The review of the move ending the shown position, in review mode.
    pub fn review(&self) -> Option<MoveReview> {
        let shown = self.review_shown()?;
        review::review_move(
            self.play.engine(self.shared)?,
            &self.play.session.history,
            shown,
        )
    }
}

//! The play screen: the game on the board, new, resumed, replayed or from a position.

mod bot_moves;
pub mod bot_turn;
pub mod draw;
pub mod hints;
pub mod keeping;
pub mod keys;
pub mod puzzle;
pub mod recording;
pub mod swap;
pub mod view;
pub mod words;

use std::sync::Arc;
use std::time::Instant;

use crate::config::{Mode, Settings};
use crate::core::session::{Controller, History, Session};
use crate::core::{CellId, Engine, Game, Move, Position, Side, Status};
use crate::store::SavedGame;
use crate::tui::event::{GameMoves, Judged, SearchedHints};
use crate::tui::geometry;
use crate::tui::screens::play::bot_turn::BotTurn;
use crate::tui::screens::play::keeping::Keeping;
use crate::tui::screens::start::menu::game_of;
use crate::tui::shared::{Shared, StatusLine};

pub struct PlayScreen {
    /// A game was started (the start screen can go back to it).
    pub has_game: bool,
    /// The game (or, before the first, the settings' choices).
    pub session: Session,
    pub cursor: CellId,
    /// The blocks are drawn one under another (Qubic's layers on a tall terminal): the
    /// arrows follow the picture. Set by the app, which knows the terminal's size.
    pub stacked: bool,
    pub hints: bool,
    /// The engine's own figures (search depth, scores, the line) show in the panel.
    pub details: bool,
    /// Moves were taken back after the game's result was recorded: its new end is not.
    pub practice: bool,
    pub typed: Option<Typed>,
    pub bot: BotTurn,
    /// How the bot found its last move ("dictionary", "forced win"), for the panel.
    pub bot_note: Option<String>,
    /// The puzzle being solved, when the game is one.
    pub puzzle: Option<puzzle::Solving>,
    /// In a game the person lost, their first move that made it worse, as the review
    /// judged it: the hint key tries the position before it as a puzzle.
    pub missed: Option<crate::core::review::MoveReview>,
    /// Why the bot took the side it chose, kept in the panel until the person's first move.
    pub side_note: Option<String>,
    pub searched_hints: Option<SearchedHints>,
    /// The position (its text) whose hints were asked for and are not yet back.
    pub hints_asked: Option<String>,
    /// The review the bot's thread judged last (on a searched board).
    pub judged: Option<Judged>,
    pub review_asked: Option<GameMoves>,
    /// With a contest clock: when the person to move began their turn (moves played, side).
    pub turn_clock: Option<(Instant, usize, Side)>,
    pub keeping: Keeping,
    /// The game was resumed from an earlier run (its choices were that run's).
    pub resumed: bool,
    /// The record on the board, when it is a kept game replayed: written as it was read.
    pub replayed: Option<Box<crate::record::Record>>,
    /// Played over the network (`tictaclatin serve`): who this screen is at the table.
    pub online: Option<Online>,
}

/// Who a screen of `tictaclatin serve` is at the room's table: its words and keys follow.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Online {
    /// Plays (or chooses the game): the keys are theirs, their seat is "You".
    Player,
    /// Watches a game of others: a watcher's keys change nothing.
    Watcher,
}

/// The start of a cell's name, waiting to learn whether the rest follows.
#[derive(Clone, Debug)]
pub struct Typed {
    pub text: String,
    /// The status line before the typing prompt, shown again when the name is dropped.
    pub status: StatusLine,
    /// The prompt shown while the name is typed, to know whether it still shows.
    pub prompt: String,
}

impl PlayScreen {
    /// The play screen before any game: the settings' choices, not yet started.
    pub fn new(settings: &Settings) -> PlayScreen {
        let game = game_of(settings.game);
        let session = Session::new(
            Arc::clone(&game),
            settings.mode,
            settings.first,
            settings.difficulty,
        );
        PlayScreen {
            has_game: false,
            cursor: start_cursor(game.as_ref()),
            stacked: false,
            session,
            hints: settings.hints.on(),
            details: false,
            practice: false,
            typed: None,
            bot: BotTurn::new(settings.bot_delay),
            bot_note: None,
            puzzle: None,
            missed: None,
            side_note: None,
            searched_hints: None,
            hints_asked: None,
            judged: None,
            review_asked: None,
            turn_clock: None,
            keeping: Keeping::Kept,
            resumed: false,
            replayed: None,
            online: None,
        }
    }

    /// A game has moves on the board and is not over: quitting would lose it.
    pub fn in_progress(&self) -> bool {
        let session = &self.session;
        self.has_game
            && session.kept.mode != Mode::Demo
            && !session.moves().is_empty()
            && !session.status().is_over()
    }

    pub fn game(&self) -> &dyn Game {
        self.session.game.as_ref()
    }

    pub fn engine<'a>(&self, shared: &'a Shared) -> Option<&'a dyn Engine> {
        shared.engine(self.game())
    }

    pub fn position(&self) -> &dyn Position {
        self.session.position()
    }

    pub fn status(&self) -> Status {
        self.session.status()
    }

    pub fn history(&self) -> &History {
        &self.session.history
    }

    pub fn moves(&self) -> &[Move] {
        self.session.moves()
    }

    /// Where move `ply` (1-based) of the game landed; `None` before the first.
    pub fn landed(&self, ply: usize) -> Option<CellId> {
        let mv = *self.moves().get(ply.checked_sub(1)?)?;
        self.game()
            .move_cell(self.history().position_at(ply - 1), mv)
    }

    /// Who plays, as the title and the panel say it: "Replay" for a kept game replayed.
    pub fn mode_label(&self) -> &'static str {
        match (&self.replayed, &self.puzzle) {
            (Some(_), _) => "Replay",
            (_, Some(_)) => "Puzzle",
            _ => crate::tui::screens::start::menu::mode_label(self.session.kept.mode),
        }
    }

    pub fn name(&self, side: Side, settings: &Settings) -> String {
        // A replayed record's players are the ones it names.
        let tag = match side {
            Side::First => "First",
            Side::Second => "Second",
        };
        if let Some(name) = self.replayed.as_ref().and_then(|r| r.tag(tag)) {
            return name.to_string();
        }
        let kept = &self.session.kept;
        settings
            .names
            .for_side(kept.mode, side, kept.human, kept.names_swapped)
    }

    /// The grid of blocks as the screen shows them.
    pub fn drawn_blocks(&self) -> crate::core::Grid {
        let blocks = self.game().layout().blocks;
        match self.stacked {
            true => crate::core::Grid::new(blocks.rows * blocks.cols, 1),
            false => blocks,
        }
    }

    pub fn human_to_move(&self) -> bool {
        !self.status().is_over()
            && self.session.controller(self.position().to_move()) == Controller::Human
    }

    /// After a move that leaves the cursor where nothing may be played (extreme
    /// tic-tac-toe sends you to one small board), it goes to the nearest cell that may.
    pub fn follow_legal_moves(&mut self) {
        let (game, position) = (self.game(), self.position());
        if game.blocks(position).is_empty() {
            return; // every empty cell is playable: the cursor stays where it was
        }
        let legal: Vec<CellId> = (position.legal_moves().into_iter())
            .filter_map(|mv| game.move_cell(position, mv))
            .collect();
        if legal.contains(&self.cursor) {
            return;
        }
        let blocks = self.drawn_blocks();
        let (r, c) = geometry::virtual_of(game, blocks, self.cursor);
        let distance = |cell: &CellId| {
            let (cr, cc) = geometry::virtual_of(game, blocks, *cell);
            (i16::from(cr) - i16::from(r)).abs() + (i16::from(cc) - i16::from(c)).abs()
        };
        if let Some(&nearest) = legal.iter().min_by_key(|cell| distance(cell)) {
            self.cursor = nearest;
        }
    }

    /// Puts `session` on the board, kept by this window unless another keeps it; with
    /// `discard`, its unfinished game of an earlier run is thrown away (the player was asked).
    pub fn begin(&mut self, session: Session, discard: bool, shared: &mut Shared) {
        let key = session.game.key();
        let demo = session.kept.mode == Mode::Demo;
        self.keeping = Keeping::begin(&mut shared.memory, &key, demo, !discard);
        let discarded = if discard && self.keeping == Keeping::Kept {
            shared.memory.keep(&key, None)
        } else {
            Ok(())
        };
        self.session = session;
        self.show_new_game(shared);
        let note = self.keeping.note();
        if !note.is_empty() {
            shared.status = StatusLine::turn(&note, &self.turn_text(&shared.settings));
        }
        if let Err(why) = discarded {
            shared.status.add(&format!(
                "(The old unfinished game could not be deleted: {why}.)"
            ));
        }
    }

    pub fn show_new_game(&mut self, shared: &mut Shared) {
        self.bot.cancel();
        self.has_game = true;
        self.replayed = None;
        self.bot_note = None;
        self.puzzle = None;
        self.missed = None;
        self.side_note = None;
        self.searched_hints = None;
        self.hints_asked = None;
        // A game already counted (resumed after an undo past its end) is practice.
        self.practice = self.session.kept.counted && !self.status().is_over();
        self.typed = None;
        self.cursor = start_cursor(self.game());
        self.follow_legal_moves();
        shared.status = StatusLine::default();
        if self.session.kept.mode == Mode::VsBot && self.session.kept.human.is_none() {
            if self.engine(shared).is_some() {
                self.bot_chooses_side(shared);
            } else {
                let bot = &shared.settings.names.bot;
                shared.status = StatusLine::note(format!("{bot} is choosing its side…"));
            }
        } else {
            shared.status = StatusLine::turn("", &self.turn_text(&shared.settings));
        }
    }

    /// The bot takes the side the empty board's exact value favours, and says so.
    pub fn bot_chooses_side(&mut self, shared: &mut Shared) {
        let Some(engine) = self.engine(shared) else {
            return;
        };
        let value = engine.value(self.game().start().as_ref());
        let (bot_side, why) = bot_turn::side_to_take(value.map(|v| v.outcome));
        self.session.kept.human = Some(bot_side.other());
        let note = format!(
            "{} takes {} and moves {}: {why}.",
            shared.settings.names.bot,
            shared.settings.symbol(bot_side),
            if bot_side == Side::First {
                "first"
            } else {
                "second"
            },
        );
        shared.status = StatusLine::note(note.clone());
        self.side_note = Some(note);
    }

    /// The game to keep for the next run: one with moves, not over, and with a person in it.
    pub fn unfinished(&self) -> Option<SavedGame> {
        self.in_progress().then(|| {
            let session = &self.session;
            SavedGame {
                game: session.game.key(),
                session: session.to_resumed(),
                hints: Some(self.hints),
                moves: session.moves().to_vec(),
                redo: session.history.redo_moves(),
            }
        })
    }

    /// Why the game on the board is not written down, for after the screen closes; `None`
    /// when it is kept (or saving is off, which the player chose).
    pub fn not_kept(&self, shared: &Shared) -> Option<String> {
        if !self.in_progress() {
            return None;
        }
        self.keeping.not_kept(&shared.memory)
    }

    /// After every event: the game is written down as it stands (see [`Keeping::keep`]), so a
    /// kill at any moment loses at most the move being made.
    pub fn keep_game(&mut self, shared: &mut Shared) {
        if !self.has_game || self.session.kept.mode == Mode::Demo {
            return;
        }
        let key = self.session.game.key();
        let unfinished = self.unfinished();
        match self.keeping.keep(&mut shared.memory, &key, unfinished) {
            Ok(None) => {}
            Ok(Some(note)) => shared.status.add(&note),
            // The reason only: the status line is one line, and the whole account (the
            // file's path) is printed when the game closes.
            Err(why) => shared
                .status
                .add(&format!("(Could not save the game: {}.)", why.error)),
        }
    }
}

/// Where the cursor starts: the middle of the board (Tic-Tac-Latin's b2).
pub fn start_cursor(game: &dyn Game) -> CellId {
    let layout = game.layout();
    let rows = layout.blocks.rows * layout.cells.rows;
    let cols = layout.blocks.cols * layout.cells.cols;
    geometry::cell_at_virtual(game, layout.blocks, (rows - 1) / 2, (cols - 1) / 2)
}

//! How the app changes: each [`Event`] applied, then the clock, the record and the saved
//! game brought up to date, and the bot thread asked for what the new state needs. Keys go
//! to the screen showing (`start`, `play`, `review`); everything here sits above them.

use std::sync::Arc;
use std::time::Instant;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::app::{App, Exit, NOT_RECORDED, Overlay, Screen, SearchedHints};
use super::bot::BotRequest;
use super::bot_turn;
use super::event::Event;
use super::hint_line::HintLines;
use super::status::StatusLine;
use crate::config::Mode;
use crate::core::session::Controller;
use crate::core::{Decision, Engine, Hint, Move};
use crate::keys::{Action, Key};
use crate::store::record_key;

impl App {
    /// Applies one event; returns the requests to send to the bot thread.
    pub fn update(&mut self, event: Event) -> Vec<BotRequest> {
        match event {
            Event::Key(key) => self.on_key(key),
            Event::Mouse(mouse) => self.on_mouse(mouse),
            Event::Resize(w, h) => self.size = Some((w, h)),
            Event::Tick(now) => self.on_tick(now),
            Event::EngineReady { game, engine } => self.on_engine(game, engine),
            Event::BotMoved { ticket, decision } => self.on_bot_moved(ticket, decision),
            Event::HintsReady {
                ticket,
                position,
                hints,
                lines,
            } => self.on_hints(ticket, position, hints, lines),
            Event::ReviewReady(judged) => {
                if self.play.review_asked.as_ref() == Some(&judged.of) {
                    self.play.review_asked = None;
                }
                self.play.judged = Some(judged);
            }
            Event::InputClosed(why) => {
                let why = format!("the terminal's input closed: {why}");
                self.exit = Some(Exit::Failed(why));
            }
            Event::Terminate(signal) => {
                self.exit = Some(Exit::Signal(signal));
            }
            Event::BotFailed(why) => {
                self.play.bot.cancel();
                self.shared.status = StatusLine::note(format!(
                    "The bot failed ({why}). {} undoes, {} starts a new game.",
                    self.shared.key(Action::Undo),
                    self.shared.key(Action::New)
                ));
                // Not asked again for this position: the request would fail the same way.
                return Vec::new();
            }
        }
        self.run_clock();
        self.count_result();
        self.keep_game();
        let mut requests = self.request_engine();
        requests.extend(self.request_bot());
        requests.extend(self.request_hints());
        requests.extend(self.request_review());
        requests
    }

    /// The contest clock for people (`--move-time`): a person's turn is timed from when it
    /// began; going over loses the game.
    fn run_clock(&mut self) {
        let Some(limit) = self.shared.settings.move_limit else {
            return;
        };
        if !self.play.has_game || self.screen == Screen::Start || !self.human_to_move() {
            self.play.turn_clock = None;
            return;
        }
        let turn = (self.moves().len(), self.position().to_move());
        match self.play.turn_clock {
            Some((started, moves, side)) if (moves, side) == turn => {
                if self.shared.now.duration_since(started) > limit {
                    self.play.session.time_out(side);
                    self.play.turn_clock = None;
                    self.shared.status = StatusLine::note(self.result_text());
                }
            }
            _ => self.play.turn_clock = Some((self.shared.now, turn.0, turn.1)),
        }
    }

    /// Once per game, when it ends: the result goes into the record, and the game is no
    /// longer one to resume.
    fn count_result(&mut self) {
        if !self.play.has_game {
            return;
        }
        let Some(finished) = self.play.session.take_result() else {
            return;
        };
        let key = self.play.session.game.key();
        if !self.play.keeping.records() {
            self.shared.status = StatusLine::note(format!(
                "{} Not recorded: another window plays this game.",
                self.shared.status.text
            ));
            return;
        }
        let mut saved = Ok(None);
        if let Some(record) = record_key(&key, &finished) {
            saved = self.shared.memory.record_result(record, finished.outcome);
            // The level changed during the game: say where the result went.
            if let (Mode::VsBot, Some((_, Some(level)))) = (self.play.session.mode, finished.counts)
                && level != self.play.session.difficulty
            {
                let name = self.game().level_name(level);
                self.shared.status = StatusLine::note(format!(
                    "{} Recorded at {name}, the weakest level the bot played.",
                    self.shared.status.text
                ));
            }
        } else if self.play.session.swapped {
            // Not counted, so not listed either: no record of it is kept.
            self.shared.status =
                StatusLine::note(format!("{} {NOT_RECORDED}", self.shared.status.text));
            return;
        }
        // Not saved, or the record was damaged meanwhile and set aside: said at once.
        let trouble = saved.unwrap_or_else(|why| Some(why.to_string()));
        if let Some(trouble) = trouble {
            self.shared.status =
                StatusLine::note(format!("{} ({trouble})", self.shared.status.text));
        }
        self.keep_finished_record(std::time::SystemTime::now());
    }

    /// After every event: the game on the board is written down as it now stands, when
    /// this window keeps it (see [`Keeping::keep`]). Only a change is written, so a kill at
    /// any moment loses at most the move being made.
    fn keep_game(&mut self) {
        if !self.play.has_game || self.play.session.mode == Mode::Demo {
            return;
        }
        let key = self.play.session.game.key();
        let unfinished = self.unfinished();
        match self
            .play
            .keeping
            .keep(&mut self.shared.memory, &key, unfinished)
        {
            Ok(None) => {}
            Ok(Some(note)) => {
                self.shared.status =
                    StatusLine::note(format!("{} {note}", self.shared.status.text));
            }
            Err(why) => {
                self.shared.status = StatusLine::note(format!(
                    // The reason only: the status line is one line, and the whole account
                    // (the file's path) is printed when the game closes.
                    "{} (Could not save the game: {}.)",
                    self.shared.status.text, why.error
                ));
            }
        }
    }

    /// On every way out: the game on the board is written down (it already was after its
    /// last move; this catches anything since). Returns why it is not kept, if it is not.
    pub fn save_on_exit(&mut self) -> Option<String> {
        self.keep_game();
        self.shared.memory.settle();
        self.not_kept()
    }

    fn on_tick(&mut self, now: Instant) {
        self.shared.now = now;
        if self.screen == Screen::Start {
            self.start.refresh(&mut self.shared);
        }
        self.show_bot_move();
    }

    fn on_engine(&mut self, game: String, engine: Arc<dyn Engine>) {
        if self.engine_asked.as_ref() == Some(&game) {
            self.engine_asked = None;
        }
        self.shared.engines.insert(game.clone(), engine);
        if game == self.play.session.game.key()
            && self.play.has_game
            && self.play.session.human.is_none()
        {
            self.bot_chooses_side();
        }
    }

    /// The bot's answer: played now if it is the one waited for and its display delay
    /// has passed, later on a tick if it has not.
    fn on_bot_moved(&mut self, ticket: u64, decision: Decision) {
        if let Some(decision) = self.play.bot.accept(ticket, decision, self.shared.now) {
            self.play_bot(decision);
        }
    }

    /// Plays the bot's answer once its display delay has passed.
    fn show_bot_move(&mut self) {
        if let Some(decision) = self.play.bot.due(self.shared.now) {
            self.play_bot(decision);
        }
    }

    /// Plays the bot's move and keeps what it said about it.
    fn play_bot(&mut self, decision: Decision) {
        let opponent = self.play.position().to_move().other();
        let opponent = self.play.name(opponent, &self.shared.settings);
        let position = self.play.position();
        self.play.bot_note = bot_turn::note(self.game(), position, &decision, &opponent);
        self.play.play(decision.mv, &mut self.shared);
    }

    fn on_hints(
        &mut self,
        ticket: u64,
        position: String,
        hints: Vec<(Move, Hint)>,
        lines: HintLines,
    ) {
        if self.play.hints_asked.as_ref().map(|(t, _)| *t) == Some(ticket) {
            self.play.hints_asked = None;
        }
        self.play.searched_hints = Some(SearchedHints {
            position,
            hints,
            lines,
        });
    }

    /// Asks for the engine of the game on the board when the bot thread has not built it;
    /// on the start screen, for the chosen game's where it is solved, whose level text
    /// tells its exact value.
    fn request_engine(&mut self) -> Vec<BotRequest> {
        let game = if self.screen == Screen::Start && self.start.game().solved() {
            self.start.game()
        } else if self.play.has_game {
            Arc::clone(&self.play.session.game)
        } else {
            return Vec::new();
        };
        let key = game.key();
        if self.engine_asked.as_ref() == Some(&key) || self.shared.engines.contains_key(&key) {
            return Vec::new();
        }
        self.engine_asked = Some(key);
        vec![BotRequest::Load(game)]
    }

    /// Asks the bot for a move when it is to move and has not been asked.
    fn request_bot(&mut self) -> Vec<BotRequest> {
        let position = self.position();
        let bots_turn = self.play.has_game
            && self.screen != Screen::Start
            && !self.too_small()
            && self.engine().is_some()
            && !self.game_status().is_over()
            && self.play.session.human.is_some()
            && self.play.session.controller(position.to_move()) == Controller::Bot;
        if !bots_turn {
            self.play.bot.cancel();
            return Vec::new();
        }
        let Some(ticket) = self.play.bot.request(self.shared.now) else {
            return Vec::new();
        };
        if self.play.session.mode == Mode::VsBot {
            // Replace "Bot to move (O)." by the livelier note, but keep messages that say
            // something else (a swap, the bot's choice of side); the panel shows it anyway.
            let thinking = format!("{} is thinking…", self.shared.settings.names.bot);
            if let Some(line) = self.shared.status.with_turn(&thinking) {
                self.shared.status = line;
            } else if self.shared.status.text.is_empty() {
                self.shared.status = StatusLine::note(thinking);
            }
        }
        let side = self.position().to_move();
        let difficulty = self.play.session.bot_asked(side);
        vec![BotRequest::Move {
            ticket,
            game: self.play.session.game.key(),
            position: self.position().clone_box(),
            difficulty,
            vary: self.play.session.mode == Mode::Demo,
        }]
    }

    /// Asks the bot thread for hints the engine cannot give at once, when they are shown
    /// and not yet known for this position.
    fn request_hints(&mut self) -> Vec<BotRequest> {
        let wanted = self.play.hints
            && self.screen == Screen::Play
            && !self.too_small()
            && !self.play.session.status().is_over()
            && self.engine().is_some_and(|engine| !engine.instant_hints());
        if !wanted {
            return Vec::new();
        }
        let text = self.position().text();
        let known = self
            .play
            .searched_hints
            .as_ref()
            .is_some_and(|searched| searched.position == text);
        let asked = self
            .play
            .hints_asked
            .as_ref()
            .is_some_and(|(_, p)| *p == text);
        if known || asked {
            return Vec::new();
        }
        self.play.hint_tickets += 1;
        self.play.hints_asked = Some((self.play.hint_tickets, text));
        vec![BotRequest::Hints {
            ticket: self.play.hint_tickets,
            game: self.play.session.game.key(),
            position: self.position().clone_box(),
        }]
    }

    /// Asks the bot thread to judge the game's moves, in review on a searched board (a
    /// solved game's verdicts come from its table at once), once for each game.
    fn request_review(&mut self) -> Vec<BotRequest> {
        if !self.view().judging() {
            return Vec::new();
        }
        let of = self.view().game_moves();
        if self.play.review_asked.as_ref() == Some(&of) {
            return Vec::new();
        }
        self.play.review_asked = Some(of.clone());
        vec![BotRequest::Review {
            of,
            history: Box::new(self.play.history().clone()),
        }]
    }

    fn on_key(&mut self, key: KeyEvent) {
        let ctrl =
            |c: char| key.code == KeyCode::Char(c) && key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl('c') {
            self.exit = Some(Exit::Chosen);
            return;
        }
        let action = self
            .shared
            .settings
            .keys
            .action_for(Key::new(key.code, key.modifiers));
        // Ctrl-Z suspends as it would outside raw mode, unless it was bound to an action.
        if ctrl('z') && action.is_none() {
            self.suspend = true;
            return;
        }
        if self.too_small() {
            // The game is hidden: quitting is the one thing a key can do, at once, since a
            // question asked could not be seen.
            if action == Some(Action::Quit) {
                self.exit = Some(Exit::Chosen);
            }
            return;
        }
        if let Some(overlay) = self.overlay.take() {
            match overlay {
                // Any key closes the help; it does nothing else, so nothing happens by
                // surprise.
                Overlay::Help => {}
                Overlay::Rules if action == Some(Action::Help) => {
                    self.overlay = Some(Overlay::Help);
                }
                Overlay::Rules => {}
                Overlay::Swap => self.answer_swap(action),
                Overlay::Discard(start) => {
                    self.answer_discard(start, matches!(key.code, KeyCode::Char('y' | 'Y')));
                }
                Overlay::Quit if action == Some(Action::Quit) => self.exit = Some(Exit::Chosen),
                Overlay::Quit if self.screen == Screen::Play && !self.game_status().is_over() => {
                    // Back to whose turn it is, so the line keeps up with the game.
                    self.shared.status = StatusLine::turn("Not quitting. ", &self.turn_text());
                }
                Overlay::Quit => self.shared.status = StatusLine::note("Not quitting."),
            }
            return;
        }
        match self.screen {
            Screen::Start => self.on_start_key(action),
            Screen::Play => self.on_play_key(key, action),
            Screen::Review(review) => self.on_review_key(review, key.code, action),
        }
    }
}

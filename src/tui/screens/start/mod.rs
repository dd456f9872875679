//! The start screen: choosing the game and how to play it, or resuming its unfinished game.

pub mod begin;
pub mod draw;
pub mod menu;

use std::sync::Arc;
use std::time::Instant;

use ratatui::layout::Rect;

use crate::config::Settings;
use crate::core::{Game, Outcome};
use crate::games::GameChoice;
use crate::keys::Action;
use crate::store::{Memory, menu_record_key};
use crate::store::{SavedGame, Standing};
use crate::tui::command::{Command, Start};
use crate::tui::screens::start::menu::{Asked, Menu, game_of};
use crate::tui::shared::Shared;

/// The start screen's state, kept while a game is on the board.
#[derive(Clone, Debug)]
pub struct StartScreen {
    pub menu: Menu,
    /// What the start screen says in its status line (a question, an answer), until the
    /// next key.
    pub note: Option<String>,
    /// When the files were last read again for the start screen.
    pub refreshed: Instant,
}

impl StartScreen {
    /// The start screen of the settings' choices, offering to resume the chosen game's
    /// unfinished game when `memory` has one.
    pub fn new(settings: &Settings, memory: &Memory, now: Instant) -> StartScreen {
        let game = game_of(settings.game);
        let resume = memory
            .saved_game(&game.key())
            .map(|saved| saved.moves.len());
        StartScreen {
            menu: Menu::new(settings, resume),
            note: None,
            refreshed: now,
        }
    }

    /// A mode or game named on the command line wins the start screen's highlight over
    /// the offer to resume; the offer stays. With nothing named, an unfinished game of
    /// another game than the settings' is not hidden behind it: the start screen opens on
    /// the game saved last, offering to resume it.
    pub fn asked_for(&mut self, asked: Asked, memory: &Memory) {
        // Nothing asked: any game's. A game asked by its kind alone (`--game classic`): a
        // game of that kind, whatever its size. A mode or a size asked: none, since
        // `--mode humans` is a two-player game of the settings' game.
        let kind = self.menu.game.kind;
        let of_kind = |saved: &SavedGame| {
            GameChoice::from_key(&saved.game).is_some_and(|choice| choice.kind == kind)
        };
        let latest = match (asked.game, asked.mode || asked.sized) {
            (false, false) => memory.latest_saved(|_| true),
            (true, false) => memory.latest_saved(of_kind),
            _ => None,
        };
        let elsewhere = latest.filter(|_| self.menu.resume.is_none());
        if let Some(saved) = elsewhere
            && let Some(choice) = GameChoice::from_key(&saved.game)
        {
            self.menu.game = choice;
            self.menu.resume = Some(saved.moves.len());
            self.menu.row = Menu::RESUME;
        }
        let menu = &mut self.menu;
        if (asked.mode || asked.game) && menu.row == Menu::RESUME {
            menu.row = Menu::MODE;
        }
    }

    pub fn game(&self) -> Arc<dyn Game> {
        game_of(self.menu.game)
    }

    pub fn record(&self, shared: &Shared) -> Option<Standing> {
        let menu = &self.menu;
        menu_record_key(&self.game().key(), menu.mode, menu.difficulty)
            .map(|key| shared.memory.record(&key))
    }

    /// The unfinished game of the chosen game, from an earlier run, until it is resumed or
    /// replaced.
    pub fn saved_game<'a>(&self, shared: &'a Shared) -> Option<&'a SavedGame> {
        shared.memory.saved_game(&self.game().key())
    }

    /// The exact value of the chosen game for the side that moves first, once the bot
    /// thread has built its engine; `None` where the game is not solved.
    pub fn first_player(&self, shared: &Shared) -> Option<Outcome> {
        let game = self.game();
        let engine = shared.engine(game.as_ref())?;
        engine
            .value(game.start().as_ref())
            .map(|value| value.outcome)
    }

    pub fn handle_key(&mut self, action: Option<Action>, shared: &mut Shared) -> Vec<Command> {
        self.note = None;
        let menu = &mut self.menu;
        match action {
            Some(Action::Up) => menu.up(),
            Some(Action::Down) => menu.down(),
            Some(Action::Left) => self.change_choice(false, shared),
            Some(Action::Right) => self.change_choice(true, shared),
            Some(Action::Difficulty) => menu.difficulty = menu.difficulty.next(),
            Some(Action::Place) if menu.row == Menu::RESUME => {
                return vec![Command::Begin(Start::Resume)];
            }
            Some(Action::Place) => return vec![Command::Begin(Start::New)],
            Some(Action::Help) => return vec![Command::Help],
            Some(Action::Quit) => return vec![Command::Leave],
            _ => {}
        }
        Vec::new()
    }

    /// Changes the highlighted row's choice; a different game (or size) offers its own
    /// unfinished game.
    fn change_choice(&mut self, forward: bool, shared: &mut Shared) {
        self.menu.change(forward);
        self.offer_resume(shared);
    }

    /// What another window changed shows within a second: the chosen game's unfinished
    /// game (its moves, or that it is gone) and the record.
    pub fn refresh(&mut self, shared: &mut Shared) {
        const EVERY: std::time::Duration = std::time::Duration::from_secs(1);
        if shared.now.duration_since(self.refreshed) < EVERY {
            return;
        }
        self.refreshed = shared.now;
        shared.memory.refresh_stats();
        self.offer_resume(shared);
    }

    /// The chosen game's unfinished game, if it has one, is offered, as its file holds it
    /// now (another window may have played on, or finished it).
    pub fn offer_resume(&mut self, shared: &mut Shared) {
        let key = self.game().key();
        shared.memory.refresh(&key);
        match shared.memory.saved_game(&key) {
            Some(saved) => self.menu.resume = Some(saved.moves.len()),
            None => self.menu.drop_resume(),
        }
    }

    /// A click at `x`, `y` on the start screen drawn in `content`: on a row it highlights
    /// the row, on an option it chooses it too.
    pub fn click(&mut self, content: Rect, x: u16, y: u16, shared: &mut Shared) {
        let lines = self.menu.lines(content);
        let Some(line) = lines.into_iter().find(|line| line.y == y) else {
            return;
        };
        self.menu.row = line.row;
        if let Some(index) = line.options.iter().position(|cols| cols.contains(&x)) {
            self.menu.choose(index);
            self.offer_resume(shared);
        }
    }
}

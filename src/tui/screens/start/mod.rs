//! The start screen: choosing the game and how to play it, or resuming its unfinished game.

pub mod draw;
pub mod menu;

use std::sync::Arc;
use std::time::Instant;

use ratatui::layout::Rect;

use crate::config::Settings;
use crate::core::session::Session;
use crate::core::words::plural;
use crate::core::{Game, Mode, Outcome};
use crate::games::GameChoice;
use crate::keys::Action;
use crate::store::{Memory, Ownership, SavedGame, Standing, menu_record_key};
use crate::tui::command::{Command, Start};
use crate::tui::screens::play::PlayScreen;
use crate::tui::screens::start::menu::{Asked, Menu, game_of};
use crate::tui::shared::{Shared, StatusLine};

/// The start screen's state, kept while a game is on the board.
#[derive(Clone, Debug)]
pub struct StartScreen {
    pub menu: Menu,
    /// What the start screen says in its status line (a question, an answer) until a key.
    pub note: Option<String>,
    /// When the files were last read again for the start screen.
    pub refreshed: Instant,
}

impl StartScreen {
    /// The start screen of the settings' choices, offering any unfinished game of theirs.
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

    /// A mode or game named on the command line wins the highlight over the offer to
    /// resume. With nothing named, the start screen opens on the game saved last.
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
        if let Some(saved) = latest.filter(|_| self.menu.resume.is_none())
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

    /// The chosen game's unfinished game, from an earlier run.
    pub fn saved_game<'a>(&self, shared: &'a Shared) -> Option<&'a SavedGame> {
        shared.memory.saved_game(&self.game().key())
    }

    /// The chosen game's exact value for the side that moves first, once its engine is built.
    pub fn first_player(&self, shared: &Shared) -> Option<Outcome> {
        let game = self.game();
        let engine = shared.engine(game.as_ref())?;
        engine
            .value(game.start().as_ref())
            .map(|value| value.outcome)
    }

    pub fn handle_key(&mut self, action: Option<Action>, shared: &mut Shared) -> Option<Command> {
        self.note = None;
        let menu = &mut self.menu;
        match action {
            Some(Action::Up) => menu.up(),
            Some(Action::Down) => menu.down(),
            // A different game (or size) offers its own unfinished game.
            Some(Action::Left | Action::Right) => {
                menu.change(action == Some(Action::Right));
                self.offer_resume(shared);
            }
            Some(Action::Difficulty) => menu.difficulty = menu.difficulty.next(),
            Some(Action::Place) if menu.row == Menu::RESUME => {
                return Some(Command::Begin(Start::Resume));
            }
            Some(Action::Place) => return Some(Command::Begin(Start::New)),
            Some(Action::Help) => return Some(Command::Help),
            Some(Action::Quit) => return Some(Command::Leave),
            Some(Action::Back) => return Some(Command::BackToGame),
            _ => {}
        }
        None
    }

    /// What another window changed (the unfinished game, the record) shows within a second.
    pub fn refresh(&mut self, shared: &mut Shared) {
        const EVERY: std::time::Duration = std::time::Duration::from_secs(1);
        if shared.now.duration_since(self.refreshed) < EVERY {
            return;
        }
        self.refreshed = shared.now;
        shared.memory.refresh_stats();
        self.offer_resume(shared);
    }

    /// Offers the chosen game's unfinished game as its file holds it now (another window
    /// may have played on).
    pub fn offer_resume(&mut self, shared: &mut Shared) {
        let key = self.game().key();
        shared.memory.refresh(&key);
        match shared.memory.saved_game(&key) {
            Some(saved) => self.menu.resume = Some(saved.moves.len()),
            None => self.menu.drop_resume(),
        }
    }

    /// A click on the start screen drawn in `content`: on a row it highlights it, on an
    /// option it chooses it too.
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

    /// The question to ask before `start`, when it would throw away an unfinished game: the
    /// chosen game's saved game (unless another window keeps it), or the game on the board
    /// when it is not written down. Each in its own words, so neither reads as the other.
    pub fn at_stake(&self, start: Start, play: &PlayScreen, shared: &Shared) -> Option<String> {
        let key = self.game().key();
        let memory = &shared.memory;
        let replaces_saved =
            start == Start::New && self.menu.mode != Mode::Demo && !self.menu.puzzles();
        if replaces_saved
            && memory.saves()
            && !memory.open_elsewhere(&key)
            && let Some(saved) = memory.saved_game(&key)
        {
            let moves = plural(saved.moves.len() as u64, "move", "moves");
            return Some(format!(
                "Discard the unfinished game ({moves}) for a new one? y/n"
            ));
        }
        let leaves_board = !(start == Start::Resume && resumes_board(&key, play, shared));
        let lost = leaves_board && play.in_progress() && !play.keeping.is_kept(&shared.memory);
        let moves = plural(play.moves().len() as u64, "move", "moves");
        lost.then(|| format!("Leave the game on the board ({moves}, not saved)? y/n"))
    }

    pub fn begin(&mut self, start: Start, play: &mut PlayScreen, shared: &mut Shared) -> bool {
        self.note = None;
        shared.memory.dismiss_notices();
        match start {
            Start::New => self.new_game(play, shared),
            Start::Resume => self.resume_saved(play, shared),
        }
    }

    /// A new game with the start screen's choices; it replaces the unfinished game (the
    /// question was asked), but for the demo.
    fn new_game(&self, play: &mut PlayScreen, shared: &mut Shared) -> bool {
        let menu = self.menu;
        if menu.puzzles() {
            play.next_puzzle(self.game(), shared);
            return true;
        }
        let mut session = Session::new(self.game(), menu.mode, menu.starter, menu.difficulty);
        if menu.mode == Mode::Demo && menu.second_level != menu.difficulty {
            session.second_level = Some(menu.second_level);
        }
        play.hints = menu.hints;
        play.resumed = false;
        play.begin(session, true, shared);
        true
    }

    /// Resumes the chosen game's unfinished game as its file holds it now, or goes back to it.
    fn resume_saved(&mut self, play: &mut PlayScreen, shared: &mut Shared) -> bool {
        let game = self.game();
        let key = game.key();
        if resumes_board(&key, play, shared) {
            let turn = play.turn_text(&shared.settings);
            shared.status = StatusLine::turn("Back to the game. ", &turn);
            return true;
        }
        // Claiming reads the file again; a window that cannot claim it reads it anyway.
        if shared.memory.claim(&key) != Ownership::Owned {
            shared.memory.refresh(&key);
        }
        let Some(saved) = shared.memory.saved_game(&key).cloned() else {
            self.menu.drop_resume();
            self.note = Some(
                "The unfinished game is gone: it was finished or discarded in another window."
                    .into(),
            );
            return false;
        };
        // The store replayed these moves when it loaded them; a failure here would be a
        // bug, reported rather than hidden.
        let session = match Session::resumed(Arc::clone(&game), &saved.session, &saved.moves) {
            Ok(mut session) => {
                session.history.restore_redo(&saved.redo);
                session
            }
            Err(why) => {
                shared.status =
                    StatusLine::note(format!("The saved game cannot be resumed: {why}"));
                return false;
            }
        };
        play.hints = saved.hints.unwrap_or_else(|| shared.settings.hints.on());
        play.resumed = true;
        play.begin(session, false, shared);
        let moves = plural(play.moves().len() as u64, "move", "moves");
        let lead = format!("Resumed your game of {moves}. {}", play.keeping.note());
        shared.status = StatusLine::turn(&lead, &play.turn_text(&shared.settings));
        true
    }

    /// Opens with the choices of the game on the board, unless it was resumed (an earlier run's).
    pub fn open_from(&mut self, play: &PlayScreen, shared: &mut Shared) {
        let session = &play.session;
        let menu = &mut self.menu;
        // On the game, so the first arrow changes what a new game is most often about;
        // after a puzzle, on the puzzles, so Enter gives the next.
        menu.set_puzzles(play.puzzle.is_some());
        menu.row = if menu.puzzles() {
            Menu::MODE
        } else {
            Menu::GAME
        };
        if !play.resumed {
            menu.mode = session.kept.mode;
            menu.starter = session.starter;
            menu.difficulty = session.kept.difficulty;
            menu.second_level = session.second_level.unwrap_or(session.kept.difficulty);
        }
        if let Some(choice) = GameChoice::from_key(&session.game.key()) {
            menu.game = choice;
        }
        self.offer_resume(shared);
    }
}

/// The game on the board is the chosen game's unfinished game, kept by this window.
fn resumes_board(key: &str, play: &PlayScreen, shared: &Shared) -> bool {
    play.in_progress() && play.session.game.key() == key && shared.memory.owns(key)
}

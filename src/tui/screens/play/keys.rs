//! The play screen's keys; what crosses to another screen comes back as a [`Command`]. A
//! typed name that starts a longer one (Qubic's `1`, of `12`) waits for the next character.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::config::Mode;
use crate::core::session::Controller;
use crate::core::{self, CellId, Game, Move, Position};
use crate::keys::{Action, starts_cell_names};
use crate::tui::command::Command;
use crate::tui::geometry;
use crate::tui::screens::play::{PlayScreen, Typed};
use crate::tui::shared::{Shared, StatusKind, StatusLine};

impl PlayScreen {
    pub fn handle_key(
        &mut self,
        key: KeyEvent,
        action: Option<Action>,
        shared: &mut Shared,
    ) -> Option<Command> {
        let letter = match key.code {
            KeyCode::Char(c) if is_plain(&key) => Some(c.to_ascii_lowercase()),
            _ => None,
        };
        match letter {
            Some(c) => self.on_letter(c, action, shared),
            // The place key after a name that could go on (Qubic's `1`) places it as it is.
            None if action == Some(Action::Place) && self.place_typed(shared) => None,
            None if action == Some(Action::Back) && self.typed.is_some() => {
                self.cancel_typed(shared);
                None
            }
            None => {
                // Any other key ends a half-typed name (its prompt with it).
                self.cancel_typed(shared);
                action.and_then(|action| self.act(action, shared))
            }
        }
    }

    /// A plain character: part of a cell's name, or a key's action (never both: no action
    /// sits on a character that starts a name).
    fn on_letter(
        &mut self,
        c: char,
        action: Option<Action>,
        shared: &mut Shared,
    ) -> Option<Command> {
        let so_far = self.typed.clone().map(|t| t.text).unwrap_or_default();
        let text = format!("{so_far}{c}");
        match self.name_match(&text) {
            NameMatch::Whole(mv) => self.play_named(mv, shared),
            NameMatch::Prefix | NameMatch::WholeOrLonger(_) => self.start_typed(text, shared),
            // Space, the other place key, after a name that could go on places it.
            NameMatch::None if action == Some(Action::Place) && self.place_typed(shared) => {}
            NameMatch::None if self.typed.is_some() && starts_cell_names(c) => {
                // Quoted as the game writes names: `B3c9`, not `b3c9`.
                let named = format!("{}{c}", self.as_named(&so_far));
                self.cancel_typed(shared);
                shared.status = StatusLine::illegal(self.not_a_name(&named));
            }
            NameMatch::None if self.typed.is_some() => {
                // Not a name after all: the name is dropped and this key acts afresh.
                self.cancel_typed(shared);
                return self.on_letter(c, action, shared);
            }
            NameMatch::None => match action {
                Some(action) => return self.act(action, shared),
                None if starts_cell_names(c) => {
                    shared.status = StatusLine::illegal(self.not_a_name(&text));
                }
                None => {}
            },
        }
        None
    }

    fn act(&mut self, action: Action, shared: &mut Shared) -> Option<Command> {
        match action {
            Action::Left => self.move_cursor(0, -1, shared),
            Action::Right => self.move_cursor(0, 1, shared),
            Action::Up => self.move_cursor(-1, 0, shared),
            Action::Down => self.move_cursor(1, 0, shared),
            Action::Place => self.choose(self.cursor, shared),
            Action::Undo => self.undo(shared),
            Action::Redo => self.redo(shared),
            Action::New => return Some(Command::OpenStart),
            Action::Swap | Action::Difficulty if self.puzzle.is_some() => {
                let new = shared.key(Action::New);
                shared.status = StatusLine::note(format!(
                    "A puzzle is played as it is set, against the perfect bot ({new}: more puzzles)."
                ));
            }
            Action::Swap => return Some(Command::Swap),
            Action::Hints if self.puzzle.is_some() || self.missed.is_some() => {
                self.puzzle_hint(shared);
            }
            Action::Hints => self.toggle_hints(shared),
            Action::Help => return Some(Command::Help),
            Action::Quit => return Some(Command::Quit),
            // Nothing is open on the board: said, since Esc once quit.
            Action::Back => {
                let quit = shared.key(Action::Quit);
                shared.status = StatusLine::note(format!("Nothing to close: {quit} quits."));
            }
            Action::Difficulty => self.change_difficulty(shared),
            Action::Review => return self.start_review(shared),
            Action::MoveNow => self.move_now(shared),
            Action::Details => {
                self.details = !self.details;
                shared.status = StatusLine::note(match self.details {
                    true => "Engine details on: the bot's search, and each hint's figures.",
                    false => "Engine details off.",
                });
            }
            Action::PlayOn | Action::WriteRecord => {
                shared.status = StatusLine::note(format!(
                    "{} plays on from a move and {} writes the game's record on the review \
                     screen ({} after a game).",
                    shared.key(Action::PlayOn),
                    shared.key(Action::WriteRecord),
                    shared.key(Action::Review)
                ));
            }
        }
        None
    }

    /// The bot's search answers now with the best move of its deepest finished step.
    fn move_now(&mut self, shared: &mut Shared) {
        if self.bot.asked_at().is_some() {
            shared.watch.stop();
        } else {
            shared.status = StatusLine::note(format!(
                "{} makes {} move at once while it searches.",
                shared.key(Action::MoveNow),
                shared.settings.names.bot
            ));
        }
    }

    fn move_cursor(&mut self, rows: i16, cols: i16, shared: &mut Shared) {
        let game = self.session.game.clone();
        let (blocks, cells) = (self.drawn_blocks(), game.layout().cells);
        let height = i16::from(blocks.rows * cells.rows);
        let width = i16::from(blocks.cols * cells.cols);
        let (row, col) = geometry::virtual_of(game.as_ref(), blocks, self.cursor);
        let row = (i16::from(row) + rows).rem_euclid(height) as u8;
        let col = (i16::from(col) + cols).rem_euclid(width) as u8;
        self.cursor = geometry::cell_at_virtual(game.as_ref(), blocks, row, col);
        // An illegal move's complaint is about the cell the cursor has left.
        if shared.status.kind == StatusKind::Illegal {
            shared.status = StatusLine::turn("", &self.turn_text(&shared.settings));
        }
    }

    fn choose(&mut self, cell: CellId, shared: &mut Shared) {
        match self.game().move_at(self.position(), cell) {
            Some(mv) => self.place(mv, shared),
            None => {
                let cell = self.game().cell_name(cell);
                shared.status = StatusLine::illegal(format!("Illegal: no move at {cell}"));
            }
        }
    }

    /// A person's move, with a clear message when it cannot be played.
    pub(crate) fn place(&mut self, mv: Move, shared: &mut Shared) {
        let position = self.position();
        if self.status().is_over() {
            shared.status = StatusLine::note(format!(
                "The game is over: {} new game, {} swap sides",
                shared.key(Action::New),
                shared.key(Action::Swap)
            ));
            return;
        }
        let to_move = position.to_move();
        if self.session.controller(to_move) == Controller::Bot || self.session.kept.human.is_none()
        {
            let who = self.name(to_move, &shared.settings);
            shared.status = StatusLine::note(format!("Wait: it is {who}'s move."));
            return;
        }
        match position.play(mv) {
            Ok(_) => {
                self.moves_changed();
                self.side_note = None;
                self.play(mv, shared);
                self.judge_puzzle_move(self.moves().len(), shared);
            }
            Err(why) => shared.status = StatusLine::illegal(format!("Illegal: {why}")),
        }
    }

    pub fn play(&mut self, mv: Move, shared: &mut Shared) {
        if self.session.history.play(mv).is_err() {
            return; // checked by the caller; the bot's moves are checked by its engine
        }
        shared.status = self.after_move_status(mv, &shared.settings);
        self.follow_legal_moves();
    }

    fn undo(&mut self, shared: &mut Shared) {
        if self.session.kept.mode == Mode::Demo {
            shared.status = StatusLine::note("Undo is for games with a person in them.");
            return;
        }
        if self.session.timed_out().is_some() {
            let new = shared.settings.keys.first_key(Action::New);
            shared.status = StatusLine::note(format!(
                "A game lost on time stays lost: {new} starts a new one."
            ));
            return;
        }
        let ended = self.status().is_over() && self.session.kept.counted;
        let popped = self.session.undo();
        if let Some(puzzle) = self.puzzle.as_mut() {
            puzzle.said.clone_from(&puzzle.asked);
        }
        self.practice |= ended && !popped.is_empty();
        self.bot.cancel();
        self.follow_legal_moves();
        shared.status = if popped.is_empty() {
            StatusLine::note("Nothing to undo.")
        } else {
            self.moves_changed();
            let names = core::move_names(self.game(), self.position(), &popped).join(" ");
            let practice = match ended {
                true => "The result stands as recorded; playing on is practice. ",
                false => "",
            };
            StatusLine::turn(
                &format!("Took back {names}. {practice}"),
                &self.turn_text(&shared.settings),
            )
        };
    }

    fn redo(&mut self, shared: &mut Shared) {
        let replayed = self.session.redo();
        if replayed.is_empty() {
            shared.status = StatusLine::note("Nothing to redo.");
            return;
        }
        self.bot.cancel();
        self.follow_legal_moves();
        self.moves_changed();
        let history = &self.session.history;
        let before = history.position_at(history.moves().len() - replayed.len());
        let names = core::move_names(self.game(), before, &replayed).join(" ");
        let lead = format!("Redid {names}. ");
        shared.status = StatusLine::turn(&lead, &self.turn_text(&shared.settings));
    }

    /// The moves changed: the bot's note is no longer about the last move, and a replayed
    /// record is now a game two people play on (its players' names would say a bot moves).
    fn moves_changed(&mut self) {
        self.bot_note = None;
        self.replayed = None;
    }

    fn toggle_hints(&mut self, shared: &mut Shared) {
        self.hints = !self.hints;
        shared.status = StatusLine::note(match (self.hints, self.game().solved()) {
            (true, true) => HINTS_ON,
            (true, false) => HINTS_ON_SEARCHED,
            (false, _) => "Hints off.",
        });
    }

    fn change_difficulty(&mut self, shared: &mut Shared) {
        if self.session.kept.mode == Mode::TwoHumans {
            shared.status = StatusLine::note("No bot plays in a two-player game.");
            return;
        }
        let level = self.session.kept.difficulty.next();
        self.session.kept.difficulty = level;
        let bot = &shared.settings.names.bot;
        shared.status =
            StatusLine::note(format!("{bot}'s level: {}", self.game().level_name(level)));
    }

    /// The review, once the game is over and its engine built; until then, why not.
    fn start_review(&self, shared: &mut Shared) -> Option<Command> {
        if !self.session.status().is_over() {
            shared.status = StatusLine::note("Review opens when the game is over.");
        } else if self.session.history.moves().is_empty() {
            // Lost on time before a move: nothing to step through or judge.
            shared.status = StatusLine::note("Nothing to review: no move was played.");
        } else if self.engine(shared).is_none() {
            shared.status = StatusLine::note("The bot is still starting; try again in a moment.");
        } else {
            return Some(Command::Review);
        }
        None
    }

    /// A left click at `x`, `y` on `board`: the move of the cell there.
    pub fn click(&mut self, board: &geometry::BoardView, x: u16, y: u16, shared: &mut Shared) {
        let place = board.place_at(x, y);
        if let Some(cell) = place.and_then(|place| self.game().cell_at(place)) {
            self.typed = None;
            self.cursor = cell;
            self.choose(cell, shared);
        }
    }

    /// Why typed text plays nothing, as the game reads its names.
    pub(crate) fn not_a_name(&self, text: &str) -> String {
        let bare = text.strip_prefix('#').unwrap_or(text);
        match self.game().parse_move(self.position(), bare) {
            Err(why) => format!("Illegal: {why}"),
            // Qubic's numbers, typed without their `#`.
            Ok(mv) if bare == text && self.name_match(&format!("#{text}")) != NameMatch::None => {
                let name = self.game().move_name(self.position(), mv);
                format!("Illegal: a cell's number follows # (#{text} is {name})")
            }
            Ok(_) => format!(
                "Illegal: {text} is not a cell here, like {}",
                self.example_move()
            ),
        }
    }

    pub(crate) fn name_match(&self, text: &str) -> NameMatch {
        name_match(&typable_names(self.game(), self.position()), text)
    }

    /// A typed name is complete: the move is made, and the cursor goes where it lands.
    pub(crate) fn play_named(&mut self, mv: Move, shared: &mut Shared) {
        self.typed = None;
        if let Some(cell) = self.game().move_cell(self.position(), mv) {
            self.cursor = cell;
        }
        self.place(mv, shared);
    }

    /// Places the name typed so far if it is a whole one (Qubic's `#1`); `false` if none
    /// is typed.
    pub(crate) fn place_typed(&mut self, shared: &mut Shared) -> bool {
        let Some(Typed { text, prompt, .. }) = self.typed.clone() else {
            return false;
        };
        match self.name_match(&text) {
            NameMatch::Whole(mv) | NameMatch::WholeOrLonger(mv) => {
                self.play_named(mv, shared);
                true
            }
            // Not a whole name yet (Qubic's `1`): nothing is placed, and the prompt says so.
            NameMatch::Prefix => {
                shared.status = StatusLine::note(format!("Not a cell yet: {prompt}"));
                true
            }
            NameMatch::None => false,
        }
    }

    /// A move's name as an example: the cursor's, or where it has none the first legal one's.
    pub(crate) fn example_move(&self) -> String {
        let position = self.position();
        let legal = position.legal_moves();
        // A finished game has no legal move left: the cursor's still shows how names go.
        let mv = self
            .game()
            .move_at(position, self.cursor)
            .filter(|mv| legal.is_empty() || legal.contains(mv))
            .or_else(|| legal.first().copied());
        mv.map_or_else(String::new, |mv| self.game().move_name(position, mv))
    }

    /// "B2… then the rest of a cell's name (like B3c1) places there", or for a name that
    /// could go on, "1… Enter places at 1b1, or type on (like 10 or 1a1)".
    pub(crate) fn typing_prompt(&self, text: &str, shared: &Shared) -> String {
        let names = typable_names(self.game(), self.position());
        match name_match(&names, text) {
            NameMatch::WholeOrLonger(mv) => format!(
                "{}… {} places at {}, or type on (like {})",
                self.as_named(text),
                shared.key(Action::Place),
                self.game().move_name(self.position(), mv),
                longer_names(&names, text).join(" or ")
            ),
            _ => {
                // A legal move that goes on from what was typed (1 to 1a1), else the cursor's.
                let legal = self.position().legal_moves();
                let goes_on =
                    |(name, mv): &&(String, Move)| name.starts_with(text) && legal.contains(mv);
                let like = (names.iter().find(goes_on)).map_or_else(
                    || self.example_move(),
                    |&(_, mv)| self.game().move_name(self.position(), mv),
                );
                format!(
                    "{}… then the rest of a cell's name (like {like}) places there",
                    self.as_named(text)
                )
            }
        }
    }

    /// Typed text (kept in lower case) as the game writes it: `b2` is extreme's `B2`.
    pub(crate) fn as_named(&self, text: &str) -> String {
        let (game, position) = (self.game(), self.position());
        typable_names(game, position)
            .into_iter()
            .map(|(_, mv)| game.move_name(position, mv))
            .find(|name| name.is_char_boundary(text.len()) && name.to_lowercase().starts_with(text))
            .map_or_else(|| text.to_string(), |name| name[..text.len()].to_string())
    }

    /// The start of a cell's name, typed so far: the prompt says how the name goes on.
    pub(crate) fn start_typed(&mut self, text: String, shared: &mut Shared) {
        // What a dropped name gives back: the status before it, but not a refusal, which
        // was about an earlier name and would read as this one's.
        let status = match (self.typed.take(), shared.status.kind) {
            (Some(typed), _) => typed.status,
            (None, StatusKind::Illegal) => StatusLine::turn("", &self.turn_text(&shared.settings)),
            (None, _) => shared.status.clone(),
        };
        let prompt = self.typing_prompt(&text, shared);
        shared.status = StatusLine::note(prompt.clone());
        self.typed = Some(Typed {
            text,
            status,
            prompt,
        });
    }

    pub(crate) fn cancel_typed(&mut self, shared: &mut Shared) {
        if let Some(typed) = self.typed.take()
            && shared.status.text.ends_with(&typed.prompt)
        {
            shared.status = typed.status;
        }
    }
}

/// Said when hints are switched on: the legend in one sentence.
pub const HINTS_ON: &str =
    "Hints on: W2 you win by your 2nd move (this one counts), L2 they do, D a draw.";

/// Where the bot searches, it ranks the moves it has proven nothing about.
pub const HINTS_ON_SEARCHED: &str =
    "Hints on: 1 2 3 the bot's choices (ties alike), ! the block, W2/L proven.";

/// Every name the game reads as a move in `position`, in lower case, with its move: the
/// names of the moves made on each cell (once each), then the numbers
/// [`Game::parse_move`] accepts, written without leading zeros; where names begin with a
/// digit (Qubic's `1a2`), after `#` (`#12`), so a digit typed is never taken for a number.
pub fn typable_names(game: &dyn Game, position: &dyn Position) -> Vec<(String, Move)> {
    let count = game.layout().cell_count();
    let mut names: Vec<(String, Move)> = Vec::new();
    for mv in (0..count).filter_map(|i| game.move_at(position, CellId::new(i))) {
        let name = game.move_name(position, mv).to_lowercase();
        if !names.iter().any(|(known, _)| *known == name) {
            names.push((name, mv));
        }
    }
    let digits = names
        .iter()
        .any(|(name, _)| name.starts_with(|c: char| c.is_ascii_digit()));
    let numbers = (0..=count).filter_map(|number| {
        let text = number.to_string();
        let mv = game.parse_move(position, &text).ok()?;
        Some((if digits { format!("#{text}") } else { text }, mv))
    });
    names.extend(numbers);
    names
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NameMatch {
    /// The whole name of this move, and the start of no other: it is played at once.
    Whole(Move),
    /// The whole name of this move and the start of longer ones (Qubic's `1`, of `12`):
    /// the next character decides, or the place key plays it.
    WholeOrLonger(Move),
    Prefix,
    None,
}

pub fn name_match(names: &[(String, Move)], text: &str) -> NameMatch {
    let whole = names
        .iter()
        .find(|(name, _)| name == text)
        .map(|&(_, mv)| mv);
    let longer = names
        .iter()
        .any(|(name, _)| name.len() > text.len() && name.starts_with(text));
    match (whole, longer) {
        (Some(mv), false) => NameMatch::Whole(mv),
        (Some(mv), true) => NameMatch::WholeOrLonger(mv),
        (None, true) => NameMatch::Prefix,
        (None, false) => NameMatch::None,
    }
}

/// A few names that go on from `text`, for the prompt: `12` and `1a1` after Qubic's `1`.
pub fn longer_names(names: &[(String, Move)], text: &str) -> Vec<String> {
    let goes_on = |name: &&String| name.len() > text.len() && name.starts_with(text);
    let is_number = |name: &&String| name.bytes().all(|b| b.is_ascii_digit());
    let all: Vec<&String> = names.iter().map(|(name, _)| name).filter(goes_on).collect();
    let number = all.iter().copied().find(is_number);
    let name = all.iter().copied().find(|name| !is_number(name));
    number.into_iter().chain(name).cloned().collect()
}

/// A key press without Ctrl or Alt, so that a letter is just the letter.
pub fn is_plain(key: &KeyEvent) -> bool {
    !key.modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER)
}

#[cfg(test)]
mod typing_tests {
    use super::*;
    use crate::games::{self, GameChoice, GameKind};
    use ratatui::crossterm::event::KeyCode;

    fn names_of(choice: GameChoice) -> (std::sync::Arc<dyn Game>, Vec<(String, Move)>) {
        let game = games::build(choice).unwrap();
        let names = typable_names(game.as_ref(), game.start().as_ref());
        (game, names)
    }

    fn classic(size: u8) -> GameChoice {
        GameChoice {
            kind: GameKind::Classic,
            size: Some(size),
            in_a_row: None,
        }
    }

    #[test]
    fn classic_3x3_digits_are_whole_names_at_once() {
        let (game, names) = names_of(classic(3));
        for digit in 1..=9 {
            let mv = game.parse_move(game.start().as_ref(), &digit.to_string());
            assert_eq!(
                name_match(&names, &digit.to_string()),
                NameMatch::Whole(mv.unwrap())
            );
        }
        assert_eq!(name_match(&names, "0"), NameMatch::None);
        // Only 3x3 takes numbers: on 4x4 a digit names nothing, as in the commands.
        let (_, names) = names_of(classic(4));
        assert_eq!(name_match(&names, "5"), NameMatch::None);
    }

    #[test]
    fn qubic_takes_a_digit_for_a_layer_and_a_number_after_its_hash() {
        let (game, names) = names_of(GameChoice::of(GameKind::Qubic));
        let cell = |text: &str| game.parse_move(game.start().as_ref(), text).unwrap();
        // A bare digit is never a cell number: 1..4 begin the layers' names, the rest nothing.
        for text in ["1", "4"] {
            assert_eq!(name_match(&names, text), NameMatch::Prefix, "{text}");
        }
        for text in ["0", "5", "7", "9", "12", "63"] {
            assert_eq!(name_match(&names, text), NameMatch::None, "{text}");
        }
        // After `#`, the numbers the commands read: placed at once unless one could go on.
        for (text, number) in [("#0", "0"), ("#7", "7"), ("#12", "12"), ("#63", "63")] {
            assert_eq!(name_match(&names, text), NameMatch::Whole(cell(number)));
        }
        assert_eq!(
            name_match(&names, "#1"),
            NameMatch::WholeOrLonger(cell("1"))
        );
        assert_eq!(name_match(&names, "2b3"), NameMatch::Whole(cell("2b3")));
        assert_eq!(name_match(&names, "2b"), NameMatch::Prefix);
        assert_eq!(name_match(&names, "#64"), NameMatch::None);
        assert_eq!(longer_names(&names, "1"), ["1a1"]);
    }

    #[test]
    fn the_screen_reads_the_numbers_the_commands_read() {
        for choice in games::all_choices() {
            let (game, names) = names_of(choice);
            let hash = game.key() == "qubic";
            for number in 0..300 {
                let text = number.to_string();
                let typed_as = if hash {
                    format!("#{text}")
                } else {
                    text.clone()
                };
                let typed = names
                    .iter()
                    .find(|(name, _)| *name == typed_as)
                    .map(|n| n.1);
                let read = game.parse_move(game.start().as_ref(), &text).ok();
                assert_eq!(typed, read, "{choice:?} {text}");
            }
        }
    }

    #[test]
    fn a_letter_with_ctrl_is_not_plain() {
        assert!(is_plain(&KeyEvent::new(
            KeyCode::Char('a'),
            KeyModifiers::SHIFT
        )));
        assert!(!is_plain(&KeyEvent::new(
            KeyCode::Char('a'),
            KeyModifiers::CONTROL
        )));
    }
}

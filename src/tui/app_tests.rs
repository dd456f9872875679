//! The game screen's state machine, driven by events as the loop would, with a stand-in
//! for the bot thread.

use super::*;
use std::sync::OnceLock;
use std::time::{Duration, SystemTime};

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use crate::config::{First, Mode};
use crate::core::review::Mark;
use crate::core::{CellId, Game, Hint, Side, Status};
use crate::core::{Decision, Difficulty};
use crate::games::latin::adapter::{Latin, LatinEngine};
use crate::games::latin::solver::Solver;
use crate::keys::{Action, Key};
use crate::store::SavedGame;
use crate::tui::event::{Event, SearchedHints};
use crate::tui::screens::play::recording::{NOT_RECORDED, Opening};
use crate::tui::screens::start::menu::Menu;
use crate::tui::shared::StatusKind;

fn engine() -> Arc<dyn Engine> {
    static ENGINE: OnceLock<Arc<dyn Engine>> = OnceLock::new();
    Arc::clone(ENGINE.get_or_init(|| Arc::new(LatinEngine::new(Arc::new(Solver::new())))))
}

fn ready() -> Event {
    Event::EngineReady {
        game: "latin".into(),
        engine: engine(),
    }
}

fn cell(name: &str) -> CellId {
    Latin.parse_cell(name).unwrap()
}

fn names(moves: &[crate::core::Move]) -> String {
    crate::core::move_names(&Latin, &*Latin.start(), moves).join(" ")
}

/// The first empty cell's name.
fn first_free(app: &App) -> String {
    Latin.move_name(app.play.position(), app.play.position().legal_moves()[0])
}

/// An app with a solver and a stand-in for the bot thread that answers on request.
pub(crate) struct Harness {
    pub(crate) app: App,
    now: Instant,
    pub(crate) asked: Vec<BotRequest>,
}

impl Harness {
    fn new(mode: Mode, starter: First, delay_ms: u64) -> Harness {
        let mut h = Harness::at_start(mode, starter, delay_ms);
        h.press(KeyCode::Enter); // the start screen's defaults
        h
    }

    /// On the start screen with these choices, the terminal big enough, the solver ready.
    fn at_start(mode: Mode, starter: First, delay_ms: u64) -> Harness {
        Harness::with(Settings {
            mode,
            first: starter,
            bot_delay: Duration::from_millis(delay_ms),
            ..Settings::default()
        })
    }

    /// On the start screen with these settings, the terminal big enough, the solver
    /// ready.
    fn with(options: Settings) -> Harness {
        let mut h = Harness::on(App::new(options, Memory::default(), Instant::now()));
        h.send(Event::Resize(100, 30));
        h.send(ready());
        h
    }

    /// On `app` as it is.
    pub(crate) fn on(app: App) -> Harness {
        let now = Instant::now();
        Harness {
            app,
            now,
            asked: Vec::new(),
        }
    }

    pub(crate) fn send(&mut self, event: Event) {
        let asked = self.app.update(event);
        self.asked.extend(asked);
    }

    pub(crate) fn press(&mut self, code: KeyCode) {
        self.send(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }

    pub(crate) fn typed(&mut self, text: &str) {
        for c in text.chars() {
            self.press(KeyCode::Char(c));
        }
    }

    /// The status line holds `words` (shown whole when it does not).
    #[track_caller]
    fn status_has(&self, words: &str) {
        let status = self.app.shared.status.text.as_str();
        assert!(status.contains(words), "{status}");
    }

    /// On the start screen, up to the row `row`.
    fn up_to(&mut self, row: usize) {
        while self.app.start.menu.row != row {
            self.press(KeyCode::Up);
        }
    }

    /// Starting asks first, as a new game would replace the saved unfinished game of
    /// `moves` ("2 moves").
    #[track_caller]
    fn start_asks_to_discard(&mut self, moves: &str) {
        self.press(KeyCode::Enter);
        let asked = format!("Discard the unfinished game ({moves}) for a new one? y/n");
        assert_eq!(self.app.start.note.as_deref(), Some(asked.as_str()));
    }

    /// Starting asks first, as the game on the board of `moves` ("2 moves"), not saved,
    /// would go from the screen.
    #[track_caller]
    fn start_asks_to_leave(&mut self, moves: &str) {
        self.press(KeyCode::Enter);
        let asked = format!("Leave the game on the board ({moves}, not saved)? y/n");
        assert_eq!(self.app.start.note.as_deref(), Some(asked.as_str()));
    }

    /// `q` quits at once: nothing on the board would be lost.
    #[track_caller]
    fn quits_at_once(&mut self) {
        self.typed("q");
        assert!(self.app.should_quit());
    }

    /// The status line starts with `words`.
    #[track_caller]
    pub(crate) fn status_starts(&self, words: &str) {
        let status = self.app.shared.status.text.as_str();
        assert!(status.starts_with(words), "{status}");
    }

    /// The bot thread's part: answer the newest move request with the perfect move.
    fn answer(&mut self) {
        self.answer_how(None);
    }

    /// The same, saying how the bot found it (as a search says its depth).
    fn answer_how(&mut self, how: Option<&str>) {
        let newest = self
            .asked
            .drain(..)
            .rev()
            .find_map(|request| match request {
                BotRequest::Move {
                    ticket, position, ..
                } => Some((ticket, position)),
                _ => None,
            });
        if let Some((ticket, position)) = newest {
            let cell = engine().best(position.as_ref()).unwrap();
            let decision = Decision {
                how: how.map(String::from),
                ..Decision::new(cell)
            };
            self.send(Event::BotMoved { ticket, decision });
        }
    }

    /// How many moves the bot has been asked for.
    fn moves_asked(&self) -> usize {
        self.asked
            .iter()
            .filter(|r| matches!(r, BotRequest::Move { .. }))
            .count()
    }

    fn tick(&mut self, ms: u64) {
        self.now += Duration::from_millis(ms);
        self.send(Event::Tick(self.now));
    }

    fn moves(&self) -> String {
        names(self.app.play.moves())
    }
}

#[test]
fn typing_a_cell_name_places_there_and_the_bot_replies() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    assert_eq!(h.app.screen, Screen::Play);
    h.typed("b2");
    assert_eq!(h.moves(), "b2");
    assert_eq!(h.moves_asked(), 1, "the bot is asked to reply");
    h.status_has("thinking");
    assert!(!h.app.play.human_to_move());
    h.answer();
    assert_eq!(h.app.play.moves().len(), 2);
    assert!(h.app.play.human_to_move());
    h.status_has("Your turn");
}

#[test]
fn arrows_move_the_cursor_with_wrapping_and_enter_places() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    assert_eq!(h.app.play.cursor, cell("b2"));
    h.press(KeyCode::Left);
    h.press(KeyCode::Left);
    assert_eq!(h.app.play.cursor, cell("d2"), "wraps around");
    h.press(KeyCode::Up);
    h.typed("l"); // right, wrapping to a
    h.press(KeyCode::Enter);
    assert_eq!(h.moves(), "a1");
    h.typed("j ");
    assert_eq!(h.moves(), "a1 a2");
}

#[test]
fn a_taken_cell_is_refused_with_its_name() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("c3");
    h.typed("c3");
    assert_eq!(h.app.shared.status.text.as_str(), "Illegal: c3 is taken");
    assert_eq!(h.moves(), "c3");
    assert_eq!(h.app.shared.status.kind, StatusKind::Illegal);
    h.typed("b2");
    assert!(matches!(h.app.shared.status.kind, StatusKind::Turn { .. }));
}

#[test]
fn moves_are_refused_while_the_bot_is_to_move() {
    let mut h = Harness::new(Mode::VsBot, First::Bot, 0);
    assert_eq!(h.moves_asked(), 1, "the bot moves first");
    h.typed("a1");
    assert!(h.app.play.moves().is_empty());
    h.status_starts("Wait");
}

#[test]
fn undo_against_the_bot_takes_back_both_moves_and_redo_restores_them() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.typed("b2");
    h.answer();
    h.typed("a1");
    h.answer();
    let before = h.moves();
    assert_eq!(h.app.play.moves().len(), 4);
    h.typed("u");
    assert_eq!(h.app.play.moves().len(), 2, "your a1 and the bot's reply");
    assert!(h.app.play.human_to_move());
    h.typed("u");
    assert!(h.app.play.moves().is_empty());
    h.typed("u");
    assert_eq!(h.app.shared.status.text.as_str(), "Nothing to undo.");
    h.typed("r");
    assert_eq!(h.app.play.moves().len(), 2);
    h.typed("r");
    assert_eq!(h.moves(), before);
    assert!(h.asked.is_empty(), "nothing to ask: the replies came back");
    h.typed("r");
    assert_eq!(h.app.shared.status.text.as_str(), "Nothing to redo.");
}

#[test]
fn undo_and_redo_forget_what_the_panel_said_of_the_bot_s_move() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.typed("b2");
    h.answer_how(Some("block"));
    assert!(
        h.app
            .play
            .bot_note
            .as_deref()
            .is_some_and(|n| n.ends_with(": block"))
    );
    h.typed("u");
    assert_eq!(h.app.play.bot_note, None, "its move was taken back");
    h.typed("b2");
    h.answer_how(Some("block"));
    h.typed("ur");
    assert_eq!(h.app.play.bot_note, None, "redone, its note not kept");
}

#[test]
fn a_new_move_clears_redo() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("a1b1u");
    h.typed("c1r");
    assert_eq!(h.moves(), "a1 c1");
    assert_eq!(h.app.shared.status.text.as_str(), "Nothing to redo.");
}

#[test]
fn undo_while_the_bot_thinks_drops_its_stale_answer() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.typed("b2");
    let Some(BotRequest::Move { ticket: stale, .. }) = h.asked.pop() else {
        panic!("the bot is asked");
    };
    h.typed("u");
    assert!(h.app.play.moves().is_empty());
    h.send(Event::BotMoved {
        ticket: stale,
        decision: Decision::new(cell("c3")),
    });
    assert!(h.app.play.moves().is_empty(), "the old answer is ignored");
}

/// On a busy server the bot's place in line is said where its thinking is, and an undo
/// cancels its search (the bot thread leaves the line, or stops searching, at once).
#[test]
fn a_bot_waiting_its_turn_says_so_and_an_undo_cancels_its_search() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.typed("b2");
    let Some(BotRequest::Move { ticket, .. }) = h.asked.pop() else {
        panic!("the bot is asked");
    };
    h.send(Event::BotWaiting {
        ticket,
        ahead: Some(3),
    });
    h.status_has("You played b2. Bot waits its turn: 3 searches ahead of it.");
    h.send(Event::BotWaiting {
        ticket: ticket + 1,
        ahead: Some(1),
    });
    h.status_has("3 searches"); // another request's place is not this one's
    h.send(Event::BotWaiting {
        ticket,
        ahead: None,
    });
    h.status_has("You played b2. Bot is thinking…");
    assert!(!h.app.shared.watch.cancelled());
    h.typed("u");
    assert!(h.app.shared.watch.cancelled());
}

#[test]
fn undo_when_the_bot_opened_keeps_its_first_move() {
    let mut h = Harness::new(Mode::VsBot, First::Bot, 0);
    h.answer();
    assert_eq!(h.app.play.moves().len(), 1);
    h.typed("u");
    assert_eq!(h.app.play.moves().len(), 1);
    assert_eq!(h.app.shared.status.text.as_str(), "Nothing to undo.");
}

#[test]
fn the_bot_move_waits_for_the_delay_without_blocking() {
    let mut h = Harness::new(Mode::VsBot, First::You, 400);
    h.typed("b2");
    h.answer();
    assert_eq!(h.app.play.moves().len(), 1, "answered but not shown yet");
    h.tick(200);
    assert_eq!(h.app.play.moves().len(), 1);
    h.typed("?"); // keys still work meanwhile
    assert_eq!(h.app.overlay, Some(Overlay::Rules));
    h.tick(250);
    assert_eq!(h.app.play.moves().len(), 2, "shown once the delay passed");
}

#[test]
fn swapping_mid_game_hands_the_bot_your_side() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.typed("b2");
    h.answer_how(Some("block"));
    assert!(h.app.play.bot_note.is_some());
    assert_eq!(h.app.play.session.kept.human, Some(Side::First));
    h.typed("s");
    assert_eq!(
        h.app.play.session.kept.human,
        Some(Side::First),
        "asked first"
    );
    h.status_starts("Swap sides");
    h.typed("s");
    assert_eq!(h.app.play.session.kept.human, Some(Side::Second));
    assert_eq!(
        h.app.play.bot_note, None,
        "its note was on a move of the side you now play"
    );
    assert_eq!(h.moves_asked(), 1, "now the bot is to move, as X");
    h.status_starts("You now play O");
    h.answer();
    assert_eq!(h.app.play.moves().len(), 3);
    assert!(h.app.play.human_to_move());
}

/// Two people: X gets row 1 when O completes it (X X X O), so X wins 1 : 0.
fn finished_two_player_game() -> Harness {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("a1a2b1b2c1d1");
    h
}

/// Undo past the end says what it does, and the game played on counts for nothing: the
/// result recorded at the end stands.
#[test]
fn undo_after_the_end_is_practice_and_the_recorded_result_stands() {
    let mut h = finished_two_player_game();
    let key = crate::store::menu_record_key("latin", Mode::TwoHumans, Difficulty::Perfect).unwrap();
    let games = |h: &Harness| h.app.shared.memory.record(&key).games();
    assert_eq!(games(&h), 1);
    h.typed("u");
    h.status_has("The result stands as recorded; playing on is practice.");
    // O plays elsewhere this time; the game goes on to its end.
    while !h.app.play.position().status().is_over() {
        let free = first_free(&h.app);
        h.typed(&free);
    }
    assert!(
        h.app
            .shared
            .status
            .text
            .ends_with("Practice: the recorded result stands."),
        "{}",
        h.app.shared.status.text.as_str()
    );
    assert_eq!(games(&h), 1, "counted once");
}

/// That game, its review opened at the first move.
fn reviewing_finished_game() -> Harness {
    let mut h = finished_two_player_game();
    h.typed("v");
    assert_eq!(h.app.view().review_shown(), Some(1));
    h
}

#[test]
fn a_named_winner_wins_and_you_win() {
    for (name, expected) in [("Ada", "Ada (X) wins 1 : 0"), ("You", "You (X) win 1 : 0")] {
        let mut settings = Settings {
            mode: Mode::TwoHumans,
            ..Settings::default()
        };
        settings.names.first = name.into();
        let mut h = Harness::with(settings);
        h.press(KeyCode::Enter);
        h.typed("a1a2b1b2c1d1");
        h.status_starts(expected);
    }
}

#[test]
fn the_game_ends_with_the_winner_and_the_line() {
    let h = finished_two_player_game();
    assert!(h.app.play.position().status().is_over());
    assert_eq!(
        h.app.shared.status.text.as_str(),
        "Player 1 (X) wins 1 : 0 with row 1. Player 2's d1 gave X a point: row 1 now holds \
         three X and one O."
    );
    let mut h = h;
    h.typed("c");
    // The prompt still shows how a name goes on, with a name of the board's.
    let prompt = h.app.shared.status.text.as_str();
    assert!(!prompt.contains("(like )"), "{prompt}");
    h.typed("2");
    h.status_starts("The game is over");
}

#[test]
fn swapping_after_a_game_starts_the_next_with_sides_changed() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    play_to_the_end(&mut h);
    h.typed("s");
    assert!(h.app.play.moves().is_empty());
    assert_eq!(h.app.play.session.kept.human, Some(Side::Second));
    assert_eq!(h.moves_asked(), 1, "the bot opens the new game");
}

/// The person plays the first empty cell each turn until the game ends.
fn play_to_the_end(h: &mut Harness) {
    while !h.app.play.position().status().is_over() {
        if h.app.play.human_to_move() {
            let free = first_free(&h.app);
            h.typed(&free);
        } else {
            h.answer();
        }
    }
}

#[test]
fn new_game_goes_through_the_start_screen_and_keeps_the_old_game_until_then() {
    let mut h = finished_two_player_game();
    h.typed("n");
    assert_eq!(h.app.screen, Screen::Start);
    assert_eq!(h.app.start.menu.mode, Mode::TwoHumans, "choices kept");
    h.press(KeyCode::Esc);
    assert_eq!(h.app.screen, Screen::Play);
    assert_eq!(h.app.play.moves().len(), 6);
    h.typed("n");
    assert_eq!(
        h.app.start.menu.row,
        Menu::GAME,
        "the first arrow changes the game"
    );
    h.press(KeyCode::Down);
    assert_eq!(h.app.start.menu.row, Menu::MODE);
    h.press(KeyCode::Down); // side and level rows are skipped for two players
    assert_eq!(h.app.start.menu.row, Menu::HINTS);
    h.press(KeyCode::Right); // Demo
    h.press(KeyCode::Left); // back to two players
    h.press(KeyCode::Enter);
    assert!(h.app.play.moves().is_empty());
    assert_eq!(h.app.play.session.kept.mode, Mode::TwoHumans);
    assert!(
        !h.app.play.hints,
        "hints off unless chosen: they give the game away"
    );
}

#[test]
fn review_steps_through_the_moves_and_marks_mistakes() {
    let mut h = reviewing_finished_game();
    h.press(KeyCode::Left);
    assert_eq!(
        h.app.view().review_shown(),
        Some(1),
        "stops at the first move"
    );
    for _ in 0..10 {
        h.press(KeyCode::Right);
    }
    assert_eq!(h.app.view().review_shown(), Some(6), "stops at the last");
    let last = h.app.view().review().unwrap();
    assert_eq!(last.mv, cell("d1").into());
    assert_eq!(last.mark, Mark::Blunder);
    let sentence = last.sentence(&Latin, h.app.play.history(), "X");
    assert!(sentence.starts_with("d1 lost at once; "), "{sentence}");
    assert!(sentence.ends_with("won in 3 moves"), "{sentence}");
    assert_eq!(
        h.app.view().shown_position().text(),
        h.app.play.position().text()
    );
    h.press(KeyCode::Left);
    assert_eq!(h.app.view().shown_position().stones(), 5);
    h.typed("v");
    assert_eq!(h.app.screen, Screen::Play);
}

#[test]
fn review_waits_for_the_end_of_the_game() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("b2v");
    assert_eq!(h.app.screen, Screen::Play);
    assert_eq!(
        h.app.shared.status.text.as_str(),
        "Review opens when the game is over."
    );
}

#[test]
fn quitting_a_game_in_progress_asks_once() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("b2q");
    assert!(!h.app.should_quit());
    assert_eq!(
        h.app.shared.status.text.as_str(),
        "q again to quit (the game is kept), any other key to stay."
    );
    h.press(KeyCode::Esc);
    assert!(!h.app.should_quit(), "any other key stays");
    h.typed("qq");
    assert!(h.app.should_quit());
}

#[test]
fn esc_cancels_or_closes_and_never_quits() {
    let mut h = Harness::at_start(Mode::TwoHumans, First::You, 0);
    h.press(KeyCode::Esc);
    assert!(
        !h.app.should_quit(),
        "no game yet: Esc on the start screen stays"
    );
    h.press(KeyCode::Enter);
    h.typed("b");
    h.press(KeyCode::Esc);
    h.typed("2");
    assert_eq!(h.app.play.moves().len(), 0, "the typed b was dropped");
    h.press(KeyCode::Esc);
    h.status_has("Nothing to close: q quits.");
    h.typed("n");
    h.press(KeyCode::Esc);
    assert_eq!(h.app.screen, Screen::Play, "back to the game");
    for _ in 0..3 {
        h.press(KeyCode::Esc);
    }
    assert!(!h.app.should_quit());
}

#[test]
fn quitting_without_a_game_on_does_not_ask() {
    let mut h = finished_two_player_game();
    h.quits_at_once();
}

#[test]
fn ctrl_c_quits_from_anywhere() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("b2?");
    assert_eq!(h.app.overlay, Some(Overlay::Rules));
    let mut ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    ctrl_c.kind = KeyEventKind::Press;
    h.send(Event::Key(ctrl_c));
    assert!(h.app.should_quit());
}

/// One key, one meaning: a letter that starts a cell's name only ever types it, and the
/// level key is not a letter of any name.
#[test]
fn a_letter_of_a_cell_name_types_it_and_nothing_else() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    let (level, cursor) = (h.app.play.session.kept.difficulty, h.app.play.cursor);
    h.typed("d");
    assert_eq!(h.app.play.session.kept.difficulty, level);
    assert_eq!(h.app.play.cursor, cursor);
    h.status_has("d… then the rest");
    h.typed("3");
    assert_eq!(h.moves(), "d3");
    h.answer();
    h.typed("+");
    assert_ne!(
        h.app.play.session.kept.difficulty, level,
        "+ changes the level"
    );
    h.typed("h");
    assert_ne!(h.app.play.cursor, cell("d3"), "h moves left");
}

/// A typed name that is no cell of this board says why and how names run.
#[test]
fn a_name_that_cannot_be_played_says_why() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("e");
    h.status_has("a column a-d");
    h.typed("c7");
    h.status_has("'c7' is not a cell");
    assert!(h.app.play.moves().is_empty());
    h.typed("a4");
    assert_eq!(h.moves(), "a4", "the next name places");
}

/// A rebound key that would start a cell's name is refused when the settings are read.
#[test]
fn a_letter_of_the_cell_names_cannot_be_bound() {
    let refused = "b".parse::<crate::keys::Key>().unwrap_err();
    assert!(
        refused.to_string().contains("starts cell names"),
        "{refused}"
    );
}

#[test]
fn a_too_small_terminal_ignores_everything_but_quitting() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.send(Event::Resize(50, 12));
    assert!(h.app.too_small());
    h.typed("a1?+t");
    assert!(h.app.play.moves().is_empty(), "nothing placed unseen");
    assert_eq!(h.app.overlay, None);
    assert!(!h.app.play.hints);
    assert_eq!(h.app.play.session.kept.difficulty, Difficulty::Perfect);
    h.send(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: 10,
        row: 5,
        modifiers: KeyModifiers::NONE,
    }));
    assert!(h.app.play.moves().is_empty());
    h.send(Event::Resize(100, 30));
    h.typed("a1");
    assert_eq!(h.moves(), "a1", "enlarged, keys work again");
    h.send(Event::Resize(50, 12));
    assert!(
        h.moves_asked() == 1 && !h.app.play.bot.busy(),
        "the bot waits"
    );
    h.send(Event::Resize(100, 30));
    assert_eq!(h.moves_asked(), 2, "and is asked again once the game shows");
    h.answer();
    assert_eq!(h.app.play.moves().len(), 2);
    h.send(Event::Resize(50, 12));
    h.typed("q");
    assert!(
        h.app.should_quit(),
        "q quits at once: a question could not be seen"
    );
}

#[test]
fn the_demo_pauses_while_the_terminal_is_too_small() {
    let mut h = Harness::at_start(Mode::Demo, First::You, 0);
    h.send(Event::Resize(50, 12));
    h.press(KeyCode::Enter);
    assert_eq!(h.app.screen, Screen::Start, "Enter does nothing unseen");
    h.send(Event::Resize(100, 30));
    h.press(KeyCode::Enter);
    assert_eq!(h.moves_asked(), 1);
    h.send(Event::Resize(50, 12));
    h.answer();
    assert!(
        h.app.play.moves().is_empty(),
        "the answer for a paused game is dropped"
    );
    assert!(h.asked.is_empty(), "and nothing more is asked");
}

#[test]
fn a_click_on_a_cell_places_there() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    let board = geometry::areas(Latin.layout(), ratatui::layout::Rect::new(0, 0, 100, 30))
        .unwrap()
        .board;
    let target = board.cell_rect(Latin.place(cell("c4")));
    h.send(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: target.x + 2,
        row: target.y + 1,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(h.moves(), "c4");
}

#[test]
fn the_bot_choosing_takes_the_first_side_on_the_drawn_empty_board() {
    let h = Harness::new(Mode::VsBot, First::BotChooses, 0);
    assert_eq!(h.app.play.session.kept.human, Some(Side::Second));
    h.status_starts("Bot takes X and moves first");
    assert_eq!(h.moves_asked(), 1);
}

#[test]
fn the_bot_chooses_once_the_solver_is_ready() {
    let options = Settings {
        first: First::BotChooses,
        ..Settings::default()
    };
    let mut app = App::new(options, Memory::default(), Instant::now());
    let asked = app.update(Event::Key(KeyEvent::new(
        KeyCode::Enter,
        KeyModifiers::NONE,
    )));
    assert!(
        asked.iter().all(|r| matches!(r, BotRequest::Load(_))),
        "only the engine is asked for: {asked:?}"
    );
    assert_eq!(app.play.session.kept.human, None);
    let asked = app.update(ready());
    assert_eq!(app.play.session.kept.human, Some(Side::Second));
    assert_eq!(asked.len(), 1);
}

#[test]
fn bot_chooses_on_the_start_screen_does_not_freeze_two_players() {
    let mut h = Harness::at_start(Mode::VsBot, First::You, 0);
    for key in [KeyCode::Down, KeyCode::Right, KeyCode::Right] {
        h.press(key);
    }
    assert_eq!(h.app.start.menu.starter, First::BotChooses);
    for key in [KeyCode::Up, KeyCode::Right, KeyCode::Enter] {
        h.press(key);
    }
    assert_eq!(h.app.play.session.kept.mode, Mode::TwoHumans);
    h.typed("b2");
    assert_eq!(h.moves(), "b2", "{}", h.app.shared.status.text.as_str());
    h.typed("c3");
    assert_eq!(h.moves(), "b2 c3");
}

#[test]
fn bot_chooses_on_the_start_screen_does_not_freeze_the_demo() {
    let mut h = Harness::at_start(Mode::VsBot, First::You, 0);
    let keys = [KeyCode::Down, KeyCode::Right, KeyCode::Right, KeyCode::Up];
    for key in keys
        .into_iter()
        .chain([KeyCode::Right, KeyCode::Right, KeyCode::Enter])
    {
        h.press(key);
    }
    assert_eq!(h.app.start.menu.starter, First::BotChooses);
    assert_eq!(h.app.play.session.kept.mode, Mode::Demo);
    assert_eq!(h.moves_asked(), 1, "Bot 1 is asked for its move");
    h.answer();
    assert_eq!(h.app.play.moves().len(), 1);
    assert_eq!(h.moves_asked(), 1, "then Bot 2");
}

#[test]
fn the_demo_plays_itself_to_the_end() {
    let mut h = Harness::new(Mode::Demo, First::You, 0);
    while !h.app.play.position().status().is_over() {
        assert_eq!(h.moves_asked(), 1);
        h.answer();
    }
    // Perfect against perfect is a draw.
    h.status_starts("Draw");
    h.quits_at_once();
}

#[test]
fn a_failed_bot_is_reported_and_undo_still_works() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.typed("b2");
    h.asked.clear();
    h.send(Event::BotFailed("boom".into()));
    h.status_starts("The bot failed (boom)");
    assert!(h.asked.is_empty(), "not asked again straight away");
    h.typed("u");
    assert!(h.app.play.moves().is_empty());
}

#[test]
fn a_closed_input_ends_the_game_with_a_reason() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.send(Event::InputClosed("eof".into()));
    assert!(h.app.should_quit());
    assert_eq!(
        h.app.exit,
        Some(Exit::Failed("the terminal's input closed: eof".into()))
    );
}

#[test]
fn the_level_key_says_there_is_no_bot_between_two_people() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    let level = h.app.play.session.kept.difficulty;
    h.typed("+");
    assert_eq!(h.app.play.session.kept.difficulty, level);
    h.status_starts("No bot plays");
}

#[test]
fn each_mode_offers_only_the_keys_that_act_in_it() {
    let two = Harness::new(Mode::TwoHumans, First::You, 0);
    assert!(!two.app.view().offers(Action::Difficulty), "no bot to set");
    assert!(two.app.view().offers(Action::Undo) && two.app.view().offers(Action::Swap));
    let demo = Harness::new(Mode::Demo, First::You, 0);
    for action in [Action::Place, Action::Undo, Action::Redo, Action::Swap] {
        assert!(!demo.app.view().offers(action), "{action:?} in the demo");
    }
    assert!(demo.app.view().offers(Action::Difficulty));
    let bot = Harness::new(Mode::VsBot, First::You, 0);
    assert!(bot.app.view().offers(Action::Difficulty) && bot.app.view().offers(Action::Place));
    assert!(
        !bot.app.view().offers(Action::Review),
        "only once the game is over"
    );
}

#[test]
fn two_players_undo_one_move_at_a_time() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("a1b1u");
    assert_eq!(h.moves(), "a1");
    h.typed("s");
    assert_eq!(
        h.app.play.name(Side::First, &h.app.shared.settings),
        "Player 1",
        "asked first"
    );
    h.status_starts("Swap who plays which side?");
    h.typed("s");
    assert_eq!(
        h.app.play.name(Side::First, &h.app.shared.settings),
        "Player 2"
    );
}

fn saved_vs_bot(moves: &str) -> SavedGame {
    crate::store::tests::vs_hard(moves)
}

/// An app whose memory holds `saved`, with the solver ready, on the start screen.
fn remembering(saved: Option<SavedGame>) -> Harness {
    let memory = Memory::with(crate::store::Stats::default(), saved.into_iter().collect());
    with_memory(Settings::default(), memory)
}

/// An app with these settings and this memory, with the solver ready, on the start screen.
fn with_memory(settings: Settings, memory: Memory) -> Harness {
    let now = Instant::now();
    let mut h = Harness {
        app: App::new(settings, memory, now),
        now,
        asked: Vec::new(),
    };
    h.send(ready());
    h
}

/// An unfinished game of another game than the settings' (classic 3x3 here, Tic-Tac-Latin
/// in the settings) is what the start screen opens on, offered first; a game named on the
/// command line keeps its own.
#[test]
fn the_start_screen_opens_on_an_unfinished_game_of_another_game() {
    let classic = crate::games::build(crate::games::GameChoice::of(
        crate::games::GameKind::Classic,
    ))
    .unwrap();
    let moves = ["b2", "a1"].map(|name| classic.parse_move(&*classic.start(), name).unwrap());
    let session = crate::core::session::Resumed::new(Mode::TwoHumans, None, Difficulty::Hard);
    let saved = SavedGame::new(classic.key(), session, moves.to_vec());
    let mut h = remembering(Some(saved.clone()));
    h.app
        .start
        .asked_for(crate::tui::Asked::default(), &h.app.shared.memory);
    assert_eq!(h.app.start.menu.game.kind, crate::games::GameKind::Classic);
    assert_eq!(
        (h.app.start.menu.row, h.app.start.menu.resume),
        (Menu::RESUME, Some(2))
    );
    h.press(KeyCode::Enter);
    assert_eq!(h.app.screen, Screen::Play);
    assert_eq!(h.app.play.moves().len(), 2, "classic's game, resumed");
    assert_eq!(h.app.play.game().key(), "classic-3");

    // A game or a mode named on the command line: the settings' game, as asked.
    for (mode, game) in [(false, true), (true, false)] {
        let mut h = remembering(Some(saved.clone()));
        h.app.start.asked_for(
            crate::tui::Asked {
                mode,
                game,
                sized: false,
            },
            &h.app.shared.memory,
        );
        let kind = h.app.start.menu.game.kind;
        assert_eq!(
            kind,
            crate::games::GameKind::Latin,
            "mode {mode}, game {game}"
        );
        assert_eq!(h.app.start.menu.resume, None);
    }

    // `--game classic` alone, the settings saying 5x5: the unfinished 3x3 game is offered
    // (not highlighted: a game was named); with `--size 5` too, it is not.
    let classic_5 = Settings {
        game: crate::games::GameChoice {
            size: Some(5),
            ..crate::games::GameChoice::of(crate::games::GameKind::Classic)
        },
        ..Settings::default()
    };
    for (sized, offered) in [(false, Some(2)), (true, None)] {
        let memory = Memory::with(crate::store::Stats::default(), vec![saved.clone()]);
        let mut h = with_memory(classic_5.clone(), memory);
        h.app.start.asked_for(
            crate::tui::Asked {
                mode: false,
                game: true,
                sized,
            },
            &h.app.shared.memory,
        );
        assert_eq!(h.app.start.menu.resume, offered, "sized: {sized}");
        assert_eq!(h.app.start.menu.row, Menu::MODE);
    }
}

/// Hints on when the game was left are on when it is resumed (they start off against the
/// bot otherwise).
#[test]
fn hints_come_back_as_they_were_left() {
    let mut h = remembering(Some(SavedGame {
        hints: Some(true),
        ..saved_vs_bot("b2 c3")
    }));
    h.press(KeyCode::Enter);
    assert!(h.app.play.hints);
    h.typed("t");
    assert_eq!(h.app.play.unfinished().unwrap().hints, Some(false));
}

/// After a resumed game, the start screen offers this run's choices (the command line's
/// level and side), not the earlier run's.
#[test]
fn a_new_game_after_resuming_keeps_the_command_lines_choices() {
    let settings = Settings {
        difficulty: Difficulty::Easy,
        first: First::Bot,
        ..Settings::default()
    };
    let memory = Memory::with(crate::store::Stats::default(), vec![saved_vs_bot("b2 c3")]);
    let mut h = with_memory(settings, memory);
    h.press(KeyCode::Enter);
    assert_eq!(
        h.app.play.session.kept.difficulty,
        Difficulty::Hard,
        "the saved game's level"
    );
    h.typed("n");
    assert_eq!(h.app.start.menu.difficulty, Difficulty::Easy);
    assert_eq!(h.app.start.menu.starter, First::Bot);
}

/// Every move is written down as it is made, not only on the way out: a kill loses at
/// most the move in flight. Taking moves back to none leaves nothing to resume.
#[test]
fn every_move_is_saved_as_it_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let store = || crate::store::Store::new(dir.path().to_path_buf(), true);
    let on_disk = || store().load_game("latin").value.map(|g| names(&g.moves));
    let settings = Settings {
        mode: Mode::TwoHumans,
        ..Settings::default()
    };
    let mut h = with_memory(settings, Memory::load(store()));
    h.press(KeyCode::Enter);
    h.typed("b2");
    assert_eq!(on_disk().as_deref(), Some("b2"));
    h.typed("c3");
    assert_eq!(on_disk().as_deref(), Some("b2 c3"));
    h.typed("u");
    assert_eq!(on_disk().as_deref(), Some("b2"));
    h.typed("u");
    assert_eq!(on_disk(), None);
}

#[test]
fn a_saved_game_is_offered_first_and_resumes_where_it_stopped() {
    let mut h = remembering(Some(saved_vs_bot("b2 c3")));
    assert_eq!(h.app.start.menu.resume, Some(2));
    assert_eq!(
        h.app.start.menu.row,
        Menu::RESUME,
        "resuming is the default"
    );
    h.press(KeyCode::Enter);
    assert_eq!(h.app.screen, Screen::Play);
    assert_eq!(h.moves(), "b2 c3");
    assert_eq!(h.app.play.session.kept.difficulty, Difficulty::Hard);
    assert!(h.app.play.human_to_move());
    h.status_starts("Resumed your game of 2 moves");
    let mut h = remembering(Some(saved_vs_bot("b2")));
    h.press(KeyCode::Enter);
    h.status_starts("Resumed your game of 1 move. ");
    // The game on the board is the one kept: the start screen offers it, and resuming
    // it goes back to it.
    h.answer();
    h.tick(1000); // the bot's move shows after its delay
    let played = h.moves().split(' ').count();
    assert_eq!(played, 2, "{}", h.moves());
    h.typed("n");
    assert_eq!(h.app.start.menu.resume, Some(played));
    h.up_to(Menu::RESUME);
    h.press(KeyCode::Enter);
    assert_eq!(h.app.screen, Screen::Play);
    assert_eq!(h.moves().split(' ').count(), played);
    h.status_starts("Back to the game.");
}

#[test]
fn a_bot_reply_still_owed_is_asked_for_on_resuming() {
    let mut saved = saved_vs_bot("b2 c3");
    saved.session.human = Some(Side::Second);
    let mut h = remembering(Some(saved));
    h.press(KeyCode::Enter);
    assert_eq!(h.app.play.session.kept.human, Some(Side::Second));
    assert_eq!(h.moves_asked(), 1, "the bot is asked for its move");
}

/// Starting a new game over the chosen game's unfinished one asks first: any key but y
/// keeps it, y replaces it.
#[test]
fn a_new_game_replaces_the_saved_one_only_when_told_to() {
    let mut h = remembering(Some(saved_vs_bot("b2 c3")));
    h.press(KeyCode::Down);
    assert_eq!(h.app.start.menu.row, Menu::GAME);
    h.start_asks_to_discard("2 moves");
    assert_eq!(h.app.screen, Screen::Start);
    h.press(KeyCode::Enter);
    assert_eq!(
        h.app.start.note.as_deref(),
        Some("Kept the unfinished game.")
    );
    assert_eq!(
        h.app.start.saved_game(&h.app.shared).map(|g| g.moves.len()),
        Some(2)
    );
    h.press(KeyCode::Enter);
    h.typed("y");
    assert_eq!(h.app.screen, Screen::Play);
    assert!(h.app.play.moves().is_empty());
    assert!(h.app.start.saved_game(&h.app.shared).is_none());
}

/// A mode named on the command line puts Enter on the mode row; starting from there over
/// an unfinished game asks too (it used to discard the game at once).
#[test]
fn enter_on_the_mode_row_asks_before_discarding() {
    let mut h = remembering(Some(saved_vs_bot("b2 c3")));
    h.app.start.asked_for(
        crate::tui::Asked {
            mode: true,
            game: false,
            sized: false,
        },
        &h.app.shared.memory,
    );
    assert_eq!(h.app.start.menu.row, Menu::MODE);
    h.press(KeyCode::Enter);
    assert_eq!(h.app.screen, Screen::Start);
    h.typed("n");
    assert_eq!(
        h.app.start.saved_game(&h.app.shared).map(|g| g.moves.len()),
        Some(2)
    );
    assert!(!h.app.play.has_game);
}

#[test]
fn watching_the_demo_keeps_the_saved_game() {
    let mut h = remembering(Some(saved_vs_bot("b2 c3")));
    while h.app.start.menu.row != Menu::MODE {
        h.press(KeyCode::Down);
    }
    while h.app.start.menu.mode != Mode::Demo {
        h.press(KeyCode::Right);
    }
    h.press(KeyCode::Enter);
    assert_eq!(h.app.play.session.kept.mode, Mode::Demo);
    assert_eq!(
        h.app.start.saved_game(&h.app.shared).map(|g| g.moves.len()),
        Some(2)
    );
    assert_eq!(
        h.app.start.note.as_deref(),
        None,
        "nothing asked: the demo discards nothing"
    );
    // Played to its end, it neither reads nor clears the unfinished game.
    for _ in 0..16 {
        h.answer();
        h.tick(1000);
    }
    assert!(
        h.app.play.status().is_over(),
        "{}",
        h.app.shared.status.text.as_str()
    );
    assert_eq!(
        h.app.start.saved_game(&h.app.shared).map(|g| g.moves.len()),
        Some(2)
    );
    assert_eq!(h.app.save_on_exit(), None);
    assert_eq!(
        h.app.start.saved_game(&h.app.shared).map(|g| g.moves.len()),
        Some(2),
        "leaving the demo forgets nothing"
    );
}

#[test]
fn without_a_saved_game_there_is_no_resume_row() {
    let h = remembering(None);
    assert_eq!(h.app.start.menu.row, Menu::MODE);
    assert!(!h.app.start.menu.row_enabled(Menu::RESUME));
}

#[test]
fn the_game_in_progress_is_what_would_be_saved() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    assert_eq!(h.app.play.unfinished(), None, "nothing played yet");
    h.typed("b2");
    h.answer();
    let saved = h.app.play.unfinished().expect("a game in progress");
    assert_eq!(saved.moves.len(), 2);
    assert_eq!(saved.session.human, Some(Side::First));
    assert_eq!(
        saved.history().unwrap().position().text(),
        h.app.play.position().text()
    );
}

#[test]
fn a_finished_game_is_counted_once_and_not_saved() {
    let mut h = finished_two_player_game();
    assert_eq!(h.app.play.unfinished(), None);
    let record = |h: &Harness| h.app.start.record(&h.app.shared).unwrap();
    h.typed("n");
    assert_eq!(
        record(&h).wins,
        1,
        "X won row 1: a win for the first player"
    );
    // Undo and finishing again does not count the game twice.
    h.press(KeyCode::Esc);
    h.typed("ur");
    assert!(h.app.play.position().status().is_over());
    h.typed("n");
    assert_eq!(record(&h).games(), 1);
}

/// Two people playing extreme tic-tac-toe, one move (O's C3b1) from an end without a line
/// of small boards: X's won boards `x_won`, O's the seven other edge boards (28 points).
fn extreme_before_an_end_on_points(x_won: &[&str]) -> Harness {
    use crate::core::session::History;
    use crate::games::extreme::adapter::{Extreme, ExtremeEngine};
    use crate::games::extreme::testing::{X_31_O_28, one_move_from_the_points};
    use crate::games::{GameChoice, GameKind};
    let now = Instant::now();
    let settings = Settings {
        game: GameChoice::of(GameKind::Extreme),
        mode: Mode::TwoHumans,
        ..Settings::default()
    };
    let mut h = Harness {
        app: App::new(settings, Memory::default(), now),
        now,
        asked: Vec::new(),
    };
    h.send(Event::Resize(100, 30));
    h.send(Event::EngineReady {
        game: Extreme.key(),
        engine: Arc::new(ExtremeEngine),
    });
    h.press(KeyCode::Enter);
    let (start, _) = one_move_from_the_points(x_won, &X_31_O_28.1);
    h.app.play.session.history = History::new(Box::new(start));
    h
}

#[test]
fn a_game_won_on_points_says_so_and_counts_as_a_win() {
    let mut h = extreme_before_an_end_on_points(&crate::games::extreme::testing::X_31_O_28.0);
    h.typed("C3b1");
    assert_eq!(
        h.app.shared.status.text.as_str(),
        "Player 1 (X) wins on points, 31 : 28."
    );
    h.typed("n");
    let record = h.app.start.record(&h.app.shared).unwrap();
    assert_eq!((record.wins, record.draws, record.losses), (1, 0, 0));
}

#[test]
fn equal_points_at_the_end_are_a_draw_on_the_screen_and_in_the_record() {
    let x_28 = &crate::games::extreme::testing::X_31_O_28.0[..5];
    let mut h = extreme_before_an_end_on_points(x_28);
    h.typed("C3b1");
    assert_eq!(
        h.app.shared.status.text.as_str(),
        "Every small board is decided and no line of them: a draw on points, 28 : 28."
    );
    h.typed("n");
    let record = h.app.start.record(&h.app.shared).unwrap();
    assert_eq!((record.wins, record.draws, record.losses), (0, 1, 0));
}

#[test]
fn a_lost_game_against_the_bot_counts_as_a_loss_at_its_level() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    while !h.app.play.position().status().is_over() {
        let free = first_free(&h.app);
        h.typed(&free);
        h.answer();
    }
    h.typed("n");
    let record = h.app.start.record(&h.app.shared).unwrap();
    assert_eq!(record.wins, 0, "the perfect bot never loses");
    assert_eq!(record.games(), 1);
}

/// Not recorded means not listed either: no record file is kept of it for `games`.
#[test]
fn a_game_with_sides_swapped_mid_game_is_not_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let settings = Settings {
        bot_delay: Duration::ZERO,
        ..Settings::default()
    };
    let mut h = with_memory(settings, saving_in(dir.path()));
    h.press(KeyCode::Enter);
    h.typed("b2");
    h.answer();
    h.typed("ss");
    assert!(h.app.play.session.kept.swapped);
    play_to_the_end(&mut h);
    assert!(
        h.app.shared.status.text.as_str().ends_with(NOT_RECORDED),
        "{}",
        h.app.shared.status.text.as_str()
    );
    assert!(kept_records(dir.path()).is_empty(), "no record to list");
    // A record written by hand says the seats changed hands.
    let record = h
        .app
        .play
        .game_record(SystemTime::now(), &h.app.shared.settings);
    assert!(record.tag("Swapped").is_some(), "{}", record.to_text());
    h.typed("n");
    assert_eq!(h.app.start.record(&h.app.shared).unwrap().games(), 0);
}

#[test]
fn swapping_before_the_first_move_still_records_the_game() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.typed("s");
    assert!(
        !h.app.play.session.kept.swapped,
        "choosing a side is not a swap"
    );
    play_to_the_end(&mut h);
    h.typed("n");
    assert_eq!(h.app.start.record(&h.app.shared).unwrap().games(), 1);
}

#[test]
fn raising_the_level_before_the_end_files_the_game_at_the_weakest_level_played() {
    let options = Settings {
        difficulty: Difficulty::Easy,
        bot_delay: Duration::ZERO,
        ..Settings::default()
    };
    let mut h = Harness::with(options);
    h.press(KeyCode::Enter);
    let mut raised = false;
    // At most 8 of the person's moves fill the board.
    for _ in 0..8 {
        if h.app.play.position().status().is_over() {
            break;
        }
        let free = first_free(&h.app);
        h.typed(&free);
        h.answer();
        if !raised {
            // Once the bot has played at easy: easy -> medium -> hard -> perfect.
            for _ in 0..3 {
                h.typed("+");
            }
            assert_eq!(h.app.play.session.kept.difficulty, Difficulty::Perfect);
            raised = true;
        }
    }
    assert!(h.app.play.position().status().is_over(), "{}", h.moves());
    let games_at = |h: &Harness, level| {
        let key = crate::store::menu_record_key("latin", Mode::VsBot, level).unwrap();
        h.app.shared.memory.record(&key).games()
    };
    assert_eq!(
        games_at(&h, Difficulty::Perfect),
        0,
        "not a game against perfect"
    );
    assert_eq!(games_at(&h, Difficulty::Easy), 1);
    assert!(
        h.app
            .shared
            .status
            .text
            .ends_with("Recorded at easy, the weakest level the bot played."),
        "{}",
        h.app.shared.status.text.as_str()
    );
}

#[test]
fn a_signal_quits_at_once_even_mid_game() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.typed("b2");
    h.send(Event::Terminate(Signal::TERMINATE));
    assert!(h.app.should_quit());
    assert_eq!(h.app.exit, Some(Exit::Signal(Signal::TERMINATE)));
    assert!(h.app.play.unfinished().is_some(), "kept for saving");
}

#[test]
fn a_swap_mid_game_is_asked_and_any_other_key_keeps_the_side() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.typed("b2");
    h.answer();
    h.typed("s");
    h.press(KeyCode::Down);
    assert_eq!(h.app.play.session.kept.human, Some(Side::First));
    h.status_starts("Kept the sides.");
    assert_eq!(
        h.app.play.cursor,
        cell("b2"),
        "the key only answered the question"
    );
}

#[test]
fn a_cursor_key_drops_a_half_typed_name_and_its_prompt() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("b");
    h.status_has("b…");
    h.press(KeyCode::Down);
    assert!(
        !h.app.shared.status.text.as_str().contains('…'),
        "{}",
        h.app.shared.status.text.as_str()
    );
    h.typed("3");
    assert!(h.app.play.moves().is_empty(), "3 alone is no cell");
    h.status_starts("Illegal: '3' is not a cell");
}

#[test]
fn a_complaint_about_a_taken_cell_goes_when_the_cursor_moves() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("b2b2");
    assert_eq!(h.app.shared.status.kind, StatusKind::Illegal);
    h.press(KeyCode::Right);
    assert!(matches!(h.app.shared.status.kind, StatusKind::Turn { .. }));
}

#[test]
fn redo_shows_in_the_footer_once_there_is_something_to_redo() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("b2");
    assert!(!h.app.play.history().can_redo());
    h.typed("u");
    assert!(h.app.play.history().can_redo());
}

#[test]
fn switching_hints_on_explains_them() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.typed("t");
    h.status_has("W2 you win by your 2nd move (this one counts)");
}

#[test]
fn only_the_demo_asks_the_bot_to_vary_its_moves() {
    let varies = |mode: Mode| {
        let h = Harness::new(mode, First::Bot, 0);
        let asked: Vec<bool> = h
            .asked
            .iter()
            .filter_map(|r| match r {
                BotRequest::Move { vary, .. } => Some(*vary),
                _ => None,
            })
            .collect();
        assert_eq!(asked.len(), 1, "{mode:?}: {:?}", h.asked);
        asked[0]
    };
    assert!(varies(Mode::Demo));
    assert!(!varies(Mode::VsBot));
}

/// The review screen marks each move as `annotate` does: over seeded games of
/// Tic-Tac-Latin, a slower win or faster loss is `?` on both (the screen used to mark only
/// `??`), a worse outcome `??`.
#[test]
fn the_review_screen_marks_moves_as_annotate_does() {
    use crate::core::review::{DEFAULT_BUDGET, Mark, review_game};
    use crate::core::session::History;
    use rand::RngExt;

    let engine = engine();
    let mut app = App::with_game(Settings::default(), Arc::new(Latin), Instant::now());
    app.update(ready());
    let mut slower = 0;
    for seed in 0..12 {
        let mut rng = crate::games::kit::rng::rng_from_seed(seed);
        let mut history = History::new(Latin.start());
        while !history.position().status().is_over() {
            let moves = history.position().legal_moves();
            history
                .play(moves[rng.random_range(0..moves.len())])
                .unwrap();
        }
        app.play.session.history = history.clone();
        let annotated: Vec<Mark> = review_game(engine.as_ref(), &history, DEFAULT_BUDGET, 1)
            .iter()
            .map(|judgement| {
                judgement
                    .as_ref()
                    .map_or(Mark::Sound, crate::core::review::Judgement::mark)
            })
            .collect();
        assert_eq!(app.view().marks(), Some(annotated.clone()), "seed {seed}");
        slower += annotated.iter().filter(|&&m| m == Mark::Mistake).count();
    }
    assert!(slower > 0, "some game has a `?` move to compare");
}

#[test]
fn review_jumps_to_the_ends_and_between_mistakes() {
    // a1 keeps the draw; every move after it is a mistake (see the review test above).
    let mut h = reviewing_finished_game();
    h.press(KeyCode::End);
    assert_eq!(h.app.view().review_shown(), Some(6));
    h.press(KeyCode::Tab);
    assert_eq!(h.app.view().review_shown(), Some(6));
    // Numbered and named as the move list shows them: O's d1 is on the list's third row.
    assert_eq!(
        h.app.shared.status.text.as_str(),
        "No ? or ?? mistake after move 3, d1."
    );
    h.press(KeyCode::BackTab);
    assert_eq!(h.app.view().review_shown(), Some(5));
    assert_eq!(h.app.shared.status.text.as_str(), "Mistake at move 3, c1.");
    h.press(KeyCode::Home);
    assert_eq!(h.app.view().review_shown(), Some(1));
    h.status_starts("Review:");
    h.press(KeyCode::BackTab);
    assert_eq!(
        h.app.shared.status.text.as_str(),
        "No ? or ?? mistake before move 1, a1."
    );
    h.press(KeyCode::Tab);
    assert_eq!(
        h.app.view().review_shown(),
        Some(2),
        "a2 is the first mistake"
    );
}

#[test]
fn a_review_key_bound_to_an_action_keeps_its_action() {
    let mut settings = Settings {
        mode: Mode::TwoHumans,
        ..Settings::default()
    };
    settings
        .keys
        .set(Action::Right, [Key::new(KeyCode::End, KeyModifiers::NONE)]);
    let mut h = Harness::with(settings);
    h.press(KeyCode::Enter);
    h.typed("a1a2b1b2c1d1v");
    h.press(KeyCode::End);
    assert_eq!(h.app.view().review_shown(), Some(2), "End steps right here");
}

#[test]
fn a_mode_named_on_the_command_line_wins_over_the_resume_offer() {
    use crate::tui::Asked;
    for asked in [
        Asked {
            mode: true,
            game: false,
            sized: false,
        },
        Asked {
            mode: false,
            game: true,
            sized: false,
        },
    ] {
        let mut h = remembering(Some(saved_vs_bot("b2 c3")));
        h.app.start.asked_for(asked, &h.app.shared.memory);
        assert_eq!(h.app.start.menu.row, Menu::MODE, "{asked:?}");
        assert_eq!(h.app.start.menu.resume, Some(2), "the offer stays");
        h.press(KeyCode::Up);
        h.press(KeyCode::Up);
        assert_eq!(h.app.start.menu.row, Menu::RESUME, "above the mode");
    }
    let mut h = remembering(Some(saved_vs_bot("b2 c3")));
    h.app
        .start
        .asked_for(Asked::default(), &h.app.shared.memory);
    assert_eq!(
        h.app.start.menu.row,
        Menu::RESUME,
        "nothing asked: resuming first"
    );
}

fn ctrl(h: &mut Harness, c: char) {
    h.send(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::CONTROL,
    )));
}

#[test]
fn ctrl_z_asks_the_loop_to_suspend_unless_it_is_bound() {
    let mut h = Harness::new(Mode::TwoHumans, First::You, 0);
    h.typed("b2");
    ctrl(&mut h, 'z');
    assert!(h.app.take_suspend());
    assert!(!h.app.take_suspend(), "once");
    assert_eq!(h.moves(), "b2", "nothing else happened");
    let mut settings = Settings {
        mode: Mode::TwoHumans,
        ..Settings::default()
    };
    let ctrl_z = Key::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
    settings.keys.set(Action::Undo, [ctrl_z]);
    let mut h = Harness::with(settings);
    h.press(KeyCode::Enter);
    h.typed("b2");
    ctrl(&mut h, 'z');
    assert!(!h.app.take_suspend());
    assert!(h.app.play.moves().is_empty(), "bound to undo, it undoes");
}

fn click(h: &mut Harness, x: u16, y: u16) {
    h.send(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    }));
}

#[test]
fn clicks_on_the_start_screen_choose_rows_and_options() {
    let mut h = remembering(Some(saved_vs_bot("b2 c3")));
    h.send(Event::Resize(100, 30));
    let screen = ratatui::layout::Rect::new(0, 0, 100, 30);
    let content = geometry::start_areas(screen).unwrap().content;
    let lines = h.app.start.menu.lines(content);
    let line = |row: usize| lines.iter().find(|l| l.row == row).unwrap().clone();
    // The label of the level row highlights it.
    let level = line(Menu::LEVEL);
    click(&mut h, content.x + 3, level.y);
    assert_eq!(h.app.start.menu.row, Menu::LEVEL);
    // An option of the mode row highlights the row and chooses it.
    let mode = line(Menu::MODE);
    let two = Mode::ALL
        .iter()
        .position(|&m| m == Mode::TwoHumans)
        .unwrap();
    click(&mut h, mode.options[two].start + 1, mode.y);
    assert_eq!(h.app.start.menu.row, Menu::MODE);
    assert_eq!(h.app.start.menu.mode, Mode::TwoHumans);
    // The resume row.
    click(&mut h, content.x + 5, line(Menu::RESUME).y);
    assert_eq!(h.app.start.menu.row, Menu::RESUME);
    // Below the rows, nothing.
    click(&mut h, content.x + 5, lines.last().unwrap().y + 1);
    assert_eq!(h.app.start.menu.row, Menu::RESUME);
    h.press(KeyCode::Enter);
    assert_eq!(h.moves(), "b2 c3", "resumed");
}

/// A data directory that is a file: the game cannot be kept, and quitting says so instead
/// of promising "the game is kept".
#[test]
fn the_quit_prompt_never_promises_a_game_that_cannot_be_saved() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("data");
    std::fs::write(&file, "").unwrap();
    let two = Settings {
        mode: Mode::TwoHumans,
        ..Settings::default()
    };
    let mut h = with_memory(
        two.clone(),
        Memory::load(crate::store::Store::new(file, true)),
    );
    h.press(KeyCode::Enter);
    h.status_starts("Not saved: ");
    h.typed("b2");
    assert!(h.app.play.in_progress());
    assert_eq!(
        h.app.play.keeping.fact(&h.app.shared.memory).as_deref(),
        Some("no: the data directory cannot be written"),
        "the panel keeps saying it"
    );
    h.typed("q");
    h.status_has("again to quit (it cannot be saved: the game is lost)");
    assert!(h.app.save_on_exit().is_some());

    // A write that fails (here the saved game's name is taken by a folder once the game
    // is under way; a full disk fails the same way) is said at once, and the quit prompt
    // says what is lost.
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::new(dir.path().to_path_buf(), true);
    let mut h = with_memory(two, Memory::load(store));
    h.press(KeyCode::Enter);
    h.typed("b2");
    std::fs::create_dir(dir.path().join("saved-game.toml.new")).unwrap();
    std::fs::remove_file(dir.path().join("saved-game.toml")).unwrap();
    std::fs::rename(
        dir.path().join("saved-game.toml.new"),
        dir.path().join("saved-game.toml"),
    )
    .unwrap();
    h.typed("c3");
    h.status_has("(Could not save the game: ");
    h.typed("q");
    h.status_has("(the latest moves could not be saved)");
}

/// Two people on a real store, on the game screen of classic 3x3.
/// Two people on classic 3x3.
fn two_people_3x3() -> Settings {
    Settings {
        mode: Mode::TwoHumans,
        game: crate::games::GameChoice {
            size: Some(3),
            ..crate::games::GameChoice::of(crate::games::GameKind::Classic)
        },
        ..Settings::default()
    }
}

/// The memory of a store in `dir`, saving.
fn saving_in(dir: &std::path::Path) -> Memory {
    Memory::load(crate::store::Store::new(dir.to_path_buf(), true))
}

fn two_people_saving(dir: &std::path::Path) -> Harness {
    let mut h = with_memory(two_people_3x3(), saving_in(dir));
    h.press(KeyCode::Enter);
    h
}

/// Classic 3x3's names of these cells.
fn names_3x3(moves: &[crate::core::Move]) -> String {
    let game = crate::games::classic::Variant::new(3, None).unwrap();
    crate::core::move_names(&game, &*game.start(), moves).join(" ")
}

/// The first player wins a game of classic 3x3 in five moves: a1 b1 a2 b2 a3.
fn first_wins(h: &mut Harness) {
    h.typed("a1b1a2b2a3");
    assert!(h.app.play.status().is_over());
}

/// Two windows on one data directory: the first plays `moves`, then the second opens, on
/// a copy of that game (the first keeps it).
fn two_windows(dir: &std::path::Path, moves: &str) -> (Harness, Harness) {
    let mut a = two_people_saving(dir);
    a.typed(moves);
    let b = two_people_saving(dir);
    (a, b)
}

fn on_disk(dir: &std::path::Path) -> Option<SavedGame> {
    crate::store::Store::new(dir.to_path_buf(), true)
        .load_game("classic-3")
        .value
}

/// A game taken back after its end is alive again: it is saved again from the first
/// undo, and quitting says so truthfully.
#[test]
fn a_game_undone_after_its_end_is_saved_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = two_people_saving(dir.path());
    first_wins(&mut h);
    assert!(on_disk(dir.path()).is_none(), "a finished game is not kept");
    h.typed("u");
    assert_eq!(on_disk(dir.path()).map(|g| g.moves.len()), Some(4));
    h.typed("c3");
    assert_eq!(on_disk(dir.path()).map(|g| g.moves.len()), Some(5));
    h.typed("q");
    h.status_has("(the game is kept)");
}

/// What redo would play again, and two people's swapped sides, come back on resuming.
#[test]
fn moves_to_redo_and_swapped_sides_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = two_people_saving(dir.path());
    h.typed("a1b1a2b2uu");
    let saved = on_disk(dir.path()).unwrap();
    assert_eq!(names_3x3(&saved.moves), "a1 b1");
    assert_eq!(
        names_3x3(&saved.redo),
        "a2 b2",
        "in the order redo plays them"
    );
    h.typed("ss");
    assert!(on_disk(dir.path()).unwrap().session.names_swapped);
    drop(h);

    let mut again = with_memory(two_people_3x3(), saving_in(dir.path()));
    again.up_to(Menu::RESUME);
    again.press(KeyCode::Enter);
    assert_eq!(
        again.app.play.name(Side::First, &again.app.shared.settings),
        "Player 2",
        "sides still swapped"
    );
    again.typed("r");
    assert_eq!(names_3x3(again.app.play.moves()), "a1 b1 a2");
    again.typed("r");
    assert_eq!(names_3x3(again.app.play.moves()), "a1 b1 a2 b2");
}

/// Two people after a game: the swap key starts the next game with the sides swapped,
/// rather than rewriting who won the last one.
#[test]
fn two_people_swapping_after_a_game_play_the_next_one_swapped() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = two_people_saving(dir.path());
    first_wins(&mut h);
    h.status_starts("Player 1 (X) wins");
    h.typed("s");
    assert!(h.app.play.moves().is_empty(), "a new game");
    assert_eq!(
        h.app.play.name(Side::First, &h.app.shared.settings),
        "Player 2"
    );
    h.status_starts("New game, sides swapped: Player 2 plays X.");
}

/// A window that played a copy of a game another window kept, once that window has
/// closed: resuming reads the game from its file and keeps it from then on, after asking
/// about the copy on the board.
#[test]
fn resuming_after_the_keeper_closed_reads_its_game_not_the_copy() {
    let dir = tempfile::tempdir().unwrap();
    // The second window opens a copy of the game, not kept, since the first keeps it.
    let (mut a, mut b) = two_windows(dir.path(), "a1");
    b.status_has("A copy of the game open in another window");
    b.typed("c3");
    a.typed("b1");
    // On the start screen, the second window says its game is not saved and where the
    // kept one is open.
    b.typed("n");
    let screen = drawn_text(&b.app);
    assert!(
        screen.contains("Your current game (not saved) waits on the board"),
        "{screen}"
    );
    assert!(screen.contains("· open in another window"), "{screen}");
    b.typed("q");
    drop(a); // the first window closes, its game kept: a1 b1
    b.typed("n");
    b.up_to(Menu::RESUME);
    assert_eq!(b.app.start.menu.resume, Some(2));
    b.start_asks_to_leave("2 moves"); // the copy on the board, a1 c3
    b.typed("y");
    assert_eq!(names_3x3(b.app.play.moves()), "a1 b1");
    b.typed("c1");
    assert_eq!(names_3x3(&on_disk(dir.path()).unwrap().moves), "a1 b1 c1");
}

/// On the start screen, another window's moves and results show within a second.
#[test]
fn the_start_screen_follows_other_windows() {
    let dir = tempfile::tempdir().unwrap();
    let mut watcher = with_memory(two_people_3x3(), saving_in(dir.path()));
    let mut player = two_people_saving(dir.path());
    player.typed("a1b1");
    watcher.tick(1100);
    assert_eq!(watcher.app.start.menu.resume, Some(2));
    player.typed("a2b2a3");
    watcher.tick(1100);
    assert_eq!(watcher.app.start.menu.resume, None, "finished elsewhere");
    assert_eq!(
        watcher
            .app
            .start
            .record(&watcher.app.shared)
            .map(|r| r.wins),
        Some(1)
    );
}

/// A game won, undone and won again: nothing is left to resume, and the result counts
/// once, even when the undone game was saved, resumed and finished in a later run.
#[test]
fn a_game_ended_again_after_an_undo_leaves_nothing_and_counts_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = two_people_saving(dir.path());
    h.typed("a1a2b1b2c1");
    assert_eq!(h.app.start.record(&h.app.shared).map(|r| r.wins), Some(1));
    h.typed("u");
    assert!(on_disk(dir.path()).unwrap().session.counted);
    h.typed("c1");
    assert!(
        on_disk(dir.path()).is_none(),
        "ended again: nothing to resume"
    );
    h.typed("u");
    drop(h);

    let mut again = two_people_saving(dir.path());
    again.status_starts("Resumed");
    again.typed("r");
    assert!(again.app.play.status().is_over());
    assert_eq!(
        again.app.start.record(&again.app.shared).map(|r| r.wins),
        Some(1),
        "still one"
    );
    assert!(on_disk(dir.path()).is_none());
}

/// A new game started while another window kept a game of its kind is kept once that
/// window's game has ended: nothing of the other's is overwritten, nothing of this lost.
#[test]
fn a_game_waiting_for_another_window_is_kept_once_that_one_ends() {
    let dir = tempfile::tempdir().unwrap();
    let (mut a, mut b) = two_windows(dir.path(), "a1");
    // b resumed a's game as a copy; a new game of its own instead:
    b.typed("n");
    b.start_asks_to_leave("1 move"); // the copy on the board
    b.typed("y");
    b.status_starts("Not saved yet");
    b.typed("b2");
    assert_eq!(names_3x3(&on_disk(dir.path()).unwrap().moves), "a1");
    a.typed("a2b1b2c1"); // a wins: its game is done
    drop(a);
    b.typed("c3");
    assert!(
        b.app
            .shared
            .status
            .text
            .as_str()
            .ends_with("Player 1's turn (X)."),
        "{}",
        b.app.shared.status.text.as_str()
    );
    assert_eq!(names_3x3(&on_disk(dir.path()).unwrap().moves), "b2 c3");
}

/// A copy of another window's game finished here is not recorded: that window's game is
/// the one that counts.
#[test]
fn a_copy_finished_here_is_not_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let (mut a, mut b) = two_windows(dir.path(), "a1a2b1b2");
    b.status_has("A copy");
    b.typed("c1");
    assert!(
        b.app
            .shared
            .status
            .text
            .ends_with("Not recorded: another window plays this game.")
    );
    assert_eq!(
        b.app.start.record(&b.app.shared).map(|r| r.games()),
        Some(0)
    );
    a.typed("c1");
    assert_eq!(a.app.start.record(&a.app.shared).map(|r| r.wins), Some(1));
}

/// The record files kept in `dir`'s records folder.
fn kept_records(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir.join("records")) else {
        return Vec::new();
    };
    let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    paths
}

/// A finished game is kept as one record with its players and end, and undoing after the
/// end and ending again keeps no second one.
#[test]
fn a_finished_game_is_kept_as_one_record() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = two_people_saving(dir.path());
    first_wins(&mut h);
    let kept = kept_records(dir.path());
    assert_eq!(kept.len(), 1, "{kept:?}");
    let record = crate::record::read_file(&kept[0]).unwrap();
    assert_eq!(record.tag("First"), Some("Player 1"));
    assert_eq!(record.tag("FirstPlayer"), Some("human"));
    assert_eq!(record.tag("SecondPlayer"), Some("human"));
    assert_eq!(record.tag("Termination"), Some("line"));
    assert!(record.tag("Date").is_some() && record.tag("Time").is_some());
    assert_eq!(record.outcome, Status::Won(Side::First));
    assert_eq!(record.moves.len(), 5);
    h.typed("ua3");
    assert!(h.app.play.status().is_over());
    assert_eq!(kept_records(dir.path()).len(), 1, "counted once, kept once");
}

/// The record names the bot at the level its result counts at: the weakest it played at,
/// not the one it was raised to before the end.
#[test]
fn the_record_names_the_level_the_result_counts_at() {
    let mut h = Harness::new(Mode::VsBot, First::You, 0);
    h.app.play.session.kept.difficulty = Difficulty::Easy;
    h.typed("b2");
    h.answer();
    h.app.play.session.kept.difficulty = Difficulty::Perfect;
    let record = h
        .app
        .play
        .game_record(std::time::SystemTime::now(), &h.app.shared.settings);
    assert_eq!(record.tag("SecondPlayer"), Some("easy"));
    assert_eq!(record.tag("FirstPlayer"), Some("human"));
}

/// With `keep_records` off, or saving off, no record is written.
#[test]
fn no_record_when_records_or_saving_are_off() {
    let dir = tempfile::tempdir().unwrap();
    let settings = Settings {
        mode: Mode::TwoHumans,
        keep_records: false,
        game: crate::games::GameChoice {
            size: Some(3),
            ..crate::games::GameChoice::of(crate::games::GameKind::Classic)
        },
        ..Settings::default()
    };
    let records_on = Settings {
        keep_records: true,
        ..settings.clone()
    };
    for (settings, saves) in [(settings, true), (records_on, false)] {
        let store = crate::store::Store::new(dir.path().to_path_buf(), saves);
        let mut h = with_memory(settings, Memory::load(store));
        h.press(KeyCode::Enter);
        first_wins(&mut h);
        assert!(kept_records(dir.path()).is_empty(), "saving {saves}");
    }
}

/// The demo is the bot against itself: played to its end with saving on, it keeps no
/// record (nor a result), as no person played it.
#[test]
fn the_demo_keeps_no_record() {
    let dir = tempfile::tempdir().unwrap();
    let settings = Settings {
        mode: Mode::Demo,
        bot_delay: Duration::ZERO,
        ..Settings::default()
    };
    let store = crate::store::Store::new(dir.path().to_path_buf(), true);
    let mut h = with_memory(settings, Memory::load(store));
    h.press(KeyCode::Enter);
    assert_eq!(h.app.play.session.kept.mode, Mode::Demo);
    while !h.app.play.position().status().is_over() {
        assert_eq!(h.moves_asked(), 1);
        h.answer();
    }
    assert!(kept_records(dir.path()).is_empty());
    // The same game played by two people is kept: the store does write records here.
    let mut h = two_people_saving(dir.path());
    first_wins(&mut h);
    assert_eq!(kept_records(dir.path()).len(), 1);
}

/// A record that cannot be written is said in the status line; the game goes on.
#[test]
fn a_record_that_cannot_be_kept_is_said() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("records"), "a file in the way").unwrap();
    let mut h = two_people_saving(dir.path());
    first_wins(&mut h);
    h.status_has("record was not kept");
}

/// Opens `game.txt`, a record of Ann (X) beating Bo at classic 3x3 in five moves.
fn open_ann_v_bo(h: &mut Harness) {
    let record = crate::record::read(
        "[Record \"1\"]\n[Game \"classic-3\"]\n[First \"Ann\"]\n[Second \"Bo\"]\n\
         [Result \"1-0\"]\n\n1. a1 b1 2. a2 b2 3. a3 1-0\n",
    )
    .unwrap();
    h.app
        .open(Opening::Replay(Box::new(record.clone()), "game.txt".into()));
}

/// A record opens on the review screen at its first move, and is neither counted nor kept
/// again (not even after it is stepped to its end).
#[test]
fn a_replayed_record_opens_on_the_review_screen_and_is_not_kept_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = two_people_saving(dir.path());
    open_ann_v_bo(&mut h);
    assert_eq!(h.app.view().review_shown(), Some(1));
    h.status_has("game.txt: Ann - Bo");
    assert_eq!(
        h.app.play.name(Side::Second, &h.app.shared.settings),
        "Bo",
        "the record's players"
    );
    h.press(KeyCode::End);
    assert_eq!(h.app.view().review_shown(), Some(5));
    h.typed("q");
    assert!(h.app.play.status().is_over());
    assert!(kept_records(dir.path()).is_empty());
    assert!(on_disk(dir.path()).is_none());
    assert_eq!(h.app.play.mode_label(), "Replay", "not \"Two players\"");
    // Taken back, the game is two people's to play on: the record's players (a "Bot"
    // among them, in a game against the bot) no longer name its sides.
    h.typed("u");
    assert_eq!(
        h.app.play.name(Side::First, &h.app.shared.settings),
        "Player 1"
    );
    assert_eq!(h.app.play.mode_label(), "Two players");
}

/// With saving off, a game from a position does not promise to keep its record.
#[test]
fn a_game_from_a_position_without_saving_promises_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = crate::store::Store::new(dir.path().to_path_buf(), false);
    let mut h = with_memory(two_people_3x3(), Memory::load(store));
    h.press(KeyCode::Enter);
    let start = h.app.play.game().parse_position("X--/-O-/---").unwrap();
    h.app
        .play
        .start_from(start, Mode::TwoHumans, First::You, &mut h.app.shared);
    let status = h.app.shared.status.text.clone();
    assert!(!status.contains("kept"), "{status}");
    h.status_has("Player 1's turn");
}

/// A game from a position is not saved to resume, and its record keeps its start.
#[test]
fn a_game_from_a_position_keeps_its_start_in_its_record() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = two_people_saving(dir.path());
    let start = h.app.play.game().parse_position("X--/-O-/---").unwrap();
    h.app
        .play
        .start_from(start, Mode::TwoHumans, First::You, &mut h.app.shared);
    h.app.screen = Screen::Play;
    h.typed("a2");
    assert!(on_disk(dir.path()).is_none(), "not saved to resume");
    h.typed("c3a3");
    assert!(h.app.play.status().is_over());
    let kept = kept_records(dir.path());
    assert_eq!(kept.len(), 1);
    let record = crate::record::read_file(&kept[0]).unwrap();
    assert_eq!(record.start.unwrap().text(), "X--/-O-/---");
    assert_eq!(record.moves.len(), 3);
}

/// On the review screen the play-on key starts a new game from the position shown, and
/// the write key's record reads back as the game.
#[test]
fn review_plays_on_from_the_move_shown_and_writes_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = two_people_saving(dir.path());
    open_ann_v_bo(&mut h);
    let out = tempfile::tempdir().unwrap();
    let now = std::time::SystemTime::now();
    let path = crate::store::write_new_record(
        out.path(),
        &h.app.play.record_to_write(now, &h.app.shared.settings),
        now,
    )
    .unwrap();
    let again = crate::record::read_file(&path).unwrap();
    assert_eq!(again.tag("First"), Some("Ann"));
    assert_eq!(again.moves.len(), 5);
    h.press(KeyCode::End);
    h.typed("p");
    h.status_has("The game is over");
    h.press(KeyCode::Left);
    h.typed("p");
    assert_eq!(h.app.screen, Screen::Play);
    assert_eq!(h.app.play.moves().len(), 0);
    assert_eq!(h.app.play.position().stones(), 4);
    h.typed("c3");
    assert_eq!(h.app.play.position().stones(), 5);
    // The game on the board's own record, when it is not a replay.
    let written = h.app.play.record_to_write(now, &h.app.shared.settings);
    assert_eq!(written.start.unwrap().stones(), 4);
    assert_eq!(written.moves.len(), 1);
}

/// A game played on from a position where the second side moves keeps the first side's
/// column in the move list: its first row opens blank under X.
#[test]
fn a_game_opening_with_the_second_sides_move_lists_it_in_its_column() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = two_people_saving(dir.path());
    open_ann_v_bo(&mut h);
    h.press(KeyCode::End);
    h.press(KeyCode::Left);
    h.press(KeyCode::Left);
    h.typed("p");
    assert_eq!(h.app.play.position().to_move(), Side::Second);
    let name = first_free(&h.app);
    h.typed(&name);
    let text = drawn_text(&h.app);
    let row = text
        .lines()
        .find(|line| line.contains(" 1. "))
        .expect("the move list's first row");
    let after = &row[row.find(" 1. ").unwrap() + 4..];
    assert!(
        after.starts_with("   ") && after.trim_start().starts_with(&name),
        "{row}"
    );
}

/// The app drawn on a 100 x 30 terminal, as text.
fn drawn_text(app: &App) -> String {
    let area = ratatui::layout::Rect::new(0, 0, 100, 30);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    ratatui::widgets::Widget::render(app, area, &mut buf);
    let rows = buf.content().chunks(100);
    rows.map(|row| {
        row.iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect::<String>()
            + "\n"
    })
    .collect()
}

/// The start screen's help names the cells of the game chosen there, not of the one on the
/// board.
#[test]
fn the_start_screen_help_names_the_chosen_game_s_cells() {
    let mut h = Harness::with(Settings::default());
    h.press(KeyCode::Up); // to the game's row
    h.press(KeyCode::Right); // Tic-Tac-Latin to classic
    h.typed("?");
    let text = drawn_text(&h.app);
    assert!(text.contains("a1 .. c3"), "{text}");
}

/// Puzzles are the mode row's last choice where the game has a set; they start without
/// asking to discard the saved game (they leave it be), and swap and level do nothing there.
#[test]
fn puzzles_from_the_start_screen_leave_the_saved_game_be() {
    let mut h = remembering(Some(saved_vs_bot("b2 c3")));
    h.up_to(Menu::MODE);
    h.press(KeyCode::Left);
    assert!(h.app.start.menu.puzzles());
    let start = drawn_text(&h.app);
    assert!(start.contains("[Puzzles]"), "{start}");
    assert!(start.contains("Your puzzle rating: 1500"), "{start}");
    assert!(
        !start.contains("Bot level"),
        "no level for puzzles:\n{start}"
    );
    h.press(KeyCode::Enter);
    assert_eq!(h.app.screen, Screen::Play, "no question asked");
    assert!(h.app.play.puzzle.is_some());
    assert_eq!(
        h.app.start.saved_game(&h.app.shared).map(|g| g.moves.len()),
        Some(2)
    );
    let position = h.app.play.position().text();
    h.typed("s+");
    h.status_has("A puzzle is played as it is set");
    assert_eq!(h.app.play.position().text(), position);
    assert_eq!(
        h.app.play.session.kept.difficulty,
        crate::core::Difficulty::Perfect
    );
}

/// Puzzle `number` of the searched game `key` on the board, its engine ready.
fn searched_puzzle(key: &str, number: usize) -> (Harness, Arc<dyn crate::core::Engine>) {
    let game = crate::games::of_key(key).unwrap();
    let settings = Settings {
        game: crate::games::GameChoice::from_key(key).unwrap(),
        ..Settings::default()
    };
    let mut h = Harness::with(settings);
    let engine = game.engine();
    h.send(Event::EngineReady {
        game: game.key(),
        engine: Arc::clone(&engine),
    });
    h.app.open(Opening::Puzzle(number));
    (h, engine)
}

/// `mv` typed, judged on the engine's values of the position before it; what is said.
fn judged(h: &mut Harness, engine: &dyn crate::core::Engine, mv: &str) -> String {
    let before = h.app.play.position().clone_box();
    h.typed(mv);
    // Values had for the position already (asked for before an undo) are not asked again.
    if h.app.play.puzzle.as_ref().unwrap().judging.is_none() {
        return h.app.play.puzzle.as_ref().unwrap().said.clone();
    }
    let asked = h.asked.iter().any(
        |r| matches!(r, BotRequest::Hints { position, .. } if position.text() == before.text()),
    );
    assert!(asked, "{:?}", h.asked);
    h.send(Event::HintsReady(SearchedHints {
        position: before.text(),
        hints: engine.hints(before.as_ref()),
        analysis: None,
    }));
    h.app.play.puzzle.as_ref().unwrap().said.clone()
}

/// On a board the engine searches, a puzzle's move is judged from the bot thread's values
/// of the position before it: asked for, waited on, then said.
#[test]
fn a_searched_board_s_puzzle_move_waits_for_the_bot_thread_s_values() {
    let (mut h, engine) = searched_puzzle("classic-5k4", 0);
    let answer = h.app.play.puzzle.clone().unwrap().puzzle.answer;
    let said = judged(&mut h, engine.as_ref(), &answer);
    assert!(
        h.asked
            .iter()
            .any(|r| matches!(r, BotRequest::Hints { .. }))
    );
    assert!(
        said.starts_with("Right") || said.starts_with("Solved"),
        "{said}"
    );
}

/// Extreme's search proves a puzzle's answer but guesses at most other moves: a move it
/// proves nothing of is wrong, no sure win; the answer wins.
#[test]
fn an_extreme_puzzle_s_unproven_move_is_no_sure_win() {
    let game = crate::games::of_key("extreme").unwrap();
    let set = tictaclatin_research::puzzles::set("extreme");
    let engine = game.engine();
    // The hardest puzzle with a move the search only guesses at.
    let guessed = |p: &tictaclatin_research::puzzles::Puzzle| {
        let position = game.parse_position(&p.position).unwrap();
        let hints = engine.hints(position.as_ref());
        let guess = hints.iter().find(|(_, h)| !matches!(h, Hint::Proven(_)));
        guess.map(|&(mv, _)| game.move_name(position.as_ref(), mv))
    };
    let (number, wrong) = (0..set.len())
        .rev()
        .find_map(|n| Some((n, guessed(&set[n])?)))
        .expect("a guessed move");
    let (mut h, engine) = searched_puzzle("extreme", number);
    let said = judged(&mut h, engine.as_ref(), &wrong);
    let told = format!("Not this one: {wrong} leaves no sure win. u takes it back");
    assert!(said.starts_with(&told), "{said}");
    h.typed("u");
    let said = judged(&mut h, engine.as_ref(), &set[number].answer);
    assert!(
        said.starts_with("Right") || said.starts_with("Solved"),
        "{said}"
    );
}

/// Seeing the threat is what a puzzle asks: the panel and board that name threats in a game
/// keep quiet in a puzzle of the same position.
#[test]
fn a_puzzle_names_no_threats() {
    let settings = Settings {
        game: crate::games::GameChoice::from_key("qubic").unwrap(),
        ..Settings::default()
    };
    let mut h = Harness::with(settings);
    h.app.open(Opening::Puzzle(0));
    assert!(h.app.play.puzzle.is_some());
    let puzzle = drawn_text(&h.app);
    assert!(!puzzle.contains("threatens"), "{puzzle}");
    // The first clue is the threat to look at, by its line.
    h.typed("t");
    let clue = h.app.shared.status.text.clone();
    assert!(
        clue.starts_with("Look along ") && !clue.contains("row from"),
        "{clue}"
    );
    let start = h.app.play.position().clone_box();
    h.app.open(Opening::Position(start));
    let game = drawn_text(&h.app);
    assert!(game.contains("X threatens"), "{game}");
}

//! Screen tests: the main states rendered with ratatui's `TestBackend`, compared against
//! reviewed insta snapshots (`tests/snapshots/`).

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use tictaclatin::config::{First, Mode, Settings};
use tictaclatin::core::{Claim, Decision, Engine, Game as _, Hint};
use tictaclatin::games::latin::adapter::{Latin, LatinEngine};
use tictaclatin::games::latin::solver::Solver;
use tictaclatin::tui::{App, BotRequest, Event, Memory};

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

/// An app driven by keys, with the perfect bot answering at once.
struct Game {
    app: App,
    /// How the bot says it found its moves (`None`: it says nothing).
    how: Option<&'static str>,
}

impl Game {
    fn on(app: App) -> Game {
        Game { app, how: None }
    }

    fn new(settings: Settings) -> Game {
        let mut game = Game {
            app: App::new(settings, Memory::default(), Instant::now()),
            how: None,
        };
        game.send(Event::Resize(80, 24));
        game.send(ready());
        game
    }

    fn mode(mode: Mode) -> Game {
        let mut game = Game::new(Settings {
            mode,
            bot_delay: Duration::ZERO,
            ..Settings::default()
        });
        game.press(KeyCode::Enter);
        game
    }

    fn send(&mut self, event: Event) {
        for request in self.app.update(event) {
            if let BotRequest::Move {
                ticket, position, ..
            } = request
            {
                let cell = engine().best(position.as_ref()).unwrap();
                let how = self.how.map(String::from);
                let decision = Decision {
                    how,
                    ..Decision::new(cell)
                };
                self.send(Event::BotMoved { ticket, decision });
            }
        }
    }

    fn press(&mut self, code: KeyCode) {
        self.send(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }

    fn keys(&mut self, text: &str) {
        for c in text.chars() {
            self.press(KeyCode::Char(c));
        }
    }

    fn screen(&self, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal
            .draw(|frame| frame.render_widget(&self.app, frame.area()))
            .unwrap();
        terminal.backend().to_string()
    }
}

#[test]
fn start_screen() {
    let game = Game::new(Settings::default());
    insta::assert_snapshot!(game.screen(80, 24));
}

#[test]
fn mid_game_with_hints() {
    let mut game = Game::mode(Mode::TwoHumans);
    game.keys("b2c3a1t");
    insta::assert_snapshot!(game.screen(80, 24));
}

#[test]
fn game_over_two_players() {
    let mut game = Game::mode(Mode::TwoHumans);
    // X X X O on row 1: O's d1 completes X's point.
    game.keys("a1a2b1b2c1d1");
    insta::assert_snapshot!(game.screen(80, 24));
}

#[test]
fn game_over_against_the_bot() {
    let mut game = Game::mode(Mode::VsBot);
    // The person plays the first free cell each turn; the perfect bot punishes it.
    while !game.app.play.position().status().is_over() {
        let free = game.app.play.position().legal_moves()[0];
        game.keys(&Latin.cell_name(free.placed()));
    }
    insta::assert_snapshot!(game.screen(80, 24));
}

#[test]
fn help_overlay() {
    let mut game = Game::mode(Mode::VsBot);
    game.keys("b2?");
    insta::assert_snapshot!(game.screen(80, 24));
}

#[test]
fn review_of_a_mistake() {
    let mut game = Game::mode(Mode::TwoHumans);
    game.keys("a1a2b1b2c1d1v");
    for _ in 0..5 {
        game.press(KeyCode::Right);
    }
    insta::assert_snapshot!(game.screen(80, 24));
}

#[test]
fn review_of_a_full_board_lists_every_move() {
    let mut game = Game::mode(Mode::Demo);
    assert!(game.app.play.position().status().is_over());
    game.keys("v");
    game.press(KeyCode::Right);
    insta::assert_snapshot!(game.screen(80, 24));
}

#[test]
fn too_small_terminal() {
    let mut game = Game::mode(Mode::VsBot);
    game.keys("b2");
    insta::assert_snapshot!(game.screen(50, 12));
    // Tiny sizes draw what fits and never panic.
    for (w, h) in [(1, 1), (10, 3), (69, 30), (120, 21)] {
        let screen = game.screen(w, h);
        assert!(!screen.contains("Moves"), "{w} x {h}");
    }
    // Enlarged again, the game is back as it was.
    assert!(game.screen(80, 24).contains("You X 0 : 0 O Bot"));
}

#[test]
fn double_width_symbols_keep_the_grid_aligned() {
    let mut game = Game::new(Settings {
        mode: Mode::TwoHumans,
        symbols: "🦀,🐙".parse().unwrap(),
        ..Settings::default()
    });
    game.press(KeyCode::Enter);
    game.keys("b2c3t");
    let screen = game.screen(80, 24);
    insta::assert_snapshot!(screen);
}

#[test]
fn the_bot_choosing_says_which_side_it_took() {
    let mut game = Game::new(Settings {
        first: First::BotChooses,
        bot_delay: Duration::ZERO,
        ..Settings::default()
    });
    game.press(KeyCode::Enter);
    let screen = game.screen(80, 24);
    assert!(screen.contains("You vs bot, bot chose X"), "{screen}");
    assert!(screen.contains("Bot X 0 : 0 O You"), "{screen}");
    // The bot has already played its first move (no delay here): the status line tells
    // that, and why it took X stays in the panel until the person moves.
    assert_eq!(game.app.play.moves().len(), 1);
    for size in [(80, 24), (70, 22)] {
        let screen = as_read(&game.screen(size.0, size.1));
        assert!(screen.contains("Bot played"), "{screen}");
        assert!(screen.contains("Bot takes X and moves first:"), "{screen}");
        assert!(screen.contains("to lose."), "{screen}");
    }
    insta::assert_snapshot!("bot_chose_its_side_at_70x22", game.screen(70, 22));
    let free = game.app.play.position().legal_moves()[0];
    game.keys(&Latin.cell_name(free.placed()));
    let screen = game.screen(80, 24);
    assert!(!screen.contains("Bot takes X"), "{screen}");
    game.keys("u");
    // Once the person swaps (asked, then confirmed), the sides are theirs, not the bot's
    // choice.
    game.keys("ss");
    let screen = game.screen(80, 24);
    assert!(!screen.contains("bot chose"), "{screen}");
    assert!(screen.contains("You X"), "{screen}");
}

/// The rendered buffer, for checks on styles that the text snapshots do not show.
fn buffer(game: &Game) -> ratatui::buffer::Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(&game.app, frame.area()))
        .unwrap();
    terminal.backend().buffer().clone()
}

/// The buffer cell showing a symbol: the middle of the grid cell `name`.
fn symbol_cell(buf: &ratatui::buffer::Buffer, name: &str) -> ratatui::buffer::Cell {
    use tictaclatin::tui::geometry;
    let board = geometry::areas(Latin.layout(), buf.area).unwrap().board;
    let rect = board.cell_rect(Latin.place(Latin.parse_cell(name).unwrap()));
    buf[(rect.x + rect.width / 2, rect.y + rect.height / 2)].clone()
}

#[test]
fn without_colour_the_sides_still_differ_and_no_colour_is_sent() {
    use ratatui::style::{Color, Modifier};
    let mut game = Game::new(Settings {
        mode: Mode::TwoHumans,
        color: false,
        ..Settings::default()
    });
    game.press(KeyCode::Enter);
    game.keys("a1a2b1b2c1d1"); // X scores row 1
    let buf = buffer(&game);
    for cell in buf.content() {
        assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{cell:?}");
    }
    let x = symbol_cell(&buf, "a1");
    let o = symbol_cell(&buf, "a2");
    assert_eq!((x.symbol(), o.symbol()), ("X", "O"));
    assert!(x.modifier.contains(Modifier::BOLD), "X is bold");
    assert!(!o.modifier.contains(Modifier::BOLD), "O is not");
    assert!(
        x.modifier.contains(Modifier::UNDERLINED),
        "scored line marked by style"
    );
    assert!(!o.modifier.contains(Modifier::UNDERLINED));
}

#[test]
fn with_colour_each_side_has_its_colour_and_the_scored_line_the_scorers() {
    use ratatui::style::Color;
    let mut game = Game::mode(Mode::TwoHumans);
    game.keys("a1a2b1b2c1d1");
    let buf = buffer(&game);
    let colors = Settings::default().colors;
    assert_eq!(symbol_cell(&buf, "a2").fg, colors.second);
    let scored = symbol_cell(&buf, "b1");
    assert_eq!(scored.bg, colors.first, "row 1 in X's colour");
    assert_eq!(scored.fg, Color::Black);
    assert_eq!(symbol_cell(&buf, "c3").bg, Color::Reset);
}

/// The start screen of a returning player: an unfinished game to resume (the default
/// choice), the record at the chosen level, and the notice about a damaged file.
/// At the smallest size a long record keeps its results whole and lets the run go, never
/// a line cut mid-word ("…no game without a loss ye").
#[test]
fn a_long_record_fits_the_smallest_start_screen() {
    use tictaclatin::core::Difficulty;
    use tictaclatin::store::{Counted, RecordKey, Store};
    use tictaclatin::tui::Memory;

    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path().to_path_buf(), true);
    let key = RecordKey {
        game: "latin".into(),
        mode: Mode::VsBot,
        difficulty: Some(Difficulty::Perfect),
    };
    for _ in 0..30 {
        let loss = tictaclatin::core::Outcome::Loss;
        store.count(&Counted::Game(key.clone(), loss)).unwrap();
    }
    let memory = Memory::load(Store::new(dir.path().to_path_buf(), true));
    let game = Game::on(App::new(Settings::default(), memory, Instant::now()));
    let small = game.screen(70, 22);
    assert!(
        small.contains("Your record at perfect: 0 won, 0 drawn, 30 lost."),
        "{small}"
    );
    let wide = game.screen(100, 30);
    assert!(
        wide.contains("30 lost · no game without a loss yet"),
        "{wide}"
    );
}

#[test]
fn start_screen_offers_the_unfinished_game_and_shows_the_record() {
    use tictaclatin::core::{Difficulty, Side};
    use tictaclatin::store::{Counted, RecordKey, SavedGame, Store};
    use tictaclatin::tui::Memory;

    let dir = tempfile::tempdir().unwrap();
    let store = Store::new(dir.path().to_path_buf(), true);
    let key = RecordKey {
        game: "latin".into(),
        mode: Mode::VsBot,
        difficulty: Some(Difficulty::Perfect),
    };
    for outcome in [
        tictaclatin::core::Outcome::Draw,
        tictaclatin::core::Outcome::Loss,
        tictaclatin::core::Outcome::Draw,
    ] {
        store.count(&Counted::Game(key.clone(), outcome)).unwrap();
    }
    let moves = "b2 c3 a1 d4 b1 c1 a3 a4"
        .split(' ')
        .map(|c| Latin.parse_cell(c).unwrap().into());
    store
        .save_game(&SavedGame::new(
            "latin",
            tictaclatin::core::session::Resumed::new(
                Mode::VsBot,
                Some(Side::First),
                Difficulty::Perfect,
            ),
            moves.collect(),
        ))
        .unwrap();
    let memory = Memory::load(Store::new(dir.path().to_path_buf(), true));
    let game = Game::on(App::new(Settings::default(), memory, Instant::now()));
    let screen = game.screen(80, 24);
    assert!(
        screen.contains("▶ Resume the unfinished game (8 moves)"),
        "{screen}"
    );
    assert!(screen.contains("Enter resume"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn a_damaged_record_is_told_on_the_start_screen() {
    use tictaclatin::store::Store;
    use tictaclatin::tui::Memory;

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("stats.toml"), "version = [99\n").unwrap();
    let memory = Memory::load(Store::new(dir.path().to_path_buf(), true));
    let mut game = Game::on(App::new(Settings::default(), memory, Instant::now()));
    // Whole at the smallest size the game allows.
    let notice = "stats.toml is damaged (line 1: unclosed array, expected `]`); kept as";
    let screen = game.screen(70, 22);
    assert!(screen.contains(notice), "{screen}");
    // Told once: gone when a game starts.
    game.press(KeyCode::Enter);
    game.press(KeyCode::Char('n'));
    assert!(!game.screen(70, 22).contains("damaged"));
}

#[test]
fn two_damaged_files_are_both_told_whole_at_the_smallest_size() {
    use tictaclatin::store::Store;
    use tictaclatin::tui::Memory;

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("stats.toml"), "version = [99\n").unwrap();
    std::fs::write(dir.path().join("saved-game.toml"), "not toml at all [").unwrap();
    let memory = Memory::load(Store::new(dir.path().to_path_buf(), true));
    let game = Game::on(App::new(Settings::default(), memory, Instant::now()));
    let screen = game.screen(70, 22);
    for notice in [
        "stats.toml is damaged (line 1: unclosed array, expected `]`); kept as",
        "saved-game.toml is damaged (line 1: key with no value, expected `=`);",
        "kept as saved-game.toml.bak",
    ] {
        assert!(screen.contains(notice), "{screen}");
    }
}

#[test]
fn rebound_keys_show_in_the_footer_and_the_help() {
    use tictaclatin::keys::Action;
    let mut settings = Settings {
        mode: Mode::TwoHumans,
        ..Settings::default()
    };
    settings.keys.set(Action::Undo, ["z".parse().unwrap()]);
    settings.keys.set(Action::Quit, ["ctrl-q".parse().unwrap()]);
    let mut game = Game::new(settings);
    game.press(KeyCode::Enter);
    let screen = game.screen(80, 24);
    assert!(screen.contains("z undo"), "{screen}");
    assert!(screen.contains("Ctrl-q quit"), "{screen}");
    assert!(!screen.contains("u undo"), "{screen}");
    game.keys("??");
    let help = game.screen(80, 24);
    assert!(help.contains("z r             undo a move"), "{help}");
    // The rebound key works; the old one does nothing.
    game.keys(" "); // closes the help
    game.keys("b2u");
    assert_eq!(game.app.play.moves().len(), 1);
    game.keys("z");
    assert!(game.app.play.moves().is_empty());
}

#[test]
fn configured_colours_reach_the_screen() {
    use ratatui::style::Color;
    let mut settings = Settings {
        mode: Mode::TwoHumans,
        ..Settings::default()
    };
    settings.colors.first = tictaclatin::config::Color::Rgb(255, 136, 0);
    settings.colors.highlight = "201".parse().unwrap();
    let mut game = Game::new(settings);
    game.press(KeyCode::Enter);
    game.keys("a1");
    let buf = buffer(&game);
    assert_eq!(symbol_cell(&buf, "a1").fg, Color::Rgb(255, 136, 0));
    let title = &buf[(buf.area.x, 1)];
    assert_eq!(
        title.fg,
        Color::Indexed(201),
        "the title in the highlight colour"
    );
}

#[test]
fn help_on_the_start_screen_lists_its_keys_then_the_games() {
    let mut game = Game::new(Settings::default());
    game.keys("?");
    let screen = game.screen(80, 24);
    let at = |text: &str| {
        screen
            .find(text)
            .unwrap_or_else(|| panic!("no {text:?} in\n{screen}"))
    };
    assert!(at("On this screen") < at("Up/k Down/j     choose a row"));
    assert!(at("Enter/Space     start the game") < at("In the game"));
    assert!(at("In the game") < at("undo a move"));
    insta::assert_snapshot!(screen);
}

#[test]
fn the_start_screen_describes_the_chosen_level() {
    use tictaclatin::core::Difficulty;
    let mut seen = Vec::new();
    for level in Difficulty::ALL {
        let game = Game::new(Settings {
            difficulty: level,
            ..Settings::default()
        });
        let screen = game.screen(80, 24);
        let line = screen
            .lines()
            .find(|line| line.starts_with(&format!("\"{}:", capitalised(level.name()))))
            .unwrap_or_else(|| panic!("no sentence on {level}:\n{screen}"))
            .trim_end()
            .to_string();
        assert!(!seen.contains(&line), "{line}");
        seen.push(line);
    }
    assert!(seen[0].contains("chance"), "{seen:?}");
    assert!(seen[1].contains("misses"), "{seen:?}");
    assert!(seen[4].contains("never loses"), "{seen:?}");
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[test]
fn the_footer_shows_only_keys_that_act_in_the_mode() {
    let mut two = Game::mode(Mode::TwoHumans);
    two.keys("b2");
    let screen = two.screen(80, 24);
    assert!(screen.contains("t hints"), "{screen}");
    assert!(
        !screen.contains("+ level"),
        "no bot in a two-player game:\n{screen}"
    );

    // The demo, with the bot's first answer still to come.
    let mut demo = App::new(
        Settings {
            mode: Mode::Demo,
            ..Settings::default()
        },
        Memory::default(),
        Instant::now(),
    );
    demo.update(Event::Resize(80, 24));
    demo.update(ready());
    demo.update(Event::Key(KeyEvent::new(
        KeyCode::Enter,
        KeyModifiers::NONE,
    )));
    let demo = Game::on(demo);
    let screen = demo.screen(80, 24);
    let footer = screen.lines().rev().find(|l| l.contains("help")).unwrap();
    assert!(footer.contains("+ level"), "{footer}");
    for absent in ["place", "undo", "swap"] {
        assert!(!footer.contains(absent), "{absent} in the demo: {footer}");
    }
}

#[test]
fn the_start_screen_tells_whether_hints_are_on_for_two_players() {
    use tictaclatin::config::Hints;
    for (hints, expected) in [
        (Hints::Auto, "hints stay off unless you choose them"),
        (Hints::On, "Hints on: each empty cell shows"),
    ] {
        let game = Game::new(Settings {
            mode: Mode::TwoHumans,
            hints,
            ..Settings::default()
        });
        let screen = game.screen(80, 24);
        assert!(screen.contains(expected), "{hints:?}:\n{screen}");
    }
}

/// Names may be 16 columns long; at the smallest size the tally shortens them with "…"
/// instead of cutting off the second one.
#[test]
fn long_names_are_shortened_to_fit_the_tally_at_the_smallest_size() {
    use tictaclatin::config::Names;
    let mut game = Game::new(Settings {
        mode: Mode::TwoHumans,
        symbols: "🦀,猫".parse().unwrap(),
        names: Names {
            first: "Ada Lovelace 123".into(),
            second: "Dee Dee Ramone 1".into(),
            ..Names::default()
        },
        ..Settings::default()
    });
    game.press(KeyCode::Enter);
    let screen = game.screen(70, 22);
    let tally = screen
        .lines()
        .find(|line| line.contains("0 : 0"))
        .expect("a tally line");
    assert!(tally.contains('…'), "{tally}");
    // The row as drawn ends at its closing quote (notes on wide symbols follow it).
    let after_score = tally
        .split("0 : 0")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert!(
        after_score.trim_end().ends_with('…'),
        "the second name ends in its ellipsis, not cut off: {tally}"
    );
}

/// The start screen's help names every cursor key, not just the arrows, and all of it fits
/// at the smallest size.
#[test]
fn help_on_the_start_screen_lists_every_cursor_key_at_the_smallest_size() {
    let mut game = Game::new(Settings::default());
    game.keys("?");
    let screen = game.screen(70, 22);
    for keys in ["Up/k Down/j", "Left/h Right/l", "or click it"] {
        assert!(screen.contains(keys), "{keys} in {screen}");
    }
}

/// The screen as a person reads it: no-break spaces look like spaces.
fn as_read(screen: &str) -> String {
    screen.replace('\u{a0}', " ")
}

/// Sizes and scores wrap as a whole: never "70 x" on one row and "22." on the next.
#[test]
fn wrapped_sentences_keep_sizes_and_scores_together() {
    let game = Game::mode(Mode::VsBot);
    let small = as_read(&game.screen(40, 12));
    assert!(small.contains("Terminal too small: 40 x 12."), "{small}");
    assert!(small.contains("70 x 22."), "{small}");

    let mut game = Game::mode(Mode::TwoHumans);
    game.keys("a1a2b1b2c1d1");
    let over = as_read(&game.screen(70, 22));
    assert!(
        over.contains("1 : 0"),
        "the score on one row of the banner: {over}"
    );
    game.keys("v");
    for _ in 0..5 {
        game.press(KeyCode::Right);
    }
    let review = as_read(&game.screen(70, 22));
    assert!(review.contains("in 3 moves"), "{review}");
}

/// The rows inside the box whose title starts with `title`, borders cut off.
fn box_rows(screen: &str, title: &str) -> Vec<String> {
    let rows: Vec<&str> = screen.lines().collect();
    let Some(top) = rows.iter().position(|r| r.contains(title)) else {
        return Vec::new();
    };
    let left = rows[top].find(&format!("┌{title}")).unwrap();
    let left = rows[top][..left].chars().count();
    rows[top + 1..]
        .iter()
        .take_while(|r| r.chars().nth(left).is_none_or(|c| c != '└'))
        .map(|r| r.chars().skip(left + 1).take_while(|&c| c != '│').collect())
        .collect()
}

/// The game-over box fits its text at the smallest and a roomy size: no empty rows, no key
/// on one row and its label on the next, and the mode, level and hints still shown where
/// there is room.
#[test]
fn the_game_over_box_fits_its_text_and_keeps_keys_with_their_labels() {
    let mut game = Game::mode(Mode::VsBot);
    while !game.app.play.position().status().is_over() {
        let free = game.app.play.position().legal_moves()[0];
        game.keys(&Latin.cell_name(free.placed()));
    }
    for (w, h) in [(70, 22), (100, 30), (80, 24)] {
        let screen = as_read(&game.screen(w, h));
        let rows = box_rows(&screen, " Game over ");
        assert!(!rows.is_empty(), "{w} x {h}:\n{screen}");
        assert!(
            rows.iter().all(|r| !r.trim().is_empty()),
            "{w} x {h}: no empty rows:\n{screen}"
        );
        let text = rows.join("\n");
        for item in ["n new game", "s swap sides", "v review"] {
            assert!(text.contains(item), "{w} x {h}: {item} whole:\n{screen}");
        }
        assert!(
            screen.contains("Level  perfect (+ changes)"),
            "{w} x {h}: the facts stay:\n{screen}"
        );
    }
}

/// Nothing can be placed in the demo: no cursor is drawn on its board, while a game with a
/// person in it shows one.
#[test]
fn the_demo_draws_no_cursor() {
    let started = |mode: Mode| {
        let mut app = App::new(
            Settings {
                mode,
                ..Settings::default()
            },
            Memory::default(),
            Instant::now(),
        );
        app.update(Event::Resize(80, 24));
        app.update(ready());
        app.update(Event::Key(KeyEvent::new(
            KeyCode::Enter,
            KeyModifiers::NONE,
        )));
        Game::on(app).screen(80, 24)
    };
    let two = started(Mode::TwoHumans);
    assert!(two.contains("]│"), "{two}");
    let demo = started(Mode::Demo);
    assert!(!demo.contains('['), "{demo}");
}

/// The text of the middle row of the grid cell `name`.
fn cell_text(buf: &ratatui::buffer::Buffer, name: &str) -> String {
    use tictaclatin::tui::geometry;
    let board = geometry::areas(Latin.layout(), buf.area).unwrap().board;
    let rect = board.cell_rect(Latin.place(Latin.parse_cell(name).unwrap()));
    let y = rect.y + rect.height / 2;
    (rect.x..rect.right())
        .map(|x| buf[(x, y)].symbol())
        .collect()
}

/// Review marks on the board where the engine would have played when the move shown was
/// not a best one, and nowhere when it was.
#[test]
fn review_marks_the_better_move_on_the_board() {
    let mut game = Game::mode(Mode::TwoHumans);
    // O's d1 completes X's row 1; best was c3 (the review says so in words too).
    game.keys("a1a2b1b2c1d1v");
    game.press(KeyCode::End);
    let review = game.app.view().review().unwrap();
    assert_eq!(Latin.move_name(Latin.start().as_ref(), review.best), "c3");
    let buf = buffer(&game);
    assert_eq!(cell_text(&buf, "c3").trim(), "best");
    game.press(KeyCode::Home);
    assert_eq!(
        game.app.view().review().unwrap().ply,
        1,
        "a1 keeps the draw"
    );
    let buf = buffer(&game);
    for name in ["a2", "b2", "c3", "d4"] {
        assert!(!cell_text(&buf, name).contains("best"), "{name}");
    }
}

/// Help in review lists review's own keys, at the smallest size.
#[test]
fn help_in_review_lists_its_jumps() {
    let mut game = Game::mode(Mode::TwoHumans);
    game.keys("a1a2b1b2c1d1v??");
    let screen = game.screen(70, 22);
    for keys in [
        "Home End",
        "Tab Shift-Tab",
        "the next, the previous mistake",
    ] {
        assert!(screen.contains(keys), "{keys} in {screen}");
    }
}

/// The start screen draws each option where a click chooses it (`Menu::lines`).
#[test]
fn the_start_screen_draws_options_where_clicks_find_them() {
    use tictaclatin::tui::geometry;
    for (w, h) in [(70, 22), (100, 30)] {
        let game = Game::new(Settings::default());
        let screen = game.screen(w, h);
        let rows: Vec<Vec<char>> = screen
            .lines()
            .map(|l| l.trim_matches('"').chars().collect())
            .collect();
        let area = ratatui::layout::Rect::new(0, 0, w, h);
        let content = geometry::start_areas(area).unwrap().content;
        let menu = game.app.start.menu;
        for line in menu.lines(content) {
            let (_, options, _) = menu.choices(line.row).unwrap();
            for ((option, _), cols) in options.iter().zip(&line.options) {
                let drawn: String = rows[line.y as usize][cols.start as usize..cols.end as usize]
                    .iter()
                    .collect();
                let inner: String = drawn.chars().skip(1).take(option.chars().count()).collect();
                assert_eq!(&inner, option, "{w} x {h}, row {}: {drawn:?}", line.row);
            }
        }
    }
}

/// A status message too long for its row takes the footer's row too, whole, and the
/// footer comes back with the next short message; a footer too wide for the terminal
/// leaves out whole keys, keeping help and quit, never a key cut mid-word.
#[test]
fn a_long_status_wraps_and_a_narrow_footer_drops_whole_keys() {
    let mut settings = Settings {
        mode: Mode::TwoHumans,
        ..Settings::default()
    };
    settings.names.first = "Alexandra the Magnificent".into();
    settings.names.second = "Bartholomew the Unready".into();
    let mut game = Game::new(settings);
    game.press(KeyCode::Enter);
    game.keys("b2");
    let status = game.app.shared.status.text.as_str().to_string();
    assert!(status.len() > 70, "{status}");
    let screen = game.screen(70, 22);
    let rows: Vec<&str> = screen.lines().map(|r| r.trim_matches('"').trim()).collect();
    let bottom = format!("{} {}", rows[20], rows[21]);
    assert_eq!(bottom, status, "the whole message on the last two rows");
    game.keys("i"); // a short message: the footer is back
    assert_eq!(
        game.app.shared.status.text.as_str(),
        "Engine details on: the bot's search, and each hint's figures."
    );
    let screen = game.screen(70, 22);
    let footer = screen.lines().last().unwrap().trim_matches('"');
    assert!(
        footer.contains("? help") && footer.contains("q quit"),
        "{footer}"
    );
    for word in footer.split_whitespace() {
        assert!(
            [
                "Enter", "place", "u", "undo", "n", "new", "s", "swap", "t", "hints", "?", "help",
                "q", "quit", "r", "redo"
            ]
            .contains(&word),
            "no word cut: {word:?} in {footer:?}"
        );
    }
}

/// The bot to move first in Tic-Tac-Latin, asked at `start` and not answering: it thinks.
fn bot_thinking(start: Instant) -> Game {
    let settings = Settings {
        mode: Mode::VsBot,
        first: First::Bot,
        bot_delay: Duration::ZERO,
        ..Settings::default()
    };
    let mut app = App::new(settings, Memory::default(), start);
    app.update(Event::Resize(80, 24));
    app.update(ready());
    let asked = app.update(Event::Key(KeyEvent::new(
        KeyCode::Enter,
        KeyModifiers::NONE,
    )));
    assert!(
        asked.iter().any(|r| matches!(r, BotRequest::Move { .. })),
        "{} requests, no move",
        asked.len()
    );
    Game::on(app)
}

/// While the bot searches, the panel shows what its search reported, live: 840 000 nodes
/// in 0.4 s is 2.1 M a second, and 0.4 s of its second have gone by on the screen's clock.
#[test]
fn the_bots_search_shows_in_the_panel_as_it_goes() {
    use tictaclatin::core::{Budget, Thinking};

    let start = Instant::now();
    let mut game = bot_thinking(start);
    // The search's figures are the engine's details, one key away.
    assert!(!game.screen(80, 24).contains("Search"));
    game.press(KeyCode::Char('i'));
    game.send(Event::Tick(start + Duration::from_millis(400)));
    // Before the search reports: how long it has been thinking.
    assert_eq!(
        game.app.play.bot_search(&game.app.shared).as_deref(),
        Some("thinking… 0.4 s")
    );
    // The panel keeps each figure whole: its spaces are no-break ones.
    let unbroken = |screen: String| screen.replace('\u{a0}', " ");
    assert!(unbroken(game.screen(80, 24)).contains("thinking… 0.4 s"));
    game.app.shared.watch.report(Thinking {
        depth: 7,
        best: Some(Latin.parse_cell("d4").unwrap().into()),
        nodes: 840_000,
        elapsed: Duration::from_millis(400),
        budget: Budget::Time(Duration::from_secs(1)),
    });
    assert_eq!(
        game.app.play.bot_search(&game.app.shared).as_deref(),
        Some("depth 7 · best d4 · 2.1 M nodes/s · 0.4 / 1.0 s")
    );
    let screen = unbroken(game.screen(80, 24));
    assert!(screen.contains("Search depth 7"), "{screen}");
    assert!(screen.contains("best d4"), "{screen}");
}

/// The move-now key tells the bot's search to stop, and only while the bot thinks.
#[test]
fn the_move_now_key_stops_the_bots_search() {
    let mut game = Game::mode(Mode::TwoHumans);
    game.press(KeyCode::Char('m'));
    assert!(!game.app.shared.watch.stopped(), "no search to stop");
    let mut thinking = bot_thinking(Instant::now());
    thinking.press(KeyCode::Char('m'));
    assert!(thinking.app.shared.watch.stopped());
}

/// With hints on, the panel shows the line behind the hint under the cursor: the cursor's
/// move, then perfect play, each later move keeping the value of the position it is
/// played from (as the exact table tells, move by move).
#[test]
fn the_hint_under_the_cursor_shows_its_line() {
    let mut game = Game::mode(Mode::TwoHumans);
    game.keys("tc3a1");
    game.press(KeyCode::Right); // from a1, just played, to b1, free
    let names = game
        .app
        .view()
        .hint_line()
        .expect("a line behind b1's hint");
    assert_eq!(names[0], "b1");
    let mut position = game.app.play.position().clone_box();
    for (i, name) in names.iter().enumerate() {
        let mv = Latin.parse_cell(name).unwrap().into();
        if i > 0 {
            let best = engine().value(position.as_ref()).unwrap();
            let hints = engine().hints(position.as_ref());
            let hint = hints.iter().find(|(m, _)| *m == mv).map(|(_, h)| *h);
            assert_eq!(hint, Some(Hint::Proven(Claim::Exact(best))), "{name}");
        }
        position = position.play(mv).unwrap();
    }
    assert!(position.status().is_over() || names.len() > 8, "{names:?}");
    let said = game.app.view().hint_text().unwrap();
    assert!(said.starts_with("b1 lets Player 2 win in "), "{said}");
    assert!(
        said.contains(&format!(": {}", names[..3].join(" "))),
        "{said}"
    );
    let screen = as_read(&game.screen(80, 24));
    assert!(
        screen.contains("Hint   b1 lets Player 2 win in "),
        "{screen}"
    );
}

/// Every word on `screen` that names a side or the bot the built-in way.
fn default_words(screen: &str) -> Vec<String> {
    let words = screen.split(|c: char| !c.is_alphanumeric());
    let default = words.filter(|w| ["X", "O", "Bot", "x", "o"].contains(w));
    default.map(String::from).collect()
}

#[test]
fn the_players_symbols_and_names_reach_the_rules_panel_ending_and_review() {
    let mut game = Game::new(Settings {
        mode: Mode::VsBot,
        bot_delay: Duration::ZERO,
        symbols: "🦀,🐙".parse().unwrap(),
        names: tictaclatin::config::Names {
            you: "Ann".into(),
            bot: "Robo".into(),
            ..Default::default()
        },
        ..Settings::default()
    });
    game.how = Some("the block");
    game.press(KeyCode::Enter);
    game.keys("b2t");
    let mut screens = vec![("the panel", game.screen(100, 30))];
    game.keys("?");
    screens.push(("the rules", game.screen(100, 30)));
    game.press(KeyCode::Esc);
    while !game.app.play.position().status().is_over() {
        let free = game.app.play.position().legal_moves()[0];
        game.keys(&Latin.cell_name(free.placed()));
    }
    screens.push(("the ending", game.screen(100, 30)));
    game.keys("v");
    game.press(KeyCode::Right);
    screens.push(("a review step", game.screen(100, 30)));
    assert!(
        screens[3].1.contains("Robo (🐙) played c3"),
        "{}",
        screens[3].1
    );
    assert!(
        screens[0].1.contains("Robo's c3: the block"),
        "{}",
        screens[0].1
    );
    for (what, screen) in screens {
        assert_eq!(
            default_words(&screen),
            [] as [String; 0],
            "{what}:\n{screen}"
        );
    }
}

#[test]
fn a_puzzle_failed_retried_and_solved() {
    use tictaclatin::tui::Opening;
    let mut game = Game::new(Settings {
        bot_delay: Duration::ZERO,
        ..Settings::default()
    });
    // Puzzle 331 of the set: O to move wins in 2 moves with a1, and only with a1.
    game.app.open(Opening::Puzzle(330));
    assert_eq!(game.app.play.position().text(), "-XXO/-O-O/--X-/--X-");
    let rating = |game: &Game| {
        let stats = game.app.shared.memory.stats();
        stats
            .puzzles("latin")
            .map(|p| (p.rating.rating, p.solved, p.failed, p.streak))
    };
    let panel = |game: &Game| as_read(&game.screen(100, 30));
    assert!(panel(&game).contains("Puzzle O to play: win in 2 moves"));
    game.keys("d4");
    let failed = panel(&game);
    assert!(failed.contains("Not this one: d4 lets"), "{failed}");
    assert!(failed.contains("u takes it back to try again"), "{failed}");
    assert!(failed.contains("Your puzzle rating: "), "{failed}");
    let (after_fail, 0, 1, 0) = rating(&game).unwrap() else {
        panic!("one failure: {:?}", rating(&game));
    };
    assert!(after_fail < 1500.0, "{after_fail}");
    game.keys("u");
    assert_eq!(game.app.play.moves().len(), 0, "back to the puzzle");
    assert!(panel(&game).contains("Puzzle O to play: win in 2 moves"));
    game.keys("a1");
    assert!(panel(&game).contains("Right: a1 wins in 2 moves. Go on."));
    let win = engine().best(game.app.play.position()).unwrap();
    // Past the first move, the clue is for the position on the board.
    game.keys("tt");
    let shown = format!("The move is {}", Latin.cell_name(win.placed()));
    assert!(game.app.shared.status.text.contains(&shown), "{shown}");
    game.keys(&Latin.cell_name(win.placed()));
    let solved = panel(&game);
    assert!(solved.contains("Solved: "), "{solved}");
    assert!(solved.contains("Only the first try is rated."), "{solved}");
    assert!(
        !solved.contains("swap sides"),
        "no swapping a puzzle:\n{solved}"
    );
    let status = &game.app.shared.status.text;
    assert!(
        status.contains("Solved: "),
        "the end says the verdict: {status}"
    );
    assert!(game.app.play.position().status().is_over());
    // Only the first try counts, and a puzzle is no game won against the bot.
    assert_eq!(
        rating(&game).unwrap().0,
        after_fail,
        "the retry does not count"
    );
    assert!(game.app.shared.memory.stats().is_empty(), "no game counted");
    // More puzzles: the start screen on them, with the rating; Enter gives the next. Solved
    // with the help of a clue, it is not rated; the one after, solved alone, moves the
    // rating up.
    let next = |game: &mut Game| {
        game.keys("n");
        let start = game.screen(100, 30);
        assert!(
            start.contains("[Puzzles]") && start.contains("Your puzzle rating: "),
            "{start}"
        );
        game.press(KeyCode::Enter);
        game.app.play.puzzle.clone().expect("the next puzzle")
    };
    let solve = |game: &mut Game| {
        while !game.app.play.position().status().is_over() {
            let best = engine().best(game.app.play.position()).unwrap();
            game.keys(&Latin.cell_name(best.placed()));
            let said = &game.app.play.puzzle.as_ref().unwrap().said;
            if said.starts_with("Solved") {
                return said.clone();
            }
        }
        panic!("not solved");
    };
    assert_ne!(next(&mut game).number, Some(330));
    game.keys("t");
    let clue = game.screen(100, 30);
    assert!(clue.contains("Look along the row from "), "{clue}");
    assert!(solve(&mut game).ends_with("Solved with a clue: not rated."));
    assert_eq!(rating(&game).unwrap().0, after_fail);
    next(&mut game);
    solve(&mut game);
    let (up, 1, 1, 1) = rating(&game).unwrap() else {
        panic!("one solved: {:?}", rating(&game));
    };
    assert!(up > after_fail, "{up} after {after_fail}");
}

#[test]
fn the_answer_shown_counts_the_puzzle_failed() {
    use tictaclatin::tui::Opening;
    let mut game = Game::new(Settings::default());
    game.app.open(Opening::Puzzle(0));
    game.keys("tt");
    let shown = game.screen(100, 30);
    assert!(shown.contains("this puzzle counts as failed"), "{shown}");
    let answer = game.app.play.puzzle.as_ref().unwrap().puzzle.answer.clone();
    assert!(shown.contains(&format!("The move is {answer}")), "{shown}");
    assert_eq!(
        Latin.cell_name(game.app.play.cursor),
        answer,
        "the cursor on it"
    );
    let stats = game.app.shared.memory.stats();
    assert_eq!(stats.puzzles("latin").map(|p| p.failed), Some(1));
}

/// After a lost game, the person's first move that made it worse comes back as a puzzle
/// (not rated): the position before it, with what it asks.
#[test]
fn a_lost_game_offers_the_move_that_let_it_slip_as_a_puzzle() {
    use tictaclatin::tui::Opening;
    // The person plays O (the bot X, the side that moves first).
    let mut game = Game::new(Settings {
        bot_delay: Duration::ZERO,
        first: First::Bot,
        ..Settings::default()
    });
    // O to move wins with a1 alone; d4 lets X win at once.
    let start = Latin.parse_position("-XXO/-O-O/--X-/--X-").unwrap();
    game.app.open(Opening::Position(start));
    game.keys("d4");
    assert!(game.app.play.position().status().is_over(), "X won");
    let told = game.app.shared.status.text.clone();
    assert!(
        told.contains("Your d4 let this slip: t tries it as a puzzle."),
        "{told}"
    );
    game.keys("t");
    assert_eq!(game.app.play.position().text(), "-XXO/-O-O/--X-/--X-");
    let panel = as_read(&game.screen(100, 30));
    assert!(
        panel.contains("Puzzle O to play: win in 2 moves"),
        "{panel}"
    );
    game.keys("a1");
    assert!(as_read(&game.screen(100, 30)).contains("Right: a1 wins in 2 moves."));
    assert!(
        game.app.shared.memory.stats().puzzles.is_empty(),
        "not rated"
    );
}

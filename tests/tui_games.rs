//! The terminal game with the games beside Tic-Tac-Latin: their boards at 80x24 (reviewed
//! insta snapshots), extreme tic-tac-toe's bonus move and won boards, and the contest clock
//! for people. The bot thread is stood in for: a bot's move is the first legal one, so the
//! games repeat exactly (only the searched hints' lines are asked of the real bot thread).

use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use tictaclatin::config::{First, Hints, Mode, Settings};
use tictaclatin::core::{Claim, Decision, Game as _, Move, Side, Status};
use tictaclatin::games::extreme::adapter::Extreme;
use tictaclatin::games::{GameChoice, GameKind};
use tictaclatin::tui::geometry::{self, Look};
use tictaclatin::tui::screens::play::hints::Advice;
use tictaclatin::tui::{App, Bot, BotRequest, Event, Memory};

struct Game {
    app: App,
    now: Instant,
    /// What the stand-in bot says it proved of its moves, and how it found them.
    says: Option<(Claim, &'static str)>,
}

impl Game {
    /// The status line's text.
    fn status(&self) -> &str {
        self.app.shared.status.text.as_str()
    }

    /// A game of `choice` in `mode`, past the start screen, on an 80x24 terminal; two
    /// people chose hints.
    fn start(choice: GameChoice, mode: Mode, move_limit: Option<Duration>) -> Game {
        let hints = match mode {
            Mode::TwoHumans => Hints::On,
            _ => Hints::Off,
        };
        Game::with(Settings {
            game: choice,
            mode,
            hints,
            bot_delay: Duration::ZERO,
            move_limit,
            ..Settings::default()
        })
    }

    /// A game with these settings, past the start screen, on an 80x24 terminal.
    fn with(settings: Settings) -> Game {
        let now = Instant::now();
        let mut game = Game {
            app: App::new(settings, Memory::default(), now),
            now,
            says: None,
        };
        game.send(Event::Resize(80, 24));
        let engine = game.app.play.game().engine();
        let key = game.app.play.game().key();
        game.send(Event::EngineReady { game: key, engine });
        game.press(KeyCode::Enter);
        game
    }

    fn send(&mut self, event: Event) {
        for request in self.app.update(event) {
            if let BotRequest::Move {
                ticket, position, ..
            } = request
            {
                let cell = position.legal_moves()[0];
                let decision = Decision {
                    mv: cell,
                    claim: self.says.map(|(claim, _)| claim),
                    how: self.says.map(|(_, how)| how.to_string()),
                };
                self.send(Event::BotMoved { ticket, decision });
            }
        }
    }

    fn press(&mut self, code: KeyCode) {
        self.send(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }

    /// Cell names typed one after another, as a player would.
    fn play(&mut self, cells: &[&str]) {
        for cell in cells {
            for c in cell.chars() {
                self.press(KeyCode::Char(c));
            }
        }
    }

    fn tick(&mut self, ms: u64) {
        self.now += Duration::from_millis(ms);
        self.send(Event::Tick(self.now));
    }

    fn screen(&self) -> String {
        drawn(&self.app, 80, 24)
    }
}

fn extreme() -> GameChoice {
    GameChoice::of(GameKind::Extreme)
}

/// X takes row 1 of small board A1 while O answers where it is sent; X's fourth stone
/// there, A1d1, wins the board and with it a bonus move.
const A1_FOR_X: [&str; 13] = [
    "A1a1", "A1a2", "A2b1", "B1a1", "A1b1", "B1a2", "A2c1", "C1a1", "A1c1", "C1a2", "A2d1", "D1a1",
    "A1d1",
];

#[test]
fn extreme_fits_80x24_with_its_small_boards_joined() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&["B3c1", "C1b3"]);
    insta::assert_snapshot!(game.screen());
}

#[test]
fn winning_a_small_board_announces_the_bonus_move_and_closes_the_board() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&A1_FOR_X);
    assert_eq!(game.app.play.moves().len(), 13);
    let position = game.app.play.position();
    assert_eq!(position.to_move(), Side::First, "X moves again");
    assert!(Extreme.bonus_move(position));
    assert_eq!(
        Extreme.points(position),
        Some([6, 0]),
        "A1 is a corner: 6 points"
    );
    assert_eq!(
        game.status(),
        "A1d1 wins A1 (6 : 0): BONUS MOVE! Player 1's turn (X, bonus)."
    );
    let screen = game.screen();
    // The won board is closed: one band with its winner's symbol across it, and no symbols
    // in its empty cells that would read as moves.
    let a1_rows: Vec<&str> = screen.lines().skip(2).take(4).collect();
    assert!(a1_rows[0].contains("┃1 X X X•X┃"), "{screen}");
    assert!(a1_rows[2].contains("┃═══ X ═══┃"), "{screen}");
    assert!(a1_rows[3].contains("┃4        ┃"), "{screen}");
    insta::assert_snapshot!(screen);
}

/// At 100 x 30 the cells are wider and every small board keeps its own labels; the won
/// board is closed the same way.
#[test]
fn extreme_at_100x30_labels_every_small_board_and_closes_a_won_one() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&A1_FOR_X);
    game.send(Event::Resize(100, 30));
    let screen = drawn(&game.app, 100, 30);
    assert!(screen.contains("┏A━a━━b━━c━━d━┳B━a━━b━━c━━d━┳"), "{screen}");
    assert!(screen.contains("┃1 X  X  X •X ┃1 O          ┃"), "{screen}");
    assert!(screen.contains("┃═════ X ═════┃"), "{screen}");
    insta::assert_snapshot!(screen);
}

/// A small board full without a pattern is closed too, as a draw.
#[test]
fn a_full_small_board_is_closed_as_a_draw() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    // A1 full, no row, column or diamond for either side; O's a4 sends X to A4.
    let a1 = ["XOXO", "XOXO", "OXOX", "OXOX"];
    let rows: Vec<String> = (0..16)
        .map(|r| format!("{:-<16}", a1.get(r).unwrap_or(&"")))
        .collect();
    let start = Extreme
        .parse_position(&format!("{} A1a4 x", rows.concat()))
        .unwrap();
    let shared = &mut game.app.shared;
    game.app
        .play
        .start_from(start, Mode::TwoHumans, First::You, shared);
    let screen = game.screen();
    assert!(
        screen.lines().nth(4).unwrap().contains("┃═ draw ══┃"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
}

/// Emoji fill the two columns of a cell at 80 x 24: they would touch, with no room for the
/// last move's dot, so the board draws X and O for them and the panel says so. At 100 x 30
/// the cells have room and the emoji come back, a space between them.
#[test]
fn wide_symbols_give_way_to_letters_where_cells_are_narrow() {
    let mut game = Game::with(Settings {
        game: extreme(),
        mode: Mode::TwoHumans,
        symbols: "🦀,🐙".parse().unwrap(),
        bot_delay: Duration::ZERO,
        ..Settings::default()
    });
    game.play(&A1_FOR_X);
    let screen = game.screen();
    assert!(screen.contains("┃1 X X X•X┃"), "{screen}");
    assert!(screen.contains("X is 🦀, O is 🐙"), "{screen}");
    insta::assert_snapshot!(screen);
    game.send(Event::Resize(100, 30));
    let wide = drawn(&game.app, 100, 30);
    assert!(wide.contains("┃1 🦀 🦀 🦀•🦀"), "{wide}");
    assert!(!wide.contains("too wide"), "{wide}");
}

#[test]
fn the_bonus_move_may_go_to_the_board_just_won_and_then_goes_on() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&A1_FOR_X);
    // Sent by d1 to the top-right small board D1: X's bonus move there, then O's turn.
    game.play(&["D1b2"]);
    let position = game.app.play.position();
    assert!(!Extreme.bonus_move(position));
    assert_eq!(position.to_move(), Side::Second);
    assert!(game.status().contains("Player 2's turn (O)."));
    // The move list keeps X's column X's: the bonus move joins the move that earned it,
    // and O's answer follows in the same row.
    game.play(&["B2a1"]);
    let screen = game.screen();
    assert!(screen.contains(" 7. A1d1 +D1b2  B2a1"), "{screen}");
    // O's moves line up in one column above and below the bonus.
    // The screen column (in characters: the board's lines are several bytes each) of the
    // first move after `prefix`.
    let column = |prefix: &str| {
        let line = screen.lines().find(|l| l.contains(prefix)).unwrap();
        let (before, after) = line.split_at(line.find(prefix).unwrap() + prefix.len());
        let gap = after.chars().take_while(|&c| c == ' ').count();
        before.chars().count() + gap
    };
    assert_eq!(column(" 6. A2d1"), column(" 7. A1d1 +D1b2"), "{screen}");
}

#[test]
fn the_cursor_starts_in_the_board_the_mover_is_sent_to() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&["B3c1"]);
    // c1 is the third column of the top row: O must play in small board C1.
    let cursor = game.app.play.cursor;
    assert!(
        game.app
            .play
            .position()
            .legal_moves()
            .contains(&cursor.into())
    );
    assert!(
        game.app.play.game().cell_name(cursor).starts_with("C1"),
        "{}",
        game.app.play.game().cell_name(cursor)
    );
}

/// A name dropped half typed gives back the turn, not the refusal of an earlier name;
/// the typing prompt's example is a cell that can be played, wherever the cursor is.
#[test]
fn typing_after_a_refused_name_forgets_the_refusal() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&["B3c1", "A1a1"]);
    assert!(game.status().starts_with("Illegal"), "{}", game.status());
    game.play(&["C1"]);
    assert!(game.status().contains("like C1"), "{}", game.status());
    game.press(KeyCode::Esc);
    assert!(!game.status().contains("Illegal"), "{}", game.status());
    assert!(game.status().contains("turn"), "{}", game.status());
    // The cursor off the board to play in: the example is still one that can be played.
    for _ in 0..4 {
        game.press(KeyCode::Left);
    }
    assert!(
        !game
            .app
            .play
            .game()
            .cell_name(game.app.play.cursor)
            .starts_with("C1")
    );
    game.play(&["B"]);
    assert!(game.status().contains("(like C1"), "{}", game.status());
}

#[test]
fn a_move_outside_the_board_one_is_sent_to_is_refused_and_nothing_changes() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&["B3c1", "A1a1"]);
    assert_eq!(game.app.play.moves().len(), 1);
    assert!(game.status().contains("A1a1"), "{}", game.status());
}

#[test]
fn a_person_over_the_contest_clock_loses_on_time() {
    let limit = Some(Duration::from_secs(5));
    let mut game = Game::start(extreme(), Mode::TwoHumans, limit);
    game.tick(10);
    game.tick(3_990);
    assert_eq!(game.app.play.status(), Status::InPlay, "4 s of 5");
    assert!(
        game.screen().contains("Clock  1 s left"),
        "{}",
        game.screen()
    );
    // A move in time starts the next player's clock afresh.
    game.play(&["B3c1"]);
    game.tick(10);
    game.tick(4_000);
    assert_eq!(game.app.play.status(), Status::InPlay);
    game.tick(1_100);
    assert_eq!(
        game.app.play.status(),
        Status::Won(Side::First),
        "O ran out"
    );
    assert_eq!(
        game.status(),
        "Player 2 (O) ran out of time: Player 1 (X) wins (time out), 68 : 0 in contest points."
    );
    game.play(&["C1a1"]);
    assert_eq!(
        game.app.play.moves().len(),
        1,
        "no move after the game is lost"
    );
    // A loss on time is final: undo neither takes back the move before it nor the loss.
    game.play(&["u"]);
    assert_eq!(game.app.play.moves().len(), 1);
    assert_eq!(game.app.play.status(), Status::Won(Side::First));
    assert!(
        game.status().contains("lost on time stays lost"),
        "{}",
        game.status()
    );
    assert!(
        !game.screen().contains("u undo"),
        "the footer offers no undo"
    );
}

/// Lost on time before any move: the hints go with the game (nobody will play those
/// cells), and there is nothing to review.
#[test]
fn a_game_lost_on_time_before_a_move_shows_no_hints_and_no_review() {
    let limit = Some(Duration::from_secs(5));
    let mut game = Game::start(classic(3), Mode::TwoHumans, limit);
    assert!(
        game.app.view().hint_values().is_some(),
        "two people: hints on"
    );
    game.tick(10);
    game.tick(5_100);
    assert_eq!(game.app.play.status(), Status::Won(Side::Second));
    assert_eq!(game.app.view().hint_values(), None);
    game.play(&["v"]);
    assert_eq!(game.status(), "Nothing to review: no move was played.");
}

#[test]
fn without_a_clock_a_person_may_think_for_ever() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.tick(10);
    game.tick(3_600_000);
    assert_eq!(game.app.play.status(), Status::InPlay);
    assert!(!game.screen().contains("Clock"));
}

#[test]
fn the_bot_never_plays_against_the_contest_clock() {
    // Against the bot, only the person's turns are timed: the bot's reply (the stand-in
    // answers at once) leaves the person a fresh clock.
    let limit = Some(Duration::from_secs(5));
    let mut game = Game::start(extreme(), Mode::VsBot, limit);
    game.tick(10);
    game.play(&["B3c1"]);
    game.tick(10);
    assert_eq!(game.app.play.moves().len(), 2, "the bot replied");
    game.tick(4_500);
    assert_eq!(game.app.play.status(), Status::InPlay);
}

#[test]
fn classic_7x7_fits_80x24() {
    let choice = GameChoice {
        kind: GameKind::Classic,
        size: Some(7),
        in_a_row: Some(5),
    };
    let mut game = Game::start(choice, Mode::TwoHumans, None);
    game.play(&["d4", "c3", "e5"]);
    insta::assert_snapshot!(game.screen());
}

/// Both sides one stone from a line, each across the layers: X's 1a4 2a3 3a2 waits for
/// 4a1, O's space diagonal 1d1 2c2 3b3 for 4a4; the cursor is on O's last stone, 3b3.
fn qubic_threats_drawn(width: u16, height: u16) -> String {
    let mut game = Game::start(GameChoice::of(GameKind::Qubic), Mode::TwoHumans, None);
    game.play(&["1a4", "1d1", "2a3", "2c2", "3a2", "3b3"]);
    game.send(Event::Resize(width, height));
    drawn(&game.app, width, height)
}

#[test]
fn qubic_at_80x24_marks_both_threats_and_the_cursors_lines() {
    let screen = qubic_threats_drawn(80, 24);
    assert!(screen.contains("X threatens 4a1: line 1a4-4a1"), "{screen}");
    assert!(screen.contains("O threatens 4a4: line 1d1-4a4"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn qubic_marks_no_threat_and_no_cursor_line_once_the_game_is_won() {
    let mut game = Game::start(GameChoice::of(GameKind::Qubic), Mode::TwoHumans, None);
    game.play(&["1a4", "1d1", "2a3", "2c2", "3a2", "3b3", "4a1"]);
    let screen = game.screen();
    assert!(screen.contains("wins with line 1a4-4a1"), "{screen}");
    let layers: String = screen.lines().skip(2).take(8).collect();
    assert!(!layers.contains('·') && !layers.contains("(O)"), "{screen}");
    assert!(!screen.contains("threatens"), "{screen}");
}

#[test]
fn qubic_at_120x32_draws_larger_layers_with_the_threats() {
    insta::assert_snapshot!(qubic_threats_drawn(120, 32));
}

#[test]
fn qubic_at_160x45_stacks_its_layers_in_depth() {
    insta::assert_snapshot!(qubic_threats_drawn(160, 45));
}

#[test]
fn the_arrows_follow_the_layers_as_drawn() {
    let mut game = Game::start(GameChoice::of(GameKind::Qubic), Mode::TwoHumans, None);
    let cursor = |game: &Game| game.app.play.game().cell_name(game.app.play.cursor);
    game.play(&["1a4"]);
    // Side by side (80x24), right of layer 1's column d is layer 2's column a.
    game.send(Event::Resize(80, 24));
    game.app.play.cursor = game.app.play.game().parse_cell("1d4").unwrap();
    game.press(KeyCode::Right);
    assert_eq!(cursor(&game), "2a4");
    // One under another (160x45), below layer 1's row 4 is layer 2's row 1.
    game.send(Event::Resize(160, 45));
    game.press(KeyCode::Left);
    assert_eq!(cursor(&game), "2d4", "left wraps within the layer");
    game.app.play.cursor = game.app.play.game().parse_cell("1b4").unwrap();
    game.press(KeyCode::Down);
    assert_eq!(cursor(&game), "2b1");
}

#[test]
fn qubic_fits_80x24_with_its_layers_stacked_or_side_by_side() {
    let mut game = Game::start(GameChoice::of(GameKind::Qubic), Mode::TwoHumans, None);
    game.play(&["1a1", "2b2", "4d4"]);
    insta::assert_snapshot!(game.screen());
}

#[test]
fn every_games_rules_fit_the_start_screen_at_its_smallest() {
    for choice in tictaclatin::games::all_choices() {
        let settings = Settings {
            game: choice,
            ..Settings::default()
        };
        let mut app = App::new(settings, Memory::default(), Instant::now());
        app.update(Event::Resize(70, 22));
        let screen = drawn(&app, 70, 22);
        // The rules end with who moves first: cut short, that sentence is lost.
        assert!(screen.contains("O second."), "{choice:?}:\n{screen}");
    }
}

/// What `app` draws on a `width` x `height` terminal.
fn drawn(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .unwrap();
    terminal.backend().to_string()
}

#[test]
fn the_demo_names_both_bots_levels_everywhere() {
    use tictaclatin::tui::screens::start::menu::Menu;
    let settings = Settings {
        game: extreme(),
        mode: Mode::Demo,
        bot_delay: Duration::ZERO,
        ..Settings::default()
    };
    let mut app = App::new(settings, Memory::default(), Instant::now());
    app.update(Event::Resize(80, 24));
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    while app.start.menu.row != Menu::SECOND_LEVEL {
        app.update(key(KeyCode::Down));
    }
    // Left steps down the list: from max to hard, medium, easy, random.
    for _ in 0..4 {
        app.update(key(KeyCode::Left));
    }
    let start = drawn(&app, 80, 24);
    assert!(start.contains("▶ Bot 2 level [random]"), "{start}");
    assert!(
        start.contains("Watch the bot at max (X) play the bot at random (O)."),
        "{start}"
    );
    app.update(key(KeyCode::Enter));
    let screen = drawn(&app, 80, 24);
    assert!(
        screen.contains("Bot vs bot · bots: max vs random"),
        "{screen}"
    );
    assert!(
        screen.contains("Level  max vs random (+: Bot 1)"),
        "{screen}"
    );
}

#[test]
fn a_half_typed_name_is_echoed_as_the_game_writes_it() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&["b2"]);
    assert!(
        game.status()
            .starts_with("B2… then the rest of a cell's name"),
        "{}",
        game.status()
    );
}

#[test]
fn switching_hints_on_where_the_bot_searches_explains_its_ranking() {
    let mut game = Game::start(extreme(), Mode::VsBot, None);
    game.play(&["t"]);
    assert!(
        game.status().contains("1 2 3 the bot's choices"),
        "{}",
        game.status()
    );
    assert!(game.status().contains("(ties alike)"));
    assert!(game.status().contains("W2/L proven"));
}

#[test]
fn every_level_of_every_game_is_described_whole_at_the_smallest_start_screen() {
    use tictaclatin::core::Difficulty;
    for choice in tictaclatin::games::all_choices() {
        for level in Difficulty::ALL {
            let settings = Settings {
                game: choice,
                difficulty: level,
                ..Settings::default()
            };
            let mut app = App::new(settings, Memory::default(), Instant::now());
            app.update(Event::Resize(70, 22));
            let screen = drawn(&app, 70, 22);
            let sentence = screen
                .lines()
                .find(|l| {
                    l.contains(':')
                        && l.trim_start_matches('"').starts_with(char::is_uppercase)
                        && l.contains(&capitalised(app.play.game().level_name(level)))
                })
                .unwrap_or_else(|| panic!("{choice:?} {level:?}:\n{screen}"));
            assert!(
                sentence.trim_end_matches('"').trim_end().ends_with('.'),
                "{choice:?} {level:?}: {sentence}"
            );
        }
    }
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[test]
fn the_help_between_two_people_lists_no_level_key() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&["??"]);
    let screen = game.screen();
    assert!(screen.contains("the rules and the keys"), "{screen}");
    assert!(!screen.contains("change the bot's level"), "{screen}");
    let mut game = Game::start(extreme(), Mode::VsBot, None);
    game.play(&["??"]);
    assert!(game.screen().contains("change the bot's level"));
}

#[test]
fn after_an_undo_the_cursor_is_in_the_board_to_play_again() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&["B3c1", "C1b3"]);
    assert!(
        game.app
            .play
            .game()
            .cell_name(game.app.play.cursor)
            .starts_with("B3")
    );
    game.play(&["u"]);
    // O is to move again, sent to C1 by X's c1.
    let cursor = game.app.play.game().cell_name(game.app.play.cursor);
    assert!(cursor.starts_with("C1"), "{cursor}");
}

#[test]
fn escape_drops_a_half_typed_name_and_never_asks_to_quit() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&["B3c1", "c1"]);
    assert!(game.status().starts_with("C1…"), "{}", game.status());
    game.press(KeyCode::Esc);
    assert!(
        !game
            .app
            .shared
            .status
            .text
            .as_str()
            .contains("again to quit"),
        "{}",
        game.status()
    );
    assert!(!game.status().contains('…'), "{}", game.status());
    game.press(KeyCode::Esc);
    assert!(
        game.status().contains("Nothing to close"),
        "{}",
        game.status()
    );
}

#[test]
fn a_small_board_won_by_a_bonus_move_says_no_second_bonus_follows() {
    use tictaclatin::core::{BlockState, Game as _, Position};
    // From seeded random play, the moves up to a bonus move that wins a second board.
    let won = |p: &dyn Position| {
        Extreme
            .blocks(p)
            .iter()
            .filter(|b| matches!(b, BlockState::Won(_)))
            .count()
    };
    let mut rng = 12_345_u64;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let names = 'games: loop {
        let mut position: Box<dyn Position> = Extreme.start();
        let mut names = Vec::new();
        while !position.status().is_over() {
            let moves = position.legal_moves();
            // A winning move when there is one, so boards fall often.
            let winning = moves
                .iter()
                .copied()
                .find(|&m| won(position.play(m).unwrap().as_ref()) > won(position.as_ref()));
            let cell = winning.unwrap_or_else(|| moves[next(moves.len())]);
            let after = position.play(cell).unwrap();
            names.push(Extreme.cell_name(cell.placed()));
            if Extreme.bonus_move(&*position) && won(after.as_ref()) > won(position.as_ref()) {
                break 'games names;
            }
            position = after;
        }
    };
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    game.play(&names);
    assert_eq!(
        game.app.play.moves().len(),
        names.len(),
        "every move was played"
    );
    let status = game.status();
    assert!(status.contains(", no second bonus. "), "{status}");
    assert!(
        !status.contains("(X, bonus)") && !status.contains("(O, bonus)"),
        "{status}"
    );
}

#[test]
fn declining_to_quit_goes_back_to_whose_turn_it_is() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&["B3c1", "q", "x"]);
    assert_eq!(game.status(), "Not quitting. Player 2's turn (O).");
    game.play(&["C1b3"]);
    assert!(
        game.status().ends_with("Player 1's turn (X)."),
        "{}",
        game.status()
    );
}

/// What `app` draws on a `width` x `height` terminal, cell by cell.
fn drawn_buffer(app: &App, width: u16, height: u16) -> Buffer {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    app.render(area, &mut buf);
    buf
}

/// The text of a rectangle of the screen as a terminal shows it: a double-width symbol
/// once, its second column skipped.
fn text_in(buf: &Buffer, rect: Rect) -> String {
    let mut text = String::new();
    for y in rect.top()..rect.bottom() {
        let mut x = rect.left();
        while x < rect.right() {
            let symbol = buf[(x, y)].symbol();
            text.push_str(symbol);
            x += unicode_width::UnicodeWidthStr::width(symbol).max(1) as u16;
        }
    }
    text
}

/// Every game with moves to type in it: the last of them is the second side's, the one
/// before the first side's.
fn games_with_moves() -> Vec<(GameChoice, Vec<&'static str>)> {
    let mut all = vec![
        (
            GameChoice::of(GameKind::Latin),
            vec!["b2", "c3", "a1", "d4"],
        ),
        (
            GameChoice::of(GameKind::Qubic),
            vec!["1a1", "2b2", "4d4", "3c3"],
        ),
        (extreme(), vec!["B3c1", "C1b3", "B3a1", "A1b3"]),
    ];
    for size in 3..=7 {
        let choice = GameChoice {
            kind: GameKind::Classic,
            size: Some(size),
            in_a_row: None,
        };
        all.push((choice, vec!["a1", "b2", "c3", "c1"]));
    }
    all
}

/// Terminal sizes from narrow and short to wide and tall, which between them give every
/// game each of the looks it takes.
fn terminal_sizes() -> Vec<(u16, u16)> {
    let mut sizes = Vec::new();
    for width in (30..=210).step_by(4) {
        for height in (14..=62).step_by(3) {
            sizes.push((width, height));
        }
    }
    sizes
}

#[test]
fn wide_symbols_stay_whole_on_the_last_move_in_every_game_and_cell_width() {
    let mut looks: Vec<Look> = Vec::new();
    for (choice, moves) in games_with_moves() {
        let mut game = Game::with(Settings {
            game: choice,
            mode: Mode::TwoHumans,
            symbols: "🦀,猫".parse().unwrap(),
            bot_delay: Duration::ZERO,
            ..Settings::default()
        });
        for (played, name) in moves.iter().enumerate() {
            game.play(&[name]);
            assert_eq!(game.app.play.moves().len(), played + 1, "{choice:?} {name}");
            let layout = game.app.play.game().layout();
            for (width, height) in terminal_sizes() {
                let Some(areas) = geometry::areas(layout, Rect::new(0, 0, width, height)) else {
                    continue;
                };
                if !looks.contains(&areas.board.look) {
                    looks.push(areas.board.look);
                }
                let buf = drawn_buffer(&game.app, width, height);
                let board = areas.board;
                // Where move `ply` (1-based) of the game landed.
                let rect = |ply| {
                    let cell = game.app.play.landed(ply).unwrap();
                    board.cell_rect(game.app.play.game().place(cell))
                };
                for ply in 0..game.app.play.moves().len() {
                    // Two columns leave a wide symbol no room beside it: X and O stand in.
                    let symbol = match (rect(ply + 1).width > 2, ply % 2 == 0) {
                        (true, true) => "🦀",
                        (true, false) => "猫",
                        (false, true) => "X",
                        (false, false) => "O",
                    };
                    let text = text_in(&buf, rect(ply + 1));
                    let at = format!("{choice:?} {width}x{height}, move {}", ply + 1);
                    assert!(text.contains(symbol), "{at}: {text:?}");
                }
                // The last move keeps its dot beside the symbol.
                let text = text_in(&buf, rect(game.app.play.moves().len()));
                assert!(text.contains('•'), "{choice:?} {width}x{height}: {text:?}");
            }
        }
    }
    // Every look the board takes was drawn: cells 7, 5, 3 (with and without lines) and 2
    // columns wide.
    assert_eq!(looks.len(), 5, "{looks:?}");
}

fn classic(size: u8) -> GameChoice {
    GameChoice {
        kind: GameKind::Classic,
        size: Some(size),
        in_a_row: None,
    }
}

/// The names of the moves played so far.
fn move_names(game: &Game) -> Vec<String> {
    let start = game.app.play.game().start();
    tictaclatin::core::move_names(game.app.play.game(), &*start, game.app.play.moves())
}

#[test]
fn classic_3x3_takes_its_digits_as_typed_at_once() {
    let mut game = Game::start(classic(3), Mode::TwoHumans, None);
    game.play(&["5", "1", "9"]);
    assert_eq!(move_names(&game), ["b2", "a1", "c3"]);
}

#[test]
fn qubic_takes_a_typed_digit_for_a_layer_never_for_a_cell_number() {
    let mut game = Game::start(GameChoice::of(GameKind::Qubic), Mode::TwoHumans, None);
    // 1 begins layer 1's names (1a1): it waits, however long, and Enter places nothing.
    game.play(&["1"]);
    assert_eq!(
        game.status(),
        "1… then the rest of a cell's name (like 1a1) places there"
    );
    game.tick(60_000);
    game.press(KeyCode::Enter);
    assert!(game.app.play.moves().is_empty(), "{}", game.status());
    assert!(
        game.status().starts_with("Not a cell yet: 1…"),
        "{}",
        game.status()
    );
    game.play(&["b1"]);
    assert_eq!(move_names(&game), ["1b1"]);
    // A digit that begins no name is refused, and says how a number is typed.
    game.play(&["7"]);
    assert_eq!(
        game.status(),
        "Illegal: a cell's number follows # (#7 is 1d2)"
    );
    assert_eq!(game.app.play.moves().len(), 1);
    // After `#`, numbers as the commands read them: #1 could go on (#12), so it waits
    // for the next digit or Enter.
    game.play(&["#1"]);
    game.tick(5_000);
    game.play(&["2"]);
    game.play(&["#7", "#6 ", "2b3", "#0"]);
    assert_eq!(
        move_names(&game),
        ["1b1", "1a4", "1d2", "1c2", "2b3", "1a1"]
    );
    game.play(&["#64"]);
    assert_eq!(game.app.play.moves().len(), 6);
    assert_eq!(
        game.status(),
        "Illegal: no cell 64: numbers run from 0 to 63"
    );
}

/// A rectangle of the screen as one line of words: rows joined, runs of spaces (no-break
/// ones too) made one, so a text wrapped over rows reads as it would unwrapped.
fn words_in(buf: &Buffer, rect: Rect) -> String {
    let mut rows = Vec::new();
    for y in rect.top()..rect.bottom() {
        rows.push(text_in(buf, Rect::new(rect.x, y, rect.width, 1)));
    }
    rows.join(" ")
        .replace('\u{a0}', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_bots_claim_shows_whole_in_the_panel_at_every_width() {
    for (choice, moves) in games_with_moves() {
        let mut game = Game::start(choice, Mode::VsBot, None);
        game.says = Some((Claim::WinWithin(19), "forced win"));
        game.play(&moves[..1]);
        assert_eq!(
            game.app.play.moves().len(),
            2,
            "{choice:?}: the bot replied"
        );
        let note = format!(
            "Bot's {}: forced win; wins within 10 moves",
            move_names(&game)[1]
        );
        let layout = game.app.play.game().layout();
        let mut shown = 0;
        for (width, height) in terminal_sizes() {
            let Some(areas) = geometry::areas(layout, Rect::new(0, 0, width, height)) else {
                continue;
            };
            let buf = drawn_buffer(&game.app, width, height);
            let panel = words_in(&buf, areas.panel);
            // The claim whole, or where the panel's rows run out, none of it; from 80 x 24
            // on, always whole.
            if panel.contains(&note) {
                shown += 1;
            } else {
                assert!(
                    !panel.contains("forced win") && !panel.contains("wins within"),
                    "{choice:?} {width}x{height}: {panel}"
                );
                assert!(
                    width < 80 || height < 24,
                    "{choice:?} {width}x{height}: {panel}"
                );
            }
        }
        assert!(shown > 0, "{choice:?}");
    }
}

/// docs/playing.md's table of each game's smallest terminals, as its rows: the game's
/// title and its sizes, "W x H" each.
fn size_table(page: &str) -> Vec<(String, String)> {
    page.lines()
        .skip_while(|line| !line.starts_with("| game | smallest terminal"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            (cells[1].to_string(), cells[2].to_string())
        })
        .collect()
}

#[test]
fn the_playing_page_states_each_games_smallest_terminal_as_the_geometry_has_it() {
    use tictaclatin::games;
    let sizes = |all: &[(u16, u16)]| {
        all.iter()
            .map(|(w, h)| format!("{w} x {h}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // One row per board: the whole-row variant of each classic size stands for the others,
    // whose boards are drawn alike.
    let expected: Vec<(String, String)> = games::all_choices()
        .into_iter()
        .filter(|choice| choice.in_a_row.is_none())
        .map(|choice| {
            let game = games::build(choice).unwrap();
            (game.title(), sizes(&geometry::minimums(game.layout())))
        })
        .collect();
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/playing.md"))
        .expect("docs/playing.md is readable");
    assert_eq!(size_table(&page), expected, "the table of terminal sizes");
    let page = page.replace('\n', " ");
    let (w, h) = geometry::START_MIN;
    assert!(page.contains(&format!("The start screen needs {w} x {h}")));
    // At 80 x 23 only extreme is too small, and it asks for one more row.
    let extreme = games::build(extreme()).unwrap().layout();
    let (w, h) = geometry::nearest_fit(extreme, 80, 23);
    assert!(page.contains(&format!("extreme at 80 x 23 asks for {w} x {h}")));
    for choice in games::all_choices() {
        let layout = games::build(choice).unwrap().layout();
        assert_eq!(
            geometry::fits(layout, 80, 23),
            choice.kind != GameKind::Extreme,
            "{choice:?}"
        );
        assert!(geometry::fits(layout, 80, 24), "{choice:?}");
    }
}

#[test]
fn the_perfect_levels_text_follows_each_solved_games_exact_value() {
    use tictaclatin::core::{Difficulty, Outcome};
    use tictaclatin::games;
    let mut solved = Vec::new();
    for choice in games::all_choices() {
        let game = games::build(choice).unwrap();
        if !game.solved() {
            continue;
        }
        let settings = Settings {
            game: choice,
            difficulty: Difficulty::Perfect,
            ..Settings::default()
        };
        let mut app = App::new(settings, Memory::default(), Instant::now());
        app.update(Event::Resize(80, 24));
        // Before the engine has said, the text claims nothing about the value.
        let before = drawn(&app, 80, 24);
        assert!(
            before.contains("Perfect: it has solved the game and plays the best move"),
            "{choice:?}:\n{before}"
        );
        let engine = game.engine();
        let value = engine.value(game.start().as_ref()).unwrap().outcome;
        app.update(Event::EngineReady {
            game: game.key(),
            engine,
        });
        let expected = match value {
            Outcome::Draw => "Perfect: it has solved the game and never loses; aim to draw.",
            Outcome::Win => "Perfect: it has solved the game: it wins whenever it moves first.",
            Outcome::Loss => "Perfect: it has solved the game: it wins whenever it moves second.",
        };
        let screen = drawn(&app, 80, 24);
        assert!(screen.contains(expected), "{choice:?}:\n{screen}");
        solved.push((game.key(), value));
    }
    // Four in a row on 4x4 is a draw, three in a row a first player's win.
    assert!(
        solved.contains(&("classic-4".to_string(), Outcome::Draw)),
        "{solved:?}"
    );
    assert!(
        solved.contains(&("classic-4k3".to_string(), Outcome::Win)),
        "{solved:?}"
    );
    assert!(
        solved.contains(&("latin".to_string(), Outcome::Draw)),
        "{solved:?}"
    );
}

#[test]
fn choosing_a_solved_game_on_the_start_screen_asks_for_its_engine() {
    use tictaclatin::tui::screens::start::menu::Menu;
    let settings = Settings {
        game: GameChoice::of(GameKind::Qubic),
        ..Settings::default()
    };
    let mut app = App::new(settings, Memory::default(), Instant::now());
    let first = app.initial_requests();
    assert!(matches!(first.as_slice(), [BotRequest::Load(game)] if game.key() == "qubic"));
    assert!(app.update(Event::Resize(80, 24)).is_empty(), "asked once");
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    while app.start.menu.row != Menu::GAME {
        app.update(key(KeyCode::Up));
    }
    let mut asked = Vec::new();
    while app.start.menu.game.kind != GameKind::Latin {
        asked.extend(app.update(key(KeyCode::Right)));
    }
    let loads: Vec<String> = asked
        .iter()
        .filter_map(|request| match request {
            BotRequest::Load(game) => Some(game.key()),
            _ => None,
        })
        .collect();
    assert!(loads.contains(&"latin".to_string()), "{loads:?}");
    assert!(!loads.contains(&"qubic".to_string()), "{loads:?}");
}

#[test]
fn a_name_that_ends_in_no_cell_is_refused_as_the_game_writes_it() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.play(&["b3c9"]);
    assert!(game.app.play.moves().is_empty());
    assert!(
        game.status().starts_with("Illegal: 'B3c9' is not a cell"),
        "{}",
        game.status()
    );
}

#[test]
fn qubic_on_a_tall_terminal_gives_the_move_list_its_spare_rows() {
    // Beside the layers, which are short, the panel has rows to spare at 130x40: the whole
    // move list of 20 moves shows, from the first row to the last.
    let mut game = Game::start(GameChoice::of(GameKind::Qubic), Mode::TwoHumans, None);
    let moves = [
        "2d3", "3b2", "3a3", "1c1", "2b4", "4c3", "3b3", "4d4", "3c1", "4d3", "1b1", "4c2", "1a1",
        "4c1", "2a1", "3a4", "1d3", "1d1", "3d2", "4a3",
    ];
    game.play(&moves);
    assert_eq!(
        game.app.play.moves().len(),
        moves.len(),
        "{}",
        game.status()
    );
    game.send(Event::Resize(130, 40));
    let screen = drawn(&game.app, 130, 40);
    for row in [
        " 1. 2d3  3b2",
        " 2. 3a3  1c1",
        " 9. 1d3  1d1",
        "10. 3d2  4a3",
    ] {
        assert!(screen.contains(row), "{row}:\n{screen}");
    }
}

/// Types `cell` in a game of `choice` with hints on, and has a real bot thread work out
/// the hints it asks for.
fn play_with_hints_in(game: &mut Game, choice: GameChoice, cell: &str) {
    let requests: Vec<BotRequest> = cell
        .chars()
        .flat_map(|c| {
            game.app.update(Event::Key(KeyEvent::new(
                KeyCode::Char(c),
                KeyModifiers::NONE,
            )))
        })
        .collect();
    let request = requests
        .into_iter()
        .find(|request| matches!(request, BotRequest::Hints { .. }))
        .expect("hints are asked of the bot");
    answer_from_the_bot(game, choice, request);
}

/// Has a real bot thread, with the engine of `choice`, answer `request`, and gives the app
/// its answer.
fn answer_from_the_bot(game: &mut Game, choice: GameChoice, request: BotRequest) {
    let (tx, rx) = std::sync::mpsc::channel();
    let bot = Bot::spawn(tx, 1, Duration::from_millis(100), Arc::default()).unwrap();
    bot.ask(BotRequest::Load(tictaclatin::games::build(choice).unwrap()));
    bot.ask(request);
    let patience = Duration::from_secs(120);
    for event in std::iter::from_fn(|| rx.recv_timeout(patience).ok()) {
        let loaded = matches!(event, Event::EngineReady { .. });
        game.send(event);
        if !loaded {
            return;
        }
    }
    panic!("the bot answers in time");
}

/// On a searched board the panel's line comes from the hints' own search, which has a line
/// behind every move: under the cursor on a ranked move that is not the search's best, its
/// own line shows, in words.
#[test]
fn on_a_searched_board_a_move_that_is_not_the_best_shows_its_own_line() {
    // Five in a row, O's first answer: on the whole row every move is proven a draw, and
    // later in this game most moves are proven too, so not ranked.
    let choice = GameChoice {
        in_a_row: Some(5),
        ..classic(7)
    };
    let mut game = Game::start(choice, Mode::TwoHumans, None);
    play_with_hints_in(&mut game, choice, "d4");
    let advice = game.app.view().advice().expect("hints came");
    // Two moves share the first rank here; the last ranked in board order is not the one
    // the search's best line starts with.
    let ranked: Vec<(Move, Advice)> = advice
        .into_iter()
        .filter(|(_, a)| matches!(a, Advice::Choice(_)))
        .collect();
    assert!(ranked.len() > 1, "{ranked:?}");
    let ranked = &ranked[ranked.len() - 1..];
    // Walk the cursor over the board, row by row, to the first such move.
    'rows: for _ in 0..7 {
        for _ in 0..7 {
            let at = game
                .app
                .play
                .game()
                .move_at(game.app.play.position(), game.app.play.cursor);
            if ranked.iter().any(|&(mv, _)| Some(mv) == at) {
                break 'rows;
            }
            game.press(KeyCode::Right);
        }
        game.press(KeyCode::Down);
        for _ in 0..7 {
            game.press(KeyCode::Left);
        }
    }
    let cursor = game.app.play.game().cell_name(game.app.play.cursor);
    let names = game
        .app
        .view()
        .hint_line()
        .expect("a line behind every move");
    assert_eq!(names[0], cursor, "{names:?}");
    assert!(names.len() > 1, "{names:?}");
    let said = game.app.view().hint_text().unwrap();
    assert!(
        said.starts_with(&format!("{cursor} is the bot's ")),
        "{said}"
    );
    assert!(said.contains(&format!(": {cursor} {}", names[1])), "{said}");
    assert!(words_in_screen(&game).contains(&said), "{}", game.screen());
}

/// The panel's words at 80 x 24, rows joined, runs of spaces made one.
fn words_in_screen(game: &Game) -> String {
    let buf = drawn_buffer(&game.app, 80, 24);
    let layout = game.app.play.game().layout();
    let panel = geometry::areas(layout, Rect::new(0, 0, 80, 24))
        .unwrap()
        .panel;
    words_in(&buf, panel)
}

/// Classic 7x7 with five in a row: X builds a1 b1 c1 d1 along the edge, and O, instead of
/// blocking at e1, plays g4; X wins at e1.
const MISSED_BLOCK: [&str; 9] = ["a1", "g7", "b1", "g6", "c1", "g5", "d1", "g4", "e1"];

fn classic_7x7_k5() -> GameChoice {
    GameChoice {
        in_a_row: Some(5),
        ..classic(7)
    }
}

/// On a searched board the review judges every move by a search on the bot's thread: it
/// says so until the judgements come, then marks O's missed block `??` (X wins at once after
/// it: a proven loss where the block was not), and shows the block as the better move and
/// the win that punishes the miss.
#[test]
fn the_review_of_a_searched_board_marks_a_missed_block() {
    let mut game = Game::start(classic_7x7_k5(), Mode::TwoHumans, None);
    game.play(&MISSED_BLOCK);
    assert!(game.app.play.status().is_over());
    let requests = game.app.update(Event::Key(KeyEvent::new(
        KeyCode::Char('v'),
        KeyModifiers::NONE,
    )));
    let request = requests
        .into_iter()
        .find(|request| matches!(request, BotRequest::Review { .. }))
        .expect("the review is asked of the bot");
    assert!(game.screen().contains("judging…"), "{}", game.screen());
    answer_from_the_bot(&mut game, classic_7x7_k5(), request);
    game.press(KeyCode::End);
    // From the last move, the previous marked move is the missed block.
    game.press(KeyCode::BackTab);
    assert_eq!(game.status(), "Mistake at move 4, g4.");
    let screen = game.screen();
    assert!(screen.contains("g4??"), "{screen}");
    // Why, in one sentence: the move played lost at once, the block held.
    assert!(screen.contains("?? g4 lets X win at once; e1"), "{screen}");
    assert!(screen.contains("avoided that."), "{screen}");
    assert!(
        !screen.contains("depth"),
        "the search's figures are details: {screen}"
    );
    game.play(&["i"]);
    assert!(
        game.screen().contains("search at depth 4"),
        "{}",
        game.screen()
    );
    assert!(screen.contains("better line: e1"), "{screen}");
    assert!(screen.contains("punished by e1"), "{screen}");
    assert!(!screen.contains("judging…"), "{screen}");
}

/// At 80 x 24 a long judgement does not push the move list away: under the review box its
/// heading and the move shown stay (classic 5x5, four in a row: O's e5 misses the block at
/// d1, X wins there).
#[test]
fn the_review_box_leaves_the_move_shown_in_the_list() {
    let choice = GameChoice {
        in_a_row: Some(4),
        ..classic(5)
    };
    let mut game = Game::start(choice, Mode::TwoHumans, None);
    game.play(&["a1", "a5", "b1", "b5", "c1", "e5", "d1"]);
    assert!(game.app.play.status().is_over());
    let requests = game.app.update(Event::Key(KeyEvent::new(
        KeyCode::Char('v'),
        KeyModifiers::NONE,
    )));
    let request = requests
        .into_iter()
        .find(|request| matches!(request, BotRequest::Review { .. }))
        .expect("the review is asked of the bot");
    answer_from_the_bot(&mut game, choice, request);
    game.press(KeyCode::End);
    game.press(KeyCode::BackTab);
    assert_eq!(game.status(), "Mistake at move 3, e5.");
    let screen = drawn(&game.app, 80, 24);
    assert!(screen.contains("Moves (X then O)"), "{screen}");
    assert!(screen.contains("e5??"), "the move shown, marked: {screen}");
}

/// Too small for extreme's board, the screen names every smallest terminal it fits, the one
/// nearest first, and each one named does show the game.
#[test]
fn too_small_for_extreme_names_every_size_that_fits() {
    let mut game = Game::start(extreme(), Mode::TwoHumans, None);
    game.send(Event::Resize(60, 20));
    let screen = drawn(&game.app, 60, 20);
    let line = screen
        .lines()
        .find(|l| l.contains("Enlarge"))
        .unwrap_or_else(|| panic!("{screen}"));
    // Each size as "W x H" (the spaces may be unbreakable ones).
    let cleaned = line.replace(['\u{a0}', '(', ')', '.', ','], " ");
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let sizes: Vec<(u16, u16)> = words
        .windows(3)
        .filter(|w| w[1] == "x")
        .filter_map(|w| Some((w[0].parse().ok()?, w[2].parse().ok()?)))
        .collect();
    assert!(sizes.len() >= 2, "a wide and a tall size: {line}");
    for (w, h) in sizes {
        game.send(Event::Resize(w, h));
        let screen = drawn(&game.app, w, h);
        assert!(!screen.contains("too small"), "{w} x {h}:\n{screen}");
        assert!(screen.contains("Player 1"), "{w} x {h}:\n{screen}");
    }
}

/// The engine's words a player never reads on a default screen: found in `screen` as whole
/// words (so "reply" is no "ply") or marks.
fn engine_words(screen: &str) -> Vec<String> {
    let text = screen.replace('\u{a0}', " ").to_lowercase();
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    let banned = ["ply", "plies", "depth", "nodes", "guess", "guesses", "seed"];
    let mut found: Vec<String> = banned
        .iter()
        .filter(|word| words.contains(word))
        .map(ToString::to_string)
        .collect();
    for mark in ["not proven", "≤", "≥"] {
        if text.contains(mark) {
            found.push(mark.to_string());
        }
    }
    found
}

/// Every default screen of every game (start, its help, play with hints, the rules, the
/// keys, the end, the review of every move), against the bot, between two people and in the
/// demo, speaks in moves: no plies, depth, nodes, guesses, bounds or document numbers.
#[test]
fn no_default_screen_speaks_like_an_engine() {
    for (choice, moves) in games_with_moves() {
        for mode in [Mode::VsBot, Mode::TwoHumans, Mode::Demo] {
            let mut game = Game::start(choice, mode, None);
            let mut seen: Vec<(String, String)> = Vec::new();
            let mut look = |game: &Game, what: &str| {
                let (w, h) = if what == "review" {
                    (80, 24)
                } else {
                    (130, 40)
                };
                seen.push((
                    format!("{choice:?} {mode:?} {what} {w}x{h}"),
                    drawn(&game.app, w, h),
                ));
            };
            look(&game, "play");
            if mode == Mode::TwoHumans {
                game.play(&moves[..1]);
                if game.app.play.game().solved() {
                    game.play(&moves[1..2]);
                } else {
                    play_with_hints_in(&mut game, choice, moves[1]);
                }
                look(&game, "hints");
            }
            for keys in ["?", "??"] {
                game.play(&[keys]);
                look(&game, keys);
                game.press(KeyCode::Esc);
            }
            while !game.app.play.status().is_over() {
                let mv = game.app.play.position().legal_moves()[0];
                let name = game.app.play.game().move_name(game.app.play.position(), mv);
                if mode == Mode::Demo {
                    game.tick(1_000);
                } else {
                    game.play(&[&name]);
                }
            }
            look(&game, "over");
            let requests = game.app.update(Event::Key(KeyEvent::new(
                KeyCode::Char('v'),
                KeyModifiers::NONE,
            )));
            // A searched board's review is judged once, between two people (the other modes
            // show the same review).
            let review = requests
                .into_iter()
                .find(|r| matches!(r, BotRequest::Review { .. }));
            if let Some(request) = review.filter(|_| mode == Mode::TwoHumans) {
                answer_from_the_bot(&mut game, choice, request);
            }
            game.press(KeyCode::Home);
            for _ in 0..game.app.play.moves().len() {
                look(&game, "review");
                game.press(KeyCode::Right);
            }
            for (what, screen) in seen {
                let found = engine_words(&screen);
                assert!(found.is_empty(), "{what}: {found:?}\n{screen}");
            }
        }
    }
    let start = App::new(Settings::default(), Memory::default(), Instant::now());
    assert!(engine_words(&drawn(&start, 80, 24)).is_empty());
}

//! A game whose move is a column, played through the screen: "drop three", four columns of
//! four cells; a stone dropped in a column falls to its lowest empty cell, three in a row
//! (across, up or on a diagonal) win, a full board is a draw. Its moves are numbered by
//! column (`a` is move 0), so a screen that took a move for a cell would put the stone in
//! the top row. It is not in the list of games: the tests put it on the board themselves.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Instant, SystemTime};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::config::{Hints, Settings};
use crate::core::review::{DEFAULT_BUDGET, review_game};
use crate::core::{
    CellError, CellId, Claim, Decision, Engine, First, Game, Hint, Layout, MarkedLine, Mode, Move,
    MoveError, Place, Player, PlayerError, PlayerOptions, Position, PositionError, Side, Status,
    Value,
};
use crate::tui::app::Screen;
use crate::tui::app::tests::Harness;
use crate::tui::event::{GameMoves, Judged};
use crate::tui::{App, BotRequest, Event, geometry};

const COLS: usize = 4;
const ROWS: usize = 4;
const CELLS: usize = COLS * ROWS;

/// The game.
#[derive(Debug)]
struct DropThree;

/// Who holds each cell, row by row from the top.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
struct Board([Option<Side>; CELLS]);

fn cell(row: usize, col: usize) -> CellId {
    CellId::new(row * COLS + col)
}

impl Board {
    /// Every line of three: across, up, and both diagonals.
    fn lines() -> Vec<[CellId; 3]> {
        let mut lines = Vec::new();
        for row in 0..ROWS {
            for col in 0..COLS {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let end = (row as i32 + 2 * dr, col as i32 + 2 * dc);
                    if (0..ROWS as i32).contains(&end.0) && (0..COLS as i32).contains(&end.1) {
                        let at = |i: i32| {
                            cell(
                                (row as i32 + i * dr) as usize,
                                (col as i32 + i * dc) as usize,
                            )
                        };
                        lines.push([at(0), at(1), at(2)]);
                    }
                }
            }
        }
        lines
    }

    fn won(&self) -> Vec<MarkedLine> {
        Board::lines()
            .into_iter()
            .filter_map(|line| {
                let side = self.at(line[0])?;
                line.iter()
                    .all(|&c| self.at(c) == Some(side))
                    .then(|| MarkedLine {
                        cells: line.to_vec(),
                        side,
                    })
            })
            .collect()
    }

    /// The cell a stone dropped in `col` comes to rest on.
    fn foot(&self, col: usize) -> Option<CellId> {
        (0..ROWS)
            .rev()
            .map(|row| cell(row, col))
            .find(|&c| self.at(c).is_none())
    }
}

impl Position for Board {
    fn at(&self, cell: CellId) -> Option<Side> {
        self.0.get(cell.index()).copied().flatten()
    }

    fn to_move(&self) -> Side {
        if self.stones().is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn status(&self) -> Status {
        match self.won().first() {
            Some(line) => Status::Won(line.side),
            None if self.stones() == CELLS => Status::Draw,
            None => Status::InPlay,
        }
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.status().is_over() {
            return Vec::new();
        }
        (0..COLS)
            .filter(|&col| self.foot(col).is_some())
            .map(Move::new)
            .collect()
    }

    fn play(&self, mv: Move) -> Result<Box<dyn Position>, MoveError> {
        if self.status().is_over() {
            return Err(MoveError::GameOver);
        }
        let name = DropThree.move_name(self, mv);
        let foot = (mv.index() < COLS).then(|| self.foot(mv.index()));
        match foot {
            None => Err(MoveError::NotAllowed(format!("no column {}", mv.index()))),
            Some(None) => Err(MoveError::Taken(format!("column {name} is full"))),
            Some(Some(foot)) => {
                let mut next = *self;
                next.0[foot.index()] = Some(self.to_move());
                Ok(Box::new(next))
            }
        }
    }

    fn text(&self) -> String {
        let symbol = |c: &Option<Side>| match c {
            Some(Side::First) => 'X',
            Some(Side::Second) => 'O',
            None => '-',
        };
        self.0.iter().map(symbol).collect()
    }

    fn stones(&self) -> usize {
        self.0.iter().flatten().count()
    }

    fn marked_lines(&self) -> Vec<MarkedLine> {
        self.won()
    }
}

fn letter(col: usize) -> String {
    char::from(b'a' + col as u8).to_string()
}

impl Game for DropThree {
    fn key(&self) -> String {
        "drop".into()
    }

    fn title(&self) -> String {
        "Drop three".into()
    }

    fn rules(&self) -> Vec<String> {
        vec!["Drop a stone in a column; three in a row win.".into()]
    }

    fn layout(&self) -> Layout {
        Layout::board(ROWS as u8, COLS as u8)
    }

    fn solved(&self) -> bool {
        false
    }

    fn place(&self, cell: CellId) -> Place {
        let (row, col) = (cell.index() / COLS, cell.index() % COLS);
        Place {
            block: 0,
            row: row as u8,
            col: col as u8,
        }
    }

    fn cell_at(&self, place: Place) -> Option<CellId> {
        let (row, col) = (usize::from(place.row), usize::from(place.col));
        (place.block == 0 && row < ROWS && col < COLS).then(|| cell(row, col))
    }

    fn cell_name(&self, cell: CellId) -> String {
        let (row, col) = (cell.index() / COLS, cell.index() % COLS);
        format!("{}{}", letter(col), ROWS - row)
    }

    fn parse_cell(&self, text: &str) -> Result<CellId, CellError> {
        (0..CELLS)
            .map(CellId::new)
            .find(|&c| self.cell_name(c) == text.trim())
            .ok_or_else(|| CellError("a cell is a column a to d and a row 1 to 4".into()))
    }

    fn parse_move(&self, _position: &dyn Position, text: &str) -> Result<Move, CellError> {
        match text.trim().as_bytes() {
            [c @ b'a'..=b'd'] => Ok(Move::new(usize::from(c - b'a'))),
            _ => Err(CellError("a move is a column, a to d".into())),
        }
    }

    fn move_name(&self, _position: &dyn Position, mv: Move) -> String {
        letter(mv.index())
    }

    fn move_cell(&self, position: &dyn Position, mv: Move) -> Option<CellId> {
        let board = position.as_any().downcast_ref::<Board>()?;
        board.foot(mv.index())
    }

    fn move_at(&self, _position: &dyn Position, cell: CellId) -> Option<Move> {
        Some(Move::new(cell.index() % COLS))
    }

    fn start(&self) -> Box<dyn Position> {
        Box::new(Board::default())
    }

    fn parse_position(&self, text: &str) -> Result<Box<dyn Position>, PositionError> {
        let mut board = Board::default();
        let chars: Vec<char> = text.trim().chars().collect();
        if chars.len() != CELLS {
            return Err(PositionError(format!("a board is {CELLS} of X, O and -")));
        }
        for (held, c) in board.0.iter_mut().zip(chars) {
            *held = match c {
                'X' => Some(Side::First),
                'O' => Some(Side::Second),
                '-' => None,
                other => return Err(PositionError(format!("bad character {other:?}"))),
            };
        }
        Ok(Box::new(board))
    }

    fn engine(&self) -> Arc<dyn Engine> {
        Arc::new(DropEngine)
    }
}

/// Exact hints by searching the whole game (a few thousand positions), and a bot that
/// takes the first column it may.
struct DropEngine;

/// The value of every position searched, for the side to move.
fn solved(board: &Board) -> Value {
    static TABLE: OnceLock<Mutex<HashMap<Board, Value>>> = OnceLock::new();
    let table = TABLE.get_or_init(Mutex::default);
    if let Some(&value) = table.lock().unwrap().get(board) {
        return value;
    }
    let value = board
        .legal_moves()
        .into_iter()
        .map(|mv| move_value(board, mv))
        .max()
        .expect("a position in play has a move");
    table.lock().unwrap().insert(*board, value);
    value
}

/// What `mv` is worth to the side making it.
fn move_value(board: &Board, mv: Move) -> Value {
    let after = board.play(mv).expect("a legal move");
    let after = after.as_any().downcast_ref::<Board>().expect("a board");
    match after.status() {
        Status::Won(_) => Value::win_in(1),
        Status::Draw => Value::draw_in(1),
        Status::InPlay => solved(after).before_move(),
    }
}

impl Engine for DropEngine {
    fn value(&self, _position: &dyn Position) -> Option<Value> {
        None
    }

    fn hints(&self, position: &dyn Position) -> Vec<(Move, Hint)> {
        let board = position.as_any().downcast_ref::<Board>().expect("a board");
        let hint = |mv| Hint::Proven(Claim::Exact(move_value(board, mv)));
        board
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, hint(mv)))
            .collect()
    }

    fn instant_hints(&self) -> bool {
        true
    }

    fn player_names(&self) -> Vec<String> {
        vec!["first".into()]
    }

    fn player(&self, _name: &str, _options: PlayerOptions) -> Result<Box<dyn Player>, PlayerError> {
        Ok(Box::new(FirstColumn))
    }
}

struct FirstColumn;

impl Player for FirstColumn {
    fn name(&self) -> String {
        "first".into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        position.legal_moves().first().map(|&mv| Decision::new(mv))
    }
}

/// The screen with drop three on the board, its engine built, and the bot thread's part
/// played by the test.
struct Screen3(Harness);

impl std::ops::Deref for Screen3 {
    type Target = Harness;
    fn deref(&self) -> &Harness {
        &self.0
    }
}

impl std::ops::DerefMut for Screen3 {
    fn deref_mut(&mut self) -> &mut Harness {
        &mut self.0
    }
}

impl Screen3 {
    fn new(mode: Mode, hints: bool) -> Screen3 {
        let settings = Settings {
            mode,
            first: First::You,
            hints: if hints { Hints::On } else { Hints::Off },
            bot_delay: std::time::Duration::ZERO,
            ..Settings::default()
        };
        let app = App::with_game(settings, Arc::new(DropThree), Instant::now());
        let mut screen = Screen3(Harness::on(app));
        screen.send(Event::Resize(100, 30));
        let engine = DropThree.engine();
        screen.send(Event::EngineReady {
            game: "drop".into(),
            engine,
        });
        screen
    }

    /// The bot thread answers the newest move request and any review asked.
    fn answer(&mut self) {
        for request in std::mem::take(&mut self.asked) {
            let event = match request {
                BotRequest::Move {
                    ticket, position, ..
                } => {
                    let decision = FirstColumn.decide(position.as_ref()).unwrap();
                    Event::BotMoved { ticket, decision }
                }
                BotRequest::Review { of, history } => {
                    let judgements = review_game(&DropEngine, &history, DEFAULT_BUDGET, 1);
                    Event::ReviewReady(Judged { of, judgements })
                }
                _ => continue,
            };
            self.send(event);
        }
    }

    fn stone(&self, name: &str) -> Option<Side> {
        self.app
            .play
            .position()
            .at(DropThree.parse_cell(name).unwrap())
    }

    fn names(&self) -> String {
        let moves = self.app.play.moves();
        crate::core::move_names(&DropThree, &*DropThree.start(), moves).join(" ")
    }

    fn drawn(&self) -> Buffer {
        let area = Rect::new(0, 0, 100, 30);
        let mut buf = Buffer::empty(area);
        Widget::render(&self.app, area, &mut buf);
        buf
    }

    /// The text drawn in the cell `name`.
    fn drawn_in(&self, name: &str) -> String {
        let areas = geometry::areas(DropThree.layout(), Rect::new(0, 0, 100, 30)).unwrap();
        let place = DropThree.place(DropThree.parse_cell(name).unwrap());
        let rect = areas.board.cell_rect(place);
        let buf = self.drawn();
        let mut text = String::new();
        for y in rect.y..rect.bottom() {
            for x in rect.x..rect.right() {
                text.push_str(buf[(x, y)].symbol());
            }
        }
        text
    }

    fn drawn_text(&self) -> String {
        let buf = self.drawn();
        buf.content()
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect()
    }
}

#[test]
fn any_cell_of_a_column_drops_the_stone_to_its_foot() {
    let mut s = Screen3::new(Mode::TwoHumans, false);
    // The cursor starts in the middle, b3: the stone falls to b1.
    assert_eq!(DropThree.cell_name(s.app.play.cursor), "b3");
    s.press(KeyCode::Enter);
    assert_eq!(s.stone("b1"), Some(Side::First));
    assert_eq!(s.stone("b3"), None);
    assert_eq!(s.names(), "b");
    assert!(
        s.app.shared.status.text.as_str().contains("played b."),
        "{}",
        s.app.shared.status.text.as_str()
    );
    // From the top row of the same column, the next stone lands on the first.
    s.press(KeyCode::Up);
    s.press(KeyCode::Up);
    assert_eq!(
        DropThree.cell_name(s.app.play.cursor),
        "b1",
        "the cursor wraps"
    );
    s.press(KeyCode::Up);
    s.press(KeyCode::Enter);
    assert_eq!(s.stone("b2"), Some(Side::Second));
    // The last move's mark is on the cell the stone landed on.
    assert!(s.drawn_in("b2").contains('•'), "{:?}", s.drawn_in("b2"));
    assert!(!s.drawn_in("b1").contains('•'));
}

#[test]
fn a_typed_column_drops_there_and_a_full_or_unknown_one_is_refused() {
    let mut s = Screen3::new(Mode::TwoHumans, false);
    s.typed("cccc");
    assert_eq!(s.names(), "c c c c");
    assert_eq!(s.stone("c4"), Some(Side::Second));
    s.typed("c");
    assert_eq!(
        s.app.shared.status.text.as_str(),
        "Illegal: column c is full"
    );
    s.typed("e");
    assert_eq!(
        s.app.shared.status.text.as_str(),
        "Illegal: a move is a column, a to d"
    );
    assert_eq!(s.app.play.moves().len(), 4);
}

#[test]
fn hints_show_on_the_cell_each_columns_stone_would_land_on() {
    let mut s = Screen3::new(Mode::TwoHumans, true);
    s.typed("aabb");
    // X holds a1 b1, O a2 b2: every column's value is known, c wins at once.
    let advice = s.app.view().advice().expect("hints are on");
    let moves: Vec<usize> = advice.iter().map(|(mv, _)| mv.index()).collect();
    assert_eq!(moves, [0, 1, 2, 3], "{advice:?}");
    assert_eq!(s.drawn_in("c1").trim(), "W1");
    // a's stone would land on a3: its hint is there, not at the column's foot or top.
    assert_eq!(s.drawn_in("a3").trim(), advice[0].1.mark());
    assert_eq!(s.drawn_in("a4").trim(), "");
    // The cursor on any cell of column c names the move and its hint.
    s.press(KeyCode::Right);
    s.press(KeyCode::Up);
    assert!(DropThree.cell_name(s.app.play.cursor).starts_with('c'));
    assert_eq!(s.app.view().hint_text().unwrap(), "c wins at once");
}

#[test]
fn undo_and_redo_take_back_and_replay_columns() {
    let mut s = Screen3::new(Mode::TwoHumans, false);
    s.typed("ad");
    s.typed("u");
    s.status_starts("Took back d.");
    assert_eq!(s.stone("d1"), None);
    s.typed("r");
    s.status_starts("Redid d.");
    assert_eq!(s.stone("d1"), Some(Side::Second));
}

#[test]
fn the_bot_replies_with_a_column() {
    let mut s = Screen3::new(Mode::VsBot, false);
    s.typed("a");
    s.answer();
    // The bot takes the first column it may: a, on the stone already there.
    assert_eq!(s.names(), "a a");
    assert_eq!(s.stone("a2"), Some(Side::Second));
    s.status_starts("Bot played a.");
}

/// X wins up column a: a b a b a.
fn won_up_column_a(s: &mut Screen3) {
    s.typed("ababa");
    assert_eq!(s.app.play.status(), Status::Won(Side::First));
    assert!(
        s.app.shared.status.text.as_str().contains("with column a"),
        "{}",
        s.app.shared.status.text.as_str()
    );
}

#[test]
fn a_finished_game_is_reviewed_move_by_move() {
    let mut s = Screen3::new(Mode::TwoHumans, false);
    won_up_column_a(&mut s);
    s.typed("v");
    assert!(matches!(s.app.screen, Screen::Review(_)));
    s.answer(); // the moves judged on the bot's thread
    let text = s.drawn_text();
    assert!(text.contains("Review: move 1 of 3"), "{text}");
    assert!(text.contains("Player 1 (X) played a"), "{text}");
    s.press(KeyCode::Right);
    assert!(s.drawn_text().contains("Player 2 (O) played b"));
    // The move shown is marked where its stone landed: b1.
    assert!(s.drawn_in("b1").contains('•'), "{:?}", s.drawn_in("b1"));
    s.press(KeyCode::End);
    assert!(s.drawn_text().contains("Review: move 3 of 3"));
    assert!(s.drawn_in("a3").contains('•'));
}

#[test]
fn the_record_names_the_columns_and_its_moves_read_back() {
    let mut s = Screen3::new(Mode::TwoHumans, false);
    won_up_column_a(&mut s);
    let record = s
        .app
        .play
        .game_record(SystemTime::now(), &s.app.shared.settings);
    let text = record.to_text();
    assert!(text.contains("[Game \"drop\"]"), "{text}");
    assert!(text.contains("1. a b 2. a b 3. a 1-0"), "{text}");
    // Written to a file as the review screen writes it.
    let dir = tempfile::tempdir().unwrap();
    let path = crate::store::write_new_record(dir.path(), &record, SystemTime::now()).unwrap();
    let written = std::fs::read_to_string(path).unwrap();
    assert_eq!(written, text);
    // Read back (drop three is in no list of games: the reader is handed it), its moves
    // are the game's, and it ends as the game did.
    assert!(
        crate::record::read(&written).is_err(),
        "not a game of the list"
    );
    let read = crate::record::read_with(&written, |key| {
        assert_eq!(key, "drop");
        Ok(Arc::new(DropThree))
    })
    .unwrap();
    let moves: Vec<Move> = read.moves.iter().map(|entry| entry.mv).collect();
    assert_eq!(moves, s.app.play.moves());
    assert_eq!(read.outcome, record.outcome);
    assert_eq!(read.to_text(), text);
    let of = GameMoves {
        game: "drop".into(),
        moves,
    };
    assert_eq!(of, s.app.view().game_moves());
}

//! The start screen's choices: which rows there are, which apply, and stepping through them.

use std::ops::Range;
use std::sync::Arc;

use ratatui::layout::Rect;
use unicode_width::UnicodeWidthStr;

use crate::config::{First, Mode, Settings};
use crate::core::{Difficulty, Game};
use crate::games::{self, GameChoice, GameKind};
use tictaclatin_research::puzzles;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Menu {
    pub row: usize,
    /// The number of moves of an unfinished game of the chosen game, offered for resuming.
    pub resume: Option<usize>,
    pub game: GameChoice,
    pub mode: Mode,
    pub starter: First,
    pub difficulty: Difficulty,
    pub second_level: Difficulty,
    /// Whether the game starts with hints on (off unless chosen: they give the game away).
    pub hints: bool,
    /// The mode row's last choice, puzzles, offered where the game has a set (see
    /// [`Menu::puzzles`]).
    puzzles_chosen: bool,
    /// The game as the settings asked for it: its line length holds for every size it fits
    /// (`--size 7 --in-a-row 5`), and it is what its kind starts from.
    asked: GameChoice,
    /// Each game as last chosen here (by its place in [`GameKind::ALL`]), so a size picked
    /// before looking at another game is still picked on coming back.
    earlier: [Option<GameChoice>; GameKind::ALL.len()],
}

impl Menu {
    pub const RESUME: usize = 0;
    pub const GAME: usize = 1;
    pub const SIZE: usize = 2;
    /// How many in a row win, for games that vary it (classic).
    pub const LINE: usize = 3;
    pub const MODE: usize = 4;
    pub const FIRST: usize = 5;
    pub const LEVEL: usize = 6;
    /// The demo's second bot (Bot 2): the contest simulator's "the bot vs random".
    pub const SECOND_LEVEL: usize = 7;
    /// Hints on or off, for two people.
    pub const HINTS: usize = 8;
    pub const ROWS: usize = 9;

    pub fn new(settings: &Settings, resume: Option<usize>) -> Menu {
        Menu {
            row: resume.map_or(Menu::MODE, |_| Menu::RESUME),
            resume,
            game: settings.game,
            mode: settings.mode,
            starter: settings.first,
            difficulty: settings.difficulty,
            second_level: settings.difficulty,
            hints: settings.hints.on(),
            puzzles_chosen: false,
            asked: settings.game,
            earlier: [None; GameKind::ALL.len()],
        }
    }

    /// Whether a row applies: resuming only when there is a game to resume; a size only
    /// for a game that comes in sizes; sides and level mean nothing to two people.
    pub fn row_enabled(&self, row: usize) -> bool {
        match row {
            Menu::RESUME => self.resume.is_some(),
            Menu::SIZE | Menu::LINE => self.game.kind.sizes().is_some(),
            // A puzzle is played as it is set, against the perfect bot.
            Menu::FIRST | Menu::LEVEL | Menu::SECOND_LEVEL | Menu::HINTS if self.puzzles() => false,
            Menu::FIRST => self.mode == Mode::VsBot,
            Menu::LEVEL => self.mode != Mode::TwoHumans,
            Menu::SECOND_LEVEL => self.mode == Mode::Demo,
            // Against the bot they are a key away in the game; two people agree on them first.
            Menu::HINTS => self.mode == Mode::TwoHumans,
            _ => true,
        }
    }

    /// Puzzles instead of a game: chosen, for a game that has them.
    pub fn puzzles(&self) -> bool {
        self.puzzles_chosen && puzzles::shipped(&game_of(self.game).key())
    }

    /// Puzzles were chosen, but the board now chosen has none: the mode row falls back.
    pub fn no_puzzles_here(&self) -> bool {
        self.puzzles_chosen && !self.puzzles()
    }

    pub fn set_puzzles(&mut self, on: bool) {
        self.puzzles_chosen = on;
    }

    pub fn down(&mut self) {
        self.row = self.enabled_row((1..=Menu::ROWS).map(|d| (self.row + d) % Menu::ROWS));
    }

    pub fn up(&mut self) {
        self.row = self
            .enabled_row((1..=Menu::ROWS).map(|d| (self.row + Menu::ROWS * 2 - d) % Menu::ROWS));
    }

    fn enabled_row(&self, mut rows: impl Iterator<Item = usize>) -> usize {
        rows.find(|&r| self.row_enabled(r)).unwrap_or(Menu::MODE)
    }

    pub fn change(&mut self, forward: bool) {
        let Some((_, options, chosen)) = self.choices(self.row) else {
            return;
        };
        let n = options.len().max(1);
        let next = if forward { chosen + 1 } else { chosen + n - 1 };
        self.choose(next % n);
    }

    pub fn size(&self) -> Option<u8> {
        let (_, default) = self.game.kind.sizes()?;
        Some(self.game.size.unwrap_or(default))
    }

    fn choose_size(&mut self, size: u8) {
        self.game.size = Some(size);
        let kept = self.game.in_a_row.filter(|&k| k <= size);
        self.game.in_a_row = kept.or(self.asked.in_a_row.filter(|&k| k <= size));
    }

    /// How many in a row win in the chosen game (its size when the game does not vary it).
    pub fn line(&self) -> Option<u8> {
        self.game.in_a_row.or(self.size())
    }

    fn lengths(&self) -> Vec<u8> {
        (1..=self.size().unwrap_or(0))
            .filter(|&k| {
                let choice = GameChoice {
                    in_a_row: Some(k),
                    ..self.game
                };
                games::build(choice).is_ok()
            })
            .collect()
    }

    /// A line length; the whole side is the game's default and is kept as such.
    fn choose_line(&mut self, k: u8) {
        self.game.in_a_row = (Some(k) != self.size()).then_some(k);
    }

    fn choose_kind(&mut self, kind: GameKind) {
        let place = |kind| GameKind::ALL.iter().position(|&k| k == kind);
        if let Some(left) = place(self.game.kind) {
            self.earlier[left] = Some(self.game);
        }
        let first_time = match kind == self.asked.kind {
            true => self.asked,
            false => GameChoice::of(kind),
        };
        self.game = place(kind)
            .and_then(|place| self.earlier[place])
            .unwrap_or(first_time);
    }

    /// The unfinished game is gone (resumed or replaced): no row offers it any more.
    pub fn drop_resume(&mut self) {
        self.resume = None;
        if self.row == Menu::RESUME {
            self.row = Menu::MODE;
        }
    }
}

/// A choice row's label, its options (each with the menu it leads to) and the chosen one.
pub type Choices = (&'static str, Vec<(String, Menu)>, usize);

/// Where the start screen draws the menu: its first row below the title and rules, the
/// columns of a row's label ("▶ Bot level  "), and the room kept below it (a blank line,
/// two lines on the choice, the footer).
const MENU_TOP: u16 = 7;
pub const LABEL_COLUMNS: u16 = 14;
const BELOW_MENU: u16 = 4;

/// A menu row as drawn: which row, on which screen line, and the columns of each option
/// (`[chosen]` or ` other `), so drawing and clicks agree.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MenuLine {
    pub row: usize,
    pub y: u16,
    pub options: Vec<Range<u16>>,
}

impl Menu {
    /// The rows that apply, drawn in `area` one blank line apart while there is room. The
    /// spacing is the one the most rows of any mode would take, so choosing a mode (by a
    /// click, say) never moves the rows under the mouse.
    pub fn lines(&self, area: Rect) -> Vec<MenuLine> {
        let rows: Vec<usize> = (0..Menu::ROWS).filter(|&r| self.row_enabled(r)).collect();
        let most = Mode::ALL.iter().map(|&mode| {
            let menu = Menu { mode, ..*self };
            (0..Menu::ROWS).filter(|&r| menu.row_enabled(r)).count()
        });
        let most = most.max().unwrap_or(rows.len()) as u16;
        let room = area.bottom().saturating_sub(area.y + MENU_TOP + BELOW_MENU);
        let spacing = if most * 2 <= room { 2 } else { 1 };
        rows.into_iter()
            .enumerate()
            .map(|(i, row)| MenuLine {
                row,
                y: area.y + MENU_TOP + i as u16 * spacing,
                options: self.option_columns(area.x, row),
            })
            .collect()
    }

    /// Each option of `row` takes its text and a column either side, then a space.
    fn option_columns(&self, x: u16, row: usize) -> Vec<Range<u16>> {
        let Some((_, options, _)) = self.choices(row) else {
            return Vec::new();
        };
        let mut start = x + LABEL_COLUMNS;
        options
            .iter()
            .map(|(option, _)| {
                let end = start + option.width() as u16 + 2;
                let columns = start..end;
                start = end + 1;
                columns
            })
            .collect()
    }

    /// `None` for the resume row.
    pub fn choices(&self, row: usize) -> Option<Choices> {
        let game = game_of(self.game);
        let level = |level: Difficulty| game.level_name(level).to_string();
        let levels = &Difficulty::ALL;
        Some(match row {
            Menu::RESUME => return None,
            Menu::GAME => {
                let kind = self.game.kind;
                self.options("Game", &GameKind::ALL, kind, game_label, Menu::choose_kind)
            }
            Menu::SIZE => {
                let sizes: Vec<u8> = self.game.kind.sizes().map_or(vec![], |(s, _)| s.collect());
                let (size, label) = (self.size().unwrap_or(0), |n| format!("{n}x{n}"));
                self.options("Size", &sizes, size, label, Menu::choose_size)
            }
            Menu::LINE => {
                let (line, label) = (self.line().unwrap_or(0), |k: u8| k.to_string());
                self.options("In a row", &self.lengths(), line, label, Menu::choose_line)
            }
            Menu::MODE => {
                // `None` stands for the puzzles, offered where the game has a set.
                let mut modes: Vec<Option<Mode>> = Mode::ALL.map(Some).to_vec();
                if puzzles::shipped(&game.key()) {
                    modes.push(None);
                }
                let chosen = (!self.puzzles()).then_some(self.mode);
                let label = |mode: Option<Mode>| mode.map_or("Puzzles", mode_label);
                let choose = |m: &mut Menu, mode: Option<Mode>| {
                    (m.puzzles_chosen, m.mode) = (mode.is_none(), mode.unwrap_or(m.mode));
                };
                self.options("Mode", &modes, chosen, label, choose)
            }
            Menu::FIRST => {
                let (label, choose) = (first_label, |m: &mut Menu, first| m.starter = first);
                self.options("You play", &First::ALL, self.starter, label, choose)
            }
            Menu::HINTS => {
                let label = |on| if on { "On" } else { "Off" };
                let choose = |m: &mut Menu, on| m.hints = on;
                self.options("Hints", &[false, true], self.hints, label, choose)
            }
            Menu::SECOND_LEVEL => {
                let choose = |m: &mut Menu, level| m.second_level = level;
                self.options("Bot 2 level", levels, self.second_level, level, choose)
            }
            _ => {
                let label = match self.mode {
                    Mode::Demo => "Bot 1 level",
                    _ => "Bot level",
                };
                let choose = |m: &mut Menu, level| m.difficulty = level;
                self.options(label, levels, self.difficulty, level, choose)
            }
        })
    }

    /// Row `row`'s choices: each of `all` named, with the menu choosing it leads to.
    fn options<T: Copy + PartialEq, S: ToString>(
        &self,
        row: &'static str,
        all: &[T],
        chosen: T,
        label: impl Fn(T) -> S,
        choose: impl Fn(&mut Menu, T),
    ) -> Choices {
        let options = all.iter().map(|&value| {
            let mut menu = *self;
            choose(&mut menu, value);
            (label(value).to_string(), menu)
        });
        let at = all.iter().position(|&value| value == chosen).unwrap_or(0);
        (row, options.collect(), at)
    }

    pub fn choose(&mut self, index: usize) {
        if let Some((_, options, _)) = self.choices(self.row)
            && let Some(&(_, menu)) = options.get(index)
        {
            *self = menu;
        }
    }
}

fn game_label(kind: GameKind) -> String {
    games::build(GameChoice::of(kind)).map_or_else(
        |_| kind.name().to_string(),
        |game| {
            // "Classic 3x3" lists as "Classic": its size has its own row.
            game.title()
                .split(' ')
                .next()
                .filter(|_| kind.sizes().is_some())
                .map_or_else(|| game.title(), str::to_string)
        },
    )
}

pub fn mode_label(mode: Mode) -> &'static str {
    match mode {
        Mode::VsBot => "You vs bot",
        Mode::TwoHumans => "Two players",
        Mode::Demo => "Bot vs bot",
    }
}

pub fn first_label(first: First) -> &'static str {
    match first {
        First::You => "You first",
        First::Bot => "Bot first",
        First::BotChooses => "Bot chooses",
    }
}

/// The game a choice names. Settings are checked when they are loaded, so a choice that
/// names no game can only come from a test; the default game stands in for it.
pub fn game_of(choice: GameChoice) -> Arc<dyn Game> {
    games::build(choice)
        .or_else(|_| games::build(GameChoice::default()))
        .expect("the default game always builds")
}

/// What the command line asked for by name, beyond what the settings hold: a mode or a
/// game named there is what the player came for, so the start screen highlights the mode
/// row rather than the offer to resume an unfinished game (which stays, above it).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Asked {
    pub mode: bool,
    pub game: bool,
    /// `--size` or `--in-a-row` was given: that variant was asked for, not any of its kind.
    pub sized: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu(mode: Mode, resume: Option<usize>) -> Menu {
        let settings = Settings {
            mode,
            ..Settings::default()
        };
        Menu::new(&settings, resume)
    }

    #[test]
    fn a_game_to_resume_is_the_first_row_and_highlighted() {
        let with = menu(Mode::VsBot, Some(3));
        assert_eq!(with.row, Menu::RESUME);
        let without = menu(Mode::VsBot, None);
        assert_eq!(without.row, Menu::MODE);
        assert!(!without.row_enabled(Menu::RESUME));
    }

    #[test]
    fn rows_that_do_not_apply_are_skipped_both_ways() {
        let mut two = menu(Mode::TwoHumans, None);
        two.down();
        assert_eq!(
            two.row,
            Menu::HINTS,
            "side and level mean nothing to two people"
        );
        two.down();
        assert_eq!(two.row, Menu::GAME);
        two.down();
        assert_eq!(two.row, Menu::MODE, "Tic-Tac-Latin has no sizes");
        two.up();
        assert_eq!(two.row, Menu::GAME);
        let mut demo = menu(Mode::Demo, Some(1));
        demo.row = Menu::MODE;
        demo.down();
        assert_eq!(demo.row, Menu::LEVEL, "no side to choose in the demo");
        demo.down();
        assert_eq!(demo.row, Menu::SECOND_LEVEL, "the demo's second bot");
        demo.down();
        assert_eq!(demo.row, Menu::RESUME, "wraps");
        demo.up();
        assert_eq!(demo.row, Menu::SECOND_LEVEL);
    }

    #[test]
    fn changing_a_choice_wraps_around() {
        let mut m = menu(Mode::VsBot, None);
        m.row = Menu::LEVEL;
        m.change(true);
        assert_eq!(m.difficulty, Difficulty::ALL[0]);
        m.change(false);
        assert_eq!(m.difficulty, Difficulty::Perfect);
        m.row = Menu::MODE;
        m.change(false);
        assert!(m.puzzles(), "the puzzles, last where the game has them");
        m.change(false);
        assert_eq!((m.mode, m.puzzles()), (*Mode::ALL.last().unwrap(), false));
    }

    #[test]
    fn puzzles_chosen_come_back_on_a_board_that_has_some() {
        let mut m = menu(Mode::VsBot, None);
        m.set_puzzles(true);
        m.row = Menu::GAME;
        while m.game.kind != GameKind::Classic {
            m.change(true);
        }
        assert!(m.puzzles(), "3x3 has a set");
        m.row = Menu::SIZE;
        let sizes = (0..5).map(|_| {
            m.change(true);
            m.no_puzzles_here()
        });
        assert!(sizes.collect::<Vec<_>>().contains(&true), "a size has none");
        while m.no_puzzles_here() {
            m.change(true);
        }
        assert!(m.puzzles(), "{:?}", m.game);
    }

    #[test]
    fn the_asked_line_length_survives_browsing_sizes_and_games() {
        let settings = Settings {
            game: GameChoice {
                kind: GameKind::Classic,
                size: Some(7),
                in_a_row: Some(5),
            },
            ..Settings::default()
        };
        let mut m = Menu::new(&settings, None);
        m.row = Menu::SIZE;
        m.change(true);
        assert_eq!(
            (m.game.size, m.game.in_a_row),
            (Some(3), None),
            "5 in a row: not on 3x3"
        );
        m.change(false);
        assert_eq!((m.game.size, m.game.in_a_row), (Some(7), Some(5)));
        m.change(false);
        assert_eq!((m.game.size, m.game.in_a_row), (Some(6), Some(5)));
        m.row = Menu::GAME;
        m.change(true);
        assert_eq!(m.game.kind, GameKind::Qubic);
        m.change(true);
        m.change(false);
        assert_eq!(m.game.kind, GameKind::Qubic);
        m.change(false);
        assert_eq!(
            (m.game.kind, m.game.size, m.game.in_a_row),
            (GameKind::Classic, Some(6), Some(5)),
            "back to classic as last chosen, not as asked"
        );
        m.row = Menu::SIZE;
        m.change(true);
        assert_eq!((m.game.size, m.game.in_a_row), (Some(7), Some(5)));
    }

    #[test]
    fn a_game_not_chosen_before_starts_from_its_defaults() {
        let mut m = menu(Mode::VsBot, None);
        m.row = Menu::GAME;
        while m.game.kind != GameKind::Classic {
            m.change(true);
        }
        assert_eq!(m.game, GameChoice::of(GameKind::Classic));
    }

    #[test]
    fn choosing_a_mode_never_moves_the_mode_row() {
        for (width, height) in [(70, 22), (80, 24), (100, 30)] {
            let area = Rect::new(0, 0, width, height);
            let mode_y = |mode| {
                // Classic: its size and line rows make the most rows.
                let mut m = menu(mode, Some(3));
                m.game = GameChoice::of(GameKind::Classic);
                let lines = m.lines(area);
                lines.iter().find(|l| l.row == Menu::MODE).map(|l| l.y)
            };
            let ys: Vec<_> = Mode::ALL.iter().map(|&mode| mode_y(mode)).collect();
            assert!(ys.iter().all(|&y| y == ys[0]), "{width}x{height}: {ys:?}");
        }
    }

    #[test]
    fn dropping_the_resume_row_moves_off_it() {
        let mut m = menu(Mode::VsBot, Some(2));
        m.drop_resume();
        assert_eq!((m.resume, m.row), (None, Menu::MODE));
    }
}

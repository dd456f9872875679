//! Drawing the start screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::config::Mode;
use crate::core::words::plural;
use crate::core::{Difficulty, Game, Outcome, Side};
use crate::keys::Action;
use crate::store::{Standing, Stats};
use crate::tui::geometry::StartAreas;
use crate::tui::screens::play::PlayScreen;
use crate::tui::screens::start::StartScreen;
use crate::tui::screens::start::menu::{LABEL_COLUMNS, Menu, mode_label};
use crate::tui::shared::Shared;
use crate::tui::text::{Theme, footer_line, wrap};

/// What the start screen draws from; `board` is the game it can go back to.
pub struct StartView<'a> {
    pub screen: &'a StartScreen,
    pub shared: &'a Shared,
    pub board: &'a PlayScreen,
}

pub fn render(view: &StartView, areas: StartAreas, buf: &mut Buffer) {
    let area = areas.content;
    title_and_rules(view, area, buf);
    let below_menu = menu(view, area, buf);
    // Told once, a notice of a file set aside is worth more than the mode's sentence and
    // the record: where it would not fit whole below them, it takes their rows.
    let room = areas.footer.y.saturating_sub(below_menu + 3);
    let notices_y = if notice_rows(view, area.width) > room {
        below_menu + 1
    } else {
        mode_and_record(view, area, below_menu, buf)
    };
    let height = areas.footer.y.saturating_sub(notices_y);
    notices(view, Rect::new(area.x, notices_y, area.width, height), buf);
    footer(view, areas, buf);
}

fn title_and_rules(view: &StartView, area: Rect, buf: &mut Buffer) {
    let settings = &view.shared.settings;
    let theme = Theme(settings);
    let game = view.screen.game();
    buf.set_string(area.x, area.y, game.title(), theme.strong());
    let rules = format!(
        "{} {} moves first, {} second.",
        settings.in_symbols(&game.rules().join(" ")),
        settings.symbol(Side::First),
        settings.symbol(Side::Second)
    );
    Paragraph::new(rules.as_str())
        .wrap(Wrap { trim: true })
        .render(Rect::new(area.x, area.y + 2, area.width, 4), buf);
}

/// The choice rows where [`Menu::lines`] puts them; returns the row below the last.
fn menu(view: &StartView, area: Rect, buf: &mut Buffer) -> u16 {
    let menu = &view.screen.menu;
    let lines = menu.lines(area);
    for line in &lines {
        buf.set_line(area.x, line.y, &menu_line(view, menu, line.row), area.width);
    }
    let spacing = match lines.as_slice() {
        [first, second, ..] => second.y - first.y,
        _ => 1,
    };
    lines.last().map_or(area.y, |line| line.y + spacing)
}

/// Below the menu at `y`: the mode's sentence, then the game kept or the record; returns
/// the row where the notices start.
fn mode_and_record(view: &StartView, area: Rect, y: u16, buf: &mut Buffer) -> u16 {
    let width = area.width as usize;
    let menu = &view.screen.menu;
    let plain = Style::default();
    buf.set_stringn(area.x, y + 1, mode_text(view, menu), width, plain);
    if view.board.in_progress() {
        // "Kept" would read as saved: say only what is true of this window's game.
        let back = view.shared.settings.keys.first_key(Action::Quit);
        let saved = match view.board.keeping.note().is_empty() && view.shared.memory.saves() {
            true => "",
            false => " (not saved)",
        };
        let kept = format!("Your current game{saved} waits on the board: {back} goes back to it.");
        buf.set_stringn(area.x, y + 2, kept, width, plain);
    } else if menu.puzzles() {
        let text = puzzle_record(view.shared.memory.stats(), &view.screen.game().key());
        buf.set_stringn(area.x, y + 2, text, width, plain);
    } else if let Some(record) = view.screen.record(view.shared)
        && view.board.online.is_none()
    {
        let text = record_text(view, menu, record, width);
        buf.set_stringn(area.x, y + 2, text, width, plain);
    }
    y + 3
}

/// What the chosen mode holds: the bot's level, what hints give away, or the demo.
fn mode_text(view: &StartView, menu: &Menu) -> String {
    let game = view.screen.game();
    match menu.mode {
        _ if menu.puzzles() => format!(
            "Positions where one move wins, or only one does not lose; the bot defends {}.",
            if game.solved() {
                "perfectly"
            } else {
                "as well as it can"
            }
        ),
        _ if menu.no_puzzles_here() => {
            "No puzzles for this board yet: the mode goes back to them on a board that has some."
                .into()
        }
        Mode::VsBot => view.shared.settings.in_symbols(&level_text(
            game.as_ref(),
            menu.difficulty,
            view.shared.settings.movetime,
            view.screen.first_player(view.shared),
        )),
        Mode::TwoHumans if menu.hints => {
            "Hints on: each empty cell shows what it leads to, for both of you.".into()
        }
        Mode::TwoHumans if view.board.online.is_some() => {
            "You and the next to join this room; hints for both of you, or for neither.".into()
        }
        Mode::TwoHumans => {
            "Two people, one keyboard; hints stay off unless you choose them.".into()
        }
        Mode::Demo => {
            let first = game.level_name(menu.difficulty);
            let second = game.level_name(menu.second_level);
            if second == first {
                format!("Watch the bot play itself at {first}.")
            } else {
                format!("Watch the bot at {first} (X) play the bot at {second} (O).")
            }
        }
    }
}

fn footer(view: &StartView, areas: StartAreas, buf: &mut Buffer) {
    let keys = &view.shared.settings.keys;
    let first = |a: Action| keys.first_key(a);
    let pair = |a: Action, b: Action| format!("{}/{}", first(a), first(b));
    let back = match (view.board.has_game, view.board.online) {
        (true, _) => "back to game",
        (false, Some(_)) => "leave",
        (false, None) => "quit",
    };
    let start = match view.screen.menu.row == Menu::RESUME {
        true => "resume",
        false => "start",
    };
    let items = vec![
        (pair(Action::Up, Action::Down), "choose"),
        (pair(Action::Left, Action::Right), "change"),
        (first(Action::Place), start),
        (first(Action::Help), "help"),
        (first(Action::Quit), back),
    ];
    footer_line(&view.shared.settings, &items, areas.footer, buf);
    let status = view.shared.status.text.as_str();
    let said = view.screen.note.as_deref().or_else(|| {
        (!status.is_empty() && !view.board.has_game && view.shared.memory.notices().is_empty())
            .then_some(status)
    });
    if let Some(said) = said {
        let status = areas.status;
        let width = status.width as usize;
        buf.set_stringn(status.x, status.y, said, width, Style::default());
    }
}

/// What to expect from the bot at a level, in one short sentence.
pub fn level_text(
    game: &dyn Game,
    level: Difficulty,
    movetime: std::time::Duration,
    first_player: Option<Outcome>,
) -> String {
    if let Some(text) = game.level_text(level) {
        return text;
    }
    match level {
        Difficulty::Random => "Random: any empty cell it may play, chosen by chance.".into(),
        Difficulty::Easy => "Easy: it misses the obvious now and then; a gentle start.".into(),
        Difficulty::Medium => "Medium: it never misses a win in one, but often strays.".into(),
        Difficulty::Hard => "Hard: it seldom errs and sets traps; think a few moves ahead.".into(),
        Difficulty::Perfect if game.solved() => perfect_text(first_player).into(),
        Difficulty::Perfect => format!(
            "Max: it thinks {:.1} s a move and never misses a win in one.",
            movetime.as_secs_f64()
        ),
    }
}

/// The top level of a solved game, by the empty board's value for the first player.
fn perfect_text(first_player: Option<Outcome>) -> &'static str {
    match first_player {
        Some(Outcome::Draw) => "Perfect: it has solved the game and never loses; aim to draw.",
        Some(Outcome::Win) => "Perfect: it has solved the game: it wins whenever it moves first.",
        Some(Outcome::Loss) => "Perfect: it has solved the game: it wins whenever it moves second.",
        None => "Perfect: it has solved the game and plays the best move everywhere.",
    }
}

/// "Your puzzle rating: 1523 · 5 solved, 2 failed · 3 in a row (best 4)".
pub fn puzzle_record(stats: &Stats, game: &str) -> String {
    let rating = stats.puzzle_rating(game).round();
    let Some(mine) = stats.puzzles(game) else {
        return format!("Your puzzle rating: {rating}, before your first puzzle.");
    };
    let (solved, failed, streak, best) = (mine.solved, mine.failed, mine.streak, mine.best_streak);
    format!(
        "Your puzzle rating: {rating} · {solved} solved, {failed} failed · {streak} in a row (best {best})"
    )
}

/// "Your record at perfect: 3 won, 5 drawn, 2 lost · unbeaten in 4 (best 6)": the run
/// counts games in a row without a loss; after a loss it says so instead of "unbeaten in 0".
/// Where the whole line is wider than `width`, the run gives way: the results stay whole.
fn record_text(view: &StartView, menu: &Menu, record: Standing, width: usize) -> String {
    let level = view.screen.game().level_name(menu.difficulty);
    let whose = match menu.mode {
        Mode::TwoHumans => format!("{}'s record", view.shared.settings.names.first),
        _ => format!("Your record at {level}"),
    };
    if record.games() == 0 {
        return format!("{whose}: no games yet.");
    }
    let run = match (record.streak, record.best_streak) {
        (0, 0) => "no game without a loss yet".to_string(),
        (0, best) => format!("lost the last (best run {best})"),
        (now, best) => format!("unbeaten in {now} (best {best})"),
    };
    let results = format!(
        "{whose}: {} won, {} drawn, {} lost",
        record.wins, record.draws, record.losses
    );
    let whole = format!("{results} · {run}");
    if unicode_width::UnicodeWidthStr::width(whole.as_str()) <= width {
        whole
    } else {
        format!("{results}.")
    }
}

fn notice_rows(view: &StartView, width: u16) -> u16 {
    let notices = view.shared.memory.notices().iter();
    let rows: usize = notices.map(|n| wrap(n, width as usize).len()).sum();
    u16::try_from(rows).unwrap_or(u16::MAX)
}

/// What the store had to set aside (a damaged file moved to `.bak`), told once.
fn notices(view: &StartView, area: Rect, buf: &mut Buffer) {
    if view.shared.memory.notices().is_empty() || area.height == 0 {
        return;
    }
    let style = Theme(&view.shared.settings).warning();
    let width = area.width as usize;
    let rows = view.shared.memory.notices().iter();
    for (y, row) in (area.y..area.bottom()).zip(rows.flat_map(|notice| wrap(notice, width))) {
        buf.set_line(area.x, y, &Line::styled(row, style), area.width);
    }
}

fn menu_line(view: &StartView, menu: &Menu, row: usize) -> Line<'static> {
    let Some((label, options, chosen)) = menu.choices(row) else {
        return resume_line(view, menu);
    };
    let mut spans = vec![row_label(view, label, menu.row == row)];
    for (i, (option, _)) in options.iter().enumerate() {
        spans.push(option_span(option, i == chosen));
        spans.push(Span::raw(" "));
    }
    Line::from(spans)
}

/// A row's label, with a pointer and the accent when the row has the focus.
fn row_label(view: &StartView, label: &str, focused: bool) -> Span<'static> {
    let width = LABEL_COLUMNS as usize - 2;
    match focused {
        true => Span::styled(
            format!("▶ {label:<width$}"),
            Theme(&view.shared.settings).strong(),
        ),
        false => Span::raw(format!("  {label:<width$}")),
    }
}

fn option_span(option: &str, chosen: bool) -> Span<'static> {
    let reversed = Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED);
    match chosen {
        true => Span::styled(format!("[{option}]"), reversed),
        false => Span::raw(format!(" {option} ")),
    }
}

/// "▶ Resume the unfinished game (8 moves) · You vs bot at perfect".
fn resume_line(view: &StartView, menu: &Menu) -> Line<'static> {
    let moves = plural(menu.resume.unwrap_or(0) as u64, "move", "moves");
    let resume = format!("Resume the unfinished game ({moves})");
    let game = view.screen.game();
    let elsewhere = match view.shared.memory.open_elsewhere(&game.key()) {
        true => " · open in another window",
        false => "",
    };
    let saved = view.screen.saved_game(view.shared);
    let what = saved.map_or_else(String::new, |saved| {
        let mode = mode_label(saved.session.mode);
        match saved.session.mode {
            Mode::TwoHumans => format!(" · {mode}"),
            _ => format!(" · {mode} at {}", game.level_name(saved.session.difficulty)),
        }
    });
    Line::from(vec![
        row_label(view, &resume, menu.row == Menu::RESUME),
        Span::raw(what),
        Span::raw(elsewhere),
    ])
}

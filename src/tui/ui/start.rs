//! The start screen: a line on the rules, the unfinished game to resume, the choices of
//! mode, side and level, and the record of results.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::text::{Theme, footer_line};
use crate::config::{Action, Mode};
use crate::core::{Difficulty, Game, Outcome, Side};
use crate::store::Record;
use crate::tui::app::{App, Menu};
use crate::tui::geometry::StartAreas;
use crate::tui::menu::LABEL_COLUMNS;
use crate::tui::menu::mode_label;

pub fn render(app: &App, areas: StartAreas, buf: &mut Buffer) {
    let area = areas.content;
    title_and_rules(app, area, buf);
    let below_menu = menu(app, area, buf);
    let notices_y = mode_and_record(app, area, below_menu, buf);
    notices(
        app,
        Rect::new(
            area.x,
            notices_y,
            area.width,
            areas.footer.y.saturating_sub(notices_y),
        ),
        buf,
    );
    footer(app, areas, buf);
}

/// The chosen game's name and, below it, its rules in a few lines.
fn title_and_rules(app: &App, area: Rect, buf: &mut Buffer) {
    let settings = &app.shared.settings;
    let theme = Theme(settings);
    let game = app.menu_game();
    buf.set_string(
        area.x,
        area.y,
        game.title(),
        theme.accent().add_modifier(Modifier::BOLD),
    );
    let rules = format!(
        "{} {} moves first, {} second.",
        game.rules().join(" "),
        settings.symbol(Side::First),
        settings.symbol(Side::Second)
    );
    Paragraph::new(rules.as_str())
        .wrap(Wrap { trim: true })
        .render(Rect::new(area.x, area.y + 2, area.width, 4), buf);
}

/// The choice rows where [`Menu::lines`] puts them; returns the row below the last.
fn menu(app: &App, area: Rect, buf: &mut Buffer) -> u16 {
    let menu = app.menu();
    let lines = menu.lines(area);
    for line in &lines {
        buf.set_line(area.x, line.y, &menu_line(app, menu, line.row), area.width);
    }
    let spacing = match lines.as_slice() {
        [first, second, ..] => second.y - first.y,
        _ => 1,
    };
    lines.last().map_or(area.y, |line| line.y + spacing)
}

/// Below the menu at `y`: a sentence on the chosen mode, then the game kept or the record.
/// Returns the row where the notices start.
fn mode_and_record(app: &App, area: Rect, y: u16, buf: &mut Buffer) -> u16 {
    let width = area.width as usize;
    let menu = app.menu();
    let plain = Style::default();
    buf.set_stringn(area.x, y + 1, mode_text(app, menu), width, plain);
    if app.game_in_progress() {
        let kept = "Your current game is kept until you start a new one.";
        buf.set_stringn(area.x, y + 2, kept, width, plain);
    } else if let Some(record) = app.menu_record() {
        buf.set_stringn(area.x, y + 2, record_text(app, menu, record), width, plain);
    }
    y + 3
}

/// What the chosen mode holds: the bot's level, whether hints start on, or the demo.
fn mode_text(app: &App, menu: &Menu) -> String {
    let game = app.menu_game();
    match menu.mode {
        Mode::VsBot => level_text(
            game.as_ref(),
            menu.difficulty,
            app.shared.settings.movetime,
            app.menu_first_player(),
        ),
        Mode::TwoHumans if app.shared.settings.hints.on_for(Mode::TwoHumans) => {
            "Hints are on: every empty cell shows what it is worth.".into()
        }
        Mode::TwoHumans => "Hints are off; the hints key shows what each cell is worth.".into(),
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

/// The keys of the start screen, and the status line before any game has started.
fn footer(app: &App, areas: StartAreas, buf: &mut Buffer) {
    let keys = &app.shared.settings.keys;
    let first = |a: Action| keys.first_key(a);
    let back = if app.play.has_game {
        "back to game"
    } else {
        "quit"
    };
    let start = if app.menu().row == Menu::RESUME {
        "resume"
    } else {
        "start"
    };
    let items = vec![
        (
            format!("{}/{}", first(Action::Up), first(Action::Down)),
            "choose",
        ),
        (
            format!("{}/{}", first(Action::Left), first(Action::Right)),
            "change",
        ),
        (first(Action::Place), start),
        (first(Action::Help), "help"),
        (first(Action::Quit), back),
    ];
    footer_line(&app.shared.settings, &items, areas.footer, buf);
    let said = app.start.note.as_deref().or_else(|| {
        (!app.status().is_empty() && !app.play.has_game && app.shared.memory.notices().is_empty())
            .then(|| app.status())
    });
    if let Some(said) = said {
        let status = areas.status;
        let width = status.width as usize;
        buf.set_stringn(status.x, status.y, said, width, Style::default());
    }
}

/// What to expect from the bot at a level, in one short sentence. `first_player` is the
/// exact value of the empty board for the side that moves first, where the game is solved
/// and its engine built.
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
            "Max: it searches {:.1} s a move and never misses a win in one.",
            movetime.as_secs_f64()
        ),
    }
}

/// The top level of a solved game, by what best play from the empty board gives the side
/// that moves first; until the engine has told, only what holds whatever that is.
fn perfect_text(first_player: Option<Outcome>) -> &'static str {
    match first_player {
        Some(Outcome::Draw) => "Perfect: it has solved the game and never loses; aim to draw.",
        Some(Outcome::Win) => "Perfect: it has solved the game: it wins whenever it moves first.",
        Some(Outcome::Loss) => "Perfect: it has solved the game: it wins whenever it moves second.",
        None => "Perfect: it has solved the game and plays the best move everywhere.",
    }
}

/// "Your record at perfect: 3 won, 5 drawn, 2 lost · unbeaten in 4 (best 6)": the run
/// counts games in a row without a loss; after a loss it says so instead of "unbeaten in 0".
fn record_text(app: &App, menu: &Menu, record: Record) -> String {
    let level = app.menu_game().level_name(menu.difficulty);
    let whose = match menu.mode {
        Mode::TwoHumans => format!("{}'s record", app.shared.settings.names.first),
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
    format!(
        "{whose}: {} won, {} drawn, {} lost · {run}",
        record.wins, record.draws, record.losses
    )
}

/// What the store had to set aside (a damaged file moved to `.bak`), told once.
fn notices(app: &App, area: Rect, buf: &mut Buffer) {
    if app.shared.memory.notices().is_empty() || area.height == 0 {
        return;
    }
    let theme = Theme(&app.shared.settings);
    let style = theme
        .color(app.shared.settings.colors.hint_loss)
        .add_modifier(Modifier::BOLD);
    let lines: Vec<Line> = app
        .shared
        .memory
        .notices()
        .iter()
        .map(|notice| Line::styled(notice.clone(), style))
        .collect();
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

/// One choice row: its label, then every option with the chosen one highlighted.
fn menu_line(app: &App, menu: &Menu, row: usize) -> Line<'static> {
    let Some((label, options, chosen)) = menu.choices(row) else {
        return resume_line(app, menu);
    };
    let mut spans = vec![row_label(app, label, menu.row == row)];
    for (i, option) in options.iter().enumerate() {
        spans.push(option_span(option, i == chosen));
        spans.push(Span::raw(" "));
    }
    Line::from(spans)
}

/// A row's label, with a pointer and the accent when the row has the focus.
fn row_label(app: &App, label: &str, focused: bool) -> Span<'static> {
    let pointer = if focused { "▶ " } else { "  " };
    let width = LABEL_COLUMNS as usize - 2;
    Span::styled(
        format!("{pointer}{label:<width$}"),
        focus_style(app, focused),
    )
}

fn focus_style(app: &App, focused: bool) -> Style {
    if focused {
        Theme(&app.shared.settings)
            .accent()
            .add_modifier(Modifier::BOLD)
    } else {
        Style::default()
    }
}

/// An option: `[chosen]` in reverse video, the others plain.
fn option_span(option: &str, chosen: bool) -> Span<'static> {
    if chosen {
        Span::styled(
            format!("[{option}]"),
            Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
        )
    } else {
        Span::raw(format!(" {option} "))
    }
}

/// "▶ Resume the unfinished game (8 moves) · You vs bot at perfect".
fn resume_line(app: &App, menu: &Menu) -> Line<'static> {
    let focused = menu.row == Menu::RESUME;
    let pointer = if focused { "▶ " } else { "  " };
    let style = focus_style(app, focused);
    let moves = menu.resume.unwrap_or(0);
    let plural = if moves == 1 { "move" } else { "moves" };
    let level_of = |level| app.menu_game().level_name(level);
    let what = app
        .saved_game()
        .map_or_else(String::new, |game| match game.session.mode {
            Mode::TwoHumans => format!(" · {}", mode_label(game.session.mode)),
            _ => format!(
                " · {} at {}",
                mode_label(game.session.mode),
                level_of(game.session.difficulty)
            ),
        });
    Line::from(vec![
        Span::styled(
            format!("{pointer}Resume the unfinished game ({moves} {plural})"),
            style,
        ),
        Span::raw(what),
    ])
}

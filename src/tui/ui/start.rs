//! The start screen: a line on the rules, the unfinished game to resume, the choices of
//! mode, side and level, and the record of results.

use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::layout::Areas;
use super::{Theme, first_key, first_label, footer_line, mode_label};
use crate::config::{Action, First, Mode};
use crate::game::Side;
use crate::players::Difficulty;
use crate::store::Record;
use crate::tui::app::{App, Menu};

pub fn render(app: &App, areas: Areas, buf: &mut Buffer) {
    let theme = Theme(app.settings());
    let area = areas.content;
    buf.set_string(
        area.x,
        area.y,
        "Tic-Tac-Latin",
        theme.accent().add_modifier(Modifier::BOLD),
    );
    let settings = app.settings();
    let rules = format!(
        "4x4 tic-tac-toe with a twist: a line (row, column or diagonal) scores a point for you \
         when it holds three of your symbols and one of your opponent's. The first to get \
         ahead on points wins; a full board level on points is a draw. {} moves first, {} \
         second.",
        settings.symbol(Side::First),
        settings.symbol(Side::Second)
    );
    let rules_area = ratatui::layout::Rect::new(area.x, area.y + 2, area.width, 4);
    Paragraph::new(rules.as_str())
        .wrap(Wrap { trim: true })
        .render(rules_area, buf);

    let menu = app.menu();
    let mut y = area.y + 7;
    for row in 0..Menu::ROWS {
        if menu.row_enabled(row) {
            buf.set_line(area.x, y, &menu_line(app, menu, row), area.width);
            y += 2;
        }
    }
    let hint = match menu.mode {
        Mode::VsBot => level_text(menu.difficulty).to_string(),
        Mode::TwoHumans => "Hints are on: every empty cell shows what it is worth.".into(),
        Mode::Demo => format!("Watch the bot play itself at {}.", menu.difficulty),
    };
    buf.set_stringn(area.x, y + 1, hint, area.width as usize, Style::default());
    if app.game_in_progress() {
        buf.set_string(
            area.x,
            y + 2,
            "Your current game is kept until you start a new one.",
            Style::default(),
        );
    } else if let Some(record) = app.menu_record() {
        buf.set_stringn(
            area.x,
            y + 2,
            record_text(app, menu, record),
            area.width as usize,
            Style::default(),
        );
    }
    notices(
        app,
        ratatui::layout::Rect::new(
            area.x,
            y + 3,
            area.width,
            areas.footer.y.saturating_sub(y + 3),
        ),
        buf,
    );

    let keys = &app.settings().keys;
    let first = |a: Action| first_key(keys, a);
    let back = if app.has_game() {
        "back to game"
    } else {
        "quit"
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
        (
            first(Action::Place),
            if menu.row == Menu::RESUME {
                "resume"
            } else {
                "start"
            },
        ),
        (first(Action::Help), "help"),
        (first(Action::Quit), back),
    ];
    footer_line(app.settings(), &items, areas.footer, buf);
    if !app.status().is_empty() && !app.has_game() && app.notices().is_empty() {
        buf.set_stringn(
            areas.status.x,
            areas.status.y,
            app.status(),
            areas.status.width as usize,
            Style::default(),
        );
    }
}

/// What to expect from the bot at a level, in one short sentence.
pub fn level_text(level: Difficulty) -> &'static str {
    match level {
        Difficulty::Easy => "Easy: it misses the obvious now and then; a gentle start.",
        Difficulty::Medium => "Medium: it never misses a point in one, but often strays.",
        Difficulty::Hard => "Hard: it seldom errs and sets traps; think a few moves ahead.",
        Difficulty::Perfect => "Perfect: it has solved the game and never loses; aim to draw.",
    }
}

/// "Your record at perfect: 3 won, 5 drawn, 2 lost · unbeaten in 4 (best 6)": the run
/// counts games in a row without a loss.
fn record_text(app: &App, menu: &Menu, record: Record) -> String {
    let whose = match menu.mode {
        Mode::TwoHumans => format!("{}'s record", app.settings().names.first),
        _ => format!("Your record at {}", menu.difficulty),
    };
    if record.games() == 0 {
        return format!("{whose}: no games yet.");
    }
    format!(
        "{whose}: {} won, {} drawn, {} lost · unbeaten in {} (best {})",
        record.wins, record.draws, record.losses, record.streak, record.best_streak
    )
}

/// What the store had to set aside (a damaged file moved to `.bak`), told once.
fn notices(app: &App, area: ratatui::layout::Rect, buf: &mut Buffer) {
    if app.notices().is_empty() || area.height == 0 {
        return;
    }
    let theme = Theme(app.settings());
    let style = theme
        .color(app.settings().colors.hint_loss)
        .add_modifier(Modifier::BOLD);
    let lines: Vec<Line> = app
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
    let theme = Theme(app.settings());
    if row == Menu::RESUME {
        return resume_line(app, menu);
    }
    let (label, options, chosen): (&str, Vec<&str>, usize) = match row {
        Menu::MODE => (
            "Mode",
            Mode::ALL.iter().map(|&m| mode_label(m)).collect(),
            Mode::ALL.iter().position(|&m| m == menu.mode).unwrap_or(0),
        ),
        Menu::FIRST => (
            "You play",
            First::ALL.iter().map(|&s| first_label(s)).collect(),
            First::ALL
                .iter()
                .position(|&s| s == menu.starter)
                .unwrap_or(0),
        ),
        _ => (
            "Bot level",
            Difficulty::ALL.iter().map(|d| d.name()).collect(),
            Difficulty::ALL
                .iter()
                .position(|&d| d == menu.difficulty)
                .unwrap_or(0),
        ),
    };
    let focused = menu.row == row;
    let pointer = if focused { "▶ " } else { "  " };
    let mut spans = vec![Span::styled(
        format!("{pointer}{label:<11}"),
        if focused {
            theme.accent().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        },
    )];
    for (i, option) in options.iter().enumerate() {
        let text = if i == chosen {
            format!("[{option}]")
        } else {
            format!(" {option} ")
        };
        let style = if i == chosen {
            Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED)
        } else {
            Style::default()
        };
        spans.push(Span::styled(text, style));
        spans.push(Span::raw(" "));
    }
    Line::from(spans)
}

/// "▶ Resume the unfinished game (8 moves) · You vs bot at perfect".
fn resume_line(app: &App, menu: &Menu) -> Line<'static> {
    let theme = Theme(app.settings());
    let focused = menu.row == Menu::RESUME;
    let pointer = if focused { "▶ " } else { "  " };
    let style = if focused {
        theme.accent().add_modifier(Modifier::BOLD)
    } else {
        Style::default()
    };
    let moves = menu.resume.unwrap_or(0);
    let plural = if moves == 1 { "move" } else { "moves" };
    let what = app
        .saved_game()
        .map_or_else(String::new, |game| match game.mode {
            Mode::TwoHumans => format!(" · {}", mode_label(game.mode)),
            _ => format!(" · {} at {}", mode_label(game.mode), game.difficulty),
        });
    Line::from(vec![
        Span::styled(
            format!("{pointer}Resume the unfinished game ({moves} {plural})"),
            style,
        ),
        Span::raw(what),
    ])
}

//! The start screen: a line on the rules and the choices of mode, side and level.

use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::layout::Areas;
use super::{Theme, footer_line};
use crate::players::Difficulty;
use crate::tui::app::{App, Menu};
use crate::tui::keys::Action;
use crate::tui::options::{Mode, Starter};

pub fn render(app: &App, areas: Areas, buf: &mut Buffer) {
    let theme = Theme(app.options());
    let area = areas.content;
    buf.set_string(
        area.x,
        area.y,
        "Tic-Tac-Latin",
        theme.accent().add_modifier(Modifier::BOLD),
    );
    let rules = "4x4 tic-tac-toe with a twist: a line (row, column or diagonal) scores a point \
                 for you when it holds three of your symbols and one of your opponent's. The \
                 first to get ahead on points wins; a full board level on points is a draw.";
    let rules_area = ratatui::layout::Rect::new(area.x, area.y + 2, area.width, 4);
    Paragraph::new(rules)
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
        Mode::VsBot => "The bot has solved the game: at perfect it never loses.",
        Mode::TwoHumans => "Hints are on: every empty cell shows what it is worth.",
        Mode::Demo => "Watch the bot play itself.",
    };
    buf.set_string(area.x, y + 1, hint, Style::default());
    if app.game_in_progress() {
        buf.set_string(
            area.x,
            y + 2,
            "Your current game is kept until you start a new one.",
            Style::default(),
        );
    }

    let keys = &app.options().keys;
    let first = |a: Action| keys.first_label(a);
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
        (first(Action::Place), "start"),
        (first(Action::Help), "help"),
        (first(Action::Quit), back),
    ];
    footer_line(app.options(), &items, areas.footer, buf);
    if !app.status().is_empty() && !app.has_game() {
        buf.set_stringn(
            areas.status.x,
            areas.status.y,
            app.status(),
            areas.status.width as usize,
            Style::default(),
        );
    }
}

/// One choice row: its label, then every option with the chosen one highlighted.
fn menu_line(app: &App, menu: &Menu, row: usize) -> Line<'static> {
    let theme = Theme(app.options());
    let (label, options, chosen): (&str, Vec<&str>, usize) = match row {
        0 => (
            "Mode",
            Mode::ALL.iter().map(|m| m.label()).collect(),
            Mode::ALL.iter().position(|&m| m == menu.mode).unwrap_or(0),
        ),
        1 => (
            "You play",
            Starter::ALL.iter().map(|s| s.label()).collect(),
            Starter::ALL
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

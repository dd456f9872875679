//! The `?` overlay: every key, read from the bindings.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use super::{Theme, all_keys};
use crate::config::Action;
use crate::tui::app::App;

/// Actions in the order a player meets them.
const ORDER: [Action; 14] = [
    Action::Up,
    Action::Down,
    Action::Left,
    Action::Right,
    Action::Place,
    Action::Undo,
    Action::Redo,
    Action::New,
    Action::Swap,
    Action::Hints,
    Action::Difficulty,
    Action::Review,
    Action::Help,
    Action::Quit,
];

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = Theme(app.settings());
    let keys = &app.settings().keys;
    let key_style = theme.accent().add_modifier(Modifier::BOLD);
    let row = |key: String, what: &str| {
        Line::from(vec![
            Span::styled(format!("{key:<14}"), key_style),
            Span::raw(what.to_string()),
        ])
    };
    let mut lines: Vec<Line> = ORDER
        .iter()
        .map(|&action| row(all_keys(keys, action), action.description()))
        .collect();
    lines.push(row("a1 .. d4".into(), "type a cell's name to place there"));
    lines.push(row("mouse".into(), "click a cell to place there"));
    lines.push(row("Ctrl-C".into(), "quit at once"));
    let settings = app.settings();
    let title = format!(
        " Keys · {} moves first, {} second · any key closes ",
        settings.symbol(crate::game::Side::First),
        settings.symbol(crate::game::Side::Second)
    );

    let width = 62.min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .style(Style::default())
        .block(
            Block::default()
                .borders(Borders::ALL)
                .border_style(key_style)
                .title(title),
        )
        .render(popup, buf);
}

//! Beside the grid: tallies, whose turn, the game-over banner or the review, the moves.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::{Theme, mode_label};
use crate::config::{Action, First, Mode};
use crate::game::Side;
use crate::tui::app::{App, Screen};
use crate::tui::review::{self, Verdict};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let mut y = area.y;
    buf.set_line(area.x, y, &tally(app), area.width);
    y += 2;
    let used = match app.screen() {
        Screen::Review(_) => review_box(app, Rect::new(area.x, y, area.width, 6), buf),
        _ if app.board().status().is_over() => {
            game_over(app, Rect::new(area.x, y, area.width, 6), buf)
        }
        _ => facts(app, Rect::new(area.x, y, area.width, 4), buf),
    };
    y += used + 1;
    if y < area.bottom() {
        moves(
            app,
            Rect::new(area.x, y, area.width, area.bottom() - y),
            buf,
        );
    }
}

/// "You X 1 : 0 O Bot": names, symbols in their colours, the points.
fn tally(app: &App) -> Line<'static> {
    let options = app.settings();
    let theme = Theme(options);
    let (f, s) = app.shown_board().points();
    let bold = Style::default().add_modifier(Modifier::BOLD);
    Line::from(vec![
        Span::raw(format!("{} ", app.name(Side::First))),
        Span::styled(
            options.symbol(Side::First).to_string(),
            theme.side(Side::First),
        ),
        Span::styled(format!(" {f} : {s} "), bold),
        Span::styled(
            options.symbol(Side::Second).to_string(),
            theme.side(Side::Second),
        ),
        Span::raw(format!(" {}", app.name(Side::Second))),
    ])
}

/// Turn, mode, level, hints; returns the rows used.
fn facts(app: &App, area: Rect, buf: &mut Buffer) -> u16 {
    let board = app.board();
    let side = board.to_move();
    let symbol = app.settings().symbol(side);
    let turn = if app.human_side().is_none() && app.mode() == Mode::VsBot {
        "Bot is choosing its side…".to_string()
    } else if app.bot_thinking() && app.mode() == Mode::VsBot {
        format!("{} is thinking… ({symbol})", app.settings().names.bot)
    } else {
        app.turn_text()
    };
    let keys = &app.settings().keys;
    let mut rows = vec![("Turn", turn), ("Mode", mode_text(app))];
    if app.mode() != Mode::TwoHumans {
        rows.push((
            "Level",
            format!(
                "{} ({} changes)",
                app.difficulty(),
                first_key(app, Action::Difficulty)
            ),
        ));
    }
    rows.push((
        "Hints",
        format!(
            "{} ({} toggles)",
            if app.hints() { "on" } else { "off" },
            keys.all_keys(Action::Hints)
        ),
    ));
    let label = Theme(app.settings()).accent();
    for (i, (name, value)) in rows.iter().enumerate() {
        let line = Line::from(vec![
            Span::styled(format!("{name:<7}"), label),
            Span::raw(value.clone()),
        ]);
        buf.set_line(area.x, area.y + i as u16, &line, area.width);
    }
    rows.len() as u16
}

/// The banner at the end: who won with which lines, or the draw, and what to do next.
fn game_over(app: &App, area: Rect, buf: &mut Buffer) -> u16 {
    let theme = Theme(app.settings());
    let winner_style = match app.board().status() {
        crate::game::Status::Won(side) => theme.side(side),
        _ => Style::default(),
    };
    let mut text = vec![
        Line::styled(app.result_text(), winner_style.add_modifier(Modifier::BOLD)),
        Line::from(if app.mode() == Mode::Demo {
            format!(
                "{} new game · {} review",
                first_key(app, Action::New),
                first_key(app, Action::Review)
            )
        } else {
            format!(
                "{} new game · {} swap sides · {} review",
                first_key(app, Action::New),
                first_key(app, Action::Swap),
                first_key(app, Action::Review)
            )
        }),
    ];
    if app.sides_swapped() {
        text.insert(1, Line::from(crate::tui::app::NOT_RECORDED));
    }
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .block(
            Block::default()
                .borders(Borders::ALL)
                .border_style(theme.accent())
                .title(" Game over "),
        )
        .render(area, buf);
    area.height
}

/// The move being reviewed: its values before and after and the verdict.
fn review_box(app: &App, area: Rect, buf: &mut Buffer) -> u16 {
    let theme = Theme(app.settings());
    let Screen::Review(shown) = app.screen() else {
        return 0;
    };
    let mut text = Vec::new();
    if let Some(r) = app.review() {
        let symbol = app.settings().symbol(r.side);
        text.push(Line::from(vec![
            Span::styled(symbol.to_string(), theme.side(r.side)),
            Span::raw(format!(" {} before: {}", r.cell, r.before)),
        ]));
        let pad = " ".repeat(unicode_width::UnicodeWidthStr::width(symbol) + 4);
        text.push(Line::from(format!("{pad}after:  {}", r.after)));
        let style = match r.verdict {
            Verdict::Mistake => theme
                .color(app.settings().colors.hint_loss)
                .add_modifier(Modifier::BOLD),
            _ => Style::default(),
        };
        let marker = if r.verdict == Verdict::Mistake {
            "?? "
        } else {
            ""
        };
        text.push(Line::styled(format!("{marker}{}", r.sentence()), style));
    }
    let title = format!(" Review: move {shown} of {} ", app.moves().len());
    Paragraph::new(text)
        .wrap(Wrap { trim: false })
        .block(
            Block::default()
                .borders(Borders::ALL)
                .border_style(theme.accent())
                .title(title),
        )
        .render(area, buf);
    area.height
}

/// "1. b2 c3" per row; in review mistakes are marked `?` and the shown move is reversed.
fn moves(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = Theme(app.settings());
    // The symbols in the header say which column of moves is whose.
    let settings = app.settings();
    let header = Line::from(vec![
        Span::styled("Moves (", theme.accent()),
        Span::styled(
            settings.symbol(Side::First).to_string(),
            theme.side(Side::First),
        ),
        Span::styled(" then ", theme.accent()),
        Span::styled(
            settings.symbol(Side::Second).to_string(),
            theme.side(Side::Second),
        ),
        Span::styled(")", theme.accent()),
    ]);
    buf.set_line(area.x, area.y, &header, area.width);
    let verdicts = match (app.screen(), app.solver()) {
        (Screen::Review(_), Some(solver)) => review::verdicts(solver, app.moves()),
        _ => Vec::new(),
    };
    let shown = match app.screen() {
        Screen::Review(shown) => Some(shown),
        _ => None,
    };
    for (pair, cells) in app.moves().chunks(2).enumerate() {
        let y = area.y + 1 + pair as u16;
        if y >= area.bottom() {
            break;
        }
        let mut spans = vec![Span::raw(format!("{:>2}. ", pair + 1))];
        for (i, cell) in cells.iter().enumerate() {
            let ply = pair * 2 + i + 1;
            let mistake = verdicts.get(ply - 1) == Some(&Some(Verdict::Mistake));
            let mut style = theme.side(crate::tui::history::side_of_ply(ply - 1));
            if shown == Some(ply) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            let mark = if mistake { "?" } else { " " };
            spans.push(Span::styled(cell.to_string(), style));
            spans.push(Span::raw(format!("{mark} ")));
        }
        buf.set_line(area.x, y, &Line::from(spans), area.width);
    }
}

/// The mode, and the side the bot chose when it was asked to choose.
fn mode_text(app: &App) -> String {
    let mode = mode_label(app.mode());
    match (app.starter(), app.human_side()) {
        (First::BotChooses, Some(human)) if app.mode() == Mode::VsBot => {
            let bot = app.settings().symbol(human.other());
            format!("{mode}, bot chose {bot}")
        }
        _ => mode.to_string(),
    }
}

fn first_key(app: &App, action: Action) -> String {
    app.settings().keys.first_key(action)
}

//! Beside the grid: tallies, whose turn, the game-over banner or the review, the moves.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::{Theme, glued, mode_label};
use crate::config::{Action, First, Mode};
use crate::core::{Side, Status};
use crate::tui::app::{App, Screen};
use crate::tui::review::{self, Verdict};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let mut y = area.y;
    buf.set_line(area.x, y, &tally(app, area.width), area.width);
    y += 2;
    let used = match app.screen() {
        Screen::Review(_) => review_box(app, Rect::new(area.x, y, area.width, 6), buf),
        _ if app.position().status().is_over() => {
            game_over(app, Rect::new(area.x, y, area.width, 6), buf)
        }
        _ => facts(app, Rect::new(area.x, y, area.width, 5), buf),
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

/// "You X 1 : 0 O Bot": names, symbols in their colours, the points, in `width` columns
/// (long names are shortened with an ellipsis so the second name is never cut off).
fn tally(app: &App, width: u16) -> Line<'static> {
    let options = app.settings();
    let theme = Theme(options);
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let (first, second) = (options.symbol(Side::First), options.symbol(Side::Second));
    // Games without points show who plays whom.
    let score = match app.shown_position().points() {
        Some([f, s]) => format!(" {f} : {s} "),
        None => " vs ".to_string(),
    };
    // Two spaces around the names, the symbols and the score.
    let fixed = 2 + first.width() + second.width() + score.width();
    let (first_name, second_name) = fit_names(
        &app.name(Side::First),
        &app.name(Side::Second),
        (width as usize).saturating_sub(fixed),
    );
    Line::from(vec![
        Span::raw(format!("{first_name} ")),
        Span::styled(first.to_string(), theme.side(Side::First)),
        Span::styled(score, bold),
        Span::styled(second.to_string(), theme.side(Side::Second)),
        Span::raw(format!(" {second_name}")),
    ])
}

/// Both names in at most `room` columns together: a name shorter than half keeps all of
/// it and leaves the rest to the other; longer ones are shortened with "…".
fn fit_names(first: &str, second: &str, room: usize) -> (String, String) {
    let (a, b) = (first.width(), second.width());
    if a + b <= room {
        return (first.to_string(), second.to_string());
    }
    let half = room / 2;
    let (room_a, room_b) = if a <= half {
        (a, room - a)
    } else if b <= room - half {
        (room - b, b)
    } else {
        (half, room - half)
    };
    (ellipsized(first, room_a), ellipsized(second, room_b))
}

/// `name` in at most `cols` columns, ending in "…" when shortened.
fn ellipsized(name: &str, cols: usize) -> String {
    if name.width() <= cols {
        return name.to_string();
    }
    if cols == 0 {
        return String::new();
    }
    let mut kept = String::new();
    let mut used = 0;
    for c in name.chars() {
        let w = c.width().unwrap_or(0);
        // One column stays free for the ellipsis.
        if used + w > cols - 1 {
            break;
        }
        kept.push(c);
        used += w;
    }
    // "Ada…", not "Ada …".
    let mut kept = kept.trim_end().to_string();
    kept.push('…');
    kept
}

/// Turn, mode, level, hints, and what the bot said of its last move; returns the rows used.
fn facts(app: &App, area: Rect, buf: &mut Buffer) -> u16 {
    let side = app.position().to_move();
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
                app.level_name(app.difficulty()),
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
    if let Some(note) = app.bot_note() {
        rows.push(("Bot", note.to_string()));
    }
    let label = Theme(app.settings()).accent();
    let rows: Vec<_> = rows.into_iter().take(area.height as usize).collect();
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
    let winner_style = match app.position().status() {
        Status::Won(side) => theme.side(side),
        _ => Style::default(),
    };
    let mut text = vec![
        Line::styled(
            glued(&app.result_text()),
            winner_style.add_modifier(Modifier::BOLD),
        ),
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
            Span::raw(format!(" {} before: {}", app.cell_name(r.cell), r.before)),
        ]));
        let pad = " ".repeat(symbol.width() + 4);
        text.push(Line::from(format!("{pad}after:  {}", r.after)));
        let style = match r.verdict {
            Verdict::Mistake => theme
                .color(app.settings().colors.hint_loss)
                .add_modifier(Modifier::BOLD),
            _ => Style::default(),
        };
        let marker = if r.verdict == Verdict::Mistake {
            format!("{MISTAKE} ")
        } else {
            String::new()
        };
        text.push(Line::styled(
            glued(&format!("{marker}{}", r.sentence(app.game()))),
            style,
        ));
    } else if let Some(&cell) = app.moves().get(shown - 1) {
        // An engine that does not know exact values judges nothing: the move alone.
        let side = app.mover(shown - 1);
        text.push(Line::from(vec![
            Span::styled(app.settings().symbol(side).to_string(), theme.side(side)),
            Span::raw(format!(" played {}", app.cell_name(cell))),
        ]));
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

/// How a mistake is marked, in the move list and in the review box alike.
const MISTAKE: &str = "??";

/// "1. b2 c3" per row; in review mistakes are marked `??` and the shown move is reversed.
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
    let verdicts = match (app.screen(), app.engine()) {
        (Screen::Review(_), Some(engine)) if app.game().solved() => {
            review::verdicts(engine, app.history())
        }
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
            let mut style = theme.side(app.mover(ply - 1));
            if shown == Some(ply) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            // The same mark as the review box's sentence; room for it only in review.
            let mark = match (mistake, verdicts.is_empty()) {
                (true, _) => MISTAKE,
                (false, true) => " ",
                (false, false) => "  ",
            };
            spans.push(Span::styled(app.cell_name(*cell), style));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_fit_are_kept_whole() {
        assert_eq!(fit_names("Ada", "Bot", 6), ("Ada".into(), "Bot".into()));
    }

    #[test]
    fn a_short_name_leaves_its_room_to_the_long_one() {
        let (a, b) = fit_names("Ada Lovelace 123", "Dee", 12);
        assert_eq!((a.as_str(), b.as_str()), ("Ada Love…", "Dee"));
        let (a, b) = fit_names("Dee", "Ada Lovelace 123", 12);
        assert_eq!((a.as_str(), b.as_str()), ("Dee", "Ada Love…"));
    }

    #[test]
    fn two_long_names_share_the_room_measured_in_columns() {
        let (a, b) = fit_names("Ada Lovelace 123", "猫猫猫猫猫猫猫猫", 11);
        assert_eq!(a, "Ada…", "no space before the ellipsis");
        // Double-width characters: 6 columns of room hold two cats and the ellipsis.
        assert_eq!(b, "猫猫…");
        assert!(a.width() + b.width() <= 11);
    }
}

//! Rendering: every picture is a function of the [`App`], drawn with `impl Widget for &App`,
//! which draws the screen showing from its own state: the start screen from a
//! [`start::draw::StartView`], the play and review screens and the help over any of them from a
//! [`PlayView`], the request to enlarge a terminal too small from the size it needs.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};
use unicode_width::UnicodeWidthStr;

use crate::config::{Mode, Settings};
use crate::keys::Action;
use crate::tui::app::{App, Overlay, PlayView, Screen};
use crate::tui::geometry;
use crate::tui::overlays::help;
use crate::tui::screens::start;
use crate::tui::status::StatusKind;
use crate::tui::text::{Theme, footer_line, glued, wrap};
use crate::tui::widgets::{board as grid, panel};

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let content = match self.screen() {
            Screen::Start => geometry::start_areas(area).map(|areas| {
                let view = start::draw::StartView {
                    screen: &self.start,
                    shared: &self.shared,
                    board: &self.play,
                };
                start::draw::render(&view, areas, buf);
                areas.content
            }),
            Screen::Play | Screen::Review(_) => {
                geometry::areas(self.game().layout(), area).map(|areas| {
                    let view = self.view();
                    title(&view, areas.title, buf);
                    grid::render(&view, &areas.board, buf);
                    panel::render(&view, areas.panel, buf);
                    // A status too long for its row takes the footer's row too, for as
                    // long as it shows: a message cut short could say something else.
                    if status(&view, areas.status, areas.footer, buf) {
                        footer(&view, areas.footer, buf);
                    }
                    areas.content
                })
            }
        };
        let Some(content) = content else {
            too_small(&self.minimum_sizes(), &self.shared.settings, area, buf);
            return;
        };
        match self.overlay {
            Some(Overlay::Help) => help::render(&self.view(), content, buf),
            Some(Overlay::Rules) => help::rules(&self.view(), content, buf),
            _ => {}
        }
    }
}

/// Instead of a broken picture: how big the terminal must be (at least one of `minimums`,
/// the nearest first).
fn too_small(minimums: &[(u16, u16)], settings: &Settings, area: Rect, buf: &mut Buffer) {
    let sizes: Vec<String> = minimums.iter().map(|(w, h)| format!("{w} x {h}")).collect();
    let (nearest, others) = sizes
        .split_first()
        .map_or(("80 x 24", &[][..]), |(n, o)| (n.as_str(), o));
    let or = match others {
        [] => String::new(),
        _ => format!(" (or {})", others.join(", or ")),
    };
    let text = vec![
        Line::from(glued(&format!(
            "Terminal too small: {} x {}.",
            area.width, area.height
        ))),
        Line::from(glued(&format!(
            "Enlarge the terminal to at least {nearest}{or}.",
        ))),
        Line::from(format!(
            "({} or {} quits)",
            settings.keys.first_key(Action::Quit),
            help::ctrl_c()
        )),
    ];
    let height = (text.len() as u16).min(area.height);
    let y = area.y + (area.height - height) / 2;
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(
            Rect::new(area.x, y, area.width, area.height - (y - area.y)),
            buf,
        );
}

/// Top line: name of the game, the mode, the bot's level and hints.
fn title(view: &PlayView, area: Rect, buf: &mut Buffer) {
    let theme = Theme(&view.shared.settings);
    buf.set_string(
        area.x,
        area.y,
        view.play.game().title(),
        theme.accent().add_modifier(Modifier::BOLD),
    );
    let mut facts = vec![view.play.mode_label().to_string()];
    let level = view.play.level_name(view.play.session.difficulty);
    match view.demo_second_level().map(|l| view.play.level_name(l)) {
        Some(second) if view.play.session.mode == Mode::Demo => {
            facts.push(format!("bots: {level} vs {second}"));
        }
        _ if view.play.session.mode != Mode::TwoHumans => facts.push(format!("bot level: {level}")),
        _ => {}
    }
    facts.push(format!(
        "hints {}",
        if view.play.hints { "on" } else { "off" }
    ));
    let text = facts.join(" · ");
    let width = text.chars().count() as u16;
    if width + view.play.game().title().chars().count() as u16 + 2 <= area.width {
        buf.set_string(area.right() - width, area.y, text, Style::default());
    }
}

/// The status line in `area`, wrapped onto the footer's row `below` when it is too long for
/// one (and cut with `…` only when two rows are not enough). Returns whether the footer's
/// row is still free.
fn status(view: &PlayView, area: Rect, below: Rect, buf: &mut Buffer) -> bool {
    let theme = Theme(&view.shared.settings);
    let style = if view.shared.status.kind == StatusKind::Illegal {
        theme
            .color(view.shared.settings.colors.hint_loss)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::default().add_modifier(Modifier::BOLD)
    };
    let width = usize::from(area.width);
    let mut rows = wrap(&glued(&view.shared.status.text), width);
    if rows.len() > 2 {
        rows.truncate(2);
        let last = &mut rows[1];
        while last.width() + 1 > width {
            last.pop();
        }
        last.push('…');
    }
    for (row, y) in rows.iter().zip([area.y, below.y]) {
        // The no-break spaces only held units together while wrapping.
        let row = row.replace('\u{a0}', " ");
        buf.set_stringn(area.x, y, &row, width, style);
    }
    rows.len() < 2
}

/// The main keys, read from the bindings so a changed key shows as changed; only keys
/// that do something in this mode and state.
fn footer(view: &PlayView, area: Rect, buf: &mut Buffer) {
    let keys = &view.shared.settings.keys;
    let first = |action: Action| keys.first_key(action);
    let items: Vec<(String, &str)> = match view.screen {
        Screen::Review(_) => review_footer(view),
        _ => game_footer(view)
            .into_iter()
            .filter(|&(action, _)| view.offers(action))
            .map(|(action, what)| (first(action), what))
            .collect(),
    };
    footer_line(&view.shared.settings, &items, area, buf);
}

/// Review's keys: stepping, the ends, the next mistake, leaving.
/// (New game works too; the help says so, the footer has no room at the smallest size.)
fn review_footer(view: &PlayView) -> Vec<(String, &'static str)> {
    let keys = &view.shared.settings.keys;
    let first = |action: Action| keys.first_key(action);
    let mut items = vec![
        (
            format!("{}/{}", first(Action::Left), first(Action::Right)),
            "step",
        ),
        ("Home/End".to_string(), "ends"),
    ];
    // Every board's moves are judged: exactly, or by the search.
    items.push(("Tab".to_string(), "next ?/??"));
    items.extend([
        (first(Action::Review), "leave review"),
        (first(Action::Help), "help"),
    ]);
    items
}

/// The game screen's footer before leaving out what does nothing in this mode.
fn game_footer(view: &PlayView) -> Vec<(Action, &'static str)> {
    if view.play.status().is_over() {
        vec![
            (Action::New, "new game"),
            (Action::Swap, "swap sides"),
            (Action::Review, "review"),
            (Action::Undo, "undo"),
            (Action::Help, "help"),
            (Action::Quit, "quit"),
        ]
    } else {
        let mut keys = vec![(Action::Place, "place"), (Action::Undo, "undo")];
        // Redo shows when there is something to redo, right after an undo.
        if view.play.history().can_redo() {
            keys.push((Action::Redo, "redo"));
        }
        keys.extend([
            (Action::New, "new"),
            (Action::Swap, "swap"),
            (Action::Hints, "hints"),
            (Action::Difficulty, "level"),
            (Action::Help, "help"),
            (Action::Quit, "quit"),
        ]);
        keys
    }
}

//! Rendering: every picture is a function of the [`App`], drawn with `impl Widget for &App`.

pub mod grid;
pub mod help;
pub mod panel;
pub mod start;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::app::{App, Screen};
use super::geometry;
use super::status::StatusKind;
use crate::config::{Action, First, Mode, Settings};
use crate::core::{Outcome, Side};

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let content = match self.screen() {
            Screen::Start => geometry::start_areas(area).map(|areas| {
                start::render(self, areas, buf);
                areas.content
            }),
            Screen::Game | Screen::Review(_) => {
                geometry::areas(self.game().layout(), area).map(|areas| {
                    title(self, areas.title, buf);
                    grid::render(self, &areas.board, buf);
                    panel::render(self, areas.panel, buf);
                    // A status too long for its row takes the footer's row too, for as
                    // long as it shows: a message cut short could say something else.
                    if status(self, areas.status, areas.footer, buf) {
                        footer(self, areas.footer, buf);
                    }
                    areas.content
                })
            }
        };
        let Some(content) = content else {
            too_small(self, area, buf);
            return;
        };
        if self.help() {
            help::render(self, content, buf);
        }
    }
}

/// Instead of a broken picture: how big the terminal must be.
fn too_small(app: &App, area: Rect, buf: &mut Buffer) {
    let (min_w, min_h) = app.minimum_size();
    let text = vec![
        Line::from(glued(&format!(
            "Terminal too small: {} x {}.",
            area.width, area.height
        ))),
        Line::from(glued(&format!(
            "Enlarge the terminal to at least {min_w} x {min_h}.",
        ))),
        Line::from(format!(
            "({} or {} quits)",
            app.settings().keys.first_key(Action::Quit),
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

/// `text` with its units kept together when wrapped: the spaces in "70 x 22", "1 : 0",
/// "in 5" and "in ≤9" become no-break spaces, which ratatui's wrapping does not break at.
pub fn glued(text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let starts_with_digit = |w: &str| {
        w.trim_start_matches('≤')
            .starts_with(|c: char| c.is_ascii_digit())
    };
    let is_number = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
    let mut out = String::with_capacity(text.len());
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            let before = words[i - 1];
            let joined = (is_number(before) && matches!(*word, ":" | "x"))
                || (matches!(before, ":" | "x" | "in") && starts_with_digit(word));
            out.push(if joined { '\u{a0}' } else { ' ' });
        }
        out.push_str(word);
    }
    out
}

/// A key and what it does as one unbreakable piece ("v review" never wraps as "v" and
/// "review"): its spaces become no-break spaces.
pub fn key_item(key: &str, what: &str) -> String {
    format!("{key} {what}").replace(' ', "\u{a0}")
}

/// `text` in rows of at most `width` columns, broken at its spaces only (a no-break space
/// holds its words together); a word longer than a row is cut. Wrapping here rather than in
/// `Paragraph` tells the caller how many rows the text takes, so a box can fit it.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows = Vec::new();
    let mut row = String::new();
    for word in text.split(' ') {
        let fits = row.width() + 1 + word.width() <= width;
        if !row.is_empty() && fits {
            row.push(' ');
            row.push_str(word);
            continue;
        }
        if !row.is_empty() {
            rows.push(std::mem::take(&mut row));
        }
        for c in word.chars() {
            if !row.is_empty() && row.width() + c.width().unwrap_or(0) > width {
                rows.push(std::mem::take(&mut row));
            }
            row.push(c);
        }
    }
    if !row.is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

/// Top line: name of the game, the mode, the bot's level and hints.
fn title(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = Theme(app.settings());
    buf.set_string(
        area.x,
        area.y,
        app.game().title(),
        theme.accent().add_modifier(Modifier::BOLD),
    );
    let mut facts = vec![mode_label(app.mode()).to_string()];
    let level = app.level_name(app.difficulty());
    match app.demo_second_level().map(|l| app.level_name(l)) {
        Some(second) if app.mode() == Mode::Demo => {
            facts.push(format!("bots: {level} vs {second}"));
        }
        _ if app.mode() != Mode::TwoHumans => facts.push(format!("bot level: {level}")),
        _ => {}
    }
    facts.push(format!("hints {}", if app.hints() { "on" } else { "off" }));
    let text = facts.join(" · ");
    let width = text.chars().count() as u16;
    if width + app.game().title().chars().count() as u16 + 2 <= area.width {
        buf.set_string(area.right() - width, area.y, text, Style::default());
    }
}

/// The status line in `area`, wrapped onto the footer's row `below` when it is too long for
/// one (and cut with `…` only when two rows are not enough). Returns whether the footer's
/// row is still free.
fn status(app: &App, area: Rect, below: Rect, buf: &mut Buffer) -> bool {
    let theme = Theme(app.settings());
    let style = if app.status_kind() == StatusKind::Illegal {
        theme
            .color(app.settings().colors.hint_loss)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::default().add_modifier(Modifier::BOLD)
    };
    let width = usize::from(area.width);
    let mut rows = wrap(&glued(app.status()), width);
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
fn footer(app: &App, area: Rect, buf: &mut Buffer) {
    let keys = &app.settings().keys;
    let first = |action: Action| keys.first_key(action);
    let items: Vec<(String, &str)> = match app.screen() {
        Screen::Review(_) => review_footer(app),
        _ => game_footer(app)
            .into_iter()
            .filter(|&(action, _)| app.offers(action))
            .map(|(action, what)| (first(action), what))
            .collect(),
    };
    footer_line(app.settings(), &items, area, buf);
}

/// Review's keys: stepping, the ends, the next mistake where the game is judged, leaving.
/// (New game works too; the help says so, the footer has no room at the smallest size.)
fn review_footer(app: &App) -> Vec<(String, &'static str)> {
    let keys = &app.settings().keys;
    let first = |action: Action| keys.first_key(action);
    let mut items = vec![
        (
            format!("{}/{}", first(Action::Left), first(Action::Right)),
            "step",
        ),
        ("Home/End".to_string(), "ends"),
    ];
    if app.game().solved() {
        items.push(("Tab".to_string(), "next ??"));
    }
    items.extend([
        (first(Action::Review), "leave review"),
        (first(Action::Help), "help"),
    ]);
    items
}

/// The game screen's footer before leaving out what does nothing in this mode.
fn game_footer(app: &App) -> Vec<(Action, &'static str)> {
    if app.game_status().is_over() {
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
        if app.history().can_redo() {
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

/// `key what · key what …`, keys in the accent style. Items that do not fit are left out
/// whole, from the end but for the last two (help and quit): never a key cut mid-word.
pub fn footer_line(options: &Settings, items: &[(String, &str)], area: Rect, buf: &mut Buffer) {
    let theme = Theme(options);
    let items = fitting(items, usize::from(area.width));
    let mut spans = Vec::new();
    for (i, (key, what)) in items.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(
            key.clone(),
            theme.accent().add_modifier(Modifier::BOLD),
        ));
        spans.push(Span::raw(format!(" {what}")));
    }
    buf.set_line(area.x, area.y, &Line::from(spans), area.width);
}

/// The footer's items that fit in `width` columns, two spaces apart: all of them, or the
/// first ones and the last two (help and quit, which lead to the rest).
fn fitting<'a>(items: &'a [(String, &'a str)], width: usize) -> Vec<&'a (String, &'a str)> {
    let len = |items: &[&(String, &str)]| -> usize {
        let words: usize = items.iter().map(|(k, w)| k.width() + 1 + w.width()).sum();
        words + 2 * items.len().saturating_sub(1)
    };
    let mut kept: Vec<&(String, &str)> = items.iter().collect();
    let tail = 2.min(kept.len());
    while len(&kept) > width && kept.len() > tail {
        kept.remove(kept.len() - tail - 1);
    }
    while len(&kept) > width && !kept.is_empty() {
        kept.remove(0);
    }
    kept
}

/// How a mode reads on screen.
pub fn mode_label(mode: Mode) -> &'static str {
    match mode {
        Mode::VsBot => "You vs bot",
        Mode::TwoHumans => "Two players",
        Mode::Demo => "Bot vs bot",
    }
}

/// How a choice of who moves first reads on screen.
pub fn first_label(first: First) -> &'static str {
    match first {
        First::You => "You first",
        First::Bot => "Bot first",
        First::BotChooses => "Bot chooses",
    }
}

/// Styles from the settings, with colour dropped when colour is off.
#[derive(Clone, Copy)]
pub struct Theme<'a>(pub &'a Settings);

impl Theme<'_> {
    /// Foreground colour, or nothing without colour.
    pub fn color(self, color: impl Into<Color>) -> Style {
        if self.0.color {
            Style::default().fg(color.into())
        } else {
            Style::default()
        }
    }

    pub fn accent(self) -> Style {
        self.color(self.0.colors.highlight)
    }

    /// A side's symbol: its colour, and for the first side bold, so the two differ without
    /// colour too.
    pub fn side(self, side: Side) -> Style {
        let style = self.color(self.0.colors.side(side));
        match side {
            Side::First => style.add_modifier(Modifier::BOLD),
            Side::Second => style,
        }
    }

    /// A hint's colour by what it says for the mover.
    pub fn value(self, outcome: Outcome) -> Style {
        let colors = &self.0.colors;
        self.color(match outcome {
            Outcome::Win => colors.hint_win,
            Outcome::Draw => colors.hint_draw,
            Outcome::Loss => colors.hint_loss,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A footer too wide leaves out whole keys before help and quit, never part of one.
    #[test]
    fn a_narrow_footer_keeps_whole_keys_and_help_and_quit() {
        let items: Vec<(String, &str)> = [
            ("Enter", "place"),
            ("u", "undo"),
            ("n", "new"),
            ("s", "swap"),
            ("h", "hints"),
            ("d", "level"),
            ("?", "help"),
            ("q", "quit"),
        ]
        .iter()
        .map(|&(k, w)| (k.to_string(), w))
        .collect();
        let shown = |width| -> Vec<&str> { fitting(&items, width).iter().map(|i| i.1).collect() };
        assert_eq!(shown(200).len(), 8);
        // "Enter place  u undo  n new  s swap  h hints  d level  ? help  q quit" is 68.
        assert_eq!(shown(68).len(), 8);
        assert_eq!(
            shown(49),
            ["place", "undo", "new", "help", "quit"],
            "classic 5x5's narrowest"
        );
        assert_eq!(shown(14), ["help", "quit"]);
        assert_eq!(shown(6), ["quit"]);
    }

    #[test]
    fn units_are_glued_and_other_spaces_are_not() {
        let nb = '\u{a0}';
        assert_eq!(
            glued("at least 70 x 22."),
            format!("at least 70{nb}x{nb}22.")
        );
        assert_eq!(
            glued("X wins 1 : 0 with row 1."),
            format!("X wins 1{nb}:{nb}0 with row 1.")
        );
        assert_eq!(glued("a loss in 5; best"), format!("a loss in{nb}5; best"));
        assert_eq!(glued("wins in ≤9"), format!("wins in{nb}≤9"));
        assert_eq!(glued("a box of x"), "a box of x");
    }

    #[test]
    fn wrapping_breaks_at_spaces_only_and_cuts_what_cannot_fit() {
        let items = [key_item("n", "new game"), key_item("v", "review")].join(" · ");
        let rows = wrap(&items, 12);
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert!(rows.iter().all(|r| r.width() <= 12), "{rows:?}");
        assert!(rows[1].starts_with("v\u{a0}review"), "{rows:?}");
        assert_eq!(wrap("abcdef", 4), ["abcd", "ef"]);
        assert_eq!(wrap("", 4), [""]);
        assert_eq!(wrap("a b c", 3), ["a b", "c"]);
    }
}

//! Text and style every screen's drawing shares.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::config::Settings;
use crate::core::{Outcome, Side};

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

/// A key and what it does as one unbreakable piece: "v review" never wraps apart.
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
        if !row.is_empty() && row.width() + 1 + word.width() <= width {
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

/// Keys and what they do; items that do not fit are left out whole, help and quit last.
pub fn footer_line(options: &Settings, items: &[(String, &str)], area: Rect, buf: &mut Buffer) {
    let theme = Theme(options);
    let items = fitting(items, usize::from(area.width));
    let mut spans = Vec::new();
    for (i, (key, what)) in items.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(key.clone(), theme.strong()));
        spans.push(Span::raw(format!(" {what}")));
    }
    buf.set_line(area.x, area.y, &Line::from(spans), area.width);
}

/// The footer's items that fit in `width` columns, two spaces apart.
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

/// Styles from the settings, with colour dropped when colour is off.
#[derive(Clone, Copy)]
pub(crate) struct Theme<'a>(pub &'a Settings);

impl Theme<'_> {
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

    /// The accent in bold: titles and what to act on.
    pub fn strong(self) -> Style {
        self.accent().add_modifier(Modifier::BOLD)
    }

    /// A refusal or a warning: the colour of a loss, in bold.
    pub fn warning(self) -> Style {
        self.color(self.0.colors.hint_loss)
            .add_modifier(Modifier::BOLD)
    }

    /// A side's symbol: its colour, and bold for the first side, so they differ without colour.
    pub fn side(self, side: Side) -> Style {
        let style = self.color(self.0.colors.side(side));
        match side {
            Side::First => style.add_modifier(Modifier::BOLD),
            Side::Second => style,
        }
    }

    pub fn value(self, outcome: Outcome) -> Style {
        let colors = &self.0.colors;
        self.color(match outcome {
            Outcome::Win => colors.hint_win,
            Outcome::Draw => colors.hint_draw,
            Outcome::Loss => colors.hint_loss,
        })
    }
}

pub fn wrapped(text: &str, style: Style, width: usize) -> Vec<Line<'static>> {
    wrap(text, width)
        .into_iter()
        .map(|row| Line::styled(row, style))
        .collect()
}

/// `lines` in a box with a title, as tall as the lines (at most `area`); returns its height.
pub fn boxed(
    border: Style,
    title: &str,
    lines: Vec<Line<'static>>,
    area: Rect,
    buf: &mut Buffer,
) -> u16 {
    let height = (lines.len() as u16 + 2).min(area.height);
    let block = Block::default().borders(Borders::ALL).border_style(border);
    Paragraph::new(lines)
        .block(block.title(title.to_string()))
        .render(Rect { height, ..area }, buf);
    height
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

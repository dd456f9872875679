//! The 4x4 grid: box lines, labels, symbols, cursor, scored lines, hints.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use unicode_width::UnicodeWidthStr;

use super::Theme;
use crate::game::{Board, Cell, Side};
use crate::tui::app::{App, Screen};
use crate::tui::geometry::{CELL_H, CELL_W, cell_rect};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let board = app.shown_board();
    box_lines(Theme(app.settings()).color(Color::DarkGray), area, buf);
    labels(app, area, buf);
    let scorers = scorers(board);
    let hints = app.hint_values();
    let best = app.hint_best();
    let last = match app.screen() {
        Screen::Review(shown) => app.moves().get(shown - 1).copied(),
        _ => app.moves().last().copied(),
    };
    for cell in Cell::all() {
        let inner = cell_rect(area, cell);
        let look = CellLook {
            app,
            inner,
            scorers: &scorers[cell.index()],
        };
        look.paint(
            buf,
            board.at(cell),
            hints.and_then(|h| h[cell.index()]),
            best == Some(cell),
        );
        if last == Some(cell) {
            look.corner(buf, "•");
        }
    }
    if app.screen() == Screen::Game {
        cursor(app, area, buf);
    }
}

/// For each cell, the sides whose scoring lines pass through it.
fn scorers(board: Board) -> [Vec<Side>; 16] {
    let mut by_cell: [Vec<Side>; 16] = Default::default();
    for (line, side) in board.scoring_lines() {
        for cell in Board::line_cells(line) {
            if !by_cell[cell.index()].contains(&side) {
                by_cell[cell.index()].push(side);
            }
        }
    }
    by_cell
}

struct CellLook<'a> {
    app: &'a App,
    inner: Rect,
    scorers: &'a [Side],
}

impl CellLook<'_> {
    fn paint(
        &self,
        buf: &mut Buffer,
        stone: Option<Side>,
        hint: Option<crate::solver::Value>,
        best: bool,
    ) {
        let options = self.app.settings();
        let theme = Theme(options);
        let mid = self.inner.y + CELL_H / 2;
        let bottom = self.inner.y + CELL_H - 1;
        // A scored line: the scorer's colour behind the cells and `+X` under the symbol, so
        // it reads without colour too.
        if let Some(&scorer) = self.scorers.last() {
            if options.color {
                buf.set_style(
                    self.inner,
                    Style::default().bg(options.colors.side(scorer).into()),
                );
            }
            let marks: String = self
                .scorers
                .iter()
                .map(|&s| format!("+{}", options.symbol(s)))
                .collect();
            let style = self.on_score(theme.side(scorer));
            centred(buf, self.inner, bottom, &marks, style);
        }
        match (stone, hint) {
            (Some(side), _) => {
                let mut style = self.on_score(theme.side(side));
                if !self.scorers.is_empty() {
                    style = style.add_modifier(Modifier::UNDERLINED);
                }
                centred(buf, self.inner, mid, options.symbol(side), style);
            }
            (None, Some(value)) => {
                let mut style = theme.value(value);
                if best {
                    style = style.add_modifier(Modifier::BOLD);
                    centred(buf, self.inner, bottom, "best", theme.accent());
                }
                centred(buf, self.inner, mid, &value.short(), style);
            }
            (None, None) => {}
        }
    }

    /// On a scored line's coloured background, text is black so it stays readable.
    fn on_score(&self, style: Style) -> Style {
        if self.app.settings().color && !self.scorers.is_empty() {
            style.fg(Color::Black)
        } else {
            style
        }
    }

    /// A small mark in the top-left corner (the last move).
    fn corner(&self, buf: &mut Buffer, mark: &str) {
        let style = Theme(self.app.settings()).accent();
        buf.set_string(self.inner.x, self.inner.y, mark, style);
    }
}

/// Writes `text` centred in `inner` on row `y`, measuring display width so double-width
/// symbols stay centred and never spill over a box line.
fn centred(buf: &mut Buffer, inner: Rect, y: u16, text: &str, style: Style) {
    let width = (text.width() as u16).min(inner.width);
    let x = inner.x + (inner.width - width) / 2;
    buf.set_stringn(x, y, text, inner.width as usize, style);
}

/// Behind the cursor while a person is to move: dark enough for every symbol and hint
/// colour to stay readable on it. The brackets around it take the highlight colour.
const CURSOR_BACKGROUND: Color = Color::DarkGray;

/// The cursor: the cell reversed and bracketed, visible with or without colour.
fn cursor(app: &App, area: Rect, buf: &mut Buffer) {
    let inner = cell_rect(area, app.cursor());
    let options = app.settings();
    let style = if options.color && app.human_to_move() {
        Style::default().bg(CURSOR_BACKGROUND)
    } else {
        Style::default().add_modifier(Modifier::REVERSED)
    };
    buf.set_style(inner, style);
    let mid = inner.y + CELL_H / 2;
    let bracket = Theme(options).accent().add_modifier(Modifier::BOLD);
    buf.set_string(inner.x, mid, "[", bracket);
    buf.set_string(inner.right() - 1, mid, "]", bracket);
}

fn box_lines(style: Style, area: Rect, buf: &mut Buffer) {
    let left = cell_rect(area, Cell::at(0, 0).expect("a1")).x - 1;
    let top = area.y + 1;
    for row in 0..=4u16 {
        let y = top + row * (CELL_H + 1);
        let (l, m, r) = match row {
            0 => ('┌', '┬', '┐'),
            4 => ('└', '┴', '┘'),
            _ => ('├', '┼', '┤'),
        };
        for col in 0..=4u16 {
            let x = left + col * (CELL_W + 1);
            let joint = match col {
                0 => l,
                4 => r,
                _ => m,
            };
            set_char(buf, x, y, joint, style);
            if col < 4 {
                for dx in 1..=CELL_W {
                    set_char(buf, x + dx, y, '─', style);
                }
            }
            if row < 4 {
                for dy in 1..=CELL_H {
                    set_char(buf, x, y + dy, '│', style);
                }
            }
        }
    }
}

fn set_char(buf: &mut Buffer, x: u16, y: u16, ch: char, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(ch).set_style(style);
    }
}

/// Column letters above and row numbers to the left.
fn labels(app: &App, area: Rect, buf: &mut Buffer) {
    let style = Theme(app.settings()).accent();
    for i in 0..4u8 {
        let column = cell_rect(area, Cell::at(0, i).expect("row 1"));
        let letter = ((b'a' + i) as char).to_string();
        centred(
            buf,
            Rect::new(column.x, area.y, column.width, 1),
            area.y,
            &letter,
            style,
        );
        let row = cell_rect(area, Cell::at(i, 0).expect("column a"));
        buf.set_string(area.x + 1, row.y + CELL_H / 2, (i + 1).to_string(), style);
    }
}

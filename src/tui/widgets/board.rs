//! The board of any game, through its layout (see `geometry`).

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::line;
use ratatui::widgets::Widget;
use unicode_width::UnicodeWidthStr;

use crate::config::{Mode, Settings};
use crate::core::review::Mark;
use crate::core::{BlockState, CellId, Game, MarkedLine, Place, Side};
use crate::tui::geometry::{Arrangement, BoardView};
use crate::tui::screens::Screen;
use crate::tui::screens::play::hints::Advice;
use crate::tui::screens::play::view::PlayView;
use crate::tui::text::Theme;
use ratatui::layout::Rect;

pub struct BoardWidget<'a> {
    pub view: &'a PlayView<'a>,
    pub board: &'a BoardView,
}

impl Widget for BoardWidget<'_> {
    fn render(self, _area: Rect, buf: &mut Buffer) {
        let (view, board) = (self.view, self.board);
        let game = view.play.game();
        let position = view.shown_position();
        let lines = Theme(&view.shared.settings).color(Color::DarkGray);
        frames(board, lines, buf);
        blocks_to_play(view, board, buf);
        labels(view, board, buf);
        if board.labelled {
            block_labels(board, lines, buf);
        }
        let scorers = sides_by_cell(game, position.marked_lines());
        let threats = sides_by_cell(game, view.play.threats());
        // Each hint on the cell its move lands on.
        let hints: Vec<(CellId, Advice)> = (view.advice().into_iter().flatten())
            .filter_map(|(mv, hint)| Some((game.move_cell(position, mv)?, hint)))
            .collect();
        let best = match view.screen {
            Screen::Review(_) => better_move(view),
            _ => None,
        };
        let last = match view.screen {
            Screen::Review(review) => view.play.landed(review.shown()),
            _ => view.play.landed(view.play.moves().len()),
        };
        let blocks = game.blocks(position);
        // Nothing can be placed in the demo, so no cursor invites it.
        let cursor_shown = view.screen == Screen::Play && view.play.session.kept.mode != Mode::Demo;
        // The lines through the cursor's cell, while they can still be played.
        let in_play = cursor_shown && !position.status().is_over();
        let along: Vec<CellId> = (game.lines().into_iter())
            .filter(|line| in_play && line.contains(&view.play.cursor))
            .flatten()
            .collect();
        for (index, sides) in scorers.iter().enumerate() {
            let cell = CellId::new(index);
            let place = game.place(cell);
            let look = CellLook {
                view,
                board,
                inner: board.cell_rect(place),
                scorers: sides,
                threats: &threats[index],
                along: along.contains(&cell),
                closed: blocks
                    .get(usize::from(place.block))
                    .is_some_and(|&b| b != BlockState::Open),
                last: last == Some(cell),
                cursor: cursor_shown && view.play.cursor == cell,
            };
            let hint = hints
                .iter()
                .find(|(c, _)| *c == cell)
                .map(|&(_, hint)| hint);
            look.paint(buf, position.at(cell), hint, best == Some(cell));
        }
        closed_blocks(view, board, &blocks, buf);
        if cursor_shown {
            cursor(view, board, buf);
        }
    }
}

/// A closed small board reads as one, not as moves: its cells dimmed and, across its middle
/// row, a band with its winner's symbol (or `draw`).
fn closed_blocks(view: &PlayView, board: &BoardView, blocks: &[BlockState], buf: &mut Buffer) {
    let options = &view.shared.settings;
    let row = board.layout.cells.rows / 2;
    for (block, state) in (0..).zip(blocks) {
        let (text, style) = match *state {
            BlockState::Won(side) => (
                shown_symbol(options, side, board),
                Theme(options).side(side),
            ),
            BlockState::Drawn => ("draw".to_string(), Style::default()),
            BlockState::Open => continue,
        };
        // The whole width inside the frame, its row number too: nothing is played there now.
        let frame = board.block_rect(block);
        let width = usize::from(frame.width - 2);
        let fill = width.saturating_sub(text.width() + 2);
        let (left, right) = ("═".repeat(fill / 2), "═".repeat(fill - fill / 2));
        let y = board.cell_rect(Place { block, row, col: 0 }).y;
        let bold = style
            .add_modifier(Modifier::BOLD)
            .remove_modifier(Modifier::DIM);
        let band = format!("{left} {text} {right}");
        buf.set_stringn(frame.x + 1, y, band, width, bold);
    }
}

/// The symbol drawn for `side`: one as wide as the cells would touch its neighbours and leave
/// the last move's dot no room, so the side's letter stands in (the panel says so).
pub fn shown_symbol(options: &Settings, side: Side, board: &BoardView) -> String {
    let symbol = options.symbol(side);
    match symbol.width() >= usize::from(board.look.cell_w) {
        true => side.letter().to_string(),
        false => symbol.to_string(),
    }
}

/// What the panel says when the board draws letters for symbols too wide for its cells.
pub fn stand_ins(options: &Settings, board: &BoardView) -> Option<String> {
    let said: Vec<String> = Side::ALL
        .into_iter()
        .map(|side| (shown_symbol(options, side, board), options.symbol(side)))
        .filter(|(shown, symbol)| shown != symbol)
        .map(|(shown, symbol)| format!("{shown} is {symbol}"))
        .collect();
    (!said.is_empty()).then(|| format!("{} (too wide)", said.join(", ")))
}

/// In review, the engine's best move where the move shown was not as good.
fn better_move(view: &PlayView) -> Option<CellId> {
    let shown = view.review_shown()?;
    let before = view.play.history().position_at(shown - 1);
    let best = match view.review() {
        Some(review) if review.mark == Mark::Sound => None,
        Some(_) => view.play.engine(view.shared)?.best(before),
        None => view
            .judged()?
            .at(shown)
            .filter(|judgement| judgement.mark() != Mark::Sound)
            .map(|judgement| judgement.best),
    };
    view.play.game().move_cell(before, best?)
}

/// For each cell, the sides whose lines (won, scored or threatened) pass through it.
fn sides_by_cell(game: &dyn Game, lines: Vec<MarkedLine>) -> Vec<Vec<Side>> {
    let mut by_cell = vec![Vec::new(); game.layout().cell_count()];
    for line in lines {
        for cell in line.cells {
            if let Some(sides) = by_cell.get_mut(cell.index())
                && !sides.contains(&line.side)
            {
                sides.push(line.side);
            }
        }
    }
    by_cell
}

struct CellLook<'a> {
    view: &'a PlayView<'a>,
    board: &'a BoardView,
    inner: Rect,
    scorers: &'a [Side],
    /// The sides that win by a stone here (Qubic's threats), shown on the empty cell.
    threats: &'a [Side],
    /// On a line through the cursor's cell.
    along: bool,
    /// The cell's block is won or full (extreme tic-tac-toe): dimmed.
    closed: bool,
    last: bool,
    /// The cursor is on the cell: bracketed where there is room.
    cursor: bool,
}

impl CellLook<'_> {
    fn paint(&self, buf: &mut Buffer, stone: Option<Side>, hint: Option<Advice>, best: bool) {
        let options = &self.view.shared.settings;
        let theme = Theme(options);
        let mid = self.inner.y + self.inner.height / 2;
        let bottom = self.inner.y + self.inner.height - 1;
        let roomy = self.inner.height >= 3;
        // A marked line: the side's colour behind the cells and, where there is room,
        // `+X` under the symbol, so it reads without colour too.
        if let Some(&scorer) = self.scorers.last() {
            if options.color {
                buf.set_style(self.inner, Style::default().bg(options.colors.side(scorer)));
            }
            if roomy {
                let marks: String = self
                    .scorers
                    .iter()
                    .map(|&s| format!("+{}", options.symbol(s)))
                    .collect();
                let style = self.on_score(theme.side(scorer));
                centred(buf, self.inner, bottom, &marks, style);
            }
        }
        let content = match (stone, hint) {
            (Some(side), _) => {
                let mut style = self.on_score(theme.side(side));
                if !self.scorers.is_empty() {
                    style = style.add_modifier(Modifier::UNDERLINED);
                }
                Some((shown_symbol(options, side, self.board), style))
            }
            // Ahead of a hint: a line about to be completed is the whole game.
            (None, _) if !self.threats.is_empty() => Some(self.threat_mark()),
            // A proven result in its outcome's colour; the bot's choices and a block in the accent.
            (None, Some(hint)) => {
                let style = hint.outcome().map_or(theme.strong(), |o| theme.value(o));
                Some((fit_hint(&hint.mark(), self.inner.width), style))
            }
            (None, None) if best => Some(self.better_move()),
            (None, None) if self.along => Some((ALONG.into(), theme.color(Color::DarkGray))),
            (None, None) => None,
        };
        self.middle_row(buf, mid, content);
        // Terminals draw bold over dim: the first side's bold goes too.
        if self.closed {
            let dim = Style::default().add_modifier(Modifier::DIM);
            buf.set_style(self.inner, dim.remove_modifier(Modifier::BOLD));
        }
    }

    /// The row of the symbol (or hint): it is laid out with the last move's `•` and the
    /// cursor's brackets so that neither ever covers any of it, a double-width symbol
    /// included (see [`RowPlan`]). A roomy cell has its `•` in its top-left corner instead.
    fn middle_row(&self, buf: &mut Buffer, y: u16, content: Option<(String, Style)>) {
        let theme = Theme(&self.view.shared.settings);
        let one_row = self.inner.height < 3;
        let (text, style) = content.unwrap_or_default();
        let plan = RowPlan::new(
            self.inner.width,
            text.width() as u16,
            self.last && one_row,
            self.cursor && self.inner.width >= 5,
        );
        let x = self.inner.x;
        if !text.is_empty() {
            let room = self.inner.width.saturating_sub(plan.text);
            buf.set_stringn(x + plan.text, y, &text, usize::from(room), style);
        }
        if plan.brackets {
            let bracket = theme.strong();
            buf.set_string(x, y, "[", bracket);
            buf.set_string(self.inner.right() - 1, y, "]", bracket);
        }
        if !self.last {
            return;
        }
        // A stone always leaves a one-row cell a column for the dot (see `shown_symbol`).
        let (dx, dy) = plan.dot.map_or((0, self.inner.y), |dot| (dot, y));
        buf.set_string(x + dx, dy, LAST_MOVE, theme.accent());
    }

    /// `(X)`: the stone that would complete a line, in its side's colour; reversed where
    /// the brackets do not fit, so it never reads as a stone.
    fn threat_mark(&self) -> (String, Style) {
        let options = &self.view.shared.settings;
        let symbols: String = self.threats.iter().map(|&s| options.symbol(s)).collect();
        let style = Theme(options)
            .side(self.threats[0])
            .add_modifier(Modifier::BOLD);
        match format!("({symbols})") {
            text if text.width() <= usize::from(self.inner.width) => (text, style),
            _ => (symbols, style.add_modifier(Modifier::REVERSED)),
        }
    }

    /// In review, the better move's empty cell: `best` where it fits, else a reversed `*`.
    fn better_move(&self) -> (String, Style) {
        let style = Theme(&self.view.shared.settings).strong();
        if self.inner.width >= 4 {
            ("best".into(), style)
        } else {
            ("*".into(), style.add_modifier(Modifier::REVERSED))
        }
    }

    /// On a coloured background, text is black so it stays readable.
    fn on_score(&self, style: Style) -> Style {
        if self.view.shared.settings.color && !self.scorers.is_empty() {
            style.fg(Color::Black)
        } else {
            style
        }
    }
}

/// A hint cut to `width` columns without changing what it says: the number goes first and
/// an ellipsis says something was left out (`W≤13` in three columns reads `W≤…`, never the
/// false `W≤1`); in one column only the outcome's letter stays.
fn fit_hint(text: &str, width: u16) -> String {
    let width = usize::from(width);
    if text.width() <= width {
        return text.to_string();
    }
    let letters: String = text.chars().take_while(|c| !c.is_ascii_digit()).collect();
    if width <= 1 {
        return letters.chars().take(1).collect();
    }
    super::panel::cut_before(&letters, width) + "…"
}

/// Measures display width, so double-width symbols stay centred inside their box lines.
fn centred(buf: &mut Buffer, inner: Rect, y: u16, text: &str, style: Style) {
    let width = (text.width() as u16).min(inner.width);
    let x = inner.x + (inner.width - width) / 2;
    buf.set_stringn(x, y, text, inner.width as usize, style);
}

/// Behind the cursor while a person is to move: every symbol and hint colour reads on it.
const CURSOR_BACKGROUND: Color = Color::DarkGray;

/// The cursor's cell, reversed (or on a dark background): visible with or without colour.
fn cursor(view: &PlayView, board: &BoardView, buf: &mut Buffer) {
    let inner = board.cell_rect(view.play.game().place(view.play.cursor));
    let options = &view.shared.settings;
    let style = if options.color && view.play.human_to_move() {
        Style::default().bg(CURSOR_BACKGROUND)
    } else {
        Style::default().add_modifier(Modifier::REVERSED)
    };
    buf.set_style(inner, style);
}

const LAST_MOVE: &str = "•";
/// An empty cell on a line through the cursor's.
const ALONG: &str = "·";

/// Where a cell's row of content puts its parts, in columns from the cell's left edge. The
/// text (a symbol, a hint) is always whole; then, as room allows, the last move's dot, left
/// of the text, and the cursor's brackets at the cell's edges. A double-width symbol in a
/// cell three columns wide moves right by one to leave its dot a column of its own.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct RowPlan {
    text: u16,
    dot: Option<u16>,
    brackets: bool,
}

impl RowPlan {
    fn new(width: u16, text: u16, dot: bool, brackets: bool) -> RowPlan {
        let needs = |dot: bool, brackets: bool| text + u16::from(dot) + 2 * u16::from(brackets);
        // The dot says more than the brackets: the cursor shows by its background too.
        let (dot, brackets) = [(dot, brackets), (dot, false), (false, brackets)]
            .into_iter()
            .find(|&(d, b)| needs(d, b) <= width)
            .unwrap_or((false, false));
        let left = u16::from(brackets);
        let spare = (width - 2 * left).saturating_sub(text);
        // The text leaves its left column to the dot wherever there is one to spare, so a
        // stone stays in place, in line with the others, when it becomes the last move.
        RowPlan {
            text: left + (spare / 2).max(spare.min(1)),
            dot: dot.then_some(left),
            brackets,
        }
    }
}

/// A frame of `rows` x `cols` compartments of `w` x `h` inside `outer`.
struct Lattice {
    outer: Rect,
    rows: u16,
    cols: u16,
    w: u16,
    h: u16,
    inner_lines: bool,
}

impl Lattice {
    fn draw(&self, pen: &line::Set, style: Style, buf: &mut Buffer) {
        // The lines across (or down): the first, one between compartments (if any), the last.
        let lines = |first: u16, count: u16, step: u16, end: u16| -> Vec<u16> {
            match self.inner_lines {
                true => (0..=count).map(|i| first + i * step).collect(),
                false => vec![first, end - 1],
            }
        };
        let line_rows = lines(self.outer.y, self.rows, self.h + 1, self.outer.bottom());
        let line_cols = lines(self.outer.x, self.cols, self.w + 1, self.outer.right());
        let (top, bottom) = (line_rows[0], *line_rows.last().unwrap_or(&0));
        let (left, right) = (line_cols[0], *line_cols.last().unwrap_or(&0));
        for &y in &line_rows {
            for x in left..=right {
                set_char(buf, x, y, pen.horizontal, style);
            }
        }
        for &x in &line_cols {
            for y in top..=bottom {
                set_char(buf, x, y, pen.vertical, style);
            }
        }
        let joints = [
            [pen.top_left, pen.horizontal_down, pen.top_right],
            [pen.vertical_right, pen.cross, pen.vertical_left],
            [pen.bottom_left, pen.horizontal_up, pen.bottom_right],
        ];
        // Which joint: 0 at the first line, 2 at the last, 1 between.
        let joint = |at: u16, first: u16, last: u16| match at {
            _ if at == first => 0,
            _ if at == last => 2,
            _ => 1,
        };
        for &y in &line_rows {
            for &x in &line_cols {
                let symbol = joints[joint(y, top, bottom)][joint(x, left, right)];
                set_char(buf, x, y, symbol, style);
            }
        }
    }
}

fn frames(board: &BoardView, style: Style, buf: &mut Buffer) {
    let layout = board.layout;
    let look = board.look;
    let (rows, cols) = (u16::from(layout.cells.rows), u16::from(layout.cells.cols));
    match board.arrangement {
        Arrangement::Single | Arrangement::Apart(_) => {
            for block in 0..layout.blocks.count() as u8 {
                Lattice {
                    outer: board.block_rect(block),
                    rows,
                    cols,
                    w: look.cell_w,
                    h: look.cell_h,
                    inner_lines: look.lines,
                }
                .draw(&line::NORMAL, style, buf);
            }
        }
        Arrangement::Joined(grid) => {
            let first = board.block_rect(0);
            let last = board.block_rect(layout.blocks.count() as u8 - 1);
            Lattice {
                outer: first.union(last),
                rows: u16::from(grid.rows),
                cols: u16::from(grid.cols),
                w: first.width - 2,
                h: first.height - 2,
                inner_lines: true,
            }
            .draw(&line::THICK, style, buf);
        }
    }
}

/// Where some blocks are closed (extreme tic-tac-toe), the frames of those open now stand out.
fn blocks_to_play(view: &PlayView, board: &BoardView, buf: &mut Buffer) {
    let Some(open) = view.open_blocks().filter(|_| view.screen == Screen::Play) else {
        return;
    };
    let style = Theme(&view.shared.settings).strong();
    for block in open {
        let frame = board.block_rect(block);
        for y in [frame.y, frame.bottom() - 1] {
            buf.set_style(Rect::new(frame.x, y, frame.width, 1), style);
        }
        for x in [frame.x, frame.right() - 1] {
            buf.set_style(Rect::new(x, frame.y, 1, frame.height), style);
        }
    }
}

fn set_char(buf: &mut Buffer, x: u16, y: u16, symbol: &str, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_symbol(symbol).set_style(style);
    }
}

/// Column letters and row numbers (one board); block titles, column letters in the frames
/// and row numbers (blocks apart); block letters and numbers (blocks joined).
fn labels(view: &PlayView, board: &BoardView, buf: &mut Buffer) {
    let style = Theme(&view.shared.settings).accent();
    let game = view.play.game();
    let layout = board.layout;
    let cells = layout.cells;
    match board.arrangement {
        Arrangement::Single | Arrangement::Apart(_) => {
            let apart = board.arrangement != Arrangement::Single;
            for block in 0..layout.blocks.count() as u8 {
                let frame = board.block_rect(block);
                if apart {
                    let title = Rect::new(frame.x, frame.y - 1, frame.width, 1);
                    centred(buf, title, title.y, &game.block_label(block), style);
                }
                // One board has its letters above it; blocks apart, in their frames.
                let y = if apart { frame.y } else { board.y };
                column_letters(board, block, y, style, buf);
                // Layers stacked in depth each carry their own, left of their frame.
                if frame.x == board.x + 3 || board.stacked() {
                    for row in 0..cells.rows {
                        let r = board.cell_rect(Place { block, row, col: 0 });
                        let number = (row + 1).to_string();
                        buf.set_string(frame.x - 2, r.y + r.height / 2, number, style);
                    }
                }
            }
        }
        Arrangement::Joined(grid) => {
            // The block letters open the top border, over each column of blocks; the small
            // boards' own letters follow them.
            for col in 0..grid.cols {
                let frame = board.block_rect(col);
                let big = ((b'A' + col) as char).to_string();
                buf.set_string(frame.x + 1, frame.y, big, style);
            }
            for row in 0..grid.rows {
                let frame = board.block_rect(row * grid.cols);
                let number = (row + 1).to_string();
                buf.set_string(board.x + 1, frame.y + frame.height / 2, number, style);
            }
        }
    }
}

/// Each small board's own labels: its column letters in its top border and its row numbers
/// in its first column, as its cells are named (`c1` in `B3c1`).
fn block_labels(board: &BoardView, style: Style, buf: &mut Buffer) {
    for block in 0..board.layout.blocks.count() as u8 {
        column_letters(board, block, board.block_rect(block).y, style, buf);
        for row in 0..board.layout.cells.rows {
            let r = board.cell_rect(Place { block, row, col: 0 });
            buf.set_string(r.x - 1, r.y + r.height / 2, (row + 1).to_string(), style);
        }
    }
}

/// A block's column letters on row `y`, each over the column its cells' symbols take.
fn column_letters(board: &BoardView, block: u8, y: u16, style: Style, buf: &mut Buffer) {
    for col in 0..board.layout.cells.cols {
        let r = board.cell_rect(Place { block, row: 0, col });
        let letter = ((b'a' + col) as char).to_string();
        buf.set_string(r.x + r.width / 2, y, letter, style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(text: u16, dot: Option<u16>, brackets: bool) -> RowPlan {
        RowPlan {
            text,
            dot,
            brackets,
        }
    }

    /// A hint too wide for its cell loses its number, never a digit of it: `W1` in place
    /// of `W13` would claim a faster win than was proven.
    #[test]
    fn a_cut_hint_never_claims_more() {
        assert_eq!(fit_hint("W13", 3), "W13");
        assert_eq!(fit_hint("W13", 2), "W…");
        assert_eq!(fit_hint("L13", 1), "L");
        assert_eq!(fit_hint("D", 1), "D");
    }

    #[test]
    fn the_last_moves_dot_never_covers_a_wide_symbol() {
        // Three columns: the dot, then the double-width symbol moved right by one.
        assert_eq!(RowPlan::new(3, 2, true, false), plan(1, Some(0), false));
        assert_eq!(RowPlan::new(3, 1, true, false), plan(1, Some(0), false));
        // Five columns with the cursor: "[•🦀]" and "[•X ]".
        assert_eq!(RowPlan::new(5, 2, true, true), plan(2, Some(1), true));
        assert_eq!(RowPlan::new(5, 1, true, true), plan(2, Some(1), true));
        // Two columns: "•X", and no room for a dot beside a wide symbol.
        assert_eq!(RowPlan::new(2, 1, true, false), plan(1, Some(0), false));
        assert_eq!(RowPlan::new(2, 2, true, false), plan(0, None, false));
    }

    #[test]
    fn the_cursors_brackets_give_way_to_the_text() {
        assert_eq!(RowPlan::new(7, 1, false, true), plan(3, None, true));
        assert_eq!(RowPlan::new(5, 3, false, true), plan(1, None, true));
        // A four-column text fills five columns but for one: the brackets would cover its ends.
        assert_eq!(RowPlan::new(5, 4, false, true), plan(1, None, false));
        assert_eq!(RowPlan::new(5, 0, false, true), plan(2, None, true));
    }
}

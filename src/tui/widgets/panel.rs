//! Beside the board: tallies, whose turn, the game-over banner or the review, the moves.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::config::{First, Mode};
use crate::core::session::turn_rows;
use crate::core::{Side, Status, move_names};
use crate::keys::Action;
use crate::tui::screens::Screen;
use crate::tui::screens::play::Online;
use crate::tui::screens::play::view::PlayView;
use crate::tui::screens::review::{self, mark_text};
use crate::tui::text::{Theme, boxed, glued, key_item, wrap, wrapped};

pub struct PanelWidget<'a> {
    pub view: &'a PlayView<'a>,
    /// The letters the board draws for symbols too wide for its cells, if it does.
    pub stand_ins: Option<String>,
}

impl Widget for PanelWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let view = self.view;
        buf.set_line(area.x, area.y, &tally(view, area.width), area.width);
        let top = area.y + 2;
        let room = Rect::new(area.x, top, area.width, area.bottom().saturating_sub(top));
        let used = match view.screen {
            // The move list keeps its heading and two rows below the box (the move shown is
            // in them), however long the box's text.
            Screen::Review(_) if room.height > MOVES_KEPT + 4 => {
                let height = room.height - MOVES_KEPT;
                review::review_box(view, Rect { height, ..room }, buf)
            }
            Screen::Review(_) => review::review_box(view, room, buf),
            _ if view.play.status().is_over() => ended(view, room, buf),
            _ => in_play(view, self.stand_ins, room, buf),
        };
        let y = top + used + 1;
        if y < area.bottom() {
            let rest = Rect::new(area.x, y, area.width, area.bottom() - y);
            moves(view, rest, buf);
        }
    }
}

/// The rows the review box leaves below it: a blank line, the heading and two moves.
const MOVES_KEPT: u16 = 4;

fn in_play(view: &PlayView, stand_ins: Option<String>, area: Rect, buf: &mut Buffer) -> u16 {
    let mut rows = facts(view, true);
    // Under the turn, which names the symbol: the smallest panel keeps only a few facts.
    if let Some(said) = stand_ins {
        rows.insert(1, ("Stones", said));
    }
    let used = draw_facts(view, &rows, area, buf);
    let rest = Rect::new(area.x, area.y + used, area.width, area.height - used);
    used + side_note(view, rest, buf)
}

/// Why the bot took its side, until the person has moved: whole or not at all (the reason
/// cut short would say something else); returns the rows used.
fn side_note(view: &PlayView, area: Rect, buf: &mut Buffer) -> u16 {
    let Some(note) = view.play.side_note.as_deref() else {
        return 0;
    };
    let style = Theme(&view.shared.settings).accent();
    let rows = wrap(&glued(note), area.width as usize);
    if rows.len() > area.height as usize {
        return 0;
    }
    for (i, row) in rows.iter().enumerate() {
        buf.set_stringn(area.x, area.y + i as u16, row, area.width as usize, style);
    }
    rows.len() as u16
}

/// At the end: the game-over box, then the mode, level and hints where they leave the
/// whole move list room (it matters more once the game is over, for the review).
fn ended(view: &PlayView, area: Rect, buf: &mut Buffer) -> u16 {
    let banner = game_over(view, area, buf);
    let rows = facts(view, false);
    let below = banner + 1;
    let fact_rows: usize = fact_lines(view, &rows, area.width)
        .iter()
        .map(Vec::len)
        .sum();
    // The move list's heading and every row of it.
    let moves = 1 + view.play.history().turns().len() as u16;
    let needed = fact_rows as u16 + 1 + moves;
    if area.height.saturating_sub(below) < needed {
        return banner;
    }
    let rest = Rect::new(area.x, area.y + below, area.width, area.height - below);
    below + draw_facts(view, &rows, rest, buf)
}

/// "You X 1 : 0 O Bot" in `width` columns, long names shortened so neither is cut off.
fn tally(view: &PlayView, width: u16) -> Line<'static> {
    let options = &view.shared.settings;
    let theme = Theme(options);
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let (first, second) = (options.symbol(Side::First), options.symbol(Side::Second));
    // Games without points show who plays whom.
    let score = match view.play.game().points(view.shown_position()) {
        Some([f, s]) => format!(" {f} : {s} "),
        None => " vs ".to_string(),
    };
    // Two spaces around the names, the symbols and the score.
    let fixed = 2 + first.width() + second.width() + score.width();
    let [first_name, second_name] = Side::ALL.map(|side| view.play.name(side, options));
    let room = (width as usize).saturating_sub(fixed);
    let (first_name, second_name) = fit_names(&first_name, &second_name, room);
    Line::from(vec![
        Span::raw(format!("{first_name} ")),
        Span::styled(first.to_string(), theme.side(Side::First)),
        Span::styled(score, bold),
        Span::styled(second.to_string(), theme.side(Side::Second)),
        Span::raw(format!(" {second_name}")),
    ])
}

/// Both names in at most `room` columns: a name shorter than half keeps all of it.
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

fn ellipsized(name: &str, cols: usize) -> String {
    if name.width() <= cols {
        return name.to_string();
    }
    if cols == 0 {
        return String::new();
    }
    // "Ada…", not "Ada …".
    format!("{}…", cut_before(name, cols).trim_end())
}

/// The first characters of `text` that leave at least one of `cols` columns free (for an
/// ellipsis).
pub(super) fn cut_before(text: &str, cols: usize) -> String {
    let mut used = 0;
    text.chars()
        .take_while(|c| {
            used += c.width().unwrap_or(0);
            used < cols
        })
        .collect()
}

fn facts(view: &PlayView, with_turn: bool) -> Vec<(&'static str, String)> {
    let (game, details) = (view.play.game(), view.play.details);
    let mut rows = Vec::new();
    if let Some(puzzle) = &view.play.puzzle {
        rows.push(("Puzzle", puzzle.said.clone()));
    }
    if with_turn {
        rows.push(("Turn", turn(view)));
        if let Some(hint) = view.hint_text() {
            rows.push(("Hint", hint));
        }
        let threats = view.play.threat_texts(&view.shared.settings);
        for (i, threat) in threats.into_iter().enumerate() {
            rows.push((if i == 0 { "Threat" } else { "" }, threat));
        }
        if let Some(figure) = view.engine_text().filter(|_| details) {
            rows.push(("Engine", figure));
        }
        if let Some(search) = view.play.bot_search(view.shared).filter(|_| details) {
            // Wrapped only between its figures, never inside one ("1.9 M nodes/s").
            let parts: Vec<String> = search
                .split(" · ")
                .map(|p| p.replace(' ', "\u{a0}"))
                .collect();
            rows.push(("Search", parts.join(" · ")));
        }
        if let Some(board) = where_to_play(view) {
            rows.push(("Board", board));
        }
        // Names like B3c1 are learnt by seeing them: the cell under the cursor, and what
        // each part of its name says.
        if game.cell_name_help().is_some() && view.offers(Action::Place) {
            rows.push(("Cursor", cursor_name(view)));
        }
    }
    rows.push(("Mode", mode_text(view)));
    if view.play.session.kept.mode != Mode::TwoHumans && view.play.puzzle.is_none() {
        let level = game.level_name(view.play.session.kept.difficulty);
        let key = view.shared.key(Action::Difficulty);
        let second = view.demo_second_level().map(|l| game.level_name(l));
        rows.push(match second {
            Some(second) => ("Level", format!("{level} vs {second} ({key}: Bot 1)")),
            None => ("Level", format!("{level} ({key} changes)")),
        });
    }
    // A searched board's hints take the bot thread a while: said, so none look lost.
    let hints = match (view.play.hints, &view.play.hints_asked) {
        (true, Some(_)) => "on, coming",
        (true, None) => "on",
        (false, _) => "off",
    };
    let keys = view.shared.settings.keys.all_keys(Action::Hints);
    // Between two people over the network, hints are the table's: the same on both screens.
    let two = view.play.session.kept.mode == Mode::TwoHumans;
    rows.push(match view.play.online {
        Some(Online::Watcher) if !view.play.hints => ("Hints", "not for watchers".into()),
        Some(Online::Watcher) => ("Hints", hints.into()),
        Some(Online::Player) if two => ("Hints", format!("{hints} for both players")),
        _ if view.play.puzzle.is_some() => ("Hints", format!("{keys}: a clue, then the move")),
        _ => ("Hints", format!("{hints} ({keys} toggles)")),
    });
    // Only when the game is not simply saved: a player who expects it kept must see.
    let saving = view.play.keeping.fact(&view.shared.memory);
    if let Some(saving) = saving.filter(|_| view.play.in_progress() && view.play.puzzle.is_none()) {
        rows.push(("Saving", saving));
    }
    if let Some(left) = view.time_left() {
        let left = format!("{:.0} s left", left.as_secs_f64().ceil());
        rows.insert(1, ("Clock", left));
    }
    if let Some(note) = view.play.bot_note.as_deref() {
        let bot = &view.shared.settings.names.bot;
        rows.push(("Why", format!("{bot}'s {note}")));
    }
    rows
}

/// The cell under the cursor, read out: "B3d1: board B3, cell d1".
fn cursor_name(view: &PlayView) -> String {
    let game = view.play.game();
    let cursor = view.play.cursor;
    let name = game.cell_name(cursor);
    let board = game.block_label(game.place(cursor).block);
    match name.strip_prefix(board.as_str()) {
        Some(cell) if !board.is_empty() => format!("{name}: board {board}, cell {cell}"),
        _ => name,
    }
}

/// In a game of small boards (extreme tic-tac-toe), the one the mover is sent to, or that
/// any open one will do. Colour marks it on the board too; this says it in words.
fn where_to_play(view: &PlayView) -> Option<String> {
    let blocks = view.open_blocks()?;
    let game = view.play.game();
    Some(match blocks.as_slice() {
        [one] => format!("play in {}", game.block_label(*one)),
        // Every cell free: a position set up mid-game (a puzzle's) is sent somewhere.
        _ if view.play.position().legal_moves().len() == game.layout().cell_count() => {
            "anywhere (the first move)".to_string()
        }
        _ => "any open board".to_string(),
    })
}

fn turn(view: &PlayView) -> String {
    let symbol = view.shared.settings.symbol(view.play.position().to_move());
    if view.play.session.kept.human.is_none() && view.play.session.kept.mode == Mode::VsBot {
        format!("{} is choosing its side…", view.shared.settings.names.bot)
    } else if view.play.bot.busy() && view.play.session.kept.mode == Mode::VsBot {
        format!("{} is thinking… ({symbol})", view.shared.settings.names.bot)
    } else {
        view.play.turn_text(&view.shared.settings)
    }
}

/// How wide the facts' labels are, with the space after them.
const LABEL_W: usize = 7;

/// Each fact's rows in `width` columns: its label in the accent, then its value, wrapped
/// under itself where it is longer than a row (at spaces, its units kept together), so a
/// claim like "wins in ≤9" is never cut to "wins in".
fn fact_lines(view: &PlayView, rows: &[(&str, String)], width: u16) -> Vec<Vec<Line<'static>>> {
    let label = Theme(&view.shared.settings).accent();
    let room = usize::from(width).saturating_sub(LABEL_W);
    rows.iter()
        .map(|(name, value)| {
            wrap(&glued(value), room)
                .into_iter()
                .enumerate()
                .map(|(i, part)| {
                    let head = if i == 0 { *name } else { "" };
                    Line::from(vec![
                        Span::styled(format!("{head:<LABEL_W$}"), label),
                        Span::raw(part),
                    ])
                })
                .collect()
        })
        .collect()
}

fn draw_facts(view: &PlayView, rows: &[(&str, String)], area: Rect, buf: &mut Buffer) -> u16 {
    let mut y = area.y;
    for lines in fact_lines(view, rows, area.width) {
        if usize::from(area.bottom().saturating_sub(y)) < lines.len() {
            break;
        }
        for line in lines {
            buf.set_line(area.x, y, &line, area.width);
            y += 1;
        }
    }
    y - area.y
}

/// The banner at the end, as tall as its text; returns the rows used.
fn game_over(view: &PlayView, area: Rect, buf: &mut Buffer) -> u16 {
    let theme = Theme(&view.shared.settings);
    let winner_style = match view.play.status() {
        Status::Won(side) => theme.side(side),
        _ => Style::default(),
    };
    let width = area.width.saturating_sub(2) as usize;
    let mut lines = wrapped(
        &glued(&view.play.result_text(&view.shared.settings)),
        winner_style.add_modifier(Modifier::BOLD),
        width,
    );
    if view.play.session.kept.swapped {
        lines.extend(wrapped(
            crate::tui::screens::play::recording::NOT_RECORDED,
            Style::default(),
            width,
        ));
    }
    let mut next = vec![(Action::New, "new game")];
    if view.offers(Action::Swap) {
        next.push((Action::Swap, "swap sides"));
    }
    next.push((Action::Review, "review"));
    let keys: Vec<String> = next
        .into_iter()
        .map(|(action, what)| key_item(&view.shared.key(action), what))
        .collect();
    lines.extend(wrapped(&keys.join(" · "), Style::default(), width));
    boxed(theme.accent(), " Game over ", lines, area, buf)
}

/// "1. b2 c3" per row, a bonus move marked `+` ("4. B2d1 +D1a3 A3b2"); in review, marks.
fn moves(view: &PlayView, area: Rect, buf: &mut Buffer) {
    let settings = &view.shared.settings;
    let theme = Theme(settings);
    // The symbols in the header say which column of moves is whose.
    let symbol = |side| Span::styled(settings.symbol(side).to_string(), theme.side(side));
    let header = Line::from(vec![
        Span::styled("Moves (", theme.accent()),
        symbol(Side::First),
        Span::styled(" then ", theme.accent()),
        symbol(Side::Second),
        Span::styled(")", theme.accent()),
    ]);
    buf.set_line(area.x, area.y, &header, area.width);
    let rows = move_rows(view, area.height.saturating_sub(1) as usize);
    // The first side's part is padded to the widest shown, so the second side's moves
    // line up even after a bonus move.
    let width = |spans: &[Span]| spans.iter().map(Span::width).sum::<usize>();
    let first_width = rows.iter().map(|(first, _)| width(first)).max();
    for (row, (mut first, second)) in rows.into_iter().enumerate() {
        let pad = first_width.unwrap_or(0) - width(&first);
        if !second.is_empty() && pad > 0 {
            first.push(Span::raw(" ".repeat(pad)));
        }
        first.extend(second);
        let y = area.y + 1 + row as u16;
        buf.set_line(area.x, y, &Line::from(first), area.width);
    }
}

/// The `visible` rows that keep the move shown (or the last) in view, as two sides' parts.
fn move_rows(view: &PlayView, visible: usize) -> Vec<(Vec<Span<'static>>, Vec<Span<'static>>)> {
    let theme = Theme(&view.shared.settings);
    // In review, each move's mark (`??`, `?` or none), once the moves are judged.
    let marks = view.review_shown().and_then(|_| view.marks());
    let shown = view.review_shown();
    let history = view.play.history();
    let movers = history.movers();
    let names = move_names(view.play.game(), history.position_at(0), history.moves());
    let turns = turn_rows(&movers);
    let skipped = rows_scrolled(&turns, shown.unwrap_or(history.moves().len()), visible);
    let row = |(number, plies): (usize, &Vec<usize>)| {
        let mut parts = (vec![Span::raw(format!("{:>2}. ", number + 1))], Vec::new());
        for &index in plies {
            let part = match movers[index] {
                Side::First => &mut parts.0,
                Side::Second => &mut parts.1,
            };
            if index > 0 && movers[index - 1] == movers[index] {
                // "A1d1 +D1b2": the bonus move takes the place of the gap's last space.
                if let Some(gap) = part.pop() {
                    let gap = gap.content.trim_end_matches(' ').to_string();
                    part.push(Span::raw(format!("{gap} +")));
                }
            }
            let ply = index + 1;
            let mut style = theme.side(movers[index]);
            if shown == Some(ply) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            // The same mark as the review box's sentence; room for it only in review.
            let mark = match marks.as_ref().filter(|marks| !marks.is_empty()) {
                Some(marks) => format!("{:<2}", marks.get(ply - 1).map_or("", |&m| mark_text(m))),
                None => " ".to_string(),
            };
            part.push(Span::styled(names[index].clone(), style));
            part.push(Span::raw(format!("{mark} ")));
        }
        // A row that opens with the second side's move (a game from a position) keeps the
        // first side's column: blank, as wide as the move beside it.
        if plies.first().map(|&index| movers[index]) == Some(Side::Second) {
            let blank = parts.1.iter().take(2).map(Span::width).sum::<usize>();
            parts.0.push(Span::raw(" ".repeat(blank)));
        }
        parts
    };
    turns
        .iter()
        .enumerate()
        .skip(skipped)
        .take(visible)
        .map(row)
        .collect()
}

/// How many rows a list of `visible` rows leaves out at its top to keep move `ply` in view.
fn rows_scrolled(turns: &[Vec<usize>], ply: usize, visible: usize) -> usize {
    let wanted = ply.saturating_sub(1);
    let row = turns
        .iter()
        .position(|plies| plies.contains(&wanted))
        .unwrap_or(0);
    (row + 1).saturating_sub(visible)
}

fn mode_text(view: &PlayView) -> String {
    let mode = view.play.mode_label();
    match (view.play.session.starter, view.play.session.kept.human) {
        (First::BotChooses, Some(human)) if view.play.session.kept.mode == Mode::VsBot => {
            let bot = view.shared.settings.symbol(human.other());
            format!("{mode}, bot chose {bot}")
        }
        _ => mode.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_move_list_scrolls_to_keep_the_move_in_view() {
        let alternating = |n: usize| -> Vec<Vec<usize>> {
            let movers: Vec<Side> = (0..n)
                .map(|i| {
                    if i % 2 == 0 {
                        Side::First
                    } else {
                        Side::Second
                    }
                })
                .collect();
            turn_rows(&movers)
        };
        assert_eq!(
            rows_scrolled(&alternating(16), 16, 8),
            0,
            "all eight pairs fit"
        );
        assert_eq!(
            rows_scrolled(&alternating(16), 16, 7),
            1,
            "the last pair in view"
        );
        assert_eq!(rows_scrolled(&alternating(16), 1, 7), 0);
        assert_eq!(
            rows_scrolled(&alternating(64), 64, 10),
            22,
            "Qubic's last moves"
        );
        assert_eq!(rows_scrolled(&alternating(0), 0, 5), 0, "no moves yet");
    }

    #[test]
    fn a_bonus_move_stays_in_its_sides_column() {
        use Side::{First as X, Second as O};
        // X, O, X then X's bonus, O, O's bonus then X: three rows, each X's turn first.
        let rows = turn_rows(&[X, O, X, X, O, O, X]);
        assert_eq!(rows, vec![vec![0, 1], vec![2, 3, 4, 5], vec![6]]);
        assert_eq!(rows_scrolled(&rows, 6, 1), 1, "move 6 is in the second row");
    }

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

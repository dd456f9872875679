//! The game screen as a whole, in play and in review.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;
use unicode_width::UnicodeWidthStr;

use crate::config::Mode;
use crate::keys::Action;
use crate::tui::geometry::Areas;
use crate::tui::screens::Screen;
use crate::tui::screens::play::view::PlayView;
use crate::tui::screens::review;
use crate::tui::shared::StatusKind;
use crate::tui::text::{Theme, footer_line, glued, wrap};
use crate::tui::widgets::{BoardWidget, PanelWidget, stand_ins};

pub fn render(view: &PlayView, areas: &Areas, buf: &mut Buffer) {
    title(view, areas.title, buf);
    BoardWidget {
        view,
        board: &areas.board,
    }
    .render(areas.grid, buf);
    let stand_ins = stand_ins(&view.shared.settings, &areas.board);
    PanelWidget { view, stand_ins }.render(areas.panel, buf);
    // A status too long for its row takes the footer's row too, for as long as it shows (a
    // message cut short could say something else); the footer goes a row down if there is one.
    let mut keys = areas.footer;
    keys.y += u16::from(!status(view, areas.status, areas.footer, buf));
    if keys.bottom() <= buf.area.bottom() {
        footer(view, keys, buf);
    }
}

/// Top line: name of the game, the mode, the bot's level and hints.
fn title(view: &PlayView, area: Rect, buf: &mut Buffer) {
    let (theme, game) = (Theme(&view.shared.settings), view.play.game());
    buf.set_string(area.x, area.y, game.title(), theme.strong());
    let mut facts = vec![view.play.mode_label().to_string()];
    let kept = view.play.session.kept;
    let level = game.level_name(kept.difficulty);
    // Only the demo has a second bot's level.
    match view.demo_second_level().map(|l| game.level_name(l)) {
        Some(second) => facts.push(format!("bots: {level} vs {second}")),
        _ if kept.mode != Mode::TwoHumans => facts.push(format!("bot level: {level}")),
        _ => {}
    }
    let hints = if view.play.hints { "on" } else { "off" };
    // A puzzle has clues instead (its panel says so).
    if view.play.puzzle.is_none() {
        facts.push(format!("hints {hints}"));
    }
    let text = facts.join(" · ");
    let width = text.chars().count() as u16;
    if width + game.title().chars().count() as u16 + 2 <= area.width {
        buf.set_string(area.right() - width, area.y, text, Style::default());
    }
}

/// The status line in `area`, wrapped onto the footer's row `below` when it is too long for
/// one (and cut with `…` only when two rows are not enough). Returns whether the footer's
/// row is still free.
fn status(view: &PlayView, area: Rect, below: Rect, buf: &mut Buffer) -> bool {
    let theme = Theme(&view.shared.settings);
    let style = if view.shared.status.kind == StatusKind::Illegal {
        theme.warning()
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
        buf.set_stringn(area.x, y, row.replace('\u{a0}', " "), width, style);
    }
    rows.len() < 2
}

/// The main keys, read from the bindings so a changed key shows as changed; only keys
/// that do something in this mode and state.
fn footer(view: &PlayView, area: Rect, buf: &mut Buffer) {
    let keys = &view.shared.settings.keys;
    let items: Vec<(String, &str)> = match view.screen {
        Screen::Review(_) => review::footer(view),
        _ => game_footer(view)
            .into_iter()
            .filter(|&(action, _)| view.offers(action))
            .map(|(action, what)| (keys.first_key(action), what))
            .collect(),
    };
    footer_line(&view.shared.settings, &items, area, buf);
}

fn game_footer(view: &PlayView) -> Vec<(Action, &'static str)> {
    // Over the network, quitting leaves the room for the lobby.
    let quit = match view.play.online {
        Some(_) => "leave",
        None => "quit",
    };
    if view.play.status().is_over() {
        vec![
            (Action::New, "new game"),
            (Action::Swap, "swap sides"),
            (Action::Review, "review"),
            (Action::Undo, "undo"),
            (Action::Help, "help"),
            (Action::Quit, quit),
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
            (Action::Quit, quit),
        ]);
        keys
    }
}

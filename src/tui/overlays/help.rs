//! The `?` overlay: every key, read from the bindings.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};

use crate::core::Game;
use crate::keys::Action;
use crate::tui::screens::Screen;
use crate::tui::screens::play::view::PlayView;
use crate::tui::text::{Theme, boxed, wrap};
use Keys::{Fixed, Of};

/// The game's keys in the order a player meets them, two actions to a row where they pair
/// (so the list fits 70 x 22); a row's own words, or its one action's description.
#[rustfmt::skip]
const GAME_KEYS: [(&[Action], Option<&str>); 13] = [
    (&[Action::Up, Action::Down], Some("move the cursor up, down")),
    (&[Action::Left, Action::Right], Some("move the cursor left, right")),
    (&[Action::Place], None),
    (&[Action::Undo, Action::Redo], Some("undo a move (vs bot: with its reply); redo it")),
    (&[Action::New], None),
    (&[Action::Swap], None),
    (&[Action::Hints], None),
    (&[Action::Difficulty], None),
    (&[Action::MoveNow, Action::Details], Some("the bot moves now; the engine's figures")),
    (&[Action::Review], None),
    (&[Action::Help], None),
    (&[Action::Quit], None),
    (&[Action::Back], None),
];

/// A row of [`GAME_KEYS`] with the actions in `shown`: every key of each, and what they
/// do (the row's own words only while all of its actions are shown); `None` for none.
fn game_row(
    view: &PlayView,
    (actions, what): (&[Action], Option<&str>),
    shown: impl Fn(Action) -> bool,
) -> Option<Line<'static>> {
    let kept: Vec<Action> = actions.iter().copied().filter(|&a| shown(a)).collect();
    let what = what.filter(|_| kept.len() == actions.len());
    let what = what.unwrap_or(kept.first()?.description());
    Some(row(view, bound_keys(view, &kept), what))
}

/// Every key bound to each of `actions`: "Up/k/w Down/j".
fn bound_keys(view: &PlayView, actions: &[Action]) -> String {
    let keys = &view.shared.settings.keys;
    let bound: Vec<String> = actions.iter().map(|&a| keys.all_keys(a)).collect();
    bound.join(" ")
}

/// The game's rules in full, wrapped to the box, drawings as they are.
pub fn rules(view: &PlayView, area: Rect, buf: &mut Buffer) {
    let game = view.play.game();
    let width = area.width.min(80);
    let inner = usize::from(width.saturating_sub(2));
    let mut lines: Vec<Line> = Vec::new();
    for paragraph in game.rules_in_full() {
        let paragraph = view.shared.settings.in_symbols(&paragraph);
        if paragraph.starts_with("  ") {
            lines.push(Line::from(paragraph));
        } else {
            lines.extend(wrap(&paragraph, inner).into_iter().map(Line::from));
        }
    }
    let keys = &view.shared.settings.keys;
    let title = format!(
        " How to play {} · {} the keys · any other key closes ",
        game.title(),
        keys.first_key(Action::Help)
    );
    popup(view, title, lines, width, area, buf);
}

/// `lines` in a box `width` wide (at most the area's), as tall as they need, centred.
fn popup(
    view: &PlayView,
    title: String,
    lines: Vec<Line<'static>>,
    width: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = width.min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    Clear.render(popup, buf);
    let style = Theme(&view.shared.settings).strong();
    boxed(style, &title, lines, popup, buf);
}

/// `chosen`: the game chosen on the start screen, whose cells the start screen's help names.
pub fn render(view: &PlayView, chosen: &dyn Game, area: Rect, buf: &mut Buffer) {
    let lines = match view.screen {
        Screen::Start => start_lines(view, chosen),
        Screen::Play => game_lines(view),
        Screen::Review(_) => review_lines(view),
    };
    let settings = &view.shared.settings;
    let title = format!(
        " Keys · {} moves first, {} second · any key closes ",
        settings.symbol(crate::core::Side::First),
        settings.symbol(crate::core::Side::Second)
    );
    popup(view, title, lines, 64, area, buf);
}

/// The width of the keys' column: "Left/a Right/l" fits.
const KEY_COLUMN: usize = 15;

/// One key and what it does, keys in a column (a longer key pushes its text along).
fn row(view: &PlayView, key: String, what: &str) -> Line<'static> {
    let style = Theme(&view.shared.settings).strong();
    Line::from(vec![
        Span::styled(format!("{key:<KEY_COLUMN$} "), style),
        Span::raw(what.to_string()),
    ])
}

fn heading(text: &str) -> Line<'static> {
    Line::styled(text.to_string(), Style::new().bold())
}

/// Every key that acts in the mode, in the order a player meets them; review is listed
/// before the game ends too, so it is known when it will matter.
fn game_lines(view: &PlayView) -> Vec<Line<'static>> {
    let offered = |a: Action| a == Action::Review || a.is_movement() || view.offers(a);
    let mut lines: Vec<Line> = (GAME_KEYS.into_iter())
        .filter_map(|entry| game_row(view, entry, offered))
        .collect();
    lines.extend(typing_lines(view, view.play.game()));
    lines.push(terminal_keys(view));
    // What the hints say: results counted in moves, and where the bot searches, its ranking.
    let legend = if view.play.game().solved() { 2 } else { 4 };
    lines.extend(rows(view, &LEGEND[..legend]));
    lines
}

/// A help row's keys: every key bound to these actions, or keys no one binds, as written.
#[derive(Clone, Copy)]
enum Keys {
    Of(&'static [Action]),
    Fixed(&'static str),
}

fn rows(view: &PlayView, table: &[(Keys, &str)]) -> Vec<Line<'static>> {
    table
        .iter()
        .map(|&(keys, what)| {
            let keys = match keys {
                // Every key of each action: "Up/k/w Down/j".
                Of(actions) => bound_keys(view, actions),
                Fixed(text) => text.to_string(),
            };
            row(view, keys, what)
        })
        .collect()
}

#[rustfmt::skip]
const REVIEW_STEPS: [(Keys, &str); 3] = [
    (Of(&[Action::Left, Action::Right]), "the move before, after"),
    (Of(&[Action::Up, Action::Down]), "the same"),
    (Fixed("Home End"), "the first, the last move"),
];
/// In a solved game, the keys to its mistakes and what the board marks.
#[rustfmt::skip]
const REVIEW_JUDGED: [(Keys, &str); 3] = [
    (Fixed("Tab Shift-Tab"), "the next, the previous mistake (? or ??)"),
    (Fixed("? ??"), "a slower win or faster loss; a worse result"),
    (Fixed("best"), "on the board: the better move, where one was"),
];
#[rustfmt::skip]
const REVIEW_LEAVING: [(Keys, &str); 4] = [
    (Of(&[Action::Review, Action::Back]), "back to the finished game"),
    (Of(&[Action::PlayOn]), "a new game from the position shown"),
    (Of(&[Action::WriteRecord]), "write the game's record to a file here"),
    (Of(&[Action::New]), "new game"),
];

fn review_lines(view: &PlayView) -> Vec<Line<'static>> {
    let mut lines = vec![heading("Reviewing the finished game")];
    lines.extend(rows(view, &REVIEW_STEPS));
    if view.play.game().solved() {
        lines.extend(rows(view, &REVIEW_JUDGED));
    }
    lines.extend(rows(view, &REVIEW_LEAVING));
    lines.push(terminal_keys(view));
    lines
}

/// The hints' marks; a solved game shows only the first.
#[rustfmt::skip]
const LEGEND: [(Keys, &str); 4] = [
    (Fixed("W2"), "you win by your 2nd move, this one included"),
    (Fixed("L2 D"), "the other side wins by its 2nd move; a draw"),
    (Fixed("1 2 3 !"), "the bot's choices, ties alike; the block"),
    (Fixed("L"), "a proven loss, how soon not known"),
];

/// Ctrl-C quits at once, Ctrl-Z suspends (unless the config bound it to an action).
fn terminal_keys(view: &PlayView) -> Line<'static> {
    let ctrl_z = crate::keys::Key::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
    if view.shared.settings.keys.action_for(ctrl_z).is_some() {
        return row(view, ctrl_c(), "quit at once");
    }
    let keys = format!("{} {}", ctrl_c(), ctrl_z.label());
    row(view, keys, "quit at once; suspend (fg resumes)")
}

/// Ctrl-C as the help and the footer write bound keys (`Ctrl-q`), so the two look alike.
pub fn ctrl_c() -> String {
    crate::keys::Key::new(KeyCode::Char('c'), KeyModifiers::CONTROL).label()
}

#[rustfmt::skip]
const START_KEYS: [(Keys, &str); 5] = [
    (Of(&[Action::Up, Action::Down]), "choose a row (or click it)"),
    (Of(&[Action::Left, Action::Right]), "change its choice (or click one)"),
    (Of(&[Action::Place]), "start the game (or resume it)"),
    (Of(&[Action::Help]), "this help"),
    (Of(&[Action::Quit]), "quit (back to the game if one is on)"),
];

/// The start screen's keys, then the game's under their own heading.
fn start_lines(view: &PlayView, chosen: &dyn Game) -> Vec<Line<'static>> {
    let mut lines = vec![heading("On this screen")];
    lines.extend(rows(view, &START_KEYS));
    lines.extend([terminal_keys(view), heading("In the game")]);
    let game_only = |&(actions, _): &(&[Action], _)| {
        !matches!(
            actions[0],
            Action::Help | Action::Quit | Action::Back | Action::MoveNow
        )
    };
    lines.extend(
        (GAME_KEYS.into_iter().filter(game_only))
            .filter_map(|entry| game_row(view, entry, |_| true)),
    );
    lines.extend(typing_lines(view, chosen));
    lines
}

/// Placing without the cursor: by name or by mouse.
fn typing_lines(view: &PlayView, game: &dyn Game) -> Vec<Line<'static>> {
    let start = game.start();
    let named = |cell: usize| {
        let mv = game.move_at(start.as_ref(), crate::core::CellId::new(cell));
        mv.map_or_else(String::new, |mv| game.move_name(start.as_ref(), mv))
    };
    let (first, last) = (named(0), named(game.layout().cell_count() - 1));
    let what = "type a cell's name to place there, or click it";
    let mut lines = vec![row(view, format!("{first} .. {last}"), what)];
    if let Some(how) = game.cell_name_help() {
        lines.push(Line::from(format!("  {how}")));
    }
    lines
}

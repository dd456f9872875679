//! The lobby, the first screen on joining: who is here, the rooms (a free seat to take, a
//! game to watch), the best players of a game; a room of your own, an invitation, or a
//! game against anyone waiting for the same game. Its state, keys and drawing, here; what
//! it shows comes from the server ([`LobbyView`]), what its keys choose goes back to it
//! ([`Choice`]).

use std::sync::Arc;

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::presence::Place;
use crate::config::Settings;
use crate::core::Game;
use crate::games::GameChoice;
use crate::keys::{Action, Key};
use crate::tui::text::{Theme, footer_line, wrap};

/// What the lobby shows, as the server has it now.
#[derive(Clone, Debug, Default)]
pub struct LobbyView {
    pub rooms: Vec<RoomLine>,
    /// Everyone here, with their rating at the chosen game, and where.
    pub people: Vec<(Option<f64>, String, Place)>,
    /// The best players of the chosen game, with their ratings.
    pub best: Vec<(String, f64)>,
    /// The person's own rating at the chosen game, once they have one.
    pub mine: Option<f64>,
}

/// A room as the lobby lists it.
#[derive(Clone, Debug)]
pub struct RoomLine {
    pub name: String,
    /// "ana vs ben, Classic 3x3", "ana, a free seat: Qubic", "ana is choosing".
    pub what: String,
    pub watching: usize,
    /// A seat there is the person's.
    pub yours: bool,
}

/// What a key in the lobby chose.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Choice {
    Enter(String),
    /// A room of the person's own, and the name of the friend invited to it, if any.
    OwnRoom(Option<String>),
    PlayAnyone(GameChoice),
    /// Stop waiting for anyone.
    Cancel,
    Quit,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Focus {
    Rooms,
    People,
}

pub struct Lobby {
    me: String,
    view: LobbyView,
    focus: Focus,
    selected: usize,
    games: Vec<(GameChoice, Arc<dyn Game>)>,
    /// The game "play anyone" and the table of the best are for.
    game: usize,
    pub note: String,
    pub waiting: bool,
    /// The person was told of the games waiting for them (once, on arriving).
    greeted: bool,
}

impl Lobby {
    pub fn new(me: &str, settings: &Settings) -> Lobby {
        let games: Vec<_> = crate::games::all_choices()
            .into_iter()
            .filter_map(|choice| Some((choice, crate::games::build(choice).ok()?)))
            .collect();
        let chosen = crate::tui::app::game_of(settings.game).key();
        let game = games.iter().position(|(_, g)| g.key() == chosen);
        Lobby {
            me: me.to_string(),
            view: LobbyView::default(),
            focus: Focus::Rooms,
            selected: 0,
            games,
            game: game.unwrap_or(0),
            note: format!("Welcome, {me}. Choose a room, or open your own."),
            waiting: false,
            greeted: false,
        }
    }

    pub fn game(&self) -> &Arc<dyn Game> {
        &self.games[self.game].1
    }

    pub fn show(&mut self, view: LobbyView) {
        self.view = view;
        self.selected = self.selected.min(self.entries().saturating_sub(1));
        let yours = self.view.rooms.iter().find(|r| r.yours);
        if !std::mem::replace(&mut self.greeted, true)
            && let Some(room) = yours.map(|r| r.name.clone())
        {
            self.note = format!("Your game in {room} waits for you: Enter joins it.");
            self.select_room(&room);
        }
    }

    /// Selects the room `name`, when it is listed.
    pub fn select_room(&mut self, name: &str) {
        if let Some(at) = self.view.rooms.iter().position(|r| r.name == name) {
            (self.focus, self.selected) = (Focus::Rooms, at);
        }
    }

    fn entries(&self) -> usize {
        match self.focus {
            Focus::Rooms => self.view.rooms.len(),
            Focus::People => self.view.people.len(),
        }
    }

    pub fn key(&mut self, key: KeyEvent, settings: &Settings) -> Option<Choice> {
        let action = settings.keys.action_for(Key::new(key.code, key.modifiers));
        let count = self.entries();
        match (action, key.code) {
            (Some(Action::Quit | Action::Back), _) if self.waiting => return Some(Choice::Cancel),
            (Some(Action::Quit), _) => return Some(Choice::Quit),
            (Some(Action::Up), _) => self.selected = self.selected.saturating_sub(1),
            (Some(Action::Down), _) => self.selected = (self.selected + 1).min(count.max(1) - 1),
            (Some(Action::Left), _) => {
                self.game = (self.game + self.games.len() - 1) % self.games.len();
            }
            (Some(Action::Right), _) => self.game = (self.game + 1) % self.games.len(),
            (_, KeyCode::Tab) => {
                self.focus = match self.focus {
                    Focus::Rooms => Focus::People,
                    Focus::People => Focus::Rooms,
                };
                self.selected = 0;
            }
            (Some(Action::Place), _) => return self.enter(),
            (_, KeyCode::Char('n')) => return Some(Choice::OwnRoom(None)),
            (Some(Action::Help), _) => {
                self.note = "Enter joins the room chosen (your seat, a free one, or to watch); n \
                             opens your own; Tab then Enter on a person invites them; p plays \
                             anyone asking for the same game; Left/Right choose that game."
                    .into();
            }
            (_, KeyCode::Char('p')) => return Some(Choice::PlayAnyone(self.games[self.game].0)),
            _ => {}
        }
        None
    }

    /// Enter: into the room chosen, or an invitation to the person chosen, to a room of
    /// the person's own.
    fn enter(&mut self) -> Option<Choice> {
        match self.focus {
            Focus::Rooms => {
                (self.view.rooms.get(self.selected)).map(|r| Choice::Enter(r.name.clone()))
            }
            Focus::People => {
                let (_, name, place) = self.view.people.get(self.selected)?;
                match place {
                    _ if *name == self.me => self.note = "That is you.".into(),
                    Place::Room(room) => {
                        self.note =
                            format!("{name} is in {room}: Tab, then Enter on it joins them.");
                    }
                    Place::Lobby => return Some(Choice::OwnRoom(Some(name.clone()))),
                }
                None
            }
        }
    }

    pub fn render(&self, settings: &Settings, area: Rect, buf: &mut Buffer) {
        let theme = Theme(settings);
        let width = usize::from(area.width);
        let mut y = area.y;
        let game = self.game().title();
        let mine = self.view.mine.map_or_else(
            || format!("{game}: no rated game yet"),
            |r| format!("{game}: rated {r:.0}"),
        );
        let title = Line::from(vec![
            Span::styled("tictaclatin online", theme.strong()),
            Span::raw(format!(" · you are {} · {mine}", self.me)),
        ]);
        if area.height > 0 {
            buf.set_line(area.x, y, &title, area.width);
        }
        y += 2;
        let half = area.width / 2 + 6;
        let rooms: Vec<String> = match self.view.rooms.is_empty() {
            true => vec!["No rooms yet: n opens yours.".into()],
            false => (self.view.rooms.iter())
                .map(|r| {
                    let watch = match r.watching {
                        0 => String::new(),
                        n => format!(" · {n} watching"),
                    };
                    let yours = if r.yours { " (yours)" } else { "" };
                    format!("{:<10} {}{yours}{watch}", r.name, r.what)
                })
                .collect(),
        };
        let people: Vec<String> = (self.view.people.iter())
            .map(|(rating, name, place)| {
                let rating = rating.map_or_else(String::new, |r| format!("{r:.0}"));
                match place {
                    Place::Lobby => format!("{name:<12} {rating:>4} here"),
                    Place::Room(room) => format!("{name:<12} {rating:>4} in {room}"),
                }
            })
            .collect();
        // Side by side where they fit, else one under the other.
        let wide = area.width >= 90;
        let down_to = |(x, y, width): (u16, u16, u16)| {
            Rect::new(x, y, width, area.bottom().saturating_sub(y))
        };
        let rooms_at = down_to((area.x, y, if wide { half } else { area.width }));
        let rooms_end = self.list(Focus::Rooms, &rooms, rooms_at, theme, buf);
        let people_at = match wide {
            true => (area.x + half, y, area.width.saturating_sub(half)),
            false => (area.x, rooms_end + 1, area.width),
        };
        let people_end = self.list(Focus::People, &people, down_to(people_at), theme, buf);
        y = rooms_end.max(people_end) + 1;
        let best = match self.view.best.is_empty() {
            true => "No rated games yet: a game between two people with keys and no hints counts."
                .into(),
            false => (self.view.best.iter().enumerate())
                .map(|(i, (name, rating))| format!("{}. {name} {rating:.0}", i + 1))
                .collect::<Vec<_>>()
                .join("   "),
        };
        let header = format!("Best at {game} (Left/Right: another game)");
        put(area, buf, y, header, theme.accent());
        for row in wrap(&best, width) {
            y += 1;
            put(area, buf, y, row, Style::default());
        }
        let bottom = area.y + area.height.saturating_sub(1);
        let note_rows = wrap(&self.note, width);
        // The note stands just above the footer: its last rows win when room is short.
        let shown = note_rows
            .len()
            .min(usize::from(bottom.saturating_sub(y + 1)));
        let note_y = bottom - shown as u16;
        for (i, row) in note_rows[note_rows.len() - shown..].iter().enumerate() {
            put(area, buf, note_y + i as u16, row, Style::default());
        }
        let (anyone, quit) = match self.waiting {
            true => ("waiting...", "stop waiting"),
            false => ("anyone", "quit"),
        };
        let items = [
            ("Enter".to_string(), "join"),
            ("n".into(), "own room"),
            ("p".into(), anyone),
            ("Tab".into(), "switch"),
            (settings.keys.first_key(Action::Help), "help"),
            (settings.keys.first_key(Action::Quit), quit),
        ];
        let footer = Rect::new(area.x, bottom, area.width, 1);
        footer_line(settings, &items, footer, buf);
    }

    /// The list of `focus`, titled, in `at` (its rows down to the lobby's bottom), its
    /// selected row marked when it has the focus; the row below it.
    fn list(&self, focus: Focus, rows: &[String], at: Rect, theme: Theme, buf: &mut Buffer) -> u16 {
        let title = match focus {
            Focus::Rooms => "Rooms (Enter joins or watches)",
            Focus::People => "Here now (Tab, Enter invites)",
        };
        put(at, buf, at.y, title, theme.accent());
        let mut y = at.y + 1;
        for (i, row) in rows.iter().enumerate().take(12) {
            let placeholder = focus == Focus::Rooms && self.view.rooms.is_empty();
            let chosen = self.focus == focus && i == self.selected && !placeholder;
            let (mark, style) = match chosen {
                true => ("> ", theme.strong()),
                false => ("  ", Style::default()),
            };
            put(at, buf, y, format!("{mark}{row}"), style);
            y += 1;
        }
        y
    }
}

/// `text` on row `y` of `area`, cut to its width; nothing on or below the footer's row (a
/// small terminal).
fn put(area: Rect, buf: &mut Buffer, y: u16, text: impl AsRef<str>, style: Style) {
    if y + 1 < area.bottom() && area.width > 0 {
        buf.set_stringn(area.x, y, text, usize::from(area.width), style);
    }
}

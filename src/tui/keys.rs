//! Actions, key names and the bindings between them.
//!
//! Key names are what the config file uses: `left`, `enter`, `space`, `esc`, or one character.

use std::fmt;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Something a key can ask the game to do.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Action {
    Left,
    Right,
    Up,
    Down,
    Place,
    Undo,
    Redo,
    New,
    Swap,
    Hints,
    Help,
    Quit,
    Difficulty,
    Review,
}

impl Action {
    /// Every action, with the game's own keys before the cursor movements so that, should a
    /// key ever be bound to both, the action wins (`h` toggles hints rather than moving).
    pub const ALL: [Action; 14] = [
        Action::Place,
        Action::Undo,
        Action::Redo,
        Action::New,
        Action::Swap,
        Action::Hints,
        Action::Help,
        Action::Quit,
        Action::Difficulty,
        Action::Review,
        Action::Left,
        Action::Right,
        Action::Up,
        Action::Down,
    ];

    /// The name used in the config file.
    pub fn name(self) -> &'static str {
        match self {
            Action::Left => "left",
            Action::Right => "right",
            Action::Up => "up",
            Action::Down => "down",
            Action::Place => "place",
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::New => "new",
            Action::Swap => "swap",
            Action::Hints => "hints",
            Action::Help => "help",
            Action::Quit => "quit",
            Action::Difficulty => "difficulty",
            Action::Review => "review",
        }
    }

    /// What the action does, for the help overlay.
    pub fn describe(self) -> &'static str {
        match self {
            Action::Left => "move the cursor left",
            Action::Right => "move the cursor right",
            Action::Up => "move the cursor up",
            Action::Down => "move the cursor down",
            Action::Place => "place your symbol at the cursor",
            Action::Undo => "take back a move (vs bot: yours and its reply)",
            Action::Redo => "redo a move taken back",
            Action::New => "new game (choose mode, side, level)",
            Action::Swap => "swap sides",
            Action::Hints => "hints on/off: each cell's value",
            Action::Help => "this help",
            Action::Quit => "quit (asks if a game is on)",
            Action::Difficulty => "change the bot's level",
            Action::Review => "review the finished game",
        }
    }

    pub fn is_movement(self) -> bool {
        matches!(
            self,
            Action::Left | Action::Right | Action::Up | Action::Down
        )
    }
}

/// One key, without modifiers (Shift is implied by the character itself).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Key(KeyCode);

/// The named keys a binding may use besides single characters.
const NAMED: [(&str, KeyCode); 13] = [
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("enter", KeyCode::Enter),
    ("space", KeyCode::Char(' ')),
    ("esc", KeyCode::Esc),
    ("tab", KeyCode::Tab),
    ("backspace", KeyCode::Backspace),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("pageup", KeyCode::PageUp),
    ("pagedown", KeyCode::PageDown),
];

impl Key {
    /// Reads a key name such as `left`, `space` or `u`.
    pub fn parse(name: &str) -> Result<Key, String> {
        if let Some((_, code)) = NAMED.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
            return Ok(Key(*code));
        }
        let mut chars = name.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() && !c.is_whitespace() => Ok(Key(KeyCode::Char(c))),
            _ => Err(format!(
                "unknown key '{name}': use one character or one of {}",
                NAMED.map(|(n, _)| n).join(", ")
            )),
        }
    }

    /// The key a terminal event stands for, if it carries no Ctrl or Alt.
    pub fn from_event(event: &KeyEvent) -> Option<Key> {
        let chord = KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER;
        (!event.modifiers.intersects(chord)).then_some(Key(event.code))
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match NAMED.iter().find(|(_, code)| *code == self.0) {
            Some((name, _)) => f.write_str(&capitalise(name)),
            None => match self.0 {
                KeyCode::Char(c) => write!(f, "{c}"),
                other => write!(f, "{other}"),
            },
        }
    }
}

fn capitalise(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The keys bound to each action.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KeyBindings {
    bindings: Vec<(Action, Vec<Key>)>,
}

impl Default for KeyBindings {
    /// The defaults agreed with the config file.
    fn default() -> KeyBindings {
        let table: [(Action, &[&str]); 14] = [
            (Action::Left, &["left", "a"]),
            (Action::Right, &["right", "l"]),
            (Action::Up, &["up", "k", "w"]),
            (Action::Down, &["down", "j"]),
            (Action::Place, &["enter", "space"]),
            (Action::Undo, &["u"]),
            (Action::Redo, &["r"]),
            (Action::New, &["n"]),
            (Action::Swap, &["s"]),
            (Action::Hints, &["h"]),
            (Action::Help, &["?"]),
            (Action::Quit, &["q", "esc"]),
            (Action::Difficulty, &["d"]),
            (Action::Review, &["v"]),
        ];
        let mut keys = KeyBindings {
            bindings: Vec::new(),
        };
        for (action, names) in table {
            let bound = names.iter().map(|n| Key::parse(n).expect("default key"));
            keys.set(action, bound.collect());
        }
        keys
    }
}

impl KeyBindings {
    /// Binds `keys` to `action`, replacing what it had.
    pub fn set(&mut self, action: Action, keys: Vec<Key>) {
        self.bindings.retain(|(a, _)| *a != action);
        self.bindings.push((action, keys));
    }

    pub fn keys(&self, action: Action) -> &[Key] {
        self.bindings
            .iter()
            .find(|(a, _)| *a == action)
            .map_or(&[], |(_, keys)| keys.as_slice())
    }

    /// The action of a key press. The arrow keys always move the cursor, whatever the
    /// bindings say; Ctrl-C is handled before this and is not an action.
    pub fn action(&self, event: &KeyEvent) -> Option<Action> {
        let key = Key::from_event(event)?;
        match key.0 {
            KeyCode::Left => return Some(Action::Left),
            KeyCode::Right => return Some(Action::Right),
            KeyCode::Up => return Some(Action::Up),
            KeyCode::Down => return Some(Action::Down),
            _ => {}
        }
        Action::ALL
            .into_iter()
            .find(|&action| self.keys(action).contains(&key))
    }

    /// The first key of an action as people read it (`Enter`), or its name when unbound.
    pub fn first_label(&self, action: Action) -> String {
        self.keys(action)
            .first()
            .map_or_else(|| action.name().to_string(), Key::to_string)
    }

    /// The keys of an action as people read them: `u`, `Enter/Space`.
    pub fn label(&self, action: Action) -> String {
        let names: Vec<String> = self.keys(action).iter().map(Key::to_string).collect();
        names.join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn default_keys_reach_their_actions() {
        let keys = KeyBindings::default();
        for (ch, action) in [
            ('a', Action::Left),
            ('l', Action::Right),
            ('k', Action::Up),
            ('w', Action::Up),
            ('j', Action::Down),
            (' ', Action::Place),
            ('u', Action::Undo),
            ('r', Action::Redo),
            ('n', Action::New),
            ('s', Action::Swap),
            ('h', Action::Hints),
            ('?', Action::Help),
            ('q', Action::Quit),
            ('d', Action::Difficulty),
            ('v', Action::Review),
        ] {
            assert_eq!(keys.action(&press(KeyCode::Char(ch))), Some(action), "{ch}");
        }
        assert_eq!(keys.action(&press(KeyCode::Esc)), Some(Action::Quit));
        assert_eq!(keys.action(&press(KeyCode::Enter)), Some(Action::Place));
        assert_eq!(keys.action(&press(KeyCode::Char('x'))), None);
    }

    #[test]
    fn actions_win_over_movement_and_arrows_always_move() {
        let mut keys = KeyBindings::default();
        keys.set(Action::Left, vec![Key::parse("h").unwrap()]);
        assert_eq!(keys.action(&press(KeyCode::Char('h'))), Some(Action::Hints));
        keys.set(Action::Left, vec![]);
        assert_eq!(keys.action(&press(KeyCode::Left)), Some(Action::Left));
    }

    #[test]
    fn chords_are_not_actions() {
        let keys = KeyBindings::default();
        let ctrl_u = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL);
        assert_eq!(keys.action(&ctrl_u), None);
    }

    #[test]
    fn key_names_parse_and_print() {
        assert_eq!(Key::parse("Space").unwrap().to_string(), "Space");
        assert_eq!(Key::parse("?").unwrap().to_string(), "?");
        assert!(Key::parse("ctrl+x").unwrap_err().contains("unknown key"));
        assert!(Key::parse("").is_err());
        assert_eq!(KeyBindings::default().label(Action::Quit), "q/Esc");
    }
}

//! Key bindings: the game's actions, the keys that trigger them, and key names as the config
//! file writes them (`"left"`, `"h"`, `"ctrl-c"`, `"shift-tab"`).

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use ratatui::crossterm::event::{KeyCode, KeyModifiers};
use serde::Deserialize;
use serde::de::{self, Deserializer};

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
    PlayOn,
    WriteRecord,
    MoveNow,
    Details,
    Back,
}

/// Every action, in order: its name in the `[keys]` table, what it does (for the help
/// overlay), and its built-in keys. One key, one meaning: the arrows and vi's h j k l move,
/// and no action sits on a letter or digit that starts a cell's name (a-g, 0-9), so typing
/// `d3` never does anything but place at d3.
#[rustfmt::skip]
const ACTIONS: [(Action, &str, &str, &[&str]); 19] = [
    (Action::Left, "left", "move the cursor left", &["left", "h"]),
    (Action::Right, "right", "move the cursor right", &["right", "l"]),
    (Action::Up, "up", "move the cursor up", &["up", "k"]),
    (Action::Down, "down", "move the cursor down", &["down", "j"]),
    (Action::Place, "place", "place your symbol at the cursor", &["enter", "space"]),
    (Action::Undo, "undo", "take back a move (vs bot: yours and its reply)", &["u"]),
    (Action::Redo, "redo", "redo a move taken back", &["r"]),
    (Action::New, "new", "new game (choose mode, side, level)", &["n"]),
    (Action::Swap, "swap", "swap sides", &["s"]),
    (Action::Hints, "hints", "hints on/off: what each move leads to", &["t"]),
    (Action::Help, "help", "the rules and the keys", &["?"]),
    (Action::Quit, "quit", "quit (asks if a game is on)", &["q"]),
    (Action::Difficulty, "difficulty", "change the bot's level", &["+"]),
    (Action::Review, "review", "review the finished game", &["v"]),
    (Action::PlayOn, "play_on", "in review: a new game from the position shown", &["p"]),
    (Action::WriteRecord, "write_record", "in review: write the game's record to a file", &["w"]),
    (Action::MoveNow, "move_now", "the searching bot moves now (its best so far)", &["m"]),
    (Action::Details, "details", "the engine's own figures, for the curious", &["i"]),
    (Action::Back, "back", "cancel what is typed, or close what is open", &["esc"]),
];

impl Action {
    pub const ALL: [Action; 19] = {
        let mut all = [Action::Left; 19];
        let mut i = 0;
        while i < all.len() {
            all[i] = ACTIONS[i].0;
            i += 1;
        }
        all
    };

    pub fn name(self) -> &'static str {
        ACTIONS[self as usize].1
    }

    pub fn description(self) -> &'static str {
        ACTIONS[self as usize].2
    }

    pub fn default_keys(self) -> &'static [&'static str] {
        ACTIONS[self as usize].3
    }

    /// The action of a `[keys]` table's key.
    pub fn named(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|action| action.name() == name)
    }

    pub fn is_movement(self) -> bool {
        matches!(
            self,
            Action::Left | Action::Right | Action::Up | Action::Down
        )
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A key press as the bindings see it: a crossterm key code and its modifiers, normalised so
/// that the same key always compares equal (see [`Key::new`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Key {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum KeyNameError {
    #[error("unknown key name \"{}\"", crate::core::words::excerpt(.0))]
    Unknown(String),
    #[error("ctrl-c always quits and cannot be rebound")]
    CtrlC,
    /// Letters a-g and digits start the cell names a person types (`d3`, Qubic's `2b3`),
    /// so they may not be bound: a key has one meaning.
    #[error("\"{0}\" starts cell names a person types (like d3 or 2b3) and cannot be bound")]
    CellName(char),
    #[error("\"{0}\": write the shifted character itself (e.g. \"?\" rather than \"shift-/\")")]
    ShiftedChar(String),
    #[error(
        "\"{name}\" can never fire: terminals send the same byte for it as for {twin}, so \
         the game sees {twin}; bind \"{twin}\" or another key instead"
    )]
    Twin { name: String, twin: &'static str },
}

/// Every name of a key without a character, as written in the config file.
#[rustfmt::skip]
const NAMED: [(&str, KeyCode); 16] = [
    ("left", KeyCode::Left), ("right", KeyCode::Right), ("up", KeyCode::Up),
    ("down", KeyCode::Down), ("enter", KeyCode::Enter), ("space", KeyCode::Char(' ')),
    ("esc", KeyCode::Esc), ("tab", KeyCode::Tab), ("backspace", KeyCode::Backspace),
    ("delete", KeyCode::Delete), ("insert", KeyCode::Insert), ("home", KeyCode::Home),
    ("end", KeyCode::End), ("pageup", KeyCode::PageUp), ("pagedown", KeyCode::PageDown),
    ("shift-tab", KeyCode::BackTab),
];

const MODIFIERS: [(&str, KeyModifiers); 3] = [
    ("ctrl-", KeyModifiers::CONTROL),
    ("alt-", KeyModifiers::ALT),
    ("shift-", KeyModifiers::SHIFT),
];

/// Ctrl keys that reach the game as another key, because the terminal sends one byte for
/// both: Ctrl-M is Enter (CR), Ctrl-I is Tab, Ctrl-[ is Esc, and Ctrl-H is what many
/// terminals send for Backspace.
#[rustfmt::skip]
const CTRL_TWINS: [(char, &str); 4] =
    [('m', "enter"), ('i', "tab"), ('[', "esc"), ('h', "backspace")];

fn twin_of(key: Key) -> Option<&'static str> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let twin = CTRL_TWINS
        .iter()
        .find(|(c, _)| ctrl && key.code == KeyCode::Char(*c));
    twin.map(|(_, twin)| *twin)
}

/// Other spellings people write for the same keys.
#[rustfmt::skip]
const ALIASES: [(&str, &str); 4] =
    [("return", "enter"), ("escape", "esc"), ("del", "delete"), ("backtab", "shift-tab")];

pub const KEY_NAME_HELP: &str = "a single character like \"u\" or \"?\", or one of left right up \
     down enter space esc tab shift-tab backspace delete insert home end pageup pagedown f1..f12, \
     optionally prefixed by ctrl-, alt- or shift- (e.g. \"ctrl-z\")";

impl Key {
    /// The key of a crossterm key event. Shift is dropped from characters (its effect is
    /// already in the character: `A`, `?`) and from BackTab, because terminals disagree on
    /// whether they report it. Ctrl with a letter is lowercase: terminals send the same
    /// byte for Ctrl-Z and Ctrl-z.
    pub fn new(mut code: KeyCode, modifiers: KeyModifiers) -> Key {
        let mut modifiers =
            modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SHIFT);
        if matches!(code, KeyCode::Char(_) | KeyCode::BackTab) {
            modifiers.remove(KeyModifiers::SHIFT);
        }
        if let KeyCode::Char(c) = code
            && modifiers.contains(KeyModifiers::CONTROL)
        {
            code = KeyCode::Char(c.to_ascii_lowercase());
        }
        Key { code, modifiers }
    }

    pub fn is_ctrl_c(self) -> bool {
        self.modifiers == KeyModifiers::CONTROL && self.code == KeyCode::Char('c')
    }

    /// The key as people read it on screen: the config file's name, capitalised when it is
    /// a word (`Enter`, `Ctrl-z`) so it stands out from a letter key (`u`).
    pub fn label(self) -> String {
        let name = self.to_string();
        match name.chars().nth(1) {
            Some(_) => crate::core::words::capitalized(&name),
            None => name,
        }
    }
}

impl FromStr for Key {
    type Err = KeyNameError;

    /// Reads a key name: modifiers `ctrl-`, `alt-`, `shift-` (any case) then a single
    /// character (case matters: `A` is shift-a) or a key name (any case).
    fn from_str(name: &str) -> Result<Key, KeyNameError> {
        let unknown = || KeyNameError::Unknown(name.to_string());
        let mut modifiers = KeyModifiers::NONE;
        let mut rest = name;
        // Strip modifier prefixes (`shift-tab` is a key of its own).
        while let Some((prefix, modifier)) = MODIFIERS.into_iter().find(|(prefix, _)| {
            let lower = rest.to_ascii_lowercase();
            lower.starts_with(prefix) && lower != "shift-tab"
        }) {
            modifiers |= modifier;
            rest = &rest[prefix.len()..];
        }
        let code = base_code(rest).ok_or_else(unknown)?;
        let key = shifted(code, modifiers, name)?;
        if key.is_ctrl_c() {
            return Err(KeyNameError::CtrlC);
        }
        if let Some(twin) = twin_of(key) {
            let name = name.to_string();
            return Err(KeyNameError::Twin { name, twin });
        }
        if let KeyCode::Char(c) = key.code
            && key.modifiers.is_empty()
            && starts_cell_names(c)
        {
            return Err(KeyNameError::CellName(c));
        }
        Ok(key)
    }
}

/// A character that begins some game's cell name: a column letter a-g (either case), a
/// digit (Qubic's layers, classic 3x3's 1-9) or `#` (Qubic's numbers).
pub fn starts_cell_names(c: char) -> bool {
    matches!(c.to_ascii_lowercase(), 'a'..='g' | '0'..='9' | '#')
}

/// One character, `f1`..`f12`, or a named key.
fn base_code(name: &str) -> Option<KeyCode> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        // A literal space is easy to miss in a file; it must be written "space".
        return (!c.is_whitespace() && !c.is_control()).then_some(KeyCode::Char(c));
    }
    let lower = name.to_ascii_lowercase();
    let alias = ALIASES.iter().find(|(alias, _)| *alias == lower);
    let lower = alias.map_or(lower.as_str(), |(_, real)| real);
    if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
        return (1..=12).contains(&n).then_some(KeyCode::F(n));
    }
    let named = NAMED.iter().find(|(named, _)| *named == lower);
    named.map(|(_, code)| *code)
}

/// `shift-a` is `A`, as a terminal reports it.
fn shifted(code: KeyCode, modifiers: KeyModifiers, name: &str) -> Result<Key, KeyNameError> {
    match code {
        KeyCode::Char(c) if modifiers.contains(KeyModifiers::SHIFT) && c != ' ' => {
            if !c.is_alphabetic() {
                return Err(KeyNameError::ShiftedChar(name.to_string()));
            }
            let upper = c.to_uppercase().next().unwrap_or(c);
            Ok(Key::new(KeyCode::Char(upper), modifiers))
        }
        _ => Ok(Key::new(code, modifiers)),
    }
}

impl fmt::Display for Key {
    /// The key's name as the config file writes it, so error messages and the help overlay
    /// use the same words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (prefix, modifier) in MODIFIERS {
            if self.modifiers.contains(modifier) {
                f.write_str(prefix)?;
            }
        }
        if let Some((name, _)) = NAMED.iter().find(|(_, code)| *code == self.code) {
            return f.write_str(name);
        }
        match self.code {
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::F(n) => write!(f, "f{n}"),
            other => write!(f, "{other:?}"),
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KeyBindings {
    keys: [Vec<Key>; Action::ALL.len()],
}

impl Default for KeyBindings {
    fn default() -> KeyBindings {
        let keys = Action::ALL.map(|action| {
            let parse = |name: &&str| name.parse().expect("the default key names are valid");
            action.default_keys().iter().map(parse).collect()
        });
        KeyBindings { keys }
    }
}

impl KeyBindings {
    /// Ctrl-C always quits.
    pub fn action_for(&self, key: Key) -> Option<Action> {
        let key = Key::new(key.code, key.modifiers);
        if key.is_ctrl_c() {
            return Some(Action::Quit);
        }
        let mut actions = Action::ALL.into_iter();
        actions.find(|&action| self.keys[action as usize].contains(&key))
    }

    /// In the order written.
    pub fn keys_for(&self, action: Action) -> &[Key] {
        &self.keys[action as usize]
    }

    /// The action's name when nothing is bound to it.
    pub fn first_key(&self, action: Action) -> String {
        self.keys_for(action)
            .first()
            .map_or_else(|| action.name().to_string(), |&key| key.label())
    }

    /// Every key bound to an action: `q/Esc`; `-` when none is.
    pub fn all_keys(&self, action: Action) -> String {
        match self.keys_for(action) {
            [] => "-".into(),
            keys => keys.iter().map(|k| k.label()).collect::<Vec<_>>().join("/"),
        }
    }

    /// `back` left at its default gives up a key that `[keys]` gives the actions in `set`:
    /// Esc quit before `back` had it, and files written then (`quit = ["q", "esc"]`) still
    /// read.
    pub fn back_yields_to(&mut self, set: &[Action]) {
        if set.contains(&Action::Back) {
            return;
        }
        let given: Vec<Key> = set
            .iter()
            .flat_map(|&a| self.keys_for(a).to_vec())
            .collect();
        self.keys[Action::Back as usize].retain(|key| !given.contains(key));
    }

    /// Duplicates within the list are dropped.
    pub fn set(&mut self, action: Action, keys: impl IntoIterator<Item = Key>) {
        let mut seen = HashSet::new();
        self.keys[action as usize] = keys.into_iter().filter(|key| seen.insert(*key)).collect();
    }

    pub fn conflict(&self) -> Option<(Key, Action, Action)> {
        Action::ALL.into_iter().enumerate().find_map(|(i, first)| {
            Action::ALL[i + 1..].iter().find_map(|&second| {
                let mut keys = self.keys_for(first).iter();
                let key = keys.find(|key| self.keys_for(second).contains(key))?;
                Some((*key, first, second))
            })
        })
    }
}

/// An action's name, as a key of `[keys]`: an unknown one is an unknown field, so serde's
/// message lists the actions.
impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        static NAMES: LazyLock<Vec<&str>> = LazyLock::new(|| Action::ALL.map(Action::name).into());
        let name = String::deserialize(d)?;
        Action::named(&name).ok_or_else(|| de::Error::unknown_field(&name, NAMES.as_slice()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Key {
        fn plain(code: KeyCode) -> Key {
            Key::new(code, KeyModifiers::NONE)
        }
    }

    fn key(name: &str) -> Key {
        name.parse().unwrap()
    }

    #[test]
    fn the_table_of_actions_is_in_their_order() {
        for (i, action) in Action::ALL.into_iter().enumerate() {
            assert_eq!(action as usize, i);
            assert_eq!(Action::named(action.name()), Some(action));
        }
        assert_eq!(Action::named("undoo"), None);
    }

    #[test]
    fn keys_read_as_labels_for_the_screen() {
        let mut keys = KeyBindings::default();
        keys.set(Action::Quit, [key("q"), key("esc")]);
        keys.set(Action::Undo, [key("ctrl-z")]);
        keys.set(Action::Redo, []);
        assert_eq!(keys.all_keys(Action::Quit), "q/Esc");
        assert_eq!(keys.first_key(Action::Undo), "Ctrl-z");
        assert_eq!(
            keys.first_key(Action::Redo),
            "redo",
            "unbound: the action's name"
        );
        assert_eq!(keys.all_keys(Action::Redo), "-");
    }

    #[test]
    fn key_names_parse_to_crossterm_keys() {
        assert_eq!(key("left"), Key::plain(KeyCode::Left));
        assert_eq!(key("Enter"), Key::plain(KeyCode::Enter));
        assert_eq!(key("return"), Key::plain(KeyCode::Enter));
        assert_eq!(key("space"), Key::plain(KeyCode::Char(' ')));
        assert_eq!(key("?"), Key::plain(KeyCode::Char('?')));
        assert_eq!(key("-"), Key::plain(KeyCode::Char('-')));
        assert_eq!(key("f5"), Key::plain(KeyCode::F(5)));
        assert_eq!(key("shift-tab"), Key::plain(KeyCode::BackTab));
        assert_eq!(key("shift-x"), key("X"));
        assert_eq!(
            key("ctrl-z"),
            Key::new(KeyCode::Char('z'), KeyModifiers::CONTROL)
        );
        assert_eq!(key("Ctrl-Z"), key("ctrl-z"));
        assert_eq!(key("shift-ctrl-z"), key("ctrl-z"));
        assert_eq!(
            key("ctrl-alt-left"),
            Key::new(KeyCode::Left, KeyModifiers::CONTROL | KeyModifiers::ALT)
        );
    }

    #[test]
    fn bad_key_names_say_why() {
        let err = |name: &str| name.parse::<Key>().unwrap_err();
        assert_eq!(err("lefty"), KeyNameError::Unknown("lefty".into()));
        assert_eq!(err(""), KeyNameError::Unknown(String::new()));
        assert_eq!(err(" "), KeyNameError::Unknown(" ".into()));
        assert_eq!(err("f13"), KeyNameError::Unknown("f13".into()));
        assert_eq!(err("ctrl-c"), KeyNameError::CtrlC);
        assert_eq!(err("CTRL-C"), KeyNameError::CtrlC);
        assert_eq!(err("3"), KeyNameError::CellName('3'));
        assert_eq!(err("a"), KeyNameError::CellName('a'));
        assert_eq!(err("G"), KeyNameError::CellName('G'));
        assert_eq!(err("shift-/"), KeyNameError::ShiftedChar("shift-/".into()));
        // Keys the terminal sends as another key's byte.
        for (name, twin) in [
            ("ctrl-m", "enter"),
            ("ctrl-i", "tab"),
            ("ctrl-[", "esc"),
            ("ctrl-h", "backspace"),
            ("Ctrl-M", "enter"),
            ("alt-ctrl-i", "tab"),
        ] {
            let name = name.to_string();
            assert_eq!(err(&name), KeyNameError::Twin { name, twin });
        }
        assert!(err("ctrl-i").to_string().contains("never fire"));
        // Their neighbours are fine.
        assert!("ctrl-j".parse::<Key>().is_ok());
        assert!("alt-m".parse::<Key>().is_ok());
        // Letters past g and modified digits are free.
        assert!("x".parse::<Key>().is_ok());
        assert!("alt-1".parse::<Key>().is_ok());
    }

    #[test]
    fn names_print_back_as_written() {
        for name in [
            "left",
            "ctrl-z",
            "shift-tab",
            "?",
            "X",
            "space",
            "f12",
            "alt-pageup",
        ] {
            assert_eq!(key(name).to_string(), name);
        }
    }

    #[test]
    fn defaults_bind_the_agreed_keys_without_conflict() {
        let keys = KeyBindings::default();
        assert_eq!(keys.conflict(), None);
        let act = |name: &str| keys.action_for(key(name));
        assert_eq!(act("t"), Some(Action::Hints));
        assert_eq!(act("s"), Some(Action::Swap));
        assert_eq!(act("+"), Some(Action::Difficulty));
        assert_eq!(act("h"), Some(Action::Left));
        assert_eq!(act("k"), Some(Action::Up));
        assert_eq!(act("q"), Some(Action::Quit));
        assert_eq!(act("esc"), Some(Action::Back));
        assert_eq!(act("space"), Some(Action::Place));
        assert_eq!(act("v"), Some(Action::Review));
        assert_eq!(act("x"), None);
    }

    /// One key, one meaning: no built-in key starts a name a person can type in any game
    /// (every variant's cell names and numbers), and those first characters are the ones
    /// bindings refuse.
    #[test]
    fn no_built_in_key_starts_a_cell_name() {
        let keys = KeyBindings::default();
        for choice in crate::games::all_choices() {
            let game = crate::games::build(choice).unwrap();
            for (name, _) in
                crate::tui::screens::play::keys::typable_names(game.as_ref(), &*game.start())
            {
                let first = name.chars().next().unwrap();
                assert!(starts_cell_names(first), "{}: {name}", game.title());
                let typed = Key::plain(KeyCode::Char(first));
                assert_eq!(keys.action_for(typed), None, "{}: {name}", game.title());
            }
        }
    }

    #[test]
    fn events_match_whatever_shift_the_terminal_reports() {
        let keys = KeyBindings::default();
        let question = Key::new(KeyCode::Char('?'), KeyModifiers::SHIFT);
        assert_eq!(keys.action_for(question), Some(Action::Help));
        let ctrl_c = Key::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(keys.action_for(ctrl_c), Some(Action::Quit));
    }

    #[test]
    fn ctrl_c_quits_even_when_quit_is_rebound() {
        let mut keys = KeyBindings::default();
        keys.set(Action::Quit, [key("x")]);
        let ctrl_c = Key::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(keys.action_for(ctrl_c), Some(Action::Quit));
        assert_eq!(keys.action_for(key("q")), None);
    }

    #[test]
    fn a_key_on_two_actions_is_a_conflict() {
        let mut keys = KeyBindings::default();
        keys.set(Action::Undo, [key("z"), key("t")]);
        assert_eq!(
            keys.conflict(),
            Some((key("t"), Action::Undo, Action::Hints))
        );
    }
}

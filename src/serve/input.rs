//! A player's keystrokes as they arrive over SSH: the bytes their terminal sends, read into
//! the key and mouse events the game takes. (Crossterm reads only the program's own
//! terminal, so the server reads the bytes itself.)
//!
//! An escape sequence or a character split across two packets waits for the rest, but never
//! more than [`MAX_PENDING`] bytes: anything longer is no key and is dropped. A lone Esc at
//! the end of a packet is the Esc key (terminals send a sequence in one write).

use std::sync::atomic::{AtomicU32, Ordering};

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use crate::tui::Event;

/// The longest unfinished sequence kept for the next packet.
pub const MAX_PENDING: usize = 32;

/// The bytes of an unfinished sequence, kept until the next packet.
#[derive(Default, Debug)]
pub struct Input {
    pending: Vec<u8>,
}

/// What the front of the bytes holds.
enum Read {
    /// An event, and how many bytes it took.
    Event(Event, usize),
    /// Bytes that make no event (an unknown sequence), skipped.
    Skip(usize),
    /// The start of something that needs more bytes.
    More,
}

impl Input {
    /// Reads `bytes` (with whatever the last packet left unfinished) into events.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut data = std::mem::take(&mut self.pending);
        data.extend_from_slice(bytes);
        let mut events = Vec::new();
        let mut at = 0;
        while at < data.len() {
            match read(&data[at..]) {
                Read::Event(event, used) => {
                    events.push(event);
                    at += used;
                }
                Read::Skip(used) => at += used,
                Read::More if data.len() - at <= MAX_PENDING => {
                    self.pending = data[at..].to_vec();
                    break;
                }
                // Too long to be a key: drop a byte and read on.
                Read::More => at += 1,
            }
        }
        events
    }
}

/// The terminal's latest size, between the connection and the game: however many window
/// changes arrive, the game is woken once and draws the latest size (a flood of them costs
/// no memory and at most a frame each).
#[derive(Default, Debug)]
pub struct Resizes {
    /// Columns and rows, packed; zero when the game has taken the latest.
    latest: AtomicU32,
}

impl Resizes {
    /// Keeps `size` as the latest; true when the game is to be woken for it (it has taken
    /// the one before).
    pub fn offer(&self, (columns, rows): (u16, u16)) -> bool {
        let packed = (u32::from(columns) << 16 | u32::from(rows)).max(1);
        self.latest.swap(packed, Ordering::AcqRel) == 0
    }

    /// The latest size, if one came since the last taken.
    pub fn take(&self) -> Option<(u16, u16)> {
        match self.latest.swap(0, Ordering::AcqRel) {
            0 => None,
            packed => Some(((packed >> 16) as u16, packed as u16)),
        }
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

fn read(bytes: &[u8]) -> Read {
    let (plain, ctrl) = (KeyModifiers::NONE, KeyModifiers::CONTROL);
    let (code, modifiers) = match bytes[0] {
        0x1b => return read_escape(bytes),
        b'\r' | b'\n' => (KeyCode::Enter, plain),
        b'\t' => (KeyCode::Tab, plain),
        0x7f | 0x08 => (KeyCode::Backspace, plain),
        0x00 => (KeyCode::Char(' '), ctrl),
        b @ 0x01..=0x1a => (KeyCode::Char(char::from(b'a' + b - 1)), ctrl),
        b @ 0x1c..=0x1f => (KeyCode::Char(char::from(b'4' + b - 0x1c)), ctrl),
        _ => return read_char(bytes),
    };
    Read::Event(key(code, modifiers), 1)
}

/// A character in UTF-8; an uppercase letter carries Shift, as crossterm reports it.
fn read_char(bytes: &[u8]) -> Read {
    let width = match bytes[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Read::Skip(1),
    };
    if bytes.len() < width {
        let valid_so_far = bytes[1..].iter().all(|b| b & 0xc0 == 0x80);
        return match valid_so_far {
            true => Read::More,
            false => Read::Skip(1),
        };
    }
    let text = std::str::from_utf8(&bytes[..width]).ok();
    let Some(c) = text.and_then(|s| s.chars().next()) else {
        return Read::Skip(1);
    };
    let mut modifiers = KeyModifiers::NONE;
    modifiers.set(KeyModifiers::SHIFT, c.is_uppercase());
    Read::Event(key(KeyCode::Char(c), modifiers), width)
}

fn read_escape(bytes: &[u8]) -> Read {
    match bytes.get(1) {
        None => Read::Event(key(KeyCode::Esc, KeyModifiers::NONE), 1),
        Some(b'[') => read_csi(bytes),
        Some(b'O') => match bytes.get(2) {
            None => Read::More,
            Some(&last) => match ss3_key(last) {
                Some(code) => Read::Event(key(code, KeyModifiers::NONE), 3),
                None => Read::Skip(3),
            },
        },
        // Esc twice: the first is the key itself.
        Some(0x1b) => Read::Event(key(KeyCode::Esc, KeyModifiers::NONE), 1),
        // Esc then a key: that key with Alt.
        Some(_) => match read(&bytes[1..]) {
            Read::Event(Event::Key(mut pressed), used) => {
                pressed.modifiers |= KeyModifiers::ALT;
                Read::Event(Event::Key(pressed), used + 1)
            }
            Read::More => Read::More,
            _ => Read::Skip(1),
        },
    }
}

/// The keys sent as Esc O and one letter (the cursor keys in application mode, F1-F4).
fn ss3_key(last: u8) -> Option<KeyCode> {
    Some(match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P'..=b'S' => KeyCode::F(last - b'P' + 1),
        _ => return None,
    })
}

/// Esc [ then parameters and one final byte: cursor and editing keys, function keys and
/// the mouse.
fn read_csi(bytes: &[u8]) -> Read {
    // Esc [ M and three raw bytes: the mouse in the oldest encoding.
    if bytes.get(2) == Some(&b'M') {
        let Some(&[b, x, y]) = bytes.get(3..6) else {
            return Read::More;
        };
        let (column, row) = (x.saturating_sub(33).into(), y.saturating_sub(33).into());
        return Read::Event(mouse(b.wrapping_sub(32).into(), column, row, true), 6);
    }
    // Only so far: a sequence longer than any key is dropped without reading it all.
    let window = &bytes[2..bytes.len().min(MAX_PENDING)];
    let Some(end) = window.iter().position(|b| (0x40..=0x7e).contains(b)) else {
        return match bytes.len() < MAX_PENDING {
            true => Read::More,
            false => Read::Skip(2),
        };
    };
    let used = end + 3;
    let params = &bytes[2..2 + end];
    let last = bytes[2 + end];
    let read = match params.first() {
        Some(b'<') => sgr_mouse(&params[1..], last),
        _ => csi_key(params, last).map(|(code, modifiers)| key(code, modifiers)),
    };
    read.map_or(Read::Skip(used), |event| Read::Event(event, used))
}

/// The numbers of a sequence's parameters (`1;5` is 1 and 5); `None` for anything else.
fn numbers(params: &[u8]) -> Option<Vec<u16>> {
    std::str::from_utf8(params)
        .ok()?
        .split(';')
        .map(|n| n.parse().ok().or(n.is_empty().then_some(1)))
        .collect()
}

/// The modifiers of a key sequence's second parameter (1 + the bits of Shift, Alt, Ctrl).
fn modifiers(param: Option<&u16>) -> KeyModifiers {
    modifiers_in(param.map_or(0, |p| p.saturating_sub(1)), [1, 2, 4])
}

/// The modifiers whose bits (Shift, Alt, Ctrl, in that order) are set in `bits`.
fn modifiers_in(bits: u16, [shift, alt, ctrl]: [u16; 3]) -> KeyModifiers {
    [
        (shift, KeyModifiers::SHIFT),
        (alt, KeyModifiers::ALT),
        (ctrl, KeyModifiers::CONTROL),
    ]
    .into_iter()
    .filter(|&(bit, _)| bits & bit != 0)
    .fold(KeyModifiers::NONE, |all, (_, modifier)| all | modifier)
}

fn csi_key(params: &[u8], last: u8) -> Option<(KeyCode, KeyModifiers)> {
    let numbers = numbers(params)?;
    let modifiers = modifiers(numbers.get(1));
    let code = match last {
        b'Z' => return Some((KeyCode::BackTab, KeyModifiers::SHIFT)),
        b'~' => match numbers.first()? {
            1 | 7 => KeyCode::Home,
            2 => KeyCode::Insert,
            3 => KeyCode::Delete,
            4 | 8 => KeyCode::End,
            5 => KeyCode::PageUp,
            6 => KeyCode::PageDown,
            n @ 11..=15 => KeyCode::F((n - 10) as u8),
            n @ 17..=21 => KeyCode::F((n - 11) as u8),
            n @ 23..=24 => KeyCode::F((n - 12) as u8),
            _ => return None,
        },
        b'A' | b'B' | b'C' | b'D' | b'H' | b'F' => ss3_key(last)?,
        _ => return None,
    };
    Some((code, modifiers))
}

/// The mouse as `Esc [ < button ; column ; row` then `M` (pressed) or `m` (released).
fn sgr_mouse(params: &[u8], last: u8) -> Option<Event> {
    let [button, column, row] = numbers(params)?[..] else {
        return None;
    };
    let pressed = match last {
        b'M' => true,
        b'm' => false,
        _ => return None,
    };
    let (column, row) = (column.checked_sub(1)?, row.checked_sub(1)?);
    Some(mouse(button, column, row, pressed))
}

/// A mouse report's button code (its low bits the button, then Shift 4, Alt 8, Ctrl 16,
/// motion 32, wheel 64) at a 0-based column and row.
fn mouse(code: u16, column: u16, row: u16, pressed: bool) -> Event {
    let button = match code & 0b11 {
        0 => Some(MouseButton::Left),
        1 => Some(MouseButton::Middle),
        2 => Some(MouseButton::Right),
        _ => None, // the old encoding's release, or motion with no button down
    };
    let kind = if code & 64 != 0 {
        match code & 0b11 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        }
    } else if code & 32 != 0 {
        button.map_or(MouseEventKind::Moved, MouseEventKind::Drag)
    } else {
        match (button, pressed) {
            (Some(button), true) => MouseEventKind::Down(button),
            (Some(button), false) => MouseEventKind::Up(button),
            (None, _) => MouseEventKind::Up(MouseButton::Left),
        }
    };
    let modifiers = modifiers_in(code, [4, 8, 16]);
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(input: &mut Input, bytes: &[u8]) -> Vec<(KeyCode, KeyModifiers)> {
        input
            .feed(bytes)
            .into_iter()
            .map(|event| match event {
                Event::Key(k) => (k.code, k.modifiers),
                other => panic!("not a key: {other:?}"),
            })
            .collect()
    }

    const NONE: KeyModifiers = KeyModifiers::NONE;

    #[test]
    fn letters_enter_and_control_keys() {
        let mut input = Input::default();
        assert_eq!(
            keys(&mut input, b"a1\r \x03Q"),
            [
                (KeyCode::Char('a'), NONE),
                (KeyCode::Char('1'), NONE),
                (KeyCode::Enter, NONE),
                (KeyCode::Char(' '), NONE),
                (KeyCode::Char('c'), KeyModifiers::CONTROL),
                (KeyCode::Char('Q'), KeyModifiers::SHIFT),
            ]
        );
    }

    #[test]
    fn cursor_keys_in_both_modes_and_with_modifiers() {
        let mut input = Input::default();
        assert_eq!(
            keys(&mut input, b"\x1b[A\x1bOB\x1b[1;5C\x1b[3~\x1b[Z"),
            [
                (KeyCode::Up, NONE),
                (KeyCode::Down, NONE),
                (KeyCode::Right, KeyModifiers::CONTROL),
                (KeyCode::Delete, NONE),
                (KeyCode::BackTab, KeyModifiers::SHIFT),
            ]
        );
    }

    #[test]
    fn a_lone_escape_is_the_key_and_escape_then_a_letter_is_alt() {
        let mut input = Input::default();
        assert_eq!(keys(&mut input, b"\x1b"), [(KeyCode::Esc, NONE)]);
        assert_eq!(
            keys(&mut input, b"\x1bq"),
            [(KeyCode::Char('q'), KeyModifiers::ALT)]
        );
    }

    #[test]
    fn a_sequence_or_character_split_across_packets_waits_for_its_end() {
        let mut input = Input::default();
        assert!(keys(&mut input, b"\x1b[1;").is_empty());
        assert_eq!(
            keys(&mut input, b"5A"),
            [(KeyCode::Up, KeyModifiers::CONTROL)]
        );
        let e_acute = "é".as_bytes();
        assert!(keys(&mut input, &e_acute[..1]).is_empty());
        assert_eq!(
            keys(&mut input, &e_acute[1..]),
            [(KeyCode::Char('é'), NONE)]
        );
    }

    #[test]
    fn an_endless_sequence_is_dropped_not_kept() {
        let mut input = Input::default();
        let mut endless = b"\x1b[".to_vec();
        endless.extend([b'1'; 1000]);
        let read = keys(&mut input, &endless);
        // The digits after the dropped Esc [ are keys again.
        assert_eq!(read.len(), 1000);
        assert!(input.pending.len() <= MAX_PENDING);
        // What follows is read again as keys.
        assert_eq!(
            keys(&mut input, b"~x").last(),
            Some(&(KeyCode::Char('x'), NONE))
        );
    }

    #[test]
    fn mouse_clicks_in_both_encodings() {
        let mut input = Input::default();
        let events = input.feed(b"\x1b[<0;10;5M\x1b[<0;10;5m\x1b[M !%");
        let kinds: Vec<_> = events
            .iter()
            .map(|event| match event {
                Event::Mouse(m) => (m.kind, m.column, m.row),
                other => panic!("not the mouse: {other:?}"),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                (MouseEventKind::Down(MouseButton::Left), 9, 4),
                (MouseEventKind::Up(MouseButton::Left), 9, 4),
                (MouseEventKind::Down(MouseButton::Left), 0, 4),
            ]
        );
    }

    #[test]
    fn a_flood_of_sizes_wakes_the_game_once_and_it_draws_the_latest() {
        let resizes = Resizes::default();
        assert!(resizes.offer((100, 30)));
        assert!((0..1000).all(|n| !resizes.offer((80 + n % 50, 24))));
        assert_eq!(resizes.take(), Some((80 + 999 % 50, 24)));
        assert_eq!(resizes.take(), None);
        assert!(
            resizes.offer((90, 25)),
            "taken: the next one wakes it again"
        );
    }

    #[test]
    fn bytes_that_are_no_key_are_skipped() {
        let mut input = Input::default();
        assert_eq!(
            keys(&mut input, b"\xff\x1b[99Xz"),
            [(KeyCode::Char('z'), NONE)]
        );
    }
}

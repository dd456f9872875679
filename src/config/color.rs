//! A colour as the config file writes it, independent of the terminal library: one of the
//! 16 terminal colour names (or `reset`, the terminal's own colour), a terminal colour
//! number, or a 24-bit hex colour. The screen converts it to its library's colour.

use std::fmt;
use std::str::FromStr;

use super::error::did_you_mean;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The terminal's default colour.
    Reset,
    Black,
    Red,
    Green,
    Yellow,
    Blue,
    Magenta,
    Cyan,
    Gray,
    DarkGray,
    LightRed,
    LightGreen,
    LightYellow,
    LightBlue,
    LightMagenta,
    LightCyan,
    White,
    /// A terminal colour number, 0-255.
    Indexed(u8),
    /// A 24-bit colour: red, green, blue.
    Rgb(u8, u8, u8),
}

/// The named colours, as the config file spells them.
#[rustfmt::skip]
pub const NAMED: [(&str, Color); 17] = [
    ("black", Color::Black), ("red", Color::Red), ("green", Color::Green),
    ("yellow", Color::Yellow), ("blue", Color::Blue), ("magenta", Color::Magenta),
    ("cyan", Color::Cyan), ("gray", Color::Gray), ("darkgray", Color::DarkGray),
    ("lightred", Color::LightRed), ("lightgreen", Color::LightGreen),
    ("lightyellow", Color::LightYellow), ("lightblue", Color::LightBlue),
    ("lightmagenta", Color::LightMagenta), ("lightcyan", Color::LightCyan),
    ("white", Color::White), ("reset", Color::Reset),
];

/// Spellings of the names read as ours, applied in order: `bright` for `light`, British
/// `grey`, and the terminal names for the bright black and white.
#[rustfmt::skip]
const ALIASES: [(&str, &str); 6] = [
    ("bright", "light"), ("grey", "gray"), ("silver", "gray"),
    ("lightblack", "darkgray"), ("lightwhite", "white"), ("lightgray", "white"),
];

/// A colour the config file cannot read, as written.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown colour \"{}\"", crate::core::words::excerpt(.0))]
pub struct UnknownColor(pub String);

impl UnknownColor {
    /// How to write a colour, with the closest name if this one looks like a typo.
    pub fn fix(&self) -> String {
        let names = NAMED.map(|(name, _)| name);
        let hint = did_you_mean(&self.0, names)
            .map(|name| format!("did you mean \"{name}\"? "))
            .unwrap_or_default();
        format!(
            "{hint}use a colour name ({}), a hex colour like \"#ff8800\", or a terminal colour \
             number 0-255",
            names.join(", ")
        )
    }
}

impl FromStr for Color {
    type Err = UnknownColor;

    /// A name in any case, with or without separators (`lightred`, `Light-Red`,
    /// `dark gray`, `grey`, `bright red`), `#rrggbb`, or a number 0-255.
    fn from_str(written: &str) -> Result<Color, UnknownColor> {
        let unknown = || UnknownColor(written.to_string());
        let text = written.trim();
        if let Some(hex) = text.strip_prefix('#') {
            return parse_hex(hex).ok_or_else(unknown);
        }
        if let Ok(number) = text.parse::<u8>() {
            return Ok(Color::Indexed(number));
        }
        let mut squashed = text.replace(['-', '_', ' '], "").to_lowercase();
        // Other spellings in use elsewhere (and accepted by earlier versions of this game).
        for (other, ours) in ALIASES {
            squashed = squashed.replace(other, ours);
        }
        let named = NAMED.iter().find(|(name, _)| *name == squashed);
        named.map(|&(_, color)| color).ok_or_else(unknown)
    }
}

fn parse_hex(hex: &str) -> Option<Color> {
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(Color::Rgb(byte(0)?, byte(2)?, byte(4)?))
}

impl fmt::Display for Color {
    /// As the config file writes it: `lightred`, `#ff8800` or `12`; reading it back gives
    /// the same colour.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Color::Rgb(r, g, b) => write!(f, "#{r:02x}{g:02x}{b:02x}"),
            Color::Indexed(i) => write!(f, "{i}"),
            named => {
                let name = NAMED.iter().find(|&&(_, color)| color == named);
                f.write_str(name.map_or("reset", |&(name, _)| name))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_read_leniently_and_print_as_the_file_writes_them() {
        for (text, color) in [
            ("lightred", Color::LightRed),
            ("Light-Green", Color::LightGreen),
            ("dark gray", Color::DarkGray),
            ("grey", Color::Gray),
            ("Bright Red", Color::LightRed),
            ("light-grey", Color::White),
            ("#FF8800", Color::Rgb(0xff, 0x88, 0x00)),
            ("12", Color::Indexed(12)),
        ] {
            assert_eq!(text.parse::<Color>(), Ok(color), "{text}");
        }
        for text in ["lightred", "darkgray", "reset", "#ff8800", "12"] {
            assert_eq!(text.parse::<Color>().unwrap().to_string(), text);
        }
        for bad in ["yelow", "#ff88", "#gg0000", "256", ""] {
            assert!(bad.parse::<Color>().is_err(), "{bad}");
        }
        let typo = "yelow".parse::<Color>().unwrap_err();
        assert_eq!(typo.to_string(), "unknown colour \"yelow\"");
        assert!(
            typo.fix().starts_with("did you mean \"yellow\"? "),
            "{}",
            typo.fix()
        );
    }
}

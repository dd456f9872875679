//! The symbols the two sides play with: any one visible character or emoji, one or two
//! terminal columns wide, different for the two sides.

use std::fmt;
use std::str::FromStr;

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

use crate::core::Side;
use crate::core::words::escape;

/// One side's symbol: exactly one grapheme cluster (what a person sees as one character, an
/// emoji with its modifiers included), visible, and 1 or 2 terminal columns wide. The grid
/// reserves two columns per symbol, so a double-width emoji keeps it aligned.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Symbol(String);

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SymbolError {
    #[error("the symbol is empty")]
    Empty,
    #[error("the symbol has {count} characters, a symbol is exactly one")]
    TooMany { count: usize },
    #[error("the symbol is whitespace or blank, which is invisible")]
    Whitespace,
    /// A control, formatting, private or unassigned character, or a lone accent: anything
    /// [`escape`] escapes, which terminals draw differently if at all.
    #[error(
        "the symbol holds a character a terminal does not draw on its own (a control, an \
         unassigned character, a lone accent)"
    )]
    Control,
    /// Zero columns (a lone combining mark) or more than two.
    #[error("the symbol is {width} terminal columns wide; it must be 1 or 2 to fit the grid")]
    Width { width: usize },
    #[error(
        "'{0}' is used in positions (- and . are empty cells, / separates rows), so a board \
         drawn with it would be ambiguous"
    )]
    PositionChar(char),
    #[error(
        "'{0}' is how hints write a move's value (W win, D draw, L loss), so a stone drawn \
         with it would read as a hint"
    )]
    HintChar(char),
    #[error(
        "'{0}' is {what}: the board draws it, so a stone drawn with it would be mistaken for it",
        what = board_mark(*.0).unwrap_or("a mark of the board")
    )]
    BoardMark(char),
    #[error("',' separates the two symbols in --symbols X,O, so it cannot be one of them")]
    Comma,
    /// Terminals draw these at different widths, which shifts everything after them on the
    /// line.
    #[error("{}", sequence(*.code_points))]
    Sequence { code_points: usize },
}

fn sequence(code_points: usize) -> String {
    if code_points == 1 {
        "the symbol is half of a flag (a regional indicator letter), which terminals draw at \
         different widths"
            .into()
    } else {
        format!(
            "the symbol is an emoji built from {code_points} code points (joined emoji, a flag, \
             a skin tone or a variation selector), which terminals draw at different widths"
        )
    }
}

/// The letters hints start with on the board (`W3`, `D`, `L2`).
pub const HINT_CHARS: [char; 6] = ['W', 'D', 'L', 'w', 'd', 'l'];

/// What the board draws with `c` besides the stones and the hints' letters, if anything.
/// `+ · ≤ ≥` (and `-`, an empty cell) are refused though the hints no longer draw them: a
/// stone must not look like a hint of any version.
pub fn board_mark(c: char) -> Option<&'static str> {
    Some(match c {
        '1'..='3' => "how the hints rank the best moves",
        '!' => "how the hints mark a move that must be played",
        '+' | '·' | '≤' | '≥' => "a mark of the hints",
        '[' | ']' => "the cursor's bracket",
        '•' => "the last move's dot",
        '…' => "the end of a shortened hint",
        '\u{2500}'..='\u{257F}' => "a box-drawing character, as the board's lines are",
        '\u{2580}'..='\u{259F}' => "a block element, as the board's shading is",
        _ => return None,
    })
}

pub const POSITION_CHARS: [char; 3] = ['-', '.', '/'];

impl SymbolError {
    pub fn fix(&self) -> &'static str {
        match self {
            SymbolError::PositionChar(_) | SymbolError::Comma => {
                "pick a character other than -, . and / (or a comma), e.g. `first = \"#\"` or \
                 `second = \"@\"`"
            }
            SymbolError::HintChar(_) => {
                "pick a character other than W, D, L (in either case), e.g. `first = \"#\"` \
                 or `second = \"@\"`"
            }
            SymbolError::BoardMark(_) => {
                "pick a character the board does not draw (not 1-3, !, +, ·, ≤, ≥, [, ], •, … or \
                 a box-drawing or block character), e.g. `first = \"#\"` or `second = \"@\"`"
            }
            SymbolError::Sequence { .. } => {
                "use a single-code-point symbol like \"🦀\", e.g. `first = \"🦀\"`"
            }
            _ => {
                "use exactly one visible character or emoji, e.g. `first = \"🦀\"` or \
                 `second = \"O\"`"
            }
        }
    }
}

/// Combining marks that put an accent on a letter (é as e + U+0301) and keep it one column
/// wide everywhere. Enclosing marks such as the keycap U+20E3 are left out: they turn the
/// character into an emoji of uncertain width.
fn is_accent(c: char) -> bool {
    matches!(c,
        '\u{0300}'..='\u{036F}'
        | '\u{1AB0}'..='\u{1AFF}'
        | '\u{1DC0}'..='\u{1DFF}'
        | '\u{20D0}'..='\u{20DC}'
        | '\u{FE20}'..='\u{FE2F}')
}

/// True for one code point, or a letter with accents one column wide: anything else of
/// several code points is an emoji sequence whose width depends on the terminal.
fn renders_at_one_width(text: &str) -> bool {
    let mut chars = text.chars();
    let Some(base) = chars.next() else {
        return true;
    };
    // A regional indicator letter: two of them make a flag.
    if ('\u{1F1E6}'..='\u{1F1FF}').contains(&base) {
        return false;
    }
    let rest = chars.as_str();
    rest.is_empty() || (base.is_alphabetic() && rest.chars().all(is_accent) && text.width() == 1)
}

/// Letters that draw as nothing: the blank Braille pattern and the Hangul fillers.
const BLANK: [char; 5] = ['\u{2800}', '\u{3164}', '\u{115f}', '\u{1160}', '\u{ffa0}'];

impl Symbol {
    /// Surrounding spaces are not trimmed: `" X"` is two characters, and saying so beats
    /// silently changing what the user wrote.
    pub fn new(text: &str) -> Result<Symbol, SymbolError> {
        match text.graphemes(true).count() {
            0 => return Err(SymbolError::Empty),
            1 => {}
            count => return Err(SymbolError::TooMany { count }),
        }
        if text
            .chars()
            .all(|c| c.is_whitespace() || BLANK.contains(&c))
        {
            return Err(SymbolError::Whitespace);
        }
        if escape(text) != text {
            return Err(SymbolError::Control);
        }
        if !renders_at_one_width(text) {
            let code_points = text.chars().count();
            return Err(SymbolError::Sequence { code_points });
        }
        let width = text.width();
        if !(1..=2).contains(&width) {
            return Err(SymbolError::Width { width });
        }
        if let Some(c) = text.chars().find(|c| POSITION_CHARS.contains(c)) {
            return Err(SymbolError::PositionChar(c));
        }
        if text == "," {
            return Err(SymbolError::Comma);
        }
        // The base character counts: D with an accent still reads as a draw.
        if let Some(c) = text.chars().next().filter(|c| HINT_CHARS.contains(c)) {
            return Err(SymbolError::HintChar(c));
        }
        if let Some(c) = text.chars().next().filter(|&c| board_mark(c).is_some()) {
            return Err(SymbolError::BoardMark(c));
        }
        Ok(Symbol(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Terminal columns: 1 or 2.
    pub fn width(&self) -> usize {
        self.0.width()
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The two sides' symbols, first side first; never the same.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Symbols([Symbol; 2]);

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SymbolsError {
    #[error("{} side: {error}{}", side.name(), sequence_fix(error))]
    Symbol { side: Side, error: SymbolError },
    #[error("{}", alike(.0, .1))]
    Same(Symbol, Symbol),
    #[error("expected two symbols separated by a comma, first side first, e.g. X,O or 🦀,🐙")]
    NotAPair,
    #[error(
        "the {} side cannot use '{symbol}': positions write {} letter, so the board would \
         read backwards against the position text",
        side.name(),
        match side { Side::First => "O, the second side's", Side::Second => "X, the first side's" }
    )]
    OtherSidesLetter { side: Side, symbol: Symbol },
}

/// `--symbols` has no line for the fix, so an emoji sequence's message says what to use.
fn sequence_fix(error: &SymbolError) -> &'static str {
    match error {
        SymbolError::Sequence { .. } => "; use a single-code-point symbol like 🦀",
        _ => "",
    }
}

fn alike(first: &Symbol, second: &Symbol) -> String {
    if first == second {
        format!("both sides use '{first}', so nobody could tell the stones apart")
    } else {
        format!(
            "'{first}' and '{second}' differ only in case, so the stones are too easy to confuse"
        )
    }
}

impl SymbolsError {
    pub fn fix(&self) -> &'static str {
        match self {
            SymbolsError::Symbol { error, .. } => error.fix(),
            SymbolsError::OtherSidesLetter { .. } => {
                "keep X for the first side and O for the second, or pick other symbols, e.g. \
                 `first = \"🦀\"` and `second = \"🐙\"`"
            }
            _ => {
                "give [symbols] `first` and `second` symbols that differ by more than case (the \
                 defaults are \"X\" and \"O\", so setting one side to the other's default \
                 needs both set)"
            }
        }
    }
}

impl Symbols {
    pub fn new(first: Symbol, second: Symbol) -> Result<Symbols, SymbolsError> {
        if first.as_str().to_lowercase() == second.as_str().to_lowercase() {
            return Err(SymbolsError::Same(first, second));
        }
        for (side, symbol, other) in [(Side::First, &first, "o"), (Side::Second, &second, "x")] {
            if symbol.as_str().to_lowercase() == other {
                let symbol = symbol.clone();
                return Err(SymbolsError::OtherSidesLetter { side, symbol });
            }
        }
        Ok(Symbols([first, second]))
    }

    pub fn get(&self, side: Side) -> &Symbol {
        &self.0[side.index()]
    }

    /// The widest of the two, so a grid can give both the same room.
    pub fn width(&self) -> usize {
        self.0[0].width().max(self.0[1].width())
    }
}

impl Default for Symbols {
    fn default() -> Symbols {
        Symbols(["X", "O"].map(|text| Symbol(text.into())))
    }
}

impl FromStr for Symbols {
    type Err = SymbolsError;

    /// `X,O`. A comma cannot be a symbol here; the config file can make it one.
    fn from_str(text: &str) -> Result<Symbols, SymbolsError> {
        let (first, second) = text.split_once(',').ok_or(SymbolsError::NotAPair)?;
        if second.contains(',') {
            return Err(SymbolsError::NotAPair);
        }
        let symbol = |side, text: &str| {
            Symbol::new(text).map_err(|error| SymbolsError::Symbol { side, error })
        };
        Symbols::new(symbol(Side::First, first)?, symbol(Side::Second, second)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_letters_emoji_and_double_width() {
        assert_eq!(Symbol::new("X").unwrap().width(), 1);
        assert_eq!(Symbol::new("🦀").unwrap().width(), 2);
        assert_eq!(Symbol::new("猫").unwrap().width(), 2);
        // A letter with a combining accent renders one column everywhere.
        assert_eq!(Symbol::new("e\u{301}").unwrap().width(), 1);
        assert_eq!(Symbol::new("☺").unwrap().width(), 1);
    }

    #[test]
    fn rejects_emoji_sequences_whose_width_depends_on_the_terminal() {
        let sequence = |text: &str| Symbol::new(text).unwrap_err();
        // A family joined with U+200D: 5 code points.
        assert_eq!(
            sequence("👨\u{200D}👩\u{200D}👧"),
            SymbolError::Sequence { code_points: 5 }
        );
        // A flag, a skin tone, a text glyph made emoji by a variation selector, a keycap.
        assert_eq!(sequence("🇫🇷"), SymbolError::Sequence { code_points: 2 });
        assert_eq!(sequence("👍🏽"), SymbolError::Sequence { code_points: 2 });
        assert_eq!(
            sequence("❤\u{FE0F}"),
            SymbolError::Sequence { code_points: 2 }
        );
        assert_eq!(
            sequence("1\u{FE0F}\u{20E3}"),
            SymbolError::Sequence { code_points: 3 }
        );
        // Half a flag is one code point but no steadier.
        assert_eq!(sequence("🇫"), SymbolError::Sequence { code_points: 1 });
        // An accent on an emoji is not a letter with an accent.
        assert_eq!(
            sequence("🦀\u{301}"),
            SymbolError::Sequence { code_points: 2 }
        );
        let err = sequence("👍🏽");
        assert!(err.to_string().contains("different widths"), "{err}");
        assert!(err.fix().contains("single-code-point symbol like \"🦀\""));
        // The flag's message carries the fix too.
        let flag = "👍🏽,O".parse::<Symbols>().unwrap_err().to_string();
        assert!(flag.contains("single-code-point symbol like 🦀"), "{flag}");
    }

    #[test]
    fn rejects_the_comma_that_separates_the_symbols_of_the_flag() {
        assert_eq!(Symbol::new(","), Err(SymbolError::Comma));
        assert!(Symbol::new(",").unwrap_err().fix().contains("comma"));
    }

    #[test]
    fn rejects_the_other_sides_letter_in_any_case() {
        for (text, side, symbol) in [
            ("O,X", Side::First, "O"),
            ("o,🐙", Side::First, "o"),
            ("🦀,X", Side::Second, "X"),
            ("🦀,x", Side::Second, "x"),
        ] {
            let err = text.parse::<Symbols>().unwrap_err();
            let expected = SymbolsError::OtherSidesLetter {
                side,
                symbol: Symbol::new(symbol).unwrap(),
            };
            assert_eq!(err, expected, "{text}");
            assert!(err.to_string().contains("backwards"), "{err}");
        }
        // Each side's own letter, in either case, is fine.
        assert!("x,o".parse::<Symbols>().is_ok());
        assert!("X,🐙".parse::<Symbols>().is_ok());
        assert!("🦀,O".parse::<Symbols>().is_ok());
    }

    #[test]
    fn rejects_what_cannot_be_seen_or_is_too_much() {
        assert_eq!(Symbol::new(""), Err(SymbolError::Empty));
        assert_eq!(Symbol::new("XO"), Err(SymbolError::TooMany { count: 2 }));
        assert_eq!(Symbol::new(" "), Err(SymbolError::Whitespace));
        assert_eq!(Symbol::new("\u{3000}"), Err(SymbolError::Whitespace));
        assert_eq!(Symbol::new("\t"), Err(SymbolError::Whitespace));
        assert_eq!(Symbol::new("\u{7}"), Err(SymbolError::Control));
        for blank in ["\u{2800}", "\u{3164}", "\u{ffa0}"] {
            assert_eq!(
                Symbol::new(blank),
                Err(SymbolError::Whitespace),
                "{blank:?}"
            );
        }
        for unseen in ["\u{10ffff}", "\u{fdd0}", "\u{e000}", "\u{202e}", "\u{200b}"] {
            assert_eq!(Symbol::new(unseen), Err(SymbolError::Control), "{unseen:?}");
        }
        assert_eq!(Symbol::new("\u{301}"), Err(SymbolError::Control));
    }

    #[test]
    fn rejects_the_characters_of_the_position_text() {
        for c in POSITION_CHARS {
            assert_eq!(
                Symbol::new(&c.to_string()),
                Err(SymbolError::PositionChar(c))
            );
        }
        // Look-alikes outside the position text are still fine.
        assert!(Symbol::new("∙").is_ok());
        assert!(Symbol::new("#").is_ok());
    }

    #[test]
    fn rejects_the_characters_hints_are_written_with() {
        for c in HINT_CHARS {
            let err = Symbol::new(&c.to_string()).unwrap_err();
            assert_eq!(err, SymbolError::HintChar(c));
            assert!(err.to_string().contains("read as a hint"), "{err}");
            assert!(err.fix().contains("W, D, L"), "{err}");
        }
        assert_eq!(
            Symbol::new("D\u{301}"),
            Err(SymbolError::HintChar('D')),
            "an accent does not hide the letter"
        );
        let err = "D,L".parse::<Symbols>().unwrap_err();
        assert!(
            matches!(
                err,
                SymbolsError::Symbol {
                    side: Side::First,
                    error: SymbolError::HintChar('D')
                }
            ),
            "{err}"
        );
        // Other letters are fine.
        assert!("A,B".parse::<Symbols>().is_ok());
    }

    #[test]
    fn rejects_what_the_board_draws() {
        for text in [
            "1", "3", "!", "+", "·", "≤", "≥", "[", "]", "•", "…", "─", "┼", "╋", "╿", "▀", "█",
        ] {
            let c = text.chars().next().unwrap();
            let err = Symbol::new(text).unwrap_err();
            assert_eq!(err, SymbolError::BoardMark(c), "{text}");
            assert!(err.to_string().contains("the board draws it"), "{err}");
            assert!(err.fix().contains("the board does not draw"), "{err}");
        }
        // The neighbours of the ranges, and digits the hints do not rank with, are fine.
        for text in ["4", "0", "\u{24FF}", "\u{25A0}", "#", "@"] {
            assert!(Symbol::new(text).is_ok(), "{text}");
        }
        let err = "≤,A".parse::<Symbols>().unwrap_err();
        assert_eq!(
            err,
            SymbolsError::Symbol {
                side: Side::First,
                error: SymbolError::BoardMark('≤')
            }
        );
    }

    #[test]
    fn rejects_one_letter_in_two_cases() {
        let err = "x,X".parse::<Symbols>().unwrap_err();
        assert!(matches!(err, SymbolsError::Same(_, _)), "{err}");
        assert!(err.to_string().contains("differ only in case"), "{err}");
        assert!("Ä,ä".parse::<Symbols>().is_err());
        assert!("X,O".parse::<Symbols>().is_ok());
    }

    #[test]
    fn pairs_parse_from_flag_text() {
        let symbols: Symbols = "🦀,🐙".parse().unwrap();
        assert_eq!(symbols.get(Side::First).as_str(), "🦀");
        assert_eq!(symbols.get(Side::Second).as_str(), "🐙");
        assert_eq!(symbols.width(), 2);
        assert_eq!("X".parse::<Symbols>(), Err(SymbolsError::NotAPair));
        assert_eq!("X,O,Z".parse::<Symbols>(), Err(SymbolsError::NotAPair));
        assert!(matches!(
            "X,X".parse::<Symbols>(),
            Err(SymbolsError::Same(_, _))
        ));
        assert!(matches!(
            ",O".parse::<Symbols>(),
            Err(SymbolsError::Symbol {
                side: Side::First,
                error: SymbolError::Empty
            })
        ));
    }
}

//! Words for messages. Every message that shows what the user typed or a file held goes
//! through [`quote`] or [`excerpt`]: a 10 MB word must not come back whole, and control
//! bytes (a terminal title sequence) must not reach the terminal raw. Text shown whole (a
//! path) goes through [`escape`], the same escaping without the cut.

use std::borrow::Cow;

use unicode_segmentation::UnicodeSegmentation;

/// Of the input, once escaped.
pub const EXCERPT_CHARS: usize = 40;

/// `a, b and c` (with `last` "and"), `a, b or c` (with "or"); one item alone, none empty.
pub fn listed(items: &[String], last: &str) -> String {
    match items.split_last() {
        Some((final_item, rest)) if !rest.is_empty() => {
            format!("{} {last} {final_item}", rest.join(", "))
        }
        _ => items.concat(),
    }
}

/// In any case, spaces around it ignored: how every list of named choices reads a name.
pub fn by_name<T: Copy>(all: &[T], name: impl Fn(T) -> &'static str, text: &str) -> Option<T> {
    all.iter()
        .copied()
        .find(|&item| name(item).eq_ignore_ascii_case(text.trim()))
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown {what} \"{}\": use {choices}", excerpt(.name))]
pub struct UnknownName {
    /// `mode`, `first player`.
    pub what: &'static str,
    pub name: String,
    /// `"bot", "humans" or "demo"`.
    pub choices: String,
}

/// `"a", "b" or "c"`.
pub fn quoted_choices<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<String> = names.map(|n| format!("\"{n}\"")).collect();
    listed(&names, "or")
}

/// One table of names for a set of values, so files, flags and messages spell them alike;
/// an alias is read, never written.
macro_rules! named_values {
    ($type:ident, $what:literal, [$(($variant:ident, $name:literal)),+ $(,)?]
        $(, alias ($alias:literal, $aliased:ident))?) => {
        impl $type {
            pub const ALL: [$type; [$($name),+].len()] = [$($type::$variant),+];

            pub const fn name(self) -> &'static str {
                match self {
                    $($type::$variant => $name),+
                }
            }
        }

        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for $type {
            type Err = $crate::core::words::UnknownName;

            fn from_str(text: &str) -> Result<$type, Self::Err> {
                use $crate::core::words::{by_name, quoted_choices, UnknownName};
                $(if text.trim().eq_ignore_ascii_case($alias) {
                    return Ok($type::$aliased);
                })?
                by_name(&Self::ALL, Self::name, text).ok_or_else(|| UnknownName {
                    what: $what,
                    name: text.to_string(),
                    choices: quoted_choices(Self::ALL.iter().map(|v| v.name()))
                        $(+ concat!(" (also called \"", $alias, "\")"))?,
                })
            }
        }
    };
}
pub(crate) use named_values;

/// Every character a terminal would act on rather than print (the controls, bidirectional
/// overrides, a stray combining mark) written as Rust writes it (`\u{1b}`, `\n`).
pub fn escape(text: &str) -> Cow<'_, str> {
    if text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(escaped(text, false).collect())
}

/// Escaped as [`escape`] does, quote marks too, and cut after [`EXCERPT_CHARS`] (then
/// `…`) between grapheme clusters: an emoji is never cut in half.
pub fn excerpt(text: &str) -> String {
    cut(text, true)
}

/// [`excerpt`] for text shown outside quote marks, whose quote marks are its own.
pub fn shortened(text: &str) -> String {
    cut(text, false)
}

fn cut(text: &str, quotes: bool) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for grapheme in escaped(text, quotes) {
        let width = grapheme.chars().count();
        if shown + width > EXCERPT_CHARS {
            out.push('…');
            return out;
        }
        out.push_str(&grapheme);
        shown += width;
    }
    out
}

/// Each grapheme cluster as shown. `str::escape_debug` escapes a combining mark only where
/// it starts the string, so a cluster keeps its accents and only a stray mark shows as
/// `\u{301}`; an emoji sequence's joiner (👩‍💻) is kept too. A path keeps its backslashes.
fn escaped(text: &str, quotes: bool) -> impl Iterator<Item = Cow<'_, str>> {
    const JOINER: char = '\u{200d}';
    text.graphemes(true).map(move |grapheme| match grapheme {
        "'" | "\"" | "\\" if !quotes => Cow::Borrowed(grapheme),
        _ if grapheme.starts_with(JOINER) || grapheme.ends_with(JOINER) => {
            Cow::Owned(grapheme.escape_debug().collect())
        }
        _ => {
            let parts: Vec<String> = grapheme
                .split(JOINER)
                .map(|part| part.escape_debug().collect())
                .collect();
            Cow::Owned(parts.join("\u{200d}"))
        }
    })
}

/// `'bad'`, `'\u{1b}]0;x\u{7}'`.
pub fn quote(text: &str) -> String {
    format!("'{}'", excerpt(text))
}

pub fn quote_char(ch: char) -> String {
    quote(ch.encode_utf8(&mut [0; 4]))
}

/// `at c3`, or `past` after the last cell.
pub fn at_cell<C: std::fmt::Display>(cell: Option<C>, past: &str) -> String {
    cell.map_or_else(|| past.to_string(), |cell| format!("at {cell}"))
}

/// `1 game`, `2 games`, `0 games`.
pub fn plural(count: u64, one: &str, many: &str) -> String {
    let noun = if count == 1 { one } else { many };
    format!("{count} {noun}")
}

/// `X has 4 stones and O has 5`.
pub fn stone_counts(x: u32, o: u32) -> String {
    let stones = plural(u64::from(x), "stone", "stones");
    format!("X has {stones} and O has {o}")
}

/// How every game with plain turns, X first, refuses stone counts that play cannot give.
pub fn turns_counts(x: u32, o: u32) -> String {
    let counts = stone_counts(x, o);
    format!("{counts}: X moves first, so X must have as many as O or one more")
}

/// `a 3x3 position has 9 cells, this one has 15` (or `more`, where the reader stopped
/// counting).
pub fn cell_count(board: Option<&str>, cells: usize, found: impl std::fmt::Display) -> String {
    let board = board.map(|board| format!(" {board}")).unwrap_or_default();
    format!("a{board} position has {cells} cells, this one has {found}")
}

/// `from 3 to 7`, or `3` when the range holds one value.
pub fn from_to(range: &std::ops::RangeInclusive<u8>) -> String {
    let (low, high) = (range.start(), range.end());
    if low == high {
        low.to_string()
    } else {
        format!("from {low} to {high}")
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `22nd`.
pub fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `Extreme tic-tac-toe`.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Each item's text on a line of its own: how a test compares a list of messages with the
/// text it expects.
#[cfg(test)]
pub fn one_per_line<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let texts: Vec<String> = items.into_iter().map(|item| item.to_string()).collect();
    texts.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_plain_text_is_quoted_as_it_is() {
        assert_eq!(quote("b3"), "'b3'");
        assert_eq!(quote(""), "''");
        assert_eq!(quote("🦀猫"), "'🦀猫'");
    }

    #[test]
    fn control_characters_and_quotes_are_escaped() {
        assert_eq!(quote("a\u{1b}]0;pwn\u{7}b"), "'a\\u{1b}]0;pwn\\u{7}b'");
        assert_eq!(quote("\n\t"), "'\\n\\t'");
        assert_eq!(quote("it's"), "'it\\'s'");
        assert_eq!(quote_char('\u{1b}'), "'\\u{1b}'");
        assert_eq!(quote_char('Q'), "'Q'");
    }

    #[test]
    fn escaping_keeps_text_and_shows_what_a_terminal_would_act_on() {
        assert_eq!(
            escape("/home/jo/it's \\ \"x\" 🦀 é"),
            "/home/jo/it's \\ \"x\" 🦀 é"
        );
        assert_eq!(
            escape("a\u{1b}]0;pwn\u{7}\u{1b}[2J\u{202e}z"),
            "a\\u{1b}]0;pwn\\u{7}\\u{1b}[2J\\u{202e}z"
        );
        assert_eq!(escape("two\nlines"), "two\\nlines");
        assert_eq!(escape("👩\u{200d}💻 \u{200d}"), "👩\u{200d}💻 \\u{200d}");
    }

    #[test]
    fn long_input_is_cut_after_forty_characters() {
        let long = "x".repeat(10 * 1024 * 1024);
        let shown = quote(&long);
        assert_eq!(shown, format!("'{}…'", "x".repeat(EXCERPT_CHARS)));
        // Exactly the limit is shown whole; escapes count as what they print.
        assert_eq!(
            excerpt(&"y".repeat(EXCERPT_CHARS)),
            "y".repeat(EXCERPT_CHARS)
        );
        let escapes = excerpt(&"\u{7}".repeat(100));
        assert!(escapes.chars().count() <= EXCERPT_CHARS + 1, "{escapes}");
        assert!(escapes.ends_with("\\u{7}…"), "{escapes}");
    }

    #[test]
    fn an_emoji_or_an_accent_is_never_cut_in_half() {
        let family = "👨‍👩‍👧"; // one cluster of five code points
        let text = format!("{}{family}", "a".repeat(EXCERPT_CHARS - 2));
        assert_eq!(
            excerpt(&text),
            format!("{}…", "a".repeat(EXCERPT_CHARS - 2))
        );
        assert_eq!(excerpt("e\u{301}"), "e\u{301}");
        assert_eq!(excerpt("\u{301}"), "\\u{301}");
    }

    #[test]
    fn positions_are_refused_in_the_same_words_in_every_game() {
        assert_eq!(
            turns_counts(1, 0),
            "X has 1 stone and O has 0: X moves first, so X must have as many as O or one more"
        );
        assert_eq!(stone_counts(4, 5), "X has 4 stones and O has 5");
        assert_eq!(
            cell_count(None, 16, 15),
            "a position has 16 cells, this one has 15"
        );
        assert_eq!(
            cell_count(Some("3x3"), 9, "more"),
            "a 3x3 position has 9 cells, this one has more"
        );
    }

    #[test]
    fn a_range_of_one_value_is_that_value() {
        assert_eq!(from_to(&(3..=7)), "from 3 to 7");
        assert_eq!(from_to(&(3..=3)), "3");
    }

    #[test]
    fn counts_take_the_noun_they_need() {
        assert_eq!(plural(1, "ply", "plies"), "1 ply");
        assert_eq!(plural(2, "ply", "plies"), "2 plies");
        assert_eq!(plural(0, "game", "games"), "0 games");
    }
}

//! The record's syntax, apart from any game: tag lines, then the move text (move numbers,
//! moves with their glyphs, `{comments}`) and the result. What a move means is the game's
//! business (`super::read` replays them); here a move is a word.

use std::fmt::Write;

use super::{RecordError, at};
use crate::core::words::{escape, quote};

/// One `[Name "value"]` line, with the line it stood on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tag {
    pub name: String,
    pub value: String,
    pub line: usize,
}

/// A judgement written after a move, as chess writes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Glyph {
    Good,
    Brilliant,
    Interesting,
    Dubious,
    Mistake,
    Blunder,
}

impl Glyph {
    const ALL: [(Glyph, &'static str); 6] = [
        (Glyph::Brilliant, "!!"),
        (Glyph::Blunder, "??"),
        (Glyph::Interesting, "!?"),
        (Glyph::Dubious, "?!"),
        (Glyph::Good, "!"),
        (Glyph::Mistake, "?"),
    ];

    pub fn text(self) -> &'static str {
        Glyph::ALL
            .iter()
            .find(|(glyph, _)| *glyph == self)
            .map_or("", |(_, text)| text)
    }

    /// Splits a glyph off the end of a move word: `d4??` is `d4` and a blunder.
    fn split(word: &str) -> (&str, Option<Glyph>) {
        Glyph::ALL
            .iter()
            .find_map(|&(glyph, text)| word.strip_suffix(text).map(|rest| (rest, Some(glyph))))
            .unwrap_or((word, None))
    }
}

/// One move as written: its word (the game reads it), whether it is marked as a bonus move
/// (`+B3c1`), its glyph and the comment after it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct WrittenMove {
    pub word: String,
    pub bonus: bool,
    pub glyph: Option<Glyph>,
    pub comment: Option<String>,
    pub line: usize,
}

#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Parts {
    pub tags: Vec<Tag>,
    /// A comment before the first move (about the whole game).
    pub preface: Option<String>,
    pub moves: Vec<WrittenMove>,
    /// The result token closing the move text, and its line.
    pub result: Option<(String, usize)>,
}

pub fn parse(text: &str) -> Result<Parts, RecordError> {
    let mut parts = Parts::default();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l)).peekable();
    // Tags first, each on its line; blank lines may stand among them.
    while let Some(&(number, line)) = lines.peek() {
        let line = line.trim();
        if line.starts_with('[') {
            parts.tags.push(tag(line, number)?);
        } else if !line.is_empty() {
            break;
        }
        lines.next();
    }
    let mut words = Words::default();
    for (number, line) in lines {
        words.line(line, number, &mut parts)?;
    }
    if let Some(start) = words.open_comment {
        return Err(at(start, "a comment opened with { is never closed with }"));
    }
    Ok(parts)
}

/// Reads one tag line: `[Name "value"]`, the value with `\"` and `\\` escaped.
fn tag(line: &str, number: usize) -> Result<Tag, RecordError> {
    let error = |problem: &str| at(number, problem);
    let not_a_tag = |more: &str| {
        let problem = format!("{} is not a tag: write [Name \"value\"]{more}", quote(line));
        error(&problem)
    };
    let inner = line.strip_prefix('[').and_then(|l| l.strip_suffix(']'));
    let inner = inner.ok_or_else(|| not_a_tag(""))?;
    let (name, rest) = inner.split_once(' ').unwrap_or((inner, ""));
    let valid_name = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric());
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'));
    let (true, Some(quoted)) = (valid_name, quoted) else {
        return Err(not_a_tag(", the name in letters and digits"));
    };
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(escaped @ ('"' | '\\')) => value.push(escaped),
                _ => return Err(error("in a tag's value, \\ goes only before \" or \\")),
            },
            '"' => return Err(error("a \" in a tag's value is written \\\"")),
            c => value.push(c),
        }
    }
    if escape(&value) != value.as_str() {
        return Err(error("a tag's value cannot hold control characters"));
    }
    Ok(Tag {
        name: name.to_string(),
        value,
        line: number,
    })
}

/// The move text's reader, a line at a time (a comment may run over several lines).
#[derive(Default)]
struct Words {
    /// The line a comment still open began on, and its text so far.
    open_comment: Option<usize>,
    comment: String,
}

impl Words {
    fn line(&mut self, line: &str, number: usize, parts: &mut Parts) -> Result<(), RecordError> {
        let error = |problem: String| at(number, problem);
        let mut rest = line;
        loop {
            if self.open_comment.is_some() {
                match rest.split_once('}') {
                    Some((inside, after)) => {
                        self.comment.push_str(inside);
                        self.close_comment(parts)?;
                        rest = after;
                    }
                    None => {
                        self.comment.push_str(rest);
                        self.comment.push(' ');
                        return Ok(());
                    }
                }
                continue;
            }
            rest = rest.trim_start();
            if rest.is_empty() {
                return Ok(());
            }
            if let Some(after) = rest.strip_prefix('{') {
                self.open_comment = Some(number);
                rest = after;
                continue;
            }
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{')
                .unwrap_or(rest.len());
            let (word, after) = rest.split_at(end);
            rest = after;
            if parts.result.is_some() {
                return Err(error(format!(
                    "{} follows the result, which ends the moves",
                    quote(word)
                )));
            }
            if super::result_of_token(word).is_some() {
                parts.result = Some((word.to_string(), number));
            } else if !is_move_number(word) {
                parts.moves.push(written_move(word, number).map_err(error)?);
            }
        }
    }

    /// A closed comment belongs to the move before it, or to the game before any move.
    /// Like a tag's value it holds no control characters (its spacing is its own).
    fn close_comment(&mut self, parts: &mut Parts) -> Result<(), RecordError> {
        let line = self.open_comment.take().unwrap_or_default();
        let text = std::mem::take(&mut self.comment);
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if escape(&text) != text.as_str() {
            return Err(at(line, "a comment cannot hold control characters"));
        }
        let slot = match parts.moves.last_mut() {
            Some(last) => &mut last.comment,
            None => &mut parts.preface,
        };
        *slot = Some(match slot.take() {
            Some(before) => format!("{before} {text}"),
            None => text,
        });
        Ok(())
    }
}

/// `12.` or `12...` (a number before the second side's move).
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn written_move(word: &str, line: usize) -> Result<WrittenMove, String> {
    let (bonus, rest) = match word.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, word),
    };
    let (name, glyph) = Glyph::split(rest);
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(format!(
            "{} is not a move: a move is a cell's name (e.g. b2), + before a bonus move, \
             and ! or ? after it",
            quote(word)
        ));
    }
    Ok(WrittenMove {
        word: name.to_string(),
        bonus,
        glyph,
        comment: None,
        line,
    })
}

pub fn write_tag(out: &mut String, name: &str, value: &str) {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{value}\"]");
}

/// Writes a comment: `}` cannot stand in one, and is left out.
pub fn write_comment(text: &str) -> String {
    format!("{{{}}}", text.replace(['{', '}'], ""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_moves_glyphs_comments_and_the_result_come_apart() {
        let text = "[Record \"1\"]\n[Name \"a \\\"quoted\\\" \\\\ value\"]\n\n{about the game}\n\
                    1. a1 b2?? {a blunder,\nover two lines} 2. +c3! 2... d4 1-0\n";
        let parts = parse(text).unwrap();
        assert_eq!(parts.tags.len(), 2);
        assert_eq!(parts.tags[1].value, "a \"quoted\" \\ value");
        assert_eq!(parts.preface.as_deref(), Some("about the game"));
        let words: Vec<_> = parts.moves.iter().map(|m| m.word.as_str()).collect();
        assert_eq!(words, ["a1", "b2", "c3", "d4"]);
        assert_eq!(parts.moves[1].glyph, Some(Glyph::Blunder));
        assert_eq!(
            parts.moves[1].comment.as_deref(),
            Some("a blunder, over two lines")
        );
        assert!(parts.moves[2].bonus && parts.moves[2].glyph == Some(Glyph::Good));
        assert_eq!(parts.moves[3].line, 6);
        assert_eq!(parts.result, Some(("1-0".into(), 6)));
    }

    #[test]
    fn mistakes_name_their_line() {
        let line_of = |text: &str| parse(text).unwrap_err().line.unwrap();
        assert_eq!(line_of("[Record \"1\"\n"), 1);
        assert_eq!(line_of("[Record 1]\n"), 1);
        assert_eq!(line_of("[Re cord \"1\"]\n"), 1);
        assert_eq!(line_of("[A \"x\"]\n\n1. a1 {never closed\n"), 3);
        assert_eq!(line_of("[A \"x\"]\n1. a1 1-0\nb2\n"), 3);
        assert_eq!(line_of("1. a1 b$2\n"), 1);
        assert!(
            parse("1. \u{1b}]0;title\u{7}\n")
                .unwrap_err()
                .problem
                .contains("\\u{1b}")
        );
    }

    #[test]
    fn tags_and_comments_write_back_as_they_read() {
        let mut out = String::new();
        write_tag(&mut out, "Name", "say \"hi\" \\ bye");
        out.push_str(&write_comment("no } here"));
        let parts = parse(&format!("{out}\n1. a1")).unwrap();
        assert_eq!(parts.tags[0].value, "say \"hi\" \\ bye");
        // The comment stood before the first move: the game's.
        assert_eq!(parts.preface.as_deref(), Some("no here"));
    }
}

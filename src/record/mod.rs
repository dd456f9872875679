//! Game records: one plain-text file a game, as chess keeps its games in PGN (the format:
//! docs/records.md). [`read`] replays the moves, so a record that reads is a game that was
//! played by the rules.

pub mod text;

use std::fmt::Write;
use std::io;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::core::bounded::{self, Kind, Refused};
use crate::core::game_loop::{End, Played};
use crate::core::words::quote;
use crate::core::{Game, Move, Position, Side, Status};
use crate::games::{self, GameChoice};
pub use text::Glyph;
use text::WrittenMove;

/// The record format this build writes and reads; a record of a later one is refused
/// with what it is rather than misread.
pub const VERSION: u32 = 1;

/// The tag of the format's version, first in every record: `[Format "1"]`. Records written
/// before it was renamed begin `[Record "1"]`, which read as a record's number, where only
/// `tictaclatin games` numbers records (and its numbers change as games are added).
const FORMAT_TAGS: [&str; 2] = ["Format", "Record"];

/// A record's caps: a 170-move extreme game takes about 2 KB, and its lines are short (a
/// position tag is under 300 bytes).
pub const KIND: Kind = Kind {
    name: "a game record",
    largest: "a long game takes a few KB",
    file_cap: 4 * 1024 * 1024,
    line_cap: 16 * 1024,
};

/// The results as chess writes them; `*` is a game not finished.
const RESULTS: [(Status, &str); 4] = [
    (Status::Won(Side::First), "1-0"),
    (Status::Won(Side::Second), "0-1"),
    (Status::Draw, "1/2-1/2"),
    (Status::InPlay, "*"),
];

pub fn result_token(result: Status) -> &'static str {
    RESULTS
        .iter()
        .find(|(s, _)| *s == result)
        .map_or("*", |r| r.1)
}

fn result_of_token(token: &str) -> Option<Status> {
    RESULTS.iter().find(|(_, t)| *t == token).map(|r| r.0)
}

/// One move of a record, and what was written about it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveEntry {
    pub mv: Move,
    pub glyph: Option<Glyph>,
    pub comment: Option<String>,
}

impl MoveEntry {
    pub fn new(mv: Move) -> MoveEntry {
        MoveEntry {
            mv,
            glyph: None,
            comment: None,
        }
    }
}

/// How a game ended, as the `Termination` tag writes it: the end's own words, but a win by
/// the rules is a `line`.
pub fn termination(end: End) -> String {
    match end {
        End::Won => "line".to_string(),
        other => other.to_string(),
    }
}

/// Ends that are not the position's: the game stopped before the rules ended it.
const FORFEITS: [&str; 3] = ["time out", "invalid move", "resigned"];

/// A game as kept: made as it is played, or by [`read`] from a file.
#[derive(Clone)]
pub struct Record {
    pub game: Arc<dyn Game>,
    /// Every tag but `Record`, `Game`, `Start` and `Result` (the fields below), in order; a
    /// tag a later build wrote is kept as it was.
    pub tags: Vec<(String, String)>,
    /// The position the game started from, when not the empty board.
    pub start: Option<Box<dyn Position>>,
    /// A comment on the whole game.
    pub preface: Option<String>,
    pub moves: Vec<MoveEntry>,
    /// `InPlay` for a game not finished (or a result not known).
    pub outcome: Status,
}

impl Record {
    pub fn new(game: Arc<dyn Game>) -> Record {
        Record {
            game,
            tags: Vec::new(),
            start: None,
            preface: None,
            moves: Vec::new(),
            outcome: Status::InPlay,
        }
    }

    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// In its place if it is there, else at the end.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// Closes the record of a game played out: its result, how it ended and the contest's
    /// points where the game scores them.
    pub fn finish(&mut self, played: &Played) {
        self.outcome = played.winner.map_or(Status::Draw, Status::Won);
        self.set_tag("Termination", termination(played.end));
        if let Some([first, second]) = played.points {
            self.set_tag("Points", format!("{first}-{second}"));
        }
    }

    pub fn start_position(&self) -> Box<dyn Position> {
        self.start.clone().unwrap_or_else(|| self.game.start())
    }

    /// Every position of the game, the start first; the moves were checked when the record
    /// was made or read.
    pub fn positions(&self) -> Vec<Box<dyn Position>> {
        let mut positions = vec![self.start_position()];
        for m in &self.moves {
            match positions.last().expect("the start").play(m.mv) {
                Ok(next) => positions.push(next),
                Err(_) => break,
            }
        }
        positions
    }

    pub fn to_text(&self) -> String {
        let mut out = String::new();
        text::write_tag(&mut out, FORMAT_TAGS[0], &VERSION.to_string());
        text::write_tag(&mut out, "Game", &self.game.key());
        for (name, value) in &self.tags {
            text::write_tag(&mut out, name, value);
        }
        if let Some(start) = &self.start {
            text::write_tag(&mut out, "Start", &start.text());
        }
        text::write_tag(&mut out, "Result", result_token(self.outcome));
        out.push('\n');
        let mut words = Vec::new();
        if let Some(preface) = &self.preface {
            words.push(text::write_comment(preface));
        }
        let mut number = 1;
        for (i, (m, position)) in self.moves.iter().zip(self.positions()).enumerate() {
            let bonus = self.game.bonus_move(position.as_ref());
            // A number stays on the line of the move it numbers.
            let numbered = match position.to_move() {
                Side::First if !bonus => format!("{number}. "),
                Side::Second if i == 0 => format!("{number}... "),
                _ => String::new(),
            };
            if !numbered.is_empty() {
                number += 1;
            }
            let mark = if bonus { "+" } else { "" };
            let glyph = m.glyph.map_or("", Glyph::text);
            let name = self.game.move_name(position.as_ref(), m.mv);
            words.push(format!("{numbered}{mark}{name}{glyph}"));
            if let Some(comment) = &m.comment {
                words.push(text::write_comment(comment));
            }
        }
        words.push(result_token(self.outcome).to_string());
        wrap(&mut out, &words, 79);
        out
    }
}

impl std::fmt::Debug for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// Words in lines of at most `width` columns (a longer word stands alone).
fn wrap(out: &mut String, words: &[String], width: usize) {
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            let _ = writeln!(out, "{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    let _ = writeln!(out, "{line}");
}

/// A moment as a record's tags write it, in UTC: (`2026-11-24`, `19:40:12`). A clock outside
/// 1970..=9999 is held to that range: a four-digit year, and `time` panics past it.
pub fn utc(moment: SystemTime) -> (String, String) {
    let last = UNIX_EPOCH + Duration::from_secs(253_402_300_799);
    let t = time::UtcDateTime::from(moment.clamp(UNIX_EPOCH, last));
    let (year, month, day) = (t.year(), u8::from(t.month()), t.day());
    (
        format!("{year:04}-{month:02}-{day:02}"),
        format!("{:02}:{:02}:{:02}", t.hour(), t.minute(), t.second()),
    )
}

/// A moment as a record's file name starts: `20261124-194012`, so names sort by time.
pub fn file_stamp(moment: SystemTime) -> String {
    let (date, time) = utc(moment);
    format!("{}-{}", date.replace('-', ""), time.replace(':', ""))
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{}{problem}", .line.map(|line| format!("line {line}: ")).unwrap_or_default())]
pub struct RecordError {
    pub line: Option<usize>,
    pub problem: String,
}

fn at(line: usize, problem: impl Into<String>) -> RecordError {
    RecordError {
        line: Some(line),
        problem: problem.into(),
    }
}

fn whole(problem: impl Into<String>) -> RecordError {
    RecordError {
        line: None,
        problem: problem.into(),
    }
}

/// Reads a record file, within caps no record comes near: a huge file, a binary one or
/// `/dev/zero` is refused without being read whole.
pub fn read_file(path: &Path) -> Result<Record, RecordError> {
    read(&read_text(path)?)
}

fn read_text(path: &Path) -> Result<String, RecordError> {
    let kib = KIND.line_cap / 1024;
    bounded::read_text_file(path, &KIND).map_err(|e| match bounded::refusal(&e) {
        Some(Refused::LongLine { line, .. }) => {
            at(*line, format!("longer than {kib} KiB: not a game record"))
        }
        Some(Refused::NotText(line)) => at(*line, "not UTF-8 text: not a game record"),
        Some(refused) => whole(refused.to_string()),
        None if e.kind() == io::ErrorKind::NotFound => whole("no such file"),
        None => whole(format!("cannot read it: {e}")),
    })
}

/// The tags of a record file alone (`Game`, `Result`, `First`...), without replaying its
/// moves: for listing many records quickly. Refused as [`read`] refuses them: no `[Game]`
/// tag, or one naming no game this build knows.
pub fn read_tags(path: &Path) -> Result<Vec<(String, String)>, RecordError> {
    let text = read_text(path)?;
    // The tags stand at the top, one a line, blank lines among them.
    let head = text.split_inclusive('\n').take_while(|line| {
        let line = line.trim();
        line.is_empty() || line.starts_with('[')
    });
    let parts = text::parse(&text[..head.map(str::len).sum()])?;
    let mut tags = parts.tags.into_iter();
    check_version(tags.next())?;
    let tags: Vec<text::Tag> = tags.collect();
    let game = tags.iter().find(|tag| tag.name == "Game");
    let game = game.ok_or_else(no_game)?;
    game_of(&game.value).map_err(|e| at(game.line, e))?;
    Ok(tags.into_iter().map(|tag| (tag.name, tag.value)).collect())
}

/// The first tag is `[Format "1"]` (or `[Record "1"]`), of a format this build reads.
fn check_version(first: Option<text::Tag>) -> Result<(), RecordError> {
    let version = first.filter(|tag| FORMAT_TAGS.contains(&tag.name.as_str()));
    let not_one = "not a tictaclatin game record: one starts with [Format \"1\"]";
    let version = version.ok_or_else(|| at(1, not_one))?;
    let problem = match version.value.parse::<u32>() {
        Ok(VERSION) => return Ok(()),
        Ok(v) if v > VERSION => format!(
            "written by a newer tictaclatin (record format {v}); this one reads format {VERSION}"
        ),
        _ => format!("{} is not a record format", quote(&version.value)),
    };
    Err(at(version.line, problem))
}

/// Reads a record's text and replays its moves: every move legal, every bonus mark where
/// a bonus move was, and the result the one the last position shows (or a forfeit's).
pub fn read(text: &str) -> Result<Record, RecordError> {
    read_with(text, game_of)
}

/// Reads a record of a game found by `game_of` from its `[Game]` tag (the list of games,
/// or a game the tests make).
pub fn read_with(
    text: &str,
    game_of: impl Fn(&str) -> Result<Arc<dyn Game>, String>,
) -> Result<Record, RecordError> {
    if text.trim().is_empty() {
        return Err(whole("the file is empty: not a game record"));
    }
    let parts = text::parse(text)?;
    let mut tags = parts.tags.into_iter();
    check_version(tags.next())?;
    let (mut game, mut start, mut outcome, mut others) = (None, None, None, Vec::new());
    for tag in tags {
        match tag.name.as_str() {
            name if FORMAT_TAGS.contains(&name) => {
                return Err(at(tag.line, format!("a second format tag, [{name}]")));
            }
            "Game" => game = Some(game_of(&tag.value).map_err(|e| at(tag.line, e))?),
            "Start" => start = Some((tag.value, tag.line)),
            "Result" => {
                let problem = format!("{} is not a result: {RESULT_WORDS}", quote(&tag.value));
                let read = result_of_token(&tag.value).ok_or_else(|| at(tag.line, problem))?;
                outcome = Some((read, tag.line));
            }
            _ => others.push((tag.name, tag.value)),
        }
    }
    let game = game.ok_or_else(no_game)?;
    let (outcome, result_line) =
        outcome.ok_or_else(|| whole(format!("no [Result] tag: {RESULT_WORDS}")))?;
    let mut record = Record::new(game);
    record.tags = others;
    if let Some((text, line)) = start {
        let position = record
            .game
            .parse_position(&text)
            .map_err(|e| at(line, format!("the start position: {e}")))?;
        record.start = Some(position);
    }
    record.preface = parts.preface;
    let last = replay(&mut record, &parts.moves)?;
    let (token, token_line) = parts.result.ok_or_else(|| {
        whole(format!(
            "the moves end without a result ({}): is the file cut short?",
            RESULTS.map(|r| r.1).join(", ")
        ))
    })?;
    let tagged = result_token(outcome);
    if token != tagged {
        let problem = format!("the moves end in {token} but the [Result] tag says {tagged}");
        return Err(at(token_line, problem));
    }
    check_outcome(&record, last.as_ref(), outcome).map_err(|e| at(result_line, e))?;
    record.outcome = outcome;
    Ok(record)
}

fn no_game() -> RecordError {
    whole("no [Game] tag: which game is it?")
}

const RESULT_WORDS: &str = "1-0 (the first player won), 0-1, 1/2-1/2 (a draw) or * (unfinished)";

fn game_of(key: &str) -> Result<Arc<dyn Game>, String> {
    let choice = GameChoice::from_key(key)
        .ok_or_else(|| format!("{} is no game this build knows", quote(key)))?;
    games::build(choice).map_err(|e| e.to_string())
}

/// The last position.
fn replay(record: &mut Record, moves: &[WrittenMove]) -> Result<Box<dyn Position>, RecordError> {
    let mut position = record.start_position();
    for (i, written) in moves.iter().enumerate() {
        let said = format!("move {} ({})", i + 1, written.word);
        let error = |problem: String| at(written.line, format!("{said}{problem}"));
        let mv = record
            .game
            .parse_move(position.as_ref(), &written.word)
            .map_err(|e| error(format!(": {e}")))?;
        let bonus = record.game.bonus_move(position.as_ref());
        if written.bonus != bonus {
            return Err(error(match bonus {
                true => " is a bonus move: write it +".into(),
                false => " is marked + but is no bonus move".into(),
            }));
        }
        position = position
            .play(mv)
            .map_err(|e| error(format!(" is illegal: {e}")))?;
        record.moves.push(MoveEntry {
            mv,
            glyph: written.glyph,
            comment: written.comment.clone(),
        });
    }
    Ok(position)
}

/// The result agrees with the last position: the one it shows where the rules ended the
/// game, a win for either side where a forfeit did, anything but a result where the
/// game is still in play and nothing ended it.
fn check_outcome(record: &Record, last: &dyn Position, outcome: Status) -> Result<(), String> {
    let shown = last.status();
    let forfeit = record
        .tag("Termination")
        .is_some_and(|end| FORFEITS.contains(&end));
    match (shown, outcome) {
        (Status::InPlay, Status::InPlay) => Ok(()),
        (Status::InPlay, Status::Won(_)) if forfeit => Ok(()),
        (Status::InPlay, _) => Err(format!(
            "the result is {} but the game is still in play after the last move (a game \
             stopped early is *, or says how it ended: [Termination \"time out\"])",
            result_token(outcome)
        )),
        (shown, outcome) if shown == outcome => Ok(()),
        (shown, _) => Err(format!(
            "the result is {} but the last position's is {}",
            result_token(outcome),
            result_token(shown)
        )),
    }
}

#[cfg(test)]
mod tests;

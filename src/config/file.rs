//! Reading a config file: serde reads it into a [`Layer`] (stopping at the first mistake),
//! and this says where a mistake is and how to fix it; then checks what only values together
//! can get wrong (the two symbols, the game, a key bound twice).

use std::ops::Range;

use serde::Deserialize;
use toml::de::{DeTable, DeValue, Deserializer};

use super::error::{did_you_mean, line_col};
use super::values::{self, Mistake};
use super::{ConfigError, ErrorKind, Layer, Origin, Settings, quoted_choices};
use crate::core::words::{from_to, shortened};
use crate::games::{self, GameChoice, GameError, Part};
use crate::keys::{Action, KeyBindings};
use crate::symbols::SymbolsError;

/// The built-in defaults with a config file's text on top.
pub fn parse(text: &str, origin: Origin) -> Result<Settings, ConfigError> {
    let file = File { text, origin };
    let document = DeTable::parse(text).map_err(|e| file.syntax(&e))?;
    let layer = values::read(|| Layer::deserialize(Deserializer::from(document.clone())));
    let layer = layer.map_err(|(e, mistake)| file.refused(&e, mistake, document.get_ref()))?;
    let mut settings = Settings::default();
    file.symbols(&layer, &settings, document.get_ref())?;
    settings.apply(&layer);
    file.game(settings.game, document.get_ref())?;
    file.keys(&settings.keys, document.get_ref())?;
    Ok(settings)
}

/// The keys a table may hold (`""`: the top level), as serde lists them when it refuses a key
/// it does not know: the fields of [`Layer`] are the one list.
pub fn keys_of(table: &str) -> Vec<String> {
    let probe = match table {
        "" => "\"\" = 0".to_string(),
        _ => format!("[{table}]\n\"\" = 0"),
    };
    let Err(refused) = toml::from_str::<Layer>(&probe) else {
        return vec![];
    };
    let listed = refused
        .message()
        .split_once("expected")
        .map_or("", |(_, list)| list);
    listed
        .split('`')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// Keys renamed: the old dotted key, its new name and what it sets.
const RENAMED_KEYS: [(&str, &str, &str); 1] = [(
    "game.movetime_ms",
    "bot_time_ms",
    "how long a searching bot thinks per move, in milliseconds",
)];

/// An example of each key's value, for the fixes ("write it like `size = 5`").
fn example(key: &str) -> &'static str {
    match key {
        "color" => "false",
        "game.kind" => "\"classic\"",
        "game.size" => "5",
        "game.in_a_row" => "4",
        "game.mode" => "\"bot\"",
        "game.first" => "\"you\"",
        "game.difficulty" => "\"perfect\"",
        "game.hints" => "\"auto\"",
        "game.bot_delay_ms" => "500",
        "game.bot_time_ms" | "game.movetime_ms" => "1000",
        _ if key.starts_with("symbols.") => "\"🦀\"",
        _ if key.starts_with("names.") => "\"Ada\"",
        _ if key.starts_with("colors.") => "\"lightred\"",
        _ => "[\"u\", \"ctrl-z\"]",
    }
}

type Checked<T> = Result<T, ConfigError>;

struct File<'t> {
    text: &'t str,
    origin: Origin,
}

impl File<'_> {
    fn error(
        &self,
        span: Range<usize>,
        key: &str,
        kind: ErrorKind,
        problem: String,
        fix: String,
    ) -> ConfigError {
        ConfigError {
            position: Some(line_col(self.text, span.start)),
            key: Some(key.to_string()).filter(|key| !key.is_empty()),
            ..ConfigError::new(self.origin.clone(), kind, problem, fix)
        }
    }

    fn syntax(&self, e: &toml::de::Error) -> ConfigError {
        let message = e.message().trim().replace('\n', "; ");
        let fix = if message.contains("duplicate") {
            "each key and each [table] may appear only once: merge or remove the repeat"
        } else {
            "write `key = value` lines under `[table]` headers, with text in double quotes \
             (first = \"X\"); `tictaclatin config init` writes a correct file to start from"
        };
        let problem = format!("this is not valid TOML: {message}");
        let error = self.error(0..0, "", ErrorKind::Syntax, problem, fix.into());
        ConfigError {
            position: e.span().map(|span| line_col(self.text, span.start)),
            ..error
        }
    }

    /// What serde refused, said for the key or value at the error's span (`mistake`: what
    /// a value's reader refused it for).
    fn refused(
        &self,
        e: &toml::de::Error,
        mistake: Option<Mistake>,
        document: &DeTable<'_>,
    ) -> ConfigError {
        let span = e.span().unwrap_or(0..0);
        let compare = "compare it with the file `tictaclatin config init` writes".to_string();
        let Some((path, found)) = spot(document, &span) else {
            return self.error(span, "", ErrorKind::BadValue, e.message().into(), compare);
        };
        let key = path.join(".");
        let Some(value) = found else {
            let (name, tables) = path.split_last().expect("a key has a name");
            return self.unknown(&tables.join("."), name, span);
        };
        let found = value.type_str();
        let written = self.text.get(span.clone()).unwrap_or_default();
        let example = format!("`{} = {}`", last(&key), example(&key));
        let (kind, problem, fix) = if let Some(Mistake { kind, problem, fix }) = mistake {
            let problem = match problem == values::OUT_OF_RANGE {
                true => format!("{written} {problem}"),
                false => problem,
            };
            (kind, problem, fix.replace(values::EXAMPLE, &example))
        } else if path.len() == 1 && !keys_of(&key).is_empty() {
            let problem = format!("expected a table, found {} {found}", article(found));
            let fix = format!("put a `[{key}]` line on its own, and the keys of [{key}] below it");
            (ErrorKind::WrongType, problem, fix)
        } else if let Some((_, expected)) = e.message().split_once(", expected ") {
            // serde's words for the types the settings are read as, in the file's words.
            let expected = match expected {
                "a string" => "a string in double quotes",
                "a boolean" => "true or false",
                "i128" if key.ends_with("_ms") => "a whole number of milliseconds",
                "i128" => "a whole number",
                other => other,
            };
            let problem = format!("expected {expected}, found {} {found}", article(found));
            let fix = format!("write it like {example}");
            (ErrorKind::WrongType, problem, fix)
        } else {
            // Only a number too big for any setting gets here.
            let problem = format!("{written} {}", values::OUT_OF_RANGE);
            (ErrorKind::BadValue, problem, compare)
        };
        self.error(span, &key, kind, problem, fix)
    }

    /// A key this table does not have, with the closest known key if it looks like a typo,
    /// or the table it belongs in if it is a known key in the wrong place.
    fn unknown(&self, table: &str, name: &str, span: Range<usize>) -> ConfigError {
        let known = keys_of(table);
        let (here, dotted) = match table {
            "" => ("at the top level".to_string(), name.to_string()),
            _ => (format!("in [{table}]"), format!("{table}.{name}")),
        };
        if let Some((_, new, what)) = RENAMED_KEYS.iter().find(|(old, ..)| *old == dotted) {
            let problem = format!("`{name}` {here} is now called `{new}`");
            let fix = format!("rename it: `{new} = {}` ({what})", example(&dotted));
            return self.error(span, &dotted, ErrorKind::UnknownKey, problem, fix);
        }
        let mut others = keys_of("").into_iter().filter(|other| other != table);
        let elsewhere = others.find(|other| keys_of(other).iter().any(|key| key == name));
        let fix = if let Some(suggestion) = did_you_mean(name, known.iter().map(String::as_str)) {
            format!("did you mean `{suggestion}`?")
        } else if let Some(other) = elsewhere {
            format!(
                "`{}` belongs in the [{other}] table: move it below a `[{other}]` line",
                shortened(name)
            )
        } else {
            format!("remove it; the keys {here} are: {}", known.join(", "))
        };
        let problem = format!("unknown key `{}` {here}", shortened(name));
        self.error(span, &dotted, ErrorKind::UnknownKey, problem, fix)
    }

    /// The two symbols together. A letter on the wrong side is that side's fault; a clash is
    /// the fault of the one written last (the defaults do not clash).
    fn symbols(&self, layer: &Layer, below: &Settings, document: &DeTable<'_>) -> Checked<()> {
        let Some(Err(error)) = layer.symbols.as_ref().map(|s| s.over(&below.symbols)) else {
            return Ok(());
        };
        let at = |side| value_at(document, &["symbols", side]).map(toml::Spanned::span);
        let written = [("first", at("first")), ("second", at("second"))];
        let last = written
            .iter()
            .max_by_key(|(_, span)| span.as_ref().map(|span| span.start));
        let own = match &error {
            SymbolsError::OtherSidesLetter { side, .. } => Some(&written[side.index()]),
            _ => None,
        };
        let (side, span) = own
            .filter(|(_, span)| span.is_some())
            .or(last)
            .unwrap_or(&written[0]);
        let (problem, fix) = (error.to_string(), error.fix().to_string());
        let key = format!("symbols.{side}");
        let span = span.clone().unwrap_or(0..0);
        Err(self.error(span, &key, ErrorKind::SameSymbol, problem, fix))
    }

    /// The part of the game that is wrong is pointed at, or the first of them in the file
    /// where it is not written there.
    fn game(&self, choice: GameChoice, document: &DeTable<'_>) -> Checked<()> {
        games::build(choice).map(drop).map_err(|problem| {
            let wrong = match problem.part {
                Part::Kind => "kind",
                Part::Size => "size",
                Part::InARow => "in_a_row",
            };
            let written = |key| value_at(document, &["game", key]).map(toml::Spanned::span);
            let first = ["kind", "size", "in_a_row"]
                .into_iter()
                .filter_map(|key| Some((key, written(key)?)))
                .min_by_key(|(_, span)| span.start);
            let (key, span) = written(wrong)
                .map(|span| (wrong, span))
                .or(first)
                .unwrap_or(("", 0..0));
            let key = match key {
                "" => "game".to_string(),
                key => format!("game.{key}"),
            };
            let fix = game_fix(&problem, wrong);
            let problem = problem.to_string();
            self.error(span, &key, ErrorKind::BadValue, problem, fix)
        })
    }

    /// A key on two actions is an error at its last place in the file (at least one of the
    /// two actions was set there, because the defaults do not clash).
    fn keys(&self, bindings: &KeyBindings, document: &DeTable<'_>) -> Checked<()> {
        let Some((key, a, b)) = bindings.conflict() else {
            return Ok(());
        };
        let written = |action: Action| value_at(document, &["keys", action.name()]);
        let places = [a, b].into_iter().flat_map(|action| {
            let keys = written(action).into_iter().flat_map(key_names);
            keys.filter(|(name, _)| name.parse() == Ok(key))
                .map(move |(_, span)| (action, span))
        });
        let (action, span) = places
            .max_by_key(|(_, span)| span.start)
            .unwrap_or((a, 0..0));
        let other = if action == a { b } else { a };
        let note = match written(other) {
            Some(_) => String::new(),
            None => {
                let defaults = quoted_choices(other.default_keys().iter().copied());
                format!(" (`{other}` keeps its default keys {defaults} unless [keys] sets it)")
            }
        };
        let problem = format!("\"{key}\" is bound to both `{action}` and `{other}`{note}");
        let fix = format!(
            "bind \"{key}\" to one action only: remove it from `{action}`, or set `{other}` to \
             other keys"
        );
        let key = format!("keys.{action}");
        Err(self.error(span, &key, ErrorKind::KeyBoundTwice, problem, fix))
    }
}

/// The key names an action's value holds (one, or a list), with where each is written.
fn key_names<'a>(value: &'a toml::Spanned<DeValue<'_>>) -> Vec<(&'a str, Range<usize>)> {
    let items = match value.get_ref().as_array() {
        Some(items) => items.iter().collect(),
        None => vec![value],
    };
    items
        .into_iter()
        .filter_map(|item| Some((item.get_ref().as_str()?, item.span())))
        .collect()
}

fn value_at<'a, 'd>(
    table: &'a DeTable<'d>,
    path: &[&str],
) -> Option<&'a toml::Spanned<DeValue<'d>>> {
    let (first, rest) = path.split_first()?;
    let value = table.get(*first)?;
    match rest {
        [] => Some(value),
        _ => value_at(value.get_ref().as_table()?, rest),
    }
}

/// A key's path, and its value if the span is the value's.
type Spot<'a, 'd> = Option<(Vec<String>, Option<&'a DeValue<'d>>)>;

/// The path to the key or value written at exactly `span`, and the value if it is one (an
/// item of a list has the path of its list).
fn spot<'a, 'd>(table: &'a DeTable<'d>, span: &Range<usize>) -> Spot<'a, 'd> {
    table.iter().find_map(|(key, value)| {
        let mut found = match key.span() == *span {
            true => (vec![], None),
            false => within(value, span)?,
        };
        found.0.insert(0, key.get_ref().to_string());
        Some(found)
    })
}

fn within<'a, 'd>(value: &'a toml::Spanned<DeValue<'d>>, span: &Range<usize>) -> Spot<'a, 'd> {
    if value.span() == *span {
        return Some((vec![], Some(value.get_ref())));
    }
    match value.get_ref() {
        DeValue::Table(table) => spot(table, span),
        DeValue::Array(items) => items.iter().find_map(|item| within(item, span)),
        _ => None,
    }
}

/// How to fix a game that cannot be made, said for `key` of [game], the part that is wrong.
fn game_fix(problem: &GameError, key: &str) -> String {
    let sized = quoted_choices(games::sized_names().into_iter());
    match (problem.part, problem.valid.clone()) {
        (Part::Kind, _) => format!(
            "change `kind` in [game] to a game that exists, e.g. `kind = {}`",
            example("game.kind")
        ),
        (part, Some(valid)) => {
            let (named, whole_row) = match part {
                Part::Size => ("a size", ""),
                _ => ("an in_a_row", ", or delete the line for the whole row"),
            };
            let fix = match valid.start() == valid.end() {
                true => format!("use `{key} = {}`", valid.start()),
                false => format!("use {named} {}", from_to(&valid)),
            };
            format!("{fix}{whole_row}")
        }
        (_, None) => {
            format!("delete the `{key}` line, or set `kind` to a game that takes one: {sized}")
        }
    }
}

/// `size` for `game.size`.
fn last(key: &str) -> &str {
    key.rsplit('.').next().unwrap_or(key)
}

fn article(word: &str) -> &'static str {
    match word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        true => "an",
        false => "a",
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::super::{Color, First, Hints, Mode};
    use super::*;
    use crate::core::{Difficulty, Side};
    use crate::keys::Key;

    fn parse_text(text: &str) -> Result<Settings, ConfigError> {
        parse(text, Origin::File("test.toml".into()))
    }

    /// Every (table, key) pair the file may hold; a key of the top level is in table "".
    fn all_keys() -> Vec<(String, String)> {
        let tables = keys_of("").into_iter().map(|top| (keys_of(&top), top));
        let pairs = tables.flat_map(|(keys, top)| match keys.is_empty() {
            true => vec![(String::new(), top)],
            false => keys.into_iter().map(|key| (top.clone(), key)).collect(),
        });
        pairs.collect()
    }

    #[test]
    fn the_keys_offered_in_messages_are_the_fields_serde_reads() {
        assert_eq!(
            keys_of(""),
            [
                "color",
                "keep_records",
                "symbols",
                "names",
                "colors",
                "game",
                "keys"
            ]
        );
        let game = keys_of("game");
        let expected = [
            "kind",
            "size",
            "in_a_row",
            "mode",
            "first",
            "difficulty",
            "hints",
        ];
        assert_eq!(
            game,
            [&expected[..], &["bot_delay_ms", "bot_time_ms"]].concat()
        );
        assert_eq!(keys_of("symbols"), ["first", "second"]);
        let actions: Vec<&str> = Action::ALL.iter().map(|action| action.name()).collect();
        assert_eq!(keys_of("keys"), actions);
        assert!(keys_of("color").is_empty());
    }

    #[test]
    fn the_example_file_is_exactly_the_defaults() {
        let origin = Origin::File("config.toml.example".into());
        assert_eq!(
            parse(super::super::DEFAULT_FILE, origin).unwrap(),
            Settings::default()
        );
    }

    #[test]
    fn the_example_file_sets_every_key_in_its_table() {
        let file = super::super::DEFAULT_FILE;
        for (table, key) in all_keys() {
            // The text of the table: from its header to the next one (top level: before any).
            let section = if table.is_empty() {
                file.split("\n[").next().unwrap()
            } else {
                let header = format!("\n[{table}]\n");
                let start = file.find(&header).expect("every table is in the example");
                file[start + header.len()..].split("\n[").next().unwrap()
            };
            // A key with no default value (a size, for games that have sizes) is shown
            // commented out.
            assert!(
                section.contains(&format!("\n{key} = "))
                    || section.contains(&format!("\n# {key} = ")),
                "config.toml.example does not document `{key}` in [{table}]"
            );
        }
    }

    #[test]
    fn an_empty_file_is_the_defaults() {
        assert_eq!(parse_text("").unwrap(), Settings::default());
    }

    #[test]
    fn every_key_is_read() {
        let text = r##"
            color = false
            [symbols]
            first = "🦀"
            second = "🐙"
            [names]
            first = "Ada"
            second = "Bob"
            you = "Me"
            bot = "HAL"
            [colors]
            first = "#ff8800"
            second = "light-green"
            highlight = "magenta"
            hint_win = "12"
            hint_draw = "white"
            hint_loss = "dark gray"
            [game]
            mode = "humans"
            first = "bot-chooses"
            difficulty = "easy"
            hints = true
            bot_delay_ms = 0
            [keys]
            undo = ["z", "ctrl-z"]
            quit = "x"
        "##;
        let s = parse_text(text).unwrap();
        assert!(!s.color);
        assert_eq!(s.symbols.get(Side::Second).as_str(), "🐙");
        assert_eq!(s.names.bot, "HAL");
        assert_eq!(s.colors.first, Color::Rgb(0xff, 0x88, 0x00));
        assert_eq!(s.colors.second, Color::LightGreen);
        assert_eq!(s.colors.hint_win, Color::Indexed(12));
        assert_eq!(s.colors.hint_loss, Color::DarkGray);
        assert_eq!(s.mode, Mode::TwoHumans);
        assert_eq!(s.first, First::BotChooses);
        assert_eq!(s.difficulty, Difficulty::Easy);
        assert_eq!(s.hints, Hints::On);
        assert_eq!(s.bot_delay, Duration::ZERO);
        let key = |name: &str| name.parse::<Key>().unwrap();
        assert_eq!(s.keys.action_for(key("ctrl-z")), Some(Action::Undo));
        assert_eq!(s.keys.action_for(key("u")), None);
        assert_eq!(s.keys.action_for(key("x")), Some(Action::Quit));
    }

    #[test]
    fn a_key_in_the_wrong_table_says_where_it_belongs() {
        let err = parse_text("difficulty = \"easy\"\n").unwrap_err();
        assert_eq!(err.kind, ErrorKind::UnknownKey);
        assert!(err.fix.contains("[game]"), "{err}");
    }

    #[test]
    fn a_delay_out_of_range_is_refused() {
        let err = parse_text("[game]\nbot_delay_ms = -5\n").unwrap_err();
        assert_eq!(err.kind, ErrorKind::BadValue);
        assert_eq!(err.position, Some((2, 16)));
    }

    #[test]
    fn the_first_mistake_in_the_file_is_reported() {
        // `zeta` sorts after `alpha` but comes first in the file.
        let err = parse_text("[game]\nzeta = 1\nalpha = 2\n").unwrap_err();
        assert_eq!(err.key.as_deref(), Some("game.zeta"));
    }

    #[test]
    fn values_are_checked_in_the_order_the_file_writes_them() {
        let err = parse_text("[game]\nmode = \"x\"\n[colors]\nfirst = \"nope\"\n").unwrap_err();
        assert_eq!(err.key.as_deref(), Some("game.mode"), "{err}");
        let err = parse_text("[game]\ndifficulty = 1\nkind = \"chess\"\n").unwrap_err();
        assert_eq!(err.key.as_deref(), Some("game.difficulty"), "{err}");
        assert_eq!(err.kind, ErrorKind::WrongType);
        // An unknown action in [keys] is a mistake in its place like any other.
        let err = parse_text("[keys]\nzz = \"x\"\nundo = 5\n").unwrap_err();
        assert_eq!(err.key.as_deref(), Some("keys.zz"), "{err}");
        assert_eq!(err.kind, ErrorKind::UnknownKey);
    }

    #[test]
    fn a_file_written_when_esc_quit_still_reads() {
        let settings = parse_text("[keys]\nquit = [\"q\", \"esc\"]\n").unwrap();
        let esc = "esc".parse().unwrap();
        assert_eq!(settings.keys.action_for(esc), Some(Action::Quit));
        assert_eq!(settings.keys.all_keys(Action::Back), "-");
        // Set in the file, a key on two actions is still a mistake.
        let err = parse_text("[keys]\nquit = \"esc\"\nback = \"esc\"\n").unwrap_err();
        assert_eq!(err.key.as_deref(), Some("keys.back"), "{err}");
    }

    #[test]
    fn only_a_table_is_a_table() {
        for (text, key, found) in [
            ("symbols = [\"X\", \"O\"]\n", "symbols", "an array"),
            ("[[names]]\nyou = \"A\"\n", "names", "an array"),
            ("game = 1979-05-27\n", "game", "a datetime"),
            ("keys = 5\n", "keys", "an integer"),
        ] {
            let err = parse_text(text).unwrap_err();
            assert_eq!(err.kind, ErrorKind::WrongType, "{err}");
            assert_eq!(err.key.as_deref(), Some(key), "{err}");
            let problem = format!("expected a table, found {found}");
            assert_eq!(err.problem, problem, "{err}");
        }
    }

    #[test]
    fn numbers_too_big_for_any_setting_are_out_of_range() {
        let huge = "99999999999999999999999999999999999999999999";
        for (text, key) in [
            (format!("[game]\nsize = {huge}\n"), "game.size"),
            (
                format!("[game]\nbot_delay_ms = {huge}\n"),
                "game.bot_delay_ms",
            ),
            (
                "[game]\nbot_time_ms = 99999999999999999999\n".into(),
                "game.bot_time_ms",
            ),
            ("[game]\nin_a_row = 0\n".into(), "game.in_a_row"),
        ] {
            let err = parse_text(&text).unwrap_err();
            assert_eq!(err.kind, ErrorKind::BadValue, "{err}");
            assert_eq!(err.key.as_deref(), Some(key), "{err}");
            assert!(err.problem.contains("out of range"), "{err}");
            assert_eq!(err.position.unwrap().0, 2, "{err}");
        }
    }

    /// A game that cannot be made is an error at the value that is wrong, not at `kind`,
    /// with a fix for that value.
    #[test]
    fn a_game_that_cannot_be_made_points_at_the_wrong_value() {
        let err = parse_text("[game]\nkind = \"classic\"\nsize = 9\n").unwrap_err();
        assert_eq!(err.position, Some((3, 8)), "{err}");
        assert_eq!(err.key.as_deref(), Some("game.size"), "{err}");
        assert_eq!(err.problem, "classic tic-tac-toe: size 9 is not in 3..7");
        assert_eq!(err.fix, "use a size from 3 to 7");
        let text = "[game]\nkind = \"classic\"\nsize = 4\nin_a_row = 5\n";
        let err = parse_text(text).unwrap_err();
        assert_eq!(err.position, Some((4, 12)), "{err}");
        assert_eq!(err.key.as_deref(), Some("game.in_a_row"), "{err}");
        assert_eq!(
            err.problem,
            "classic tic-tac-toe: 5 in a row: on a 4x4 board the line length must be from 3 \
             to 4"
        );
        assert_eq!(
            err.fix,
            "use an in_a_row from 3 to 4, or delete the line for the whole row"
        );
        // In any order in the file, and with the one line length a 3x3 board has.
        let err = parse_text("[game]\nin_a_row = 2\nkind = \"classic\"\n").unwrap_err();
        assert_eq!(err.position, Some((2, 12)), "{err}");
        assert_eq!(
            err.fix,
            "use `in_a_row = 3`, or delete the line for the whole row"
        );
    }

    /// A game played on one board refuses a size: the size is pointed at, and the fix
    /// names both ways out.
    #[test]
    fn a_size_for_a_game_of_one_board_points_at_the_size() {
        let err = parse_text("[game]\nkind = \"qubic\"\nsize = 4\n").unwrap_err();
        assert_eq!(err.position, Some((3, 8)), "{err}");
        assert_eq!(err.key.as_deref(), Some("game.size"), "{err}");
        assert_eq!(
            err.problem,
            "Qubic is played on its one board; it takes no size (4 was given; classic comes in \
             sizes)"
        );
        assert_eq!(
            err.fix,
            "delete the `size` line, or set `kind` to a game that takes one: \"classic\""
        );
        // Without `kind`, the default game refuses it the same way.
        let err = parse_text("[game]\nin_a_row = 4\n").unwrap_err();
        assert_eq!(err.key.as_deref(), Some("game.in_a_row"), "{err}");
        assert_eq!(err.position, Some((2, 12)), "{err}");
    }

    #[test]
    fn a_key_below_a_value_is_a_value_of_the_wrong_type() {
        let err = parse_text("[symbols.first]\nx = 1\n").unwrap_err();
        assert_eq!(err.kind, ErrorKind::WrongType);
        assert_eq!(err.key.as_deref(), Some("symbols.first"));
        assert_eq!(
            err.problem,
            "expected a string in double quotes, found a table"
        );
    }

    /// Random bytes and random near-TOML never panic, and every error points inside the file.
    #[test]
    fn no_input_panics() {
        use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};
        #[rustfmt::skip]
        const VALUES: [&str; 20] = [
            "\"🦀\"", "\"x\"", "\"O\"", "\"o\"", "\"h\"", "\"\"", "\"red\"", "\"easy\"",
            "[\"a\", \"ctrl-z\"]", "[]", "[\"h\"]", "[\"ctrl-m\"]", "-7", "5",
            "99999999999999999999999", "1.5", "true", "{ a = 1 }", "1979-05-27", "[1]",
        ];
        const JUNK: [&str; 7] = ["[", "]", "=", "\"", ".", "{", "\\"];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(10);
        let mut kinds = Vec::new();
        for round in 0..3000 {
            let mut text = String::new();
            // Tables in order, each once, with some of their keys: mostly good TOML.
            let mut current = String::new();
            for (table, key) in all_keys() {
                if table != current && rng.random_bool(0.6) {
                    text += &format!("[{table}]\n");
                    current = table.clone();
                }
                if table == current && rng.random_bool(0.25) {
                    let value = VALUES[rng.random_range(0..VALUES.len())];
                    text += &format!("{key} = {value}\n");
                }
            }
            if round % 4 == 0 && !text.is_empty() {
                let at = text
                    .char_indices()
                    .nth(rng.random_range(0..text.chars().count()));
                text.insert_str(at.unwrap().0, JUNK[rng.random_range(0..JUNK.len())]);
            }
            if round % 10 == 0 {
                let bytes: Vec<u8> = (0..round % 40).map(|_| rng.random()).collect();
                text = String::from_utf8_lossy(&bytes).into_owned();
            }
            match parse_text(&text) {
                Ok(_) => kinds.push(None),
                Err(err) => {
                    let (line, column) = err.position.expect("every file error is located");
                    assert!(line >= 1 && column >= 1, "{text:?}: {err}");
                    assert!(line <= text.lines().count() + 1, "{text:?}: {err}");
                    kinds.push(Some(std::mem::discriminant(&err.kind)));
                }
            }
        }
        kinds.sort_by_key(|kind| format!("{kind:?}"));
        kinds.dedup();
        assert!(kinds.len() >= 8, "the files reach most checks: {kinds:?}");
    }
}

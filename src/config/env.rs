//! The environment as a layer of settings between the config file and the command line: a
//! variable is read by the parser of the flag that declares it (clap's `env`), apart from the
//! command line ([`without_env`]), so any flag beats it and commands that do not play ignore it.

use std::collections::BTreeMap;
use std::error::Error;

use clap::{Args, Command, FromArgMatches};

use super::layer::BadValue;
use super::{ConfigError, ErrorKind, GameChoiceArgs, Layer, Origin, Settings};
use crate::core::words::{UnknownName, from_to};
use crate::games::{self, GameError, Part};
use crate::symbols::SymbolsError;

/// The environment variables, captured once so that loading is a pure function of its
/// inputs (and tests never touch the process environment). An empty value counts as unset.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Env(BTreeMap<String, String>);

impl Env {
    pub fn from_vars<K: Into<String>, V: Into<String>>(
        vars: impl IntoIterator<Item = (K, V)>,
    ) -> Env {
        let vars = vars
            .into_iter()
            .map(|(name, value)| (name.into(), value.into()));
        Env(vars.filter(|(_, value)| !value.is_empty()).collect())
    }

    /// Variables that are not valid UTF-8 are ignored.
    pub fn from_process() -> Env {
        Env::from_vars(std::env::vars_os().filter_map(|(name, value)| {
            Some((name.into_string().ok()?, value.into_string().ok()?))
        }))
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// Puts the environment's layer over `settings`; a mistake names the variable.
    pub fn apply(&self, settings: &mut Settings) -> Result<(), ConfigError> {
        let parser = without_env(Layer::augment_args(Command::new("env"))).no_binary_name(true);
        // Each variable is a layer of one flag, so that a mistake names its variable.
        for (name, word) in self.words(Layer::augment_args(Command::new("env"))) {
            let matches = parser.clone().try_get_matches_from([word]);
            let layer = matches.and_then(|matches| Layer::from_arg_matches(&matches));
            settings.apply(&layer.map_err(|e| refused(&name, &e))?);
        }
        let game_vars = self.words(GameChoiceArgs::augment_args(Command::new("env")));
        let Some((first, _)) = game_vars.first() else {
            return Ok(());
        };
        games::build(settings.game).map(drop).map_err(|problem| {
            // The variable of the wrong part, if it is set; else the first game variable,
            // which made the choice with what the file or the defaults hold, and the fix
            // is about the three together.
            let flag = match problem.part {
                Part::Kind => "--game=",
                Part::Size => "--size=",
                Part::InARow => "--in-a-row=",
            };
            let Some((name, _)) = game_vars.iter().find(|(_, word)| word.starts_with(flag)) else {
                let fix = "set the game, its size and its line length so they name a game \
                           together";
                return error(first, problem.to_string(), fix.into());
            };
            error(name, problem.to_string(), game_fix(&problem))
        })
    }

    /// For each variable set that `command` declares: its name, and the flag that says the same.
    fn words(&self, command: Command) -> Vec<(String, String)> {
        let words = command.get_arguments().filter_map(|arg| {
            let name = arg.get_env()?.to_str()?;
            let (value, long) = (self.get(name)?, arg.get_long()?);
            let word = match arg.get_action().takes_values() {
                true => format!("--{long}={value}"),
                false => format!("--{long}"),
            };
            Some((name.to_string(), word))
        });
        words.collect()
    }
}

pub fn without_env(command: Command) -> Command {
    command
        .mut_args(|arg| arg.env(None))
        .mut_subcommands(without_env)
}

/// How to fix a game that cannot be made, said of the variable of the wrong part.
fn game_fix(problem: &GameError) -> String {
    match (problem.part, problem.valid.clone()) {
        (Part::Kind, _) => format!("set it to one of the games: {}", games::valid_names()),
        (part, Some(valid)) => {
            let (what, unset) = match part {
                Part::Size => ("a size", ""),
                _ => ("a line length", ", or unset it"),
            };
            let value = match valid.start() == valid.end() {
                true => valid.start().to_string(),
                false => format!("{what} {}", from_to(&valid)),
            };
            format!("set it to {value}{unset}")
        }
        (_, None) => format!(
            "unset it, or set TICTACLATIN_GAME to a game that takes one: {}",
            games::sized_names().join(", ")
        ),
    }
}

fn error(name: &str, problem: String, fix: String) -> ConfigError {
    ConfigError::new(Origin::Env(name.into()), ErrorKind::BadValue, problem, fix)
}

fn refused(name: &str, e: &clap::Error) -> ConfigError {
    let problem = e
        .source()
        .map_or_else(|| e.to_string(), ToString::to_string);
    error(name, problem, e.source().map(fix).unwrap_or_default())
}

fn fix(why: &(dyn Error + 'static)) -> String {
    let one_of = |choices: String| format!("set it to {}", choices.replace('"', ""));
    if let Some(unknown) = why.downcast_ref::<UnknownName>() {
        one_of(unknown.choices.clone())
    } else if why.is::<SymbolsError>() {
        "set it to two different symbols separated by a comma, e.g. X,O".into()
    } else if let Some(fix) = why
        .downcast_ref::<BadValue>()
        .and_then(|bad| bad.env_fix.clone())
    {
        fix
    } else if why.is::<GameError>() {
        "set it to one of the games".into()
    } else {
        "set it to what its flag takes (see --help)".into()
    }
}

//! `tictaclatin move POSITION`: the strongest move the game's bot finds, what is proven
//! about it, and the position after it.

use std::sync::Arc;

use clap::{Args, Command, FromArgMatches};

use super::game_args::{BudgetArgs, ThreadsArg, build, strongest};
use super::{Failure, is_flag, read_position, unknown_game};
use tictaclatin::config::{self, GameChoiceArgs};
use tictaclatin::core::protocol::claim_words;
use tictaclatin::core::review;
use tictaclatin::core::root::SearchSettings;
use tictaclatin::core::{Analysis, Budget, Engine, Game, Position, Side, Status, move_names};
use tictaclatin::symbols::Symbols;

#[derive(Args, Debug)]
pub(crate) struct MoveArgs {
    // The help is each game's own format, from the games' list.
    #[arg(
        help = tictaclatin::games::position_help(),
        value_name = "POSITION",
        required = true,
        num_args = 1..,
        allow_hyphen_values = true
    )]
    pub position: Vec<String>,
    #[command(flatten)]
    pub flags: MoveFlags,
}

/// The flags of `move` and `analyze`; they may also come after the position. Scripts wrote
/// the bot's time `--move-time` too (play's clock took that name later, so only here).
#[derive(Args, Debug, Default, Clone)]
#[command(mut_arg("movetime", |arg| arg.alias("move-time")))]
pub(crate) struct MoveFlags {
    #[command(flatten)]
    pub game: GameChoiceArgs,
    #[command(flatten)]
    pub threads: ThreadsArg,
    /// Show the output with these symbols instead of X and O, first side first (e.g.
    /// 🦀,🐙); the POSITION you give is still written with X and O
    #[arg(long, value_name = "X,O")]
    pub symbols: Option<Symbols>,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Print the best line (`pv: ...`) after the grid or the move
    #[arg(long)]
    pub pv: bool,
}

impl MoveArgs {
    /// The position takes every word after it (it may begin with `-`), so flags written after
    /// it arrive among its words and are picked out here; those nearer the end win.
    pub fn resolve(&self, command: &str) -> Result<Resolved, Failure> {
        let (words, trailing) = split_flags(&self.position, command)?;
        let refused = |e: clap::Error| {
            unknown_game(&e)
                .unwrap_or_else(|| Failure::bad_input(first_line(&super::shortened(e).to_string())))
        };
        let parser = MoveFlags::augment_args(Command::new("tictaclatin").no_binary_name(true));
        let later = config::without_env(parser)
            .try_get_matches_from(&trailing)
            .map_err(refused)?;
        let mut flags = self.flags.clone();
        // A budget after the position replaces the one before it whole.
        if later.contains_id("depth") || later.contains_id("nodes") {
            flags.budget = BudgetArgs::default();
        }
        flags.update_from_arg_matches(&later).map_err(refused)?;
        // A switch given before the position stays on.
        flags.pv |= self.flags.pv;
        let budget = flags.budget.fixed()?;
        let game = build(&flags.game)?;
        let position = read_position(game.as_ref(), &words.join(" "))?;
        Ok(Resolved {
            position,
            game,
            symbols: flags.symbols.unwrap_or_default(),
            game_args: flags.game,
            threads: flags.threads.count(),
            budget,
            pv: flags.pv,
        })
    }
}

pub(crate) struct Resolved {
    pub position: Box<dyn Position>,
    pub game: Arc<dyn Game>,
    pub symbols: Symbols,
    pub game_args: GameChoiceArgs,
    pub threads: usize,
    pub budget: Option<Budget>,
    pub pv: bool,
}

/// Long flags, each with whether it takes a value.
type Flags = Vec<(String, bool)>;

/// Each long flag of `move` and `analyze`; then the old names they still answer to (hidden
/// aliases).
fn known_flags() -> (Flags, Flags) {
    let flags = MoveFlags::augment_args(Command::new("tictaclatin"));
    let (mut known, mut old) = (Vec::new(), Vec::new());
    for arg in flags.get_arguments() {
        let Some(long) = arg.get_long() else { continue };
        let takes = arg.get_action().takes_values();
        known.push((format!("--{long}"), takes));
        for alias in arg.get_all_aliases().unwrap_or_default() {
            old.push((format!("--{alias}"), takes));
        }
    }
    (known, old)
}

/// The position's words, and the flag words among them (each flag with its value); a word
/// that can only be a flag and is none of `command`'s is refused, named.
fn split_flags(words: &[String], command: &str) -> Result<(Vec<String>, Vec<String>), Failure> {
    let (known, old) = known_flags();
    let (mut position, mut flags) = (Vec::new(), Vec::new());
    let mut rest = words.iter();
    while let Some(word) = rest.next() {
        let name = word.split('=').next().unwrap_or(word);
        let flag = known.iter().chain(&old).find(|(flag, _)| flag == name);
        let Some(&(_, takes_value)) = flag else {
            if is_flag(name) {
                return Err(unknown_flag(name, command, &known));
            }
            position.push(word.clone());
            continue;
        };
        flags.push(word.clone());
        if takes_value && !word.contains('=') {
            let value = rest.next().ok_or_else(|| {
                Failure::bad_input(format!("{name} needs a value, e.g. {}", example(name)))
            })?;
            flags.push(value.clone());
        }
    }
    Ok((position, flags))
}

/// A flag `command` (`move` or `analyze`) does not have, named, with the nearest it has.
fn unknown_flag(name: &str, command: &str, known: &[(String, bool)]) -> Failure {
    if matches!(name, "-h" | "--help") {
        return Failure::bad_input(format!(
            "{name} goes before the position: `tictaclatin {command} --help`"
        ));
    }
    let known: Vec<&str> = known.iter().map(|(flag, _)| flag.as_str()).collect();
    let nearest = tictaclatin::config::error::did_you_mean(name, known.iter().copied())
        .map(|flag| format!(" (did you mean {flag}?)"))
        .unwrap_or_default();
    Failure::bad_input(format!(
        "unknown flag {name} for `{command}`{nearest}; its flags are {} (see `tictaclatin \
         {command} --help`)",
        known.join(", ")
    ))
}

fn example(flag: &str) -> &'static str {
    match flag {
        "--symbols" => "X,O",
        "--game" => "latin",
        "--bot-time" => "1000",
        _ => "3",
    }
}

/// clap's first line of an error, without its `error: ` prefix and usage block.
fn first_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or(text);
    line.strip_prefix("error: ").unwrap_or(line).to_string()
}

pub fn run(args: &MoveArgs) -> Result<(), Failure> {
    let resolved = args.resolve("move")?;
    let (position, game) = (resolved.position.as_ref(), resolved.game.as_ref());
    if let Some(over) = describe_finished(game, position, &resolved.symbols) {
        return Err(Failure::bad_input(format!(
            "no move to make: the game is over ({over})"
        )));
    }
    let engine = game.engine();
    // At a fixed budget the move is the analysis's best, as `analyze` marks it; where the
    // engine answers without a search (a solved table, a dictionary) its player does.
    let analysed = resolved.budget.and_then(|budget| {
        let settings = SearchSettings::new(budget, resolved.threads);
        engine.analysis(position, &settings)
    });
    let decision = match &analysed {
        Some(analysis) => analysis.decision(),
        None => strongest(&resolved.game_args, engine.as_ref(), resolved.threads)?
            .decide(position)
            .ok_or_else(|| Failure::bad_input("no move to make"))?,
    };
    let mut line = game.move_name(position, decision.mv);
    if let Some(claim) = decision.claim {
        line = format!("{line} {}", claim_words(claim));
    }
    // How the bot found it, where it says (Qubic's "dictionary", a search's depth).
    if let Some(how) = &decision.how {
        line = format!("{line} ({how})");
    }
    outln!("{line}");
    let after = position
        .play(decision.mv)
        .map_err(|e| Failure::bad_input(format!("the bot chose an illegal move: {e}")))?;
    outln!("{}", position_text(after.as_ref(), &resolved.symbols));
    if resolved.pv {
        print_pv(game, engine.as_ref(), position, analysed.as_ref());
    }
    Ok(())
}

/// `pv: d5 c4 e6 ...`: the analysis's best line, or where the engine knows exact values the
/// exact table's (the fastest win, the longest defence); nothing where there is neither.
pub fn print_pv(
    game: &dyn Game,
    engine: &dyn Engine,
    position: &dyn Position,
    analysis: Option<&Analysis>,
) {
    let line = match analysis {
        Some(analysis) => analysis.pv.clone(),
        None => review::exact_line(engine, position, usize::MAX),
    };
    if !line.is_empty() {
        outln!("pv: {}", move_names(game, position, &line).join(" "));
    }
}

pub fn position_text(position: &dyn Position, symbols: &Symbols) -> String {
    position
        .text()
        .chars()
        .map(|c| match c {
            'X' => symbols.get(Side::First).to_string(),
            'O' => symbols.get(Side::Second).to_string(),
            other => other.to_string(),
        })
        .collect()
}

/// "X won 1 : 0", "draw at 1 : 1", "O won", "X won on points, 31 : 28" (no line: the
/// points decided); `None` while the game is on.
pub fn describe_finished(
    game: &dyn Game,
    position: &dyn Position,
    symbols: &Symbols,
) -> Option<String> {
    if let Some([x, o]) = game.decided_on_points(position) {
        return Some(match position.status() {
            Status::Won(side) => format!("{} won on points, {x} : {o}", symbols.get(side)),
            _ => format!("a draw on points, {x} : {o}"),
        });
    }
    let score = game
        .points(position)
        .map(|[x, o]| format!(" {x} : {o}"))
        .unwrap_or_default();
    // Small boards' points (extreme) say nothing of a win by a line of them.
    let by_blocks = !game.blocks(position).is_empty();
    match position.status() {
        Status::InPlay => None,
        Status::Won(side) if by_blocks => Some(format!("{} won", symbols.get(side))),
        Status::Won(side) => Some(format!("{} won{score}", symbols.get(side))),
        Status::Draw if score.is_empty() => Some("a draw".to_string()),
        Status::Draw => Some(format!("draw at{score}")),
    }
}

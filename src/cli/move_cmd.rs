//! `tictaclatin move POSITION`: the perfect move, its value, and the position after it.

use clap::Args;

use super::{Failure, PositionArgs};
use tictaclatin::config::Symbols;
use tictaclatin::game::{Board, Status};
use tictaclatin::solver::Solver;

/// A position, and the symbols to show it with.
#[derive(Args, Debug)]
pub struct MoveArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Show the output with these symbols instead of X and O, first side first (e.g.
    /// 🦀,🐙); the POSITION you give is still written with X and O
    #[arg(long, value_name = "X,O")]
    pub symbols: Option<Symbols>,
}

impl MoveArgs {
    /// The position and the symbols. The position takes every word after it (it may begin
    /// with `-`), so a `--symbols` written after the position arrives among its words and is
    /// picked out here.
    pub fn resolve(&self) -> Result<(Board, Symbols), Failure> {
        let mut words = Vec::new();
        let mut symbols = self.symbols.clone();
        let mut rest = self.position.position.iter();
        while let Some(word) = rest.next() {
            let value = match word.strip_prefix("--symbols") {
                Some("") => rest.next().map(String::as_str),
                Some(text) if text.starts_with('=') => Some(&text[1..]),
                _ => {
                    words.push(word.clone());
                    continue;
                }
            };
            let value =
                value.ok_or_else(|| Failure::bad_input("--symbols needs a value, e.g. X,O"))?;
            let parsed = value
                .parse()
                .map_err(|e| Failure::bad_input(format!("bad --symbols '{value}': {e}")))?;
            symbols = Some(parsed);
        }
        let board = PositionArgs { position: words }.board()?;
        Ok((board, symbols.unwrap_or_default()))
    }
}

pub fn run(args: &MoveArgs) -> Result<(), Failure> {
    let (board, symbols) = args.resolve()?;
    if let Some(over) = describe_finished(board.status(), board.points(), &symbols) {
        return Err(Failure::bad_input(format!(
            "no move to make: the game is over ({over})"
        )));
    }
    let solver = Solver::new();
    let choice = solver
        .best_move(board)
        .ok_or_else(|| Failure::bad_input("no move to make"))?;
    println!(
        "{} {} {}",
        choice.cell,
        choice.value.outcome.word(),
        choice.value.plies
    );
    println!("{}", position_text(board.with_move(choice.cell), &symbols));
    Ok(())
}

/// The position text (`-X-O/...`) with the chosen symbols in place of X and O.
pub fn position_text(board: Board, symbols: &Symbols) -> String {
    board.to_text_with(|side| side.map_or("-", |s| symbols.get(s).as_str()))
}

/// "X won 1 : 0", "draw at 1 : 1"; `None` while the game is on.
pub fn describe_finished(status: Status, (x, o): (u32, u32), symbols: &Symbols) -> Option<String> {
    match status {
        Status::InPlay => None,
        Status::Won(side) => Some(format!("{} won {x} : {o}", symbols.get(side))),
        Status::Draw => Some(format!("draw at {x} : {o}")),
    }
}

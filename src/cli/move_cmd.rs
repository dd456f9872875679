//! `tictaclatin move POSITION`: the perfect move, its value, and the position after it.

use super::{Failure, PositionArgs};
use tictaclatin::game::Status;
use tictaclatin::solver::Solver;

pub fn run(args: &PositionArgs) -> Result<(), Failure> {
    let board = args.board()?;
    if let Some(over) = describe_finished(board.status(), board.points()) {
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
    println!("{}", board.with_move(choice.cell));
    Ok(())
}

/// "X won 1 : 0", "draw at 1 : 1"; `None` while the game is on.
pub fn describe_finished(status: Status, (x, o): (u32, u32)) -> Option<String> {
    match status {
        Status::InPlay => None,
        Status::Won(side) => Some(format!("{} won {x} : {o}", side.letter())),
        Status::Draw => Some(format!("draw at {x} : {o}")),
    }
}

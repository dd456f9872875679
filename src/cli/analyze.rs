//! `tictaclatin analyze POSITION`: every empty cell's value, as a grid.

use super::move_cmd::describe_finished;
use super::{Failure, PositionArgs};
use tictaclatin::game::{Board, Cell};
use tictaclatin::solver::Solver;

pub fn run(args: &PositionArgs) -> Result<(), Failure> {
    let board = args.board()?;
    let (x, o) = board.points();
    if let Some(over) = describe_finished(board.status(), (x, o)) {
        print!("{}", grid(board, |_| String::new()));
        println!("The game is over: {over}.");
        return Ok(());
    }
    let solver = Solver::new();
    let best = solver.best_move(board).expect("the game is on");
    let values = solver.move_values(board);
    print!(
        "{}",
        grid(board, |cell| {
            let short = values[cell.index()].map(|v| v.short()).unwrap_or_default();
            if cell == best.cell {
                format!("*{short}")
            } else {
                short
            }
        })
    );
    let mover = board.to_move().letter();
    let value = solver.value(board).expect("the game is on");
    println!("{mover} to move, points {x} : {o}. Value for {mover}: {value}.");
    println!(
        "Best move: {} (marked *). Cells show {mover}'s result after moving there: \
         W5 = win in 5 plies, D = draw, L3 = loss in 3.",
        best.cell
    );
    Ok(())
}

/// The board as a grid with column letters and row numbers; empty cells show `label`.
fn grid(board: Board, label: impl Fn(Cell) -> String) -> String {
    let mut out = String::from("     a    b    c    d\n");
    for row in 0..4u8 {
        out.push_str(&format!("{} ", row + 1));
        for col in 0..4u8 {
            let cell = Cell::at(row, col).expect("on the board");
            let text = match board.at(cell) {
                Some(side) => side.letter().to_string(),
                None => label(cell),
            };
            out.push_str(&format!("{text:>5}"));
        }
        out.push('\n');
    }
    out
}

//! `tictaclatin analyze POSITION`: every empty cell's value, as a grid.

use unicode_width::UnicodeWidthStr;

use super::Failure;
use super::move_cmd::{MoveArgs, describe_finished};
use tictaclatin::config::Symbols;
use tictaclatin::game::{Board, Cell};
use tictaclatin::solver::Solver;

pub fn run(args: &MoveArgs) -> Result<(), Failure> {
    let (board, symbols) = args.resolve()?;
    let (x, o) = board.points();
    if let Some(over) = describe_finished(board.status(), (x, o), &symbols) {
        print!("{}", grid(board, &symbols, |_| String::new()));
        println!("The game is over: {over}.");
        return Ok(());
    }
    let solver = Solver::new();
    let best = solver.best_move(board).expect("the game is on");
    let values = solver.move_values(board);
    print!(
        "{}",
        grid(board, &symbols, |cell| {
            let short = values[cell.index()].map(|v| v.short()).unwrap_or_default();
            if cell == best.cell {
                format!("*{short}")
            } else {
                short
            }
        })
    );
    let mover = symbols.get(board.to_move());
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
fn grid(board: Board, symbols: &Symbols, label: impl Fn(Cell) -> String) -> String {
    let mut out = String::from("     a    b    c    d\n");
    for row in 0..4u8 {
        out.push_str(&format!("{} ", row + 1));
        for col in 0..4u8 {
            let cell = Cell::at(row, col).expect("on the board");
            let text = match board.at(cell) {
                Some(side) => symbols.get(side).to_string(),
                None => label(cell),
            };
            out.push_str(&right_aligned(&text, 5));
        }
        out.push('\n');
    }
    out
}

/// `text` padded on the left to `columns` terminal columns, so double-width symbols keep
/// the grid aligned (`format!` pads by characters, not columns).
fn right_aligned(text: &str, columns: usize) -> String {
    let pad = columns.saturating_sub(text.width());
    format!("{}{text}", " ".repeat(pad))
}

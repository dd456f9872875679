//! `tictaclatin analyze POSITION`: what every empty cell is worth, as a grid.

use unicode_width::UnicodeWidthStr;

use super::Failure;
use super::game_args::strongest;
use super::move_cmd::{MoveArgs, Resolved, describe_finished, print_pv};
use tictaclatin::core::root::SearchSettings;
use tictaclatin::core::{Analysis, Budget, CellId, Engine, Game, Place, Position};
use tictaclatin::symbols::Symbols;

pub fn run(args: &MoveArgs) -> Result<(), Failure> {
    let resolved = args.resolve("analyze")?;
    let (game, position) = (resolved.game.as_ref(), resolved.position.as_ref());
    if let Some(over) = describe_finished(game, position, &resolved.symbols) {
        out!("{}", grid(game, position, &resolved.symbols, |_| None));
        outln!("The game is over: {over}.");
        return Ok(());
    }
    let engine = resolved.game.engine();
    // Where the engine searches, one analysis gives every figure and the mark, the same
    // move the bot plays at this budget (`--bot-time` picks how deep it goes).
    let budget = (resolved.budget).unwrap_or(Budget::Time(resolved.game_args.movetime()));
    match engine.analysis(position, &SearchSettings::new(budget, resolved.threads)) {
        Some(analysis) => print_analysis(&resolved, engine.as_ref(), &analysis),
        None => print_hints(&resolved, engine.as_ref())?,
    }
    Ok(())
}

fn marked(short: String, best: bool) -> String {
    if best { format!("*{short}") } else { short }
}

/// `, points 3 : 2` where the game scores points, nothing elsewhere.
fn points(resolved: &Resolved) -> String {
    (resolved.game.points(resolved.position.as_ref()))
        .map(|[x, o]| format!(", points {x} : {o}"))
        .unwrap_or_default()
}

/// A searched board: the analysis's figure on each cell, its best move and its line, and
/// what the figures mean.
fn print_analysis(resolved: &Resolved, engine: &dyn Engine, analysis: &Analysis) {
    let (game, position) = (resolved.game.as_ref(), resolved.position.as_ref());
    let mover = resolved.symbols.get(position.to_move());
    let label = |cell| {
        let mv = game.move_at(position, cell)?;
        Some(marked(analysis.figure(mv)?.short(), mv == analysis.best))
    };
    out!("{}", grid(game, position, &resolved.symbols, label));
    outln!("{mover} to move{}.", points(resolved));
    let best = game.move_name(position, analysis.best);
    outln!("Best move: {best} (marked *).");
    let (depth, nodes) = (analysis.depth, analysis.nodes);
    outln!("Searched {depth} plies deep, {nodes} nodes.");
    if resolved.pv {
        print_pv(game, engine, position, Some(analysis));
    }
    outln!("Cells show {mover}'s result after moving there, where the search proved it:");
    outln!("W≤7 / L≤6 = a win or loss forced within that many plies, D = a draw.");
    outln!("?12 = not proven: the move's value in a full-window search that deep");
    outln!("(higher is better for {mover}); ≥12 / ≤12 = a bound on that value.");
    let figures = || analysis.moves.iter().map(|m| &m.1);
    if let Some(plies) = figures().find_map(|figure| figure.no_win_faster_than()) {
        outln!("≤W{plies} = at best a win in {plies} plies: a bound, not a proven win.");
    }
    if let Some(plies) = figures().find_map(|figure| figure.no_loss_faster_than()) {
        outln!("≥L{plies} = at worst a loss in {plies} plies: a bound, not a proven loss.");
    }
}

/// A board the engine answers without a search: its hints on each cell, the best move
/// (the bot's own choice, found as `move` finds it, where no exact value names one) and
/// what the hints mean.
fn print_hints(resolved: &Resolved, engine: &dyn Engine) -> Result<(), Failure> {
    let (game, position) = (resolved.game.as_ref(), resolved.position.as_ref());
    let mover = resolved.symbols.get(position.to_move());
    let hints = engine.hints(position);
    let exact_best = engine.best(position);
    let best = match exact_best {
        Some(best) => Some(best),
        None => strongest(&resolved.game_args, engine, resolved.threads)?
            .decide(position)
            .map(|decision| decision.mv),
    };
    let best_cell = best.and_then(|mv| game.move_cell(position, mv));
    let label = |cell| {
        let hint = hints
            .iter()
            .find(|&&(mv, _)| game.move_cell(position, mv) == Some(cell))?;
        Some(marked(hint.1.short(), best_cell == Some(cell)))
    };
    out!("{}", grid(game, position, &resolved.symbols, label));
    let score = points(resolved);
    match engine.value(position) {
        Some(value) => outln!("{mover} to move{score}. Value for {mover}: {value}."),
        None => outln!("{mover} to move{score}."),
    }
    // As on the searched boards: the best move, then its line, then what the cells show.
    if let Some(best) = best {
        let what = if exact_best.is_some() || engine.instant_hints() {
            "Best"
        } else {
            "The bot's"
        };
        let best = game.move_name(position, best);
        outln!("{what} move: {best} (marked *).");
    }
    if resolved.pv {
        print_pv(game, engine, position, None);
    }
    if engine.instant_hints() {
        outln!(
            "Cells show {mover}'s result after moving there: W5 = win in 5 plies, D = draw, \
             L3 = loss in 3."
        );
    } else {
        outln!("Cells show {mover}'s result after moving there, where the search proved it:");
        outln!("W≤7 / L≤6 = a win or loss forced within that many plies.");
        outln!("? = not proven; the number is the search's guess (higher is better for {mover}).");
    }
    Ok(())
}

/// The board as text: each block (board, layer, small board) a grid with column letters
/// and row numbers under its name, blocks side by side; empty cells show `label` (or
/// nothing). Columns are as wide as the widest text plus a space, so labels never touch.
fn grid(
    game: &dyn Game,
    position: &dyn Position,
    symbols: &Symbols,
    label: impl Fn(CellId) -> Option<String>,
) -> String {
    let layout = game.layout();
    let (rows, cols) = (layout.cells.rows, layout.cells.cols);
    let text_of = |cell: CellId| match position.at(cell) {
        Some(side) => Some(symbols.get(side).to_string()),
        None => label(cell),
    };
    let widest = (0..layout.cell_count())
        .filter_map(|i| text_of(CellId::new(i)))
        .map(|text| text.width())
        .max()
        .unwrap_or(0);
    let width = (widest + 1).max(5);
    // A block's columns: its row number (2), its cells, and 2 between blocks.
    let block_width = 2 + usize::from(cols) * width + 2;
    let mut out = String::new();
    // A row of blocks wider than a terminal is printed in halves (extreme's 4x4 small
    // boards, two at a time).
    let per_line = if usize::from(layout.blocks.cols) * block_width <= MAX_WIDTH {
        layout.blocks.cols
    } else {
        layout.blocks.cols.div_ceil(2)
    };
    let lines_of_blocks = (0..layout.blocks.rows).flat_map(|block_row| {
        (0..layout.blocks.cols)
            .step_by(usize::from(per_line.max(1)))
            .map(move |first| (block_row, first))
    });
    for (block_row, first) in lines_of_blocks {
        let end = (first + per_line).min(layout.blocks.cols);
        let blocks: Vec<u8> = (first..end)
            .map(|c| block_row * layout.blocks.cols + c)
            .collect();
        if layout.blocks.count() > 1 {
            out.push('\n');
            out.push_str(&titles(game, &blocks, block_width));
            out.push('\n');
        }
        let mut header = String::new();
        for _ in &blocks {
            header.push(' ');
            for col in 0..cols {
                header.push_str(&right_aligned(&((b'a' + col) as char).to_string(), width));
            }
            header.push_str("   ");
        }
        out.push_str(header.trim_end());
        out.push('\n');
        for row in 0..rows {
            let mut line = String::new();
            for &block in &blocks {
                line.push_str(&format!("{:<2}", row + 1));
                for col in 0..cols {
                    let text = game
                        .cell_at(Place { block, row, col })
                        .and_then(&text_of)
                        .unwrap_or_default();
                    line.push_str(&right_aligned(&text, width));
                }
                line.push_str("  ");
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

/// The blocks' names, each over its block.
fn titles(game: &dyn Game, blocks: &[u8], block_width: usize) -> String {
    let titles: String = blocks
        .iter()
        .map(|&b| format!("{:<block_width$}", format!("  {}", game.block_label(b))))
        .collect();
    titles.trim_end().to_string()
}

/// The widest line `analyze` prints for a row of blocks before it splits the row.
const MAX_WIDTH: usize = 100;

/// `text` padded on the left to `columns` terminal columns, so double-width symbols keep
/// the grid aligned (`format!` pads by characters, not columns).
fn right_aligned(text: &str, columns: usize) -> String {
    format!("{}{text}", " ".repeat(columns.saturating_sub(text.width())))
}

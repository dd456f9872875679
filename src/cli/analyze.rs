//! `tictaclatin analyze POSITION`: what every empty cell is worth, as a grid.

use unicode_width::UnicodeWidthStr;

use super::Failure;
use super::game_args::Loaded;
use super::move_cmd::{MoveArgs, Resolved, describe_finished, print_pv};
use tictaclatin::core::root::SearchSettings;
use tictaclatin::core::{Budget, CellId, Difficulty, Game, Place, Position};
use tictaclatin::symbols::Symbols;

pub fn run(args: &MoveArgs) -> Result<(), Failure> {
    let Resolved {
        position,
        symbols,
        game: game_args,
        threads,
        budget,
        pv,
    } = args.resolve("analyze")?;
    let game = game_args.game()?;
    let score = game
        .points(position.as_ref())
        .map(|[x, o]| format!(", points {x} : {o}"))
        .unwrap_or_default();
    if let Some(over) = describe_finished(game.as_ref(), position.as_ref(), &symbols) {
        out!(
            "{}",
            grid(game.as_ref(), position.as_ref(), &symbols, |_| None)
        );
        outln!("The game is over: {over}.");
        return Ok(());
    }
    let Loaded { engine, .. } = game_args.load()?;
    let mover = symbols.get(position.to_move());
    // Where the engine searches, one analysis gives every figure and the mark, the same
    // move the bot plays at this budget (`--bot-time` picks how deep it goes).
    let budget = budget.unwrap_or(Budget::Time(game_args.movetime()));
    if let Some(analysis) =
        engine.analysis(position.as_ref(), &SearchSettings::new(budget, threads))
    {
        out!(
            "{}",
            grid(game.as_ref(), position.as_ref(), &symbols, |cell| {
                let mv = game.move_at(position.as_ref(), cell)?;
                let short = analysis.figure(mv)?.short();
                Some(if mv == analysis.best {
                    format!("*{short}")
                } else {
                    short
                })
            })
        );
        outln!("{mover} to move{score}.");
        let best = game.move_name(position.as_ref(), analysis.best);
        outln!("Best move: {best} (marked *).");
        outln!(
            "Searched {} plies deep, {} nodes.",
            analysis.depth,
            analysis.nodes
        );
        if pv {
            print_pv(
                game.as_ref(),
                engine.as_ref(),
                position.as_ref(),
                Some(&analysis),
            );
        }
        outln!("Cells show {mover}'s result after moving there, where the search proved it:");
        outln!("W≤7 / L≤6 = a win or loss forced within that many plies, D = a draw.");
        outln!("?12 = not proven: the move's value in a full-window search that deep");
        outln!("(higher is better for {mover}); ≥12 / ≤12 = a bound on that value.");
        if let Some(plies) = analysis.moves.iter().find_map(|m| m.1.no_win_faster_than()) {
            outln!("≤W{plies} = at best a win in {plies} plies: a bound, not a proven win.");
        }
        if let Some(plies) = analysis
            .moves
            .iter()
            .find_map(|m| m.1.no_loss_faster_than())
        {
            outln!("≥L{plies} = at worst a loss in {plies} plies: a bound, not a proven loss.");
        }
        return Ok(());
    }
    let hints = engine.hints(position.as_ref());
    // Where no exact value names the best move, the bot's own choice is marked, found as
    // `move` finds it.
    let exact_best = engine.best(position.as_ref());
    let best = exact_best.or_else(|| {
        let options = game_args.player_options(1, threads);
        let mut player = engine.player(Difficulty::Perfect.name(), options).ok()?;
        player.decide(position.as_ref()).map(|decision| decision.mv)
    });
    out!(
        "{}",
        grid(game.as_ref(), position.as_ref(), &symbols, |cell| {
            let short = hints
                .iter()
                .find(|&&(mv, _)| game.move_cell(mv) == Some(cell))
                .map(|&(_, hint)| hint.short())?;
            Some(if best.and_then(|mv| game.move_cell(mv)) == Some(cell) {
                format!("*{short}")
            } else {
                short
            })
        })
    );
    match engine.value(position.as_ref()) {
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
        let name = game.move_name(position.as_ref(), best);
        outln!("{what} move: {name} (marked *).");
    }
    if pv {
        print_pv(game.as_ref(), engine.as_ref(), position.as_ref(), None);
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
            let titles: String = blocks
                .iter()
                .map(|&b| format!("{:<block_width$}", format!("  {}", game.block_label(b))))
                .collect();
            out.push_str(titles.trim_end());
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

/// The widest line `analyze` prints for a row of blocks before it splits the row.
const MAX_WIDTH: usize = 100;

/// `text` padded on the left to `columns` terminal columns, so double-width symbols keep
/// the grid aligned (`format!` pads by characters, not columns).
fn right_aligned(text: &str, columns: usize) -> String {
    let pad = columns.saturating_sub(text.width());
    format!("{}{text}", " ".repeat(pad))
}

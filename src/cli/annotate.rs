//! `tictaclatin annotate FILE`: the record again, each move judged by the engine. Where the
//! game is solved the judgement is exact (`??` a move that made the outcome worse, `?` one
//! that kept it but not at its best length); where the bot searches, it is the analysis at a
//! stated depth, the same on every run: `??` a move that gave up a proven win or walked
//! into a proven loss, `?` one that turned the search's advantage into none. Each judged
//! move gets the better move and the line after it in a comment.

use std::path::PathBuf;

use clap::Args;

use super::Failure;
use tictaclatin::core::review::{self, Verdict};
use tictaclatin::core::session::History;
use tictaclatin::core::{Budget, Claim, Engine, Figure, Game, Move, Outcome, Position, move_names};
use tictaclatin::record::{self, Glyph, Record};
use tictaclatin::store::write_atomic;

/// Plies of the lines shown in comments: enough to see the idea, short enough to read.
const LINE_PLIES: usize = 8;

#[derive(Args, Debug)]
pub struct AnnotateArgs {
    /// The record to annotate (a file `tictaclatin games` lists, or any record)
    file: PathBuf,
    /// How deep the search looks at each move, where the game is not solved (default 4)
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: Option<u32>,
    /// Write the annotated record over FILE (atomically) instead of printing it
    #[arg(long)]
    in_place: bool,
}

pub fn run(args: &AnnotateArgs) -> Result<(), Failure> {
    let mut record = record::read_file(&args.file)
        .map_err(|e| Failure::bad_input(format!("{}: {e}", args.file.display())))?;
    let engine = record.game.engine();
    let depth = args.depth.unwrap_or(4);
    let how = annotate(&mut record, engine.as_ref(), depth);
    record.set_tag("Annotator", format!("tictaclatin, {how}"));
    let text = record.to_text();
    if args.in_place {
        write_atomic(&args.file, text.as_bytes()).map_err(|e| Failure {
            message: format!("cannot write {}: {e}", args.file.display()),
            code: 1,
        })
    } else {
        print!("{text}");
        Ok(())
    }
}

/// What the engine made of one move.
enum Judged {
    /// It could not say (a searched game's move where nothing is plain, or no analysis).
    Unknown,
    /// The move keeps what the position was worth.
    Fine,
    /// A mistake, with the glyph and the comment that explains it.
    Marked(Glyph, String),
}

/// Judges every move of `record` in place; how it judged (`exact`, `search depth 4`, or
/// both where the table knows some positions: Qubic's X moves by the dictionary).
fn annotate(record: &mut Record, engine: &dyn Engine, depth: u32) -> String {
    let game = record.game.clone();
    let mut history = History::new(record.start_position());
    for entry in &record.moves {
        if history.play(entry.mv).is_err() {
            break; // the record was replayed when read: nothing is illegal here
        }
    }
    let (mut exact, mut searched) = (false, false);
    for (i, entry) in record.moves.iter_mut().enumerate() {
        let mut judged = judge_exact(game.as_ref(), engine, &history, i + 1);
        if matches!(judged, Judged::Unknown) {
            let before = history.position_at(i);
            judged = judge_searched(game.as_ref(), engine, before, entry.mv, depth);
            searched = true;
        } else {
            exact = true;
        }
        // A judgement replaces an earlier annotator's; the player's own comments stay.
        if let Judged::Marked(glyph, comment) = judged {
            entry.glyph = Some(glyph);
            entry.comment = Some(comment);
        }
    }
    match (exact, searched) {
        (true, false) => "exact".into(),
        (true, true) => format!("exact where the engine knows, else search depth {depth}"),
        _ => format!("search depth {depth}"),
    }
}

/// The exact table's verdict on move `ply`: `??` worse outcome, `?` slower; with the best
/// move, the line after it and the line that answers the move played.
fn judge_exact(game: &dyn Game, engine: &dyn Engine, history: &History, ply: usize) -> Judged {
    let Some(review) = review::review_move(engine, history, ply) else {
        return Judged::Unknown;
    };
    let glyph = match review.verdict {
        Verdict::Best => return Judged::Fine,
        Verdict::Slower => Glyph::Mistake,
        Verdict::Mistake => Glyph::Blunder,
    };
    let before = history.position_at(ply - 1);
    let better = exact_line(engine, before, review.best.into());
    let answer = exact_line(engine, before, history.moves()[ply - 1]);
    Judged::Marked(
        glyph,
        format!(
            "{}; better {}; after the move played {}",
            review.sentence(game),
            line_words(game, before, &better),
            line_words(game, before, &answer)
        ),
    )
}

/// `mv` then the table's best moves in turn (the fastest win, the longest defence).
fn exact_line(engine: &dyn Engine, before: &dyn Position, mv: Move) -> Vec<Move> {
    let mut line = vec![mv];
    if let Ok(after) = before.play(mv) {
        line.extend(review::exact_line(engine, after.as_ref(), LINE_PLIES - 1));
    }
    line
}

/// The analysis's verdict on `played` at `depth`: only where the search says so plainly.
fn judge_searched(
    game: &dyn Game,
    engine: &dyn Engine,
    before: &dyn Position,
    played: Move,
    depth: u32,
) -> Judged {
    let Some(analysis) = engine.analysis(before, Budget::Depth(depth)) else {
        return Judged::Unknown;
    };
    let figures = (analysis.figure(played), analysis.figure(analysis.best));
    let (Some(mine), Some(best)) = figures else {
        return Judged::Unknown;
    };
    let glyph = if analysis.best == played {
        return Judged::Fine;
    } else if gives_up_a_win(best, mine) || walks_into_a_loss(best, mine) {
        Glyph::Blunder
    } else if score(best).is_some_and(|b| b > 0) && score(mine).is_some_and(|m| m <= 0) {
        Glyph::Mistake
    } else {
        return Judged::Fine;
    };
    let line = line_words(game, before, &analysis.pv);
    let name = game.move_name(before, analysis.best);
    Judged::Marked(
        glyph,
        format!(
            "judged by search at depth {depth}: {} here, {name} {}; better {line}",
            mine.short(),
            best.short()
        ),
    )
}

/// The outcome a figure proves for the side playing the move, if it proves one (a bound
/// `W≤n` proves a win, `L≤n` a loss).
fn proven(figure: Figure) -> Option<Outcome> {
    match figure {
        Figure::Proven(Claim::WinWithin(_)) => Some(Outcome::Win),
        Figure::Proven(Claim::LossWithin(_)) => Some(Outcome::Loss),
        Figure::Proven(Claim::Exact(value)) => Some(value.outcome),
        _ => None,
    }
}

fn gives_up_a_win(best: Figure, played: Figure) -> bool {
    proven(best) == Some(Outcome::Win) && proven(played) != Some(Outcome::Win)
}

fn walks_into_a_loss(best: Figure, played: Figure) -> bool {
    proven(played) == Some(Outcome::Loss) && proven(best) != Some(Outcome::Loss)
}

/// The search's score, where the figure is one (not a proof or a bound).
fn score(figure: Figure) -> Option<i32> {
    match figure {
        Figure::Score(s) => Some(s),
        _ => None,
    }
}

/// `d5 c4 e6`: a line named move by move from `from`.
fn line_words(game: &dyn Game, from: &dyn Position, line: &[Move]) -> String {
    move_names(game, from, line).join(" ")
}

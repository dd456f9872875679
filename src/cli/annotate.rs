//! `tictaclatin annotate FILE|N`: the record again, each move judged by the engine
//! ([`review::review_game`]): exactly where the game is solved, else by the analysis at a
//! stated depth (the same on every run), which the comment says.

use clap::Args;

use super::Failure;
use tictaclatin::core::Budget;
use tictaclatin::core::review::{self, Judgement, Mark};
use tictaclatin::core::session::History;
use tictaclatin::record::{self, Glyph, Record};
use tictaclatin::store::write_atomic;

#[derive(Args, Debug)]
pub(crate) struct AnnotateArgs {
    /// The record to annotate: a record file, or a game's number in `tictaclatin games` (1
    /// is the newest)
    #[arg(value_name = "FILE|N")]
    record: String,
    /// How deep the search looks at each move, where the game is not solved (default 4)
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: Option<u32>,
    /// Write the annotated record over its file (atomically) instead of printing it
    #[arg(long)]
    in_place: bool,
}

pub fn run(args: &AnnotateArgs) -> Result<(), Failure> {
    let file = super::games_cmd::record_path(&args.record)?;
    let mut record = record::read_file(&file)
        .map_err(|e| Failure::bad_input(format!("{}: {e}", file.display())))?;
    let budget = args.depth.map_or(review::DEFAULT_BUDGET, Budget::Depth);
    let how = annotate(&mut record, budget);
    record.set_tag("Annotator", format!("tictaclatin, {how}"));
    let text = record.to_text();
    if args.in_place {
        // Through a link to the record it leads to (which was read, so is a regular file):
        // the record is edited, not replaced by a file where the link was.
        std::fs::canonicalize(&file)
            .and_then(|target| write_atomic(&target, text.as_bytes()))
            .map_err(|e| Failure::cannot_write(&file, e))
    } else {
        out!("{text}");
        Ok(())
    }
}

/// Judges every move of `record` in place; how it judged (`exact`, `search depth 4`, or
/// both where the table knows some positions). A solved game is judged exactly, even
/// with no move to judge; a board that is searched names the search's budget.
fn annotate(record: &mut Record, budget: Budget) -> String {
    let game = record.game.clone();
    let engine = game.engine();
    let mut history = History::new(record.start_position());
    for entry in &record.moves {
        if history.play(entry.mv).is_err() {
            break; // the record was replayed when read: nothing is illegal here
        }
    }
    // One line of work: the judgements are the same with any, and cores are shared.
    let judgements = review::review_game(engine.as_ref(), &history, budget, 1);
    let judged = || judgements.iter().flatten();
    let exact = game.solved() || judged().any(Judgement::is_proven);
    let searched = judged().any(|j| !j.is_proven());
    for (entry, judgement) in record.moves.iter_mut().zip(&judgements) {
        let Some(judgement) = judgement else { continue };
        let glyph = match judgement.mark() {
            Mark::Sound => continue,
            Mark::Mistake => Glyph::Mistake,
            Mark::Blunder => Glyph::Blunder,
        };
        // A judgement replaces an earlier annotator's; the player's own comments stay.
        entry.glyph = Some(glyph);
        entry.comment = Some(judgement.sentence(game.as_ref(), &history));
    }
    match (exact, searched) {
        (true, false) => "exact".into(),
        (true, true) => format!("exact where the engine knows, else search {budget}"),
        // Nothing judged on a board that is searched: the search is what would judge it.
        (false, _) => format!("search {budget}"),
    }
}

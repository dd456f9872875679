//! The review of a game on a searched board: every move judged by a search on the bot's
//! thread (`core::review::review_game`), kept with the game and moves it judged so a
//! review of another game never shows it.

use crate::core::Move;
use crate::core::review::{Judgement, Mark};

/// Which game a review is of: the game's key and its moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameMoves {
    pub game: String,
    pub moves: Vec<Move>,
}

/// Every move of a game judged, in order (`None` where the engine says nothing).
#[derive(Clone, Debug)]
pub struct Judged {
    pub of: GameMoves,
    pub judgements: Vec<Option<Judgement>>,
}

impl Judged {
    /// The judgement of move `ply` (1-based).
    pub fn at(&self, ply: usize) -> Option<&Judgement> {
        self.judgements.get(ply.checked_sub(1)?)?.as_ref()
    }

    /// How move `ply` is marked; sound where it was not judged.
    pub fn mark(&self, ply: usize) -> Mark {
        self.at(ply).map_or(Mark::Sound, Judgement::mark)
    }
}

/// How a mark is written beside a move, as records write it.
pub fn mark_text(mark: Mark) -> &'static str {
    match mark {
        Mark::Sound => "",
        Mark::Mistake => "?",
        Mark::Blunder => "??",
    }
}

//! What a screen's key asks of the app once the screen has done its own part: what crosses
//! to another screen or needs more than one screen's state.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Command {
    OpenStart,
    /// Start a game, or resume one, after asking when that would throw a game away.
    Begin(Start),
    /// From the start screen: back to the game on the board, or quit when there is none.
    Leave,
    /// From the start screen: back to the game on the board, if there is one (never quits).
    BackToGame,
    /// The help: the keys on the start screen, the game's rules on the others.
    Help,
    /// Swap sides (mid-game, after asking), or a new game with them swapped.
    Swap,
    /// Quit, after asking when a game would be lost.
    Quit,
    Review,
    CloseReview,
    /// A new game from the position after this many moves.
    PlayOn(usize),
    /// The game's record to a file in the current directory.
    WriteRecord,
}

/// What the start screen's Enter does, kept while the player is asked whether to discard
/// an unfinished game for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Start {
    New,
    Resume,
}

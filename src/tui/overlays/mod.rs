pub mod help;

use crate::tui::command::Start;

/// What shows over the screen (the help) or is asked in the status line, and takes the
/// next key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Overlay {
    /// The game's rules, shown first by the help key on the game's screens; the help key
    /// again shows the keys, any other key closes it.
    Rules,
    /// The keys; any key closes it.
    Help,
    /// Quitting was asked once; the next quit key quits.
    Quit,
    /// Swapping sides mid-game was asked once; the next swap key swaps.
    Swap,
    /// Starting was asked for and would throw away an unfinished game: `y` starts this.
    Discard(Start),
}

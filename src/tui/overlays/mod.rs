pub mod help;
pub mod question;

use question::Question;

/// What shows over the screen and takes the next key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Overlay {
    /// The game's rules, shown first by the help key on the game's screens; the help key
    /// again shows the keys, any other key closes it.
    Rules,
    /// The keys; any key closes it.
    Help,
    Question(Question),
}

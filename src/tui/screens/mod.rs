//! The screens: each holds its state, handles its keys and draws itself.

pub mod play;
pub mod review;
pub mod start;

use review::ReviewScreen;

/// Which screen is showing; the review's state is its own (the move it shows).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Screen {
    Start,
    Play,
    /// Stepping through the finished game on the board.
    Review(ReviewScreen),
}

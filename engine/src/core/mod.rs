//! What every game shares and no game owns.

pub mod analysis;
pub mod bounded;
mod cell;
#[cfg(test)]
mod conformance_tests;
mod game;
pub mod game_loop;
mod level;
mod moves;
mod player;
mod position;
pub mod protocol;
pub mod review;
pub mod root;
pub mod session;
mod side;
pub mod threads;
pub mod tournament;
#[cfg(test)]
pub(crate) mod toy_tests;
mod value;
mod watch;
pub mod words;

pub use analysis::{Analysis, Budget};
pub use cell::Place;
pub use cell::{CellId, Grid, Layout};
pub use game::{Engine, Game, PlayerError, Published, Solved, move_names, read_moves, threats};
pub use game_loop::Tally;
pub use level::Difficulty;
pub use moves::Move;
pub use player::{Decision, Player, PlayerOptions};
pub use position::MoveError;
pub use position::{BlockState, MarkedLine, Position, read_cell, read_position};
pub use position::{CellError, PositionError};
pub use session::{First, Mode};
pub use side::{Side, Status};
pub use value::{Claim, Hint, Outcome, Value, WIN_SCORE};
pub use watch::{Thinking, Watch};

//! What every game shares and no game owns: the sides, cells and layouts, positions and
//! their values, players, and the interface ([`Game`], [`Engine`]) everything above the
//! games uses to reach them.

pub mod analysis;
pub mod bounded;
mod cell;
mod game;
pub mod game_loop;
mod level;
mod player;
mod position;
pub mod protocol;
pub mod session;
mod side;
mod tally;
pub mod threads;
pub mod tournament;
mod value;
pub mod words;

pub use analysis::{Analysis, Budget, Figure};
pub use cell::{CellId, Grid, Layout, Place};
pub use game::{Engine, Game, Hint, PlayerError, Published, Solved};
pub use level::{Difficulty, UnknownDifficulty};
pub use player::{Claim, Decision, Player, PlayerOptions};
pub use position::{
    BlockState, CellError, Concrete, MarkedLine, MoveError, Position, PositionError,
};
pub use session::{First, Mode};
pub use side::{Side, Status, UnknownSide};
pub use tally::Tally;
pub use value::{Outcome, Value};

//! What every game shares and no game owns: the sides, where a game stands, the value of a
//! position.

mod side;
mod value;

pub use side::{Side, Status, UnknownSide};
pub use value::{Outcome, Value};

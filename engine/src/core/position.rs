//! A position of any game, as the screen, the commands and the tournament see it.

use std::any::Any;
use std::fmt;

use super::cell::CellId;
use super::moves::Move;
use super::side::{Side, Status};

/// Why a move was refused; the message names the cell the way the game does.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    /// The cell holds a stone (the text names it: `b2 is taken`).
    #[error("{0}")]
    Taken(String),
    /// The rules forbid the cell here for another reason (off the board, outside the small
    /// board one must play in); the text says why.
    #[error("{0}")]
    NotAllowed(String),
}

/// A position text that could not be read; the message says what is wrong in the game's
/// own terms (naming the cell, not a character offset).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0}")]
pub struct PositionError(pub String);

/// A cell name that could not be read; the message says what a name looks like.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0}")]
pub struct CellError(pub String);

/// A game's own reading of a position, boxed for the core, its refusal in the core's type.
pub fn read_position<P: Position + 'static, E: fmt::Display>(
    read: Result<P, E>,
) -> Result<Box<dyn Position>, PositionError> {
    read.map(|p| Box::new(p) as Box<dyn Position>)
        .map_err(|e| PositionError(e.to_string()))
}

/// A game's own reading of a cell name, as the core's cell, its refusal in the core's type.
pub fn read_cell<C, E: fmt::Display>(
    read: Result<C, E>,
    id: impl FnOnce(C) -> CellId,
) -> Result<CellId, CellError> {
    read.map(id).map_err(|e| CellError(e.to_string()))
}

/// A line to draw highlighted in a side's colour: a line that won, or in Tic-Tac-Latin a
/// line that scored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MarkedLine {
    pub cells: Vec<CellId>,
    pub side: Side,
}

/// Where a block (a small board of extreme tic-tac-toe) stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BlockState {
    Open,
    Won(Side),
    /// Full without a winner: it takes no more stones.
    Drawn,
}

/// What a position is given for being a plain value of its game's own type: a boxed copy,
/// and that type back for the game's own code. Every `Position` that is `Clone` has it.
pub trait Concrete {
    fn clone_box(&self) -> Box<dyn Position>;

    /// The concrete position, for the game's own code.
    fn as_any(&self) -> &dyn Any;
}

impl<P: Position + Clone + 'static> Concrete for P {
    fn clone_box(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// One position of one game. Games implement it on their own concrete types; everything
/// above the games uses it through `dyn Position`. A game's own code gets its type back
/// with [`Concrete::as_any`].
pub trait Position: Concrete + fmt::Debug + Send + Sync {
    fn at(&self, cell: CellId) -> Option<Side>;

    /// The side whose turn it is (after a bonus move in extreme tic-tac-toe, the side that
    /// just moved again).
    fn to_move(&self) -> Side;

    /// Who won, or the draw, or still in play: the result everything else shows and counts.
    fn status(&self) -> Status;

    /// The moves the side to move may make, lowest index first; none when the game is over.
    fn legal_moves(&self) -> Vec<Move>;

    /// The position after the side to move makes `mv`, or why it may not.
    fn play(&self, mv: Move) -> Result<Box<dyn Position>, MoveError>;

    /// The game's position text, which its parser reads back.
    fn text(&self) -> String;

    fn stones(&self) -> usize;

    /// Lines to highlight: the winning line, or every scoring line where lines score.
    fn marked_lines(&self) -> Vec<MarkedLine> {
        Vec::new()
    }
}

impl Clone for Box<dyn Position> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

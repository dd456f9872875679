//! A position of any game, as the screen, the commands and the tournament see it.

use std::any::Any;
use std::fmt;

use super::cell::CellId;
use super::moves::Move;
use super::side::{Side, Status};

/// The message names the cell the way the game does.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    /// `b2 is taken`.
    #[error("{0}")]
    Taken(String),
    /// Off the board, outside the small board one must play in.
    #[error("{0}")]
    NotAllowed(String),
}

/// In the game's own terms (naming the cell, not a character offset).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0}")]
pub struct PositionError(pub String);

/// The message says what a name looks like.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0}")]
pub struct CellError(pub String);

/// A game's own reading of a position, in the core's types.
pub fn read_position<P: Position + 'static, E: fmt::Display>(
    read: Result<P, E>,
) -> Result<Box<dyn Position>, PositionError> {
    read.map(|p| Box::new(p) as Box<dyn Position>)
        .map_err(|e| PositionError(e.to_string()))
}

/// A game's own reading of a cell name, in the core's types.
pub fn read_cell<C, E: fmt::Display>(
    read: Result<C, E>,
    id: impl FnOnce(C) -> CellId,
) -> Result<CellId, CellError> {
    read.map(id).map_err(|e| CellError(e.to_string()))
}

/// A line that won, or in Tic-Tac-Latin scored, drawn in a side's colour.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MarkedLine {
    pub cells: Vec<CellId>,
    pub side: Side,
}

/// A small board of extreme tic-tac-toe.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BlockState {
    Open,
    Won(Side),
    Drawn,
}

/// Given to every `Position` that is `Clone`: a boxed copy, and its own type back for the
/// game's own code.
pub trait Concrete {
    fn clone_box(&self) -> Box<dyn Position>;

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

/// One position of one game, as everything above the games sees it.
pub trait Position: Concrete + fmt::Debug + Send + Sync {
    fn at(&self, cell: CellId) -> Option<Side>;

    /// After a bonus move in extreme tic-tac-toe, the side that just moved again.
    fn to_move(&self) -> Side;

    /// The result everything else shows and counts.
    fn status(&self) -> Status;

    /// Lowest index first; none when the game is over.
    fn legal_moves(&self) -> Vec<Move>;

    fn play(&self, mv: Move) -> Result<Box<dyn Position>, MoveError>;

    /// Which the game's parser reads back.
    fn text(&self) -> String;

    fn stones(&self) -> usize;

    fn marked_lines(&self) -> Vec<MarkedLine> {
        Vec::new()
    }
}

impl Clone for Box<dyn Position> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

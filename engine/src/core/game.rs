//! The one interface the screen, the commands, the tournament and the store use to reach a
//! game: [`Game`] for its rules and names, [`Engine`] for what it knows about positions and
//! the players it can build.

use std::sync::Arc;

use super::analysis::Analysis;
use super::cell::{CellId, Layout, Place};
use super::extras::{Extras, NoExtras};
use super::hint::Hint;
use super::level::Difficulty;
use super::moves::Move;
use super::player::{Player, PlayerOptions};
use super::position::{CellError, Position, PositionError};
use super::root::SearchSettings;
use super::side::Side;
use super::value::Value;

/// A game's rules, names and drawing. Cheap to make; anything costly (a solved table, a
/// dictionary) is built by [`Game::engine`].
pub trait Game: Send + Sync {
    /// The game and variant as files and flags name it: `latin`, `classic-5`,
    /// `classic-4k3`, `qubic`, `extreme`.
    fn key(&self) -> String;

    /// The name people see: `Tic-Tac-Latin`, `Classic 5x5`.
    fn title(&self) -> String;

    /// The rules in a few short lines, for the start screen.
    fn rules(&self) -> Vec<String>;

    /// The rules in full for someone who has never played, for the help: paragraphs, and
    /// small drawings as lines that begin with two spaces (drawn as they are).
    fn rules_in_full(&self) -> Vec<String> {
        self.rules()
    }

    fn layout(&self) -> Layout;

    /// The engine knows every position's exact value (a solved table), so its hints and
    /// its top level are exact; otherwise (the default) its bot searches and claims only what
    /// it proves.
    fn solved(&self) -> bool {
        false
    }

    /// What the game calls a level: the top one is `perfect` where the game is solved and
    /// `max` where the bot searches.
    fn level_name(&self, level: Difficulty) -> &'static str {
        match level {
            Difficulty::Perfect if !self.solved() => "max",
            other => other.name(),
        }
    }

    /// Where `cell` is drawn; by default cells are numbered block by block, each block row
    /// by row.
    fn place(&self, cell: CellId) -> Place {
        let cells = self.layout().cells;
        let (block, local) = (cell.index() / cells.count(), cell.index() % cells.count());
        let cols = usize::from(cells.cols);
        Place {
            block: block as u8,
            row: (local / cols) as u8,
            col: (local % cols) as u8,
        }
    }

    /// The cell drawn at `place`, if any; by default in the numbering of [`Game::place`].
    fn cell_at(&self, place: Place) -> Option<CellId> {
        let Layout { blocks, cells, .. } = self.layout();
        let (block, row, col) = (usize::from(place.block), place.row, place.col);
        (block < blocks.count() && row < cells.rows && col < cells.cols).then(|| {
            let local = usize::from(row) * usize::from(cells.cols) + usize::from(col);
            CellId::new(block * cells.count() + local)
        })
    }

    /// The cell's name for people: `b3`, `2b3`, `B3c1`.
    fn cell_name(&self, cell: CellId) -> String;

    /// Reads a cell name (and the other forms the game accepts, like Qubic's numbers).
    fn parse_cell(&self, text: &str) -> Result<CellId, CellError>;

    /// Reads a move typed against `position`. A game whose move places a stone keeps this
    /// default, which reads a cell name; a game whose move is a column or a pass reads its own.
    fn parse_move(&self, _position: &dyn Position, text: &str) -> Result<Move, CellError> {
        self.parse_cell(text).map(Move::place)
    }

    /// A move's name for people and files, as [`Game::parse_move`] reads it back against
    /// the same position; by default the name of the cell it places on.
    fn move_name(&self, _position: &dyn Position, mv: Move) -> String {
        self.cell_name(mv.placed())
    }

    /// The cell `mv` fills when made in `position` (in a game that drops stones, its
    /// column's lowest empty cell); `None` for a move that fills no one cell (a pass).
    fn move_cell(&self, _position: &dyn Position, mv: Move) -> Option<CellId> {
        Some(mv.placed())
    }

    /// The move a player makes by choosing `cell` on the board in `position` (in a game
    /// that drops stones, the move of its column); `None` where choosing it makes none.
    fn move_at(&self, _position: &dyn Position, cell: CellId) -> Option<Move> {
        Some(Move::place(cell))
    }

    fn start(&self) -> Box<dyn Position>;

    fn parse_position(&self, text: &str) -> Result<Box<dyn Position>, PositionError>;

    /// What only some games have; every other game gives the plain answers.
    fn extras(&self) -> &dyn Extras {
        &NoExtras
    }

    /// Builds what the game knows: solves it, loads its dictionary. May take a while; the
    /// terminal game calls it on the bot's thread.
    fn engine(&self) -> Arc<dyn Engine>;
}

/// A game's knowledge: exact values where the game is solved, search where it is not, and
/// the players built on it.
pub trait Engine: Send + Sync {
    /// The exact value for the side to move, when the engine knows it without searching.
    fn value(&self, _position: &dyn Position) -> Option<Value> {
        None
    }

    /// A hint for each legal move of `position`, in the order of `legal_moves`.
    fn hints(&self, position: &dyn Position) -> Vec<(Move, Hint)>;

    /// The move the engine's strongest player would make, to mark among the hints; `None`
    /// where that would take a search.
    fn best(&self, _position: &dyn Position) -> Option<Move> {
        None
    }

    /// The search's analysis of `position` within `budget`, for games that search (`None`
    /// for the solved ones, and where the exact table answers): the move the bot plays at
    /// this budget is its best. Its threads may speed it up, never change it.
    fn analysis(&self, _position: &dyn Position, _settings: &SearchSettings) -> Option<Analysis> {
        None
    }

    /// The analysis `hints` comes from, where the hints take a search, so the screen gets the
    /// hints and the lines behind them from one search.
    fn hint_analysis(&self, _position: &dyn Position) -> Option<Analysis> {
        None
    }

    /// Hints come at once (a table lookup), so the screen may ask for them while drawing;
    /// otherwise (the default) it asks on the bot's thread.
    fn instant_hints(&self) -> bool {
        false
    }

    /// The names of the players this game can build, for help texts and error messages.
    fn player_names(&self) -> Vec<String>;

    /// A player by name (`perfect`, `greedy`, `d10`, ...), or why there is none.
    fn player(&self, name: &str, options: PlayerOptions) -> Result<Box<dyn Player>, PlayerError>;

    /// How the game was solved, for games solved by a table; `None` for the others.
    fn solved(&self) -> Option<Solved> {
        None
    }

    /// A published result for games between these two players (by name, first player
    /// first), to print beside a tournament's own; `None` for most pairings.
    fn published(&self, _first: &str, _second: &str) -> Option<Published> {
        None
    }

    /// The one side a named player can play, for players that cannot play both (a strategy
    /// book is written for one side).
    fn only_side(&self, _name: &str) -> Option<Side> {
        None
    }
}

/// Results someone else measured and published, for comparison.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Published {
    /// Where the figures come from, in a few words.
    pub source: String,
    pub games: u64,
    pub first_wins: u64,
    pub second_wins: u64,
    pub draws: u64,
}

/// What solving a game by a table found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Solved {
    /// Positions in play reachable from the empty board, counting every symmetric image.
    pub positions: u64,
    /// Classes of those positions under the symmetries.
    pub classes: u64,
    /// The symmetries of the board's lines.
    pub symmetries: usize,
    pub bytes: usize,
}

/// A player name the game does not know, or cannot build here.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0}")]
pub struct PlayerError(pub String);

/// The names of `moves` made one after another from `from`, each named against the position
/// before it (a move that cannot be made is named where it was refused, as are those after it).
pub fn move_names(game: &dyn Game, from: &dyn Position, moves: &[Move]) -> Vec<String> {
    let mut position = from.clone_box();
    moves
        .iter()
        .map(|&mv| {
            let name = game.move_name(position.as_ref(), mv);
            if let Ok(next) = position.play(mv) {
                position = next;
            }
            name
        })
        .collect()
}

/// Reads the names of moves made one after another from `from`, each against the position
/// before it, as [`move_names`] wrote them; the first name that is no move is the error.
pub fn read_moves(
    game: &dyn Game,
    from: &dyn Position,
    names: &[String],
) -> Result<Vec<Move>, CellError> {
    let mut position = from.clone_box();
    names
        .iter()
        .map(|name| {
            let mv = game.parse_move(position.as_ref(), name)?;
            if let Ok(next) = position.play(mv) {
                position = next;
            }
            Ok(mv)
        })
        .collect()
}

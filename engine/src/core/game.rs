//! The one interface everything above the games uses: [`Game`] for the rules and names,
//! [`Engine`] for what it knows about positions and the players it can build.

use std::sync::Arc;
use std::time::Duration;

use super::analysis::Analysis;
use super::cell::{CellId, Layout, Place};
use super::level::Difficulty;
use super::moves::Move;
use super::player::{Player, PlayerOptions};
use super::position::{BlockState, CellError, MarkedLine, Position, PositionError};
use super::root::SearchSettings;
use super::side::Side;
use super::value::{Hint, Value};

/// A game's rules, names and drawing. Cheap to make; anything costly (a solved table, a
/// dictionary) is built by [`Game::engine`].
pub trait Game: Send + Sync + std::fmt::Debug {
    /// The game and variant as files and flags name it: `latin`, `classic-4k3`.
    fn key(&self) -> String;

    /// `Tic-Tac-Latin`, `Classic 5x5`.
    fn title(&self) -> String;

    /// A few short lines, for the start screen.
    fn rules(&self) -> Vec<String>;

    /// For someone who has never played: paragraphs, and small drawings as lines that
    /// begin with two spaces (drawn as they are).
    fn rules_in_full(&self) -> Vec<String> {
        self.rules()
    }

    fn layout(&self) -> Layout;

    /// The engine knows every position's exact value (a solved table); otherwise its bot
    /// searches and claims only what it proves.
    fn solved(&self) -> bool {
        false
    }

    /// The top level is `perfect` where the game is solved and `max` where the bot searches.
    fn level_name(&self, level: Difficulty) -> &'static str {
        match level {
            Difficulty::Perfect if !self.solved() => "max",
            other => other.name(),
        }
    }

    /// By default cells are numbered block by block, each block row by row.
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

    /// The inverse of [`Game::place`].
    fn cell_at(&self, place: Place) -> Option<CellId> {
        let Layout { blocks, cells, .. } = self.layout();
        let (block, row, col) = (usize::from(place.block), place.row, place.col);
        (block < blocks.count() && row < cells.rows && col < cells.cols).then(|| {
            let local = usize::from(row) * usize::from(cells.cols) + usize::from(col);
            CellId::new(block * cells.count() + local)
        })
    }

    /// `b3`, `2b3`, `B3c1`.
    fn cell_name(&self, cell: CellId) -> String;

    /// Reads a cell name (and the other forms the game accepts, like Qubic's numbers).
    fn parse_cell(&self, text: &str) -> Result<CellId, CellError>;

    /// By default a cell name: a game whose move is a column or a pass reads its own.
    fn parse_move(&self, _position: &dyn Position, text: &str) -> Result<Move, CellError> {
        self.parse_cell(text).map(Move::place)
    }

    /// As [`Game::parse_move`] reads it back against the same position.
    fn move_name(&self, _position: &dyn Position, mv: Move) -> String {
        self.cell_name(mv.placed())
    }

    /// In a game that drops stones, its column's lowest empty cell; `None` for a pass.
    fn move_cell(&self, _position: &dyn Position, mv: Move) -> Option<CellId> {
        Some(mv.placed())
    }

    /// The move made by choosing `cell` on the board (in a game that drops stones, its
    /// column's); `None` where choosing it makes none.
    fn move_at(&self, _position: &dyn Position, cell: CellId) -> Option<Move> {
        Some(Move::place(cell))
    }

    fn start(&self) -> Box<dyn Position>;

    fn parse_position(&self, text: &str) -> Result<Box<dyn Position>, PositionError>;

    // What only some games have, to `contest_move_limit`; the others give the plain answer.
    // Each answers for the positions of its own game only.

    /// (First, second), for games that keep a score.
    fn points(&self, _position: &dyn Position) -> Option<[u32; 2]> {
        None
    }

    /// The final points, when they decided the game because no line did (extreme
    /// tic-tac-toe): only the words use it, `status` says who won.
    fn decided_on_points(&self, _position: &dyn Position) -> Option<[u32; 2]> {
        None
    }

    /// For games whose blocks are won and closed.
    fn blocks(&self, _position: &dyn Position) -> Vec<BlockState> {
        Vec::new()
    }

    /// The side to move moved last too.
    fn bonus_move(&self, _position: &dyn Position) -> bool {
        false
    }

    /// The lines that win, for games whose screen shows them (Qubic's 76, hard to see
    /// across its layers); none by default.
    fn lines(&self) -> Vec<Vec<CellId>> {
        Vec::new()
    }

    /// A block drawn apart from the others (Qubic's `Layer 2`).
    fn block_label(&self, block: u8) -> String {
        format!("{}", block + 1)
    }

    /// For names that are not a plain column and row (`2b3` is layer 2, column b, row 3).
    fn cell_name_help(&self) -> Option<String> {
        None
    }

    /// Where the general words would mislead (Qubic's top level as X plays a dictionary).
    fn level_text(&self, _level: Difficulty) -> Option<String> {
        None
    }

    /// At the end of a game won by the rules or a forfeit (extreme tic-tac-toe's 68 to
    /// the winner, or the small boards won).
    fn contest_points(&self, _end: &dyn Position, _winner: Option<Side>) -> Option<[u32; 2]> {
        None
    }

    /// For bots, in games played under a contest clock.
    fn contest_move_limit(&self) -> Option<Duration> {
        None
    }

    /// Solves the game, loads its dictionary: may take a while (the bot's thread calls it).
    fn engine(&self) -> Arc<dyn Engine>;
}

/// Exact values where the game is solved, search where it is not, and the players.
pub trait Engine: Send + Sync {
    /// For the side to move, when the engine knows it without searching.
    fn value(&self, _position: &dyn Position) -> Option<Value> {
        None
    }

    /// In the order of `legal_moves`.
    fn hints(&self, position: &dyn Position) -> Vec<(Move, Hint)>;

    /// The strongest player's move, to mark among the hints; `None` where that would take a
    /// search.
    fn best(&self, _position: &dyn Position) -> Option<Move> {
        None
    }

    /// For games that search (`None` where the exact table answers): the bot's move at this
    /// budget is its best. Its threads may speed it up, never change it.
    fn analysis(&self, _position: &dyn Position, _settings: &SearchSettings) -> Option<Analysis> {
        None
    }

    /// Where the hints take a search: the hints and their lines from one search.
    fn hint_analysis(&self, _position: &dyn Position) -> Option<Analysis> {
        None
    }

    /// A table lookup: the screen may ask while drawing, not on the bot's thread.
    fn instant_hints(&self) -> bool {
        false
    }

    fn player_names(&self) -> Vec<String>;

    /// `perfect`, `greedy`, `d10`, ...
    fn player(&self, name: &str, options: PlayerOptions) -> Result<Box<dyn Player>, PlayerError>;

    /// For games solved by a table.
    fn solved(&self) -> Option<Solved> {
        None
    }

    /// To print beside a tournament's own; `None` for most pairings.
    fn published(&self, _first: &str, _second: &str) -> Option<Published> {
        None
    }

    /// For a player that cannot play both sides (a strategy book is written for one).
    fn only_side(&self, _name: &str) -> Option<Side> {
        None
    }
}

/// Results someone else measured and published, for comparison.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Published {
    /// In a few words.
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
    pub symmetries: usize,
    pub bytes: usize,
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0}")]
pub struct PlayerError(pub String);

/// Each named against the position before it (a move that cannot be made, and those after
/// it, where it was refused).
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

/// Each line one side holds but for one empty cell, which wins it: while the game is on.
pub fn threats(game: &dyn Game, position: &dyn Position) -> Vec<MarkedLine> {
    if position.status().is_over() {
        return Vec::new();
    }
    let held = |cells: &[CellId], side| cells.iter().filter(|&&c| position.at(c) == side).count();
    game.lines()
        .into_iter()
        .filter_map(|cells| {
            let side = Side::ALL
                .into_iter()
                .find(|&side| held(&cells, Some(side)) + 1 == cells.len())?;
            (held(&cells, None) == 1).then_some(MarkedLine { cells, side })
        })
        .collect()
}

/// As [`move_names`] wrote them; the first name that is no move is the error.
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

//! Extreme tic-tac-toe through the core interface; cells are numbered `r * 16 + c`.

use std::sync::Arc;
use std::time::Duration;

use crate::core::{
    Analysis, BlockState, CellError, CellId, Difficulty, Engine, Game, Grid, Hint, Layout,
    MarkedLine, Move, MoveError, Place, Player, PlayerError, PlayerOptions, Position,
    PositionError, Side, Status, read_cell, read_position,
};
use crate::games::{Boards, Registration};

use super::cell::{ExtremeCell, board_name, cell_id, cell_of};
use super::patterns::PATTERNS;
use super::players::{self, ExtremeGreedy, Level, searcher};
use super::rules::State;
use crate::core::root::SearchSettings;
use crate::core::words::{by_name, quote};
use crate::games::kit::baselines::RandomPlayer;

#[derive(Clone, Copy, Debug, Default)]
pub struct Extreme;

pub const REGISTRATION: Registration = Registration {
    name: "extreme",
    family: "extreme tic-tac-toe",
    boards: Boards::One(|| Arc::new(Extreme)),
    position_format: "three words, the 256 cells row by row across the whole board, the last \
        move (B3c1, or - before the first) and the side to move (x or o), e.g. \"<256 cells> \
        A1b2 o\"",
};

impl Game for Extreme {
    fn key(&self) -> String {
        "extreme".into()
    }

    fn title(&self) -> String {
        "Extreme tic-tac-toe".into()
    }

    fn rules(&self) -> Vec<String> {
        [
            "A 4x4 board of 4x4 boards. Your cell's place sends the other side to that \
             small board (if closed, to any).",
            "A row, column or diamond wins a small board and a bonus move; such a line of won \
             boards wins.",
            "Else more points win: corner 6, edge 4, middle 3.",
        ]
        .map(String::from)
        .to_vec()
    }

    fn rules_in_full(&self) -> Vec<String> {
        [
            "A 4x4 grid of small 4x4 boards; X moves first, anywhere. B3c1 names cell c1 of \
             small board B3.",
            "Where you play in a small board sends the other side to the small board in that \
             place of the big grid; if it is won or full, they may play in any open board.",
            "  . . x .   x at c1 of any board sends    . o . .   a diamond: the four",
            "  . . . .   the other side to board C1    o . o .   cells around b2 (or",
            "  . . . .                                 . o . .   around c2, b3, c3)",
            "  . . . .                                 . . . .",
            "A whole row, a whole column or a diamond (never a diagonal) wins a small board, \
             and with it a bonus move at once (no second bonus in a row).",
            "The same with won boards on the big grid wins the game. If every board is \
             decided without one, each board won scores by its place: corner 6, edge 4, \
             middle 3, and more points win.",
        ]
        .map(String::from)
        .to_vec()
    }

    fn layout(&self) -> Layout {
        Layout {
            blocks: Grid::new(4, 4),
            cells: Grid::new(4, 4),
            may_stack: false,
        }
    }

    fn place(&self, cell: CellId) -> Place {
        let (r, c) = (cell.index() / 16, cell.index() % 16);
        Place {
            block: ((r / 4) * 4 + c / 4) as u8,
            row: (r % 4) as u8,
            col: (c % 4) as u8,
        }
    }

    fn cell_at(&self, place: Place) -> Option<CellId> {
        (place.block < 16 && place.row < 4 && place.col < 4).then(|| {
            let local = usize::from(place.row) * 4 + usize::from(place.col);
            cell_id(ExtremeCell::in_board(usize::from(place.block), local))
        })
    }

    fn cell_name(&self, cell: CellId) -> String {
        cell_of(cell).map_or_else(|| format!("#{}", cell.index()), |c| c.to_string())
    }

    fn parse_cell(&self, text: &str) -> Result<CellId, CellError> {
        read_cell(text.parse::<ExtremeCell>(), cell_id)
    }

    fn start(&self) -> Box<dyn Position> {
        Box::new(State::START)
    }

    fn parse_position(&self, text: &str) -> Result<Box<dyn Position>, PositionError> {
        read_position(text.parse::<State>())
    }

    fn engine(&self) -> Arc<dyn Engine> {
        Arc::new(ExtremeEngine)
    }

    fn points(&self, position: &dyn Position) -> Option<[u32; 2]> {
        Some(players::state_of(position)?.board().points())
    }

    fn decided_on_points(&self, position: &dyn Position) -> Option<[u32; 2]> {
        players::state_of(position)?.decided_on_points()
    }

    fn blocks(&self, position: &dyn Position) -> Vec<BlockState> {
        players::state_of(position).map_or_else(Vec::new, |state| {
            (0..16).map(|b| state.board().block(b)).collect()
        })
    }

    fn bonus_move(&self, position: &dyn Position) -> bool {
        players::state_of(position).is_some_and(|state| state.bonus())
    }

    fn cell_name_help(&self) -> Option<String> {
        Some("B3c1 = small board B3 (column B, row 3), then its cell c1".into())
    }

    fn block_label(&self, block: u8) -> String {
        board_name(usize::from(block))
    }

    /// A win by pattern, or by forfeit, is worth all 68 points.
    fn contest_points(&self, end: &dyn Position, winner: Option<Side>) -> Option<[u32; 2]> {
        if let Some(points) = self.decided_on_points(end) {
            return Some(points);
        }
        Some(match winner {
            Some(side) => {
                let mut points = [0; 2];
                points[side.index()] = super::patterns::WIN_POINTS;
                points
            }
            None => self.points(end).unwrap_or([0, 0]),
        })
    }

    fn contest_move_limit(&self) -> Option<Duration> {
        Some(super::rules::CONTEST_MOVE_LIMIT)
    }
}

impl Position for State {
    fn at(&self, cell: CellId) -> Option<Side> {
        cell_of(cell).and_then(|c| self.board().at(c))
    }

    fn to_move(&self) -> Side {
        State::to_move(self)
    }

    fn status(&self) -> Status {
        State::status(self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = self.moves().cells().map(|c| cell_id(c).into()).collect();
        moves.sort_unstable();
        moves
    }

    fn play(&self, mv: Move) -> Result<Box<dyn Position>, MoveError> {
        let cell = mv.placed();
        let Some(c) = cell_of(cell) else {
            return Err(MoveError::NotAllowed(format!(
                "cell {} is off the board",
                cell.index()
            )));
        };
        Ok(Box::new(State::play(self, c)?))
    }

    fn text(&self) -> String {
        State::text(self)
    }

    fn stones(&self) -> usize {
        State::stones(self) as usize
    }

    /// One line holding every cell of the won pattern's small boards (of all of them when
    /// the last board completed several).
    fn marked_lines(&self) -> Vec<MarkedLine> {
        let Status::Won(side) = State::status(self) else {
            return Vec::new();
        };
        if State::decided_on_points(self).is_some() {
            return Vec::new();
        }
        let won = self.board().won(side);
        let boards = PATTERNS
            .iter()
            .filter(|&&p| p & !won == 0)
            .fold(0u16, |all, &p| all | p);
        let cells = ExtremeCell::all()
            .filter(|c| boards & 1 << c.board() != 0)
            .map(cell_id)
            .collect();
        vec![MarkedLine { cells, side }]
    }
}

/// About half a second.
pub const HINT_NODES: u64 = 400_000;

#[derive(Clone, Copy, Debug, Default)]
pub struct ExtremeEngine;

impl Engine for ExtremeEngine {
    fn hints(&self, position: &dyn Position) -> Vec<(Move, Hint)> {
        self.hint_analysis(position)
            .map_or_else(Vec::new, |a| a.moves)
    }

    fn hint_analysis(&self, position: &dyn Position) -> Option<Analysis> {
        self.analysis(position, &SearchSettings::hints(HINT_NODES))
    }

    fn analysis(&self, position: &dyn Position, settings: &SearchSettings) -> Option<Analysis> {
        let state = players::state_of(position)?;
        super::search::analysis::analyze(&state, settings)
    }

    fn player_names(&self) -> Vec<String> {
        players::NAMES.map(String::from).to_vec()
    }

    fn player(&self, name: &str, options: PlayerOptions) -> Result<Box<dyn Player>, PlayerError> {
        Ok(match name.trim().to_ascii_lowercase().as_str() {
            // `perfect` is what the levels call the top one in every game.
            "max" | "perfect" => Box::new(searcher::max(options)),
            "greedy" => Box::new(ExtremeGreedy::new(options.seed)),
            "random" => Box::new(RandomPlayer::new(options.seed)),
            other => match by_name(&Difficulty::ALL, Difficulty::name, other)
                .and_then(|level| Level::new(level, options))
            {
                Some(level) => Box::new(level),
                None => {
                    return Err(PlayerError(format!(
                        "no player {} in extreme tic-tac-toe: use one of {}",
                        quote(name),
                        players::NAMES.join(", ")
                    )));
                }
            },
        })
    }
}

//! Tic-Tac-Latin as the rest of the program sees it: the [`Game`], its [`Engine`] (the
//! solved table) and its players, behind the interface of `crate::core`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::game::{Board, Cell};
use super::players::{self, BookPlayer, SpecError, book_path, book_player};
use super::position::{board_of, cell_id, latin_cell};
use super::solver::Solver;
use crate::core::{
    CellError, CellId, Claim, Engine, Game, Hint, Layout, Move, Player, PlayerError, PlayerOptions,
    Position, PositionError, Side, Solved, Value, read_cell, read_position,
};
use crate::games::{Boards, Registration};

#[derive(Clone, Copy, Debug, Default)]
pub struct Latin;

pub const REGISTRATION: Registration = Registration {
    name: "latin",
    family: "Tic-Tac-Latin",
    boards: Boards::One(|| Arc::new(Latin)),
    position_format: "16 cells a1 b1 c1 d1 a2 .. d4, e.g. -X-O/-X--/X-X-/O--O",
};

impl Game for Latin {
    fn key(&self) -> String {
        "latin".into()
    }

    fn title(&self) -> String {
        "Tic-Tac-Latin".into()
    }

    fn rules(&self) -> Vec<String> {
        vec![
            "4x4 tic-tac-toe with a twist: a line (row, column or long diagonal) scores a point for \
             you when it holds three of your symbols and one of your opponent's."
                .into(),
            "The first to get ahead on points wins; a full board level on points is a draw.".into(),
        ]
    }

    fn rules_in_full(&self) -> Vec<String> {
        [
            "Take turns placing your symbol on the 4x4 board; X moves first.",
            "A row, column or long diagonal holding three of your symbols and one of the \
             other side's scores you a point, in any order:",
            "  X X X O   X O X X   a point for X        O O X O   a point for O",
            "Four alike, or three and an empty cell, score nothing. Watch your own moves: \
             an X that completes O O O X hands O the point.",
            "The first to get ahead on points wins at once; a full board level on points is \
             a draw.",
        ]
        .map(String::from)
        .to_vec()
    }

    fn layout(&self) -> Layout {
        Layout::board(4, 4)
    }

    fn solved(&self) -> bool {
        true
    }

    fn cell_name(&self, cell: CellId) -> String {
        latin_cell(cell).map_or_else(|| format!("#{}", cell.index()), |c| c.to_string())
    }

    fn parse_cell(&self, text: &str) -> Result<CellId, CellError> {
        read_cell(text.parse::<Cell>(), cell_id)
    }

    fn start(&self) -> Box<dyn Position> {
        Box::new(Board::EMPTY)
    }

    fn parse_position(&self, text: &str) -> Result<Box<dyn Position>, PositionError> {
        read_position(text.parse::<Board>())
    }

    fn engine(&self) -> Arc<dyn Engine> {
        Arc::new(LatinEngine::new(Arc::new(Solver::new())))
    }

    /// Tic-Tac-Latin keeps a score: the lines that scored for each side.
    fn points(&self, position: &dyn Position) -> Option<[u32; 2]> {
        let (first, second) = board_of(position)?.points();
        Some([first, second])
    }
}

/// The solved game and the players built on it.
pub struct LatinEngine {
    solver: Arc<Solver>,
    /// Book players by path: a tournament builds a player per game, and a book is read
    /// and indexed only the first time.
    books: Mutex<HashMap<String, BookPlayer>>,
}

impl LatinEngine {
    pub fn new(solver: Arc<Solver>) -> LatinEngine {
        LatinEngine {
            solver,
            books: Mutex::new(HashMap::new()),
        }
    }

    fn book(&self, path: &str) -> Result<BookPlayer, SpecError> {
        // A poisoned lock only means a thread panicked mid-insert; the map is still valid.
        let mut books = self.books.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(player) = books.get(path) {
            return Ok(player.clone());
        }
        let player = book_player(path)?;
        books.insert(path.to_string(), player.clone());
        Ok(player)
    }
}

impl Engine for LatinEngine {
    fn value(&self, position: &dyn Position) -> Option<Value> {
        self.solver.value(board_of(position)?)
    }

    fn hints(&self, position: &dyn Position) -> Vec<(Move, Hint)> {
        let Some(board) = board_of(position) else {
            return Vec::new();
        };
        self.solver
            .move_values(board)
            .into_iter()
            .map(|(cell, value)| (cell_id(cell).into(), Hint::Proven(Claim::Exact(value))))
            .collect()
    }

    fn best(&self, position: &dyn Position) -> Option<Move> {
        let board = board_of(position)?;
        self.solver
            .best_move(board)
            .map(|choice| cell_id(choice.cell).into())
    }

    fn instant_hints(&self) -> bool {
        true
    }

    fn player_names(&self) -> Vec<String> {
        players::VALID_NAMES.split(", ").map(String::from).collect()
    }

    fn player(&self, name: &str, options: PlayerOptions) -> Result<Box<dyn Player>, PlayerError> {
        let player = match book_path(name) {
            Some(path) => self.book(path).map(|p| Box::new(p) as Box<dyn Player>),
            None => players::player(name, &self.solver, options.seed),
        };
        player.map_err(|e| PlayerError(e.to_string()))
    }

    fn solved(&self) -> Option<Solved> {
        Some(self.solver.solved())
    }

    /// A book player plays only its book's side.
    fn only_side(&self, name: &str) -> Option<Side> {
        Some(self.book(book_path(name)?).ok()?.side())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Status;

    #[test]
    fn cells_round_trip_through_names_and_places() {
        let game = Latin;
        for index in 0..16 {
            let cell = CellId::new(index);
            let name = game.cell_name(cell);
            assert_eq!(game.parse_cell(&name), Ok(cell));
            assert_eq!(game.cell_at(game.place(cell)), Some(cell));
        }
        assert_eq!(game.cell_name(CellId::new(6)), "c2");
        assert!(game.parse_cell("e1").is_err());
    }

    #[test]
    fn positions_play_through_the_interface() {
        let game = Latin;
        let start = game.start();
        assert_eq!(start.legal_moves().len(), 16);
        let after = start
            .play(game.parse_move(game.start().as_ref(), "b2").unwrap())
            .unwrap();
        assert_eq!(after.text(), "----/-X--/----/----");
        assert_eq!(after.to_move(), Side::Second);
        let again = after.play(game.parse_move(game.start().as_ref(), "b2").unwrap());
        assert_eq!(again.unwrap_err().to_string(), "b2 is taken");
        let won = game.parse_position("XXXO/O---/----/----").unwrap();
        assert_eq!(won.status(), Status::Won(Side::First));
        assert!(won.legal_moves().is_empty());
        assert_eq!(won.marked_lines().len(), 1);
        assert_eq!((&game as &dyn Game).points(won.as_ref()), Some([1, 0]));
    }

    #[test]
    fn the_engine_protocol_speaks_in_its_cells_and_values() {
        let engine = LatinEngine::new(Arc::new(Solver::new()));
        let player = engine
            .player("perfect", crate::core::PlayerOptions::seeded(1))
            .unwrap();
        let mut s = crate::core::protocol::ProtocolSession::new(&Latin, &engine, player);
        let mut r = |q: &str| s.reply(q).unwrap();
        assert_eq!(r("O-----X--XO-O-XX"), "move b2 win 1");
        assert_eq!(r("move O-----X--XO-O-XX\n"), "move b2 win 1");
        assert_eq!(
            r("analyze O-----X--XO-O-XX"),
            "analyze b1=loss:2 c1=loss:2 d1=loss:2 a2=loss:2 b2=win:1 d2=loss:2 a3=loss:2 \
             d3=loss:2 b4=loss:2"
        );
        assert_eq!(r("XXXO/O---/----/----"), "over x");
        assert_eq!(r("XXOO/OOXX/XXOO/OOXX"), "over draw");
        // The requests' grammar is core's (tested with its toy game); the words are ours.
        assert!(r("XQ").starts_with("error bad character 'Q'"));
        assert!(r("-X-Q/-X--/X-X-/O--O").starts_with("error bad character 'Q' at d1"));
        assert_eq!(r("MOVE O-----X--XO-O-XX"), "move b2 win 1");
    }
}

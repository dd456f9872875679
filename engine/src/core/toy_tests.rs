//! A game small enough to see whole, for core's own tests: "take two", a row of four
//! cells `a`..`d`; each side in turn takes a free cell, and the first to hold two cells
//! side by side wins; a full row without is a draw. It is written only against core's
//! interface, as any game is, with an engine that knows nothing and two players.

use std::sync::Arc;

use super::{
    CellError, CellId, Decision, Engine, Game, Hint, Layout, MarkedLine, Move, MoveError, Place,
    Player, PlayerError, PlayerOptions, Position, PositionError, Side, Status, Value,
};

const CELLS: usize = 4;

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Toy;

/// A row: who holds each cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Row([Option<Side>; CELLS]);

impl Row {
    fn pair(&self) -> Option<(usize, Side)> {
        (0..CELLS - 1).find_map(|i| match (self.0[i], self.0[i + 1]) {
            (Some(a), Some(b)) if a == b => Some((i, a)),
            _ => None,
        })
    }
}

impl Position for Row {
    fn at(&self, cell: CellId) -> Option<Side> {
        self.0.get(cell.index()).copied().flatten()
    }

    fn to_move(&self) -> Side {
        if self.stones().is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn status(&self) -> Status {
        match self.pair() {
            Some((_, side)) => Status::Won(side),
            None if self.stones() == CELLS => Status::Draw,
            None => Status::InPlay,
        }
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.status().is_over() {
            return Vec::new();
        }
        (0..CELLS)
            .filter(|&i| self.0[i].is_none())
            .map(Move::new)
            .collect()
    }

    fn play(&self, mv: Move) -> Result<Box<dyn Position>, MoveError> {
        if self.status().is_over() {
            return Err(MoveError::GameOver);
        }
        match self.0.get(mv.index()) {
            None => Err(MoveError::NotAllowed(format!("no cell {}", mv.index()))),
            Some(Some(_)) => Err(MoveError::Taken(format!(
                "{} is taken",
                Toy.cell_name(mv.placed())
            ))),
            Some(None) => {
                let mut next = *self;
                next.0[mv.index()] = Some(self.to_move());
                Ok(Box::new(next))
            }
        }
    }

    fn text(&self) -> String {
        self.0
            .iter()
            .map(|c| match c {
                Some(Side::First) => 'X',
                Some(Side::Second) => 'O',
                None => '-',
            })
            .collect()
    }

    fn stones(&self) -> usize {
        self.0.iter().flatten().count()
    }

    fn marked_lines(&self) -> Vec<MarkedLine> {
        self.pair()
            .map(|(i, side)| MarkedLine {
                cells: vec![CellId::new(i), CellId::new(i + 1)],
                side,
            })
            .into_iter()
            .collect()
    }
}

impl Game for Toy {
    fn key(&self) -> String {
        "toy".into()
    }

    fn solved(&self) -> bool {
        false
    }

    fn title(&self) -> String {
        "Take two".into()
    }

    fn layout(&self) -> Layout {
        Layout::board(1, CELLS as u8)
    }

    fn rules(&self) -> Vec<String> {
        vec!["A row of four: the first to hold two cells side by side wins.".into()]
    }

    fn place(&self, cell: CellId) -> Place {
        Place {
            block: 0,
            row: 0,
            col: cell.index() as u8,
        }
    }

    fn cell_at(&self, place: Place) -> Option<CellId> {
        (place.block == 0 && place.row == 0 && usize::from(place.col) < CELLS)
            .then(|| CellId::new(usize::from(place.col)))
    }

    fn cell_name(&self, cell: CellId) -> String {
        match u8::try_from(cell.index()) {
            Ok(i) if usize::from(i) < CELLS => char::from(b'a' + i).to_string(),
            _ => format!("#{}", cell.index()),
        }
    }

    fn parse_cell(&self, text: &str) -> Result<CellId, CellError> {
        match text.trim().as_bytes() {
            [c @ b'a'..=b'd'] => Ok(CellId::new(usize::from(c - b'a'))),
            _ => Err(CellError("a cell is a letter a to d".into())),
        }
    }

    fn start(&self) -> Box<dyn Position> {
        Box::new(Row::default())
    }

    fn parse_position(&self, text: &str) -> Result<Box<dyn Position>, PositionError> {
        let mut row = Row::default();
        let chars: Vec<char> = text.trim().chars().collect();
        if chars.len() != CELLS {
            return Err(PositionError(format!("a row is {CELLS} of X, O and -")));
        }
        for (cell, c) in row.0.iter_mut().zip(chars) {
            *cell = match c {
                'X' | 'x' => Some(Side::First),
                'O' | 'o' => Some(Side::Second),
                '-' => None,
                other => return Err(PositionError(format!("bad character {other:?}"))),
            };
        }
        let x = row.0.iter().filter(|&&c| c == Some(Side::First)).count();
        if x != row.stones() - x && x != row.stones() - x + 1 {
            return Err(PositionError("X moves first, then O in turn".into()));
        }
        Ok(Box::new(row))
    }

    fn engine(&self) -> Arc<dyn Engine> {
        Arc::new(ToyEngine)
    }
}

/// Knows nothing: no values, every move a guess of 0.
pub(crate) struct ToyEngine;

impl Engine for ToyEngine {
    fn value(&self, _position: &dyn Position) -> Option<Value> {
        None
    }

    fn hints(&self, position: &dyn Position) -> Vec<(Move, Hint)> {
        let legal = position.legal_moves();
        legal.into_iter().map(|mv| (mv, Hint::Guess(0))).collect()
    }

    fn instant_hints(&self) -> bool {
        true
    }

    fn player_names(&self) -> Vec<String> {
        vec!["first".into(), "last".into()]
    }

    fn player(&self, name: &str, _options: PlayerOptions) -> Result<Box<dyn Player>, PlayerError> {
        match name {
            "first" => Ok(Box::new(Takes { last: false })),
            "last" => Ok(Box::new(Takes { last: true })),
            _ => Err(PlayerError(format!("no player {name}: first or last"))),
        }
    }
}

/// Takes the first free cell, or the last.
struct Takes {
    last: bool,
}

impl Player for Takes {
    fn name(&self) -> String {
        if self.last { "last" } else { "first" }.into()
    }

    fn decide(&mut self, position: &dyn Position) -> Option<Decision> {
        let legal = position.legal_moves();
        let mv = if self.last {
            legal.last()
        } else {
            legal.first()
        };
        mv.map(|&mv| Decision::new(mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::conformance_tests::{check_players, check_protocol, check_rules};

    #[test]
    fn the_toy_passes_every_conformance_check() {
        check_rules(&Toy, 20, 1).unwrap();
        check_protocol(&Toy, &ToyEngine, 1).unwrap();
        check_players(&Toy, &ToyEngine, 8, 1).unwrap();
    }

    #[test]
    fn two_side_by_side_win() {
        let won = Toy.parse_position("XXO-").unwrap();
        assert_eq!(won.status(), Status::Won(Side::First));
        assert_eq!(
            won.marked_lines()[0].cells,
            [CellId::new(0), CellId::new(1)]
        );
        let drawn = Toy.parse_position("XOXO").unwrap();
        assert_eq!(drawn.status(), Status::Draw);
        assert!(Toy.parse_position("XO--").is_ok());
        assert!(Toy.parse_position("XX--").is_err());
        assert!(Toy.parse_position("OO--").is_err());
    }
}

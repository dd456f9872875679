//! The small example (4x4, three in a row wins, X first) as the dictionary tools' geometry,
//! so they check its 12-line dictionary; its lines and symmetries are the toolkit's.

use std::sync::OnceLock;

use tictaclatin_engine::games::kit;
use tictaclatin_engine::games::qubic::board::QubicBoard;
use tictaclatin_engine::games::qubic::geometry::Geometry;
use tictaclatin_engine::games::qubic::symmetry::lex_cmp;

const CELLS: usize = 16;

/// The example's dictionary for X, as Arthur O'Dwyer's post prints it.
pub const EXAMPLE_DICTIONARY: &str = "\
.....X..........
OO...xX.OOO.OOOO
oOOOOxxXOOOOOOOO
.oOOOxxXOOOOOOOO
..OOOxxXoOOOOOOO
..OOOxxX.oOOOOOO
..OOOxxX..oOOOOO
..OOOxxX...OoOOO
..OOOxxX...O.oOO
..OOOxxX...O..oO
..OOOxxX...O...o
OO..XxxoOOO.OOOO
";

/// The credit for the header of anything made from [`EXAMPLE_DICTIONARY`].
pub fn credit() -> Vec<String> {
    vec![
        "Made from the 4x4 three-in-a-row example of Arthur O'Dwyer's \"Winning 4x4x4".into(),
        "tic-tac-toe by consulting an oracle\"; its moves are unchanged.".into(),
    ]
}

pub struct FourByFourThree {
    lines: Vec<u64>,
    through: Vec<Vec<u64>>,
    perms: Vec<Vec<u8>>,
    inverse: Vec<u8>,
}

impl FourByFourThree {
    pub fn get() -> &'static FourByFourThree {
        static BOARD: OnceLock<FourByFourThree> = OnceLock::new();
        BOARD.get_or_init(FourByFourThree::build)
    }

    fn build() -> FourByFourThree {
        let lines = kit::lines::square(4, 3);
        let perms = kit::lines::automorphisms(&lines, CELLS);
        let inverse = perms
            .iter()
            .map(|p| {
                let mut back = vec![0u8; CELLS];
                for (c, &to) in p.iter().enumerate() {
                    back[to as usize] = c as u8;
                }
                perms.iter().position(|q| *q == back).expect("a group") as u8
            })
            .collect();
        let through = (0..CELLS)
            .map(|c| lines.iter().copied().filter(|l| l & 1 << c != 0).collect())
            .collect();
        FourByFourThree {
            lines,
            through,
            perms,
            inverse,
        }
    }
}

impl Geometry for FourByFourThree {
    fn cells(&self) -> usize {
        CELLS
    }

    fn lines(&self) -> &[u64] {
        &self.lines
    }

    fn lines_through(&self, cell: usize) -> &[u64] {
        &self.through[cell]
    }

    fn symmetry_count(&self) -> usize {
        self.perms.len()
    }

    fn map_cell(&self, sym: u8, cell: usize) -> usize {
        self.perms[sym as usize][cell] as usize
    }

    fn inverse(&self, sym: u8) -> u8 {
        self.inverse[sym as usize]
    }

    fn apply(&self, sym: u8, board: QubicBoard) -> QubicBoard {
        let perm = &self.perms[sym as usize];
        let map = |mask| kit::lines::apply(perm, mask);
        QubicBoard::from_masks(map(board.x()), map(board.o()))
    }

    fn canonical(&self, board: QubicBoard) -> (QubicBoard, u8) {
        (0..self.perms.len() as u8)
            .map(|s| (self.apply(s, board), s))
            .min_by(|a, b| lex_cmp(a.0, b.0))
            .expect("the identity at least")
    }

    fn cell_name(&self, cell: usize) -> String {
        format!("{}{}", (b'a' + (cell % 4) as u8) as char, cell / 4 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_four_lines_and_the_eight_symmetries_of_the_square() {
        let g = FourByFourThree::get();
        assert_eq!(g.lines().len(), 24);
        assert_eq!(g.symmetry_count(), 8);
        assert!((0..CELLS).all(|c| g.map_cell(0, c) == c));
        assert_eq!(g.cell_name(6), "c2");
    }
}

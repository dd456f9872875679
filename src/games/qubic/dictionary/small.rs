//! Seed 002's small example: a 4x4 board, three in a row wins, X first. A tiny self-contained
//! rule set, only so the dictionary tools can check the seed's 12-line dictionary (the
//! classic game itself lives elsewhere). Cells in row order: cell = 4 * row + column, named
//! `a1`..`d4`.
//!
//! The symmetries are not assumed: they are every permutation of the 16 cells that keeps the
//! 24 lines, found by a backtracking search (the 8 of the square, it turns out).

use std::sync::OnceLock;

use crate::games::qubic::board::Board;
use crate::games::qubic::cell::bits;
use crate::games::qubic::geometry::Geometry;
use crate::games::qubic::symmetry::lex_cmp;

const CELLS: usize = 16;

/// Seed 002's dictionary for X, as printed there.
pub const SEED_DICTIONARY: &str = "\
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

/// 4x4, three in a row.
pub struct FourByFourThree {
    lines: Vec<u64>,
    through: Vec<Vec<u64>>,
    perms: Vec<[u8; CELLS]>,
    inverse: Vec<u8>,
}

impl FourByFourThree {
    pub fn get() -> &'static FourByFourThree {
        static BOARD: OnceLock<FourByFourThree> = OnceLock::new();
        BOARD.get_or_init(FourByFourThree::build)
    }

    fn build() -> FourByFourThree {
        let lines = lines();
        let perms = line_keeping_perms(&lines);
        let inverse = perms
            .iter()
            .map(|p| {
                let mut back = [0u8; CELLS];
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

/// Every run of three cells in a row, column or diagonal of the 4x4 board.
fn lines() -> Vec<u64> {
    let mut out = Vec::new();
    let at = |r: i32, c: i32| 1u64 << (4 * r + c);
    for r in 0..4i32 {
        for c in 0..4i32 {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let (er, ec) = (r + 2 * dr, c + 2 * dc);
                if (0..4).contains(&er) && (0..4).contains(&ec) {
                    out.push(at(r, c) | at(r + dr, c + dc) | at(er, ec));
                }
            }
        }
    }
    out
}

/// All permutations of the cells that map lines onto lines, identity first.
fn line_keeping_perms(lines: &[u64]) -> Vec<[u8; CELLS]> {
    fn extend(
        lines: &[u64],
        perm: &mut [u8; CELLS],
        next: usize,
        used: u32,
        out: &mut Vec<[u8; CELLS]>,
    ) {
        if next == CELLS {
            out.push(*perm);
            return;
        }
        for target in 0..CELLS as u8 {
            if used & 1 << target != 0 {
                continue;
            }
            perm[next] = target;
            let placed = (1u64 << (next + 1)) - 1;
            let ok = lines.iter().all(|&l| {
                l & !placed != 0 || {
                    let image = bits(l).fold(0u64, |m, c| m | 1 << perm[c]);
                    lines.contains(&image)
                }
            });
            if ok {
                extend(lines, perm, next + 1, used | 1 << target, out);
            }
        }
    }
    let mut out = Vec::new();
    extend(lines, &mut [0; CELLS], 0, 0, &mut out);
    out
}

impl Geometry for FourByFourThree {
    fn name(&self) -> &str {
        "4x4, three in a row"
    }

    fn cells(&self) -> usize {
        CELLS
    }

    fn lines(&self) -> &[u64] {
        &self.lines
    }

    fn line_length(&self) -> u32 {
        3
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

    fn apply(&self, sym: u8, board: Board) -> Board {
        let perm = &self.perms[sym as usize];
        let map = |m: u64| bits(m).fold(0u64, |acc, c| acc | 1 << perm[c]);
        Board::from_masks(map(board.x()), map(board.o()))
    }

    fn canonical(&self, board: Board) -> (Board, u8) {
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

//! The small example's notation: one character per cell in cell order, `.` empty, `x`/`o` stones, `X`
//! X's move, and each `O` one alternative O stone: the line stands for one position per `O`,
//! with an o on that cell and the other `O` cells empty.

use super::{Canonical, LineProblem, check_position};
use crate::games::qubic::board::{QubicBoard, Side};
use crate::games::qubic::cell::bits;
use crate::games::qubic::geometry::Geometry;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct WildLine {
    /// Without wildcards the position itself; with them, one o short.
    pub base: QubicBoard,
    pub wildcards: u64,
    pub play: usize,
}

impl WildLine {
    pub fn plain(board: QubicBoard, play: usize) -> WildLine {
        WildLine {
            base: board,
            wildcards: 0,
            play,
        }
    }

    pub fn positions(&self) -> Vec<QubicBoard> {
        if self.wildcards == 0 {
            return vec![self.base];
        }
        bits(self.wildcards)
            .map(|c| self.base.with_stone(c, Side::Second))
            .collect()
    }

    pub fn format<G: Geometry + ?Sized>(&self, g: &G) -> String {
        (0..g.cells())
            .map(|cell| match self.base.at(cell) {
                _ if cell == self.play => 'X',
                _ if self.wildcards & 1 << cell != 0 => 'O',
                Some(Side::First) => 'x',
                Some(Side::Second) => 'o',
                None => '.',
            })
            .collect()
    }
}

/// Every position must pass the dictionary's checks.
pub fn parse_line<G: Geometry + ?Sized>(
    g: &G,
    text: &str,
    canonical: Canonical,
) -> Result<Vec<(QubicBoard, usize)>, LineProblem> {
    let line = read(g, text)?;
    let positions = line.positions();
    for &board in &positions {
        check_position(g, board, canonical)?;
    }
    Ok(positions.into_iter().map(|b| (b, line.play)).collect())
}

pub fn read<G: Geometry + ?Sized>(g: &G, text: &str) -> Result<WildLine, LineProblem> {
    let found = text.chars().count();
    if found != g.cells() {
        return Err(LineProblem::Length {
            found,
            expected: g.cells(),
        });
    }
    let (mut x, mut o, mut wild, mut play) = (0u64, 0u64, 0u64, None);
    for (cell, ch) in text.chars().enumerate() {
        let bit = 1u64 << cell;
        match ch {
            '.' | '-' => {}
            'x' => x |= bit,
            'o' => o |= bit,
            'O' => wild |= bit,
            'X' if play.is_none() => play = Some(cell),
            'X' => return Err(LineProblem::SeveralMoves),
            _ => {
                return Err(LineProblem::BadCharacter {
                    ch,
                    cell: g.cell_name(cell),
                });
            }
        }
    }
    let play = play.ok_or(LineProblem::NoMove)?;
    Ok(WildLine {
        base: QubicBoard::from_masks(x, o),
        wildcards: wild,
        play,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::qubic::geometry::Qubic;

    #[test]
    fn wildcards_stand_for_one_position_each() {
        let text = format!("xX{}O{}O", ".".repeat(10), ".".repeat(50));
        let positions = parse_line(&Qubic, &text, Canonical::AnyImage).unwrap();
        assert_eq!(positions.len(), 2);
        assert_eq!(positions[0].0.o(), 1 << 12);
        assert_eq!(positions[1].0.o(), 1 << 63);
        assert!(positions.iter().all(|&(_, play)| play == 1));
        assert_eq!(read(&Qubic, &text).unwrap().format(&Qubic), text);
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let err = |t: &str| parse_line(&Qubic, t, Canonical::Required).unwrap_err();
        assert_eq!(
            err("X"),
            LineProblem::Length {
                found: 1,
                expected: 64
            }
        );
        let mut text = format!("X{}", ".".repeat(63));
        text.replace_range(41..42, "Z");
        assert_eq!(
            err(&text),
            LineProblem::BadCharacter {
                ch: 'Z',
                cell: "3b3".into()
            }
        );
        assert_eq!(err(&".".repeat(64)), LineProblem::NoMove);
        assert_eq!(
            err(&format!("XX{}", ".".repeat(62))),
            LineProblem::SeveralMoves
        );
        assert_eq!(
            err(&format!("xX{}", ".".repeat(62))),
            LineProblem::UnevenCounts { x: 1, o: 0 }
        );
    }
}

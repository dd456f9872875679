//! Patashnik's run-length format: `<position> <move>`, the position a string of `x`, `o` and
//! decimal numbers (that many empty cells), trailing empty cells omitted; the move a cell
//! number. `xo1x8x8o41o 41` is X on 0, 3, 12, O on 1, 21, 63 and X's move 41.

use super::{Canonical, LineProblem, check_position};
use crate::games::qubic::board::QubicBoard;
use crate::games::qubic::geometry::Geometry;

pub fn parse_line<G: Geometry + ?Sized>(
    g: &G,
    text: &str,
    canonical: Canonical,
) -> Result<(QubicBoard, usize), LineProblem> {
    let (position, play) = text
        .trim_end()
        .rsplit_once(' ')
        .ok_or(LineProblem::NoMove)?;
    let board = parse_position(g, position.trim())?;
    let play_text = play.trim();
    let play: usize = play_text
        .parse()
        .ok()
        .filter(|&p| p < g.cells())
        .ok_or_else(|| LineProblem::BadMove(play_text.to_string()))?;
    if board.occupied() & 1 << play != 0 {
        return Err(LineProblem::MoveTaken(g.cell_name(play)));
    }
    check_position(g, board, canonical)?;
    Ok((board, play))
}

fn parse_position<G: Geometry + ?Sized>(g: &G, text: &str) -> Result<QubicBoard, LineProblem> {
    let mut board = QubicBoard::EMPTY;
    let mut cell = 0usize;
    let mut run = 0usize;
    let too_many = |found| LineProblem::TooManyCells {
        found,
        expected: g.cells(),
    };
    for ch in text.chars() {
        if let Some(d) = ch.to_digit(10) {
            run = run.saturating_mul(10).saturating_add(d as usize);
            continue;
        }
        cell = cell.saturating_add(run);
        run = 0;
        if cell >= g.cells() {
            return Err(too_many(cell.saturating_add(1)));
        }
        board = match ch {
            'x' => board.with_stone(cell, crate::core::Side::First),
            'o' => board.with_stone(cell, crate::core::Side::Second),
            _ => {
                return Err(LineProblem::BadCharacter {
                    ch,
                    cell: g.cell_name(cell),
                });
            }
        };
        cell += 1;
    }
    if cell.saturating_add(run) > g.cells() {
        return Err(too_many(cell.saturating_add(run)));
    }
    Ok(board)
}

pub fn format_line<G: Geometry + ?Sized>(_g: &G, board: QubicBoard, play: usize) -> String {
    format!("{} {play}", format_position(board))
}

/// Trailing empty cells omitted, so the same on any board.
pub fn format_position(board: QubicBoard) -> String {
    let mut out = String::new();
    let mut run = 0;
    for cell in 0..64 {
        match board.at(cell) {
            None => run += 1,
            Some(side) => {
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push(side.letter().to_ascii_lowercase());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::qubic::geometry::Qubic;

    #[test]
    fn the_headers_example_reads_and_writes_back() {
        let (board, play) = parse_line(&Qubic, "xo1x8x8o41o 41", Canonical::AnyImage).unwrap();
        assert_eq!(board.x(), 1 | 1 << 3 | 1 << 12);
        assert_eq!(board.o(), 1 << 1 | 1 << 21 | 1 << 63);
        assert_eq!(play, 41);
        assert_eq!(format_line(&Qubic, board, play), "xo1x8x8o41o 41");
        let (empty, first) = parse_line(&Qubic, " 0", Canonical::Required).unwrap();
        assert_eq!((empty, first), (QubicBoard::EMPTY, 0));
        assert_eq!(format_line(&Qubic, empty, 0), " 0");
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let err = |t: &str| parse_line(&Qubic, t, Canonical::Required).unwrap_err();
        assert_eq!(err("x14o"), LineProblem::NoMove);
        assert_eq!(err("x14o 64"), LineProblem::BadMove("64".into()));
        assert_eq!(err("x14o 0"), LineProblem::MoveTaken("1a1".into()));
        assert_eq!(err("x14x 3"), LineProblem::UnevenCounts { x: 2, o: 0 });
        assert_eq!(
            err("x2z 3"),
            LineProblem::BadCharacter {
                ch: 'z',
                cell: "1d1".into()
            }
        );
        assert!(matches!(err("x70o 3"), LineProblem::TooManyCells { .. }));
        assert!(matches!(err("x62o1 3"), LineProblem::TooManyCells { .. }));
        // An image with the x on cell 0 is smaller.
        assert_eq!(err("62ox 0"), LineProblem::NotCanonical);
        assert_eq!(
            err("xxxxoooo 9"),
            LineProblem::Finished {
                winner: crate::core::Side::First
            }
        );
    }
}

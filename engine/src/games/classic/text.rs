//! Position text: the cells in row order, `X`/`x`, `O`/`o`, and `-` or `.` for empty; `/` and
//! whitespace are ignored, so `XO-/-X-/--O` and `XO--X---O` are the same position. The side
//! to move follows from the counts.

use super::board::{ClassicBoard, ClassicBoardError};
use super::cell::ClassicCell;
use super::variant::Variant;
use crate::core::words::{at_cell, cell_count, quote_char};
use crate::games::kit::position_text::{read_cells, write_cells};

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TextError {
    /// A character that is neither a stone nor an empty cell, at the cell it would fill
    /// (`None` past the last cell).
    #[error(
        "bad character {} {}: use X, O, - or .",
        quote_char(*.ch),
        at_cell(.cell.as_ref(), "after the last cell")
    )]
    BadChar { ch: char, cell: Option<String> },
    #[error(
        "{}",
        cell_count(Some(&format!("{0}x{0}", .variant.size())), .variant.cells(), .found)
    )]
    WrongCount { variant: Variant, found: usize },
    #[error("{0}")]
    Impossible(ClassicBoardError),
}

pub fn parse(variant: Variant, text: &str) -> Result<ClassicBoard, TextError> {
    let cells = read_cells(text).map_err(|(found, ch)| {
        let cell = ClassicCell::new(variant, found).map(|c| c.name(variant));
        TextError::BadChar { ch, cell }
    })?;
    if cells.count != variant.cells() {
        return Err(TextError::WrongCount {
            variant,
            found: cells.count,
        });
    }
    let [x, o] = cells.stones;
    ClassicBoard::new(variant, x, o).map_err(TextError::Impossible)
}

/// Rows joined by `/`, e.g. `XO-/-X-/--O`.
pub fn format(board: ClassicBoard) -> String {
    let variant = board.variant();
    let at = |i| ClassicCell::new(variant, i).and_then(|cell| board.at(cell));
    write_cells(variant.cells(), &[variant.size().into()], at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Side;

    #[test]
    fn text_round_trips() {
        let v = Variant::CLASSIC;
        let b = parse(v, "xO-/-X-/--o").unwrap();
        assert_eq!(format(b), "XO-/-X-/--O");
        assert_eq!(parse(v, " XO- .X. --O\n"), Ok(b));
        assert_eq!(b.to_move(), Side::First);
        let v5 = Variant::new(5, Some(4)).unwrap();
        let e = ClassicBoard::empty(v5);
        assert_eq!(parse(v5, &format(e)), Ok(e));
    }

    #[test]
    fn errors_name_the_cell_and_the_counts() {
        let v = Variant::new(4, None).unwrap();
        let e = parse(v, "----/----/---Z/----").unwrap_err();
        assert_eq!(e.to_string(), "bad character 'Z' at d3: use X, O, - or .");
        let v5 = Variant::new(5, None).unwrap();
        let e = parse(v5, &"-".repeat(24)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a 5x5 position has 25 cells, this one has 24"
        );
        let e = parse(Variant::CLASSIC, "---------?").unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad character '?' after the last cell: use X, O, - or ."
        );
        assert!(parse(Variant::CLASSIC, &"-".repeat(10)).is_err());
    }

    #[test]
    fn impossible_positions_are_refused_with_a_reason() {
        let v = Variant::CLASSIC;
        let e = parse(v, "XXX/OO-/--O").unwrap_err();
        assert_eq!(e.to_string(), "X holds a line but O moved after it");
        let e = parse(v, "XX-/---/---").unwrap_err();
        assert_eq!(
            e.to_string(),
            "X has 2 stones and O has 0: X moves first, so X must have as many as O or one more"
        );
        assert!(matches!(
            parse(v, "XXX/OOO/X--"),
            Err(TextError::Impossible(ClassicBoardError::BothWon))
        ));
    }
}

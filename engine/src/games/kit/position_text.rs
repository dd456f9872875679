//! The cells of a position text, read and written alike by every game.

use crate::core::Side;

/// The cells a position text lists: each side's stones as a mask (cell `i` is bit `i`; cells
/// past the 64th set no bit, the count refuses them) and how many cells there are.
#[derive(Default)]
pub struct Cells {
    pub stones: [u64; 2],
    pub count: usize,
}

/// Ignores `/` and whitespace; any other character that is no cell comes back with the
/// count of cells before it.
pub fn read_cells(text: &str) -> Result<Cells, (usize, char)> {
    let mut cells = Cells::default();
    for ch in text.chars().filter(|c| *c != '/' && !c.is_whitespace()) {
        if let Some(side) = stone(ch).ok_or((cells.count, ch))? {
            cells.stones[side.index()] |= 1u64.checked_shl(cells.count as u32).unwrap_or(0);
        }
        cells.count += 1;
    }
    Ok(cells)
}

/// `X`/`x` or `O`/`o` for a stone, `-` or `.` for empty.
pub fn stone(ch: char) -> Option<Option<Side>> {
    match ch {
        'X' | 'x' => Some(Some(Side::First)),
        'O' | 'o' => Some(Some(Side::Second)),
        '-' | '.' => Some(None),
        _ => None,
    }
}

/// Writes `count` cells as `X`, `O` or `-`, with a `/` before each cell that starts a group of
/// each width in `groups` (rows, then Qubic's layers: `//` where both start).
pub fn write_cells(count: usize, groups: &[usize], at: impl Fn(usize) -> Option<Side>) -> String {
    let mut text = String::with_capacity(count + count / 2);
    for i in 0..count {
        for &width in groups {
            if i > 0 && i % width == 0 {
                text.push('/');
            }
        }
        text.push(at(i).map_or('-', Side::letter));
    }
    text
}

//! The first player's winning dictionaries; `small` is the classic 4x4 three-in-a-row board,
//! so the same tools check its example dictionary.

pub mod compress;
pub mod export;
pub mod small;

//! The first player's winning dictionaries: `export` writes the dictionary less the entries
//! no game reaches, or complete; `compress` writes it with wildcards up to symmetry; `small`
//! is the classic 4x4 three-in-a-row board, so the same tools check its example dictionary.

pub mod compress;
pub mod export;
pub mod small;

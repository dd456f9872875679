//! What the prover needs of a variant: its lines as masks of the side to move's frame, and
//! canonical keys under the board's symmetries (the permutations of the cells that keep the
//! lines, found by `symmetry::line_automorphisms`: the square's 8 at least).

use super::hold::Holder;
use crate::games::classic::board::ClassicBoard;
use crate::games::classic::lines::Lines;
use crate::games::classic::symmetry::line_automorphisms;
use crate::games::classic::variant::Variant;
use crate::games::kit::lines::apply;

/// One permutation of the cells as byte tables: a mask's image is the OR of one lookup per
/// byte of it.
struct Permutation {
    bytes: Vec<[u64; 256]>,
    /// `to[c]`: where cell `c` goes; `from[c]`: which cell comes to `c`.
    to: Vec<u8>,
    from: Vec<u8>,
}

impl Permutation {
    fn new(perm: &[u8]) -> Permutation {
        let bytes = (0..perm.len().div_ceil(8))
            .map(|position| {
                std::array::from_fn(|byte| apply(perm, (byte as u64) << (8 * position)))
            })
            .collect();
        let mut from = vec![0u8; perm.len()];
        for (cell, &to) in perm.iter().enumerate() {
            from[to as usize] = cell as u8;
        }
        Permutation {
            bytes,
            to: perm.to_vec(),
            from,
        }
    }

    #[inline]
    fn image(&self, mask: u64) -> u64 {
        self.bytes.iter().enumerate().fold(0, |image, (i, table)| {
            image | table[(mask >> (8 * i) & 0xFF) as usize]
        })
    }
}

/// A position as the side to move sees it: its stones and the other side's.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Sides {
    pub me: u64,
    pub them: u64,
}

impl Sides {
    /// A board as its side to move sees it.
    pub fn of(board: ClassicBoard) -> Sides {
        let mover = board.to_move();
        Sides {
            me: board.stones(mover),
            them: board.stones(mover.other()),
        }
    }

    /// The position after the side to move takes `cell`, seen by the other side.
    #[inline]
    pub fn after(self, cell: u32) -> Sides {
        Sides {
            me: self.them,
            them: self.me | 1 << cell,
        }
    }
}

/// A canonical key and the permutation that made it, to carry moves in and out of the
/// canonical frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Canonical {
    pub key: Sides,
    perm: usize,
}

pub(crate) struct Rules {
    pub full: u64,
    /// The strategies that hold a side off every line.
    pub holder: Holder,
    pub k: u32,
    pub lines: &'static [u64],
    perms: Vec<Permutation>,
}

impl Rules {
    pub fn new(variant: Variant) -> Rules {
        Rules {
            full: variant.full_mask(),
            holder: Holder::new(variant),
            k: u32::from(variant.k()),
            lines: Lines::of(variant).all(),
            perms: line_automorphisms(variant)
                .iter()
                .map(|p| Permutation::new(p))
                .collect(),
        }
    }

    pub fn symmetries(&self) -> usize {
        self.perms.len()
    }

    /// The least image of the position under the symmetries (the other side's stones
    /// compared first).
    pub fn canonical(&self, sides: Sides) -> Canonical {
        let mut best = Canonical {
            key: sides,
            perm: usize::MAX,
        };
        for (i, p) in self.perms.iter().enumerate() {
            let image = Sides {
                me: p.image(sides.me),
                them: p.image(sides.them),
            };
            if best.perm == usize::MAX || (image.them, image.me) < (best.key.them, best.key.me) {
                best = Canonical {
                    key: image,
                    perm: i,
                };
            }
        }
        best
    }

    /// Whether every symmetry maps each line onto a line, as a certificate's reader checks
    /// before it trusts them to share a value between positions.
    pub fn symmetries_keep_lines(&self) -> bool {
        let keeps = |p: &Permutation| self.lines.iter().all(|&l| self.lines.contains(&p.image(l)));
        self.perms.iter().all(keeps)
    }

    /// A cell of the position in the canonical frame.
    pub fn canonical_cell(&self, canonical: Canonical, cell: u32) -> u8 {
        self.perms
            .get(canonical.perm)
            .map_or(cell as u8, |p| p.to[cell as usize])
    }

    /// A cell of the canonical frame back in the position's.
    pub fn board_cell(&self, canonical: Canonical, cell: u8) -> u32 {
        let perm = self.perms.get(canonical.perm);
        perm.map_or(cell, |p| p.from[cell as usize]).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_positions_share_a_key_and_moves_come_back() {
        let rules = Rules::new(Variant::new(5, Some(4)).unwrap());
        assert!(rules.symmetries() >= 8);
        // X on a1 and O on b1, against X on e5 and O on d5 (a half turn).
        let a = Sides {
            me: 1,
            them: 1 << 1,
        };
        let b = Sides {
            me: 1 << 24,
            them: 1 << 23,
        };
        let (ca, cb) = (rules.canonical(a), rules.canonical(b));
        assert_eq!(ca.key, cb.key);
        for cell in 0..25 {
            assert_eq!(rules.board_cell(ca, rules.canonical_cell(ca, cell)), cell);
        }
    }
}

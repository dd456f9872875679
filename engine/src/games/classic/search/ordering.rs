//! Move ordering: the table's move first, then the killers of the ply (moves that cut off
//! a sibling), then by what a cell does for both sides' lines plus its history (how often
//! it cut off anywhere).

/// Deeper than any game (49 plies).
pub const MAX_PLY: usize = 64;

pub struct Ordering {
    killers: [[u8; 2]; MAX_PLY],
    history: [i32; 64],
}

const TT_MOVE: i32 = 1 << 30;
const KILLER: i32 = 1 << 28;

impl Ordering {
    pub fn new() -> Ordering {
        Ordering {
            killers: [[u8::MAX; 2]; MAX_PLY],
            history: [0; 64],
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub fn sorted(
        &self,
        moves: u64,
        tt_move: u8,
        ply: usize,
        through: &[Vec<u64>],
        own: u64,
        theirs: u64,
        weights: &[i32],
        out: &mut Vec<(i32, u8)>,
    ) {
        out.clear();
        let mut rest = moves;
        while rest != 0 {
            let cell = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let score = if cell == tt_move {
                TT_MOVE
            } else if self.killers[ply].contains(&cell) {
                KILLER + cell_potential(&through[cell as usize], own, theirs, weights)
            } else {
                cell_potential(&through[cell as usize], own, theirs, weights)
                    + self.history[cell as usize]
            };
            out.push((score, cell));
        }
        out.sort_unstable_by_key(|&(score, _)| std::cmp::Reverse(score));
    }

    /// A quiet move cut off at `ply` after `depth` more plies of search.
    pub fn cut(&mut self, cell: u8, ply: usize, depth: u32) {
        let k = &mut self.killers[ply];
        if k[0] != cell {
            k[1] = k[0];
            k[0] = cell;
        }
        let h = &mut self.history[cell as usize];
        *h = (*h + (depth * depth) as i32).min(1 << 20);
    }
}

/// How many new threats (lines one stone short, free of `theirs`) playing `cell` gives
/// `own`, and how many of `theirs`'s lines through it it spoils.
#[inline]
fn cell_potential(through: &[u64], own: u64, theirs: u64, weights: &[i32]) -> i32 {
    through
        .iter()
        .map(|&l| {
            let (mine, their) = ((l & own).count_ones(), (l & theirs).count_ones());
            match (mine, their) {
                (m, 0) => weights[m as usize + 1],
                (0, t) => weights[t as usize],
                _ => 0,
            }
        })
        .sum()
}

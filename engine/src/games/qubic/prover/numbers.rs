//! Proof and disproof numbers: how many more positions, at least, must be settled to prove
//! that X wins (proof) or that X does not (disproof). X chooses its move, so an X position
//! needs one child proven and every child disproven; O's position the other way round.

use crate::games::qubic::board::Side;

/// Stands for "never": the number of a position settled the other way. Sums saturate here.
pub const INFINITE: u32 = 1 << 30;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Numbers {
    pub proof: u32,
    pub disproof: u32,
}

impl Numbers {
    pub const PROVEN: Numbers = Numbers {
        proof: 0,
        disproof: INFINITE,
    };
    pub const DISPROVEN: Numbers = Numbers {
        proof: INFINITE,
        disproof: 0,
    };

    pub fn is_solved(self) -> bool {
        self.proof == 0 || self.disproof == 0
    }

    /// The numbers of a position from its children's, `mover` to move.
    pub fn combine(mover: Side, children: impl Iterator<Item = Numbers>) -> Numbers {
        // Seen from the mover: the least first number of a child, the sum of their second.
        let oriented = |n: Numbers| match mover {
            Side::First => n,
            Side::Second => Numbers {
                proof: n.disproof,
                disproof: n.proof,
            },
        };
        let (mut least, mut sum) = (INFINITE, 0u32);
        for child in children.map(oriented) {
            least = least.min(child.proof);
            sum = sum.saturating_add(child.disproof).min(INFINITE);
        }
        oriented(Numbers {
            proof: least,
            disproof: sum,
        })
    }
}

/// How far apart in the evaluation two positions must be to differ by one in their numbers.
const STEP: i32 = 12;
/// The numbers of an even position.
const EVEN: i32 = 8;
/// The largest first number.
const MOST: i32 = 40;

/// The first numbers of an open position, from the evaluation for X (`advantage`): the
/// better X stands, the fewer positions a proof should take and the more a disproof. A
/// position whose one move is forced is as good as its one child: (1, 1).
pub fn open_numbers(advantage: i32, forced: bool) -> Numbers {
    if forced {
        return Numbers {
            proof: 1,
            disproof: 1,
        };
    }
    let scaled = advantage / STEP;
    let clamp = |n: i32| n.clamp(1, MOST) as u32;
    Numbers {
        proof: clamp(EVEN - scaled),
        disproof: clamp(EVEN + scaled),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x_needs_one_child_and_o_all() {
        let kids = [
            Numbers {
                proof: 3,
                disproof: 2,
            },
            Numbers {
                proof: 1,
                disproof: 5,
            },
            Numbers::DISPROVEN,
        ];
        let x = Numbers::combine(Side::First, kids.into_iter());
        assert_eq!((x.proof, x.disproof), (1, 7));
        let o = Numbers::combine(Side::Second, kids.into_iter());
        assert_eq!((o.proof, o.disproof), (INFINITE, 0));
        assert_eq!(
            Numbers::combine(Side::First, std::iter::empty()),
            Numbers::DISPROVEN
        );
        assert_eq!(
            Numbers::combine(Side::Second, std::iter::empty()),
            Numbers::PROVEN
        );
    }
}

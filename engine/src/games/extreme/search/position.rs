//! The search's position: the state with a Zobrist key over the stones, where the next
//! move may go, the side to move and the bonus flag.

use crate::core::Side;

use super::super::cell::ExtremeCell;
use super::super::rules::State;
use super::eval::{Shares, share, value};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub state: State,
    /// The stones' part of the key, updated per move; the rest is cheap to recompute.
    stones_key: u64,
    /// A move changes one small board's: the evaluation reads the rest from here.
    shares: Shares,
}

/// Random keys, fixed at compile time so keys (and searches) repeat across runs.
struct Keys {
    stones: [[u64; 256]; 2],
    /// Per target small board; index 16 for an open move (any board).
    target: [u64; 17],
    second_to_move: u64,
    bonus: u64,
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const KEYS: Keys = {
    let mut seed = 0x00E7_7E3E_u64;
    let mut stones = [[0u64; 256]; 2];
    let mut i = 0;
    while i < 512 {
        stones[i / 256][i % 256] = splitmix(&mut seed);
        i += 1;
    }
    let mut target = [0u64; 17];
    let mut t = 0;
    while t < 17 {
        target[t] = splitmix(&mut seed);
        t += 1;
    }
    Keys {
        stones,
        target,
        second_to_move: splitmix(&mut seed),
        bonus: splitmix(&mut seed),
    }
};

impl Node {
    pub fn new(state: State) -> Node {
        let board = state.board();
        let stones_key = ExtremeCell::all()
            .filter_map(|c| board.at(c).map(|s| KEYS.stones[s.index()][c.index()]))
            .fold(0, |k, x| k ^ x);
        let shares = std::array::from_fn(|b| share(&state, b));
        Node {
            state,
            stones_key,
            shares,
        }
    }

    /// The evaluation, for the side to move.
    pub fn value(&self) -> i32 {
        value(&self.shares, self.state.to_move())
    }

    /// Every open move has one target key, whichever closed board sent it.
    pub fn key(&self) -> u64 {
        let target = self.state.target().unwrap_or(16);
        let mut key = self.stones_key ^ KEYS.target[target];
        if self.state.to_move() == Side::Second {
            key ^= KEYS.second_to_move;
        }
        if self.state.bonus() {
            key ^= KEYS.bonus;
        }
        key
    }

    pub fn play(&self, cell: ExtremeCell) -> Node {
        let (mover, state) = (self.state.to_move(), self.state.play_unchecked(cell));
        let mut shares = self.shares;
        shares[cell.board()] = share(&state, cell.board());
        Node {
            state,
            stones_key: self.stones_key ^ KEYS.stones[mover.index()][cell.index()],
            shares,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::extreme::search::eval::evaluate;
    use crate::games::extreme::testing::{Setup, play};

    #[test]
    fn the_incremental_key_and_value_match_fresh_ones_to_the_end_of_a_game() {
        let mut node = Node::new(State::START);
        // Every seventh legal move (of those left) wins and closes small boards on the way.
        for ply in 0.. {
            let moves: Vec<ExtremeCell> = node.state.moves().cells().collect();
            if node.state.status().is_over() {
                assert!(ply > 100, "a long game");
                break;
            }
            node = node.play(moves[(7 * ply) % moves.len()]);
            assert_eq!(node.key(), Node::new(node.state).key());
            assert_eq!(node.value(), evaluate(&node.state));
        }
    }

    #[test]
    fn keys_tell_apart_the_target_and_the_side() {
        let a = Node::new(play(State::START, &["A1a1"]));
        let b = Node::new(play(State::START, &["A1b1"]));
        assert_ne!(a.key(), b.key());
        assert_ne!(Node::new(State::START).key(), a.key());
        // The same stones, O's last move sending X to B1 or to A1.
        let setup = Setup::new()
            .stones(Side::First, &["A1a1", "A1c1"])
            .stones(Side::Second, &["B1b1", "C1a1"]);
        let to_b1 = Node::new(setup.state("B1b1", 'x'));
        let to_a1 = Node::new(setup.state("C1a1", 'x'));
        assert_ne!(to_b1.key(), to_a1.key());
    }
}

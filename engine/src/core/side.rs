//! The two sides of every game, and where a game stands.

use super::words::named_values;

/// The first player's default symbol is `X`, the second's `O`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Side {
    First,
    Second,
}

named_values!(Side, "side", [(First, "first"), (Second, "second")]);

impl Side {
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// As the position texts write it.
    pub const fn letter(self) -> char {
        match self {
            Side::First => 'X',
            Side::Second => 'O',
        }
    }

    /// Into per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The one result every screen, count and reply shows: a game won on points is `Won` like
/// any other win ([`Game::decided_on_points`](super::Game::decided_on_points) tells
/// the words apart).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    InPlay,
    Won(Side),
    Draw,
}

impl Status {
    pub fn is_over(self) -> bool {
        self != Status::InPlay
    }

    pub fn winner(self) -> Option<Side> {
        match self {
            Status::Won(side) => Some(side),
            Status::InPlay | Status::Draw => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_named_first_and_second() {
        for side in Side::ALL {
            assert_eq!(side.name().parse(), Ok(side));
            assert_eq!(side.other().other(), side);
        }
        assert_eq!(" Second ".parse(), Ok(Side::Second));
        assert!("x".parse::<Side>().is_err());
    }
}

//! Search scores: guesses in a middle band, ends decided on points above it (ranked by the
//! margin), wins by pattern at the top.

use crate::core::Claim;

/// A win `ply` plies from the root scores `MATE - ply`.
pub const MATE: i32 = crate::core::WIN_SCORE;
pub const MATE_BOUND: i32 = MATE - 1_000;
pub const POINTS_END: i32 = 500_000;
pub const INFINITY: i32 = MATE + 1;

/// For the side `margin` points ahead. A draw scores 0 like a balanced guess; a win on
/// points more than any guess (a sure lead beats any unsure position), a bigger lead more.
pub fn points_end(margin: i32) -> i32 {
    match margin.signum() {
        0 => 0,
        sign => sign * POINTS_END + margin * 1_000,
    }
}

pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

pub fn mate_plies(score: i32) -> u32 {
    (MATE - score.abs()) as u32
}

/// A score in the points band (no guess reaches it, so every line it rests on ended) is a
/// result within the `plies_left` empty cells of open small boards. Equal points prove
/// nothing: a guess may score 0 too.
pub fn proven(score: i32, plies_left: u32) -> Option<Claim> {
    let plies = if is_mate(score) {
        mate_plies(score)
    } else if score.abs() > POINTS_END {
        plies_left
    } else {
        return None;
    };
    Some(if score > 0 {
        Claim::WinWithin(plies)
    } else {
        Claim::LossWithin(plies)
    })
}

/// A mate score moved `plies` away from the root: the table holds it relative to the node
/// (`rebase(score, ply)`), the search relative to the root (`rebase(score, -ply)`).
pub fn rebase(score: i32, plies: i32) -> i32 {
    match score {
        s if s >= MATE_BOUND => s + plies,
        s if s <= -MATE_BOUND => s - plies,
        s => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_do_not_overlap() {
        assert!(points_end(-68) < -POINTS_END + 1 && points_end(68) < MATE_BOUND);
        assert!(
            points_end(1) > super::super::eval::GUESS_BOUND,
            "above any guess"
        );
        assert!(points_end(3) > points_end(1));
        assert_eq!(points_end(0), 0);
        assert!(!is_mate(points_end(68)));
        assert!(is_mate(MATE - 5) && is_mate(-(MATE - 5)));
        assert_eq!(mate_plies(-(MATE - 7)), 7);
    }

    #[test]
    fn only_wins_and_losses_are_proven_by_pattern_within_their_distance_on_points_by_the_end() {
        assert_eq!(proven(MATE - 7, 40), Some(Claim::WinWithin(7)));
        assert_eq!(proven(-(MATE - 4), 40), Some(Claim::LossWithin(4)));
        assert_eq!(proven(points_end(3), 40), Some(Claim::WinWithin(40)));
        assert_eq!(proven(points_end(-1), 12), Some(Claim::LossWithin(12)));
        assert_eq!(
            proven(points_end(0), 12),
            None,
            "equal points, or a guess of 0"
        );
        assert_eq!(proven(super::super::eval::GUESS_BOUND, 12), None);
    }

    #[test]
    fn table_scores_round_trip() {
        for score in [MATE - 9, -(MATE - 9), 1234, points_end(-20)] {
            assert_eq!(rebase(rebase(score, 4), -4), score);
        }
        // A mate 3 plies below a node 4 plies deep is stored as 3 plies from the node.
        assert_eq!(rebase(MATE - 7, 4), MATE - 3);
    }
}

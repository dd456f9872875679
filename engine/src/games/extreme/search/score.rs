//! Search scores: heuristic values in a middle band, ends decided on points above it
//! (worth more than any guess, ranked by the points margin), wins by pattern at the top.

use crate::core::Claim;

/// A won game, `ply` plies from the root, scores `MATE - ply`: a sooner win is better.
pub const MATE: i32 = crate::core::analysis::WIN_SCORE;
/// Scores at least this far from zero are wins or losses by pattern.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// An end on points that the side wins (it is ahead) scores at least this.
pub const POINTS_END: i32 = 500_000;
/// Beyond every score.
pub const INFINITY: i32 = MATE + 1;

/// The score of a game ended on points (no pattern), for the side `margin` points ahead.
/// Even points (a draw) score 0 like a balanced guess; a win on points more than any
/// guess, so the search prefers a sure lead on points to any unsure position, and a bigger
/// lead; a win by pattern (all 68 contest points) still more.
pub fn points_end(margin: i32) -> i32 {
    match margin.signum() {
        0 => 0,
        sign => sign * POINTS_END + margin * 1_000,
    }
}

/// Whether the score is a proven win or loss by pattern.
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Plies to the proven end for a mate score.
pub fn mate_plies(score: i32) -> u32 {
    (MATE - score.abs()) as u32
}

/// What a finished search's score proves for the side it is for, if anything. A win or
/// loss by pattern comes within its distance. A score in the points band (no guess reaches
/// it, so every line it rests on ended) is a win or loss on points at worst, or by pattern:
/// it comes by the end of the game, within the `plies_left` empty cells of open small
/// boards. Equal points prove nothing: a guess may score 0 too.
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

/// A score as stored in the table: mate scores measured from the node, not the root.
pub fn to_table(score: i32, ply: u32) -> i32 {
    match score {
        s if s >= MATE_BOUND => s + ply as i32,
        s if s <= -MATE_BOUND => s - ply as i32,
        s => s,
    }
}

/// A stored score brought back to a node `ply` plies from the root.
pub fn from_table(score: i32, ply: u32) -> i32 {
    match score {
        s if s >= MATE_BOUND => s - ply as i32,
        s if s <= -MATE_BOUND => s + ply as i32,
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
            assert_eq!(from_table(to_table(score, 4), 4), score);
        }
        // A mate 3 plies below a node 4 plies deep is stored as 3 plies from the node.
        assert_eq!(to_table(MATE - 7, 4), MATE - 3);
    }
}

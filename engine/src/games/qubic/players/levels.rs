//! The levels below `perfect`, the same for X and O, calibrated by games against `random`
//! and `greedy` (see the README's strength table).

use std::time::Duration;

use super::strong::{Strong, StrongStyle};
use crate::core::Difficulty;
use crate::games::qubic::search::analysis::ThreatBudgets;

/// `None` for the levels that do not search.
pub fn style(level: Difficulty, movetime: Duration) -> Option<StrongStyle> {
    match level {
        Difficulty::Easy => Some(StrongStyle {
            movetime: movetime.min(Duration::from_millis(50)),
            max_depth: Some(1),
            blunder: 0.25,
            threats: ThreatBudgets {
                attack: 0,
                defend: 0,
            },
        }),
        Difficulty::Medium => Some(StrongStyle {
            movetime: movetime.min(Duration::from_millis(100)),
            max_depth: Some(2),
            blunder: 0.05,
            threats: ThreatBudgets {
                attack: 2_000,
                defend: 0,
            },
        }),
        Difficulty::Hard => Some(StrongStyle {
            movetime: movetime.min(Duration::from_millis(300)),
            threats: ThreatBudgets {
                attack: 50_000,
                defend: 50_000,
            },
            ..StrongStyle::strongest(movetime)
        }),
        Difficulty::Random | Difficulty::Perfect => None,
    }
}

pub fn player(level: Difficulty, movetime: Duration, seed: u64) -> Option<Strong> {
    Some(Strong::new(level.name(), style(level, movetime)?, seed))
}

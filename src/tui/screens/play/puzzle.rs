//! A puzzle on the board: a position where one move wins (or saves the draw), played
//! against the perfect bot, each of the person's moves judged as it is made.

use crate::core::{Move, Outcome, Position};
use crate::keys::Action;
use crate::tui::screens::play::PlayScreen;
use crate::tui::screens::play::hints::Advice;
use crate::tui::shared::Shared;

/// What the puzzle asks, and what the panel says of the person's moves so far.
#[derive(Clone, Debug)]
pub struct Solving {
    /// A win, or the draw kept where every other move loses.
    pub goal: Outcome,
    /// What it asks, said again when a move is taken back.
    pub asked: String,
    pub said: String,
}

impl Solving {
    /// "X to play: win in 3 moves", for `side` to move.
    pub fn new(side: &str, moves: u32) -> Solving {
        let (goal, asked) = match moves {
            0 => (
                Outcome::Draw,
                "find the one move that does not lose".to_string(),
            ),
            1 => (Outcome::Win, "win at once".to_string()),
            n => (Outcome::Win, format!("win in {n} moves")),
        };
        let asked = format!("{side} to play: {asked}");
        let said = asked.clone();
        Solving { goal, asked, said }
    }
}

impl PlayScreen {
    /// After the person's move `mv` from `before`: right (the goal still certain, solved
    /// once it is reached) or wrong, in words, with the way back to try again.
    pub(crate) fn judge_puzzle_move(&mut self, before: &dyn Position, mv: Move, shared: &Shared) {
        let Some(goal) = self.puzzle.as_ref().map(|p| p.goal) else {
            return;
        };
        let game = self.game();
        let Some(engine) = shared.engine(game) else {
            return;
        };
        let hint = engine.hints(before).into_iter().find(|&(m, _)| m == mv);
        let Some(advice) = hint.and_then(|(_, hint)| Advice::proven(hint)) else {
            return;
        };
        let other = self.name(before.to_move().other(), &shared.settings);
        let name = game.move_name(before, mv);
        let said = match advice.outcome() {
            Some(outcome) if outcome < goal => format!(
                "Not this one: {name} {}. {} takes it back to try again.",
                advice.words(&other),
                shared.key(Action::Undo)
            ),
            _ if goal == Outcome::Draw || self.position().status().is_over() => {
                format!("Solved: {name} {}.", advice.words(&other))
            }
            _ => format!("Right: {name} {}. Go on.", advice.words(&other)),
        };
        if let Some(puzzle) = self.puzzle.as_mut() {
            puzzle.said = said;
        }
    }
}

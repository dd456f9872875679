//! The game being played, apart from the screen: who plays which side, the moves, the
//! bot's level and the weakest level it has played at, and whether the result has been
//! counted. The [`App`](super::App) owns one and changes it only from `App::update`.

use super::history::History;
use super::memory;
use crate::config::{First, Mode, Names};
use crate::game::{Board, Cell, Side, Status};
use crate::players::Difficulty;
use crate::solver::Outcome;
use crate::store::{RecordKey, SavedGame};

/// Who makes the moves of a side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Controller {
    Human,
    Bot,
}

/// One game: its players, its moves and what the record needs to know about it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameState {
    pub mode: Mode,
    /// Who was chosen to move first (against the bot).
    pub starter: First,
    /// The side the person plays against the bot; `None` while the bot is still choosing.
    pub human: Option<Side>,
    /// In a two-player game, whether the players' names have been swapped.
    pub names_swapped: bool,
    /// The level the bot plays its next move at (the level key changes it mid-game).
    pub difficulty: Difficulty,
    /// The weakest level the bot has been asked to play at in this game; `None` until it
    /// has been asked. The result is filed under it, so raising the level just before the
    /// end does not count a game won against an easy bot as won against a perfect one.
    weakest: Option<Difficulty>,
    /// The person swapped sides with the bot during play. Such a game is not recorded:
    /// taking over the side the perfect bot has been winning would count as a win
    /// against perfect.
    pub swapped: bool,
    pub history: History,
    /// The result has been counted (once per game, when it ends).
    counted: bool,
}

impl GameState {
    /// A fresh board. Who moves first is a choice only against the bot; elsewhere the
    /// first side is the first player's.
    pub fn new(mode: Mode, starter: First, difficulty: Difficulty) -> GameState {
        let human = match (mode, starter) {
            (Mode::VsBot, First::Bot) => Some(Side::Second),
            (Mode::VsBot, First::BotChooses) => None,
            _ => Some(Side::First),
        };
        GameState {
            mode,
            starter,
            human,
            names_swapped: false,
            difficulty,
            weakest: None,
            swapped: false,
            history: History::default(),
            counted: false,
        }
    }

    /// The unfinished game of an earlier run, as it was left.
    pub fn resumed(saved: SavedGame) -> GameState {
        let human = match saved.mode {
            Mode::VsBot => saved.human.unwrap_or(Side::First),
            _ => Side::First,
        };
        let starter = match human {
            Side::First => First::You,
            Side::Second => First::Bot,
        };
        GameState {
            human: Some(human),
            weakest: saved.weakest,
            swapped: saved.swapped,
            history: History::from_moves(saved.moves),
            ..GameState::new(saved.mode, starter, saved.difficulty)
        }
    }

    /// The game to keep for the next run.
    pub fn to_saved(&self) -> SavedGame {
        SavedGame {
            mode: self.mode,
            human: if self.mode == Mode::VsBot {
                self.human
            } else {
                None
            },
            difficulty: self.difficulty,
            weakest: self.weakest,
            swapped: self.swapped,
            moves: self.moves().to_vec(),
        }
    }

    pub fn moves(&self) -> &[Cell] {
        self.history.moves()
    }

    /// The position after all the moves played.
    pub fn board(&self) -> Board {
        self.history.board()
    }

    pub fn controller(&self, side: Side) -> Controller {
        match self.mode {
            Mode::TwoHumans => Controller::Human,
            Mode::Demo => Controller::Bot,
            Mode::VsBot if self.human == Some(side) => Controller::Human,
            Mode::VsBot => Controller::Bot,
        }
    }

    /// The name of whoever plays `side`.
    pub fn name(&self, names: &Names, side: Side) -> String {
        names.for_side(self.mode, side, self.human, self.names_swapped)
    }

    /// The bot is asked for a move: it plays at the current level, which from now on
    /// counts towards the weakest level of the game. Returns that level.
    pub fn bot_asked(&mut self) -> Difficulty {
        let level = self.difficulty;
        self.weakest = Some(match self.weakest {
            Some(weakest) if strength(weakest) <= strength(level) => weakest,
            _ => level,
        });
        level
    }

    /// The weakest level the bot has played at, if it has played.
    pub fn weakest(&self) -> Option<Difficulty> {
        self.weakest
    }

    /// Once per game, when it is over: the record it counts in (none for the demo, or after
    /// a swap of sides with the bot) and the result for the person (against the bot) or the
    /// first player (two people).
    pub fn take_result(&mut self) -> Option<(Option<RecordKey>, Outcome)> {
        let status = self.board().status();
        if self.counted || !status.is_over() {
            return None;
        }
        self.counted = true;
        let me = match self.mode {
            Mode::VsBot => self.human,
            _ => Some(Side::First),
        };
        let outcome = match status {
            Status::Won(side) if Some(side) == me => Outcome::Win,
            Status::Won(_) => Outcome::Loss,
            _ => Outcome::Draw,
        };
        if self.swapped {
            return Some((None, outcome));
        }
        let level = self.weakest.unwrap_or(self.difficulty);
        Some((memory::record_key(self.mode, level), outcome))
    }
}

/// The levels' order, weakest first.
fn strength(level: Difficulty) -> usize {
    Difficulty::ALL
        .iter()
        .position(|&l| l == level)
        .expect("every level is in ALL")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weakest_level_asked_is_kept() {
        let mut game = GameState::new(Mode::VsBot, First::You, Difficulty::Hard);
        assert_eq!(game.weakest(), None, "not asked yet");
        game.bot_asked();
        game.difficulty = Difficulty::Easy;
        game.bot_asked();
        game.difficulty = Difficulty::Perfect;
        assert_eq!(game.bot_asked(), Difficulty::Perfect);
        assert_eq!(game.weakest(), Some(Difficulty::Easy));
    }

    #[test]
    fn a_game_with_swapped_sides_is_not_recorded() {
        let mut game = GameState::new(Mode::VsBot, First::You, Difficulty::Perfect);
        // X takes row 1 with O's a2 completing it (X X X O): X wins 1 : 0.
        for name in ["a1", "a2", "b1", "b2", "c1", "d1"] {
            game.history.play(name.parse().unwrap());
        }
        let mut fair = game.clone();
        assert_eq!(
            fair.take_result(),
            Some((
                memory::record_key(Mode::VsBot, Difficulty::Perfect),
                Outcome::Win
            ))
        );
        game.swapped = true;
        assert_eq!(game.take_result(), Some((None, Outcome::Win)));
    }

    #[test]
    fn a_resumed_game_stays_unrecorded_after_a_swap() {
        let mut game = GameState::new(Mode::VsBot, First::You, Difficulty::Perfect);
        game.swapped = true;
        assert!(GameState::resumed(game.to_saved()).swapped);
    }

    #[test]
    fn a_resumed_game_keeps_its_weakest_level() {
        let mut game = GameState::new(Mode::VsBot, First::Bot, Difficulty::Easy);
        game.bot_asked();
        game.difficulty = Difficulty::Perfect;
        let again = GameState::resumed(game.to_saved());
        assert_eq!(again.weakest(), Some(Difficulty::Easy));
        assert_eq!(again.difficulty, Difficulty::Perfect);
        assert_eq!(again.human, Some(Side::Second));
    }
}

//! A game being played, apart from any screen: the rules of undo against the bot, of what a
//! swap of sides does to the record and of what the result counts as, wherever it is played.

use std::sync::Arc;

use super::words::named_values;
use super::{Difficulty, Game, Move, MoveError, Outcome, Position, Side, Status};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Mode {
    #[default]
    VsBot,
    /// Two people on one keyboard.
    TwoHumans,
    /// The bot against itself.
    Demo,
}

/// Who moves first against the bot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum First {
    #[default]
    You,
    Bot,
    /// The bot takes the side the game's value favours and says so.
    BotChooses,
}

named_values!(
    Mode,
    "mode",
    [(VsBot, "bot"), (TwoHumans, "humans"), (Demo, "demo")]
);
impl First {
    /// Who moves first when the person plays `human`.
    fn playing(human: Side) -> First {
        match human {
            Side::First => First::You,
            Side::Second => First::Bot,
        }
    }
}

named_values!(
    First,
    "first player",
    [(You, "you"), (Bot, "bot"), (BotChooses, "bot-chooses")]
);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Controller {
    Human,
    Bot,
}

/// The moves of a game and those taken back (for redo), with every position they lead to,
/// kept rather than recomputed: a bonus move makes who moved which ply depend on all before.
#[derive(Clone, Debug)]
pub struct History {
    /// `positions[i]` is the position after `i` moves; there is always the start.
    positions: Vec<Box<dyn Position>>,
    moves: Vec<Move>,
    /// Moves taken back, the next to redo last.
    redo: Vec<Move>,
}

impl History {
    pub fn new(start: Box<dyn Position>) -> History {
        History {
            positions: vec![start],
            moves: Vec::new(),
            redo: Vec::new(),
        }
    }

    pub fn replay(game: &dyn Game, moves: &[Move]) -> Result<History, ReplayError> {
        let mut history = History::new(game.start());
        for (i, &mv) in moves.iter().enumerate() {
            let name = game.move_name(history.position(), mv);
            history.play(mv).map_err(|error| ReplayError {
                ply: i + 1,
                cell: name,
                error,
            })?;
        }
        Ok(history)
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn position(&self) -> &dyn Position {
        self.position_at(self.moves.len())
    }

    /// The position after the first `n` moves (all of them when there are fewer).
    pub fn position_at(&self, n: usize) -> &dyn Position {
        self.positions[n.min(self.moves.len())].as_ref()
    }

    /// 0-based.
    pub fn mover(&self, ply: usize) -> Side {
        self.position_at(ply).to_move()
    }

    pub fn turns(&self) -> Vec<Vec<usize>> {
        turn_rows(&self.movers())
    }

    pub fn movers(&self) -> Vec<Side> {
        (0..self.moves().len()).map(|p| self.mover(p)).collect()
    }

    /// Move `ply`'s (0-based) row in [`History::turns`], from 1.
    pub fn turn_of(&self, ply: usize) -> usize {
        let turns = self.turns();
        let row = turns.iter().position(|row| row.contains(&ply));
        row.map_or(turns.len(), |row| row + 1)
    }

    /// A new move starts a new line of play: nothing is left to redo.
    pub fn play(&mut self, cell: Move) -> Result<(), MoveError> {
        self.push(cell)?;
        self.redo.clear();
        Ok(())
    }

    fn push(&mut self, cell: Move) -> Result<(), MoveError> {
        self.positions.push(self.position().play(cell)?);
        self.moves.push(cell);
        Ok(())
    }

    /// Takes back moves up to and including the last one whose mover `stop` accepts
    /// (nothing when none does); returns them in the order they were played.
    pub fn take_back(&mut self, stop: impl Fn(Side) -> bool) -> Vec<Move> {
        let Some(keep) = (0..self.moves.len()).rev().find(|&i| stop(self.mover(i))) else {
            return Vec::new();
        };
        self.positions.truncate(keep + 1);
        let popped: Vec<Move> = self.moves.drain(keep..).collect();
        self.redo.extend(popped.iter().rev());
        popped
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// In the order redo would play them again.
    pub fn redo_moves(&self) -> Vec<Move> {
        self.redo.iter().rev().copied().collect()
    }

    /// Moves to redo as [`History::redo_moves`] listed them, kept only if they can all be
    /// played from here.
    pub fn restore_redo(&mut self, moves: &[Move]) {
        if super::review::after_line(self.position(), moves).is_some() {
            self.redo = moves.iter().rev().copied().collect();
        }
    }

    /// The move was legal here before it was taken back, so it plays again.
    pub fn redo_one(&mut self) -> Option<Move> {
        let cell = self.redo.pop()?;
        self.push(cell).ok().map(|()| cell)
    }
}

/// A saved move list that is not a game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("move {ply} ({cell}) is illegal: {error}")]
pub struct ReplayError {
    /// 1-based.
    pub ply: usize,
    pub cell: String,
    pub error: MoveError,
}

/// Moves numbered as a person numbers them, from who made each: a row is a turn of the
/// first side then a turn of the second, and a turn is every move its side made in a row
/// (a bonus move joins the move that earned it), so each column stays one side's.
pub fn turn_rows(movers: &[Side]) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    for (ply, &side) in movers.iter().enumerate() {
        let starts_row = match rows.last().and_then(|row| row.last()) {
            None => true,
            Some(&before) => side == Side::First && movers[before] == Side::Second,
        };
        if starts_row {
            rows.push(Vec::new());
        }
        if let Some(row) = rows.last_mut() {
            row.push(ply);
        }
    }
    rows
}

/// What a finished game counts as, for the person or the first-named of two players: its
/// mode and, against the bot, its weakest level; `None` for the demo or a swap of sides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Finished {
    pub counts: Option<(Mode, Option<Difficulty>)>,
    pub outcome: Outcome,
}

#[derive(Clone, Debug)]
pub struct Session {
    pub game: Arc<dyn Game>,
    pub kept: Resumed,
    pub starter: First,
    /// In the demo, the second side's bot's level (the contest simulator's "the bot vs
    /// random"); `None` for the same as the first's.
    pub second_level: Option<Difficulty>,
    pub history: History,
    /// Over a contest clock's time for a move: lost by that side, though its position is not.
    timed_out: Option<Side>,
}

impl Session {
    /// Who moves first is a choice only against the bot.
    pub fn new(game: Arc<dyn Game>, mode: Mode, starter: First, difficulty: Difficulty) -> Session {
        let human = match (mode, starter) {
            (Mode::VsBot, First::Bot) => Some(Side::Second),
            (Mode::VsBot, First::BotChooses) => None,
            _ => Some(Side::First),
        };
        let history = History::new(game.start());
        Session {
            game,
            kept: Resumed::new(mode, human, difficulty),
            starter,
            second_level: None,
            history,
            timed_out: None,
        }
    }

    /// Started from a position given, or a record's.
    pub fn from_start(mut self, start: Box<dyn Position>) -> Session {
        self.history = History::new(start);
        self
    }

    pub fn resumed(
        game: Arc<dyn Game>,
        saved: &Resumed,
        moves: &[Move],
    ) -> Result<Session, ReplayError> {
        let human = match saved.mode {
            Mode::VsBot => saved.human.unwrap_or(Side::First),
            _ => Side::First,
        };
        let history = History::replay(game.as_ref(), moves)?;
        Ok(Session {
            kept: Resumed {
                human: Some(human),
                names_swapped: saved.names_swapped && saved.mode == Mode::TwoHumans,
                ..*saved
            },
            history,
            ..Session::new(game, saved.mode, First::playing(human), saved.difficulty)
        })
    }

    /// The person's side is kept only against the bot.
    pub fn to_resumed(&self) -> Resumed {
        let human = self.kept.human.filter(|_| self.kept.mode == Mode::VsBot);
        Resumed { human, ..self.kept }
    }

    pub fn moves(&self) -> &[Move] {
        self.history.moves()
    }

    pub fn position(&self) -> &dyn Position {
        self.history.position()
    }

    pub fn status(&self) -> Status {
        match self.timed_out {
            Some(side) => Status::Won(side.other()),
            None => self.position().status(),
        }
    }

    pub fn timed_out(&self) -> Option<Side> {
        self.timed_out
    }

    pub fn time_out(&mut self, side: Side) {
        if !self.status().is_over() {
            self.timed_out = Some(side);
        }
    }

    pub fn controller(&self, side: Side) -> Controller {
        match self.kept.mode {
            Mode::TwoHumans => Controller::Human,
            Mode::Demo => Controller::Bot,
            Mode::VsBot if self.kept.human == Some(side) => Controller::Human,
            Mode::VsBot => Controller::Bot,
        }
    }

    pub fn level_of(&self, side: Side) -> Difficulty {
        match (self.kept.mode, side, self.second_level) {
            (Mode::Demo, Side::Second, Some(level)) => level,
            _ => self.kept.difficulty,
        }
    }

    /// Against a person the weakest level the bot played at; in the demo its own level.
    pub fn level_played(&self, side: Side) -> Difficulty {
        match self.kept.mode {
            Mode::VsBot => self.kept.weakest.unwrap_or(self.kept.difficulty),
            _ => self.level_of(side),
        }
    }

    /// The level the bot plays `side` at, which from now on counts towards the weakest.
    pub fn bot_asked(&mut self, side: Side) -> Difficulty {
        let level = self.level_of(side);
        self.kept.weakest = Some(self.kept.weakest.map_or(level, |w| w.min(level)));
        level
    }

    /// In a two-player game the last move; against the bot, back to the person's last move.
    pub fn undo(&mut self) -> Vec<Move> {
        // A loss on time is final, as in the contest: the clock is asked for to be kept.
        if self.timed_out.is_some() {
            return Vec::new();
        }
        match self.kept.mode {
            Mode::Demo => Vec::new(),
            Mode::TwoHumans => self.history.take_back(|_| true),
            Mode::VsBot => self.history.take_back(|side| Some(side) == self.kept.human),
        }
    }

    /// Against the bot, the person's move and the bot's reply together.
    pub fn redo(&mut self) -> Vec<Move> {
        let mut replayed = Vec::new();
        if self.kept.mode == Mode::Demo || self.timed_out.is_some() {
            return replayed;
        }
        while let Some(cell) = self.history.redo_one() {
            replayed.push(cell);
            let position = self.position();
            if self.status().is_over() || self.controller(position.to_move()) == Controller::Human {
                break;
            }
        }
        replayed
    }

    /// Once a move is on the board, the game no longer counts for the record.
    pub fn swap_with_bot(&mut self) {
        let Some(human) = self.kept.human else { return };
        let side = human.other();
        self.kept.swapped |= !self.moves().is_empty();
        self.kept.human = Some(side);
        // The person has now picked the side, so the bot no longer "chose" it.
        self.starter = First::playing(side);
    }

    /// Once per game, when it is over.
    pub fn take_result(&mut self) -> Option<Finished> {
        let status = self.status();
        if self.kept.counted || !status.is_over() {
            return None;
        }
        self.kept.counted = true;
        // Two people's record is the first-named player's ("Player 1's record"), who plays
        // the second side once the names are swapped.
        let me = match self.kept.mode {
            Mode::VsBot => self.kept.human,
            Mode::TwoHumans if self.kept.names_swapped => Some(Side::Second),
            _ => Some(Side::First),
        };
        let outcome = match status {
            Status::Won(side) if Some(side) == me => Outcome::Win,
            Status::Won(_) => Outcome::Loss,
            _ => Outcome::Draw,
        };
        let counts = match self.kept.mode {
            _ if self.kept.swapped => None,
            Mode::Demo => None,
            Mode::TwoHumans => Some((Mode::TwoHumans, None)),
            Mode::VsBot => Some((Mode::VsBot, Some(self.level_played(Side::First)))),
        };
        Some(Finished { counts, outcome })
    }
}

/// What a save keeps of a session, besides its moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Resumed {
    pub mode: Mode,
    /// The person's side against the bot; `None` while the bot is still choosing.
    pub human: Option<Side>,
    /// The level of the bot's next move; in the demo, the first side's bot.
    pub difficulty: Difficulty,
    /// The result is filed under the weakest level asked, so raising the level just before
    /// the end does not count a win against an easy bot as one against a perfect bot.
    pub weakest: Option<Difficulty>,
    /// The person swapped sides with the bot: taking over the side the perfect bot has
    /// been winning must not count as a win against perfect.
    pub swapped: bool,
    /// Two people swapped names and symbols (`s`).
    pub names_swapped: bool,
    /// Already in the record: an end reached again after an undo does not count twice.
    pub counted: bool,
}

impl Resumed {
    pub fn new(mode: Mode, human: Option<Side>, difficulty: Difficulty) -> Resumed {
        Resumed {
            mode,
            human,
            difficulty,
            ..Resumed::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::toy_tests::Toy;

    fn cell(name: &str) -> Move {
        Toy.parse_move(Toy.start().as_ref(), name).unwrap()
    }

    fn session(mode: Mode, starter: First, level: Difficulty) -> Session {
        Session::new(Arc::new(Toy), mode, starter, level)
    }

    fn play(session: &mut Session, names: &str) {
        for name in names.split_whitespace() {
            session.history.play(cell(name)).unwrap();
        }
    }

    #[test]
    fn names_round_trip() {
        for mode in Mode::ALL {
            assert_eq!(mode.name().parse::<Mode>(), Ok(mode));
        }
        assert_eq!("Bot-Chooses".parse::<First>(), Ok(First::BotChooses));
        let err = "solo".parse::<Mode>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown mode \"solo\": use \"bot\", \"humans\" or \"demo\""
        );
    }

    #[test]
    fn the_demos_second_bot_may_play_at_its_own_level() {
        let mut demo = session(Mode::Demo, First::You, Difficulty::Perfect);
        demo.second_level = Some(Difficulty::Random);
        assert_eq!(demo.bot_asked(Side::First), Difficulty::Perfect);
        assert_eq!(demo.bot_asked(Side::Second), Difficulty::Random);
        let mut vs_bot = session(Mode::VsBot, First::You, Difficulty::Hard);
        vs_bot.second_level = Some(Difficulty::Random);
        assert_eq!(
            vs_bot.level_of(Side::Second),
            Difficulty::Hard,
            "only in the demo"
        );
    }

    #[test]
    fn the_weakest_level_asked_is_kept() {
        let mut game = session(Mode::VsBot, First::You, Difficulty::Hard);
        assert_eq!(game.kept.weakest, None, "not asked yet");
        game.bot_asked(Side::Second);
        game.kept.difficulty = Difficulty::Easy;
        game.bot_asked(Side::Second);
        game.kept.difficulty = Difficulty::Perfect;
        assert_eq!(game.bot_asked(Side::Second), Difficulty::Perfect);
        assert_eq!(game.kept.weakest, Some(Difficulty::Easy));
    }

    #[test]
    fn a_game_with_swapped_sides_is_not_recorded() {
        let mut game = session(Mode::VsBot, First::You, Difficulty::Perfect);
        // X takes a and b, side by side, and wins.
        play(&mut game, "a c b");
        let mut fair = game.clone();
        assert_eq!(
            fair.take_result(),
            Some(Finished {
                counts: Some((Mode::VsBot, Some(Difficulty::Perfect))),
                outcome: Outcome::Win
            })
        );
        assert_eq!(fair.take_result(), None, "counted once");
        game.kept.swapped = true;
        assert_eq!(game.take_result().unwrap().counts, None);
    }

    #[test]
    fn two_people_s_record_follows_the_first_named_player_across_a_swap() {
        // X takes a and b, side by side, and wins: a win for Player 1 while Player 1 plays
        // X, a loss once the names are swapped (Player 1 plays O).
        for (swapped, outcome) in [(false, Outcome::Win), (true, Outcome::Loss)] {
            let mut game = session(Mode::TwoHumans, First::You, Difficulty::Perfect);
            game.kept.names_swapped = swapped;
            play(&mut game, "a c b");
            let finished = game.take_result().unwrap();
            assert_eq!(finished.outcome, outcome, "swapped: {swapped}");
            assert_eq!(finished.counts, Some((Mode::TwoHumans, None)));
        }
    }

    #[test]
    fn a_game_won_on_points_counts_as_a_win_and_equal_points_as_a_draw() {
        use crate::games::extreme::adapter::Extreme;
        use crate::games::extreme::cell::cell_id;
        use crate::games::extreme::testing::{X_31_O_28, one_move_from_the_points};
        let (x_31, o_28) = X_31_O_28;
        for (x_won, status, outcome) in [
            (&x_31[..], Status::Won(Side::First), Outcome::Win),
            (&x_31[..5], Status::Draw, Outcome::Draw),
        ] {
            // Against the bot, the person playing X; O's move ends the game, no line.
            let mut game = Session::new(
                Arc::new(Extreme),
                Mode::VsBot,
                First::You,
                Difficulty::Perfect,
            );
            let (start, last) = one_move_from_the_points(x_won, &o_28);
            game.history = History::new(Box::new(start));
            game.history.play(cell_id(last).into()).unwrap();
            assert_eq!(game.status(), status);
            assert_eq!(game.take_result().map(|f| f.outcome), Some(outcome));
        }
    }

    #[test]
    fn a_resumed_game_keeps_its_sides_levels_and_swap() {
        let mut game = session(Mode::VsBot, First::Bot, Difficulty::Easy);
        game.bot_asked(Side::First);
        game.kept.difficulty = Difficulty::Perfect;
        play(&mut game, "b");
        game.swap_with_bot();
        let again = Session::resumed(Arc::new(Toy), &game.to_resumed(), game.moves()).unwrap();
        assert_eq!(again.kept.weakest, Some(Difficulty::Easy));
        assert_eq!(again.kept.difficulty, Difficulty::Perfect);
        assert_eq!(again.kept.human, Some(Side::First));
        assert!(again.kept.swapped);
        assert_eq!(again.moves(), [cell("b")]);
    }

    #[test]
    fn a_move_list_that_is_no_game_is_refused_with_the_move() {
        let err = History::replay(&Toy, &[cell("a"), cell("a")]).unwrap_err();
        assert_eq!(err.ply, 2);
        assert_eq!(err.to_string(), "move 2 (a) is illegal: a is taken");
    }

    #[test]
    fn undo_against_the_bot_goes_back_to_the_persons_move_and_redo_replays_both() {
        let mut game = session(Mode::VsBot, First::You, Difficulty::Perfect);
        play(&mut game, "c b a");
        let popped = game.undo();
        assert_eq!(popped, [cell("a")], "the person's last move");
        let popped = game.undo();
        assert_eq!(
            popped,
            [cell("c"), cell("b")],
            "and the bot's reply with it"
        );
        assert!(game.moves().is_empty());
        assert_eq!(game.redo(), [cell("c"), cell("b")]);
        assert_eq!(game.redo(), [cell("a")]);
        assert!(game.redo().is_empty());
        assert_eq!(game.position().text(), "XOX-");
    }

    #[test]
    fn the_mover_of_each_ply_comes_from_the_positions() {
        let mut game = session(Mode::TwoHumans, First::You, Difficulty::Perfect);
        play(&mut game, "b d");
        assert_eq!(game.history.mover(0), Side::First);
        assert_eq!(game.history.mover(1), Side::Second);
        assert_eq!(game.history.position_at(1).text(), "-X--");
    }
}

//! A room's game and who sits at it ([`Table`]), and what each person at the room may do
//! to it ([`Table::judge`]): the rules that keep two people's boards one game.
//!
//! Each person's board is their own terminal game; after every event the server compares
//! it with the table. A change is the person's proposal: the table takes it, or the board
//! is put back as the table has it and the person is told why. So a seat may move only on
//! its turn and take back only its own last move; a watcher changes nothing but may take a
//! free seat by playing its move; a new game waits until the one on the table is over or
//! the other seat is empty.

use crate::config::Mode;
use crate::core::Side;
use crate::core::session::Session;

/// A person at the room, by the order they came in.
pub(crate) type MemberId = u64;

/// A seat at the table: Player 1, who chose the game, and Player 2.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    One,
    Two,
}

impl Seat {
    pub fn index(self) -> usize {
        match self {
            Seat::One => 0,
            Seat::Two => 1,
        }
    }

    pub fn other(self) -> Seat {
        match self {
            Seat::One => Seat::Two,
            Seat::Two => Seat::One,
        }
    }
}

/// The room's game and its seats.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    pub session: Session,
    /// Who sits at each seat; `None` for a free seat (never taken, or its player left).
    pub seats: [Option<MemberId>; 2],
    /// The game's result is in the records: once a game, even when its end is taken back
    /// and reached again.
    pub recorded: bool,
}

/// How a board differs from the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Change {
    /// Not at all (or only in what is each person's own: the cursor, hints, the screen).
    Same,
    /// This many moves played on.
    Moved(usize),
    /// This many moves taken back.
    TookBack(usize),
    /// The same moves with the sides swapped.
    Sides,
    /// Another game (a new one, another game or mode, a game from a position).
    NewGame,
}

/// What the table took from a proposal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Taken {
    /// The seat the proposer took, if they had none (a watcher playing a free seat's move).
    pub sat: Option<Seat>,
}

impl Table {
    /// A new table for `session` chosen by `chooser`, with `friend` at the second seat of a
    /// two-player game.
    pub fn new(session: Session, chooser: MemberId, friend: Option<MemberId>) -> Table {
        let two = match session.kept.mode {
            Mode::TwoHumans => friend,
            _ => None,
        };
        Table {
            session,
            seats: [Some(chooser), two],
            recorded: false,
        }
    }

    pub fn seat_of(&self, member: MemberId) -> Option<Seat> {
        [Seat::One, Seat::Two]
            .into_iter()
            .find(|seat| self.seats[seat.index()] == Some(member))
    }

    /// The seat whose player makes the moves of `side`: in a two-player game Player 1
    /// plays the first side until the sides are swapped; against the bot the one person
    /// plays both the person's side and, through their bot, the bot's. `None` in the demo.
    pub fn seat_for(&self, side: Side) -> Option<Seat> {
        match self.session.kept.mode {
            Mode::TwoHumans if (side == Side::First) != self.session.kept.names_swapped => {
                Some(Seat::One)
            }
            Mode::TwoHumans => Some(Seat::Two),
            Mode::VsBot => Some(Seat::One),
            Mode::Demo => None,
        }
    }

    /// The side a seat plays in a two-player game (the person's, against the bot).
    pub fn side_of(&self, seat: Seat) -> Option<Side> {
        match self.session.kept.mode {
            Mode::TwoHumans => [Side::First, Side::Second]
                .into_iter()
                .find(|&side| self.seat_for(side) == Some(seat)),
            Mode::VsBot if seat == Seat::One => self.session.kept.human,
            _ => None,
        }
    }

    /// The game is on: moves on the board and not over.
    pub fn in_progress(&self) -> bool {
        !self.session.moves().is_empty() && !self.session.status().is_over()
    }

    /// Whether `member` may change the table to `board`, and what they take by it; the
    /// refusal says why not. `names` are the seats' names, for what is said.
    pub fn judge(
        &self,
        member: MemberId,
        board: &Session,
        names: &[String; 2],
    ) -> Result<Taken, String> {
        let change = change(&self.session, board);
        let stay = Taken { sat: None };
        if change == Change::Same {
            return Ok(stay);
        }
        let Some(seat) = self.seat_of(member) else {
            return self.judge_watcher(change, names);
        };
        if self.session.kept.mode != Mode::TwoHumans {
            // The one person's own game against the bot: theirs to play as they like,
            // but a new two-player game is one the others may join.
            return Ok(stay);
        }
        let other = &names[seat.other().index()];
        let other_here = self.seats[seat.other().index()].is_some();
        match change {
            Change::Same => Ok(stay),
            Change::Moved(1) => {
                let to_move = self.session.position().to_move();
                if self.seat_for(to_move) == Some(seat) {
                    Ok(stay)
                } else {
                    Err(format!("Wait: it is {other}'s turn."))
                }
            }
            Change::Moved(_) => Err("One move at a time.".into()),
            Change::TookBack(1) => {
                let history = &self.session.history;
                let last = history.mover(history.moves().len() - 1);
                if self.seat_for(last) == Some(seat) {
                    Ok(stay)
                } else {
                    Err(format!(
                        "Only your own last move can be taken back: {other} moved last."
                    ))
                }
            }
            Change::TookBack(_) => Err("Only your own last move can be taken back.".into()),
            Change::Sides if self.session.moves().is_empty() => Ok(stay),
            Change::Sides => Err(
                "Sides are swapped before the first move, or for the next game \
                                  (after a game, the swap key starts it)."
                    .into(),
            ),
            Change::NewGame if board.kept.mode != Mode::TwoHumans && other_here => Err(format!(
                "{other} is here to play you: choose Two players (bot games are for one)."
            )),
            Change::NewGame if self.in_progress() && other_here => Err(format!(
                "The game with {other} goes on: finish it first (or start anew once they leave)."
            )),
            Change::NewGame => Ok(stay),
        }
    }

    /// A watcher changes nothing, but takes a free seat by playing its move.
    fn judge_watcher(&self, change: Change, names: &[String; 2]) -> Result<Taken, String> {
        let to_move = self.session.position().to_move();
        let free = self
            .seat_for(to_move)
            .filter(|seat| self.seats[seat.index()].is_none());
        match (change, free) {
            (Change::Moved(1), Some(seat)) => Ok(Taken { sat: Some(seat) }),
            (_, Some(seat)) => Err(format!(
                "Watching. {}'s seat is free: play its move to take it.",
                names[seat.index()]
            )),
            (_, None) => Err(match self.seats {
                [Some(_), Some(_)] => format!(
                    "Watching {} and {}: a seat may free up later.",
                    names[0], names[1]
                ),
                _ => format!("Watching {}'s game.", names[0]),
            }),
        }
    }

    /// The table after `member`'s accepted proposal `board`: the new game, and the seats it
    /// changes. A new game that is not for two keeps its chooser alone at the first seat; a
    /// new two-player game seats `waiting` at an empty second seat.
    pub fn take(
        &mut self,
        member: MemberId,
        board: &Session,
        taken: Taken,
        waiting: Option<MemberId>,
    ) {
        let new_game = change(&self.session, board) == Change::NewGame;
        if let Some(seat) = taken.sat {
            self.seats[seat.index()] = Some(member);
        }
        if new_game {
            self.recorded = false;
            match board.kept.mode {
                Mode::TwoHumans => {
                    if self.seats[1].is_none() && self.seats[0] == Some(member) {
                        self.seats[1] = waiting;
                    } else if self.seats[0].is_none() && self.seats[1] == Some(member) {
                        self.seats[0] = waiting;
                    }
                }
                _ => self.seats = [Some(member), None],
            }
        }
        self.session = board.clone();
    }
}

/// How `board` differs from `table`.
pub fn change(table: &Session, board: &Session) -> Change {
    let same_game = table.game.key() == board.game.key()
        && table.kept.mode == board.kept.mode
        && table.history.position_at(0).text() == board.history.position_at(0).text();
    if !same_game {
        return Change::NewGame;
    }
    let (a, b) = (table.moves(), board.moves());
    let shorter = a.len().min(b.len());
    if a[..shorter] != b[..shorter] {
        return Change::NewGame;
    }
    // Fewer moves with none to redo is a board started afresh, not moves taken back.
    if b.len() < a.len() && !board.history.can_redo() {
        return Change::NewGame;
    }
    let sides = table.kept.names_swapped != board.kept.names_swapped
        || table.kept.human != board.kept.human;
    match (b.len().cmp(&a.len()), sides) {
        (std::cmp::Ordering::Equal, false) => Change::Same,
        (std::cmp::Ordering::Equal, true) => Change::Sides,
        (std::cmp::Ordering::Greater, _) => Change::Moved(b.len() - a.len()),
        (std::cmp::Ordering::Less, _) => Change::TookBack(a.len() - b.len()),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::config::First;
    use crate::core::{Difficulty, Game, Move};

    fn game() -> Arc<dyn Game> {
        crate::games::build(crate::games::GameChoice {
            size: Some(3),
            ..crate::games::GameChoice::of(crate::games::GameKind::Classic)
        })
        .unwrap()
    }

    fn session(mode: Mode, moves: &str) -> Session {
        let mut session = Session::new(game(), mode, First::You, Difficulty::Perfect);
        for name in moves.split_whitespace() {
            let cell = session.game.parse_cell(name).unwrap();
            session.history.play(Move::from(cell)).unwrap();
        }
        session
    }

    fn names() -> [String; 2] {
        ["den 1".to_string(), "den 2".to_string()]
    }

    const ANA: MemberId = 1;
    const BEN: MemberId = 2;
    const CY: MemberId = 3;

    fn two_players(moves: &str) -> Table {
        Table::new(session(Mode::TwoHumans, moves), ANA, Some(BEN))
    }

    #[test]
    fn each_seat_moves_on_its_own_turn_only() {
        let table = two_players("");
        let x_moves = session(Mode::TwoHumans, "b2");
        assert!(table.judge(ANA, &x_moves, &names()).is_ok());
        let refused = table.judge(BEN, &x_moves, &names()).unwrap_err();
        assert_eq!(refused, "Wait: it is den 1's turn.");
        let table = two_players("b2");
        assert!(
            table
                .judge(BEN, &session(Mode::TwoHumans, "b2 a1"), &names())
                .is_ok()
        );
        assert!(
            table
                .judge(ANA, &session(Mode::TwoHumans, "b2 a1"), &names())
                .is_err()
        );
    }

    #[test]
    fn swapped_sides_move_the_first_side_to_player_two() {
        let mut table = two_players("");
        table.session.kept.names_swapped = true;
        assert_eq!(table.side_of(Seat::Two), Some(Side::First));
        let mut x_moves = session(Mode::TwoHumans, "b2");
        x_moves.kept.names_swapped = true;
        assert!(table.judge(BEN, &x_moves, &names()).is_ok());
        assert!(table.judge(ANA, &x_moves, &names()).is_err());
    }

    #[test]
    fn only_your_own_last_move_can_be_taken_back() {
        let table = two_players("b2 a1");
        let mut back = table.session.clone();
        back.history.take_back(|_| true);
        assert!(table.judge(BEN, &back, &names()).is_ok());
        let refused = table.judge(ANA, &back, &names()).unwrap_err();
        assert!(refused.contains("den 2 moved last"), "{refused}");
        back.history.take_back(|_| true);
        assert!(table.judge(BEN, &back, &names()).is_err());
    }

    #[test]
    fn a_watcher_changes_nothing_but_takes_a_free_seat_by_its_move() {
        let mut table = two_players("b2");
        let o_moves = session(Mode::TwoHumans, "b2 a1");
        let refused = table.judge(CY, &o_moves, &names()).unwrap_err();
        assert!(refused.starts_with("Watching den 1 and den 2"), "{refused}");
        table.seats[1] = None; // den 2 left
        let taken = table.judge(CY, &o_moves, &names()).unwrap();
        assert_eq!(taken.sat, Some(Seat::Two));
        table.take(CY, &o_moves, taken, None);
        assert_eq!(table.seat_of(CY), Some(Seat::Two));
        // Not the free seat's turn: told how to take it.
        let refused = table.judge(BEN, &session(Mode::TwoHumans, "b2 a1 c3"), &names());
        assert!(refused.is_err());
    }

    #[test]
    fn a_new_game_waits_for_the_end_unless_the_friend_is_gone() {
        let mut table = two_players("b2 a1");
        let new = session(Mode::TwoHumans, "");
        let refused = table.judge(ANA, &new, &names()).unwrap_err();
        assert!(refused.contains("goes on"), "{refused}");
        let bot = session(Mode::VsBot, "");
        assert!(
            table
                .judge(ANA, &bot, &names())
                .unwrap_err()
                .contains("Two players")
        );
        table.seats[1] = None;
        assert!(table.judge(ANA, &bot, &names()).is_ok());
        table.take(ANA, &bot, Taken { sat: None }, Some(CY));
        assert_eq!(table.seats, [Some(ANA), None], "a bot game is for one");
        // Back to two players: the one waiting sits down.
        let two = session(Mode::TwoHumans, "");
        assert!(table.judge(ANA, &two, &names()).is_ok());
        table.take(ANA, &two, Taken { sat: None }, Some(CY));
        assert_eq!(table.seats, [Some(ANA), Some(CY)]);
    }

    #[test]
    fn a_finished_game_may_be_followed_by_another_and_sides_swap_before_moves() {
        // X: a1 b1 c1 wins along the top row.
        let table = two_players("a1 a2 b1 b2 c1");
        assert!(table.session.status().is_over());
        assert!(
            table
                .judge(BEN, &session(Mode::TwoHumans, ""), &names())
                .is_ok()
        );
        let fresh = two_players("");
        let mut swapped = session(Mode::TwoHumans, "");
        swapped.kept.names_swapped = true;
        assert_eq!(change(&fresh.session, &swapped), Change::Sides);
        assert!(fresh.judge(ANA, &swapped, &names()).is_ok());
        let mut late = session(Mode::TwoHumans, "b2");
        late.kept.names_swapped = true;
        assert!(two_players("b2").judge(ANA, &late, &names()).is_err());
    }

    #[test]
    fn against_the_bot_the_one_seat_plays_both_sides() {
        let table = Table::new(session(Mode::VsBot, ""), ANA, Some(BEN));
        assert_eq!(table.seats, [Some(ANA), None]);
        let two_moves = session(Mode::VsBot, "b2 a1");
        assert!(table.judge(ANA, &two_moves, &names()).is_ok());
        assert!(table.judge(BEN, &two_moves, &names()).is_err());
    }

    #[test]
    fn changes_are_told_apart() {
        let on = session(Mode::TwoHumans, "b2");
        assert_eq!(change(&on, &session(Mode::TwoHumans, "b2")), Change::Same);
        assert_eq!(
            change(&on, &session(Mode::TwoHumans, "b2 a1 c3")),
            Change::Moved(2)
        );
        let mut undone = on.clone();
        undone.history.take_back(|_| true);
        assert_eq!(change(&on, &undone), Change::TookBack(1));
        let afresh = session(Mode::TwoHumans, "");
        assert_eq!(change(&on, &afresh), Change::NewGame);
        assert_eq!(
            change(&on, &session(Mode::TwoHumans, "a1")),
            Change::NewGame
        );
        assert_eq!(change(&on, &session(Mode::VsBot, "b2")), Change::NewGame);
    }
}

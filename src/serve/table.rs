//! A room's game and who sits at it ([`Table`]), and what each person in the room may do
//! to it ([`Table::judge`]): the rules that keep two people's boards one game.
//!
//! Each person's board is their own terminal game; after every event the server compares
//! it with the table. A change is the person's proposal: the table takes it, or the board
//! is put back as the table has it and the person is told why. A seat belongs to the person
//! who sat down in it: only they take it back when they come again, and while they are away
//! nobody throws their game away (after a while, a minute by default, the one left may
//! claim it, or call it off). A seat moves only on its turn and takes back only its own last move; a watcher
//! changes nothing.

use std::time::{Duration, Instant};

use crate::config::Mode;
use crate::core::Side;
use crate::core::session::Session;

/// A connection in the room, by the order they came in.
pub type MemberId = u64;

/// A seat at the table: Player 1, who chose the game, and Player 2.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    One,
    Two,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::One, Seat::Two];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn other(self) -> Seat {
        match self {
            Seat::One => Seat::Two,
            Seat::Two => Seat::One,
        }
    }
}

/// Someone as the room knows them: their name, and what makes them the same person when
/// they come back.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Person {
    pub name: String,
    pub id: PersonId,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum PersonId {
    /// Their SSH key's fingerprint.
    Key(String),
    /// The seat ticket their screen gave them: a person without a key.
    Ticket(String),
}

/// A seat's owner: theirs until the game ends.
#[derive(Clone, Debug)]
pub struct Sitter {
    pub person: Person,
    /// Their connection, while they are here.
    pub here: Option<MemberId>,
    /// Since when they are away, while they are.
    pub away: Option<Instant>,
}

impl Sitter {
    pub fn here(person: Person, member: MemberId) -> Sitter {
        Sitter {
            person,
            here: Some(member),
            away: None,
        }
    }
}

/// A game its players ended, rather than its rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Settled {
    /// Won by this side: the other's player left and did not come back.
    Abandoned(Side),
    CalledOff,
}

/// The room's game and its seats.
#[derive(Clone, Debug)]
pub struct Table {
    pub session: Session,
    /// Each seat's owner; `None` for a free seat (never taken, or given up).
    pub seats: [Option<Sitter>; 2],
    /// Hints for both players, as the one who chose the game chose (a two-player game has
    /// hints for both or for neither).
    pub hints: bool,
    /// The game's result is in the records: once a game, even when its end is taken back
    /// and reached again.
    pub recorded: bool,
    pub settled: Option<Settled>,
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

impl Table {
    /// A new table for `session` chosen by `chooser`, with `friend` at the second seat of a
    /// two-player game.
    pub fn new(session: Session, chooser: Sitter, friend: Option<Sitter>, hints: bool) -> Table {
        let two = friend.filter(|_| session.kept.mode == Mode::TwoHumans);
        Table {
            session,
            seats: [Some(chooser), two],
            hints,
            recorded: false,
            settled: None,
        }
    }

    pub fn seat_of(&self, member: MemberId) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|&seat| self.sitter(seat).is_some_and(|s| s.here == Some(member)))
    }

    pub fn seat_owned_by(&self, id: &PersonId) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|&seat| self.sitter(seat).is_some_and(|s| s.person.id == *id))
    }

    pub fn sitter(&self, seat: Seat) -> Option<&Sitter> {
        self.seats[seat.index()].as_ref()
    }

    /// The name of a seat's owner, or what the seat is while nobody owns it.
    pub fn name(&self, seat: Seat) -> &str {
        self.sitter(seat)
            .map_or("the next to join", |sitter| sitter.person.name.as_str())
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
            Mode::TwoHumans => Side::ALL
                .into_iter()
                .find(|&side| self.seat_for(side) == Some(seat)),
            Mode::VsBot if seat == Seat::One => self.session.kept.human,
            _ => None,
        }
    }

    /// The game is on: moves on the board, not over and not settled by its players.
    pub fn in_progress(&self) -> bool {
        !self.session.moves().is_empty()
            && !self.session.status().is_over()
            && self.settled.is_none()
    }

    /// A two-player game between two people whose seats are both owned.
    pub fn between_two(&self) -> bool {
        self.session.kept.mode == Mode::TwoHumans && self.seats.iter().all(Option::is_some)
    }

    /// How long until the player at `seat` may claim the game their opponent left, who may
    /// be away for `after`; zero when they may now, `None` when there is nothing to claim.
    pub fn claim_in(&self, seat: Seat, now: Instant, after: Duration) -> Option<Duration> {
        let away = self.sitter(seat.other())?.away?;
        (self.in_progress() && self.sitter(seat).is_some_and(|s| s.here.is_some()))
            .then(|| (away + after).saturating_duration_since(now))
    }

    /// Whether `member` may change the table to `board`; the refusal says why not.
    pub fn judge(&self, member: MemberId, board: &Session) -> Result<(), String> {
        let change = change(&self.session, board);
        if change == Change::Same {
            return Ok(());
        }
        let Some(seat) = self.seat_of(member) else {
            return Err(self.watching());
        };
        if self.session.kept.mode != Mode::TwoHumans {
            // The one person's own game against the bot: theirs to play as they like.
            return Ok(());
        }
        let other = self.name(seat.other());
        let owned = self.sitter(seat.other()).is_some();
        match change {
            Change::Same => Ok(()),
            Change::Moved(1) if self.settled.is_some() => {
                Err("This game is over: its players ended it.".into())
            }
            Change::Moved(1) if self.seat_for(self.session.position().to_move()) == Some(seat) => {
                Ok(())
            }
            Change::Moved(1) => Err(format!("Wait: it is {other}'s turn.")),
            Change::Moved(_) => Err("One move at a time.".into()),
            Change::TookBack(_) if self.session.status().is_over() => {
                Err("The game is over: its result stands. n starts a new one.".into())
            }
            Change::TookBack(1) => {
                let history = &self.session.history;
                let last = history.mover(history.moves().len() - 1);
                match self.seat_for(last) == Some(seat) && self.settled.is_none() {
                    true => Ok(()),
                    false => Err(format!(
                        "Only your own last move can be taken back: {other} moved last."
                    )),
                }
            }
            Change::TookBack(_) => Err("Only your own last move can be taken back.".into()),
            Change::Sides if self.session.moves().is_empty() => Ok(()),
            Change::Sides => Err("Sides are swapped before the first move, or for the next \
                                  game (after a game, the swap key starts it)."
                .into()),
            Change::NewGame if board.kept.mode != Mode::TwoHumans && owned => Err(format!(
                "You play {other} in this room: a game against the bot is for a room of your own."
            )),
            Change::NewGame if self.in_progress() && owned => Err(format!(
                "The game with {other} goes on: a new one needs it finished (or, if {other} \
                 does not come back, claimed)."
            )),
            Change::NewGame => Ok(()),
        }
    }

    /// How the players ended the game, said to those who come: "ana won: ben left and did
    /// not come back."
    pub fn settled_note(&self) -> Option<String> {
        let settled = self.settled?;
        let (one, two) = (self.name(Seat::One), self.name(Seat::Two));
        Some(match settled {
            Settled::Abandoned(side) => {
                let winner = self.seat_for(side).unwrap_or(Seat::One);
                let (won, left) = (self.name(winner), self.name(winner.other()));
                format!("{won} won: {left} left and did not come back.")
            }
            Settled::CalledOff => format!("The game of {one} and {two} was called off."),
        })
    }

    /// What a watcher is told: whose game they watch, and that they change nothing.
    pub fn watching(&self) -> String {
        let (one, two) = (self.name(Seat::One), self.name(Seat::Two));
        match self.session.kept.mode {
            Mode::TwoHumans => {
                format!("You are watching {one} and {two}: a watcher changes nothing.")
            }
            _ => format!("You are watching {one}'s game: a watcher changes nothing."),
        }
    }

    /// The table after `member`'s accepted proposal `board` (with their hints): a new game
    /// keeps its players, seats `waiting` at a free second seat of a two-player game, and
    /// keeps its chooser alone against the bot.
    pub fn take(
        &mut self,
        member: MemberId,
        board: &Session,
        hints: bool,
        waiting: Option<Sitter>,
    ) {
        if change(&self.session, board) == Change::NewGame {
            self.recorded = false;
            self.settled = None;
            self.hints = hints;
            // An owner away from a game that is over gives up the seat to whoever comes.
            for seat in &mut self.seats {
                seat.take_if(|s| s.here.is_none());
            }
            let mine = self.seat_of(member).unwrap_or(Seat::One);
            match board.kept.mode {
                Mode::TwoHumans if self.seats[mine.other().index()].is_none() => {
                    self.seats[mine.other().index()] = waiting;
                }
                Mode::TwoHumans => {}
                _ => self.seats = [self.seats[mine.index()].take(), None],
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
    if !a.starts_with(b) && !b.starts_with(a) {
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

    const ANA: MemberId = 1;
    const BEN: MemberId = 2;
    const CY: MemberId = 3;

    fn sitter(name: &str, member: MemberId) -> Sitter {
        let id = PersonId::Key(format!("SHA256:{name}"));
        let person = Person {
            name: name.into(),
            id,
        };
        Sitter::here(person, member)
    }

    fn two_players(moves: &str) -> Table {
        let (ana, ben) = (sitter("ana", ANA), sitter("ben", BEN));
        Table::new(session(Mode::TwoHumans, moves), ana, Some(ben), false)
    }

    #[test]
    fn each_seat_moves_on_its_own_turn_only() {
        let table = two_players("");
        let x_moves = session(Mode::TwoHumans, "b2");
        assert!(table.judge(ANA, &x_moves).is_ok());
        assert_eq!(
            table.judge(BEN, &x_moves).unwrap_err(),
            "Wait: it is ana's turn."
        );
        let table = two_players("b2");
        assert!(table.judge(BEN, &session(Mode::TwoHumans, "b2 a1")).is_ok());
        assert!(
            table
                .judge(ANA, &session(Mode::TwoHumans, "b2 a1"))
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
        assert!(table.judge(BEN, &x_moves).is_ok());
        assert!(table.judge(ANA, &x_moves).is_err());
    }

    #[test]
    fn only_your_own_last_move_can_be_taken_back() {
        let table = two_players("b2 a1");
        let mut back = table.session.clone();
        back.history.take_back(|_| true);
        assert!(table.judge(BEN, &back).is_ok());
        let refused = table.judge(ANA, &back).unwrap_err();
        assert!(refused.contains("ben moved last"), "{refused}");
        back.history.take_back(|_| true);
        assert!(table.judge(BEN, &back).is_err());
    }

    #[test]
    fn a_watcher_changes_nothing_not_even_at_a_seat_its_owner_left() {
        let mut table = two_players("b2");
        let o_moves = session(Mode::TwoHumans, "b2 a1");
        let refused = table.judge(CY, &o_moves).unwrap_err();
        assert!(
            refused.starts_with("You are watching ana and ben"),
            "{refused}"
        );
        // ben left: his seat waits for him, and a watcher still only watches.
        let ben = table.seats[1].as_mut().unwrap();
        (ben.here, ben.away) = (None, Some(Instant::now()));
        assert!(table.judge(CY, &o_moves).is_err());
        let ben_id = PersonId::Key("SHA256:ben".into());
        assert_eq!(table.seat_owned_by(&ben_id), Some(Seat::Two));
    }

    #[test]
    fn a_new_game_over_an_unfinished_one_needs_it_finished_or_claimed() {
        let mut table = two_players("b2 a1");
        let new = session(Mode::TwoHumans, "");
        let refused = table.judge(ANA, &new).unwrap_err();
        assert!(refused.contains("goes on"), "{refused}");
        // ben is away: still his game, until it is claimed after the countdown.
        let ben = table.seats[1].as_mut().unwrap();
        let left = Instant::now();
        (ben.here, ben.away) = (None, Some(left));
        assert!(table.judge(ANA, &new).is_err());
        let minute = Duration::from_secs(60);
        assert_eq!(table.claim_in(Seat::One, left, minute), Some(minute));
        assert_eq!(
            table.claim_in(Seat::One, left + minute, minute),
            Some(Duration::ZERO)
        );
        table.settled = Some(Settled::Abandoned(Side::First));
        assert!(table.judge(ANA, &new).is_ok());
        table.take(ANA, &new, true, Some(sitter("cy", CY)));
        let names = Seat::BOTH.map(|seat| table.name(seat).to_string());
        assert_eq!(names, ["ana", "cy"], "the one away gives up the seat");
        assert!(table.hints && table.settled.is_none());
    }

    #[test]
    fn a_bot_game_is_for_a_room_of_its_own_and_for_one() {
        let table = two_players("");
        let bot = session(Mode::VsBot, "");
        let refused = table.judge(ANA, &bot).unwrap_err();
        assert!(refused.contains("a room of your own"), "{refused}");
        let mine = Table::new(
            session(Mode::VsBot, ""),
            sitter("ana", ANA),
            Some(sitter("ben", BEN)),
            false,
        );
        assert!(mine.sitter(Seat::Two).is_none());
        let two_moves = session(Mode::VsBot, "b2 a1");
        assert!(mine.judge(ANA, &two_moves).is_ok());
        assert!(mine.judge(BEN, &two_moves).is_err());
    }

    #[test]
    fn a_finished_game_may_be_followed_by_another_and_sides_swap_before_moves() {
        // X: a1 b1 c1 wins along the top row.
        let table = two_players("a1 a2 b1 b2 c1");
        assert!(table.session.status().is_over());
        assert!(table.judge(BEN, &session(Mode::TwoHumans, "")).is_ok());
        // Its result stands: no move of it is taken back.
        let mut back = table.session.clone();
        back.history.take_back(|_| true);
        assert!(
            table
                .judge(ANA, &back)
                .unwrap_err()
                .contains("result stands")
        );
        let fresh = two_players("");
        let mut swapped = session(Mode::TwoHumans, "");
        swapped.kept.names_swapped = true;
        assert_eq!(change(&fresh.session, &swapped), Change::Sides);
        assert!(fresh.judge(ANA, &swapped).is_ok());
        let mut late = session(Mode::TwoHumans, "b2");
        late.kept.names_swapped = true;
        assert!(two_players("b2").judge(ANA, &late).is_err());
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

//! The review screen: stepping through a finished game, jumping to its ends and to the moves
//! marked `??` (on a searched board, `?` or `??`, once the search judged them). Its state
//! ([`ReviewScreen`]) is the move shown, which it keeps within the game; a key steps it and
//! returns what is left for the app to do ([`ReviewKey`]). The game it steps through is the
//! play screen's, lent for each key ([`Reviewed`]).

use ratatui::crossterm::event::KeyCode;

use crate::core::review::{Mark, Verdict, verdicts};
use crate::core::session::History;
use crate::core::{Engine, Game};
use crate::keys::{Action, KeyBindings};
use crate::tui::judged::Judged;

/// The review screen's state: the move of the finished game shown, from 1 to its last.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ReviewScreen {
    shown: usize,
}

/// What a key on the review screen asks of the app, once the screen has stepped.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ReviewKey {
    /// The status line says this.
    Say(String),
    /// Back to the end of the game.
    Close,
    /// The start screen, for a new game.
    NewGame,
    /// The help.
    Help,
    /// A new game from the position shown.
    PlayOn,
    /// Write the game's record to a file.
    WriteRecord,
    /// The engine's details on or off.
    Details,
    /// Nothing.
    Nothing,
}

/// What the review reads of the game on the board.
pub struct Reviewed<'a> {
    pub game: &'a dyn Game,
    pub engine: Option<&'a dyn Engine>,
    pub history: &'a History,
    pub keys: &'a KeyBindings,
    /// On a searched board, the moves judged by the bot's thread, once it has.
    pub judged: Option<&'a Judged>,
}

/// Review's own keys, which no action has: they act when the key is not bound to one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Jump {
    /// Home: the first move.
    First,
    /// End: the last move.
    Last,
    /// Tab: the next move marked.
    NextMistake,
    /// Shift-Tab: the previous move marked.
    PreviousMistake,
}

impl Jump {
    fn of(code: KeyCode) -> Option<Jump> {
        match code {
            KeyCode::Home => Some(Jump::First),
            KeyCode::End => Some(Jump::Last),
            KeyCode::Tab => Some(Jump::NextMistake),
            KeyCode::BackTab => Some(Jump::PreviousMistake),
            _ => None,
        }
    }
}

impl ReviewScreen {
    /// The review of a finished game at its first move.
    pub fn first() -> ReviewScreen {
        ReviewScreen { shown: 1 }
    }

    /// The number of moves shown (1 up to all).
    pub fn shown(self) -> usize {
        self.shown
    }

    /// A key on the review screen: steps through `reviewed`, or asks the app.
    pub fn handle_key(
        &mut self,
        code: KeyCode,
        action: Option<Action>,
        reviewed: &Reviewed,
    ) -> ReviewKey {
        let shown = self.shown;
        let last = reviewed.history.moves().len();
        match action {
            Some(Action::Left | Action::Up) => self.show_move(shown.max(2) - 1, reviewed),
            Some(Action::Right | Action::Down) => self.show_move((shown + 1).min(last), reviewed),
            Some(Action::Review | Action::Quit) => ReviewKey::Close,
            Some(Action::New) => ReviewKey::NewGame,
            Some(Action::Help) => ReviewKey::Help,
            Some(Action::PlayOn) => ReviewKey::PlayOn,
            Some(Action::WriteRecord) => ReviewKey::WriteRecord,
            Some(Action::Details) => ReviewKey::Details,
            Some(_) => ReviewKey::Nothing,
            None => match Jump::of(code) {
                Some(Jump::First) => self.show_move(1, reviewed),
                Some(Jump::Last) => self.show_move(last, reviewed),
                Some(Jump::NextMistake) => self.jump_to_mistake(reviewed, true),
                Some(Jump::PreviousMistake) => self.jump_to_mistake(reviewed, false),
                None => ReviewKey::Nothing,
            },
        }
    }

    /// Shows move `ply`; the status goes back to the review's keys, so a note about
    /// another move does not linger.
    fn show_move(&mut self, ply: usize, reviewed: &Reviewed) -> ReviewKey {
        self.shown = ply;
        ReviewKey::Say(keys_line(reviewed.keys))
    }

    /// Shows the nearest move marked after (or before) the move shown, or says there is
    /// none.
    fn jump_to_mistake(&mut self, reviewed: &Reviewed, forward: bool) -> ReviewKey {
        if reviewed.engine.is_none() {
            return ReviewKey::Nothing;
        }
        let shown = self.shown;
        let Some(marked) = reviewed.marks() else {
            return ReviewKey::Say(
                "Still judging the moves by search; the jumps work once it is done.".into(),
            );
        };
        let mistake = |ply: &usize| marked.get(ply - 1).is_some_and(|&m| m != Mark::Sound);
        let found = if forward {
            (shown + 1..=marked.len()).find(mistake)
        } else {
            (1..shown).rev().find(mistake)
        };
        match found {
            Some(ply) => {
                self.shown = ply;
                ReviewKey::Say(format!("Mistake at move {}.", reviewed.named(ply)))
            }
            None => {
                let word = if forward { "after" } else { "before" };
                let shown = reviewed.named(shown);
                ReviewKey::Say(format!("No ? or ?? mistake {word} move {shown}."))
            }
        }
    }
}

impl Reviewed<'_> {
    /// Move `ply` (1-based) as the move list numbers and names it: "3, c1".
    fn named(&self, ply: usize) -> String {
        let history = self.history;
        let name = self
            .game
            .move_name(history.position_at(ply - 1), history.moves()[ply - 1]);
        format!("{}, {name}", history.turn_of(ply - 1))
    }

    /// Each move's mark, as `annotate` writes it: by the exact table in a solved game (a
    /// slower win or faster loss `?`, a worse outcome `??`), by the search's judgements
    /// elsewhere; `None` while they are not known.
    pub fn marks(&self) -> Option<Vec<Mark>> {
        if self.game.solved() {
            let verdicts = verdicts(self.engine?, self.history);
            let mark = |verdict: Option<Verdict>| verdict.map_or(Mark::Sound, Verdict::mark);
            return Some(verdicts.into_iter().map(mark).collect());
        }
        let judged = self.judged?;
        let plies = 1..=self.history.moves().len();
        Some(plies.map(|ply| judged.mark(ply)).collect())
    }
}

/// The review's keys in one line, for the status line.
pub fn keys_line(keys: &KeyBindings) -> String {
    format!(
        "Review: {}/{} step, Home/End ends, Tab/Shift-Tab jump to ?/??.",
        keys.first_key(Action::Left),
        keys.first_key(Action::Right),
    )
}

//! Whether the game is written down as it is played: one window at a time keeps a game's file.

use crate::store::{Memory, Ownership};
use crate::store::{SavedGame, StoreError};

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Keeping {
    /// After every move (unless saving is off, or a write fails: `Memory` knows). The demo
    /// is nobody's, is never written, and counts as kept.
    Kept,
    /// A copy of the game another window keeps: never written or recorded (counted once).
    Copy,
    /// A new game while another window keeps one of its kind: kept once its file is free.
    Waiting,
    Failed(String),
    /// A kept game's record looked at again (`tictaclatin replay`): never written or counted.
    Replay,
    /// From a position: not written to resume (saves are moves from the empty board); recorded.
    FromPosition,
}

impl Keeping {
    /// A game of `key` put on the board (new, or `resumed` from its file): kept by this
    /// window unless another window keeps it.
    pub fn begin(memory: &mut Memory, key: &str, demo: bool, resumed: bool) -> Keeping {
        if demo {
            memory.release();
            return Keeping::Kept;
        }
        match memory.claim(key) {
            Ownership::Owned => Keeping::Kept,
            Ownership::Elsewhere if resumed => Keeping::Copy,
            Ownership::Elsewhere => Keeping::Waiting,
            Ownership::Failed(why) => Keeping::Failed(why),
        }
    }

    /// Writes down `unfinished` (`None` once ended) when this window keeps it, first taking
    /// it over when it may (undone after its end, or waiting for another window). Returns
    /// what to tell the player when that changed whether it is kept.
    pub fn keep(
        &mut self,
        memory: &mut Memory,
        key: &str,
        unfinished: Option<SavedGame>,
    ) -> Result<Option<String>, StoreError> {
        let (before, alive) = (self.clone(), unfinished.is_some());
        let may_take_over = match self {
            Keeping::Kept => !memory.owns(key),
            Keeping::Waiting => true,
            Keeping::Copy | Keeping::Failed(_) | Keeping::Replay | Keeping::FromPosition => false,
        };
        // With saving off nothing is written, so there is nothing to take over.
        if alive && may_take_over && memory.saves() {
            *self = Keeping::take_over(memory, key);
        }
        memory.keep(key, unfinished)?;
        if !alive {
            // Ended (or back to an empty board): nothing to keep, another window may
            // start its own; an undo brings this window back.
            memory.release();
        }
        Ok(Some(self.note()).filter(|note| *self != before && !note.is_empty()))
    }

    /// Keeps the game when its file is free: no window holds it, no other game waits in it.
    fn take_over(memory: &mut Memory, key: &str) -> Keeping {
        match memory.claim(key) {
            Ownership::Owned if memory.saved_game(key).is_none() => Keeping::Kept,
            Ownership::Owned => {
                memory.release();
                Keeping::Waiting
            }
            Ownership::Elsewhere => Keeping::Waiting,
            Ownership::Failed(why) => Keeping::Failed(why),
        }
    }

    /// Said when a game starts (or its keeping changes); empty when it is simply kept.
    pub fn note(&self) -> String {
        match self {
            Keeping::Kept => String::new(),
            Keeping::Copy => {
                "A copy of the game open in another window: not saved or recorded. ".into()
            }
            Keeping::Waiting => {
                "Not saved yet: another window's game of this kind is kept. ".into()
            }
            Keeping::Failed(why) => format!("Not saved: {why}. "),
            Keeping::Replay => "A kept game, replayed: not saved or recorded again. ".into(),
            Keeping::FromPosition => {
                "From a position: not saved to resume; its record is kept when it ends. ".into()
            }
        }
    }

    /// Whether the result goes into the record: not for a copy (its window records it).
    pub fn records(&self) -> bool {
        !matches!(self, Keeping::Copy | Keeping::Replay)
    }

    /// Why the game on the board is not written down, for after the screen closes; `None`
    /// when it is (or saving is off, which the player chose).
    pub fn not_kept(&self, memory: &Memory) -> Option<String> {
        if !memory.saves() {
            return None;
        }
        match self {
            Keeping::Copy => Some("it was a copy of the game another window keeps".into()),
            Keeping::Waiting => Some("another window's game of this kind is the one kept".into()),
            Keeping::Failed(why) => Some(format!("it cannot be saved: {why}")),
            Keeping::Replay | Keeping::FromPosition => None,
            Keeping::Kept => memory
                .save_failure()
                .map(|why| format!("its latest moves could not be saved: {why}")),
        }
    }

    /// The quit prompt's words on what quitting keeps.
    pub fn on_quitting(&self, memory: &Memory) -> &'static str {
        if !memory.saves() {
            return "saving is off: moves made here are not kept";
        }
        match self {
            Keeping::Kept if memory.save_failure().is_some() => {
                "the latest moves could not be saved"
            }
            Keeping::Kept => "the game is kept",
            Keeping::Copy => "this copy is not saved",
            Keeping::Waiting => "not saved: another window's game is the one kept",
            Keeping::Failed(_) => "it cannot be saved: the game is lost",
            Keeping::Replay => "a replayed game is not saved",
            Keeping::FromPosition => "a game from a position is not saved to resume",
        }
    }

    /// Saved after every move, and the last save worked.
    pub fn is_kept(&self, memory: &Memory) -> bool {
        memory.saves() && *self == Keeping::Kept && memory.save_failure().is_none()
    }

    /// The panel's word on saving, when the game is not simply kept.
    pub fn fact(&self, memory: &Memory) -> Option<String> {
        if self.is_kept(memory) {
            return None;
        }
        let fact = match self {
            _ if !memory.saves() => "off (--no-save)",
            Keeping::Kept => "failing: the latest moves are not saved",
            Keeping::Copy => "no: a copy of another window's game",
            Keeping::Waiting => "not yet: another window's game is kept",
            Keeping::Failed(_) => "no: the data directory cannot be written",
            Keeping::Replay => "no: a replayed record",
            Keeping::FromPosition => "no: started from a position",
        };
        Some(fact.into())
    }
}

//! Swapping sides; against the bot, mid-game, it leaves the game out of the record.

use crate::config::{First, Mode};
use crate::core::Side;
use crate::core::session::Session;
use crate::keys::Action;
use crate::tui::screens::play::PlayScreen;
use crate::tui::shared::{Shared, StatusLine};

impl PlayScreen {
    /// The swap key; whether it asks first (mid-game, since against the bot the game then
    /// leaves the record).
    pub fn swap(&mut self, shared: &mut Shared) -> bool {
        match self.session.kept.mode {
            Mode::Demo => {
                shared.status = StatusLine::note("Both sides are the bot in the demo.");
            }
            Mode::TwoHumans if self.session.status().is_over() => {
                // After a game: the next one, with the players' sides swapped.
                let mut next = self.next_game(First::You);
                next.kept.names_swapped = !self.session.kept.names_swapped;
                self.begin(next, true, shared);
                let lead = format!(
                    "New game, sides swapped: {} plays {}. {}",
                    self.name(Side::First, &shared.settings),
                    shared.settings.symbol(Side::First),
                    self.keeping.note()
                );
                shared.status = StatusLine::turn(&lead, &self.turn_text(&shared.settings));
            }
            _ if !self.moves().is_empty() && !self.session.status().is_over() => {
                let question = match self.session.kept.mode {
                    Mode::TwoHumans => "Swap who plays which side?",
                    _ => "Swap sides with the bot, and leave this game out of your record?",
                };
                shared.status = StatusLine::note(format!(
                    "{question} {} again swaps, any other key keeps the sides.",
                    shared.key(Action::Swap)
                ));
                return true;
            }
            Mode::TwoHumans => self.swap_names(shared),
            Mode::VsBot => self.swap_with_bot(shared),
        }
        false
    }

    /// Two people trade sides mid-game: each takes over the other's position.
    pub(crate) fn swap_names(&mut self, shared: &mut Shared) {
        self.session.kept.names_swapped = !self.session.kept.names_swapped;
        shared.status = StatusLine::note(format!(
            "Swapped: {} plays {}, {} plays {}.",
            self.name(Side::First, &shared.settings),
            shared.settings.symbol(Side::First),
            self.name(Side::Second, &shared.settings),
            shared.settings.symbol(Side::Second),
        ));
    }

    /// Mid-game, the person takes over the bot's side; after a game, a new one starts swapped.
    pub(crate) fn swap_with_bot(&mut self, shared: &mut Shared) {
        let Some(human) = self.session.kept.human else {
            return;
        };
        let side = human.other();
        self.bot.cancel();
        self.side_note = None;
        // The note was on the bot's last move, a move of the side the person now plays.
        self.bot_note = None;
        if self.session.status().is_over() {
            let starter = match side {
                Side::First => First::You,
                Side::Second => First::Bot,
            };
            self.resumed = false;
            self.begin(self.next_game(starter), true, shared);
        } else {
            self.session.swap_with_bot();
        }
        let symbol = shared.settings.symbol(side).to_string();
        let lead = format!("You now play {symbol}. {}", self.keeping.note());
        shared.status = StatusLine::turn(&lead, &self.turn_text(&shared.settings));
    }

    /// The game after this one, `starter` moving first, with the same players and level.
    fn next_game(&self, starter: First) -> Session {
        let session = &self.session;
        Session::new(
            session.game.clone(),
            session.kept.mode,
            starter,
            session.kept.difficulty,
        )
    }
}

//! What the play and review screens' keys ask of the app ([`PlayKey`], [`ReviewKey`]),
//! carried out where the screens meet: swapping sides (which may start a new game),
//! quitting, the review, the help and the start screen; and the mouse, routed to the
//! screen showing. (The start screen's requests are carried out in `begin.rs`.)

use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};

use crate::config::{First, Mode};
use crate::core::Side;
use crate::core::session::Session;
use crate::keys::Action;
use crate::tui::app::{App, Exit, Overlay, Screen};
use crate::tui::geometry;
use crate::tui::screens::play::keys::PlayKey;
use crate::tui::screens::review::{ReviewKey, ReviewScreen, keys_line};
use crate::tui::status::StatusLine;

impl App {
    /// A key on the play screen: the screen's own part done there, the rest here.
    pub(crate) fn on_play_key(&mut self, key: KeyEvent, action: Option<Action>) {
        let asks = self.play.handle_key(key, action, &mut self.shared);
        for ask in asks {
            self.carry_out(ask);
        }
    }

    /// What the play screen asked of the app.
    pub(crate) fn carry_out(&mut self, ask: PlayKey) {
        match ask {
            PlayKey::Nothing => {}
            PlayKey::OpenStart => self.open_start(),
            PlayKey::Swap => self.swap(),
            PlayKey::Help => self.overlay = Some(Overlay::Rules),
            PlayKey::Quit => self.ask_quit(),
            PlayKey::Review => {
                self.screen = Screen::Review(ReviewScreen::first());
                let keys = keys_line(&self.shared.settings.keys);
                self.shared.status = StatusLine::note(keys);
            }
        }
    }

    fn swap(&mut self) {
        match self.play.session.mode {
            Mode::Demo => {
                self.shared.status = StatusLine::note("Both sides are the bot in the demo.");
            }
            Mode::TwoHumans if self.play.session.status().is_over() => {
                // After a game: the next one, with the players' sides swapped.
                let session = &self.play.session;
                let mut next = Session::new(
                    session.game.clone(),
                    session.mode,
                    First::You,
                    session.difficulty,
                );
                next.names_swapped = !session.names_swapped;
                self.begin(next, true);
                let lead = format!(
                    "New game, sides swapped: {} plays {}. {}",
                    self.name(Side::First),
                    self.shared.settings.symbol(Side::First),
                    self.play.keeping.note()
                );
                self.shared.status = StatusLine::turn(&lead, &self.turn_text());
            }
            _ if self.swap_needs_asking() => {
                self.overlay = Some(Overlay::Swap);
                let question = match self.play.session.mode {
                    Mode::TwoHumans => "Swap who plays which side?",
                    _ => "Swap sides with the bot, and leave this game out of your record?",
                };
                self.shared.status = StatusLine::note(format!(
                    "{question} {} again swaps, any other key keeps the sides.",
                    self.shared.key(Action::Swap)
                ));
            }
            Mode::TwoHumans => self.swap_names(),
            Mode::VsBot => self.swap_with_bot(),
        }
    }

    /// Two people trade sides mid-game: each takes over the other's position.
    fn swap_names(&mut self) {
        let session = &mut self.play.session;
        session.names_swapped = !session.names_swapped;
        self.shared.status = StatusLine::note(format!(
            "Swapped: {} plays {}, {} plays {}.",
            self.name(Side::First),
            self.shared.settings.symbol(Side::First),
            self.name(Side::Second),
            self.shared.settings.symbol(Side::Second),
        ));
    }

    /// Mid-game, a swap hands each side's position to the other player (against the bot,
    /// it also takes the game out of the record): it is asked first.
    fn swap_needs_asking(&self) -> bool {
        !self.moves().is_empty() && !self.play.session.status().is_over()
    }

    /// The answer to "swap sides?": the swap key swaps, any other key keeps the sides.
    pub(crate) fn answer_swap(&mut self, action: Option<Action>) {
        match (action, self.play.session.mode) {
            (Some(Action::Swap), Mode::TwoHumans) => self.swap_names(),
            (Some(Action::Swap), _) => self.swap_with_bot(),
            _ => self.shared.status = StatusLine::turn("Kept the sides. ", &self.turn_text()),
        }
    }

    /// Mid-game, the person takes over the bot's side of this position; after a game,
    /// a new game starts with the sides swapped.
    fn swap_with_bot(&mut self) {
        let Some(human) = self.play.session.human else {
            return;
        };
        let side = human.other();
        self.play.bot.cancel();
        self.play.side_note = None;
        // The note was on the bot's last move, a move of the side the person now plays.
        self.play.bot_note = None;
        if self.play.session.status().is_over() {
            let starter = if side == Side::First {
                First::You
            } else {
                First::Bot
            };
            let session = &self.play.session;
            let next = Session::new(
                session.game.clone(),
                session.mode,
                starter,
                session.difficulty,
            );
            self.play.resumed = false;
            self.begin(next, true);
        } else {
            self.play.session.swap_with_bot();
        }
        let symbol = self.shared.settings.symbol(side).to_string();
        let lead = format!("You now play {symbol}. {}", self.play.keeping.note());
        self.shared.status = StatusLine::turn(&lead, &self.turn_text());
    }

    fn ask_quit(&mut self) {
        if self.game_in_progress() {
            self.overlay = Some(Overlay::Quit);
            let kept = self.play.keeping.on_quitting(&self.shared.memory);
            self.shared.status = StatusLine::note(format!(
                "{} again to quit ({kept}), any other key to stay.",
                self.shared
                    .settings
                    .keys
                    .all_keys(Action::Quit)
                    .replace('/', " or ")
            ));
        } else {
            self.exit = Some(Exit::Chosen);
        }
    }

    /// A left click: on the start screen it chooses a row or an option, on the board it
    /// places.
    pub(crate) fn on_mouse(&mut self, mouse: MouseEvent) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left)
            || matches!(self.overlay, Some(Overlay::Help | Overlay::Rules))
            || self.too_small()
        {
            return;
        }
        let Some((w, h)) = self.size() else { return };
        let screen = ratatui::layout::Rect::new(0, 0, w, h);
        let (x, y) = (mouse.column, mouse.row);
        match self.screen {
            Screen::Start => {
                if let Some(areas) = geometry::start_areas(screen) {
                    self.start.click(areas.content, x, y, &mut self.shared);
                }
            }
            Screen::Play => {
                if let Some(areas) = geometry::areas(self.game().layout(), screen) {
                    self.play.click(&areas.board, x, y, &mut self.shared);
                }
            }
            Screen::Review(_) => {}
        }
    }

    /// A key on the review screen, and what it asks done.
    pub(crate) fn on_review_key(
        &mut self,
        mut review: ReviewScreen,
        code: KeyCode,
        action: Option<Action>,
    ) {
        let asked = review.handle_key(code, action, &self.view().reviewed());
        self.screen = Screen::Review(review);
        match asked {
            ReviewKey::Say(note) => self.shared.status = StatusLine::note(note),
            ReviewKey::Close => {
                self.screen = Screen::Play;
                self.shared.status = StatusLine::note(self.result_text());
            }
            ReviewKey::NewGame => self.open_start(),
            ReviewKey::Help => self.overlay = Some(Overlay::Rules),
            ReviewKey::PlayOn => self.play_on(review.shown()),
            ReviewKey::WriteRecord => self.write_record(),
            ReviewKey::Details => self.play.details = !self.play.details,
            ReviewKey::Nothing => {}
        }
    }
}

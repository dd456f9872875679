//! The bot's moves on the play screen: asking, taking the answer, the words while it thinks.

use crate::config::Mode;
use crate::core::session::Controller;
use crate::core::words::plural;
use crate::core::{Budget, Decision, Game, Hint, Position};
use crate::tui::bot::BotRequest;
use crate::tui::event::SearchedHints;
use crate::tui::screens::Screen;
use crate::tui::screens::play::PlayScreen;
use crate::tui::screens::play::hints::Advice;
use crate::tui::screens::play::view::PlayView;
use crate::tui::shared::{Shared, StatusKind, StatusLine};

/// What the bot says about its move in a player's words: its rule ("block"), what it proved.
pub fn note(
    game: &dyn Game,
    position: &dyn Position,
    decision: &Decision,
    opponent: &str,
) -> Option<String> {
    let how = decision.how.as_deref().and_then(plain_how);
    let claim = decision
        .claim
        .and_then(|claim| Advice::proven(Hint::Proven(claim)))
        .map(|advice| advice.words(opponent));
    let name = game.move_name(position, decision.mv);
    let said: Vec<String> = how.into_iter().chain(claim).collect();
    (!said.is_empty()).then(|| format!("{name}: {}", said.join("; ")))
}

/// A rule's word as it is ("block"), a strategy said plainly, a search in no words.
fn plain_how(how: &str) -> Option<String> {
    match how {
        "search" => None,
        "dictionary" => Some("its winning strategy".into()),
        _ if how.starts_with("depth") => None,
        _ => Some(how.into()),
    }
}

/// A rate in at most four figures: `950`, `12.3 k`, `2.1 M` (tenths, rounded down).
fn rate(per_second: u64) -> String {
    match per_second {
        0..1_000 => per_second.to_string(),
        1_000..1_000_000 => tenths(per_second / 100, "k"),
        _ => tenths(per_second / 100_000, "M"),
    }
}

fn tenths(count: u64, unit: &str) -> String {
    format!("{}.{} {unit}", count / 10, count % 10)
}

impl PlayScreen {
    /// What the bot's search has reached: `depth 7 · best d4 · 2.1 M nodes/s · 0.4 / 1.0 s`,
    /// or `thinking… 0.4 s` before its first report; the time runs on the screen's clock.
    pub fn bot_search(&self, shared: &Shared) -> Option<String> {
        let since = self.bot.asked_at()?;
        let used = shared.now.saturating_duration_since(since).as_secs_f64();
        let Some(thinking) = shared.watch.latest() else {
            return Some(format!("thinking… {used:.1} s"));
        };
        let mut parts = vec![format!("depth {}", thinking.depth)];
        if let Some(best) = thinking.best {
            let name = self.game().move_name(self.position(), best);
            parts.push(format!("best {name}"));
        }
        parts.push(format!("{} nodes/s", rate(thinking.nodes_per_second())));
        parts.push(match thinking.budget {
            Budget::Time(limit) => format!("{used:.1} / {:.1} s", limit.as_secs_f64()),
            Budget::Depth(_) | Budget::Nodes(_) => format!("{used:.1} s"),
        });
        Some(parts.join(" · "))
    }

    /// The contest clock for people (`--move-time`): going over a turn's time loses the game.
    pub fn run_clock(&mut self, on_game_screen: bool, shared: &mut Shared) {
        let Some(limit) = shared.settings.move_limit else {
            return;
        };
        if !self.has_game || !on_game_screen || !self.human_to_move() {
            self.turn_clock = None;
            return;
        }
        let turn = (self.moves().len(), self.position().to_move());
        match self.turn_clock {
            Some((started, moves, side)) if (moves, side) == turn => {
                if shared.now.duration_since(started) > limit {
                    self.session.time_out(side);
                    self.turn_clock = None;
                    shared.status = StatusLine::note(self.result_text(&shared.settings));
                }
            }
            _ => self.turn_clock = Some((shared.now, turn.0, turn.1)),
        }
    }

    /// The bot's answer: played once its display delay has passed (else on a later tick).
    pub fn on_bot_moved(&mut self, ticket: u64, decision: Decision, shared: &mut Shared) {
        if let Some(decision) = self.bot.accept(ticket, decision, shared.now) {
            self.play_bot(decision, shared);
        }
    }

    /// The bot's place in a busy server's line, said where its thinking is: in plain words,
    /// and after a note already there (the side it took).
    pub fn on_bot_waiting(&mut self, ticket: u64, ahead: Option<usize>, shared: &mut Shared) {
        if !self.bot.awaits(ticket) || self.session.kept.mode != Mode::VsBot {
            return;
        }
        let bot = &shared.settings.names.bot;
        let words = match ahead {
            Some(n) => format!(
                "{bot} waits its turn: {} ahead of it.",
                plural(n as u64, "search", "searches")
            ),
            None => format!("{bot} is thinking…"),
        };
        let status = &shared.status;
        let lead = match status.kind {
            StatusKind::Note if !status.text.is_empty() => format!("{} ", status.text),
            _ => String::new(),
        };
        shared.status = status
            .with_turn(&words)
            .unwrap_or_else(|| StatusLine::turn(&lead, &words));
    }

    pub fn show_bot_move(&mut self, shared: &mut Shared) {
        if let Some(decision) = self.bot.due(shared.now) {
            self.play_bot(decision, shared);
        }
    }

    fn play_bot(&mut self, decision: Decision, shared: &mut Shared) {
        let opponent = self.name(self.position().to_move().other(), &shared.settings);
        self.bot_note = note(self.game(), self.position(), &decision, &opponent);
        self.play(decision.mv, shared);
    }

    pub fn on_hints(&mut self, searched: SearchedHints, shared: &mut Shared) {
        if self.hints_asked.as_ref() == Some(&searched.position) {
            self.hints_asked = None;
        }
        self.searched_hints = Some(searched);
        if let Some(ply) = self.puzzle.as_mut().and_then(|p| p.judging.take()) {
            self.judge_puzzle_move(ply, shared);
        }
    }

    /// Asks the bot for a move when it is to move, while a game screen is `shown`.
    pub fn request_bot(&mut self, shown: Option<Screen>, shared: &mut Shared) -> Vec<BotRequest> {
        let side = self.position().to_move();
        let bots_turn = self.has_game
            && shown.is_some_and(|screen| screen != Screen::Start)
            && self.engine(shared).is_some()
            && !self.status().is_over()
            && self.session.kept.human.is_some()
            && self.session.controller(side) == Controller::Bot;
        if !bots_turn {
            self.bot.cancel();
            return Vec::new();
        }
        let Some(ticket) = self.bot.request(shared.now) else {
            return Vec::new();
        };
        if self.session.kept.mode == Mode::VsBot {
            // Replace "Bot to move (O)." by the livelier note, but keep messages that say
            // something else (a swap, the bot's choice of side); the panel shows it anyway.
            let thinking = format!("{} is thinking…", shared.settings.names.bot);
            if let Some(line) = shared.status.with_turn(&thinking) {
                shared.status = line;
            } else if shared.status.text.is_empty() {
                shared.status = StatusLine::note(thinking);
            }
        }
        vec![BotRequest::Move {
            ticket,
            game: self.session.game.key(),
            position: self.position().clone_box(),
            difficulty: self.session.bot_asked(side),
            vary: self.session.kept.mode == Mode::Demo,
        }]
    }

    /// Asks the bot thread for hints the engine cannot give at once, once per position: the
    /// board's, or in a puzzle the one before the move it judges.
    pub fn request_hints(&mut self, shown: Option<Screen>, shared: &Shared) -> Vec<BotRequest> {
        let judging = self.puzzle.as_ref().and_then(|p| p.judging);
        let position = match judging {
            Some(ply) => self.history().position_at(ply - 1),
            None => self.position(),
        };
        let wanted = (self.hints || judging.is_some())
            && shown == Some(Screen::Play)
            && !position.status().is_over()
            && self
                .engine(shared)
                .is_some_and(|engine| !engine.instant_hints());
        if !wanted {
            return Vec::new();
        }
        let text = position.text();
        let known = self
            .searched_hints
            .as_ref()
            .is_some_and(|searched| searched.position == text);
        if known || self.hints_asked.as_ref() == Some(&text) {
            return Vec::new();
        }
        let position = position.clone_box();
        self.hints_asked = Some(text);
        let game = self.session.game.key();
        vec![BotRequest::Hints { game, position }]
    }

    /// Asks the bot thread to judge the moves of a searched board's game, once, in review.
    pub fn request_review(&mut self, screen: Screen, shared: &Shared) -> Vec<BotRequest> {
        let view = PlayView {
            play: self,
            shared,
            screen,
        };
        if !view.judging() {
            return Vec::new();
        }
        let of = view.game_moves();
        if self.review_asked.as_ref() == Some(&of) {
            return Vec::new();
        }
        self.review_asked = Some(of.clone());
        vec![BotRequest::Review {
            of,
            history: Box::new(self.history().clone()),
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Claim;
    use crate::games::latin::adapter::Latin;

    #[test]
    fn rates_keep_four_figures() {
        assert_eq!(rate(950), "950");
        assert_eq!(rate(12_345), "12.3 k");
        assert_eq!(rate(2_199_999), "2.1 M");
    }

    #[test]
    fn the_bots_note_says_what_it_proved_in_moves_in_a_panel_row() {
        let start = Latin.start();
        let decision = Decision {
            mv: Latin.parse_move(Latin.start().as_ref(), "c4").unwrap(),
            claim: Some(Claim::WinWithin(19)),
            how: Some("forced win".into()),
        };
        let said = note(&Latin, start.as_ref(), &decision, "You").unwrap();
        assert_eq!(said, "c4: forced win; wins within 10 moves");
        // The panel beside the board leaves 31 columns after its label.
        assert!(said.chars().count() <= 38, "{said}");
        assert_eq!(
            note(&Latin, start.as_ref(), &Decision::new(decision.mv), "You"),
            None
        );
        let searched = Decision {
            claim: Some(Claim::LossWithin(4)),
            how: Some("depth 9".into()),
            ..decision
        };
        let said = note(&Latin, start.as_ref(), &searched, "You").unwrap();
        assert_eq!(said, "c4: lets you force a win");
    }
}

//! The review screen: stepping through a finished game's moves, and the box that says what
//! the move shown was worth. Its state is the move shown; the game is the play screen's.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::core::review::{Fault, Grounds, Judgement, Mark, MoveReview, marks};
use crate::core::{Hint, move_names};
use crate::keys::{Action, KeyBindings};
use crate::tui::command::Command;
use crate::tui::screens::Screen;
use crate::tui::screens::play::PlayScreen;
use crate::tui::screens::play::hints::{self, Advice};
use crate::tui::screens::play::view::PlayView;
use crate::tui::shared::{Shared, StatusLine};
use crate::tui::text::{Theme, boxed, glued, wrapped};

/// The review screen's state: the move of the finished game shown, from 1 to its last.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ReviewScreen {
    shown: usize,
}

impl ReviewScreen {
    pub fn first() -> ReviewScreen {
        ReviewScreen { shown: 1 }
    }

    pub fn shown(self) -> usize {
        self.shown
    }

    pub fn handle_key(
        &mut self,
        code: KeyCode,
        action: Option<Action>,
        play: &mut PlayScreen,
        shared: &mut Shared,
    ) -> Option<Command> {
        Some(match action {
            Some(Action::Review | Action::Quit | Action::Back) => Command::CloseReview,
            Some(Action::New) => Command::OpenStart,
            Some(Action::Help) => Command::Help,
            Some(Action::PlayOn) => Command::PlayOn(self.shown),
            Some(Action::WriteRecord) => Command::WriteRecord,
            Some(Action::Details) => {
                play.details = !play.details;
                return None;
            }
            _ => {
                let view = PlayView {
                    play,
                    shared,
                    screen: Screen::Review(*self),
                };
                if let Some(said) = self.step(code, action, &view) {
                    shared.status = StatusLine::note(said);
                }
                return None;
            }
        })
    }

    fn step(&mut self, code: KeyCode, action: Option<Action>, view: &PlayView) -> Option<String> {
        let last = view.play.history().moves().len();
        // Review's own keys (Home, End, Tab, Shift-Tab) act when no action is bound to them.
        self.shown = match (action, code) {
            (Some(Action::Left | Action::Up), _) => self.shown.max(2) - 1,
            (Some(Action::Right | Action::Down), _) => (self.shown + 1).min(last),
            (None, KeyCode::Home) => 1,
            (None, KeyCode::End) => last,
            (None, KeyCode::Tab) => return self.jump_to_mistake(view, true),
            (None, KeyCode::BackTab) => return self.jump_to_mistake(view, false),
            _ => return None,
        };
        // The status goes back to the review's keys, so a note about another move does not
        // linger.
        Some(keys_line(&view.shared.settings.keys))
    }

    /// Shows the nearest marked move after (or before) the move shown, or says there is none.
    fn jump_to_mistake(&mut self, view: &PlayView, forward: bool) -> Option<String> {
        view.play.engine(view.shared)?;
        let shown = self.shown;
        let Some(marked) = view.marks() else {
            return Some(
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
                Some(format!("Mistake at move {}.", view.named(ply)))
            }
            None => {
                let word = if forward { "after" } else { "before" };
                let shown = view.named(shown);
                Some(format!("No ? or ?? mistake {word} move {shown}."))
            }
        }
    }
}

impl PlayView<'_> {
    /// Move `ply` (1-based) as the move list numbers and names it: "3, c1".
    fn named(&self, ply: usize) -> String {
        let history = self.play.history();
        let before = history.position_at(ply - 1);
        let name = self.play.game().move_name(before, history.moves()[ply - 1]);
        format!("{}, {name}", history.turn_of(ply - 1))
    }

    /// Each move's mark, as `annotate` writes it; `None` while they are not known.
    pub fn marks(&self) -> Option<Vec<Mark>> {
        let history = self.play.history();
        if self.play.game().solved() {
            let marks = marks(self.play.engine(self.shared)?, history).into_iter();
            return Some(marks.map(|m| m.unwrap_or(Mark::Sound)).collect());
        }
        let judged = self.judged()?;
        let plies = 1..=history.moves().len();
        Some(plies.map(|ply| judged.mark(ply)).collect())
    }
}

pub fn keys_line(keys: &KeyBindings) -> String {
    format!(
        "Review: {}/{} step, Home/End ends, Tab/Shift-Tab jump to ?/??.",
        keys.first_key(Action::Left),
        keys.first_key(Action::Right),
    )
}

/// How a mark is written beside a move, as records write it.
pub fn mark_text(mark: Mark) -> &'static str {
    match mark {
        Mark::Sound => "",
        Mark::Mistake => "?",
        Mark::Blunder => "??",
    }
}

/// (New game works too; the help says so, the footer has no room at the smallest size.)
pub fn footer(view: &PlayView) -> Vec<(String, &'static str)> {
    let keys = &view.shared.settings.keys;
    let first = |action: Action| keys.first_key(action);
    let step = format!("{}/{}", first(Action::Left), first(Action::Right));
    // Every board's moves are judged: exactly, or by the search.
    vec![
        (step, "step"),
        ("Home/End".to_string(), "ends"),
        ("Tab".to_string(), "next ?/??"),
        (first(Action::Review), "leave review"),
        (first(Action::Help), "help"),
    ]
}

/// The move being reviewed and the verdict, as tall as its text; returns the rows used.
pub fn review_box(view: &PlayView, area: Rect, buf: &mut Buffer) -> u16 {
    let settings = &view.shared.settings;
    let theme = Theme(settings);
    let Some(shown) = view.review_shown() else {
        return 0;
    };
    let width = area.width.saturating_sub(2) as usize;
    let (game, history) = (view.play.game(), view.play.history());
    let side = history.mover(shown - 1);
    let before = history.position_at(shown - 1);
    let played = game.move_name(before, history.moves()[shown - 1]);
    let who = view.play.name(side, settings);
    let mut text = vec![Line::from(vec![
        Span::raw(format!("{who} (")),
        Span::styled(settings.symbol(side).to_string(), theme.side(side)),
        Span::raw(format!(") played {played}")),
    ])];
    if let Some(r) = view.review() {
        text.extend(exact_lines(view, &r, width));
        if view.play.details {
            let figures = format!("before: {}; after: {} (plies)", r.before, r.after);
            text.extend(wrapped(&figures, Style::default(), width));
        }
    } else if view.judging() {
        // An engine that does not know exact values judges by a search, on the bot's thread.
        text.push(Line::from("judging…"));
    } else if let Some(judgement) = view.judged().and_then(|judged| judged.at(shown)) {
        text.extend(judgement_lines(view, judgement, width));
    }
    let (turn, turns) = (history.turn_of(shown - 1), history.turns().len());
    let title = format!(" Review: move {turn} of {turns} ");
    boxed(theme.accent(), &title, text, area, buf)
}

/// A searched board's judgement of the move shown, with the better line and the one that
/// punishes a marked move.
fn judgement_lines(view: &PlayView, judgement: &Judgement, width: usize) -> Vec<Line<'static>> {
    let mark = judgement.mark();
    let (style, marker) = mark_style(view, mark);
    let history = view.play.history();
    let before = history.position_at(judgement.ply - 1);
    let best = view.play.game().move_name(before, judgement.best);
    let other = view.shared.settings.symbol(judgement.side.other());
    let played = view.play.game().move_name(before, judgement.played);
    let mut lines = match judgement.grounds {
        Grounds::Exact(review) => exact_lines(view, &review, width),
        Grounds::Search {
            budget,
            played: figure,
            best: best_figure,
            fault,
        } => {
            let verdict = searched_verdict(&played, &best, other, figure, best_figure, fault);
            let mut lines = wrapped(&glued(&format!("{marker}{verdict}.")), style, width);
            if view.play.details {
                let figures =
                    format!("search at {budget}: played {figure}; best {best}: {best_figure}");
                lines.extend(wrapped(&figures, Style::default(), width));
            }
            lines
        }
    };
    if mark != Mark::Sound {
        let better = move_names(view.play.game(), before, &judgement.better);
        let label = "better line:";
        lines.push(Line::from(hints::labelled_line(label, &better, width)));
        let after = history.position_at(judgement.ply);
        let answer = move_names(view.play.game(), after, &judgement.answer);
        if !answer.is_empty() {
            let punished = hints::labelled_line("punished by", &answer, width);
            lines.push(Line::from(punished));
        }
    }
    lines
}

/// A move judged by the exact table, in a sentence after its mark.
fn exact_lines(view: &PlayView, review: &MoveReview, width: usize) -> Vec<Line<'static>> {
    let other = view.shared.settings.symbol(review.side.other());
    let (style, marker) = mark_style(view, review.mark);
    let sentence = review.sentence(view.play.game(), view.play.history(), other);
    wrapped(&glued(&format!("{marker}{sentence}.")), style, width)
}

/// A searched board's verdict on a move in a player's words.
fn searched_verdict(
    played: &str,
    best: &str,
    other: &str,
    figure: Hint,
    best_figure: Hint,
    fault: Option<Fault>,
) -> String {
    let proven = |hint| Advice::proven(hint).map(|advice| advice.words(other));
    match (fault, proven(figure), proven(best_figure)) {
        (Some(Fault::GaveUpWin), _, Some(won)) => format!("{played} let a win slip; {best} {won}"),
        (Some(Fault::WalkedIntoLoss), Some(lost), _) => {
            format!("{played} {lost}; {best} avoided that")
        }
        (Some(_), ..) => format!("{played} gave away the edge; the bot would play {best}"),
        (None, Some(said), _) => format!("{played} {said}"),
        (None, None, _) if played == best => format!("{played}: the bot's choice too"),
        (None, None, _) => format!("{played}: nothing proven against it"),
    }
}

/// A judged move's style and the mark before its sentence (`? ` or `?? `).
fn mark_style(view: &PlayView, mark: Mark) -> (Style, String) {
    match mark_text(mark) {
        "" => (Style::default(), String::new()),
        text => (Theme(&view.shared.settings).warning(), format!("{text} ")),
    }
}

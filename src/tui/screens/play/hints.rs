//! Hints as a person reads them: what is proven about a move, counted in moves as chess
//! counts "mate in 3", or the bot's first few choices (scores stay in the details view).

use unicode_width::UnicodeWidthStr;

use crate::core::review::exact_line;
use crate::core::words::{ordinal, plural};
use crate::core::{Claim, Engine, Hint, Move, Outcome, Position, move_names};
use crate::tui::event::SearchedHints;
use crate::tui::screens::Screen;
use crate::tui::screens::play::view::PlayView;

/// One move's hint, for the side about to play it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Advice {
    /// The mover wins by their `moves`th move from now (this one is the first), at the
    /// latest; `exact` when no sooner win exists either.
    Win { moves: u32, exact: bool },
    /// Best play on both sides draws.
    Draw,
    /// The other side wins within `moves` of its moves (sooner, if `exact` is false).
    Loss { moves: u32, exact: bool },
    /// Nothing proven: the bot's `n`th choice (1 is the move it would make).
    Choice(u8),
    /// Nothing proven, but every other move loses at once: it stops the other side's win.
    Block,
}

/// The moves of the side that moves first in `plies` half-moves, this one included: a win
/// at the fifth ply is the mover's third move.
pub fn moves_of(plies: u32) -> u32 {
    plies.div_ceil(2)
}

impl Advice {
    pub fn proven(hint: Hint) -> Option<Advice> {
        let Hint::Proven(claim) = hint else {
            return None;
        };
        let (outcome, plies, exact) = match claim {
            Claim::Exact(value) => (value.outcome, value.plies, true),
            Claim::WinWithin(plies) => (Outcome::Win, plies, false),
            Claim::LossWithin(plies) => (Outcome::Loss, plies, false),
        };
        let moves = moves_of(plies);
        Some(match outcome {
            Outcome::Win => Advice::Win { moves, exact },
            Outcome::Draw => Advice::Draw,
            Outcome::Loss => Advice::Loss { moves, exact },
        })
    }

    /// As the board shows it: `W3`, `D`, `L2`, `1`, `!`.
    pub fn mark(self) -> String {
        match self {
            Advice::Win { moves, .. } => format!("W{moves}"),
            Advice::Draw => "D".into(),
            // A loss only bounded gives no count: "L16" would read as sixteen moves to live.
            Advice::Loss { exact: false, .. } => "L".into(),
            Advice::Loss { moves, .. } => format!("L{moves}"),
            Advice::Choice(n) => n.to_string(),
            Advice::Block => "!".into(),
        }
    }

    /// In words after the move's name, for `other` (the side that would win a loss, "You"
    /// written "you" mid-sentence):
    /// "wins in 3 moves", "lets O win within 2 moves", "is the bot's 2nd choice".
    pub fn words(self, other: &str) -> String {
        let other = if other == "You" { "you" } else { other };
        let count = |moves: u32| plural(moves.into(), "move", "moves");
        match self {
            Advice::Win { moves: 1, .. } => "wins at once".into(),
            Advice::Win { moves, exact: true } => format!("wins in {}", count(moves)),
            Advice::Win { moves, .. } => format!("wins within {}", count(moves)),
            Advice::Draw => "draws with best play on both sides".into(),
            Advice::Loss { moves: 1, .. } => format!("lets {other} win at once"),
            Advice::Loss { exact: false, .. } => format!("lets {other} force a win"),
            Advice::Loss { moves, .. } => format!("lets {other} win in {}", count(moves)),
            Advice::Choice(1) => "is the bot's choice".into(),
            Advice::Choice(n) => format!("is the bot's {} choice", ordinal(n.into())),
            Advice::Block => "blocks: any other move lets the other side win at once".into(),
        }
    }

    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Advice::Win { .. } => Some(Outcome::Win),
            Advice::Draw => Some(Outcome::Draw),
            Advice::Loss { .. } => Some(Outcome::Loss),
            Advice::Choice(_) | Advice::Block => None,
        }
    }
}

/// How many of the bot's choices are ranked on the board.
const RANKED: u8 = 3;

/// The hints a person sees for `hints` (every legal move's figure): proven moves as such;
/// where no move is a proven win, the unproven moves the search scored exactly ranked by
/// that score (equal scores, equal rank) up to the third, or, where every other move loses
/// at once, marked as the block. Moves only bounded show nothing.
pub fn advise(hints: &[(Move, Hint)]) -> Vec<(Move, Advice)> {
    let proven: Vec<(Move, Advice)> = hints
        .iter()
        .filter_map(|&(mv, hint)| Some((mv, Advice::proven(hint)?)))
        .collect();
    let winning = proven.iter().any(|(_, a)| matches!(a, Advice::Win { .. }));
    let open: Vec<(Move, Hint)> = hints
        .iter()
        .copied()
        .filter(|&(_, hint)| Advice::proven(hint).is_none())
        .collect();
    let loses_at_once = |a: &Advice| matches!(a, Advice::Loss { moves: 1, .. });
    let blocking = !proven.is_empty() && proven.iter().all(|(_, a)| loses_at_once(a));
    let mut all = if winning {
        proven
    } else if blocking {
        let blocks = open.iter().map(|&(mv, _)| (mv, Advice::Block));
        proven.into_iter().chain(blocks).collect()
    } else {
        proven.into_iter().chain(ranked(&open)).collect()
    };
    all.sort_by_key(|(mv, _)| mv.index());
    all
}

/// Equal scores, equal rank.
fn ranked(open: &[(Move, Hint)]) -> Vec<(Move, Advice)> {
    let score = |hint: Hint| match hint {
        Hint::Guess(s) | Hint::AtLeast(s) => Some(s),
        Hint::AtMost(_) | Hint::Proven(_) => None,
    };
    open.iter()
        .filter_map(|&(mv, hint)| {
            let mine = score(hint)?;
            let better = open
                .iter()
                .filter(|&&(_, h)| score(h).is_some_and(|s| s > mine))
                .count();
            let rank = u8::try_from(better + 1).ok().filter(|&r| r <= RANKED)?;
            Some((mv, Advice::Choice(rank)))
        })
        .collect()
}

/// How many moves of a solved game's line are worked out: more than a panel row holds.
const LINE_PLIES: usize = 16;

/// The line from `position` starting with `mv`: perfect play where the hints are an exact
/// table, else the line `searched` gave.
pub fn line_from(
    engine: &dyn Engine,
    position: &dyn Position,
    mv: Move,
    searched: Option<&SearchedHints>,
) -> Option<Vec<Move>> {
    if engine.instant_hints() {
        let after = position.play(mv).ok()?;
        let mut line = vec![mv];
        line.extend(exact_line(engine, after.as_ref(), LINE_PLIES));
        return Some(line);
    }
    searched?.line(mv).map(<[Move]>::to_vec)
}

/// `label` then whole names in at most `width` columns, "…" where cut short.
pub fn labelled_line(label: &str, names: &[String], width: usize) -> String {
    let mut text = String::from(label);
    for (i, name) in names.iter().enumerate() {
        // Room stays for " …" while more names follow.
        let ellipsis = if i + 1 < names.len() { 2 } else { 0 };
        if text.width() + 1 + name.width() + ellipsis > width {
            text.push_str(" …");
            break;
        }
        text.push(' ');
        text.push_str(name);
    }
    text
}

/// The moves of a hint's line the panel shows, the hinted move first.
const LINE_SHOWN: usize = 6;

impl<'a> PlayView<'a> {
    /// What each legal move is worth to the side to move, when hints are on and known.
    pub fn hint_values(&self) -> Option<Vec<(Move, Hint)>> {
        // Not for a game lost on time: it leaves moves on the board that nobody will play.
        let play = self.play;
        if !play.hints || self.screen != Screen::Play || play.status().is_over() {
            return None;
        }
        let engine = self.play.engine(self.shared)?;
        if engine.instant_hints() {
            return Some(engine.hints(self.play.position()));
        }
        self.searched_hints().map(|searched| searched.hints.clone())
    }

    /// The searched hints, when they are for the position on the board.
    fn searched_hints(&self) -> Option<&'a SearchedHints> {
        let searched = self.play.searched_hints.as_ref()?;
        (searched.position == self.play.position().text()).then_some(searched)
    }

    /// The line behind the hint under the cursor, named, the move itself first.
    pub fn hint_line(&self) -> Option<Vec<String>> {
        let (mv, _) = self.cursor_hint()?;
        let position = self.play.position();
        let searched = self.searched_hints();
        let line = line_from(self.play.engine(self.shared)?, position, mv, searched)?;
        Some(move_names(self.play.game(), position, &line))
    }

    /// The hint under the cursor in words, with its line: "c3 wins in 2 moves, as play
    /// goes: c3 b2 d4" (a line of moves, not a choice of them).
    pub fn hint_text(&self) -> Option<String> {
        let (mv, _) = self.cursor_hint()?;
        let (_, advice) = self.advice()?.into_iter().find(|&(m, _)| m == mv)?;
        let position = self.play.position();
        let opponent = self
            .play
            .name(position.to_move().other(), &self.shared.settings);
        let name = self.play.game().move_name(position, mv);
        let mut text = format!("{name} {}", advice.words(&opponent));
        if let Some(line) = self.hint_line().filter(|line| line.len() > 1) {
            let shown = line.len().min(LINE_SHOWN);
            let more = if line.len() > shown { " …" } else { "" };
            text += &format!(", as play goes: {}{more}", line[..shown].join(" "));
        }
        Some(text)
    }

    /// For the details view: the engine's own figure for the move under the cursor.
    pub fn engine_text(&self) -> Option<String> {
        let (mv, hint) = self.cursor_hint()?;
        let name = self.play.game().move_name(self.play.position(), mv);
        // A proven figure counts plies, as the script commands print it.
        let counted = matches!(hint, Hint::Proven(_))
            && hint.to_string().ends_with(|c: char| c.is_ascii_digit());
        let plies = if counted { " plies" } else { "" };
        Some(match self.searched_hints() {
            Some(searched) => {
                let search = searched.analysis.as_ref();
                let (depth, nodes) = search.map_or((0, 0), |a| (a.depth, a.nodes));
                format!("{name}: {hint}{plies} · depth {depth} · {nodes} nodes")
            }
            None => format!("{name}: {hint}{plies}"),
        })
    }

    /// The hints as the board shows them (see [`advise`]).
    pub fn advice(&self) -> Option<Vec<(Move, Advice)>> {
        self.hint_values().map(|hints| advise(&hints))
    }

    /// The move under the cursor, with its hint.
    fn cursor_hint(&self) -> Option<(Move, Hint)> {
        let play = self.play;
        let mv = play.game().move_at(play.position(), play.cursor)?;
        self.hint_values()?.into_iter().find(|&(m, _)| m == mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Analysis;
    use crate::core::Value;

    fn cell(i: usize) -> Move {
        Move::new(i)
    }

    #[test]
    fn distances_count_the_winner_s_moves() {
        // A win at the mover's first ply is this move; at the fifth, its third move.
        assert_eq!(moves_of(1), 1);
        assert_eq!(moves_of(5), 3);
        // A loss at the second ply is the other side's first move; at the fourth, its second.
        assert_eq!(moves_of(2), 1);
        assert_eq!(moves_of(4), 2);
        let win = Advice::proven(Hint::Proven(Claim::Exact(Value::win_in(5)))).unwrap();
        assert_eq!(
            (win.mark(), win.words("O")),
            ("W3".into(), "wins in 3 moves".into())
        );
        let loss = Advice::proven(Hint::Proven(Claim::Exact(Value::loss_in(4)))).unwrap();
        assert_eq!(loss.mark(), "L2");
        assert_eq!(loss.words("O"), "lets O win in 2 moves");
        // Only bounded: no count, which would read as moves left to live.
        let bounded = Advice::proven(Hint::Proven(Claim::LossWithin(32))).unwrap();
        assert_eq!(bounded.mark(), "L");
        assert_eq!(bounded.words("O"), "lets O force a win");
    }

    #[test]
    fn the_best_three_unproven_moves_are_ranked_and_bounds_show_nothing() {
        let hints = [
            (cell(0), Hint::Guess(5)),
            (cell(1), Hint::AtMost(2)),
            (cell(2), Hint::Guess(9)),
            (cell(3), Hint::Guess(5)),
            (cell(4), Hint::Proven(Claim::LossWithin(6))),
            (cell(5), Hint::Guess(1)),
        ];
        let marks: Vec<(usize, String)> = advise(&hints)
            .into_iter()
            .map(|(c, a)| (c.index(), a.mark()))
            .collect();
        let expected = [(0, "2"), (2, "1"), (3, "2"), (4, "L")];
        assert_eq!(marks, expected.map(|(c, m)| (c, m.to_string())));
    }

    #[test]
    fn a_proven_win_leaves_no_ranks_and_a_lone_escape_is_the_block() {
        let win = Hint::Proven(Claim::WinWithin(3));
        let advice = advise(&[(cell(0), Hint::Guess(5)), (cell(1), win)]);
        assert_eq!(
            advice,
            [(
                cell(1),
                Advice::Win {
                    moves: 2,
                    exact: false
                }
            )]
        );
        let lost = Hint::Proven(Claim::LossWithin(2));
        let advice = advise(&[(cell(0), lost), (cell(1), Hint::AtMost(3)), (cell(2), lost)]);
        assert_eq!(advice[1], (cell(1), Advice::Block));
    }

    fn names(text: &str) -> Vec<String> {
        text.split(' ').map(String::from).collect()
    }

    #[test]
    fn a_line_that_fits_is_written_whole() {
        assert_eq!(
            labelled_line("line:", &names("d5 c4 e6"), 17),
            "line: d5 c4 e6"
        );
    }

    #[test]
    fn a_long_line_keeps_whole_names_and_ends_in_an_ellipsis() {
        // "line: d5 c4" is 11 columns; " e6" would leave no room for " …".
        assert_eq!(
            labelled_line("line:", &names("d5 c4 e6 f7"), 15),
            "line: d5 c4 …"
        );
    }

    #[test]
    fn every_moves_line_is_known_and_only_from_that_move() {
        use crate::core::Hint;
        let (a, b, c) = (Move::new(3), Move::new(5), Move::new(7));
        let analysis = Analysis {
            moves: vec![
                (a, Hint::Guess(2)),
                (b, Hint::Guess(-1)),
                (c, Hint::Guess(0)),
            ],
            best: a,
            pv: vec![a, b],
            // c's line does not start with c: no line to show for it.
            lines: vec![vec![a, b], vec![b, a, c], vec![a]],
            depth: 3,
            nodes: 10,
        };
        let lines = SearchedHints {
            position: String::new(),
            hints: Vec::new(),
            analysis: Some(analysis),
        };
        assert_eq!(lines.line(a), Some(&[a, b][..]));
        assert_eq!(lines.line(b), Some(&[b, a, c][..]));
        assert_eq!(lines.line(c), None);
        assert_eq!(lines.line(Move::new(1)), None);
    }
}

//! The line behind a hint: the moves expected after the one under the cursor, for the
//! panel. A solved game's comes from its exact table (best play on both sides after the
//! move); a searched game's from the very analysis its hints came from, which has a line
//! behind every move ([`HintLines`]).

use unicode_width::UnicodeWidthStr;

use crate::core::review::exact_line;
use crate::core::{Analysis, Engine, Game, Move, Position};

/// How many moves of a solved game's line are worked out: more than a panel row holds.
const LINE_PLIES: usize = 16;

/// What the search behind the hints showed besides them: the line behind each move, from
/// that move, and how far it went (for the details view).
#[derive(Clone, Debug, Default)]
pub struct HintLines {
    lines: Vec<(Move, Vec<Move>)>,
    pub depth: u32,
    pub nodes: u64,
}

impl HintLines {
    /// The line behind each move of `analysis`.
    pub fn of(analysis: &Analysis) -> HintLines {
        let lines = analysis
            .moves
            .iter()
            .map(|&(mv, _)| (mv, analysis.line(mv).to_vec()))
            .collect();
        HintLines {
            lines,
            depth: analysis.depth,
            nodes: analysis.nodes,
        }
    }

    /// The line starting with `mv`, where the search gave one.
    pub fn line(&self, mv: Move) -> Option<&[Move]> {
        self.lines
            .iter()
            .find(|(m, line)| *m == mv && line.first() == Some(&mv))
            .map(|(_, line)| line.as_slice())
    }
}

/// The line from `position` starting with `mv`: where the engine's hints are its exact
/// table, perfect play after `mv`; otherwise the line `searched` gave for it, if any.
pub fn line_from(
    engine: &dyn Engine,
    position: &dyn Position,
    mv: Move,
    searched: Option<&HintLines>,
) -> Option<Vec<Move>> {
    if engine.instant_hints() {
        let after = position.play(mv).ok()?;
        let mut line = vec![mv];
        line.extend(exact_line(engine, after.as_ref(), LINE_PLIES));
        return Some(line);
    }
    searched?.line(mv).map(<[Move]>::to_vec)
}

/// The moves' names as the game writes them, each in the position it is played from; it
/// stops at a move that cannot be played.
pub fn names(game: &dyn Game, position: &dyn Position, line: &[Move]) -> Vec<String> {
    let mut names = Vec::new();
    let mut now = position.clone_box();
    for &mv in line {
        let Ok(next) = now.play(mv) else { break };
        names.push(game.move_name(now.as_ref(), mv));
        now = next;
    }
    names
}

/// `label` then the names in at most `width` columns (`better d4: d4 c5 …`): whole names
/// only, "…" where cut short.
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

#[cfg(test)]
mod tests {
    use super::*;

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
        let lines = HintLines::of(&analysis);
        assert_eq!(lines.line(a), Some(&[a, b][..]));
        assert_eq!(lines.line(b), Some(&[b, a, c][..]));
        assert_eq!(lines.line(c), None);
        assert_eq!(lines.line(Move::new(1)), None);
    }
}

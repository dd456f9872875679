//! What the game says about the position, for the status line and the panel.

use crate::config::{Mode, Settings};
use crate::core::session::Controller;
use crate::core::{BlockState, Game, MarkedLine, Move, Position, Side, Status};
use crate::tui::screens::play::{Online, PlayScreen};
use crate::tui::shared::StatusLine;

impl PlayScreen {
    pub fn turn_text(&self, settings: &Settings) -> String {
        let position = self.position();
        match self.status() {
            Status::InPlay => {
                let side = position.to_move();
                let symbol = settings.symbol(side);
                let bonus = self.game().bonus_move(position);
                let again = if bonus { ", bonus" } else { "" };
                let who = self.name(side, settings);
                // Over the network a player's own seat is named "You" (a watcher reads names).
                let yours = match self.session.kept.mode {
                    Mode::VsBot => self.online != Some(Online::Watcher),
                    _ => who == settings.names.you,
                };
                match self.session.controller(side) {
                    Controller::Human if yours => format!("Your turn ({symbol}{again})."),
                    Controller::Bot => format!("{who} to move ({symbol}{again})."),
                    Controller::Human => format!("{who}'s turn ({symbol}{again})."),
                }
            }
            _ => self.result_text(settings),
        }
    }

    /// What the last move did: points scored and whose turn it is, or the end of the game.
    pub fn after_move_status(&self, mv: Move, settings: &Settings) -> StatusLine {
        let history = &self.session.history;
        let ply = history.moves().len() - 1;
        let (before, after) = (history.position_at(ply), history.position());
        if after.status().is_over() {
            return StatusLine::note(self.result_text(settings));
        }
        let name = self.game().move_name(before, mv);
        let who = self.name(before.to_move(), settings);
        let (game, turn) = (self.game(), self.turn_text(settings));
        // A move that wins a small board (extreme tic-tac-toe) earns another at once: say
        // so loudly, and short enough that the turn still fits on an 80-column line.
        let won = |position: &dyn Position, block: u8| {
            let blocks = game.blocks(position);
            matches!(blocks.get(usize::from(block)), Some(BlockState::Won(_)))
        };
        let block = self.landed(ply + 1).map(|cell| game.place(cell).block);
        let points = game.points(after);
        if let Some(block) = block.filter(|&b| won(after, b) && !won(before, b)) {
            let label = game.block_label(block);
            let points = points
                .map(|[f, s]| format!(" ({f} : {s})"))
                .unwrap_or_default();
            let lead = if game.bonus_move(after) {
                format!("{name} wins {label}{points}: BONUS MOVE! ")
            } else {
                // A bonus move's win earns no second bonus in a row.
                format!("{name} wins {label}{points}, no second bonus. ")
            };
            return StatusLine::turn(&lead, &turn);
        }
        let what = match (self.gift_text(settings), points) {
            (Some(gift), Some([f, s])) => format!("{gift} ({f} : {s}). "),
            (None, Some([f, s])) if points != game.points(before) => {
                format!("{name} scores: {f} : {s}. ")
            }
            _ => String::new(),
        };
        StatusLine::turn(&format!("{who} played {name}. {what}"), &turn)
    }

    /// The threats the screen marks: none in a puzzle, where seeing them is the skill.
    pub fn threats(&self) -> Vec<crate::core::MarkedLine> {
        match self.puzzle {
            Some(_) => Vec::new(),
            None => crate::core::threats(self.game(), self.position()),
        }
    }

    /// Each line a side would complete with its next stone, in words: "X threatens 4a1:
    /// line 1a4-4a1"; past a few, how many more.
    pub fn threat_texts(&self, settings: &Settings) -> Vec<String> {
        let (game, position) = (self.game(), self.position());
        let threats = self.threats();
        let mut texts: Vec<String> = (threats.iter().take(SHOWN_THREATS))
            .map(|line| {
                let gap = line.cells.iter().find(|&&c| position.at(c).is_none());
                let gap = gap.map_or_else(String::new, |&c| game.cell_name(c));
                let symbol = settings.symbol(line.side);
                format!("{symbol} threatens {gap}: {}", line_name(game, line))
            })
            .collect();
        if threats.len() > SHOWN_THREATS {
            texts.push(format!("and {} more", threats.len() - SHOWN_THREATS));
        }
        texts
    }

    /// The end of the game, and for one played on past its recorded end, that it is practice.
    pub fn result_text(&self, settings: &Settings) -> String {
        let result = self.plain_result(settings);
        match (&self.puzzle, self.practice) {
            // The puzzle's verdict where the game's end is shown (it covers the panel).
            (Some(puzzle), _) => format!("{result} {}", puzzle.said),
            (None, true) => format!("{result} Practice: the recorded result stands."),
            (None, false) => result,
        }
    }

    fn plain_result(&self, settings: &Settings) -> String {
        let position = self.position();
        if let Some(slow) = self.session.timed_out() {
            return self.time_out_text(slow, settings);
        }
        // No line decided it (extreme): the small boards' points did.
        if let Some([f, s]) = self.game().decided_on_points(position) {
            return match position.status() {
                Status::Won(side) => format!("{} on points, {f} : {s}.", self.wins(side, settings)),
                _ => format!(
                    "Every small board is decided and no line of them: a draw on points, \
                     {f} : {s}."
                ),
            };
        }
        let score = self
            .game()
            .points(position)
            .map(|[f, s]| format!(" {f} : {s}"))
            .unwrap_or_default();
        // Small boards' points (extreme) say nothing of a win by a line of them.
        let by_blocks = !self.game().blocks(position).is_empty();
        match position.status() {
            Status::Won(side) => {
                let lines: Vec<String> = position
                    .marked_lines()
                    .into_iter()
                    .filter(|line| line.side == side)
                    .map(|line| line_name(self.game(), &line))
                    .collect();
                let with = if lines.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", lines.join(" and "))
                };
                let score = if by_blocks { "" } else { score.as_str() };
                let why = self
                    .gift_text(settings)
                    .map(|gift| format!(" {gift}."))
                    .unwrap_or_default();
                format!("{}{score}{with}.{why}", self.wins(side, settings))
            }
            Status::Draw => {
                let full = position.stones() == self.game().layout().cell_count();
                let full = if full { ": the board is full" } else { "" };
                let at = if score.is_empty() { "" } else { " at" };
                format!("Draw{full}{at}{score}.")
            }
            Status::InPlay => String::new(),
        }
    }

    /// Where the last move completed a line for the other side (Tic-Tac-Latin's three of
    /// theirs and one of yours), whose point it was: "Your c3 gave O a point: row 3 now
    /// holds three O and your X".
    fn gift_text(&self, settings: &Settings) -> Option<String> {
        self.game().points(self.position())?;
        let history = &self.session.history;
        let &last = history.moves().last()?;
        let ply = history.moves().len();
        let mover = history.mover(ply - 1);
        let cell = self.landed(ply)?;
        let line = self
            .position()
            .marked_lines()
            .into_iter()
            .find(|line| line.side != mover && line.cells.contains(&cell))?;
        let (mine, theirs) = (settings.symbol(mover), settings.symbol(mover.other()));
        let who = self.name(mover, settings);
        let (whose, one) = match who.as_str() {
            "You" => ("Your".to_string(), format!("your {mine}")),
            _ => (format!("{who}'s"), format!("one {mine}")),
        };
        let many = match line.cells.len() - 1 {
            3 => "three".to_string(),
            n => n.to_string(),
        };
        Some(format!(
            "{whose} {} gave {theirs} a point: {} now holds {many} {theirs} and {one}",
            self.game().move_name(history.position_at(ply - 1), last),
            line_name(self.game(), &line)
        ))
    }

    /// "Ada (X) wins", but "You (X) win" for the person.
    fn wins(&self, side: Side, settings: &Settings) -> String {
        let who = self.name(side, settings);
        let verb = if who == "You" { "win" } else { "wins" };
        format!("{who} ({}) {verb}", settings.symbol(side))
    }

    /// "You (X) ran out of time: Bot (O) wins (time out), 0 : 68 in contest points."
    fn time_out_text(&self, slow: Side, settings: &Settings) -> String {
        let winner = slow.other();
        // The contest scores a forfeit as a win by pattern: all of its points to the winner.
        let points = self
            .game()
            .contest_points(self.position(), Some(winner))
            .map(|[f, s]| format!(", {f} : {s} in contest points"))
            .unwrap_or_default();
        // Over the network a player who left a game and did not come back lost it the same way.
        let (how, why) = match self.online {
            Some(_) => ("left and did not come back", "by default"),
            None => ("ran out of time", "time out"),
        };
        format!(
            "{} ({}) {how}: {} ({why}){points}.",
            self.name(slow, settings),
            settings.symbol(slow),
            self.wins(winner, settings),
        )
    }
}

/// The threats the panel names one by one; the rest are counted.
const SHOWN_THREATS: usize = 3;

/// A line as people name it: `row 1`, `column b`, `diagonal a1-d4`; across blocks (Qubic's
/// layers) `line 1a1-4d4`.
pub fn line_name(game: &dyn Game, line: &MarkedLine) -> String {
    let (Some(&first), Some(&last)) = (line.cells.first(), line.cells.last()) else {
        return String::new();
    };
    let (a, b) = (game.place(first), game.place(last));
    let (first_name, last_name) = (game.cell_name(first), game.cell_name(last));
    let mut blocks: Vec<u8> = line.cells.iter().map(|&c| game.place(c).block).collect();
    blocks.sort_unstable();
    blocks.dedup();
    if blocks.len() > 1 && blocks.len() < line.cells.len() {
        // Whole blocks make the line (extreme's won small boards): name the blocks.
        let names: Vec<String> = blocks.iter().map(|&b| game.block_label(b)).collect();
        format!("the small boards {}", names.join(" "))
    } else if a.block != b.block {
        format!("line {first_name}-{last_name}")
    } else {
        // Inside one block of several (a Qubic layer), say which.
        let of = if game.layout().blocks.count() > 1 {
            format!(" of {}", game.block_label(a.block).to_lowercase())
        } else {
            String::new()
        };
        if a.row == b.row {
            format!("row {}{of}", a.row + 1)
        } else if a.col == b.col {
            format!("column {}{of}", (b'a' + a.col) as char)
        } else {
            format!("diagonal {first_name}-{last_name}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{CellId, Side};
    use crate::games::latin::adapter::Latin;

    /// The first side's line through the cells of `game` named.
    fn line_of(game: &dyn Game, names: &[&str]) -> MarkedLine {
        MarkedLine {
            cells: names.iter().map(|n| game.parse_cell(n).unwrap()).collect(),
            side: Side::First,
        }
    }

    fn line(names: &[&str]) -> MarkedLine {
        line_of(&Latin, names)
    }

    #[test]
    fn lines_are_named_as_people_say_them() {
        assert_eq!(line_name(&Latin, &line(&["a1", "b1", "c1", "d1"])), "row 1");
        assert_eq!(
            line_name(&Latin, &line(&["b1", "b2", "b3", "b4"])),
            "column b"
        );
        assert_eq!(
            line_name(&Latin, &line(&["a1", "b2", "c3", "d4"])),
            "diagonal a1-d4"
        );
    }

    #[test]
    fn a_line_of_whole_small_boards_names_the_boards_and_qubics_lines_their_ends() {
        use crate::games::extreme::adapter::Extreme;
        use crate::games::{GameChoice, GameKind, build};
        let qubic = build(GameChoice::of(GameKind::Qubic)).unwrap();
        // Extreme's column B of small boards, every cell of B1..B4.
        let cells: Vec<CellId> = (0..256)
            .map(CellId::new)
            .filter(|&c| Extreme.place(c).block % 4 == 1)
            .collect();
        let boards = MarkedLine {
            cells,
            side: Side::First,
        };
        assert_eq!(line_name(&Extreme, &boards), "the small boards B1 B2 B3 B4");
        let pillar = line_of(qubic.as_ref(), &["1a1", "2a1", "3a1", "4a1"]);
        assert_eq!(line_name(qubic.as_ref(), &pillar), "line 1a1-4a1");
        let row = line_of(qubic.as_ref(), &["1a4", "1b4", "1c4", "1d4"]);
        assert_eq!(line_name(qubic.as_ref(), &row), "row 4 of layer 1");
    }
}

//! What the game says about the position: whose turn it is, what a move did, how the game
//! ended. Read-only views of the [`App`], for its status line and the side panel.

use super::app::{App, Controller};
use super::history::board_after;
use super::status::StatusLine;
use crate::config::Mode;
use crate::game::{Board, Cell, Status};

impl App {
    /// Whose turn it is, or how the game ended.
    pub fn turn_text(&self) -> String {
        let board = self.board();
        match board.status() {
            Status::InPlay => {
                let side = board.to_move();
                let symbol = self.settings().symbol(side);
                match (self.mode(), self.controller(side)) {
                    (Mode::VsBot, Controller::Human) => format!("Your turn ({symbol})."),
                    (_, Controller::Bot) => format!("{} to move ({symbol}).", self.name(side)),
                    (_, Controller::Human) => format!("{}'s turn ({symbol}).", self.name(side)),
                }
            }
            _ => self.result_text(),
        }
    }

    /// What the last move did: points scored and whose turn it is, or the end of the game.
    pub(super) fn after_move_status(&self, cell: Cell) -> StatusLine {
        let board = self.board();
        let before = board_after(&self.moves()[..self.moves().len() - 1]);
        let mover = before.to_move();
        if board.status().is_over() {
            return StatusLine::note(self.result_text());
        }
        let scored = board.points() != before.points();
        let (f, s) = board.points();
        let what = if scored {
            format!("{cell} scores: {f} : {s}. ")
        } else {
            String::new()
        };
        let who = self.name(mover);
        StatusLine::turn(&format!("{who} played {cell}. {what}"), &self.turn_text())
    }

    /// The end of the game: who won and with which lines, or the draw.
    pub fn result_text(&self) -> String {
        let board = self.board();
        let (f, s) = board.points();
        match board.status() {
            Status::Won(side) => {
                let lines: Vec<String> = board
                    .scoring_lines()
                    .filter(|&(_, scorer)| scorer == side)
                    .map(|(line, _)| line_name(line))
                    .collect();
                let who = self.name(side);
                // "You win", but "Ada wins" when the player set a name.
                let verb = if who == "You" { "win" } else { "wins" };
                let symbol = self.settings().symbol(side);
                format!(
                    "{who} ({symbol}) {verb} {f} : {s} with {}.",
                    lines.join(" and ")
                )
            }
            Status::Draw => format!("Draw: the board is full at {f} : {s}."),
            Status::InPlay => String::new(),
        }
    }
}

/// A line as people name it: `row 1`, `column b`, `diagonal a1-d4`.
pub fn line_name(line: u16) -> String {
    let cells: Vec<Cell> = Board::line_cells(line).collect();
    let (first, last) = (cells[0], cells[3]);
    if first.row() == last.row() {
        format!("row {}", first.row() + 1)
    } else if first.col() == last.col() {
        format!("column {}", (b'a' + first.col()) as char)
    } else {
        format!("diagonal {first}-{last}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_named_as_people_say_them() {
        let names: Vec<String> = crate::game::LINES.iter().map(|&l| line_name(l)).collect();
        for expected in ["row 1", "row 4", "column a", "column d", "diagonal a1-d4"] {
            assert!(
                names.iter().any(|n| n == expected),
                "{expected} in {names:?}"
            );
        }
        assert!(
            names
                .iter()
                .any(|n| n == "diagonal d1-a4" || n == "diagonal a4-d1"),
            "{names:?}"
        );
    }
}

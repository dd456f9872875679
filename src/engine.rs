//! The engine line protocol, as a pure function from a request line to a reply line.

use std::fmt::Write;

use crate::game::{Board, Side, Status};
use crate::solver::Solver;

const USAGE: &str = "send a position, move POSITION or analyze POSITION";

/// What a request line asks for.
enum Request<'a> {
    Move(&'a str),
    Analyze(&'a str),
    Quit,
}

/// Splits a request into its verb (any case) and position; a bare position means `move`.
fn parse_request(request: &str) -> Result<Request<'_>, String> {
    let (word, rest) = request
        .split_once(char::is_whitespace)
        .unwrap_or((request, ""));
    let rest = rest.trim();
    let needs_position = |verb: &str| {
        if rest.is_empty() {
            Err(format!("{verb} needs a position"))
        } else {
            Ok(())
        }
    };
    match word.to_ascii_lowercase().as_str() {
        "" => Err(format!("empty request: {USAGE}")),
        "quit" => Ok(Request::Quit),
        "move" => needs_position("move").map(|()| Request::Move(rest)),
        "analyze" => needs_position("analyze").map(|()| Request::Analyze(rest)),
        // A word of letters that cannot be cells is a request we do not know, not a
        // position with a bad character.
        w if w.len() > 2
            && w.chars().all(|c| c.is_alphabetic())
            && w.contains(|c| c != 'x' && c != 'o') =>
        {
            Err(format!("unknown request '{word}': {USAGE}"))
        }
        _ => Ok(Request::Move(request)),
    }
}

/// The reply to one request line; `None` for `quit`.
pub fn reply(solver: &Solver, request: &str) -> Option<String> {
    let (verb, position) = match parse_request(request.trim()) {
        Ok(Request::Quit) => return None,
        Ok(Request::Move(position)) => ("move", position),
        Ok(Request::Analyze(position)) => ("analyze", position),
        Err(message) => return Some(format!("error {message}")),
    };
    let board: Board = match position.parse() {
        Ok(board) => board,
        Err(e) => return Some(format!("error {e}")),
    };
    if let Some(over) = over(board) {
        return Some(over);
    }
    Some(if verb == "move" {
        move_reply(solver, board)
    } else {
        analyze_reply(solver, board)
    })
}

fn over(board: Board) -> Option<String> {
    let result = match board.status() {
        Status::InPlay => return None,
        Status::Won(Side::First) => "x",
        Status::Won(Side::Second) => "o",
        Status::Draw => "draw",
    };
    Some(format!("over {result}"))
}

fn move_reply(solver: &Solver, board: Board) -> String {
    let choice = solver.best_move(board).expect("the game is on");
    format!(
        "move {} {} {}",
        choice.cell,
        choice.value.outcome.word(),
        choice.value.plies
    )
}

fn analyze_reply(solver: &Solver, board: Board) -> String {
    let mut out = String::from("analyze");
    for (i, value) in solver.move_values(board).iter().enumerate() {
        if let Some(value) = value {
            let cell = crate::game::Cell::new(i as u8).expect("16 cells");
            let _ = write!(out, " {cell}={}:{}", value.outcome.word(), value.plies);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;

    fn solver() -> &'static Solver {
        static SOLVER: OnceLock<Solver> = OnceLock::new();
        SOLVER.get_or_init(Solver::new)
    }

    #[test]
    fn requests_and_replies() {
        let s = solver();
        let r = |q: &str| reply(s, q).unwrap();
        assert_eq!(r("O-----X--XO-O-XX"), "move b2 win 1");
        assert_eq!(r("move O-----X--XO-O-XX\n"), "move b2 win 1");
        assert_eq!(
            r("analyze O-----X--XO-O-XX"),
            "analyze b1=loss:2 c1=loss:2 d1=loss:2 a2=loss:2 b2=win:1 d2=loss:2 a3=loss:2 \
             d3=loss:2 b4=loss:2"
        );
        assert_eq!(r("XXXO/O---/----/----"), "over x");
        assert_eq!(r("XXOO/OOXX/XXOO/OOXX"), "over draw");
        assert!(r("XQ").starts_with("error bad character 'Q'"));
        assert!(r("").starts_with("error empty request"));
        assert_eq!(r("move"), "error move needs a position");
        assert!(r("dance XXXX").starts_with("error unknown request 'dance'"));
        assert_eq!(r("MOVE O-----X--XO-O-XX"), "move b2 win 1");
        assert!(r("Analyze O-----X--XO-O-XX").starts_with("analyze b1=loss:2"));
        assert!(r("nonsense").starts_with("error unknown request"));
        assert!(r("-X-Q/-X--/X-X-/O--O").starts_with("error bad character 'Q' at position 4"));
        assert_eq!(reply(s, "QUIT"), None);
        assert_eq!(reply(s, "quit"), None);
    }
}

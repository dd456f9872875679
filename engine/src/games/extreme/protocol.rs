//! The engine line protocol of `engine --game extreme`, as a pure function from a request
//! line to a reply line:
//!
//! - a position in the text form (`<256 cells> <last move> <side to move>`), optionally
//!   after the word `move`, is answered `move <cell>` (the cell as `B3c1`), followed by
//!   `win within N` or `loss within N` when the search proved the game's result within N
//!   plies (bonus moves count as plies): by pattern, or on points by the end of the game;
//! - a finished game is answered as every game's engine answers it: `over x` or `over o`
//!   after a win by pattern; after every small board is decided without one, the result
//!   and both points, `over x 31 28` (won on points) or `over draw 30 30` (equal points);
//! - anything malformed is answered `error <message>`, and the engine goes on;
//! - `quit` ends (no reply).

use std::time::Duration;

use crate::core::Claim;
use crate::core::protocol::over;

use super::adapter::ExtremeEngine;
use super::players::searcher::claim;
use super::rules::State;

const USAGE: &str = "send a position: <256 cells> <last move> <side to move>, or quit";

/// The reply to one request line; `None` for `quit`.
pub fn reply(engine: &ExtremeEngine, line: &str, movetime: Duration) -> Option<String> {
    let line = line.trim();
    let position = match line.split_once(char::is_whitespace) {
        Some((verb, rest)) if verb.eq_ignore_ascii_case("move") => rest.trim(),
        _ if line.eq_ignore_ascii_case("quit") => return None,
        _ if line.is_empty() => return Some(format!("error empty request: {USAGE}")),
        _ if line.eq_ignore_ascii_case("move") => {
            return Some("error move needs a position".to_string());
        }
        _ => line,
    };
    let state: State = match position.parse() {
        Ok(state) => state,
        Err(e) => return Some(format!("error {e}")),
    };
    Some(
        over(&super::adapter::Extreme, &state)
            .unwrap_or_else(|| move_reply(engine, &state, movetime)),
    )
}

fn move_reply(engine: &ExtremeEngine, state: &State, movetime: Duration) -> String {
    let Some(report) = engine.search(state, movetime) else {
        return "error no legal move".to_string();
    };
    match claim(state, &report) {
        Some(Claim::WinWithin(plies)) => format!("move {} win within {plies}", report.best),
        Some(Claim::LossWithin(plies)) => format!("move {} loss within {plies}", report.best),
        _ => format!("move {}", report.best),
    }
}

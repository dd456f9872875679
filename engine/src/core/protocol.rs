//! The engine line protocol (docs/engine-protocol.md), as a function from a request line to a
//! reply line, for any game.

use std::fmt::Write;

use super::root::SearchSettings;
use super::words::quote;
use super::{Analysis, Budget, Claim, Engine, Game, Hint, Player, Position, Side, Status};

const USAGE: &str = "send a position, move POSITION or analyze POSITION";

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
    match word.to_ascii_lowercase().as_str() {
        "" => Err(format!("empty request: {USAGE}")),
        "quit" => Ok(Request::Quit),
        verb @ ("move" | "analyze") if rest.is_empty() => Err(format!("{verb} needs a position")),
        "move" => Ok(Request::Move(rest)),
        "analyze" => Ok(Request::Analyze(rest)),
        // A word of letters that cannot be cells is a request we do not know, not a
        // position with a bad character.
        w if w.len() > 2
            && w.chars().all(char::is_alphabetic)
            && w.contains(|c| c != 'x' && c != 'o') =>
        {
            Err(format!("unknown request {}: {USAGE}", quote(word)))
        }
        _ => Ok(Request::Move(request)),
    }
}

/// The player that answers `move` is kept between requests: a searching player keeps what
/// it has learnt.
pub struct ProtocolSession<'a> {
    pub game: &'a dyn Game,
    pub engine: &'a dyn Engine,
    pub player: Box<dyn Player>,
    /// `--depth`, `--nodes`: where the engine searches, answers come from the analysis at
    /// it, the same on every run.
    pub budget: Option<Budget>,
    pub threads: usize,
}

impl<'a> ProtocolSession<'a> {
    pub fn new(game: &'a dyn Game, engine: &'a dyn Engine, player: Box<dyn Player>) -> Self {
        ProtocolSession {
            game,
            engine,
            player,
            budget: None,
            threads: 1,
        }
    }

    /// `None` for `quit`.
    pub fn reply(&mut self, request: &str) -> Option<String> {
        let (text, answer): (_, fn(&mut Self, &dyn Position) -> String) =
            match parse_request(request.trim()) {
                Ok(Request::Quit) => return None,
                Ok(Request::Move(text)) => (text, Self::move_reply),
                Ok(Request::Analyze(text)) => (text, Self::analyze_reply),
                Err(message) => return Some(format!("error {message}")),
            };
        let position = match self.game.parse_position(text) {
            Ok(position) => position,
            Err(e) => return Some(format!("error {e}")),
        };
        if let Some(over) = over(self.game, position.as_ref()) {
            return Some(over);
        }
        Some(answer(self, position.as_ref()))
    }

    fn analysis(&self, position: &dyn Position) -> Option<Analysis> {
        let settings = SearchSettings::new(self.budget?, self.threads.max(1));
        self.engine.analysis(position, &settings)
    }

    fn move_reply(&mut self, position: &dyn Position) -> String {
        let decision = match self.analysis(position) {
            Some(analysis) => Some(analysis.decision()),
            None => self.player.decide(position),
        };
        let Some(decision) = decision else {
            return "error no move was found".into();
        };
        let mut out = format!("move {}", self.game.move_name(position, decision.mv));
        if let Some(claim) = decision.claim {
            let _ = write!(out, " {}", claim_words(claim));
        }
        out
    }

    fn analyze_reply(&mut self, position: &dyn Position) -> String {
        let mut out = String::from("analyze");
        let hints = match self.analysis(position) {
            Some(analysis) => analysis.moves,
            None => self.engine.hints(position),
        };
        for (mv, hint) in hints {
            let name = self.game.move_name(position, mv);
            let _ = write!(out, " {name}={}", hint_words(hint));
        }
        out
    }
}

/// `win 3`, `draw 14`, `win within 7`.
pub fn claim_words(claim: Claim) -> String {
    match claim {
        Claim::Exact(value) => format!("{} {}", value.outcome.word(), value.plies),
        bound => bound.to_string(),
    }
}

/// `win:3`, `win<=7`, `guess:12`, and a bound as `guess:>=12` or `guess:<=-4`.
fn hint_words(hint: Hint) -> String {
    match hint {
        Hint::Proven(Claim::Exact(value)) => format!("{}:{}", value.outcome.word(), value.plies),
        Hint::Proven(Claim::WinWithin(plies)) => format!("win<={plies}"),
        Hint::Proven(Claim::LossWithin(plies)) => format!("loss<={plies}"),
        Hint::Guess(score) => format!("guess:{score}"),
        Hint::AtLeast(score) => format!("guess:>={score}"),
        Hint::AtMost(score) => format!("guess:<={score}"),
    }
}

/// `over x`, `over o` or `over draw`, then both points where they decided it (`over x 31
/// 28`); `None` while the game is in play.
pub fn over(game: &dyn Game, position: &dyn Position) -> Option<String> {
    let result = match position.status() {
        Status::InPlay => return None,
        Status::Won(Side::First) => "x",
        Status::Won(Side::Second) => "o",
        Status::Draw => "draw",
    };
    Some(match game.decided_on_points(position) {
        Some([first, second]) => format!("over {result} {first} {second}"),
        None => format!("over {result}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::core::PlayerOptions;
    use crate::core::toy_tests::{Toy, ToyEngine};
    use crate::games::latin::adapter::Latin;

    #[test]
    fn requests_and_replies() {
        let engine = ToyEngine;
        let player = engine.player("first", PlayerOptions::seeded(1)).unwrap();
        let mut s = ProtocolSession::new(&Toy, &engine, player);
        let mut r = |q: &str| s.reply(q).unwrap();
        assert_eq!(r("X-O-"), "move b");
        assert_eq!(r("move X-O-\n"), "move b");
        assert_eq!(r("analyze X-O-"), "analyze b=guess:0 d=guess:0");
        assert_eq!(r("XXO-"), "over x");
        assert_eq!(r("XOXO"), "over draw");
        assert!(r("X-Q-").starts_with("error bad character 'Q'"));
        assert!(r("").starts_with("error empty request"));
        assert_eq!(r("move"), "error move needs a position");
        assert!(r("dance XXXX").starts_with("error unknown request 'dance'"));
        assert_eq!(r("MOVE X-O-"), "move b");
        assert!(r("Analyze X-O-").starts_with("analyze b="));
        assert!(r("nonsense").starts_with("error unknown request"));
        assert_eq!(s.reply("QUIT"), None);
        assert_eq!(s.reply("quit"), None);
    }

    #[test]
    fn a_game_decided_on_points_is_over_with_both_points() {
        use crate::games::extreme::testing::{X_31_O_28, one_move_from_the_points};
        let (x_31, o_28) = X_31_O_28;
        let end = |x_won: &[&str], o_won: &[&str]| {
            let (state, last) = one_move_from_the_points(x_won, o_won);
            state.play(last).unwrap()
        };
        let extreme = &crate::games::extreme::adapter::Extreme;
        assert_eq!(over(extreme, &end(&x_31, &o_28)).unwrap(), "over x 31 28");
        assert_eq!(over(extreme, &end(&o_28, &x_31)).unwrap(), "over o 28 31");
        assert_eq!(
            over(extreme, &end(&x_31[..5], &o_28)).unwrap(),
            "over draw 28 28"
        );
        // A line's win and the other games' ends carry no points.
        let latin = Latin.parse_position("XXXO/O---/----/----").unwrap();
        assert_eq!(over(&Latin, latin.as_ref()).unwrap(), "over x");
        assert_eq!(over(&Latin, Latin.start().as_ref()), None);
    }
}

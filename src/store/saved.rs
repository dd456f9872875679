//! The unfinished game of each game, one file each, and replaying it.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::files::{FileLock, Wait};
use super::{
    FIRST_GAME, GAME, Loaded, Store, StoreError, Unusable, VERSION, check_version, corrupt_in,
    game_file_name, parsed,
};
use crate::core::bounded::{self, Kind};
use crate::core::session::{History, Resumed};
use crate::core::words::quote;
use crate::core::{Game, Move, move_names, read_moves};
use crate::games;

/// A game in progress, saved so it can be resumed at the next start.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedGame {
    /// `latin`, `classic-5`.
    pub game: String,
    /// Who plays what, the levels, what the result counts as: the session's state besides
    /// its moves.
    pub session: Resumed,
    /// Hints were on when it was saved; `None` in files written before this was kept.
    pub hints: Option<bool>,
    /// The moves played, from the empty board.
    pub moves: Vec<Move>,
    /// The moves taken back, in the order redo plays them again.
    pub redo: Vec<Move>,
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BadGame {
    #[error("it is a game of {}, which this build does not know", quote(.0))]
    UnknownGame(String),
    #[error("{0}")]
    Moves(String),
}

impl SavedGame {
    pub fn new(game: impl Into<String>, session: Resumed, moves: Vec<Move>) -> SavedGame {
        SavedGame {
            game: game.into(),
            session,
            hints: None,
            moves,
            redo: Vec::new(),
        }
    }

    /// The game as a saved game's text, as the server keeps a room's game.
    pub fn to_text(&self) -> Result<String, String> {
        game_to_text(self).map_err(|e| e.to_string())
    }

    /// A saved game's text, of the game `key`, read back.
    pub fn from_text(text: &str, key: &str) -> Result<SavedGame, String> {
        game_from_text(text, key).map_err(|e| e.to_string())
    }

    pub fn game(&self) -> Result<std::sync::Arc<dyn Game>, BadGame> {
        games::of_key(&self.game).ok_or_else(|| BadGame::UnknownGame(self.game.clone()))
    }

    /// The moves replayed, or why they are not a game still in play.
    pub fn history(&self) -> Result<History, BadGame> {
        let game = self.game()?;
        let history = History::replay(game.as_ref(), &self.moves)
            .map_err(|e| BadGame::Moves(e.to_string()))?;
        if history.position().status().is_over() {
            return Err(BadGame::Moves("the game is already over".into()));
        }
        Ok(history)
    }
}

/// A saved game is a few lines: the longest game's moves take some 2 KB.
const KIND: Kind = Kind {
    name: "a saved game",
    largest: "the longest game's takes some 2 KB",
    file_cap: 256 * 1024,
    line_cap: 64 * 1024,
};

impl Store {
    /// One window at a time writes a game's file: `None` when another window holds it.
    /// Taking it clears what a killed save of that file left behind.
    pub fn lock_game(&self, game_key: &str) -> Result<Option<FileLock>, StoreError> {
        let path = self.game_path(game_key);
        let lock = self.lock(&path, GAME, Wait::Try)?;
        if lock.is_some() {
            self.clean_strays(&path);
        }
        Ok(lock)
    }

    /// A data directory that is not a directory gives no notice here: `load_stats` says so.
    pub fn load_game(&self, game_key: &str) -> Loaded<Option<SavedGame>> {
        if self.dir_problem().is_some() {
            return Loaded::quiet(None);
        }
        self.load(&self.game_path(game_key), (GAME, &KIND), |text| {
            game_from_text(text, game_key)
        })
    }

    /// Files of games this build does not know are not read: they stay for the build that
    /// wrote them.
    pub fn load_games(&self) -> Vec<(String, Loaded<Option<SavedGame>>)> {
        game_keys()
            .map(|key| (key.clone(), self.load_game(&key)))
            .collect()
    }

    pub fn save_game(&self, game: &SavedGame) -> Result<(), StoreError> {
        self.write(&self.game_path(&game.game), GAME, &game_to_text(game)?)
    }

    pub fn clear_game(&self, game_key: &str) -> Result<(), StoreError> {
        if !self.saves() {
            return Ok(());
        }
        let path = self.game_path(game_key);
        match fs::remove_file(&path) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(StoreError {
                what: "the end of your unfinished game (removing it)",
                path,
                error,
            }),
            _ => Ok(()),
        }
    }

    pub fn newer_file(path: &Path) -> bool {
        bounded::read_text_file(path, &KIND)
            .is_ok_and(|text| matches!(check_version(&text), Err(Unusable::Newer(_))))
    }
}

pub(super) fn game_keys() -> impl Iterator<Item = String> {
    games::all_choices()
        .into_iter()
        .filter_map(|choice| games::build(choice).ok())
        .map(|game| game.key())
}

/// A field with a default may be missing: written before it was kept (`game`: version 1,
/// which held Tic-Tac-Latin only).
#[derive(Serialize, Deserialize)]
struct GameFile {
    version: u32,
    #[serde(default)]
    game: Option<String>,
    mode: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    human: Option<String>,
    difficulty: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    weakest: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    swapped: bool,
    /// Any value but true or false (a hand edit) reads as missing: the settings decide, and
    /// the game is not lost over it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hints: Option<toml::Value>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    names_swapped: bool,
    moves: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    redo: Vec<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    counted: bool,
}

fn game_to_text(game: &SavedGame) -> Result<String, StoreError> {
    let invalid = |e: &dyn fmt::Display| StoreError {
        what: GAME,
        path: PathBuf::from(game_file_name(&game.game)),
        error: io::Error::new(io::ErrorKind::InvalidInput, e.to_string()),
    };
    let known = game.game().map_err(|e| invalid(&e))?;
    let end = History::replay(known.as_ref(), &game.moves).map_err(|e| invalid(&e))?;
    let session = &game.session;
    let file = GameFile {
        version: VERSION,
        game: Some(game.game.clone()),
        mode: session.mode.name().into(),
        human: session.human.map(|side| side.name().into()),
        difficulty: session.difficulty.name().into(),
        weakest: session.weakest.map(|level| level.name().into()),
        swapped: session.swapped,
        hints: game.hints.map(toml::Value::Boolean),
        names_swapped: session.names_swapped,
        moves: move_names(known.as_ref(), known.start().as_ref(), &game.moves),
        redo: move_names(known.as_ref(), end.position(), &game.redo),
        counted: session.counted,
    };
    Ok(toml::to_string(&file).expect("plain data serializes"))
}

fn game_from_text(text: &str, expected: &str) -> Result<SavedGame, Unusable> {
    check_version(text)?;
    let file: GameFile = toml::from_str(text).map_err(|e| corrupt_in(text, &e))?;
    let key = file.game.unwrap_or_else(|| FIRST_GAME.to_string());
    if key != expected {
        return Err(Unusable::Corrupt(format!(
            "it holds a game of {}, not of '{expected}'",
            quote(&key)
        )));
    }
    let mut game = SavedGame {
        game: key,
        session: Resumed {
            mode: parsed(&file.mode)?,
            human: file.human.as_deref().map(parsed).transpose()?,
            difficulty: parsed(&file.difficulty)?,
            weakest: file.weakest.as_deref().map(parsed).transpose()?,
            swapped: file.swapped,
            names_swapped: file.names_swapped,
            counted: file.counted,
        },
        hints: file.hints.and_then(|hints| hints.as_bool()),
        moves: Vec::new(),
        redo: Vec::new(),
    };
    let known = game.game().map_err(|e| Unusable::Corrupt(e.to_string()))?;
    let unplayable = |e: &dyn fmt::Display| Unusable::Unplayable(e.to_string());
    let start = known.start();
    game.moves =
        read_moves(known.as_ref(), start.as_ref(), &file.moves).map_err(|e| unplayable(&e))?;
    let end = game.history().map_err(|e| unplayable(&e))?;
    game.redo =
        read_moves(known.as_ref(), end.position(), &file.redo).map_err(|e| unplayable(&e))?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Difficulty, Side};
    use crate::store::tests::vs_hard;

    fn cells(names: &[&str]) -> Vec<Move> {
        let game = crate::games::latin::adapter::Latin;
        names
            .iter()
            .map(|n| Move::place(game.parse_cell(n).unwrap()))
            .collect()
    }

    fn saved(moves: Vec<Move>) -> SavedGame {
        let mut game = vs_hard("a1");
        game.session.human = Some(Side::Second);
        game.session.difficulty = Difficulty::Perfect;
        game.session.weakest = Some(Difficulty::Easy);
        game.session.swapped = true;
        game.hints = Some(true);
        game.moves = moves;
        game
    }

    #[test]
    fn a_finished_or_illegal_game_is_not_resumable() {
        assert!(saved(cells(&["a1", "b1"])).history().is_ok());
        let illegal = saved(cells(&["a1", "a1"])).history().unwrap_err();
        assert_eq!(illegal.to_string(), "move 2 (a1) is illegal: a1 is taken");
        let over = saved(cells(&["a1", "a2", "b1", "b2", "c1", "d1"]));
        assert!(over.history().is_err());
        let unknown = SavedGame {
            game: "chess".into(),
            ..saved(Vec::new())
        };
        assert_eq!(
            unknown.history().unwrap_err(),
            BadGame::UnknownGame("chess".into())
        );
    }

    #[test]
    fn a_saved_game_reads_back_with_its_sides_and_levels() {
        let game = saved(cells(&["b2"]));
        let text = game_to_text(&game).unwrap();
        assert!(text.contains("human = \"second\""), "{text}");
        assert!(text.contains("game = \"latin\""), "{text}");
        assert_eq!(game_from_text(&text, "latin").unwrap(), game);
        // Files of version 1, before the game, the weakest level and the swap were kept,
        // still load as Tic-Tac-Latin.
        let old = text
            .replace("version = 2", "version = 1")
            .replace("game = \"latin\"\n", "")
            .replace("weakest = \"easy\"\n", "")
            .replace("swapped = true\n", "")
            .replace("hints = true\n", "");
        assert!(
            !old.contains("weakest") && !old.contains("swapped") && !old.contains("game"),
            "{old}"
        );
        let old = game_from_text(&old, "latin").unwrap();
        assert_eq!(
            (old.session.weakest, old.session.swapped, old.hints),
            (None, false, None)
        );
        assert_eq!(old.game, "latin");
        let bad = text.replace("\"second\"", "\"third\"");
        assert!(game_from_text(&bad, "latin").is_err());
        assert!(
            game_from_text(&text, "classic-3").is_err(),
            "not this game's"
        );
    }

    /// A saved game of classic 5x5 with these moves and this extra line.
    fn classic_5(moves: &str, extra: &str) -> String {
        format!(
            "version = 2\ngame = \"classic-5\"\nmode = \"humans\"\ndifficulty = \"hard\"\n\
             {extra}moves = [{moves}]\n"
        )
    }

    /// A saved game set aside says why, in full and in its one line: the bad move, or
    /// where the file is damaged.
    #[test]
    fn a_set_aside_game_says_why_in_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().to_path_buf(), true);
        let path = store.game_path("classic-5");
        fs::write(&path, classic_5("\"a1\", \"b2\", \"a1\"", "")).unwrap();
        let loaded = store.load_game("classic-5");
        assert_eq!(loaded.value, None);
        let why = "move 3 (a1) is illegal: a1 is taken";
        assert_eq!(
            loaded.brief.as_deref(),
            Some(
                format!(
                    "saved-game-classic-5.toml could not be resumed ({why}); kept as \
                     saved-game-classic-5.toml.bak"
                )
                .as_str()
            )
        );
        let notice = loaded.notice.unwrap();
        assert!(
            notice.contains(&format!("cannot be resumed ({why})")),
            "{notice}"
        );
        assert!(dir.path().join("saved-game-classic-5.toml.bak").exists());

        fs::write(
            &path,
            classic_5("\"a1\"", "hints = true\nswapped = \"no\"\n"),
        )
        .unwrap();
        let brief = store.load_game("classic-5").brief.unwrap();
        assert_eq!(
            brief,
            "saved-game-classic-5.toml is damaged (line 6: invalid type: string \"no\", \
             expected a boolean); kept as saved-game-classic-5.toml.1.bak"
        );

        // A field missing is the whole file's fault: no line is named.
        fs::write(&path, "version = 2\nmoves = []\n").unwrap();
        let brief = store.load_game("classic-5").brief.unwrap();
        assert!(
            brief.starts_with("saved-game-classic-5.toml is damaged (missing field `mode`)"),
            "{brief}"
        );

        // Without saving, the file stays where it is, and the line says so.
        fs::write(&path, classic_5("\"a1\", \"a1\"", "")).unwrap();
        let brief = Store::new(dir.path().to_path_buf(), false)
            .load_game("classic-5")
            .brief
            .unwrap();
        assert!(
            brief.ends_with("; left as it is (saving is off)"),
            "{brief}"
        );
        assert!(brief.contains("move 2 (a1) is illegal"), "{brief}");
        assert!(path.exists());
    }

    /// `hints` of the wrong kind (a hand edit) reads as not kept: the game is not lost.
    #[test]
    fn hints_that_are_no_yes_or_no_read_as_absent() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().to_path_buf(), true);
        for hints in ["\"yes\"", "1", "[true]"] {
            let text = classic_5("\"a1\", \"b2\"", &format!("hints = {hints}\n"));
            fs::write(store.game_path("classic-5"), text).unwrap();
            let loaded = store.load_game("classic-5");
            assert_eq!((loaded.notice, loaded.brief), (None, None), "{hints}");
            let game = loaded.value.expect("the game is kept");
            assert_eq!((game.hints, game.moves.len()), (None, 2));
        }
        assert!(!dir.path().join("saved-game-classic-5.toml.bak").exists());
    }

    #[test]
    fn each_game_keeps_its_own_file() {
        assert_eq!(game_file_name("latin"), "saved-game.toml");
        assert_eq!(game_file_name("classic-5"), "saved-game-classic-5.toml");
    }
}

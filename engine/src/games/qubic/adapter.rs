//! Qubic through the core interface, with what the prover adds to the hints within a small
//! budget.

use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use rayon::prelude::*;

use super::board::QubicBoard;
use super::cell::{QubicCell, bits};
use super::dictionary::{self, Canonical, Index};
use super::geometry::{Geometry, Qubic};
use super::lines::LINES;
use super::players::{Perfect, RandomPlayer, dictionary_move, greedy, levels};
use super::prover::win_within;
use super::search::analysis::analyze;
use crate::core::root::SearchSettings;
use crate::core::words::{by_name, quote};
use crate::core::{
    Analysis, Budget, CellError, CellId, Claim, Difficulty, Engine, Game, Grid, Hint, Layout, Move,
    Player, PlayerError, PlayerOptions, Position, PositionError, Side, read_cell, read_position,
};
use crate::games::{Boards, Registration};

/// Strongest first.
pub const PLAYER_NAMES: [&str; 6] = ["perfect", "hard", "medium", "easy", "greedy", "random"];

#[derive(Clone, Copy, Debug, Default)]
pub struct QubicGame;

pub const REGISTRATION: Registration = Registration {
    name: "qubic",
    family: "Qubic",
    boards: Boards::One(|| Arc::new(QubicGame)),
    position_format: "64 cells by number (16 * layer + 4 * row + column)",
};

impl Game for QubicGame {
    fn key(&self) -> String {
        "qubic".into()
    }

    fn title(&self) -> String {
        "Qubic".into()
    }

    fn rules(&self) -> Vec<String> {
        vec![
            "Four in a row wins, along any of the cube's 76 lines, through the layers too.".into(),
            "Cells: layer, column, row (2b3 is layer 2, column b, row 3).".into(),
            "X can always win: the perfect X plays Patashnik's dictionary (1980).".into(),
        ]
    }

    fn rules_in_full(&self) -> Vec<String> {
        [
            "A 4x4x4 cube, drawn as its four layers side by side (one under the other where \
             the terminal is tall); X moves first.",
            "Four in a row wins, along any of the cube's 76 lines: rows, columns and \
             diagonals in a layer, pillars straight through the layers, and lines slanting \
             through all four layers, corner to corner included:",
            "  1a1 2a1 3a1 4a1   a pillar          1a1 2b2 3c3 4d4   a space diagonal",
            "Cells are named layer, column, row: 2b3 is layer 2 (the second grid), column b \
             (the second from the left), row 3 (the third from the top). A cell's number, 0 \
             to 63, is typed after #: #25 is 2b3.",
            "On the board, (X) marks the empty cell that completes a line of X's three, and \
             dots the lines through the cursor's cell.",
            "With best play X always wins (Oren Patashnik proved it in 1980); the perfect X \
             follows a winning strategy written down move by move.",
        ]
        .map(String::from)
        .to_vec()
    }

    /// `perfect`, though Qubic is not solved here: as X it plays Patashnik's winning strategy.
    fn level_name(&self, level: Difficulty) -> &'static str {
        level.name()
    }

    fn layout(&self) -> Layout {
        Layout {
            blocks: Grid::new(1, 4),
            cells: Grid::new(4, 4),
            may_stack: true,
        }
    }

    fn cell_name(&self, cell: CellId) -> String {
        Qubic.cell_name(cell.index())
    }

    fn parse_cell(&self, text: &str) -> Result<CellId, CellError> {
        read_cell(QubicCell::from_str(text), |c| CellId::new(c.index()))
    }

    fn start(&self) -> Box<dyn Position> {
        Box::new(QubicBoard::EMPTY)
    }

    fn parse_position(&self, text: &str) -> Result<Box<dyn Position>, PositionError> {
        read_position(QubicBoard::from_str(text))
    }

    fn engine(&self) -> Arc<dyn Engine> {
        Arc::new(QubicEngine)
    }

    fn level_text(&self, level: Difficulty) -> Option<String> {
        (level == Difficulty::Perfect)
            .then(|| "Perfect: it always wins as X; as O it thinks ahead.".into())
    }

    fn cell_name_help(&self) -> Option<String> {
        Some("2b3 = layer 2, column b, row 3 (or by number: #25)".into())
    }

    fn block_label(&self, block: u8) -> String {
        format!("Layer {}", block + 1)
    }

    fn lines(&self) -> Vec<Vec<CellId>> {
        let line = |&line: &u64| bits(line).map(CellId::new).collect();
        LINES.iter().map(line).collect()
    }
}

pub fn patashnik_index() -> Arc<Index> {
    static INDEX: OnceLock<Arc<Index>> = OnceLock::new();
    INDEX
        .get_or_init(|| {
            let d = dictionary::parse(&Qubic, dictionary::PATASHNIK, Canonical::Required)
                .expect("the shipped dictionary reads (a test checks it)");
            Arc::new(d.index(&Qubic))
        })
        .clone()
}

/// A fraction of a second.
pub const HINT_NODES: u64 = 300_000;

/// With the prover's settled hints; the quickest proven win then becomes the best move,
/// unless the best was one already.
fn hint_analysis(board: QubicBoard) -> Option<Analysis> {
    let mut analysis = analyze(board, &SearchSettings::hints(HINT_NODES))?;
    settle(board, &mut analysis.moves);
    let within = |hint: Hint| match hint {
        Hint::Proven(Claim::WinWithin(plies)) => Some(plies),
        _ => None,
    };
    if analysis.figure(analysis.best).and_then(within).is_some() {
        return Some(analysis);
    }
    let quickest = (analysis.moves.iter().enumerate())
        .filter_map(|(at, &(mv, hint))| Some((within(hint)?, at, mv)))
        .min();
    if let Some((_, at, mv)) = quickest {
        analysis.best = mv;
        analysis.pv = analysis.lines.get(at).cloned().unwrap_or_else(|| vec![mv]);
    }
    Some(analysis)
}

pub(crate) struct QubicEngine;

/// The board where the bot searches: O's, or X's off the dictionary's tree.
fn searched(position: &dyn Position) -> Option<QubicBoard> {
    let board = QubicBoard::of(position);
    dictionary_move(&patashnik_index(), board)
        .is_none()
        .then_some(board)
}

impl Engine for QubicEngine {
    fn hints(&self, position: &dyn Position) -> Vec<(Move, Hint)> {
        hint_analysis(QubicBoard::of(position)).map_or_else(Vec::new, |a| a.moves)
    }

    fn hint_analysis(&self, position: &dyn Position) -> Option<Analysis> {
        hint_analysis(searched(position)?)
    }

    fn analysis(&self, position: &dyn Position, settings: &SearchSettings) -> Option<Analysis> {
        analyze(searched(position)?, settings)
    }

    fn player_names(&self) -> Vec<String> {
        PLAYER_NAMES.map(String::from).to_vec()
    }

    fn player(&self, name: &str, options: PlayerOptions) -> Result<Box<dyn Player>, PlayerError> {
        let (seed, movetime) = (options.seed, options.movetime);
        let settings = SearchSettings::new(Budget::Time(movetime), options.threads);
        if let Some(path) = book_path(name) {
            // Not verified here: `book verify --game qubic FILE` does that.
            let d = dictionary::read_text(std::path::Path::new(path))
                .and_then(|text| dictionary::parse(&Qubic, &text, Canonical::AnyImage))
                .map_err(|e| PlayerError(format!("book:{path}: {e}")))?;
            let player = Perfect::new(name.trim(), Arc::new(d.index(&Qubic)), settings);
            return Ok(Box::new(player));
        }
        let player: Box<dyn Player> = match name.trim().to_ascii_lowercase().as_str() {
            "perfect" => Box::new(Perfect::new("perfect", patashnik_index(), settings)),
            "random" => Box::new(RandomPlayer::saying(seed, "random")),
            "greedy" => Box::new(greedy(seed)),
            other => match by_name(&Difficulty::ALL, Difficulty::name, other)
                .and_then(|level| levels::player(level, movetime, seed))
            {
                Some(level) => Box::new(level),
                None => {
                    return Err(PlayerError(format!(
                        "no Qubic player {}: choose one of {}, or book:FILE (X playing a \
                         dictionary such as `solve --game qubic --out FILE` writes)",
                        quote(name),
                        PLAYER_NAMES.join(", ")
                    )));
                }
            },
        };
        Ok(player)
    }

    fn only_side(&self, name: &str) -> Option<Side> {
        book_path(name).map(|_| Side::First)
    }
}

fn book_path(name: &str) -> Option<&str> {
    name.trim().strip_prefix("book:")
}

/// Per move's hint: milliseconds.
pub const PROOF_POSITIONS: u64 = 500;

/// Where a hint proves nothing, a move after which the prover shows X wins is a win for X
/// and a loss for O; the same on every look (a budget of positions, no clock).
pub fn settle(board: QubicBoard, hints: &mut [(Move, Hint)]) {
    let side = board.to_move();
    hints
        .par_iter_mut()
        .filter(|(_, hint)| !matches!(hint, Hint::Proven(_)))
        .for_each(|(mv, hint)| {
            let after = board.with_move(mv.placed().index());
            if let Some(plies) = win_within(after, PROOF_POSITIONS) {
                *hint = Hint::Proven(match side {
                    Side::First => Claim::WinWithin(plies + 1),
                    Side::Second => Claim::LossWithin(plies + 1),
                });
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{MarkedLine, MoveError, Side, Status};

    #[test]
    fn cells_are_placed_by_layer() {
        let game = QubicGame;
        let cell = game.parse_cell("2b3").unwrap();
        assert_eq!(cell.index(), 25);
        let place = game.place(cell);
        assert_eq!((place.block, place.row, place.col), (1, 2, 1));
        assert_eq!(game.cell_at(place), Some(cell));
        assert_eq!(game.cell_name(cell), "2b3");
        assert!(
            game.parse_cell("5a1")
                .unwrap_err()
                .0
                .contains("layers are 1 to 4")
        );
        assert_eq!(game.layout().cell_count(), 64);
        for i in 0..64 {
            assert_eq!(
                game.cell_at(game.place(CellId::new(i))),
                Some(CellId::new(i))
            );
        }
    }

    #[test]
    fn positions_play_refuse_and_mark_the_winning_line() {
        let game = QubicGame;
        let mut p = game.start();
        for cell in [0, 16, 1, 17, 2, 18] {
            p = p.play(Move::new(cell)).unwrap();
        }
        assert!(matches!(p.play(Move::new(0)), Err(MoveError::Taken(t)) if t == "1a1 is taken"));
        assert!(matches!(
            p.play(Move::new(64)),
            Err(MoveError::NotAllowed(_))
        ));
        let won = p.play(Move::new(3)).unwrap();
        assert_eq!(won.status(), Status::Won(Side::First));
        assert_eq!(
            won.marked_lines()[0].cells,
            (0..4).map(CellId::new).collect::<Vec<_>>()
        );
        assert!(won.legal_moves().is_empty());
        assert_eq!(won.play(Move::new(5)).unwrap_err(), MoveError::GameOver);
        let back = game.parse_position(&won.text()).unwrap();
        assert_eq!(back.text(), won.text());
        assert!(
            game.parse_position(&"-".repeat(63))
                .unwrap_err()
                .0
                .contains("this one has 63")
        );
    }

    /// Lines written out by hand, not read from the line table: X's three of 1a4-4a1 (across
    /// the layers), O's of the space diagonal 1d1-4a4; X's three on row 1 of layer 1 is
    /// blocked by O's 1d1, so it threatens nothing.
    #[test]
    fn threats_are_the_lines_held_but_for_one_empty_cell() {
        let game = QubicGame;
        let cells = |names: &[&str]| -> Vec<CellId> {
            names.iter().map(|n| game.parse_cell(n).unwrap()).collect()
        };
        let mask = |names: &[&str]| cells(names).iter().map(|c| 1u64 << c.index()).sum();
        let x = mask(&["1a4", "2a3", "3a2", "1a1", "1b1", "1c1"]);
        let o = mask(&["1d1", "2c2", "3b3", "4d4", "4b1"]);
        let board = QubicBoard::from_masks(x, o);
        let found = crate::core::threats(&game, &board);
        let line = |side, names: &[&str]| MarkedLine {
            cells: cells(names),
            side,
        };
        assert_eq!(
            found,
            [
                line(Side::First, &["1a4", "2a3", "3a2", "4a1"]),
                line(Side::Second, &["1d1", "2c2", "3b3", "4a4"]),
            ]
        );
        assert_eq!(game.lines().len(), 76);
        // A line completed is a win, not a threat: nothing is threatened once the game is over.
        let won = QubicBoard::from_masks(x | mask(&["4a1"]), o);
        assert!(crate::core::threats(&game, &won).is_empty());
    }

    #[test]
    fn the_engine_builds_every_named_player() {
        let engine = QubicEngine;
        let options = PlayerOptions {
            movetime: std::time::Duration::from_millis(20),
            ..PlayerOptions::seeded(3)
        };
        for name in engine.player_names() {
            let mut player = engine.player(&name, options).unwrap();
            assert_eq!(player.name(), name);
            let d = player.decide(QubicGame.start().as_ref()).unwrap();
            assert!(d.mv.index() < 64);
        }
        let err = engine.player("best", options).err().unwrap();
        assert!(err.0.contains("perfect, hard"), "{err}");
        // Perfect X opens at 1a1 from the dictionary.
        let mut perfect = engine.player("perfect", options).unwrap();
        let d = perfect.decide(QubicGame.start().as_ref()).unwrap();
        assert_eq!((d.mv.index(), d.how.as_deref()), (0, Some("dictionary")));
    }

    #[test]
    fn hints_prove_wins_and_losses() {
        use crate::core::Engine;
        use crate::games::qubic::adapter::QubicEngine;
        let hints = |board| QubicEngine.hints(&board);
        // X to move with a double-threat cell at 0 (X on 1 2 4 8) and O out of the way.
        let b = QubicBoard::from_masks(
            1 << 1 | 1 << 2 | 1 << 4 | 1 << 8,
            1 << 40 | 1 << 45 | 1 << 51 | 1 << 60,
        );
        let moves = hints(b);
        assert_eq!(moves.len(), 56);
        let at = |c: usize| moves.iter().find(|h| h.0.index() == c).unwrap().1;
        assert_eq!(at(0), Hint::Proven(Claim::WinWithin(3)));
        // O to move facing X's three on 0 1 2: every move but the block loses at once.
        let o = QubicBoard::from_masks(0b111, 1 << 40 | 1 << 45);
        for (mv, hint) in hints(o) {
            if mv.index() == 3 {
                assert!(!matches!(hint, Hint::Proven(Claim::LossWithin(2))));
            } else {
                assert_eq!(hint, Hint::Proven(Claim::LossWithin(2)), "{mv:?}");
            }
        }
    }

    #[test]
    fn the_prover_settles_what_the_threat_search_does_not() {
        use crate::games::qubic::cell::bits;
        use crate::games::qubic::dictionary::{Canonical, runlength};
        use crate::games::qubic::geometry::{Geometry, Qubic};
        // Patashnik's line 927: his move 12 starts no forced win, but the prover shows
        // within its budget that X wins after it.
        let line = "xo1o3x3o3o6x2xx1o8x3xo9o 12";
        let (board, play) = runlength::parse_line(&Qubic, line, Canonical::Required).unwrap();
        let guess = |_| Hint::Guess(0);
        let mut moves: Vec<(Move, Hint)> = bits(Qubic.empty_cells(board))
            .map(|c| (Move::new(c), guess(c)))
            .collect();
        settle(board, &mut moves);
        let at =
            |moves: &[(Move, Hint)], c: usize| moves.iter().find(|m| m.0.index() == c).unwrap().1;
        let Hint::Proven(Claim::WinWithin(plies)) = at(&moves, play) else {
            panic!("{:?}", at(&moves, play));
        };
        assert!(plies > 3, "{plies}");
        // O to move after it: every reply is a proven loss, none quicker than X's win.
        let after = board.with_move(play);
        let mut replies: Vec<(Move, Hint)> = bits(Qubic.empty_cells(after))
            .map(|c| (Move::new(c), guess(c)))
            .collect();
        settle(after, &mut replies);
        for (mv, hint) in replies {
            assert!(
                matches!(hint, Hint::Proven(Claim::LossWithin(n)) if n < plies),
                "{mv:?} {hint:?}"
            );
        }
    }
}

//! Positions as text, `<256 cells> <last move> <side to move>`, refused unless a game can
//! reach them.

use std::str::FromStr;

use crate::core::words::{cell_count, quote, quote_char, stone_counts};
use crate::core::{Side, Status};
use crate::games::kit::position_text::{stone, write_cells};

use super::board::ExtremeBoard;
use super::cell::{CELLS, ExtremeCell, ExtremeCellParseError, board_name};
use super::patterns::{PATTERNS, has_pattern};
use super::rules::State;

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ExtremePositionError {
    #[error("a position is three words, <256 cells> <last move> <side to move>; got {0}")]
    Words(usize),
    #[error("{}", cell_count(None, CELLS, .0))]
    Length(usize),
    #[error(
        "{} at cell {} is not X, O, - or .",
        quote_char(*.ch),
        ExtremeCell::new(*.cell as u8)
    )]
    Character { ch: char, cell: usize },
    #[error("last move: {0}, or - before the first move")]
    LastMove(ExtremeCellParseError),
    #[error("{} is not a side to move: use x or o", quote(.0))]
    Side(String),
    #[error("there are stones on the board but no last move")]
    NoLastMove,
    #[error("X moves first: the empty board has x to move")]
    FirstMoveByO,
    #[error("the last move {0} is an empty cell")]
    LastMoveEmpty(ExtremeCell),
    #[error(
        "the last move {} is in small board {}, which the other side had won",
        .0,
        board_name(.0.board())
    )]
    LastMoveInClosedBoard(ExtremeCell),
    #[error("small board {} is won by both sides", board_name(*.0))]
    BothWonSmall(usize),
    /// No stone of the winner common to all its patterns.
    #[error("small board {} has stones played after it was won", board_name(*.0))]
    PlayedAfterWon(usize),
    #[error("both sides hold a pattern of small boards")]
    BothWonBig,
    #[error("the game was won before the last move, or not by the side that made it")]
    WinNotByLastMove,
    #[error(
        "{}: no order of turns (with bonus moves only after winning small boards) \
         explains that",
        stone_counts(*.x, *.o)
    )]
    Counts { x: u32, o: u32 },
    #[error(
        "{} moved last ({last}) without winning a small board, so {} is to move",
        .side.letter(),
        .side.other().letter()
    )]
    Bonus { side: Side, last: ExtremeCell },
}

impl FromStr for State {
    type Err = ExtremePositionError;

    fn from_str(text: &str) -> Result<State, ExtremePositionError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [cells, last, side] = words[..] else {
            return Err(ExtremePositionError::Words(words.len()));
        };
        let stones = parse_cells(cells)?;
        let last = (last != "-").then(|| last.parse::<ExtremeCell>());
        let last = last.transpose().map_err(ExtremePositionError::LastMove)?;
        let side = match side {
            "x" | "X" => Side::First,
            "o" | "O" => Side::Second,
            other => return Err(ExtremePositionError::Side(other.to_string())),
        };
        State::from_stones(stones, last, side)
    }
}

fn parse_cells(word: &str) -> Result<[[u16; 16]; 2], ExtremePositionError> {
    let symbols: Vec<char> = word.chars().filter(|&c| c != '/').collect();
    if symbols.len() != CELLS {
        return Err(ExtremePositionError::Length(symbols.len()));
    }
    let mut stones = [[0u16; 16]; 2];
    for (index, &ch) in symbols.iter().enumerate() {
        let cell = ExtremeCell::new(index as u8);
        let stone = stone(ch).ok_or(ExtremePositionError::Character { ch, cell: index })?;
        if let Some(side) = stone {
            stones[side.index()][cell.board()] |= cell.bit();
        }
    }
    Ok(stones)
}

impl State {
    /// Refused unless some game reaches it. Once the game is over the side to move is the
    /// side that did not move last, whatever was given.
    pub fn from_stones(
        stones: [[u16; 16]; 2],
        last: Option<ExtremeCell>,
        side: Side,
    ) -> Result<State, ExtremePositionError> {
        let board = ExtremeBoard::from_stones(stones);
        check_small_boards(&board)?;
        let Some(last) = last else {
            if board != ExtremeBoard::EMPTY {
                return Err(ExtremePositionError::NoLastMove);
            }
            if side != Side::First {
                return Err(ExtremePositionError::FirstMoveByO);
            }
            return Ok(State::START);
        };
        let mover = board
            .at(last)
            .ok_or(ExtremePositionError::LastMoveEmpty(last))?;
        let won_by_last = check_last_move(&board, last, mover)?;
        let over = State::from_parts(board, Some(last), mover.other(), false);
        check_big_board(&board, last, mover, over.status())?;
        let turn = if over.status().is_over() {
            Turn::Over
        } else if side == mover {
            if !won_by_last {
                return Err(ExtremePositionError::Bonus { side: mover, last });
            }
            Turn::Bonus
        } else {
            Turn::Fresh
        };
        check_counts(&board, mover, won_by_last, turn)?;
        Ok(match turn {
            Turn::Over | Turn::Fresh => over,
            Turn::Bonus => State::from_parts(board, Some(last), mover, true),
        })
    }

    pub fn text(&self) -> String {
        let cells = write_cells(CELLS, &[], |i| self.board().at(ExtremeCell::new(i as u8)));
        let last = self.last_move().map_or("-".to_string(), |c| c.to_string());
        let side = self.to_move().letter().to_ascii_lowercase();
        format!("{cells} {last} {side}")
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Turn {
    Over,
    /// The last mover won a small board and moves again.
    Bonus,
    Fresh,
}

/// The winning stone, the last one played on a won small board, lies in every pattern the
/// winner holds.
fn check_small_boards(board: &ExtremeBoard) -> Result<(), ExtremePositionError> {
    for b in 0..16 {
        let bit = 1 << b;
        if board.won(Side::First) & bit != 0 && board.won(Side::Second) & bit != 0 {
            return Err(ExtremePositionError::BothWonSmall(b));
        }
        for side in Side::ALL {
            if board.won(side) & bit != 0 && winning_stones(board.stones(side, b)) == 0 {
                return Err(ExtremePositionError::PlayedAfterWon(b));
            }
        }
    }
    Ok(())
}

/// All ones when `stones` holds no pattern.
fn winning_stones(stones: u16) -> u16 {
    PATTERNS
        .iter()
        .filter(|&&p| stones & p == p)
        .fold(0xFFFF, |common, &p| common & p)
}

/// Whether the last move won its small board (then with this very stone: the board was
/// open before it).
fn check_last_move(
    board: &ExtremeBoard,
    last: ExtremeCell,
    mover: Side,
) -> Result<bool, ExtremePositionError> {
    let bit = 1 << last.board();
    if board.won(mover.other()) & bit != 0 {
        return Err(ExtremePositionError::LastMoveInClosedBoard(last));
    }
    let won = board.won(mover) & bit != 0;
    if won && winning_stones(board.stones(mover, last.board())) & last.bit() == 0 {
        return Err(ExtremePositionError::PlayedAfterWon(last.board()));
    }
    Ok(won)
}

/// A big pattern is the last mover's, completed by the last move.
fn check_big_board(
    board: &ExtremeBoard,
    last: ExtremeCell,
    mover: Side,
    status: Status,
) -> Result<(), ExtremePositionError> {
    let x = has_pattern(board.won(Side::First));
    let o = has_pattern(board.won(Side::Second));
    if x && o {
        return Err(ExtremePositionError::BothWonBig);
    }
    let holder = if x { Side::First } else { Side::Second };
    if (x || o) && (holder != mover || winning_stones(board.won(mover)) & (1 << last.board()) == 0)
    {
        return Err(ExtremePositionError::WinNotByLastMove);
    }
    debug_assert!(!(x || o) || status == Status::Won(mover));
    Ok(())
}

/// Some order of turns explains the counts: X starts, a turn is one move or two, and a
/// second move needs a small board won by the first.
fn check_counts(
    board: &ExtremeBoard,
    mover: Side,
    won_by_last: bool,
    turn: Turn,
) -> Result<(), ExtremePositionError> {
    let count = |s: Side| board.stone_count(s);
    let wins = |s: Side| board.won(s).count_ones();
    // The bonus moves each side took lie within [least, most].
    let mut least = [0u32; 2];
    let mut most = [wins(Side::First), wins(Side::Second)];
    let m = mover.index();
    match turn {
        // The last move's win earned a bonus not yet taken, or ended the game: either way
        // it paid for no bonus move on the board.
        Turn::Bonus | Turn::Over if won_by_last => most[m] -= 1,
        // The last move won a board yet the other side is to move: it was a bonus move.
        Turn::Fresh if won_by_last => {
            least[m] = 1;
            most[m] = most[m].saturating_sub(1);
        }
        _ => {}
    }
    // Turns so far, a started bonus turn included: the latest is the last mover's, and X
    // took the first, so X is one turn ahead exactly when X moved last.
    let x_ahead = u32::from(mover == Side::First);
    let fits = |side: Side, turns: u32| {
        let stones = count(side);
        stones >= turns && (least[side.index()]..=most[side.index()]).contains(&(stones - turns))
    };
    let explained = (0..=CELLS as u32)
        .any(|o_turns| fits(Side::First, o_turns + x_ahead) && fits(Side::Second, o_turns));
    let (x, o) = (count(Side::First), count(Side::Second));
    explained
        .then_some(())
        .ok_or(ExtremePositionError::Counts { x, o })
}

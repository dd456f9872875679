//! A puzzle on the board: a position of the game's shipped set where one move wins (or
//! saves the draw), played against the perfect bot, each of the person's moves judged as
//! it is made. The first try counts, as on lichess: a wrong move or the shown answer
//! fails it, a solve without either moves the person's puzzle rating up.

use std::sync::Arc;

use crate::config::First;
use crate::core::review::{self, Mark, MoveReview};
use crate::core::session::Session;
use crate::core::{CellId, Difficulty, Game, MarkedLine, Mode, Outcome, Place, Position, Side};
use crate::keys::Action;
use crate::store::Counted;
use crate::tui::screens::play::PlayScreen;
use crate::tui::screens::play::hints::Advice;
use crate::tui::screens::play::words::line_name;
use crate::tui::shared::{Shared, StatusLine};
use tictaclatin_research::puzzles::{self, Puzzle};

/// What the puzzle asks, and what the panel says of the person's moves so far.
#[derive(Clone, Debug)]
pub struct Solving {
    /// Its place in the game's set, from 0 (the easiest); `None` for a position of the
    /// person's own game, which is not rated.
    pub number: Option<usize>,
    pub puzzle: Puzzle,
    /// What it asks, said again when a move is taken back.
    pub asked: String,
    pub said: String,
    /// Hints given: the first names the answer's row, the second the answer.
    pub hints: u8,
    /// The first try was counted (solved or failed): the rest is practice.
    pub counted: bool,
    /// The person's move (its ply) waiting for the bot thread's values of the position
    /// before it, on a board the engine searches.
    pub judging: Option<usize>,
}

impl Solving {
    /// A win, or the draw kept where every other move loses (a win of no length).
    pub fn goal(&self) -> Outcome {
        match self.puzzle.moves {
            0 => Outcome::Draw,
            _ => Outcome::Win,
        }
    }
}

impl PlayScreen {
    /// Puzzle `number` of `game`'s set on the board.
    pub fn start_puzzle(&mut self, game: Arc<dyn Game>, number: usize, shared: &mut Shared) {
        let set = puzzles::set(&game.key());
        let Some(puzzle) = set.get(number) else {
            let title = game.title();
            shared.status = StatusLine::note(format!("No puzzle {} of {title}.", number + 1));
            return;
        };
        let lead = format!("Puzzle {} of {}. ", number + 1, set.len());
        self.start_solving(game, puzzle.clone(), Some(number), &lead, shared);
    }

    /// `puzzle` on the board, the person to move against the perfect bot.
    fn start_solving(
        &mut self,
        game: Arc<dyn Game>,
        puzzle: Puzzle,
        number: Option<usize>,
        lead: &str,
        shared: &mut Shared,
    ) {
        let Ok(start) = game.parse_position(&puzzle.position) else {
            return;
        };
        // The person plays the side to move: X is the side that moves first.
        let starter = match start.to_move() {
            Side::First => First::You,
            Side::Second => First::Bot,
        };
        let side = shared.settings.symbol(start.to_move()).to_string();
        // A proof bounds a win's length where a table gives it exactly.
        let within = if game.solved() { "in" } else { "within" };
        // A position of the person's own game may have more than one good move.
        let asked = match puzzle.moves {
            0 if number.is_none() => "find a move that does not lose".into(),
            0 => "find the one move that does not lose".into(),
            1 => "win at once".to_string(),
            n => format!("win {within} {n} moves"),
        };
        let session = Session::new(game, Mode::VsBot, starter, Difficulty::Perfect);
        self.start_session(session.from_start(start), shared);
        self.hints = false;
        let asked = format!("{side} to play: {asked}");
        let said = asked.clone();
        shared.status = StatusLine::turn(lead, &self.turn_text(&shared.settings));
        let (hints, counted, judging) = (0, false, None);
        let solving = Solving {
            number,
            puzzle,
            asked,
            said,
            hints,
            counted,
            judging,
        };
        self.puzzle = Some(solving);
    }

    /// After a game the person lost: their first move that made the result worse, as
    /// lichess's "learn from your mistakes" offers it; told, and kept for the hint key.
    pub(crate) fn find_missed(&mut self, shared: &mut Shared) {
        let history = &self.session.history;
        let person = self.session.kept.human;
        let engine = shared.engine(self.game());
        let blunder = (1..=history.moves().len())
            .filter_map(|ply| review::review_move(engine?, history, ply))
            .find(|r| Some(r.side) == person && r.mark == Mark::Blunder);
        self.missed = blunder;
        if let Some(r) = blunder {
            let key = shared.key(Action::Hints);
            let name = self.game().move_name(history.position_at(r.ply - 1), r.mv);
            shared.status.add(&format!(
                "Your {name} let this slip: {key} tries it as a puzzle."
            ));
        }
    }

    /// The position before the person's missed move, as an unrated puzzle: the review
    /// that found it knows its value and best move.
    fn try_missed(&mut self, missed: MoveReview, shared: &mut Shared) {
        let game = Arc::clone(&self.session.game);
        let position = self.session.history.position_at(missed.ply - 1);
        let won = missed.before.outcome == Outcome::Win;
        let puzzle = Puzzle {
            position: position.text(),
            answer: game.move_name(position, missed.best),
            moves: if won { missed.before.moves() } else { 0 },
            tempting: 0,
        };
        self.start_solving(game, puzzle, None, "From your game. ", shared);
    }

    /// The puzzle rated nearest the person's puzzle rating among those not tried yet.
    pub fn next_puzzle(&mut self, game: Arc<dyn Game>, shared: &mut Shared) {
        let key = game.key();
        let stats = shared.memory.stats();
        let mine = stats.puzzles(&key);
        let tried = |n: usize| mine.is_some_and(|mine| mine.tried.contains_key(&n.to_string()));
        let rating = stats.puzzle_rating(&key);
        let number = puzzles::next_for(&puzzles::set(&key), rating, tried).unwrap_or(0);
        self.start_puzzle(game, number, shared);
    }

    /// After the person's move at `ply`: right (the goal still certain, solved once it is
    /// reached) or wrong, in words, with the way back to try again. On a board the engine
    /// searches, its values come from the bot thread, and the move waits for them.
    pub(crate) fn judge_puzzle_move(&mut self, ply: usize, shared: &mut Shared) {
        let Some(goal) = self.puzzle.as_ref().map(Solving::goal) else {
            return;
        };
        let game = Arc::clone(&self.session.game);
        let (before, mv) = (self.history().position_at(ply - 1), self.moves()[ply - 1]);
        let hints = match (shared.engine(game.as_ref()), &self.searched_hints) {
            (Some(engine), _) if engine.instant_hints() => engine.hints(before),
            (_, Some(searched)) if searched.position == before.text() => searched.hints.clone(),
            _ => {
                self.puzzle.as_mut().expect("a puzzle").judging = Some(ply);
                return;
            }
        };
        let Some((_, hint)) = hints.into_iter().find(|&(m, _)| m == mv) else {
            return;
        };
        let other = self.name(before.to_move().other(), &shared.settings);
        let name = game.move_name(before, mv);
        let puzzle = self.puzzle.as_ref().map(|p| &p.puzzle).expect("a puzzle");
        // The answer's value is the puzzle's, proven, where the search may find less in its
        // time (on extreme); any other move it proves nothing of is no sure win.
        let answer = (ply == 1 && name == puzzle.answer).then(|| match puzzle.moves {
            0 => Advice::Draw,
            moves => Advice::Win {
                moves,
                exact: game.solved(),
            },
        });
        let advice = answer.or_else(|| Advice::proven(hint));
        let words = advice.map_or("leaves no sure win".into(), |a| a.words(&other));
        let next = shared.key(Action::New);
        let (said, solved) = match advice.and_then(Advice::outcome) {
            outcome if outcome.is_none_or(|o| o < goal) => {
                let undo = shared.key(Action::Undo);
                let said = format!("Not this one: {name} {words}.");
                (
                    format!("{said} {undo} takes it back to try again."),
                    Some(false),
                )
            }
            _ if goal == Outcome::Draw || self.position().status().is_over() => {
                let said = format!("Solved: {name} {words}.");
                (
                    format!("{said} {next}, then Enter: the next puzzle."),
                    Some(true),
                )
            }
            _ => (format!("Right: {name} {words}. Go on."), None),
        };
        let rated = solved.and_then(|solved| self.count_puzzle(solved, shared));
        if let Some(puzzle) = self.puzzle.as_mut() {
            // Solved after a failed first try: the rating counted the failure alone.
            let retried = solved == Some(true) && rated.is_none() && puzzle.number.is_some();
            let note = if retried {
                " Only the first try is rated."
            } else {
                ""
            };
            puzzle.said = format!("{said}{}{note}", rated.unwrap_or_default());
        }
        // The game's end, said as the move was played, ends with the verdict.
        if self.status().is_over() {
            shared.status = StatusLine::note(self.result_text(&shared.settings));
        }
    }

    /// The first try's result in the person's record; the rating it leaves, in words.
    fn count_puzzle(&mut self, solved: bool, shared: &mut Shared) -> Option<String> {
        let puzzle = self.puzzle.as_mut().filter(|p| !p.counted)?;
        puzzle.counted = true;
        let number = puzzle.number?;
        // A clue helped: the solve is not the person's alone.
        if solved && puzzle.hints > 0 {
            return Some(" Solved with a clue: not rated.".into());
        }
        let game = self.session.game.key();
        let set = puzzles::set(&game);
        let before = shared.memory.stats().puzzle_rating(&game);
        let counted = Counted::Puzzle {
            game: game.clone(),
            number,
            first: puzzles::first_rating(&set, number),
            solved,
        };
        if let Err(why) = shared.memory.count(counted) {
            shared
                .status
                .add(&format!("(The puzzle was not counted: {why}.)"));
        }
        let after = shared.memory.stats().puzzle_rating(&game);
        let change = (after - before).round();
        Some(format!(
            " Your puzzle rating: {after:.0} ({change:+}).",
            after = after.round()
        ))
    }

    /// The puzzle's hint key: first the row the answer is on, then the answer itself
    /// (which counts the puzzle failed, as lichess's "view the solution" does).
    pub(crate) fn puzzle_hint(&mut self, shared: &mut Shared) {
        if let Some(missed) = self.missed.take() {
            return self.try_missed(missed, shared);
        }
        let Some(puzzle) = self.puzzle.as_ref() else {
            return;
        };
        let game = self.session.game.clone();
        let position = self.position();
        // Past the first move, the clue is for the position on the board.
        let cell = match self.moves().is_empty() {
            true => game.parse_cell(&puzzle.puzzle.answer).ok(),
            false => shared
                .engine(&*game)
                .and_then(|e| puzzles::best_move(&*game, e, position))
                .map(crate::core::Move::placed),
        };
        let Some(cell) = cell else {
            return;
        };
        let threat = threat_through(&*game, self.position(), cell, puzzle.goal());
        let puzzle = self.puzzle.as_mut().expect("a puzzle is on the board");
        puzzle.hints = (puzzle.hints + 1).min(2);
        let said = match puzzle.hints {
            1 if let Some(line) = threat => format!("Look along {}.", line_name(&*game, &line)),
            1 => {
                let Place { block, row, .. } = game.place(cell);
                let end = game.layout().cells.cols - 1;
                let name = |col| {
                    game.cell_at(Place { block, row, col })
                        .map(|c| game.cell_name(c))
                };
                let (first, last) = (name(0).unwrap_or_default(), name(end).unwrap_or_default());
                format!("Look along the row from {first} to {last}.")
            }
            _ => {
                self.cursor = cell;
                let answer = game.cell_name(cell);
                format!("The move is {answer}: this puzzle counts as failed.")
            }
        };
        let rated = match puzzle.hints {
            2 => self.count_puzzle(false, shared),
            _ => None,
        };
        shared.status = StatusLine::note(format!("{said}{}", rated.unwrap_or_default()));
    }
}

/// The threat to look at, where the game names its lines (Qubic): the line through `cell`
/// holding the most stones of the side that wins there (the mover for a win, the other
/// side for a save) and none of the other's.
fn threat_through(
    game: &dyn Game,
    position: &dyn Position,
    cell: CellId,
    goal: Outcome,
) -> Option<MarkedLine> {
    let mover = position.to_move();
    let side = if goal == Outcome::Win {
        mover
    } else {
        mover.other()
    };
    let held = |cells: &[CellId], by: Side| {
        cells
            .iter()
            .filter(|&&c| position.at(c) == Some(by))
            .count()
    };
    let lines = game.lines().into_iter().filter(|l| l.contains(&cell));
    let open = lines.filter(|l| held(l, side.other()) == 0);
    let cells = open.max_by_key(|l| held(l, side))?;
    Some(MarkedLine { cells, side })
}

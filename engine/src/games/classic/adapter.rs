//! Classic tic-tac-toe behind the games interface of `crate::core`.

use std::sync::{Arc, OnceLock};

use super::board::ClassicBoard;
use super::cell::ClassicCell;
use super::lines::Lines;
use super::players::{D10, EXACT_STYLES, RandomPlayer, RuleList, SearchLevel, greedy, searcher};
use super::proof::{ProofLimits, Prover};
use super::search;
use super::solver::ClassicSolver;
use super::text;
use super::variant::{self, Variant};
use crate::core::root::SearchSettings;
use crate::core::words::quote;
use crate::core::{
    Analysis, Budget, CellError, CellId, Claim, Difficulty, Engine, Game, Hint, Layout, MarkedLine,
    Move, MoveError, Player, PlayerError, PlayerOptions, Position, PositionError, Side, Status,
    Value, read_cell, read_position,
};
use crate::games::kit::levels::solved_player;
use crate::games::kit::placing::{off_board, placements};
use crate::games::{Boards, Registration};

/// Classic tic-tac-toe in the list of games: 3x3 unless a size is chosen.
pub const REGISTRATION: Registration = Registration {
    name: "classic",
    family: "classic tic-tac-toe",
    boards: Boards::Sized {
        sizes: variant::MIN_SIZE..=variant::MAX_SIZE,
        default: variant::MIN_SIZE,
        make: |size, in_a_row| Ok(Arc::new(Variant::new(size, in_a_row)?)),
    },
    position_format: "N x N cells row by row",
};

fn cell_id(cell: ClassicCell) -> CellId {
    CellId::new(cell.index())
}

impl Game for Variant {
    /// `classic-5`, or `classic-4k3` when fewer than the whole row win.
    fn key(&self) -> String {
        let (n, k) = (self.size(), self.k());
        if n == k {
            format!("classic-{n}")
        } else {
            format!("classic-{n}k{k}")
        }
    }

    fn title(&self) -> String {
        format!("Classic {self}")
    }

    fn rules(&self) -> Vec<String> {
        let (n, k) = (self.size(), self.k());
        let line = if n == k {
            "a whole row, column or long diagonal".to_string()
        } else {
            format!("{k} in a row along a row, a column or a diagonal")
        };
        vec![
            format!("{n}x{n} board; the sides take turns."),
            format!("The first to hold {line} wins at once."),
            "A full board without such a line is a draw.".to_string(),
        ]
    }

    fn layout(&self) -> Layout {
        Layout::board(self.size(), self.size())
    }

    /// Boards of up to 16 cells are solved by a table; bigger ones are searched.
    fn solved(&self) -> bool {
        self.is_solvable()
    }

    fn cell_name(&self, cell: CellId) -> String {
        ClassicCell::new(*self, cell.index())
            .map_or_else(|| format!("#{}", cell.index()), |c| c.name(*self))
    }

    fn parse_cell(&self, text: &str) -> Result<CellId, CellError> {
        read_cell(ClassicCell::parse(*self, text), cell_id)
    }

    fn start(&self) -> Box<dyn Position> {
        Box::new(ClassicBoard::empty(*self))
    }

    fn parse_position(&self, text: &str) -> Result<Box<dyn Position>, PositionError> {
        read_position(text::parse(*self, text))
    }

    fn engine(&self) -> Arc<dyn Engine> {
        Arc::new(ClassicEngine::new(*self))
    }

    /// On 3x3 the medium level is the ten-sided-die player: say so.
    fn level_text(&self, level: Difficulty) -> Option<String> {
        (level == Difficulty::Medium && *self == Variant::CLASSIC)
            .then(|| "Medium: a ten-sided-die player: wins, blocks, else rolls a die.".into())
    }
}

impl Position for ClassicBoard {
    fn at(&self, cell: CellId) -> Option<Side> {
        ClassicBoard::at(*self, ClassicCell::new(self.variant(), cell.index())?)
    }

    fn to_move(&self) -> Side {
        ClassicBoard::to_move(*self)
    }

    fn status(&self) -> Status {
        ClassicBoard::status(*self)
    }

    fn legal_moves(&self) -> Vec<Move> {
        placements(
            ClassicBoard::status(*self),
            ClassicCell::in_mask(self.empty_cells()).map(cell_id),
        )
    }

    fn play(&self, mv: Move) -> Result<Box<dyn Position>, MoveError> {
        let v = self.variant();
        let c = ClassicCell::new(v, mv.placed().index());
        let c = c.ok_or_else(|| off_board(mv.placed(), usize::from(v.size())))?;
        Ok(Box::new(ClassicBoard::play(*self, c)?))
    }

    fn text(&self) -> String {
        text::format(*self)
    }

    fn stones(&self) -> usize {
        self.stone_count() as usize
    }

    /// Every line the winner holds (two when the last move completed two at once).
    fn marked_lines(&self) -> Vec<MarkedLine> {
        let Some((side, _)) = self.winning_line() else {
            return Vec::new();
        };
        let stones = ClassicBoard::stones(*self, side);
        Lines::of(self.variant())
            .all()
            .iter()
            .filter(|&&l| l & !stones == 0)
            .map(|&l| MarkedLine {
                cells: ClassicCell::in_mask(l).map(cell_id).collect(),
                side,
            })
            .collect()
    }
}

const PLAYERS: [&str; 8] = [
    "random",
    "greedy",
    "d10",
    "rule-list",
    "perfect",
    "easy",
    "medium",
    "hard",
];

/// What classic knows of one variant: the exact solver up to 16 cells, else search.
pub(crate) struct ClassicEngine {
    variant: Variant,
    solver: Option<Arc<ClassicSolver>>,
    /// The search behind hints and analyses where there is no solver (each analysis
    /// starts from its own empty tables).
    analysis_search: search::Searcher,
    /// The prover behind exact hints where there is no solver, built at the first hint.
    prover: OnceLock<Prover>,
}

/// The node budget of the hints on a big board: a fifth of a second or so.
pub const HINT_NODES: u64 = 300_000;

/// The positions the prover may visit for a big board's hints, shared out by the moves:
/// up to about a second (7x7 with five in a row); a proven move then hints its exact value.
pub const HINT_PROOF_NODES: u64 = 200_000;

impl ClassicEngine {
    /// Solves the variant when it has at most 16 cells (4x4 takes about 0.2 s).
    pub fn new(variant: Variant) -> ClassicEngine {
        ClassicEngine {
            variant,
            solver: ClassicSolver::new(variant).map(Arc::new),
            analysis_search: search::Searcher::new(variant),
            prover: OnceLock::new(),
        }
    }

    fn board(&self, position: &dyn Position) -> Option<ClassicBoard> {
        let board = *position.as_any().downcast_ref::<ClassicBoard>()?;
        (board.variant() == self.variant).then_some(board)
    }

    fn names(&self) -> Vec<&'static str> {
        PLAYERS
            .into_iter()
            .filter(|&name| self.unavailable(name).is_none())
            .collect()
    }

    fn unavailable(&self, name: &str) -> Option<String> {
        let n = self.variant.size();
        match name {
            "d10" if self.variant != Variant::CLASSIC => Some(format!(
                "d10 plays only on 3x3 (three in a row), not on {}",
                self.variant
            )),
            "rule-list" if n.is_multiple_of(2) => {
                Some(format!("rule-list needs an odd size, {n} is even"))
            }
            _ => None,
        }
    }

    /// The analysis at [`HINT_NODES`], each move's figure made its exact value where the
    /// prover settles it within its share of [`HINT_PROOF_NODES`]: the same on every look.
    fn hint_analysis_of(&self, board: ClassicBoard) -> Option<Analysis> {
        let mut analysis = self
            .analysis_search
            .analyze(board, &SearchSettings::hints(HINT_NODES))?;
        let prover = self.prover.get_or_init(|| Prover::new(self.variant));
        let moves = u64::from(board.empty_cells().count_ones()).max(1);
        let limits = ProofLimits {
            nodes: HINT_PROOF_NODES / moves,
            time: None,
        };
        for (mv, figure) in &mut analysis.moves {
            let proven = ClassicCell::new(self.variant, mv.index())
                .and_then(|cell| prover.move_value(board, cell, limits));
            if let Some(value) = proven {
                *figure = Hint::Proven(Claim::Exact(value));
            }
        }
        Some(analysis)
    }
}

/// The rule list's experiment on 3x3 as the post reports it, 50,000 games in each order:
/// first mover, second, then the first's wins, the second's and the draws.
/// `examples/seed003/` replays it and explains the differences from ours.
const RULE_LIST_PUBLISHED: [(&str, &str, [u64; 3]); 2] = [
    ("random", "rule-list", [292, 42_986, 6_722]),
    ("rule-list", "random", [48_306, 0, 1_694]),
];

impl Engine for ClassicEngine {
    fn value(&self, position: &dyn Position) -> Option<Value> {
        self.solver.as_ref()?.value(self.board(position)?)
    }

    fn hints(&self, position: &dyn Position) -> Vec<(Move, Hint)> {
        let Some(board) = self.board(position) else {
            return Vec::new();
        };
        match &self.solver {
            Some(solver) => solver
                .move_values(board)
                .into_iter()
                .map(|(cell, value)| (cell_id(cell).into(), Hint::Proven(Claim::Exact(value))))
                .collect(),
            None => self
                .hint_analysis_of(board)
                .map_or_else(Vec::new, |a| a.moves),
        }
    }

    fn hint_analysis(&self, position: &dyn Position) -> Option<Analysis> {
        if self.solver.is_some() {
            return None;
        }
        self.hint_analysis_of(self.board(position)?)
    }

    fn instant_hints(&self) -> bool {
        self.solver.is_some()
    }

    fn analysis(&self, position: &dyn Position, settings: &SearchSettings) -> Option<Analysis> {
        if self.solver.is_some() {
            return None;
        }
        self.analysis_search
            .analyze(self.board(position)?, settings)
    }

    fn published(&self, first: &str, second: &str) -> Option<crate::core::Published> {
        if self.variant != Variant::CLASSIC {
            return None;
        }
        let &(_, _, [first_wins, second_wins, draws]) = RULE_LIST_PUBLISHED
            .iter()
            .find(|row| (row.0, row.1) == (first, second))?;
        Some(crate::core::Published {
            source: "the C# program of the post \"Don't lose on Tic-Tac-Toe 99% of the time\""
                .into(),
            games: first_wins + second_wins + draws,
            first_wins,
            second_wins,
            draws,
        })
    }

    fn solved(&self) -> Option<crate::core::Solved> {
        Some(self.solver.as_ref()?.solved())
    }

    fn best(&self, position: &dyn Position) -> Option<Move> {
        let choice = self.solver.as_ref()?.best_move(self.board(position)?)?;
        Some(cell_id(choice.cell).into())
    }

    fn player_names(&self) -> Vec<String> {
        self.names().into_iter().map(String::from).collect()
    }

    fn player(&self, name: &str, options: PlayerOptions) -> Result<Box<dyn Player>, PlayerError> {
        if let Some(why) = self.unavailable(name) {
            return Err(PlayerError(why));
        }
        let (seed, movetime, v) = (options.seed, options.movetime, self.variant);
        // `max` is the top level's name where the board is searched; both names work.
        let level = Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == name || (name, *d) == ("max", Difficulty::Perfect));
        let player: Box<dyn Player> = match (name, level, &self.solver) {
            ("random", ..) => Box::new(RandomPlayer::new(seed)),
            ("greedy", ..) => Box::new(greedy(seed)),
            ("d10", ..) => Box::new(D10::new(seed)),
            // On 3x3 the medium level is the ten-sided-die player: it sits between easy and hard
            // (it beats easy and loses to hard, measured), and it was written to be a
            // beatable opponent for a person.
            ("medium", ..) if v == Variant::CLASSIC => Box::new(D10::named("medium", seed)),
            ("rule-list", ..) => Box::new(RuleList::new(seed)),
            (_, Some(Difficulty::Perfect), None) => {
                let settings = SearchSettings::new(Budget::Time(movetime), options.threads);
                Box::new(searcher::perfect(v, settings))
            }
            (_, Some(level), Some(solver)) => {
                solved_player(level, EXACT_STYLES, solver.clone(), seed)
            }
            (_, Some(level), None) => Box::new(SearchLevel::new(level, v, movetime, seed)),
            _ => {
                return Err(PlayerError(format!(
                    "unknown player {} for classic {}: use {}",
                    quote(name),
                    self.variant,
                    self.names().join(", ")
                )));
            }
        };
        Ok(player)
    }
}

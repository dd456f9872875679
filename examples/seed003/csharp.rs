//! Seed 003's C# program as it runs, transliterated statement by statement (its names in
//! snake case), quirks included, so the experiment can be replayed as published:
//!
//! - Rule 5's `break` leaves only the innermost `foreach (sign)`: the `for j` loop goes on,
//!   and each later `j` may place *another* stone in the same turn. Only after the `j` loop
//!   does `if (played) break;` stop the `for i` loop. So the computer often plays two or
//!   three stones in one turn.
//! - A stone placed by rule 5 that completes a line is not noticed (`Play`'s result is
//!   dropped): that win is not counted and the game goes on. The private `Play` returns as
//!   soon as a row (or column) is complete, so such a stone's column and diagonal counts
//!   are never updated.
//! - The game ends when the board is full or a move's `Play` returns true (the random
//!   player's winning move, or the computer's rule 1); a full board is counted a draw even
//!   when the computer holds a line.
//! - `RandomPlay` and rule 4 each create `new Random()` on every call. How those
//!   generators are seeded is the [`RandomSource`]'s business: on .NET Framework all of
//!   them created within one clock tick get the same seed.

use super::dotnet_random::DotNetRandom;

/// Corrections to the program, each undoing one of its quirks, to measure what each does;
/// all three together make it play as the seed describes the player (and as our
/// `rule-list` plays).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Fixes {
    /// Rule 5 stops at the first stone it places.
    pub one_stone: bool,
    /// When rule 5 finds no cell, take the first empty cell in row order instead of passing.
    pub fallback: bool,
    /// A line completed by a stone of rule 5 wins.
    pub see_wins: bool,
}

impl Fixes {
    pub const NONE: Fixes = Fixes {
        one_stone: false,
        fallback: false,
        see_wins: false,
    };
    pub const ALL: Fixes = Fixes {
        one_stone: true,
        fallback: true,
        see_wins: true,
    };
}

/// Where `new Random()` gets its seed.
pub trait RandomSource {
    fn new_random(&mut self) -> DotNetRandom;
}

/// Who won a game, as the C# counts it (`Draw` for neither).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Winner {
    Computer,
    Human,
    Draw,
}

/// The C# `TicTacToe` class.
pub struct TicTacToe {
    n: i32,
    board: Vec<u8>,
    row_count: Vec<i32>,
    col_count: Vec<i32>,
    diag_count: [i32; 2],
    diag_count_any_play: [i32; 2],
    my_latest_move_row: i32,
    my_latest_move_col: i32,
    pub computer_wins: bool,
    pub human_wins: bool,
    fixes: Fixes,
    /// Stones the computer placed in its turns, for the measurements (not in the C#).
    pub computer_stones_per_turn: Vec<u32>,
}

impl TicTacToe {
    pub fn with_fixes(board_size: i32, fixes: Fixes) -> TicTacToe {
        let n = board_size;
        TicTacToe {
            fixes,
            n,
            board: vec![b'.'; (n * n) as usize],
            row_count: vec![0; n as usize],
            col_count: vec![0; n as usize],
            diag_count: [0; 2],
            diag_count_any_play: [0; 2],
            my_latest_move_row: 0,
            my_latest_move_col: 0,
            computer_wins: false,
            human_wins: false,
            computer_stones_per_turn: Vec::new(),
        }
    }

    fn at(&self, r: i32, c: i32) -> u8 {
        self.board[(r * self.n + c) as usize]
    }

    /// `GameOver()`: only a full board counts.
    pub fn game_over(&self) -> bool {
        !self.board.contains(&b'.')
    }

    pub fn random_play(&mut self, player: u8, source: &mut dyn RandomSource) -> (i32, i32) {
        if self.game_over() {
            return (0, 0);
        }
        let mut rd = source.new_random();
        loop {
            let r = rd.next_in(0, self.n);
            let c = rd.next_in(0, self.n);
            if self.play_sim(player, r, c, true) != -1 {
                return (r, c);
            }
        }
    }

    /// The public `Play(player, row, col)`: true when the game is won by this turn as the
    /// C# sees it.
    pub fn play(&mut self, player: u8, row: i32, col: i32, source: &mut dyn RandomSource) -> bool {
        if player == b'x' {
            if self.play_sim(player, row, col, false) == 1 {
                self.human_wins = true;
                return true;
            }
            return false;
        }
        let stones_before = self.stones(b'o');
        let won = self.computer_turn(source);
        let placed = self.stones(b'o') - stones_before;
        self.computer_stones_per_turn.push(placed);
        won
    }

    fn stones(&self, who: u8) -> u32 {
        self.board.iter().filter(|&&b| b == who).count() as u32
    }

    fn set_latest(&mut self, r: i32, c: i32) {
        self.my_latest_move_row = r;
        self.my_latest_move_col = c;
    }

    fn computer_turn(&mut self, source: &mut dyn RandomSource) -> bool {
        let n = self.n;
        // Rule 1
        for r in 0..n {
            for c in 0..n {
                if self.play_sim(b'o', r, c, true) == 2 {
                    self.play_sim(b'o', r, c, false);
                    self.set_latest(r, c);
                    self.computer_wins = true;
                    return true;
                }
            }
        }
        // Rule 2
        let mut played = false;
        'rows: for r in 0..n {
            for c in 0..n {
                if self.play_sim(b'x', r, c, true) == 1 {
                    self.play_sim(b'o', r, c, false);
                    self.set_latest(r, c);
                    played = true;
                    break 'rows;
                }
            }
        }
        // Rule 3
        if !played && self.play_sim(b'o', n / 2, n / 2, true) != -1 {
            self.play_sim(b'o', n / 2, n / 2, false);
            self.set_latest(n / 2, n / 2);
            played = true;
        }
        // Rule 4
        if !played && self.diag_count_any_play[0] < n && self.diag_count_any_play[1] < n {
            let mut rd = source.new_random();
            let (mut r, mut c) = (0, n - 1);
            while !played && r < n {
                let order = if rd.next_in(0, 2) == 0 {
                    [(r, r), (r, c)]
                } else {
                    [(r, c), (r, r)]
                };
                for (rr, cc) in order {
                    if self.play_sim(b'o', rr, cc, true) != -1 {
                        self.play_sim(b'o', rr, cc, false);
                        self.set_latest(rr, cc);
                        played = true;
                        break;
                    }
                }
                r += 1;
                c -= 1;
            }
        }
        // Rule 5, with its loops as written: see the module documentation.
        if !played {
            let mut i = n;
            'rule5: while i >= 0 {
                let mut j = n;
                while j >= 0 {
                    for sign in [-1, 1] {
                        let r = self.my_latest_move_row + sign * i;
                        let c = self.my_latest_move_col + sign * j;
                        if self.play_sim(b'x', r, c, true) != -1 {
                            let code = self.play_sim(b'o', r, c, false);
                            played = true;
                            if self.fixes.see_wins && code == 2 {
                                self.computer_wins = true;
                                return true;
                            }
                            if self.fixes.one_stone {
                                break 'rule5;
                            }
                            break;
                        }
                    }
                    j -= 1;
                }
                if played {
                    break;
                }
                i -= 1;
            }
        }
        if !played && self.fixes.fallback {
            // Rule 1 found no win, so this stone wins nothing either.
            if let Some(k) = self.board.iter().position(|&b| b == b'.') {
                let (r, c) = (k as i32 / n, k as i32 % n);
                self.play_sim(b'o', r, c, false);
            }
        }
        false
    }

    /// The private `Play(player, row, col, simulationOnly)`: -1 invalid, 0 valid, 1 `x`
    /// wins, 2 `o` wins; returns as soon as it sees a win.
    fn play_sim(&mut self, player: u8, row: i32, col: i32, simulation_only: bool) -> i32 {
        let n = self.n;
        if row < 0 || row >= n || col < 0 || col >= n {
            return -1;
        }
        if self.at(row, col) != b'.' {
            return -1;
        }
        if !simulation_only {
            self.board[(row * n + col) as usize] = player;
        }
        let (step, wins, code) = if player == b'x' {
            (1, n, 1)
        } else {
            (-1, -n, 2)
        };
        let (ru, cu) = (row as usize, col as usize);
        // Row
        self.row_count[ru] += step;
        let temp = self.row_count[ru];
        if simulation_only {
            self.row_count[ru] -= step;
        }
        if temp == wins {
            return code;
        }
        // Column
        self.col_count[cu] += step;
        let temp = self.col_count[cu];
        if simulation_only {
            self.col_count[cu] -= step;
        }
        if temp == wins {
            return code;
        }
        // Diagonals
        for (d, on) in [(0, row == col), (1, row + col == n - 1)] {
            if on {
                self.diag_count_any_play[d] += 1;
                self.diag_count[d] += step;
                let temp = self.diag_count[d];
                if simulation_only {
                    self.diag_count[d] -= step;
                    self.diag_count_any_play[d] -= 1;
                }
                if temp == wins {
                    return code;
                }
            }
        }
        0
    }

    /// Whether `who` holds a whole row, column or long diagonal (not in the C#: to see
    /// the wins it missed).
    pub fn holds_line(&self, who: u8) -> bool {
        let n = self.n;
        let full = |cells: Vec<(i32, i32)>| cells.iter().all(|&(r, c)| self.at(r, c) == who);
        (0..n).any(|r| full((0..n).map(|c| (r, c)).collect()))
            || (0..n).any(|c| full((0..n).map(|r| (r, c)).collect()))
            || full((0..n).map(|i| (i, i)).collect())
            || full((0..n).map(|i| (i, n - 1 - i)).collect())
    }
}

/// One game of `Main`'s loop, the computer (`o`) first when `computer_first`, with the
/// program's quirks corrected as `fixes` says (`Fixes::NONE`: as written).
pub fn play_game_with(
    size: i32,
    computer_first: bool,
    fixes: Fixes,
    source: &mut dyn RandomSource,
) -> (Winner, TicTacToe) {
    let mut t = TicTacToe::with_fixes(size, fixes);
    let order = if computer_first {
        [b'o', b'x']
    } else {
        [b'x', b'o']
    };
    let mut index = 0;
    while !t.game_over() {
        let player = order[index];
        let won = if player == b'x' {
            let (r, c) = t.random_play(player, source);
            t.play(player, r, c, source)
        } else {
            t.play(player, -1, -1, source)
        };
        if won {
            break;
        }
        index = (index + 1) % 2;
    }
    let result = if t.computer_wins {
        Winner::Computer
    } else if t.human_wins {
        Winner::Human
    } else {
        Winner::Draw
    };
    (result, t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `new Random()` seeded alike, as within one clock tick.
    struct Fixed(i32);

    impl RandomSource for Fixed {
        fn new_random(&mut self) -> DotNetRandom {
            DotNetRandom::new(self.0)
        }
    }

    fn set(t: &mut TicTacToe, cells: &[(i32, i32)], who: u8) {
        for &(r, c) in cells {
            t.play_sim(who, r, c, false);
        }
    }

    #[test]
    fn rule_5_places_a_stone_for_every_j() {
        // X: c1 a3, O: b2 (its last move), O to move: nothing to win or block, the centre
        // taken, the diagonal c1-b2-a3 full. From (1, 1) rule 5 finds a1 at i = 1, j = 1,
        // then goes on to j = 0 and takes b1 too.
        let mut t = TicTacToe::with_fixes(3, Fixes::NONE);
        set(&mut t, &[(0, 2), (2, 0)], b'x');
        set(&mut t, &[(1, 1)], b'o');
        t.set_latest(1, 1);
        assert!(!t.play(b'o', -1, -1, &mut Fixed(1)));
        assert_eq!(t.computer_stones_per_turn, [2]);
        assert_eq!((t.at(0, 0), t.at(0, 1)), (b'o', b'o'));
    }

    #[test]
    fn games_end_and_are_counted() {
        for seed in 0..200 {
            for first in [false, true] {
                let (result, t) = play_game_with(3, first, Fixes::NONE, &mut Fixed(seed));
                assert!(t.game_over() || result != Winner::Draw);
                if result == Winner::Human {
                    assert!(t.holds_line(b'x'));
                }
            }
        }
    }
}

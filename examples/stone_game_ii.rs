//! Stone Game II (LeetCode 1140) as a user's own game in one file, through the public API only:
//! a scoring game solved by every generic backend, with the teaching views and a table of its
//! states by (pile index, M).
//!
//! A row of piles (any `i64` stone counts, read as Predict the Winner values are). With `M`
//! starting at 1, the player to move takes all the stones of the first `X` remaining piles,
//! `1 <= X <= 2M`, and then `M = max(M, X)`; the game ends when no pile is left, and each
//! player maximises their own stones. A position's value is the [`Margin`] of the player to
//! move (their stones minus the opponent's over the piles left, exactly), and a move is worth
//! the stones it takes minus the opponent's margin after it, as in Predict the Winner.
//!
//! Beside what the subtraction game shows, the file gives the game an answer of its own (both
//! scores, [`SolutionOf`]), its own sentences, and its table's coordinates ([`TableView`]:
//! the default text and the page draw the (pile index, M) grid from them).
//!
//! ```text
//! cargo run --example stone_game_ii -- stone-game-ii 2 7 9 4 4 --json
//! cargo run --example stone_game_ii -- explain stone-game-ii 2 7 9 4 4 --backend memo
//! cargo run --example stone_game_ii -- compare stone-game-ii 1 2 3 4 5 100 --variants
//! ```

use gamesolve::explain::{TableCell, TableLayout, TableShape, TableView};
use gamesolve::games::{GameInfo, TableGame};
use gamesolve::{
    core_types::{Indexed, Margin, SolutionOf},
    table_game, Game, Outcome,
};

table_game! {
    own TableView;
    /// A Stone Game II instance; see the file's docs.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct StoneGameII {
        /// The piles' stones, left to right, separated by spaces and/or commas (`[2,7,9,4,4]` too).
        pub piles: Vec<i64>,
    }
}

impl StoneGameII {
    /// The stones of the `take` piles from `index` on, exactly: `O(take)`.
    fn stones(&self, index: u32, take: u32) -> i128 {
        let from = (index as usize).min(self.piles.len());
        let to = (from + take as usize).min(self.piles.len());
        self.piles[from..to].iter().map(|&p| i128::from(p)).sum()
    }

    /// The position with the first remaining pile at `index` and `m`, with `m` capped at
    /// `⌈left / 2⌉` (from there on every move is allowed, so a larger `M` is the same state:
    /// one memo entry, one table cell), and at least 1.
    fn state(&self, index: u32, m: u32) -> State {
        let left = (self.piles.len() as u32).saturating_sub(index);
        State {
            index,
            m: m.min(left.div_ceil(2)).max(1),
        }
    }
}

/// A position: the first remaining pile and `M` (the player to move may take 1 to `2M` piles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    /// The index of the first remaining pile (the number of piles when none is left).
    pub index: u32,
    /// `M`, capped as [`StoneGameII`]'s `state` says.
    pub m: u32,
}

/// The answer: who wins, the margin and both scores, and the first move `X`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct StoneGameIISolution {
    pub outcome: Outcome,
    /// The first player's stones minus the second player's.
    pub margin: i128,
    pub first_score: i128,
    pub second_score: i128,
    /// `X`, the smallest of equally good first moves; `None` when there is no pile.
    pub best_move: Option<u32>,
}

impl SolutionOf<StoneGameII> for StoneGameIISolution {
    fn from_search(game: &StoneGameII, value: Margin, best_move: Option<u32>) -> Self {
        // first + second = total and first - second = margin: the division is exact.
        let (total, margin) = (game.stones(0, game.piles.len() as u32), value.0);
        let first_score = (total + margin) / 2;
        let second_score = total - first_score;
        let outcome = Outcome::from_margin(margin);
        StoneGameIISolution {
            outcome,
            margin,
            first_score,
            second_score,
            best_move,
        }
    }

    fn outcome(&self) -> Outcome {
        self.outcome
    }
}

impl Game for StoneGameII {
    const NAME: &'static str = "stone-game-ii";
    type Position = State;
    /// `X`: how many piles the player to move takes.
    type Move = u32;
    type Value = Margin;
    type Solution = StoneGameIISolution;

    fn start(&self) -> State {
        self.state(0, 1)
    }

    fn terminal_value(&self, s: State) -> Option<Margin> {
        (s.index as usize >= self.piles.len()).then_some(Margin(0))
    }

    fn moves(&self, s: State) -> Vec<u32> {
        let left = (self.piles.len() as u32).saturating_sub(s.index);
        (1..=s.m.saturating_mul(2).min(left)).collect()
    }

    fn play(&self, s: State, take: u32) -> State {
        self.state(s.index + take, s.m.max(take))
    }

    fn move_value(&self, s: State, take: u32, reply: Margin) -> Margin {
        Margin(self.stones(s.index, take) - reply.0)
    }

    fn describe(&self) -> String {
        format!("Stone Game II: {} piles", self.piles.len())
    }

    fn show_position(&self, s: State) -> String {
        let left = self.piles.get(s.index as usize..).unwrap_or(&[]);
        format!("piles {}.. {left:?} M={}", s.index, s.m)
    }

    fn show_move(&self, s: State, take: u32) -> String {
        let piles = if take == 1 { "pile" } else { "piles" };
        format!("take {take} {piles} ({})", self.stones(s.index, take))
    }
}

/// A state's index is `index * (len + 1) + M`: a table of `(len + 1)^2` cells.
impl Indexed for StoneGameII {
    fn position_count(&self) -> u64 {
        (self.piles.len() as u64 + 1).saturating_pow(2)
    }

    fn index(&self, s: State) -> usize {
        s.index as usize * (self.piles.len() + 1) + s.m as usize
    }

    fn position_at(&self, index: usize) -> State {
        let side = self.piles.len() + 1;
        State {
            index: (index / side) as u32,
            m: (index % side) as u32,
        }
    }
}

/// The states by pile index (rows) and `M` (columns), for the page and the text views.
impl TableView for StoneGameII {
    fn table_layout(&self) -> Option<TableLayout> {
        let len = self.piles.len() as u64;
        let formula =
            "m(i, M) = max over 1 <= X <= 2M of (a[i] + … + a[i+X-1]) - m(i+X, max(M, X))";
        let grid = TableLayout::new(TableShape::Grid, len, len.div_ceil(2) + 1, "i", "M");
        Some(grid.with_formula(formula).with_answer("0,1"))
    }

    fn table_cell(&self, s: State) -> Option<TableCell> {
        let (i, m) = (u64::from(s.index), u64::from(s.m));
        (s.index < self.piles.len() as u32).then(|| TableCell::new(format!("{i},{m}"), i, m))
    }

    /// A memo's states are coordinates too: the same grid.
    fn memo_table_text(&self, cells: &[(State, Margin)], max_lines: usize) -> Option<String> {
        Some(self.table_text(cells, max_lines))
    }
}

impl TableGame for StoneGameII {
    const INFO: GameInfo = GameInfo::of::<Self>("Stone Game II")
        .summary("Who wins Stone Game II: take all the stones of the first X piles, 1 <= X <= 2M, then M = max(M, X); the larger total wins.")
        .rules("A row of piles of stones lies on the table, and M starts at 1. The players take turns; each takes all the stones of the first X remaining piles, for any X from 1 to 2M, and then M becomes the larger of M and X. When no pile is left, the player with more stones wins; equal totals are a draw (LeetCode 1140).")
        .examples(&["2 7 9 4 4", "1 2 3 4 5 100", "3 1 4 1 5 9 2 6"]);

    fn headline(&self, s: &StoneGameIISolution) -> String {
        let (by, start) = (s.margin.unsigned_abs(), self.start());
        match (s.outcome, s.best_move.map(|x| self.show_move(start, x))) {
            (_, None) => "Draw: there are no piles to take".to_owned(),
            (Outcome::FirstPlayerWins, Some(x)) => format!("First player wins by {by}: {x}"),
            (Outcome::SecondPlayerWins, Some(x)) => {
                format!("Second player wins by {by} (the first player's best: {x})")
            }
            (Outcome::Draw, Some(x)) => format!("Draw ({x})"),
        }
    }

    fn details(&self, s: &StoneGameIISolution, backend: &str) -> String {
        let (first, second, margin) = (s.first_score, s.second_score, s.margin);
        let scores =
            format!("Scores: first player {first}, second player {second} (margin {margin:+})");
        format!("{scores}\n{}; backend {backend}\n", self.describe())
    }
}

/// `play`'s words (the app's): every default, the running scores of a scoring game included.
impl gamesolve_app::PlayWords for StoneGameII {}

/// The whole gamesolve app with Stone Game II beside the built-in games.
fn main() -> std::process::ExitCode {
    gamesolve_app::run(gamesolve_app::GameTable::builtin().with::<StoneGameII>())
}

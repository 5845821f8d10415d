//! The stable JSON contracts: the objects `gamesolve --json`, `gamesolve batch`, `serve`'s
//! API and any other program built on this library print, and the batch line they read. Front
//! ends only read arguments and write these as bytes.
//!
//! - here: one solved game ([`Reported`]: [`CanIWinReport`], [`PredictTheWinnerReport`],
//!   [`GenericReport`]);
//! - [`compare`]: `compare --json`'s rows;
//! - [`analysis`]: `analyze --json` of the built-in games and `--all-totals`;
//! - [`explain`]: `explain --json`;
//! - [`trace`]: the trace of `/api/trace` and `explain --html`;
//! - [`batch`]: a batch line in (JSON object → game and parameters);
//! - [`error`]: `{"error","kind"}`, the batch error line, and the machine kinds.
//!
//! Fields are never removed or renamed; new fields may be added (`variant` and `kernel` were).
//! The README's section "JSON contract" documents each field.
//!
//! ```
//! use gamesolve::contract::Reported;
//! use gamesolve::{CanIWin, Stats};
//!
//! let game = CanIWin::new(10, 11)?;
//! let answer = gamesolve::solve_can_i_win(&game)?;
//! let report = game.report(&answer, "memo", "dense", "dense", Stats::default());
//! let json = serde_json::to_string(&report).expect("a report serializes");
//! assert!(json.starts_with(r#"{"game":"can-i-win","backend":"memo","variant":"dense","max_choosable":10"#));
//! # Ok::<(), gamesolve::Error>(())
//! ```

pub mod analysis;
pub mod batch;
pub mod compare;
pub mod error;
pub mod explain;
pub mod trace;

use serde::Serialize;

use crate::{
    CanIWin, CanIWinSolution, CatAndMouse, CatAndMouseSolution, Game, Outcome, PredictTheWinner,
    PredictTheWinnerSolution, Side, Stats,
};

/// A game with a JSON contract for its answers.
pub trait Reported: Game {
    /// The JSON object of one answer.
    type Report: Serialize;

    /// The object for `solution`, found by `backend`/`variant` (which ran the listed variant
    /// `kernel`: [`Solver::last_kernel`](crate::Solver::last_kernel)) with the counters
    /// `stats`.
    fn report(
        &self,
        solution: &Self::Solution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> Self::Report;
}

/// The JSON contract for a Can I Win result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CanIWinReport {
    /// Always `"can-i-win"`.
    pub game: &'static str,
    /// The backend's one name.
    pub backend: &'static str,
    /// The variant that ran (`auto` for a backend's automatic choice).
    pub variant: &'static str,
    /// `N`: the pool is `1..=N`.
    pub max_choosable: u32,
    /// `T`: the total to reach or pass.
    pub desired_total: u64,
    /// `"first"`, `"second"` or `"draw"`.
    pub outcome: Outcome,
    /// LeetCode 464's boolean: the outcome is `"first"`.
    pub can_i_win: bool,
    /// The smallest winning first number, or null.
    pub best_move: Option<u32>,
    /// What the backend did.
    pub stats: Stats,
    /// The listed variant whose algorithm ran: the one an automatic choice picked
    /// (`memo/auto` runs `dense`, `sparse-then-dense` or `sparse`; `tabular/word` runs
    /// `word-one-core` on one thread), else the same as `variant`.
    pub kernel: &'static str,
}

/// The JSON contract for a Predict the Winner result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PredictTheWinnerReport {
    /// Always `"predict-the-winner"`.
    pub game: &'static str,
    /// The backend's one name.
    pub backend: &'static str,
    /// The variant that ran (`auto` for a backend's automatic choice).
    pub variant: &'static str,
    /// The number of values.
    pub len: usize,
    /// `"first"`, `"second"` or `"draw"`.
    pub outcome: Outcome,
    /// First player's score minus second player's (exact, may exceed i64).
    pub margin: i128,
    /// The first player's total.
    pub first_score: i128,
    /// The second player's total.
    pub second_score: i128,
    /// LeetCode 486's boolean: `margin >= 0`.
    pub predict_the_winner: bool,
    /// Coins in a Line III's boolean: `margin > 0`.
    pub first_player_strictly_wins: bool,
    /// `"left"`, `"right"`, or null for no values.
    pub best_move: Option<Side>,
    /// What the backend did.
    pub stats: Stats,
    /// The listed variant whose algorithm ran: the one an automatic choice picked
    /// (`memo/auto` runs `dense`, `sparse-then-dense` or `sparse`; `tabular/word` runs
    /// `word-one-core` on one thread), else the same as `variant`.
    pub kernel: &'static str,
}

impl Reported for CanIWin {
    type Report = CanIWinReport;

    fn report(
        &self,
        s: &CanIWinSolution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> CanIWinReport {
        CanIWinReport {
            game: Self::NAME,
            backend,
            variant,
            max_choosable: self.max_choosable(),
            desired_total: self.desired_total(),
            outcome: s.outcome,
            can_i_win: s.can_i_win(),
            best_move: s.best_move,
            stats,
            kernel,
        }
    }
}

impl Reported for PredictTheWinner {
    type Report = PredictTheWinnerReport;

    fn report(
        &self,
        s: &PredictTheWinnerSolution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> PredictTheWinnerReport {
        PredictTheWinnerReport {
            game: Self::NAME,
            backend,
            variant,
            len: self.len(),
            outcome: s.outcome,
            margin: s.margin,
            first_score: s.first_score,
            second_score: s.second_score,
            predict_the_winner: s.predict_the_winner(),
            first_player_strictly_wins: s.first_player_strictly_wins(),
            best_move: s.best_move,
            stats,
            kernel,
        }
    }
}

/// The JSON contract for a Cat and Mouse result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CatAndMouseReport {
    /// Always `"cat-and-mouse"`.
    pub game: &'static str,
    /// The backend's one name.
    pub backend: &'static str,
    /// The variant that ran.
    pub variant: &'static str,
    /// The graph's nodes, `n`.
    pub nodes: usize,
    /// The graph's (undirected) edges.
    pub edges: u64,
    /// The positions, `2 n²` (both nodes and whose turn).
    pub positions: u64,
    /// `"first"` (the Mouse wins), `"second"` (the Cat wins) or `"draw"`.
    pub outcome: Outcome,
    /// LeetCode 913's answer: 1 (Mouse), 2 (Cat), 0 (draw).
    pub cat_mouse_game: u8,
    /// The node the Mouse moves to first: the first of its best moves in the graph's order.
    pub best_move: Option<u32>,
    /// What the backend did.
    pub stats: Stats,
    /// The listed variant whose algorithm ran.
    pub kernel: &'static str,
}

impl Reported for CatAndMouse {
    type Report = CatAndMouseReport;

    fn report(
        &self,
        s: &CatAndMouseSolution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> CatAndMouseReport {
        CatAndMouseReport {
            game: Self::NAME,
            backend,
            variant,
            nodes: self.nodes(),
            edges: self.edges(),
            positions: self.position_count_u64(),
            outcome: s.outcome,
            cat_mouse_game: s.cat_mouse_game(),
            best_move: s.best_move,
            stats,
            kernel,
        }
    }
}

/// The JSON contract of a game that is not built in: the same frame as the built-in games'
/// (`game`, `backend`, `variant`, the instance's parameters, the solution's fields, `stats`,
/// `kernel`), with the solution's own fields in the middle.
///
/// A user's game whose solution derives `Serialize` (with an `outcome` field, so scripts can
/// read every game's answers alike) reports with it in three lines:
///
/// ```ignore
/// impl gamesolve::contract::Reported for MyGame {
///     type Report = GenericReport;
///     fn report(&self, s: &Answer, backend: &'static str, variant: &'static str,
///               kernel: &'static str, stats: Stats) -> GenericReport {
///         GenericReport::new(self, s, backend, variant, kernel, stats)
///     }
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GenericReport {
    /// The game's machine name.
    pub game: &'static str,
    /// The backend's one name.
    pub backend: &'static str,
    /// The variant that ran (`auto` for a backend's automatic choice).
    pub variant: &'static str,
    /// The instance's parameters, by name (`"stones": 22`).
    #[serde(flatten)]
    pub params: serde_json::Map<String, serde_json::Value>,
    /// The solution's own fields (`outcome`, `best_move`, …).
    #[serde(flatten)]
    pub solution: serde_json::Map<String, serde_json::Value>,
    /// What the backend did.
    pub stats: Stats,
    /// The listed variant whose algorithm ran.
    pub kernel: &'static str,
}

impl GenericReport {
    /// The report of `solution` of `game`, found by `backend`/`variant` (which ran `kernel`)
    /// with the counters `stats`. A solution that does not serialize to a JSON object is
    /// reported under the field `solution`.
    pub fn new<G>(
        game: &G,
        solution: &G::Solution,
        backend: &'static str,
        variant: &'static str,
        kernel: &'static str,
        stats: Stats,
    ) -> GenericReport
    where
        G: crate::TableGame,
        G::Solution: Serialize,
    {
        let params = game
            .params()
            .iter()
            .map(|(name, value)| (name.to_owned(), value.to_json()))
            .collect();
        let solution = match serde_json::to_value(solution) {
            Ok(serde_json::Value::Object(fields)) => fields,
            Ok(other) => std::iter::once(("solution".to_owned(), other)).collect(),
            Err(e) => std::iter::once(("solution".to_owned(), e.to_string().into())).collect(),
        };
        GenericReport {
            game: G::NAME,
            backend,
            variant,
            params,
            solution,
            stats,
            kernel,
        }
    }
}

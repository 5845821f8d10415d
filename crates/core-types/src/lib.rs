//! The shared vocabulary of gamesolve: game definitions with validation,
//! results, statistics, errors, and the [`Solver`] trait every backend
//! implements.
//!
//! Depend on this crate to write a backend, or to accept any backend
//! generically. To *solve* games, depend on the `gamesolve` facade, which
//! re-exports this crate (`gamesolve::core_types`) and picks a backend for you.
//!
//! This crate holds the vocabulary only: what a game is, what a solver answers and within
//! which limits. How a game is searched (the generic negamax, its memo policies, the stack
//! segments of a deep search, the sparse state table) is the solvers' crate `solver-search`;
//! how a row of values is read from text is the facade's `games::values`.
//!
//! # The games
//!
//! - [`CanIWin`] ([`can_i_win`] module): take integers from `1..=n` without
//!   replacement; whoever brings the running total to `T` or beyond wins.
//! - [`PredictTheWinner`] ([`predict_the_winner`] module): take values from
//!   either end of a row; the larger sum wins.
//! - [`CatAndMouse`] ([`cat_and_mouse`] module): LeetCode 913's chase on a graph, whose
//!   positions repeat (a loopy game: only retrograde analysis solves it).
//!
//! Each module documents the exact semantics (the draws, `T == 0`, the
//! tie-breaks for the reported best move, and the exact `i128` margins).
//!
//! Both implement [`Game`], the one vocabulary every layer uses (positions, moves, how each
//! reads, the result); a user's game implements it too and gets the generic backends and the
//! teaching views.
//!
//! # Example
//!
//! Implementing [`Kernel`] (one algorithm, generic over the [`Recorder`]) is how a backend
//! plugs in: every kernel is a [`Solver`]. Using one looks the same for any backend (here a
//! toy one that only answers settled games), and a [`Variant`] names it:
//!
//! ```
//! use core_types::*;
//!
//! struct SettledOnly;
//! impl<G: Game> Kernel<G> for SettledOnly {
//!     const BACKEND: &'static str = "settled-only";
//!     const VARIANT: &'static str = "auto";
//!     fn run<R: Recorder<G>>(&mut self, game: &G, _: &mut R) -> Result<G::Solution, Error> {
//!         game.settled().ok_or(Error::BudgetExhausted {
//!             backend: "settled-only", game: G::NAME, budget: 0,
//!             unit: "positions", hint: &[],
//!         })
//!     }
//! }
//!
//! let variant: Variant<CanIWin> = Variant {
//!     backend: "settled-only", name: "auto", summary: "answers settled games only",
//!     build: |_config| Box::new(SettledOnly),
//! };
//! let mut solver = variant.solver(&SolverConfig::default());
//! let draw = solver.solve(&CanIWin::new(4, 11)?)?;
//! assert_eq!(draw.outcome, Outcome::Draw);
//! assert!(solver.solve(&CanIWin::new(10, 11)?).is_err());
//! assert_eq!(variant.id(), "settled-only/auto");
//! # Ok::<(), Error>(())
//! ```
#![deny(missing_docs)]

pub mod bits;
pub mod can_i_win;
pub mod cat_and_mouse;
pub mod deadline;
pub mod error;
pub mod events;
pub mod game;
pub mod limits;
pub mod outcome;
pub mod predict_the_winner;
pub mod solver;
pub mod stats;

pub use can_i_win::{CanIWin, CanIWinSolution};
pub use cat_and_mouse::{Animal, CatAndMouse, CatAndMouseSolution, Chase};
pub use deadline::{Deadline, DeadlineClock};
pub use error::{Error, ErrorKind};
pub use events::{Event, GameEvent};
pub use game::{
    Game, GameValue, Indexed, Margin, SearchFacts, SolutionOf, Solved, Unmove, Verdict,
};
pub use limits::{Limits, WithLimits};
pub use outcome::Outcome;
pub use predict_the_winner::{
    Arithmetic, Interval, MarginValue, PredictTheWinner, PredictTheWinnerSolution, Side,
};
pub use solver::{Kernel, Solver, SolverConfig, Variant};
pub use stats::{NoStats, Recorder, Stats};

//! The shared vocabulary of gamesolve: game definitions with validation,
//! results, statistics, errors, and the [`Solver`] trait every backend
//! implements.
//!
//! Depend on this crate to write a backend, or to accept any backend
//! generically. To *solve* games, depend on the `gamesolve` facade, which
//! re-exports everything here and picks a backend for you.
//!
//! # The games
//!
//! - [`CanIWin`] ([`can_i_win`] module): take integers from `1..=n` without
//!   replacement; whoever brings the running total to `T` or beyond wins.
//! - [`PredictTheWinner`] ([`predict_the_winner`] module): take values from
//!   either end of a row; the larger sum wins.
//!
//! Each module documents the exact semantics (the draws, `T == 0`, the
//! tie-breaks for the reported best move, and the exact `i128` margins).
//!
//! # Example
//!
//! Implementing [`Solver`] is how a backend plugs in; using one looks like this
//! for any backend (here a toy one that only answers settled games):
//!
//! ```
//! use core_types::*;
//!
//! struct SettledOnly;
//! impl Solver for SettledOnly {
//!     fn name(&self) -> &'static str { "settled-only" }
//!     fn solve_can_i_win(&mut self, g: &CanIWin) -> Result<CanIWinSolution, Error> {
//!         g.settled_without_search().ok_or(Error::BudgetExhausted {
//!             backend: "settled-only", game: CanIWin::NAME, budget: 0,
//!             unit: "positions", hint: "",
//!         })
//!     }
//!     fn solve_can_i_win_with_stats(&mut self, g: &CanIWin)
//!         -> Result<(CanIWinSolution, Stats), Error> {
//!         Ok((self.solve_can_i_win(g)?, Stats::default()))
//!     }
//!     fn solve_can_i_win_traced(&mut self, g: &CanIWin, _: &mut dyn Recorder)
//!         -> Result<CanIWinSolution, Error> {
//!         self.solve_can_i_win(g)
//!     }
//!     fn solve_predict_the_winner(&mut self, g: &PredictTheWinner)
//!         -> Result<PredictTheWinnerSolution, Error> {
//!         Ok(g.solution(0, None)) // wrong in general: only for the empty row
//!     }
//!     fn solve_predict_the_winner_with_stats(&mut self, g: &PredictTheWinner)
//!         -> Result<(PredictTheWinnerSolution, Stats), Error> {
//!         Ok((self.solve_predict_the_winner(g)?, Stats::default()))
//!     }
//!     fn solve_predict_the_winner_traced(&mut self, g: &PredictTheWinner, _: &mut dyn Recorder)
//!         -> Result<PredictTheWinnerSolution, Error> {
//!         self.solve_predict_the_winner(g)
//!     }
//! }
//!
//! let mut solver = SettledOnly;
//! let draw = solver.solve_can_i_win(&CanIWin::new(4, 11)?)?;
//! assert_eq!(draw.outcome, Outcome::Draw);
//! assert!(solver.solve_can_i_win(&CanIWin::new(10, 11)?).is_err());
//! let empty = solver.solve_predict_the_winner(&PredictTheWinner::new(vec![]))?;
//! assert_eq!(empty.outcome, Outcome::Draw);
//! # Ok::<(), Error>(())
//! ```
#![deny(missing_docs)]

pub mod can_i_win;
pub mod error;
pub mod events;
pub mod outcome;
pub mod predict_the_winner;
pub mod solver;
pub mod stats;
pub mod values;

pub use can_i_win::{CanIWin, CanIWinSolution};
pub use error::{Error, ErrorKind};
pub use events::{Event, Node, NodeValue};
pub use outcome::Outcome;
pub use predict_the_winner::{
    Arithmetic, MarginValue, PredictTheWinner, PredictTheWinnerSolution, Side,
};
pub use solver::Solver;
pub use stats::{NoStats, Recorder, Stats};

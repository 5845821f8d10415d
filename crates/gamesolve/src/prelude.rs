//! The names most programs use, for one glob import: `use gamesolve::prelude::*;`.
//!
//! The front door ([`solve`], [`Solver`]), the vocabulary a game
//! is written in ([`Game`], [`GameValue`], [`Verdict`], [`Solved`], [`SolutionOf`],
//! [`Indexed`], [`Margin`]), the answers ([`Outcome`], [`Error`], [`Limits`]), the built-in
//! games, the registry's [`Backend`] and [`Registered`], and a game whose positions are not
//! `Copy` ([`OwnedGame`], [`Interned`], [`OwnedTableGame`]). The backends' solver trait is
//! imported unnamed, so that its methods (`solver.solve(&game)` on a
//! [`Backend::solver`](crate::Backend::solver)) can be called without naming it.
//!
//! ```
//! use gamesolve::prelude::*;
//!
//! let answer = solve(&CanIWin::new(10, 11)?)?;
//! assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
//! let mut solver = Backend::Memo.solver::<CanIWin>().expect("memo is in the default build");
//! assert!(!solver.solve(&CanIWin::new(10, 11)?)?.can_i_win());
//! # Ok::<(), gamesolve::Error>(())
//! ```

pub use crate::front_door::{solve, Solver};
pub use crate::games::TableGame;
pub use crate::owned::{Interned, OwnedGame, OwnedTableGame};
pub use crate::registry::{Backend, BackendChoice, Registered};
pub use core_types::Solver as _;
pub use core_types::{
    CanIWin, CatAndMouse, Error, Game, GameValue, Indexed, Limits, Margin, Outcome,
    PredictTheWinner, SolutionOf, Solved, Stats, Verdict, WithLimits,
};

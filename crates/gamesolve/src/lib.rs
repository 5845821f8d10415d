//! Exact solvers for small two-player perfect-information games, **Can I Win**,
//! **Predict the Winner**, **Cat and Mouse** and games of your own, with interchangeable
//! backends that make the trade-off between plain recursion, memoized search,
//! bottom-up tables and a linear-time reduction visible and measurable.
//!
//! This is the facade, the one crate a library user depends on. Its front door is one call,
//! [`solve`], for any game (a built-in one or yours) with its default backend and limits, and
//! one builder, [`Solver`], to choose the backend or variant and the [`Limits`], and to
//! [`analyze`](Solver::analyze) or [`explain`](Solver::explain) as well.
//!
//! # Example
//!
//! ```
//! use gamesolve::{CanIWin, Limits, Outcome, PredictTheWinner, Solver};
//!
//! // LeetCode 464: (10, 11) is a loss for the first player.
//! let answer = gamesolve::solve(&CanIWin::new(10, 11)?)?;
//! assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
//!
//! // LeetCode 486: [1, 5, 233, 7]: the first player wins by 222, by the same call.
//! let answer = gamesolve::solve(&PredictTheWinner::new(vec![1, 5, 233, 7]))?;
//! assert_eq!(answer.margin, 222);
//!
//! // One backend variant, within limits of your own, with its counters.
//! let limits = Limits { state_budget: Some(1_000_000), ..Limits::default() };
//! let solver = Solver::new().backend("memo/alpha-beta").limits(limits);
//! let (answer, stats) = solver.solve_with_stats(&CanIWin::new(10, 11)?)?;
//! assert!(!answer.can_i_win());
//! println!("memo/alpha-beta: {} positions", stats.positions);
//!
//! // Every move's value from the start, and a traced run for the teaching views.
//! let analysis = Solver::new().analyze(&CanIWin::new(10, 11)?)?;
//! assert_eq!(analysis.moves.len(), 10);
//! # Ok::<(), gamesolve::Error>(())
//! ```
//!
//! What the crate root exports is the front door ([`solve`], [`Solver`]), the vocabulary a
//! game is written in ([`Game`], [`GameValue`], [`Verdict`], [`Solved`], [`Outcome`],
//! [`Limits`], [`Error`], [`Stats`]), the built-in games ([`CanIWin`], [`PredictTheWinner`],
//! [`CatAndMouse`]) and the registry's [`Backend`] and [`Registered`]. The rest lives in
//! named modules: the whole vocabulary crate in [`core_types`] (the backends' [`Solver`
//! trait](core_types::Solver), the search engine's parts), the registry's lists and backend
//! choices in [`registry`], the backend crates in [`backends`], and the common names for a
//! glob import in [`prelude`]. What the front ends share is here too: the exact [`analysis`]
//! engine, the teaching views of [`explain`], the JSON [`contract`] and the game table
//! ([`games`]).
//!
//! # Which backend should I use?
//!
//! The default for a game is the first of [`Backend::PRIORITY`], `reduction`,
//! `tabular`, `memo`, `recursive`, that the build has with an algorithm for
//! the game ([`Backend::default_for`]): `reduction` for Predict the Winner,
//! `tabular` for Can I Win, `memo` for a game of your own.
//!
//! - **`reduction`** (Predict the Winner only): merge every peak `x <= y >= z`
//!   into `x - y + z` in one stack pass, then both players take the larger end:
//!   `O(len)` time and memory, 10^7 values in tens of milliseconds. No such
//!   algorithm is known for Can I Win: it refuses the game
//!   ([`Error::NoAlgorithm`]), never answers with another backend.
//! - **`tabular`**: bottom-up tables. For Can I Win it fills one bit per subset
//!   of `1..=n` in descending mask order, so it pays for all `2^n` states but
//!   at a tiny constant: the fastest on hard totals, up to `n = 33` within the
//!   default 1 GiB memory cap. For Predict the Winner it keeps a single rolling
//!   row over interval lengths: `O(len^2)` time, `O(len)` memory. It has
//!   tables for the built-in games only.
//! - **`memo`**: top-down search with a memo. It only visits states reachable
//!   from the start, so it beats `tabular` when the total is small (a few
//!   hundred states instead of `2^n`). Dense 2-bit table while `2^n` states fit
//!   the memory cap, a sparse open-addressing table (8 bytes a state) with a
//!   state budget beyond. For Predict the Winner an interval table, `O(len^2)`
//!   memory (refused above the cap). Its `hash-map` variant solves any game.
//! - **`recursive`**: plain backtracking without a memo, exactly as taught.
//!   Exponential (`n!` orderings, `2^len` paths); it stops at a node budget
//!   (default 10^8 positions) with an error suggesting `memo`. Use it to see
//!   why memoization matters, and as a baseline in benchmarks. Its `negamax`
//!   variant solves any game.
//!
//! # Your own game, and the whole application
//!
//! A game is one implementation of [`Game`]; [`Registered`] gives it the
//! generic variants (`recursive/negamax`, `memo/hash-map`), and [`TableGame`]
//! its row of the game table ([`games`]: its name, rules, parameters and
//! examples, [`games::GameInfo`]), which is what every front end reads. The
//! application crate `gamesolve-app` is the whole `gamesolve` program as a
//! library: `gamesolve_app::run(GameTable::builtin().with::<MyGame>())` offers
//! the built-in games and yours on the command line (solve, `compare`,
//! `games`, `analyze`, `play`, `explain`), in `batch` and on the teaching page
//! of `serve`. The workspace's `examples/subtraction_game.rs` does it in one
//! file.
//!
//! # Crate features
//!
//! - **`recursive`** (default): the `solver-recursive` backend.
//! - **`memo`** (default): the `solver-memo` backend.
//! - **`tabular`** (default): the `solver-tabular` backend.
//! - **`reduction`** (default): the `solver-reduction` backend (Predict the
//!   Winner only).
//!
//! At least one is required; the build fails with a paste-ready fix when none
//! is enabled.
#![deny(missing_docs)]

pub mod analysis;
pub mod contract;
pub mod explain;
mod extra_variants;
mod front_door;
pub mod games;
pub mod owned;
pub mod prelude;
pub mod registry;

/// What the macros ([`register!`], [`table_game!`]) expand to; not part of the API.
#[doc(hidden)]
pub mod __private {
    pub use crate::registry::probe::{Probe, ViaGame, ViaIndexed};
    pub use serde;
}

// The crate root names what it exports, one by one (`cargo doc` opens on the front door):
// the front door, the vocabulary a game is written in, the built-in games and the registry's
// main types. Everything else of the vocabulary is in `core_types`, re-exported whole; the
// registry's lists in `registry`; the common names for a glob import in `prelude`.
pub use core_types;
pub use core_types::{
    CanIWin, CatAndMouse, Error, Game, GameValue, Limits, Outcome, PredictTheWinner, Solved, Stats,
    Verdict,
};
pub use front_door::{solve, Solver};
pub use games::{ConnectFour, TableGame};
pub use registry::{backends, Backend, Registered};
/// The search engine of the solvers and the analysis (negamax with memo policies, the stack
/// segments of a deep search, the sparse state table): the crate `solver-search`, for a
/// backend or a view of your own.
pub use solver_search as search;

// The crate's own modules name the vocabulary as `crate::…`; a private import, not an export.
#[allow(unused_imports)]
use core_types::*;
#[allow(unused_imports)]
use registry::{
    all_variants, generic_variants_of, indexed_variants_of, BackendChoice, BackendError,
};

/// Solves a Can I Win game with the default backend: [`solve`] for this one game, kept for
/// the callers written before the front door (hidden from the crate's index).
///
/// # Errors
///
/// As [`Solver::solve`]: an error when the default backend cannot answer this game (too large
/// for its table), or [`Error::NoAlgorithm`] in a build with no backend for the game.
#[doc(hidden)]
pub fn solve_can_i_win(game: &CanIWin) -> Result<CanIWinSolution, Error> {
    default_solver()?.solve(game)
}

/// Solves a Predict the Winner game with the default backend: [`solve`] for this one game,
/// kept for the callers written before the front door (hidden from the crate's index).
///
/// # Errors
///
/// As [`Solver::solve`].
#[doc(hidden)]
pub fn solve_predict_the_winner(
    game: &PredictTheWinner,
) -> Result<PredictTheWinnerSolution, Error> {
    default_solver()?.solve(game)
}

/// The README's Rust example, compiled and run as a doctest so it cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// docs/LIBRARY.md's Rust examples (the library, your own game), compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/LIBRARY.md")]
pub struct LibraryDoctests;

/// The default backend's solver for `G`; an error (not a panic) in a build with no backend
/// for the game (`reduction` alone has none for Can I Win).
fn default_solver<G: Registered>() -> Result<Box<dyn core_types::Solver<G> + Send>, Error> {
    let backend = Backend::default_for::<G>();
    backend.solver::<G>().map_err(|_| Error::NoAlgorithm {
        backend: backend.name(),
        game: G::NAME,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In a build with no backend for the game (`reduction` alone, for Can I Win), the one-call
    /// helper says so instead of panicking.
    #[test]
    fn the_one_call_helpers_answer_or_say_why() {
        let game = CanIWin::new(10, 11).expect("a valid game");
        match solve_can_i_win(&game) {
            Ok(answer) => assert_eq!(answer.outcome, Outcome::SecondPlayerWins),
            Err(e) => {
                assert!(all_variants::<CanIWin>().is_empty(), "{e}");
                assert!(matches!(e, Error::NoAlgorithm { .. }), "{e}");
            }
        }
        let row = PredictTheWinner::new(vec![1, 5, 233, 7]);
        let answer = solve_predict_the_winner(&row).expect("every build solves this row");
        assert_eq!(answer.margin, 222);
    }
}

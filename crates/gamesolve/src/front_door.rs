//! The front door: [`solve`] for the common case, the [`Solver`] builder for the rest.
//!
//! Both take any registered game, built-in or a user's (a game is registered by
//! [`register!`](crate::register) or [`table_game!`](crate::table_game); the built-in games
//! are), and run one of the registry's variants: [`solve`] the game's default backend
//! ([`Backend::default_for`]) with the default [`Limits`], the builder the backend or variant
//! named and the limits given. The same builder analyses the start position
//! ([`Solver::analyze`]) and traces a run for the teaching views ([`Solver::explain`]).

use core_types::{Error, Limits, Stats};

use crate::analysis::generic::{self, PositionAnalysis};
use crate::analysis::AnalysisConfig;
use crate::explain::{self, ExplainError, ExplainLimits, Explanation, TableView};
use crate::registry::{Backend, BackendChoice, BackendError, Registered};

/// Solves `game` with its default backend ([`Backend::default_for`]: the fastest this build
/// has for it) and the default [`Limits`].
///
/// ```
/// use gamesolve::{CanIWin, Outcome};
///
/// let answer = gamesolve::solve(&CanIWin::new(10, 11)?)?;
/// assert_eq!(answer.outcome, Outcome::SecondPlayerWins);
/// # Ok::<(), gamesolve::Error>(())
/// ```
///
/// # Errors
///
/// An error of kind "cannot answer" when the default backend gives up within the default
/// limits (its table would pass the memory cap, its budget ran out), or
/// [`Error::NoAlgorithm`] in a build with no backend for the game (`reduction` alone, for
/// Can I Win). Use [`Solver`] to choose the backend and the limits.
pub fn solve<G: Registered>(game: &G) -> Result<G::Solution, Error> {
    Solver::new().solve(game)
}

/// How to solve a game: which backend or variant, within which [`Limits`]; then
/// [`solve`](Solver::solve), [`solve_with_stats`](Solver::solve_with_stats),
/// [`analyze`](Solver::analyze) or [`explain`](Solver::explain) any registered game with it.
///
/// A `Solver` is a description, cheap to clone and reuse: each call builds the variant's
/// solver for the game it is given. A backend name is read when a game asks for it, so a
/// name this build lacks is an error of that call, naming what is known.
///
/// ```
/// use gamesolve::{CanIWin, Limits, Outcome, PredictTheWinner, Solver};
///
/// let limits = Limits { state_budget: Some(1_000_000), ..Limits::default() };
/// let solver = Solver::new().backend("memo/alpha-beta").limits(limits);
/// assert_eq!(solver.solve(&CanIWin::new(10, 11)?)?.outcome, Outcome::SecondPlayerWins);
/// assert_eq!(solver.solve(&PredictTheWinner::new(vec![1, 5, 233, 7]))?.margin, 222);
///
/// let (answer, stats) = Solver::new().backend("recursive").solve_with_stats(&CanIWin::new(5, 11)?)?;
/// assert!(!answer.can_i_win() && stats.positions > 0);
///
/// let err = Solver::new().backend("quantum").solve(&CanIWin::new(5, 11)?).unwrap_err();
/// assert!(err.to_string().contains("unknown backend `quantum`"), "{err}");
/// # Ok::<(), gamesolve::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solver {
    /// The backend or `backend/variant` asked for; `None`: the game's default.
    backend: Option<String>,
    limits: Limits,
}

impl Solver {
    /// The game's default backend with the default limits: what [`solve`] runs.
    pub fn new() -> Self {
        Solver::default()
    }

    /// Runs `choice`: a backend (`memo`, its automatic choice for the game) or one of its
    /// variants (`memo/alpha-beta`), as `gamesolve backends` lists them.
    #[must_use]
    pub fn backend(mut self, choice: impl Into<String>) -> Self {
        self.backend = Some(choice.into());
        self
    }

    /// Within `limits` (each `None` field keeps its default; a backend ignores a limit it
    /// does not use).
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The limits this solver runs within.
    pub const fn limits_set(&self) -> &Limits {
        &self.limits
    }

    /// The backend choice for `G`: the one named, or `G`'s default.
    fn choice<G: Registered>(&self) -> Result<BackendChoice, Error> {
        match &self.backend {
            None => Ok(BackendChoice::automatic(Backend::default_for::<G>())),
            Some(name) => name
                .parse::<BackendChoice>()
                .map_err(|e| unavailable::<G>(name, &e)),
        }
    }

    /// Solves `game`.
    ///
    /// # Errors
    ///
    /// [`Error::BackendUnavailable`] when the backend or variant named is unknown, not in this
    /// build, or has no algorithm for the game; otherwise as the variant's own solve: an
    /// error of kind "cannot answer" when it gives up within the limits, [`Error::NoAlgorithm`]
    /// when the build has no backend for the game.
    pub fn solve<G: Registered>(&self, game: &G) -> Result<G::Solution, Error> {
        self.solve_with_stats(game).map(|(answer, _)| answer)
    }

    /// Solves `game` and returns the counters of the run (positions, memo hits, bytes).
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    pub fn solve_with_stats<G: Registered>(&self, game: &G) -> Result<(G::Solution, Stats), Error> {
        let choice = self.choice::<G>()?;
        let mut solver = choice.solver_with::<G>(&self.limits).map_err(|e| {
            if self.backend.is_none() {
                // The default for a game this build has no backend for.
                Error::NoAlgorithm {
                    backend: choice.backend.name(),
                    game: G::NAME,
                }
            } else {
                unavailable::<G>(&choice.to_string(), &e)
            }
        })?;
        solver.solve_with_stats(game)
    }

    /// The value and remoteness of every move from the start position, by the exact
    /// analysis engine ([`analysis::generic`](crate::analysis::generic)), within this
    /// solver's limits (the analysis is one engine for every game: the backend is not used).
    ///
    /// ```
    /// use gamesolve::{CanIWin, Solver, Verdict};
    ///
    /// let analysis = Solver::new().analyze(&CanIWin::new(5, 11)?)?;
    /// // 1..=5 towards 11: the first player loses, whatever it takes.
    /// assert_eq!(analysis.value, Verdict::Loss);
    /// assert!(analysis.moves.iter().all(|m| m.value == Verdict::Loss));
    /// # Ok::<(), gamesolve::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// An error of kind "cannot answer" when the analysis passes the memory cap, the state
    /// budget or the time limit.
    pub fn analyze<G: Registered>(&self, game: &G) -> Result<PositionAnalysis<G>, Error> {
        generic::analyze(
            game,
            game.start(),
            &AnalysisConfig::from_limits(&self.limits),
        )
    }

    /// One traced run of the chosen variant, as the teaching views show it (a bare `memo`
    /// runs `memo/textbook`, the recursion with a memo), with the trace's default limits.
    ///
    /// ```
    /// use gamesolve::{CanIWin, Solver};
    ///
    /// let run = Solver::new().backend("memo").explain(&CanIWin::new(5, 11)?)?;
    /// assert_eq!(run.variant(), "textbook");
    /// # Ok::<(), gamesolve::explain::ExplainError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`explain::explain`].
    pub fn explain<G: Registered + TableView>(
        &self,
        game: &G,
    ) -> Result<Explanation<G>, ExplainError> {
        let choice = match &self.backend {
            None => BackendChoice::automatic(Backend::default_for::<G>()),
            Some(name) => name.parse::<BackendChoice>()?,
        };
        explain::explain(game, &choice, &self.limits, &ExplainLimits::default())
    }
}

/// The registry's refusal of `asked` for `G`, as the vocabulary's error.
fn unavailable<G: Registered>(asked: &str, why: &BackendError) -> Error {
    Error::BackendUnavailable {
        asked: asked.to_owned(),
        game: G::NAME,
        reason: why.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CanIWin, PredictTheWinner};

    #[test]
    fn every_variant_by_name_gives_the_default_answer() {
        let game = CanIWin::new(6, 13).expect("a valid game");
        if crate::registry::all_variants::<CanIWin>().is_empty() {
            // A build with no backend for the game (`reduction` alone): the default refuses.
            let err = solve(&game).expect_err("no backend for Can I Win");
            assert!(matches!(err, Error::NoAlgorithm { .. }), "{err:?}");
            return;
        }
        let expected = solve(&game).expect("the default solves it").outcome;
        for backend in Backend::available() {
            for variant in backend.variants::<CanIWin>() {
                let name = format!("{backend}/{}", variant.name);
                let answer = Solver::new().backend(&name).solve(&game);
                assert_eq!(answer.map(|a| a.outcome), Ok(expected), "{name}");
            }
        }
    }

    #[test]
    fn a_name_the_build_lacks_is_an_error_naming_it() {
        let row = PredictTheWinner::new(vec![1, 5, 2]);
        for name in ["quantum", "memo/quantum"] {
            let err = Solver::new()
                .backend(name)
                .solve(&row)
                .expect_err("refused");
            assert!(
                matches!(&err, Error::BackendUnavailable { asked, .. } if asked == name),
                "{err:?}"
            );
        }
        // `reduction` has nothing for Can I Win: refused with the registry's reason.
        if Backend::Reduction.is_available() {
            let game = CanIWin::new(5, 11).expect("a valid game");
            let err = Solver::new()
                .backend("reduction")
                .solve(&game)
                .expect_err("refused");
            assert!(err.to_string().contains("no algorithm"), "{err}");
        }
    }

    #[test]
    fn the_limits_are_passed_to_the_backend() {
        let game = CanIWin::new(12, 40).expect("a valid game");
        let tight = Limits {
            node_budget: Some(10),
            ..Limits::default()
        };
        if Backend::Recursive.is_available() {
            let err = Solver::new()
                .backend("recursive")
                .limits(tight)
                .solve(&game)
                .expect_err("refused");
            assert!(
                matches!(err, Error::BudgetExhausted { budget: 10, .. }),
                "{err:?}"
            );
        }
        assert_eq!(Solver::new().limits(tight).limits_set(), &tight);
    }
}

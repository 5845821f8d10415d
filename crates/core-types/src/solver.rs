//! The trait every backend implements, and the named algorithm variants backends list.

use std::fmt;

use crate::{Error, Game, Recorder, Stats};

/// A solver of one backend and variant for the game `G`.
///
/// Each method either returns the exact answer or an [`Error`](enum@crate::Error) of kind
/// [`CannotAnswer`](crate::ErrorKind::CannotAnswer) (too large, budget exhausted); never a
/// guess. Methods take `&mut self` so a solver may keep and reuse its tables between calls.
///
/// [`Solver::solve_with_stats`] also counts what the search did; [`Solver::solve`] counts
/// nothing and is the fast path (see [`crate::stats`]). [`Solver::solve_traced`] reports every
/// counter and every search [`Event`](crate::Event) to a recorder of the caller's, for views
/// that show what the backend did (`gamesolve explain`).
///
/// A backend implements `Solver<G>` once per game it has a kernel for; the generic backends
/// (`recursive/negamax`, `memo/hash-map`) implement it for every [`Game`]. The trait is object
/// safe: `Box<dyn Solver<G> + Send>` is what [`Variant::build`] returns.
pub trait Solver<G: Game> {
    /// The backend's one name: `recursive`, `memo`, `tabular`, … The same string is its crate
    /// suffix, cargo feature, CLI `--backend` value and bench id.
    fn name(&self) -> &'static str;

    /// The variant's name within its backend (`dense`, `word`, …; `auto` for the backend's
    /// automatic choice): `--backend memo/dense`.
    fn variant(&self) -> &'static str;

    /// The listed variant whose algorithm the last solve ran: for an automatic choice
    /// (`memo/auto`, `tabular/word`, `tabular/auto`) the variant it picked for that game and
    /// these limits (`memo/sparse-then-dense`, `tabular/word-one-core`, …), for any other
    /// variant, and before the first solve, [`Solver::variant`]. A traced solve
    /// ([`Solver::solve_traced`]) of a variant whose fast kernel does not work one position at
    /// a time runs the reference algorithm instead, and names it (`tabular/word` traced runs
    /// `per-mask`, `tabular/auto` runs `by-length`). The JSON reports give it as `kernel`.
    fn last_kernel(&self) -> &'static str;

    /// Solves `game`.
    ///
    /// # Errors
    ///
    /// A [`CannotAnswer`](crate::ErrorKind::CannotAnswer) error when this solver gives up on
    /// the game (budget, table size).
    fn solve(&mut self, game: &G) -> Result<G::Solution, Error>;

    /// Solves `game`, counting what the search did.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    fn solve_with_stats(&mut self, game: &G) -> Result<(G::Solution, Stats), Error>;

    /// Solves `game`, reporting every counter and every search [`Event`](crate::Event) to
    /// `recorder`, in the order the backend works.
    ///
    /// Meant for small games: a backend whose fastest kernel does not work one position at a
    /// time runs its reference algorithm here (same answer, same table, same fill order, one
    /// event per cell), so this can be far slower than [`Solver::solve`].
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    fn solve_traced(
        &mut self,
        game: &G,
        recorder: &mut dyn Recorder<G>,
    ) -> Result<G::Solution, Error>;
}

/// One algorithm of a backend, written once generic over the [`Recorder`]. Every kernel is a
/// [`Solver`] (a blanket impl): its plain path runs it with [`NoStats`](crate::NoStats) (every
/// counter compiled away), its counted path with [`Stats`], and its traced path runs
/// [`Kernel::run_traced`].
pub trait Kernel<G: Game>: Send {
    /// The backend's one name.
    const BACKEND: &'static str;
    /// The variant's name within the backend.
    const VARIANT: &'static str;

    /// Solves `game`, reporting to `recorder`.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    fn run<R: Recorder<G>>(&mut self, game: &G, recorder: &mut R) -> Result<G::Solution, Error>;

    /// As [`Solver::last_kernel`]; by default this kernel's own [`Kernel::VARIANT`]. An
    /// automatic choice records in `run` which listed variant it ran and returns that here, as
    /// does a kernel whose `run_traced` runs another variant's algorithm.
    fn last_kernel(&self) -> &'static str {
        Self::VARIANT
    }

    /// Solves `game` for a view that wants every event; by default [`Kernel::run`]. A kernel
    /// that does not work one position at a time runs its reference algorithm here.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    fn run_traced(
        &mut self,
        game: &G,
        recorder: &mut dyn Recorder<G>,
    ) -> Result<G::Solution, Error> {
        let mut recorder = recorder;
        self.run(game, &mut recorder)
    }
}

/// Implements [`Kernel`] for a variant whose `run` is one call: the backend's and the variant's
/// names and the body of `run` (`this` is `&mut self`), the rest of the impl (a
/// `last_kernel`, a `run_traced`) as written after it; doc comments before `impl` document
/// the impl. The one shell every variant of every backend shares, written once.
///
/// ```
/// use core_types::{kernel, CanIWin, Error, Game, Outcome, Solver};
///
/// /// A variant that answers only the games settled before any move (the others are refused).
/// struct SettledOnly;
///
/// kernel! {
///     impl<G: Game> Kernel<G> for SettledOnly = ("example", "settled-only");
///     fn run(this, game, recorder) {
///         let _ = (this, recorder);
///         game.settled().ok_or(Error::NoAlgorithm { backend: "example", game: G::NAME })
///     }
/// }
///
/// let mut solver = SettledOnly;
/// assert_eq!(Solver::<CanIWin>::variant(&solver), "settled-only");
/// assert_eq!(solver.solve(&CanIWin::new(4, 11)?)?.outcome, Outcome::Draw);
/// assert!(solver.solve(&CanIWin::new(10, 11)?).is_err());
/// # Ok::<(), Error>(())
/// ```
#[macro_export]
macro_rules! kernel {
    (
        $(#[$attr:meta])*
        impl $(<$param:ident: $bound:path>)? Kernel<$game:ty> for $kernel:ty
            = ($backend:expr, $variant:expr);
        fn run($this:ident, $g:ident, $recorder:ident) $body:block
        $($rest:tt)*
    ) => {
        $(#[$attr])*
        impl $(<$param: $bound>)? $crate::Kernel<$game> for $kernel {
            const BACKEND: &'static str = $backend;
            const VARIANT: &'static str = $variant;

            fn run<R: $crate::Recorder<$game>>(
                &mut self,
                $g: &$game,
                $recorder: &mut R,
            ) -> ::core::result::Result<<$game as $crate::Game>::Solution, $crate::Error> {
                let $this = self;
                $body
            }

            $($rest)*
        }
    };
}

impl<G: Game, K: Kernel<G>> Solver<G> for K {
    fn name(&self) -> &'static str {
        K::BACKEND
    }

    fn variant(&self) -> &'static str {
        K::VARIANT
    }

    fn last_kernel(&self) -> &'static str {
        Kernel::last_kernel(self)
    }

    fn solve(&mut self, game: &G) -> Result<G::Solution, Error> {
        let solution = self.run(game, &mut crate::NoStats);
        unless_refused(game, solution)
    }

    fn solve_with_stats(&mut self, game: &G) -> Result<(G::Solution, Stats), Error> {
        let mut stats = Stats::default();
        let solution = unless_refused(game, self.run(game, &mut stats))?;
        Ok((solution, stats))
    }

    fn solve_traced(
        &mut self,
        game: &G,
        recorder: &mut dyn Recorder<G>,
    ) -> Result<G::Solution, Error> {
        let solution = self.run_traced(game, recorder);
        unless_refused(game, solution)
    }
}

/// A solve's answer, or the game's [`Game::refusal`] when it could not go on (its answer was
/// wound down, not found). One call per solve: nothing on a game that keeps the default.
#[inline]
fn unless_refused<G: Game, T>(game: &G, answer: Result<T, Error>) -> Result<T, Error> {
    match game.refusal() {
        Some(e) => Err(e),
        None => answer,
    }
}

/// The limits a solver is built with: [`Limits`](crate::limits::Limits), under the name the backends' `build`
/// functions have always used.
pub type SolverConfig = crate::limits::Limits;

/// One named algorithm of a backend for the game `G`: a complete, exact solver.
///
/// Backends list their variants per game (`solver_memo::can_i_win::VARIANTS`, …); the facade's
/// registry collects them, and the CLI (`--backend memo/dense`), `compare --variants`, the
/// conformance suite, the property tests and the benches all iterate that one list, so a new
/// algorithm is one more entry.
pub struct Variant<G: Game> {
    /// The backend's one name (`memo`).
    pub backend: &'static str,
    /// The variant's name within the backend (`dense`); `auto` for the automatic choice.
    pub name: &'static str,
    /// One line on what it is and what it costs.
    pub summary: &'static str,
    /// A fresh solver of this variant with the given limits.
    pub build: fn(&SolverConfig) -> Box<dyn Solver<G> + Send>,
}

impl<G: Game> Variant<G> {
    /// `backend/name`, as the CLI accepts it and the benches name it: `memo/dense`.
    pub fn id(&self) -> String {
        format!("{}/{}", self.backend, self.name)
    }

    /// A solver of this variant with the given limits.
    pub fn solver(&self, config: &SolverConfig) -> Box<dyn Solver<G> + Send> {
        (self.build)(config)
    }
}

impl<G: Game> Clone for Variant<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Variant<G> {}

impl<G: Game> fmt::Debug for Variant<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Variant")
            .field("game", &G::NAME)
            .field("backend", &self.backend)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

//! The line contract's solving side: what to do with the game one line describes
//! ([`LineGame`]), and [`Solvers`], which solves it with one solver per game, reused by the
//! lines of that game that follow (`batch`, `serve`'s `/api/solve`, the embedding API's
//! `solve`). It knows no caller: the table hands each line's game to the handler the caller
//! gives (the table's `LineHandler`).

use std::any::Any;

use gamesolve::{core_types::Solver, Stats};
use serde::Serialize;

use super::args::SolverArgs;
use super::error::{CliError, Kind};
use super::report::CliGame;

/// The solver of the game of the last line, built on the first line of that game and reused by
/// the lines of that game that follow (with the game's name; it holds a
/// `Box<dyn Solver<G> + Send>`); a line of another game drops it (and the table it keeps), so
/// no line runs short of memory because of an earlier one.
pub struct Solvers<'a> {
    args: std::borrow::Cow<'a, SolverArgs>,
    current: Option<(&'static str, Box<dyn Any + Send>)>,
    /// Whether an answer also carries the game's `headline` (`serve`'s `/api/solve`).
    headline: bool,
}

impl<'a> Solvers<'a> {
    /// No solver yet; each is built with `args` on its game's first line.
    pub fn new(args: &'a SolverArgs) -> Self {
        Solvers {
            args: std::borrow::Cow::Borrowed(args),
            current: None,
            headline: false,
        }
    }

    /// No solver yet, with its own copy of `args` (for a run that outlives them: the embedding
    /// API's `embed::Batch`).
    pub fn owned(args: SolverArgs) -> Solvers<'static> {
        Solvers {
            args: std::borrow::Cow::Owned(args),
            current: None,
            headline: false,
        }
    }

    /// Each answer also carries `"headline"`: the game's answer in words, as the command
    /// line prints it ("First player wins: take 7"), for a page that knows no game, and
    /// `"elapsed_seconds"`: the solve's own time, and `"ran"`: the variant that ran
    /// (`memo/dense` for `memo/auto`).
    #[cfg_attr(not(feature = "serve"), allow(dead_code))]
    pub fn with_headline(mut self) -> Self {
        self.headline = true;
        self
    }
}

impl LineGame for Solvers<'_> {
    type Output = Answer;

    /// Solves `game` with its game's solver (built on first use), counting, and returns its
    /// contract object.
    fn with<G: CliGame>(&mut self, game: &G) -> Result<Answer, CliError> {
        // A line's answer never depends on earlier lines: the other game's solver, with any
        // table it keeps for reuse, is freed before this one allocates.
        if self
            .current
            .as_ref()
            .is_some_and(|(name, _)| *name != G::NAME)
        {
            self.current = None;
        }
        let (_, slot) = match &mut self.current {
            Some(current) => current,
            None => {
                let config = self.args.limits.limits();
                let solver: Box<dyn Solver<G> + Send> =
                    self.args.backend_for::<G>().solver_with::<G>(&config)?;
                self.current.insert((G::NAME, Box::new(solver)))
            }
        };
        let Some(solver) = slot.downcast_mut::<Box<dyn Solver<G> + Send>>() else {
            return Err(CliError::new(
                Kind::Usage,
                format!(
                    "internal error: the solver kept for `{}` has another type",
                    G::NAME
                ),
            ));
        };
        let started = std::time::Instant::now();
        let answer = if COUNT {
            solver.solve_with_stats(game)
        } else {
            solver
                .solve(game)
                .map(|solution| (solution, Stats::default()))
        };
        let elapsed = started.elapsed();
        let (solution, stats) = match answer {
            Ok(answer) => answer,
            Err(e) => {
                // A search cut short (a refused stack segment, a time limit) may leave its kept
                // table half written: the next line starts from a fresh solver.
                self.current = None;
                return Err(e.into());
            }
        };
        let report = game.report(
            &solution,
            solver.name(),
            solver.variant(),
            solver.last_kernel(),
            stats,
        );
        if self.headline {
            // The contract object as it is, with the answer in words and the solve's own time
            // (without the HTTP round trip around it) beside its fields.
            return Ok(Box::new(WithHeadline {
                report,
                headline: game.headline(&solution),
                elapsed_seconds: elapsed.as_secs_f64(),
                ran: format!("{}/{}", solver.name(), solver.last_kernel()),
            }));
        }
        Ok(Box::new(report))
    }
}

/// `/api/solve`'s answer: the game's contract object and three fields more at its end.
#[derive(Serialize)]
struct WithHeadline<R> {
    /// The game's contract object, its fields first.
    #[serde(flatten)]
    report: R,
    /// The answer in words, as the command line prints it.
    headline: String,
    /// The solve's own time, in seconds.
    elapsed_seconds: f64,
    /// The variant that ran, `backend/kernel`: what an automatic choice picked
    /// (`memo/dense` for `memo` or `memo/auto` on Can I Win), so a label says whose counts
    /// these are.
    ran: String,
}

/// What to do with the game one line describes, whichever game it is: solve it (`batch`,
/// `serve`'s `/api/solve`), trace it (`serve`'s `/api/trace`).
pub trait LineGame {
    /// What the line turns into.
    type Output;
    /// Does it for `game`.
    fn with<G: CliGame>(&mut self, game: &G) -> Result<Self::Output, CliError>;
}

/// Whether batch counts statistics: always, so every line carries real
/// counters. On the 6,020 LeetCode instances counting costs about 8 ms of
/// 70 ms with `tabular` (`docs/GUIDE.md`, "Batch").
const COUNT: bool = true;

/// A line's answer as a typed value, whatever its game (the game's contract object, `serve`'s
/// trace, growth or play reply): `batch` writes it as a JSON line, `serve` replies with it as
/// `Json<Answer>`, each in the answer's own field order.
pub(crate) type Answer = Box<dyn erased_serde::Serialize>;

//! The line contract's solving side: [`Solvers`], which solves the game one line describes
//! with one solver per game, reused by the lines of that game that follow (`batch`, `serve`'s
//! `/api/solve`, the embedding API's `solve`). It knows no caller: the table hands a game's
//! first line to it as a [`Visit`] handler, and `batch` hands a later line of the same game to
//! the solver it kept ([`Solvers::answer_kept`]).

use gamesolve::games::Params;
use gamesolve::{core_types::Solver, Error, Stats};
use serde::Serialize;

use super::args::SolverArgs;
use super::error::CliError;
use super::report::CliGame;
use super::visit::Visit;

/// The solver of the game of the last line, built on the first line of that game and reused by
/// the lines of that game that follow (a kept solver, which knows its game's type); a line
/// of another game drops it (and the table it keeps), so no line runs short of memory because
/// of an earlier one.
pub struct Solvers<'a> {
    args: std::borrow::Cow<'a, SolverArgs>,
    current: Option<Box<dyn KeptSolver>>,
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

    /// The answer of a line of the game called `name` with `params`, by the solver kept for
    /// that game; `None` when the solver kept (if any) is another game's: the line's game is
    /// then built by the table and handed to [`Visit::with`], its first line.
    pub(crate) fn answer_kept(
        &mut self,
        name: &str,
        params: &Params,
    ) -> Option<Result<Answer, CliError>> {
        let kept = self
            .current
            .as_mut()
            .filter(|kept| kept.game_name() == name)?;
        Some(match kept.answer(params, self.headline) {
            Ok(answer) => Ok(answer),
            // The line's game could not be built: the solver stays for the next line.
            Err(Failed::Game(e)) => Err(e.into()),
            Err(Failed::Solve(e)) => {
                // A search cut short (a refused stack segment, a time limit) may leave its kept
                // table half written: the next line starts from a fresh solver.
                self.current = None;
                Err(e.into())
            }
        })
    }
}

#[cfg(test)]
impl Solvers<'_> {
    /// The game whose solver is kept.
    pub(crate) fn kept_game(&self) -> Option<&'static str> {
        self.current.as_ref().map(|kept| kept.game_name())
    }
}

impl Visit for Solvers<'_> {
    type Output = Result<Answer, CliError>;

    /// Solves `game`, a game's first line, with a solver built for its game, counting, and
    /// returns its contract object; the solver is kept for the lines of the game that follow.
    fn with<G: CliGame>(&mut self, game: &G) -> Result<Answer, CliError> {
        // A line's answer never depends on earlier lines: the other game's solver, with any
        // table it keeps for reuse, is freed before this one allocates.
        self.current = None;
        let config = self.args.limits.limits();
        let mut kept = Kept::<G> {
            solver: self.args.backend_for::<G>().solver_with::<G>(&config)?,
        };
        // A failed search drops its solver (see `answer_kept`).
        let answer = kept.solve(game, self.headline)?;
        self.current = Some(Box::new(kept));
        Ok(answer)
    }
}

/// The solver kept for the lines of one game, whatever its type.
trait KeptSolver: Send {
    /// The game's name.
    fn game_name(&self) -> &'static str;
    /// Builds the game of a line of that game from `params` (the solver knows its type) and
    /// solves it.
    fn answer(&mut self, params: &Params, headline: bool) -> Result<Answer, Failed>;
}

/// Why a kept solver gave no answer.
enum Failed {
    /// The line's parameters are no game.
    Game(Error),
    /// The solve failed.
    Solve(Error),
}

/// The solver of a game of type `G`, kept for the lines of that game.
struct Kept<G> {
    solver: Box<dyn Solver<G> + Send>,
}

impl<G: CliGame> KeptSolver for Kept<G> {
    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn answer(&mut self, params: &Params, headline: bool) -> Result<Answer, Failed> {
        let game = G::from_params(params).map_err(Failed::Game)?;
        self.solve(&game, headline).map_err(Failed::Solve)
    }
}

impl<G: CliGame> Kept<G> {
    /// Solves `game`, counting, and returns its contract object (with `headline`, its answer
    /// in words and the solve's own time as well).
    fn solve(&mut self, game: &G, headline: bool) -> Result<Answer, Error> {
        let solver = &mut self.solver;
        let started = std::time::Instant::now();
        let (solution, stats) = if COUNT {
            solver.solve_with_stats(game)?
        } else {
            (solver.solve(game)?, Stats::default())
        };
        let elapsed = started.elapsed();
        let report = game.report(
            &solution,
            solver.name(),
            solver.variant(),
            solver.last_kernel(),
            stats,
        );
        if headline {
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

/// Whether batch counts statistics: always, so every line carries real
/// counters. On the 6,020 LeetCode instances counting costs about 8 ms of
/// 70 ms with `tabular` (`docs/GUIDE.md`, "Batch").
const COUNT: bool = true;

/// A line's answer as a typed value, whatever its game (the game's contract object, `serve`'s
/// trace, growth or play reply): `batch` writes it as a JSON line, `serve` replies with it as
/// `Json<Answer>`, each in the answer's own field order.
pub(crate) type Answer = Box<dyn erased_serde::Serialize>;

//! A game of the table, whatever its type, and how every command reaches it: the table hands
//! out a game as an [`AnyGame`], whose one method takes a [`Visitor`], the handler of one
//! command, and hands it the game with its type ([`Visit::with`]). This is the one place that
//! knows every command; each command knows only its own generic function over [`CliGame`]
//! (a [`TableGame`](gamesolve::TableGame) with its [`PlayWords`](crate::PlayWords)).
//!
//! A handler's method is generic over the game's type, so no handler can be a trait object
//! (a generic method is not object-safe): the handlers are a closed enum instead, and a game
//! of the table matches on it once ([`Instance`]). A new command is one variant here, and the
//! compiler finds the one match that must take it.

use gamesolve::Limits;

use super::analyze;
use super::args::SolverArgs;
use super::compare::{self, CompareCmd};
use super::embed_views;
use super::error::{CliError, Kind, Stop};
use super::explain::{self, ViewArgs};
use super::generic::{self, AnalyzeFlags};
use super::growth::{self, GrowthCmd};
use super::line::{Answer, Solvers};
use super::play::PlayFlags;
use super::report::CliGame;
#[cfg(feature = "serve")]
use super::serve_views::{Grower, Player, Tracer};
use super::solve;
use super::visit::Visit;

/// Every command's handler, so a game of the table (of any type) reaches the one the caller
/// gives ([`AnyGame::visit`]).
pub(crate) enum Visitor<'v, 'a> {
    /// A command of the command line, which prints what it finds.
    Print(GameCommand<'v>),
    /// A line solved: `batch`, `serve`'s `/api/solve`, the embedding API's `solve` (the
    /// first line of a game: [`Solvers`] keeps its solver for the lines that follow).
    Solve(&'v mut Solvers<'a>),
    /// `serve`'s `/api/trace`.
    #[cfg(feature = "serve")]
    Trace(&'v mut Tracer),
    /// `serve`'s `/api/growth`.
    #[cfg(feature = "serve")]
    Grow(&'v mut Grower),
    /// `serve`'s `/api/play`.
    #[cfg(feature = "serve")]
    Replay(&'v mut Player),
    /// The embedding API's `compare`, `analyze`, `explain` and `growth`: the JSON the command
    /// prints.
    Embed(&'v mut embed_views::Handler),
}

/// What a [`Visitor`] made of a game: one variant per kind of output, each the output of the
/// visitors of that kind.
pub(crate) enum Visited {
    /// A command of the command line ran ([`Visitor::Print`]).
    Printed(Result<(), Stop>),
    /// A line's answer, typed ([`Visitor::Solve`], and `serve`'s trace, growth and play).
    Answer(Result<Answer, CliError>),
    /// The JSON a command prints ([`Visitor::Embed`]).
    Json(Result<Vec<u8>, CliError>),
}

impl Visited {
    /// The output of a [`Visitor::Print`].
    pub(crate) fn printed(self) -> Result<(), Stop> {
        match self {
            Visited::Printed(printed) => printed,
            Visited::Answer(_) | Visited::Json(_) => Err(Stop::Error(misrouted())),
        }
    }

    /// The output of a visitor that answers a line.
    pub(crate) fn answer(self) -> Result<Answer, CliError> {
        match self {
            Visited::Answer(answer) => answer,
            Visited::Printed(_) | Visited::Json(_) => Err(misrouted()),
        }
    }

    /// The output of a [`Visitor::Embed`].
    pub(crate) fn json(self) -> Result<Vec<u8>, CliError> {
        match self {
            Visited::Json(json) => json,
            Visited::Printed(_) | Visited::Answer(_) => Err(misrouted()),
        }
    }
}

/// A visitor's output taken as another kind's: [`Instance::visit`] gives each visitor its own
/// kind, so no caller sees this.
fn misrouted() -> CliError {
    CliError::new(
        Kind::Usage,
        "internal error: a command's output taken as another command's",
    )
}

/// The commands of the command line that take a game, each printing what it finds.
pub(crate) enum GameCommand<'c> {
    /// `gamesolve GAME ...`: solves it and prints the answer.
    Solve {
        /// The backend and the limits.
        args: &'c SolverArgs,
        /// `--stats`.
        stats: bool,
        /// `--json`.
        json: bool,
    },
    /// The game's parameter sweep (`can-i-win N --all-totals`).
    Sweep {
        /// The sweep's limits.
        limits: &'c Limits,
        /// `--json`.
        json: bool,
    },
    /// `gamesolve compare GAME ...`.
    Compare {
        /// The command's arguments.
        cmd: &'c CompareCmd,
        /// `--json`.
        json: bool,
    },
    /// `gamesolve growth GAME ...`.
    Growth {
        /// The command's arguments.
        cmd: &'c GrowthCmd,
        /// `--json`.
        json: bool,
    },
    /// `gamesolve explain GAME ...`.
    Explain {
        /// The views asked for.
        view: &'c ViewArgs,
        /// `--json`.
        json: bool,
    },
    /// `gamesolve analyze GAME ...`.
    Analyze {
        /// The position and the limits.
        flags: &'c AnalyzeFlags,
        /// `--json`.
        json: bool,
    },
    /// `gamesolve play GAME ...` with the generic rules.
    Play {
        /// Who starts, and the limits.
        flags: &'c PlayFlags,
    },
}

impl Visit for GameCommand<'_> {
    type Output = Result<(), Stop>;

    fn with<G: CliGame>(&mut self, game: &G) -> Result<(), Stop> {
        match *self {
            GameCommand::Solve { args, stats, json } => {
                solve::solve_and_print(game, args, stats, json)
            }
            GameCommand::Sweep { limits, json } => analyze::sweep(game, limits, json),
            GameCommand::Compare { cmd, json } => compare::compare(game, cmd, json),
            GameCommand::Growth { cmd, json } => growth::growth(game, cmd, json),
            GameCommand::Explain { view, json } => explain::show(game, view, json),
            GameCommand::Analyze { flags, json } => analyze::analyze(game, flags, json),
            GameCommand::Play { flags } => generic::play(game, flags),
        }
    }
}

/// One instance of a game of the table, whatever its type.
pub(crate) trait AnyGame {
    /// Hands the game to `visitor`, with its type: what the visitor made of it.
    fn visit(&self, visitor: Visitor<'_, '_>) -> Visited;
}

/// A game of the table with its type: the table's entry of `G` builds it.
pub(crate) struct Instance<G>(pub(crate) G);

impl<G: CliGame> AnyGame for Instance<G> {
    fn visit(&self, visitor: Visitor<'_, '_>) -> Visited {
        let game = &self.0;
        match visitor {
            Visitor::Print(mut command) => Visited::Printed(command.with(game)),
            Visitor::Solve(solvers) => Visited::Answer(solvers.with(game)),
            #[cfg(feature = "serve")]
            Visitor::Trace(tracer) => Visited::Answer(tracer.with(game)),
            #[cfg(feature = "serve")]
            Visitor::Grow(grower) => Visited::Answer(grower.with(game)),
            #[cfg(feature = "serve")]
            Visitor::Replay(player) => Visited::Answer(player.with(game)),
            Visitor::Embed(handler) => Visited::Json(handler.with(game)),
        }
    }
}

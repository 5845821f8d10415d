//! `gamesolve GAME ...` (`can-i-win`, `predict-the-winner`, every game of the table): solve
//! one game with one backend.

use std::time::{Duration, Instant};

use gamesolve::{core_types::Solver, Game, Stats};

use gamesolve::games::GameInfo;
use gamesolve::Limits;

use super::args::SolverArgs;
use super::error::{CliError, Stop};
use super::gamecmd::{GameCmd, GameFlags};
use super::progress::Progress;
use super::report::{stats_lines, CliGame};
use super::stdio::{write_json, write_text};

/// The flags of `gamesolve GAME ...`, beside the game's parameters.
#[derive(Debug)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct SolveFlags {
    /// Also print what the backend did: the variant that ran; positions expanded (calls, or
    /// cells computed bottom-up); memo hits (lookups answered without expanding); states
    /// stored (entries written to the memo or table); table cells and table bytes (as
    /// allocated); max depth (the deepest call, the root being 1); the wall time.
    #[cfg_attr(feature = "cli", arg(long))]
    pub(crate) stats: bool,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) json: crate::stdio::JsonFlag,
    #[cfg_attr(feature = "cli", command(flatten))]
    pub(crate) solver: SolverArgs,
}

impl GameFlags for SolveFlags {
    fn memory_cap(&self) -> Option<u64> {
        self.solver.limits.memory_cap_bytes
    }

    const VERB: &'static str = "";
    const EXAMPLE_FLAGS: &'static [&'static str] = &["", " --backend memo --stats", " --json"];

    fn about(info: &GameInfo) -> String {
        info.summary.to_owned()
    }
}

/// Whether the human output wants counters. `--json` always counts: its
/// `"stats"` object is part of the contract.
fn counted(json: bool, stats: bool) -> bool {
    json || stats
}

/// A sweep's error naming the command that asked for it (`can-i-win N --all-totals`) where
/// the analysis engine gave up, which otherwise names itself "the `analyze` command"
/// ([`CliError::asked_by`]: the error keeps the command, and is worded when printed).
pub(crate) fn sweep_error(stop: Stop, cmd: &GameCmd<SolveFlags>, info: &GameInfo) -> Stop {
    let command = match info.sweep {
        Some(sweep) => format!("`{} --{}`", cmd.name, sweep.flag),
        None => format!("`{}`", cmd.name),
    };
    match stop {
        Stop::Error(e) => Stop::Error(e.asked_by(command)),
        other => other,
    }
}

/// The analysis limits of a sweep: the solving flags' limits (the sweep runs without a
/// backend, so the analysis reads the memory cap, the state budget and the time limit).
pub(crate) fn sweep_limits(flags: &SolveFlags) -> Limits {
    flags.solver.limits.limits()
}

/// Solves `game` with the chosen backend variant and prints the answer.
pub(crate) fn solve_and_print<G: CliGame>(
    game: &G,
    args: &SolverArgs,
    stats: bool,
    json: bool,
) -> Result<(), Stop> {
    let backend = args.backend_for::<G>();
    let mut solver = args.solver::<G>()?;
    let big = game.is_big(backend.backend);
    let progress = Progress::spinner_if(big, format!("solving with {backend}"));
    let (solution, stats, elapsed) = timed(solver.as_mut(), game, counted(json, stats))?;
    drop(progress);
    if json {
        let report = game.report(
            &solution,
            solver.name(),
            solver.variant(),
            solver.last_kernel(),
            stats.unwrap_or_default(),
        );
        return write_json(&report);
    }
    // The headline in the colour of the outcome for the first player (the player to move).
    let mut text = crate::term::outcome(
        gamesolve::core_types::SolutionOf::outcome(&solution),
        &game.headline(&solution),
    );
    text.push('\n');
    text.push_str(&game.details(&solution, &backend.to_string()));
    if let Some(stats) = stats {
        let ran = format!("{}/{}", solver.name(), solver.last_kernel());
        text.push_str(&stats_lines(&stats, &ran, elapsed));
    }
    write_text(&crate::term::fit(&text))
}

/// Solves with or without counting, and times the solve.
///
/// # Errors
///
/// The backend's error when it gives up.
pub fn timed<G: Game>(
    solver: &mut dyn Solver<G>,
    game: &G,
    count: bool,
) -> Result<(G::Solution, Option<Stats>, Duration), CliError> {
    let start = Instant::now();
    let (solution, stats) = if count {
        let (solution, stats) = solver.solve_with_stats(game)?;
        (solution, Some(stats))
    } else {
        (solver.solve(game)?, None)
    };
    Ok((solution, stats, start.elapsed()))
}

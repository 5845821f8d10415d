//! `gamesolve can-i-win` and `gamesolve predict-the-winner`: solve one game
//! with one backend.

use std::time::{Duration, Instant};

use clap::Args;
use gamesolve::{Game, Solver, Stats};

use super::analyze::{self, AnalysisLimitArgs};
use super::args::{can_i_win_from_text, PredictTheWinnerArgs, SolverArgs};
use super::error::{CliError, Stop};
use super::progress::Progress;
use super::report::{stats_lines, CliGame};
use super::{write_json, write_text};

/// Arguments of `gamesolve can-i-win`.
#[derive(Args, Debug)]
#[command(mut_arg("memory_cap", |arg| arg.help(
    "`memo`, `tabular`, and the analysis engine of `--all-totals`: the largest table to \
     allocate, in bytes; suffixes K, M, G (powers of 1000) and KiB, MiB, GiB work [default: \
     1GiB, the same with `--all-totals`, which answers n <= 26 within it]"
)))]
pub struct CanIWinCmd {
    /// The largest integer in the pool 1..=N (N in 1..=64).
    #[arg(value_name = "N")]
    max_choosable: String,
    /// The total to reach or pass (a whole number, 0 or more); leave it out
    /// with `--all-totals`.
    #[arg(value_name = "T", required_unless_present = "all_totals")]
    desired_total: Option<String>,
    /// Answer every total T in 0..=N(N+1)/2 at once, with one bottom-up pass
    /// of the analysis engine (no backend, so `--backend` and
    /// `--node-budget` do not apply): for which totals the first player
    /// wins.
    #[arg(long, conflicts_with_all = ["desired_total", "stats", "backend", "node_budget"])]
    all_totals: bool,
    /// Also print what the backend did (positions, memo hits, states,
    /// table size, depth, time).
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    solver: SolverArgs,
}

/// Arguments of `gamesolve predict-the-winner`.
#[derive(Args, Debug)]
pub struct PredictTheWinnerCmd {
    #[command(flatten)]
    game: PredictTheWinnerArgs,
    /// Also print what the backend did (positions, memo hits, states,
    /// table size, depth, time).
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    solver: SolverArgs,
}

/// Whether the human output wants counters. `--json` always counts: its
/// `"stats"` object is part of the contract.
fn counted(json: bool, stats: bool) -> bool {
    json || stats
}

/// Runs `gamesolve can-i-win`.
pub fn can_i_win(cmd: &CanIWinCmd, json: bool) -> Result<(), Stop> {
    let total = cmd.desired_total.as_deref();
    let game = can_i_win_from_text(&cmd.max_choosable, total.unwrap_or("0"))?;
    if cmd.all_totals || total.is_none() {
        let limits = AnalysisLimitArgs {
            memory_cap: cmd.solver.limits.memory_cap,
            state_budget: cmd.solver.limits.state_budget,
            time_limit: cmd.solver.limits.time_limit,
        };
        return analyze::all_totals(&game, &limits, json);
    }
    solve_and_print(&game, &cmd.solver, cmd.stats, json)
}

/// Runs `gamesolve predict-the-winner`.
pub fn predict_the_winner(cmd: &PredictTheWinnerCmd, json: bool) -> Result<(), Stop> {
    let game = cmd.game.game_within(cmd.solver.limits.memory_cap)?;
    solve_and_print(&game, &cmd.solver, cmd.stats, json)
}

/// Solves `game` with the chosen backend variant and prints the answer.
fn solve_and_print<G: CliGame>(
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
    let mut text = game.headline(&solution);
    text.push('\n');
    text.push_str(&game.details(&solution, &backend.to_string()));
    if let Some(stats) = stats {
        let ran = format!("{}/{}", solver.name(), solver.last_kernel());
        text.push_str(&stats_lines(&stats, &ran, elapsed));
    }
    write_text(&text)
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

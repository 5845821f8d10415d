//! `gamesolve can-i-win` and `gamesolve predict-the-winner`: solve one game
//! with one backend.

use std::time::{Duration, Instant};

use clap::Args;
use gamesolve::{Backend, CanIWin, PredictTheWinner, Solver, Stats};

use super::analyze::{self, AnalysisLimitArgs};
use super::args::{can_i_win_from_text, PredictTheWinnerArgs, SolverArgs};
use super::error::{CliError, Stop};
use super::progress::Progress;
use super::report::{stats_lines, Solved};
use super::{write_json, write_text};

/// Arguments of `gamesolve can-i-win`.
#[derive(Args, Debug)]
#[command(mut_arg("memory_cap", |arg| arg.help(
    "`memo`, `tabular`: the largest table to allocate, in bytes; suffixes K, M, G (powers of \
     1000) and KiB, MiB, GiB work [default: 1GiB; 256MiB with --all-totals, which uses the \
     analysis engine]"
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
        };
        return analyze::all_totals(&game, &limits, json);
    }
    let mut solver = cmd.solver.solver()?;
    let big = is_big_can_i_win(&game, cmd.solver.backend);
    let progress = Progress::spinner_if(big, format!("solving with {}", cmd.solver.backend));
    let (solution, stats, elapsed) =
        timed_can_i_win(solver.as_mut(), &game, counted(json, cmd.stats))?;
    drop(progress);
    let solved = Solved::CanIWin(&game, solution);
    print(&solved, solver.name(), stats, elapsed, json)
}

/// Runs `gamesolve predict-the-winner`.
pub fn predict_the_winner(cmd: &PredictTheWinnerCmd, json: bool) -> Result<(), Stop> {
    let game = cmd.game.game()?;
    let mut solver = cmd.solver.solver()?;
    let big = is_big_predict_the_winner(&game, cmd.solver.backend);
    let progress = Progress::spinner_if(big, format!("solving with {}", cmd.solver.backend));
    let (solution, stats, elapsed) =
        timed_predict_the_winner(solver.as_mut(), &game, counted(json, cmd.stats))?;
    drop(progress);
    let solved = Solved::PredictTheWinner(&game, solution);
    print(&solved, solver.name(), stats, elapsed, json)
}

fn print(
    solved: &Solved<'_>,
    backend: &'static str,
    stats: Option<Stats>,
    elapsed: Duration,
    json: bool,
) -> Result<(), Stop> {
    if json {
        return write_json(&solved.report(backend, stats.unwrap_or_default()));
    }
    let mut text = solved.headline();
    text.push('\n');
    text.push_str(&solved.details(backend));
    if let Some(stats) = stats {
        text.push_str(&stats_lines(&stats, elapsed));
    }
    write_text(&text)
}

/// Solves with or without counting, and times the solve.
///
/// # Errors
///
/// The backend's error when it gives up.
pub fn timed_can_i_win(
    solver: &mut dyn Solver,
    game: &CanIWin,
    count: bool,
) -> Result<(gamesolve::CanIWinSolution, Option<Stats>, Duration), CliError> {
    let start = Instant::now();
    let (solution, stats) = if count {
        let (solution, stats) = solver.solve_can_i_win_with_stats(game)?;
        (solution, Some(stats))
    } else {
        (solver.solve_can_i_win(game)?, None)
    };
    Ok((solution, stats, start.elapsed()))
}

/// Solves with or without counting, and times the solve.
///
/// # Errors
///
/// The backend's error when it gives up.
pub fn timed_predict_the_winner(
    solver: &mut dyn Solver,
    game: &PredictTheWinner,
    count: bool,
) -> Result<(gamesolve::PredictTheWinnerSolution, Option<Stats>, Duration), CliError> {
    let start = Instant::now();
    let (solution, stats) = if count {
        let (solution, stats) = solver.solve_predict_the_winner_with_stats(game)?;
        (solution, Some(stats))
    } else {
        (solver.solve_predict_the_winner(game)?, None)
    };
    Ok((solution, stats, start.elapsed()))
}

/// Whether solving may take long enough (about a tenth of a second or more)
/// to deserve a spinner.
pub fn is_big_can_i_win(game: &CanIWin, backend: Backend) -> bool {
    if game.settled_without_search().is_some() {
        return false;
    }
    let n = game.max_choosable();
    match backend {
        Backend::Recursive => n >= 12,
        _ => n >= 24,
    }
}

/// Whether solving may take long enough to deserve a spinner.
pub fn is_big_predict_the_winner(game: &PredictTheWinner, backend: Backend) -> bool {
    match backend {
        Backend::Recursive => game.len() >= 22,
        _ => game.len() >= 10_000,
    }
}

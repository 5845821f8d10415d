//! One-shot timings of the recursive backend: nanoseconds per position on
//! Can I Win, and Predict the Winner at the largest default-budget length.
//! Not a benchmark (see `benches/` in the workspace root): the fastest of a
//! few runs, for a quick figure.
//!
//! ```text
//! cargo run --release -p solver-recursive --example recursive_timing
//! cargo run --release -p solver-recursive --example recursive_timing -- 13 50
//! ```

use std::time::{Duration, Instant};

use core_types::{CanIWin, Error, PredictTheWinner, Solver, WithLimits};
use solver_recursive::RecursiveSolver;

fn main() -> Result<(), Error> {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let mut solver = RecursiveSolver::new().with_node_budget(u64::MAX);
    let games = match args[..] {
        [n, t] => vec![(u32::try_from(n).unwrap_or(64), t)],
        _ => vec![(12, 40), (13, 50), (14, 60)],
    };
    for (n, t) in games {
        let game = CanIWin::new(n, t)?;
        let (_, stats) = solver.solve_with_stats(&game)?;
        let best = fastest(|| solver.solve(&game).map(|_| ()))?;
        println!(
            "can-i-win n={n} T={t}: {} positions in {best:.2?}: {:.2} ns/position",
            stats.positions,
            best.as_nanos() as f64 / stats.positions as f64
        );
    }
    let game = PredictTheWinner::new((0..26).map(|k| (k * 7919) % 1000).collect());
    let (_, stats) = solver.solve_with_stats(&game)?;
    let best = fastest(|| solver.solve(&game).map(|_| ()))?;
    println!(
        "predict-the-winner len=26: {} positions in {best:.2?}: {:.2} ns/position",
        stats.positions,
        best.as_nanos() as f64 / stats.positions as f64
    );
    Ok(())
}

/// The fastest of three runs.
fn fastest(mut run: impl FnMut() -> Result<(), Error>) -> Result<Duration, Error> {
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let start = Instant::now();
        run()?;
        best = best.min(start.elapsed());
    }
    Ok(best)
}

//! One-shot timings of the memo backend on the instances issue 5 names, with
//! the counters. Not a benchmark (see `benches/` in the workspace root for
//! those): one run per instance, for a quick figure.
//!
//! ```text
//! cargo run --release -p solver-memo --example memo_timing            # all
//! cargo run --release -p solver-memo --example memo_timing -- can-i-win 25 238
//! cargo run --release -p solver-memo --example memo_timing -- predict-the-winner 5000
//! cargo run --release -p solver-memo --example memo_timing -- scan 20 1 210  # hardest T
//! cargo run --release -p solver-memo --example memo_timing -- sparse 40 300 20000000
//! ```

use std::time::{Duration, Instant};

use core_types::{CanIWin, Error, PredictTheWinner, Solver};
use solver_memo::MemoSolver;

fn main() -> Result<(), Error> {
    let args: Vec<u64> = std::env::args()
        .skip(2)
        .filter_map(|a| a.parse().ok())
        .collect();
    match std::env::args().nth(1).as_deref() {
        Some("can-i-win") if args.len() == 2 => {
            can_i_win(u32::try_from(args[0]).unwrap_or(64), args[1])?
        }
        Some("scan") if args.len() == 3 => {
            // The total in T1..=T2 that makes the search expand the most.
            let n = u32::try_from(args[0]).unwrap_or(64);
            let mut hardest = (0, 0);
            for t in args[1]..=args[2] {
                let game = CanIWin::new(n, t)?;
                let (_, stats) = MemoSolver::new().solve_with_stats(&game)?;
                hardest = hardest.max((stats.positions, t));
            }
            println!("n={n}: hardest T={} ({} positions)", hardest.1, hardest.0);
        }
        Some("sparse") if args.len() == 3 => {
            // How long the sparse memo takes to use up a state budget.
            let game = CanIWin::new(u32::try_from(args[0]).unwrap_or(64), args[1])?;
            let mut solver = MemoSolver::new().with_state_budget(args[2]);
            let start = Instant::now();
            let result = solver.solve(&game);
            println!("sparse {game:?}: {:?} in {:.2?}", result, start.elapsed());
        }
        Some("predict-the-winner") if args.len() == 1 => {
            predict_the_winner(usize::try_from(args[0]).unwrap_or(0))?
        }
        _ => {
            for (n, t) in [(12, 40), (20, 158), (25, 238), (60, 30), (64, 100)] {
                can_i_win(n, t)?;
            }
            predict_the_winner(5000)?;
        }
    }
    Ok(())
}

/// The fastest of a few runs (one for slow instances), then one with stats.
fn time<T>(mut run: impl FnMut() -> Result<T, Error>) -> Result<(T, Duration), Error> {
    let mut best = Duration::MAX;
    let mut answer = None;
    for _ in 0..5 {
        let start = Instant::now();
        answer = Some(run()?);
        best = best.min(start.elapsed());
        if best > Duration::from_millis(300) {
            break;
        }
    }
    answer.map(|a| (a, best)).ok_or(Error::BudgetExhausted {
        backend: "memo",
        game: "timing",
        budget: 0,
        unit: "runs",
        hint: "",
    })
}

fn can_i_win(n: u32, t: u64) -> Result<(), Error> {
    let game = CanIWin::new(n, t)?;
    let mut solver = MemoSolver::new();
    let (answer, best) = time(|| solver.solve(&game))?;
    let (_, stats) = solver.solve_with_stats(&game)?;
    println!(
        "can-i-win n={n} T={t}: {} (move {:?}) in {best:.2?}; {stats:?}",
        answer.outcome, answer.best_move
    );
    Ok(())
}

fn predict_the_winner(len: usize) -> Result<(), Error> {
    // A fixed-seed xorshift row of values in 0..10^6.
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let values: Vec<i64> = (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 1_000_000) as i64
        })
        .collect();
    let game = PredictTheWinner::new(values);
    let mut solver = MemoSolver::new();
    let (answer, best) = time(|| solver.solve(&game))?;
    let (_, stats) = solver.solve_with_stats(&game)?;
    println!(
        "predict-the-winner len={len}: margin {} in {best:.2?}; {stats:?}",
        answer.margin
    );
    Ok(())
}

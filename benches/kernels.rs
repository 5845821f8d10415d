//! The `tabular` backend's kernels against each other, on the inputs of the
//! backend comparison (`benches/can_i_win.rs`, `benches/predict_the_winner.rs`).
//!
//! - `can-i-win/tabular-kernels`, over `n` at the hardest total:
//!   `tabular` (the word-parallel kernel, 64 subsets per `u64` word, on one
//!   core), `tabular-parallel` (the same kernel split over all cores,
//!   `can_i_win_parallel::solve`, one thread below `n = 20`) and
//!   `tabular-per-mask` (the textbook one-mask-at-a-time table they are
//!   tested against, up to `n = 22`).
//! - `predict-the-winner/tabular-kernels`, over the row length: `tabular`
//!   (the backend's default: all cores from 16,384 values on),
//!   `tabular-1-thread` (the same SIMD kernel on one thread) and
//!   `tabular-portable` (one thread, no run-time CPU-feature dispatch: the
//!   baseline-target scalar loop). The longest row, 300,000 values, is run
//!   by `tabular` only (about 5 s per run).
//!
//! Every answer is checked against the expected one before timing. Needs
//! the `tabular` feature (`required-features` in `Cargo.toml`).
//!
//! ```text
//! cargo bench --bench kernels
//! ```

mod support;

use std::hint::black_box;
use std::time::Instant;

use criterion::{
    criterion_group, criterion_main, AxisScale, BenchmarkId, Criterion, PlotConfiguration,
};
use gamesolve::backends::solver_tabular::{
    can_i_win, can_i_win_parallel, predict_the_winner, TabularSolver,
    DEFAULT_MEMORY_CAP_BYTES as CAP,
};
use gamesolve::{CanIWinSolution, Error, PredictTheWinner, PredictTheWinnerSolution, Solver};
use support::Group;

/// `n` of the Can I Win kernel comparison (at the hardest totals).
const CAN_I_WIN_SIZES: [u32; 9] = [16, 20, 22, 24, 25, 26, 28, 30, 32];

fn can_i_win_kernels(c: &mut Criterion) {
    type Kernel = fn(&gamesolve::CanIWin) -> Result<CanIWinSolution, Error>;
    // Each kernel with the largest n it is run on.
    let kernels: [(&str, u32, Kernel); 3] = [
        ("tabular", 32, |game| can_i_win::solve(game, CAP)),
        ("tabular-parallel", 32, |game| {
            can_i_win_parallel::solve(game, CAP)
        }),
        ("tabular-per-mask", 22, |game| {
            can_i_win::solve_per_mask(game, CAP)
        }),
    ];
    let group_kind = Group::CanIWinKernels;
    let mut group = c.benchmark_group(group_kind.name());
    group.plot_config(PlotConfiguration::default().summary_scale(AxisScale::Logarithmic));
    for case in support::HARDEST
        .iter()
        .filter(|case| CAN_I_WIN_SIZES.contains(&case.n))
    {
        let game = case.game();
        for (name, largest, kernel) in kernels {
            if case.n > largest {
                continue;
            }
            let started = Instant::now();
            let answer = kernel(&game);
            let elapsed = started.elapsed();
            match answer {
                Ok(answer) if answer == case.expected() => {}
                other => panic!(
                    "{}: `{name}` answered {other:?} on n = {}, T = {}, expected {:?}; \
                     not timing a wrong answer",
                    group_kind.name(),
                    case.n,
                    case.total,
                    case.expected(),
                ),
            }
            group.sample_size(support::sample_size(elapsed));
            group.bench_with_input(BenchmarkId::new(name, case.n), &game, |b, game| {
                b.iter(|| kernel(black_box(game)))
            });
        }
    }
    group.finish();
}

fn predict_the_winner_kernels(c: &mut Criterion) {
    type Kernel = fn(&PredictTheWinner) -> Result<PredictTheWinnerSolution, Error>;
    // Each kernel with the longest row it is run on.
    let kernels: [(&str, usize, Kernel); 3] = [
        ("tabular", 300_000, |game| {
            TabularSolver::new().solve_predict_the_winner(game)
        }),
        ("tabular-1-thread", 100_000, |game| {
            TabularSolver::new()
                .with_threads(1)
                .solve_predict_the_winner(game)
        }),
        ("tabular-portable", 20_000, |game| {
            predict_the_winner::solve_portable(game, CAP)
        }),
    ];
    let group_kind = Group::PredictTheWinnerKernels;
    let mut group = c.benchmark_group(group_kind.name());
    group.plot_config(PlotConfiguration::default().summary_scale(AxisScale::Logarithmic));
    for len in [20_000, 100_000, support::PREDICT_THE_WINNER_LONGEST.0] {
        let Some((margin, best_move)) = support::expected_row(len) else {
            panic!("no expected answer for the {len}-value row");
        };
        let game = support::row(len);
        for (name, longest, kernel) in kernels {
            if len > longest {
                continue;
            }
            let started = Instant::now();
            let answer = kernel(&game);
            let elapsed = started.elapsed();
            match answer {
                Ok(answer) if answer.margin == margin && answer.best_move == Some(best_move) => {}
                other => panic!(
                    "{}: `{name}` answered {other:?} on the {len}-value row, expected margin \
                     {margin} and best move {best_move}; not timing a wrong answer",
                    group_kind.name(),
                ),
            }
            group.sample_size(support::sample_size(elapsed));
            group.bench_with_input(BenchmarkId::new(name, len), &game, |b, game| {
                b.iter(|| kernel(black_box(game)))
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = support::criterion();
    targets = can_i_win_kernels, predict_the_winner_kernels
}
criterion_main!(benches);
